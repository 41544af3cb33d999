// Unit bench wrapper (tb/unit/fp_select.cpp): us_fp_minmax and us_fp_sel on the same operands.
module fp_select_top (
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  input  logic [31:0] c_i,
  input  logic        max_i,
  input  logic        cnd_i,
  output logic [31:0] minmax_o,
  output logic [31:0] sel_o
);

  us_fp_minmax u_minmax (
    .a_i     (a_i),
    .b_i     (b_i),
    .max_i   (max_i),
    .result_o(minmax_o)
  );

  us_fp_sel u_sel (
    .a_i     (a_i),
    .b_i     (b_i),
    .c_i     (c_i),
    .cnd_i   (cnd_i),
    .result_o(sel_o)
  );

endmodule
