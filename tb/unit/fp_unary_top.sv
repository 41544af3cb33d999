// Unit bench wrapper (tb/unit/fp_unary.cpp): the one-operand units us_fp_frc, us_fp_omod, us_fp_clamp01 and
// us_fp_cmp0 on the same input.
module fp_unary_top (
  input  logic [31:0] r_i,
  input  logic [2:0]  omod_i,
  input  logic [1:0]  cmp0_op_i,
  output logic [31:0] frc_o,
  output logic [31:0] omod_o,
  output logic [31:0] clamp01_o,
  output logic        cmp0_o
);

  us_fp_frc u_frc (
    .a_i     (r_i),
    .result_o(frc_o)
  );

  us_fp_omod u_omod (
    .r_i     (r_i),
    .omod_i  (omod_i),
    .result_o(omod_o)
  );

  us_fp_clamp01 u_clamp01 (
    .r_i     (r_i),
    .result_o(clamp01_o)
  );

  us_fp_cmp0 u_cmp0 (
    .v_i     (r_i),
    .op_i    (cmp0_op_i),
    .result_o(cmp0_o)
  );

endmodule
