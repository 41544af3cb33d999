// us_fp_minmax: MIN and MAX of the US, combinational (docs/fp.md A.2 MIN, MAX).
//
// Bit for bit the C golden model us_fp_min / us_fp_max (model/golden/us_fp.c). The compare reads both operands
// after DAZ (a denormal is a zero of its sign, CTM p.40), then
//   max_i = 0: result_o = a < b ? a : b        max_i = 1: result_o = a > b ? a : b
// comparing values (-0 equals +0). So a NaN operand, or equal operands (+0 and -0 included), give b (CTM p.42).
// The chosen operand comes out as it went in, not DAZ'd: with OMOD 7 the result is a bit-exact copy of it (CTM
// p.29, p.42), denormals and NaN payloads included (a signalling NaN is NOT quieted).
//
// Logic: one 31-bit magnitude comparator and a few gates; one level, no pipelining needed.
// The datapath is the function us_fp_pkg::fp_minmax, which the execute stage also calls directly (under the ops that
// use it, so that the Verilated model computes it only then).
module us_fp_minmax (
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  input  logic        max_i,
  output logic [31:0] result_o
);

  assign result_o = us_fp_pkg::fp_minmax(a_i, b_i, max_i);

endmodule
