// Unit bench wrapper (tb/unit/fp_addmul.cpp): us_fp_add and us_fp_mul on the same operands.
module fp_addmul_top (
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  input  logic        zero_legacy_i,
  output logic [31:0] sum_o,
  output logic [31:0] prod_o
);

  us_fp_add u_add (
    .a_i  (a_i),
    .b_i  (b_i),
    .sum_o(sum_o)
  );

  us_fp_mul u_mul (
    .a_i          (a_i),
    .b_i          (b_i),
    .zero_legacy_i(zero_legacy_i),
    .prod_o       (prod_o)
  );

endmodule
