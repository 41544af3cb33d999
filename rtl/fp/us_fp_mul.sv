// us_fp_mul: fp32 multiplication of the US, prod_o = a_i * b_i, combinational (docs/fp.md A.1 and A.2 MUL).
//
// Bit for bit the C golden model us_fp_mul (model/golden/us_fp.c):
// - inputs DAZ: a denormal reads as a zero of its sign; every non-NaN result has the sign a ^ b;
// - zero_legacy_i (US_CONFIG bit 1, ZERO_TIMES_ANYTHING_EQUALS_ZERO): a zero operand gives a zero of sign a ^ b,
//   even against an infinity or a NaN; otherwise IEEE: a NaN a quieted, else a NaN b quieted, else 0 x inf =
//   0xFFC00000, inf x nonzero = inf, 0 x finite = zero;
// - round to nearest even at unbounded exponent, then overflow to inf and FTZ on the exponent AFTER the rounding
//   carry (a product just below 2^-126 that rounds up to it stays 0x00800000).
//
// Datapath: the exact 48-bit product of the two 24-bit significands, in [2^46, 2^48); its top bit picks the
// normalisation (a one-place mux), then the 24-bit result, the round bit and the sticky OR of the rest, the
// rounding increment, and the biased exponent ea + eb + top bit + rounding carry compared with 127 + 1 and
// 127 + 254.
//
// Pipelining (for the execute stage): the 24 x 24 multiplier dominates. Two stages: (1) classify and the
// partial-product array reduced to two rows (carry-save), | (2) the final 48-bit carry-propagate add, normalise,
// round and pack; or three with the carry-propagate add in its own stage. The special path (classify, NaN and
// zero rules) is small and rides along in a few registered bits (special, special_res).
// The datapath is the function us_fp_pkg::fp_mul, which the execute stage also calls directly (under the ops that
// use it, so that the Verilated model computes it only then).
module us_fp_mul (
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  input  logic        zero_legacy_i,
  output logic [31:0] prod_o
);

  assign prod_o = us_fp_pkg::fp_mul(a_i, b_i, zero_legacy_i);

endmodule
