// us_fp_frc: FRC of the US, result_o = a - floor(a), never 1.0, combinational (docs/fp.md A.2 FRC).
//
// Bit for bit the C golden model us_fp_frc (model/golden/us_fp.c): a' = DAZ(a); f = floor(a') exactly (an integer-valued
// fp32; floor(-0) = -0; inf and NaN are passed on as they are); result = ADD(a', -f), one rounding, by an
// us_fp_add instance; a result of exactly 1.0 (a tiny negative a, where 1 - |a| rounds up) becomes 0x3F7FFFFF.
// So +-0 and denormals give +0, integers +0, +-inf the default NaN (inf - inf), a NaN the NaN quieted.
//
// floor on the bit pattern: for 127 <= E <= 149 the fraction bits below the binary point are the mask
// 0x7FFFFF >> (E - 127); truncating them is the floor of a positive value; a negative value with a nonzero
// fraction adds one unit of the integer part to the magnitude (mask + 1 added to the truncated pattern; a carry
// into the exponent field is right: -1.5 -> -2). |a| < 1 gives +0 or -1; E >= 150 is already an integer.
//
// Pipelining: the floor (a 23-bit mask shifter and a 31-bit incrementer) is one stage in front of the adder's
// three (see us_fp_add); the final 1.0 test and mux go with the adder's last stage.
// The datapath is the function us_fp_pkg::fp_frc, which the execute stage also calls directly (under the ops that
// use it, so that the Verilated model computes it only then).
module us_fp_frc (
  input  logic [31:0] a_i,
  output logic [31:0] result_o
);

  assign result_o = us_fp_pkg::fp_frc(a_i);

endmodule
