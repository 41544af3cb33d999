// us_const_rf: the 256 constants of four channels, written a channel at a time by the load port, read by the
// six source addresses of an ALU instruction (three rgb, three alpha) combinationally. Reset clears them.
module us_const_rf #(
  parameter int unsigned NumReadPorts = 6
) (
  input  logic        clk_i,
  input  logic        rst_ni,

  input  logic        we_i,
  input  logic [7:0]  widx_i,
  input  logic [1:0]  wchan_i,
  input  logic [31:0] wdata_i,

  input  logic [NumReadPorts-1:0][7:0] raddr_i,
  output logic [NumReadPorts-1:0][3:0][31:0] rdata_o
);

  logic [3:0][31:0] mem_q [256];

  // One process per entry: Verilator 5.006 cannot reset an array in a loop of non-blocking assignments.
  for (genvar i = 0; i < 256; i++) begin : g_entry
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        mem_q[i] <= '0;
      end else if (we_i && widx_i == 8'(i)) begin
        mem_q[i][wchan_i] <= wdata_i;
      end
    end
  end

  always_comb begin
    for (int p = 0; p < int'(NumReadPorts); p++) begin
      rdata_o[p] = mem_q[raddr_i[p]];
    end
  end

endmodule
