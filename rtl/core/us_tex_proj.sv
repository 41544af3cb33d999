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

  // The multipliers are computed only for PROJ (the functions of us_fp_pkg in a branch: the Verilated model
  // evaluates them only then).
  always_comb begin
    s_o = s_i;
    t_o = t_i;
    if (proj_i) begin
      s_o = us_fp_pkg::fp_mul(s_i, rcp_q_i, 1'b0);
      t_o = us_fp_pkg::fp_mul(t_i, rcp_q_i, 1'b0);
    end
  end

endmodule
