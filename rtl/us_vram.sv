// us_vram: a us_ram whose words read as zero until written. A valid bit per word (flops, with reset) stands in
// for clearing the array: reset clears every valid bit, and clear_i clears those of one segment of
// SegWords words (a context's temporaries when a quad is launched). A write in the same cycle as a clear of its
// segment wins, so a loaded value is never lost. NumWrite write ports, as us_ram.
module us_vram #(
  parameter int unsigned Depth    = 256,
  parameter int unsigned Width    = 32,
  parameter int unsigned NumRead  = 1,
  parameter int unsigned SegWords = Depth,
  parameter int unsigned NumWrite = 1,
  localparam int unsigned AddrW   = (Depth > 1) ? $clog2(Depth) : 1,
  localparam int unsigned NumSeg  = Depth / SegWords,
  localparam int unsigned SegW    = (NumSeg > 1) ? $clog2(NumSeg) : 1
) (
  input  logic                            clk_i,
  input  logic                            rst_ni,
  input  logic                            clear_i,
  input  logic [SegW-1:0]                 clear_seg_i,
  input  logic [NumWrite-1:0]             we_i,
  input  logic [NumWrite-1:0][AddrW-1:0]  waddr_i,
  input  logic [NumWrite-1:0][Width-1:0]  wdata_i,
  input  logic [NumRead-1:0][AddrW-1:0]   raddr_i,
  output logic [NumRead-1:0][Width-1:0]   rdata_o
);

  // Valid bits: a clear is one part-select, a write sets one bit (no Depth-wide masks to build every cycle).
  logic [Depth-1:0] valid_q;
  logic [NumRead-1:0][Width-1:0] raw;

  us_ram #(
    .Depth   (Depth),
    .Width   (Width),
    .NumRead (NumRead),
    .NumWrite(NumWrite)
  ) u_ram (
    .clk_i   (clk_i),
    .we_i    (we_i),
    .waddr_i (waddr_i),
    .wdata_i (wdata_i),
    .raddr_i (raddr_i),
    .rdata_o (raw)
  );

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      valid_q <= '0;
    end else begin
      if (clear_i && NumSeg <= 1) begin
        valid_q <= '0;
      end else if (clear_i) begin
        valid_q[int'(clear_seg_i) * int'(SegWords) +: SegWords] <= '0;
      end
      for (int w = 0; w < int'(NumWrite); w++) begin  // after the clear: a write beside it wins
        if (we_i[w]) begin
          valid_q[waddr_i[w]] <= 1'b1;
        end
      end
    end
  end

  always_comb begin
    for (int r = 0; r < int'(NumRead); r++) begin
      rdata_o[r] = valid_q[raddr_i[r]] ? raw[r] : '0;
    end
  end

endmodule
