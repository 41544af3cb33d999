// Unit bench wrapper (tb/unit/fp_dot.cpp): us_fp_dot, the MAD/DP3/DP4/D2A composition of us_fp_mul and us_fp_add.
module fp_dot_top (
  input  logic [1:0]       op_i,
  input  logic             zero_legacy_i,
  input  logic [3:0][31:0] a_i,
  input  logic [3:0][31:0] b_i,
  input  logic [31:0]      c_i,
  output logic [31:0]      result_o
);

  us_fp_dot u_dot (
    .op_i         (op_i),
    .zero_legacy_i(zero_legacy_i),
    .a_i          (a_i),
    .b_i          (b_i),
    .c_i          (c_i),
    .result_o     (result_o)
  );

endmodule
