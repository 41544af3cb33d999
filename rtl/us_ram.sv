// us_ram: a memory without reset, NumWrite write ports (each with its write enable), NumRead combinational read
// ports. Two ports writing one word in the same cycle is the users' to prevent (the last port would win).
// Written so that Yosys infers a memory ($mem) and keeps it as one, as a RAM macro would be in a real flow; a
// reset-free array also lets Verilator's random initial state show any read of a word that was never written.
// Users that need "reads as zero until written" keep a valid bit per word beside it (us_vram).
module us_ram #(
  parameter int unsigned Depth   = 256,
  parameter int unsigned Width   = 32,
  parameter int unsigned NumRead = 1,
  parameter int unsigned NumWrite = 1,
  localparam int unsigned AddrW  = (Depth > 1) ? $clog2(Depth) : 1
) (
  input  logic                            clk_i,
  input  logic [NumWrite-1:0]             we_i,
  input  logic [NumWrite-1:0][AddrW-1:0]  waddr_i,
  input  logic [NumWrite-1:0][Width-1:0]  wdata_i,
  input  logic [NumRead-1:0][AddrW-1:0]   raddr_i,
  output logic [NumRead-1:0][Width-1:0]   rdata_o
);

  logic [Width-1:0] mem_q [Depth];

  always_ff @(posedge clk_i) begin
    for (int w = 0; w < int'(NumWrite); w++) begin
      if (we_i[w]) begin
        mem_q[waddr_i[w]] <= wdata_i[w];
      end
    end
  end

  always_comb begin
    for (int r = 0; r < int'(NumRead); r++) begin
      rdata_o[r] = mem_q[raddr_i[r]];
    end
  end

endmodule
