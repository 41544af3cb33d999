// Bench wrapper of the transcendental unit (rtl/fp/us_fp_trans.sv) for tb/unit/fp_trans.cpp. LATENCY can be
// overridden at Verilation (-GLATENCY=n); latency_o tells the driver which one it got.
module fp_trans_top #(
  parameter int unsigned LATENCY = 3
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        valid_i,
  input  logic [3:0]  op_i,
  input  logic [31:0] a_i,
  output logic        valid_o,
  output logic [31:0] result_o,
  output logic [7:0]  latency_o
);

  us_fp_trans #(
    .LATENCY(LATENCY)
  ) u_trans (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .valid_i (valid_i),
    .op_i    (op_i),
    .a_i     (a_i),
    .valid_o (valid_o),
    .result_o(result_o)
  );

  assign latency_o = 8'(LATENCY);

endmodule
