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

  // Valid bits by segment, so a clear is one wide assignment (cheap to simulate) rather than a loop over words.
  logic [NumSeg-1:0][SegWords-1:0] valid_q, valid_d;
  logic [Depth-1:0] valid;
  logic [NumRead-1:0][Width-1:0] raw;
  assign valid = valid_q;

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

  logic [Depth-1:0] set_mask;
  always_comb begin
    valid_d = valid_q;
    if (clear_i) begin
      if (NumSeg <= 1) begin
        valid_d = '0;
      end else begin
        valid_d[clear_seg_i] = '0;
      end
    end
    set_mask = '0;
    set_mask[waddr_i] = we_i;
    valid_d = valid_d | set_mask;
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
      rdata_o[r] = valid[raddr_i[r]] ? raw[r] : '0;
    end
  end

endmodule
