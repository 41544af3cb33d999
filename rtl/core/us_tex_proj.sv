// us_tex_proj: the projection of a TEX lookup for one pixel, its first segment, combinational (DotRound): a
// projected lookup (PROJ) divides S and T by Q, as S x RCP(Q) and T x RCP(Q) with the transcendental unit's
// reciprocal (docs/spec.md section 6, model/golden/us_tex.c). This stage forms the significand products
// (us_fp_pkg::fp_mul_prod); TA's first stage rounds them (fp_mul_round), and every other lookup passes S and T on.
module us_tex_proj (
  input  logic                              proj_i,
  input  logic [31:0]                       s_i,
  input  logic [31:0]                       t_i,
  input  logic [31:0]                       rcp_q_i,
  output logic [us_fp_pkg::MulProdW-1:0]    s_prod_o,   // 0 unless PROJ
  output logic [us_fp_pkg::MulProdW-1:0]    t_prod_o
);

  // The multipliers are computed only for PROJ (the functions of us_fp_pkg in a branch: the Verilated model
  // evaluates them only then).
  always_comb begin
    s_prod_o = '0;
    t_prod_o = '0;
    if (proj_i) begin
      s_prod_o = us_fp_pkg::fp_mul_prod(s_i, rcp_q_i, 1'b0);
      t_prod_o = us_fp_pkg::fp_mul_prod(t_i, rcp_q_i, 1'b0);
    end
  end

endmodule
