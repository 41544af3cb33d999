// us_tex_proj: EX4 of a TEX lookup for one pixel, combinational: a projected lookup (PROJ) divides S and T by Q,
// as S x RCP(Q) and T x RCP(Q) with the transcendental unit's reciprocal (docs/spec.md section 6,
// model/golden/us_tex.c); every other lookup passes S and T on.
module us_tex_proj (
  input  logic        proj_i,
  input  logic [31:0] s_i,
  input  logic [31:0] t_i,
  input  logic [31:0] rcp_q_i,
  output logic [31:0] s_o,
  output logic [31:0] t_o
);

  logic [31:0] s_div, t_div;
  us_fp_mul u_s (
    .a_i          (s_i),
    .b_i          (rcp_q_i),
    .zero_legacy_i(1'b0),
    .prod_o       (s_div)
  );
  us_fp_mul u_t (
    .a_i          (t_i),
    .b_i          (rcp_q_i),
    .zero_legacy_i(1'b0),
    .prod_o       (t_div)
  );
  assign s_o = proj_i ? s_div : s_i;
  assign t_o = proj_i ? t_div : t_i;

endmodule
