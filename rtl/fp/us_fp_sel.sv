// us_fp_sel: the selects CMP and CND of the US, combinational (docs/fp.md A.2 CMP, CND).
//
// Bit for bit the C golden model us_fp_cmp / us_fp_cnd (model/golden/us_fp.c):
//   cnd_i = 0 (CMP): result_o = c >= 0 ? a : b     true for +-0 and denormals of either sign (DAZ), false for NaN
//   cnd_i = 1 (CND): result_o = c > 0.5 ? a : b    false for c = 0.5 and for NaN
// Only c decides (CTM p.42, as docs/fp.md reads it: a NaN c gives b). The chosen operand comes out as it went in,
// denormals and NaN payloads included: with OMOD 7 a bit-exact copy (CTM p.29, p.42), as MIN and MAX do.
//
// Logic: an exponent test and a 32-bit constant compare on c and one 2:1 mux; no pipelining needed.
// The datapath is the function us_fp_pkg::fp_sel, which the execute stage also calls directly (under the ops that
// use it, so that the Verilated model computes it only then).
module us_fp_sel (
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  input  logic [31:0] c_i,
  input  logic        cnd_i,
  output logic [31:0] result_o
);

  assign result_o = us_fp_pkg::fp_sel(a_i, b_i, c_i, cnd_i);

endmodule
