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
module us_fp_frc (
  input  logic [31:0] a_i,
  output logic [31:0] result_o
);

  localparam logic [31:0] BelowOne = 32'h3F7F_FFFF;
  localparam logic [31:0] MinusOne = 32'hBF80_0000;

  logic [31:0] a_daz;
  logic [7:0]  exp_in;
  assign a_daz  = (a_i[30:23] == 8'h00) ? {a_i[31], 31'h0} : a_i;
  assign exp_in = a_daz[30:23];

  // ---- floor(a') ----
  logic [4:0]  int_bits;   // E - 127 (mod 32): how many fraction bits are above the binary point, when 0..22
  logic [22:0] frac_mask;  // the fraction bits below the binary point
  logic        has_frac;
  assign int_bits  = exp_in[4:0] - 5'd31;  // 127 = 31 (mod 32)
  assign frac_mask = 23'h7F_FFFF >> int_bits;
  assign has_frac  = (a_daz[22:0] & frac_mask) != 23'h0;

  logic [31:0] truncated, floor_val;
  assign truncated = {a_daz[31:23], a_daz[22:0] & ~frac_mask};
  always_comb begin
    if (exp_in >= 8'd150 || a_daz[30:0] == 31'h0) begin
      floor_val = a_daz;                                   // an integer already, or inf, NaN, a signed zero
    end else if (exp_in < 8'd127) begin
      floor_val = a_daz[31] ? MinusOne : 32'h0;            // |a| < 1
    end else if (a_daz[31] && has_frac) begin
      floor_val = truncated + {9'h0, frac_mask} + 32'd1;   // negative: one more unit in the magnitude
    end else begin
      floor_val = truncated;
    end
  end

  // ---- a' - floor(a'), one rounding ----
  logic [31:0] diff;
  us_fp_add u_add (
    .a_i  (a_daz),
    .b_i  ({~floor_val[31], floor_val[30:0]}),
    .sum_o(diff)
  );

  assign result_o = (diff == us_fp_pkg::One) ? BelowOne : diff;

endmodule
