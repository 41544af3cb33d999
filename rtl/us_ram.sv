// us_ram: a memory without reset, one write port and NumRead read ports, every read registered: rdata_o is the
// word at the address presented in the previous cycle, as it was before that cycle's write (read-first). That is
// the read of an FPGA block RAM or LUT RAM with its output register (Yosys infers ECP5 DP16KD or TRELLIS_DPR16X4
// from it), and it is what a RAM compiler gives an ASIC flow. Several read ports are one array here; synthesis
// gives each its own copy (replication, written once per copy), which a block RAM's single read port needs.
// A reset-free array also lets Verilator's random initial state show any read of a word that was never written.
// Users that need "reads as zero until written" keep a valid bit per word beside it (us_vram), and users with more
// than one writer a bank per writer and a live-value table (us_vram).
module us_ram #(
  parameter int unsigned Depth   = 256,
  parameter int unsigned Width   = 32,
  parameter int unsigned NumRead = 1,
  localparam int unsigned AddrW  = (Depth > 1) ? $clog2(Depth) : 1
) (
  input  logic                            clk_i,
  input  logic                            we_i,
  input  logic [AddrW-1:0]                waddr_i,
  input  logic [Width-1:0]                wdata_i,
  input  logic [NumRead-1:0][AddrW-1:0]   raddr_i,
  output logic [NumRead-1:0][Width-1:0]   rdata_o
);

  logic [Width-1:0] mem_q [Depth];

  always_ff @(posedge clk_i) begin
    if (we_i) begin
      mem_q[waddr_i] <= wdata_i;
    end
  end

  for (genvar r = 0; r < NumRead; r++) begin : g_read
    always_ff @(posedge clk_i) begin
      rdata_o[r] <= mem_q[raddr_i[r]];
    end
  end

endmodule
