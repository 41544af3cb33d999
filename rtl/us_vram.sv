// us_vram: a us_ram whose words read as zero until written. A valid bit per word (flops, with reset) stands in
// for clearing the array: reset clears every valid bit, and clear_i clears those of one segment of
// SegWords words (a context's temporaries when a quad is launched). A write in the same cycle as a clear of its
// segment wins, so a loaded value is never lost.
module us_vram #(
  parameter int unsigned Depth    = 256,
  parameter int unsigned Width    = 32,
  parameter int unsigned NumRead  = 1,
  parameter int unsigned SegWords = Depth,
  localparam int unsigned AddrW   = (Depth > 1) ? $clog2(Depth) : 1,
  localparam int unsigned NumSeg  = Depth / SegWords,
  localparam int unsigned SegW    = (NumSeg > 1) ? $clog2(NumSeg) : 1
) (
  input  logic                            clk_i,
  input  logic                            rst_ni,
  input  logic                            clear_i,
  input  logic [SegW-1:0]                 clear_seg_i,
  input  logic                            we_i,
  input  logic [AddrW-1:0]                waddr_i,
  input  logic [Width-1:0]                wdata_i,
  input  logic [NumRead-1:0][AddrW-1:0]   raddr_i,
  output logic [NumRead-1:0][Width-1:0]   rdata_o
);

  logic [Depth-1:0] valid_q, valid_d;
  logic [NumRead-1:0][Width-1:0] raw;

  us_ram #(
    .Depth  (Depth),
    .Width  (Width),
    .NumRead(NumRead)
  ) u_ram (
    .clk_i  (clk_i),
    .we_i   (we_i),
    .waddr_i(waddr_i),
    .wdata_i(wdata_i),
    .raddr_i(raddr_i),
    .rdata_o(raw)
  );

  always_comb begin
    valid_d = valid_q;
    if (clear_i) begin
      for (int i = 0; i < int'(Depth); i++) begin
        if (NumSeg <= 1 || SegW'(i / int'(SegWords)) == clear_seg_i) begin
          valid_d[i] = 1'b0;
        end
      end
    end
    if (we_i) begin
      valid_d[waddr_i] = 1'b1;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      valid_q <= '0;
    end else begin
      valid_q <= valid_d;
    end
  end

  always_comb begin
    for (int r = 0; r < int'(NumRead); r++) begin
      rdata_o[r] = valid_q[raddr_i[r]] ? raw[r] : '0;
    end
  end

endmodule
