// us_fp_add: fp32 addition of the US, sum_o = a_i + b_i, combinational (docs/fp.md A.1 and A.2 ADD).
//
// Bit for bit the C golden model us_fp_add (model/golden/us_fp.c):
// - inputs DAZ: a denormal reads as a zero of its sign;
// - round to nearest even at unbounded exponent, then a result above 254 in the exponent field is an infinity and
//   one below 1 (tiny AFTER rounding) a zero of the sign of the exact result (FTZ); exact cancellation gives +0;
// - NaN: a NaN a comes back quieted (bit 22 set), else a NaN b quieted, else inf + -inf = 0xFFC00000.
//
// Datapath (one path, guard/round/sticky): the operand of larger magnitude is "big" (a if the magnitudes are
// equal; its sign is the result's). The smaller significand is aligned to big's with two extra bits (guard,
// round) and a sticky bit for everything shifted further; for a shift of 26 or more only the sticky bit is left.
// Three extra bits are enough: when a subtraction has to normalise left by more than one place, the shift was at
// most 1 and nothing was lost; otherwise the sum and the exact sum lie strictly between the same two multiples
// of 1/4 ulp of big, so they normalise and round alike. Then a leading-zero shifter (16/8/4/2/1), the rounding
// increment and the exponent tests. The special path (an operand zero, denormal, infinite or NaN) takes no part
// in rounding: its result is an operand, an operand quieted, a signed zero or the default NaN.
//
// Pipelining (for the execute stage): three stages cut naturally at
//   1. classify, magnitude compare, swap, alignment shift and sticky   | register big_ext, small_ext, sub, sign,
//                                                                     | big_exp, special/special_res
//   2. 28-bit add/subtract, normalising shifter                         | register norm, lz, sum_zero
//   3. rounding increment, exponent adjust and range tests, output mux.
// The critical path of the whole unit is compare (31 bits) -> swap mux -> 5-level shifter -> 28-bit adder ->
// 5-level normaliser -> 24-bit incrementer -> exponent compare.
// The datapath is the function us_fp_pkg::fp_add, which the execute stage also calls directly (under the ops that
// use it, so that the Verilated model computes it only then).
module us_fp_add (
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  output logic [31:0] sum_o
);

  assign sum_o = us_fp_pkg::fp_add(a_i, b_i);

endmodule
