// us_delay: q_o is d_i of Delay clocks before, every clock (a pipeline's data that ride beside its stages without
// being read between them). From Delay 2 up it is a circular buffer in a us_ram instead of Delay registers of Width
// flip-flops: a free-running pointer writes each clock's word, and the read address trails it by Delay - 1, so the
// RAM's read register presents the word written Delay clocks before. Synthesis maps the buffer to block RAM or LUT
// RAM, and the placer no longer has to thread Delay x Width flip-flops past the datapath they accompany.
// The buffer holds Depth >= Delay words (a power of two), so a word is read before it is overwritten, and the read
// address is never the one written in the same clock (make fpga marks the RAM no_rw_check). Like a register chain
// without reset, q_o is undefined for the first Delay clocks: the caller's valid bits say when it counts.
module us_delay #(
  parameter int unsigned Width = 32,
  parameter int unsigned Delay = 2
) (
  input  logic             clk_i,
  input  logic [Width-1:0] d_i,
  output logic [Width-1:0] q_o
);

  if (Delay < 2) begin : g_regs
    logic [Width-1:0] q_q;
    always_ff @(posedge clk_i) begin
      q_q <= d_i;
    end
    if (Delay == 0) begin : g_wire
      assign q_o = d_i;
      logic unused_q;
      assign unused_q = ^q_q;
    end else begin : g_one
      assign q_o = q_q;
    end
  end else begin : g_ram
    localparam int unsigned PtrW  = $clog2(Delay);
    localparam int unsigned Depth = 1 << PtrW;
    logic [PtrW-1:0] wptr_q;
    logic [PtrW-1:0] raddr;
    always_ff @(posedge clk_i) begin
      wptr_q <= wptr_q + 1'b1;  // free-running: its start value does not matter, only the distance to the read
    end
    assign raddr = wptr_q - PtrW'(Delay - 1);

    us_ram #(
      .Depth  (Depth),
      .Width  (Width),
      .NumRead(1)
    ) u_ram (
      .clk_i  (clk_i),
      .we_i   (1'b1),
      .waddr_i(wptr_q),
      .wdata_i(d_i),
      .raddr_i(raddr),
      .rdata_o(q_o)
    );
  end

endmodule
