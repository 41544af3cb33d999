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
module us_fp_mul (
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  input  logic        zero_legacy_i,
  output logic [31:0] prod_o
);

  // ---- Classification (DAZ: exponent field 0 is a zero) ----
  us_fp_pkg::fp_class_t a_cls, b_cls;
  assign a_cls = us_fp_pkg::classify(a_i);
  assign b_cls = us_fp_pkg::classify(b_i);
  logic has_zero, sign;
  assign has_zero = a_cls.zero | b_cls.zero;
  assign sign     = a_i[31] ^ b_i[31];

  // ---- Special path: any operand zero, denormal, infinite or NaN ----
  logic        special;
  logic [31:0] special_res;
  always_comb begin
    special     = 1'b1;
    special_res = 32'h0;
    if (zero_legacy_i && has_zero) begin
      special_res = {sign, 31'h0};  // zero times anything, inf and NaN included
    end else if (a_cls.nan) begin
      special_res = a_i | us_fp_pkg::QuietBit;
    end else if (b_cls.nan) begin
      special_res = b_i | us_fp_pkg::QuietBit;
    end else if (a_cls.inf || b_cls.inf) begin
      special_res = has_zero ? us_fp_pkg::DefaultNan : {sign, 8'hFF, 23'h0};
    end else if (has_zero) begin
      special_res = {sign, 31'h0};
    end else begin
      special = 1'b0;
    end
  end

  // ---- Significand product and normalisation ----
  logic [47:0] prod;
  logic        top;
  logic [22:0] frac_t;  // the 23 fraction bits, truncated
  logic        round_bit, sticky;
  assign prod      = {25'h1, a_i[22:0]} * {25'h1, b_i[22:0]};
  assign top       = prod[47];
  assign frac_t    = top ? prod[46:24] : prod[45:23];
  assign round_bit = top ? prod[23] : prod[22];
  assign sticky    = (|prod[21:0]) | (top & prod[22]);

  // ---- Round to nearest even, exponent, range ----
  logic        round_up, round_carry;
  logic [22:0] frac;
  logic [9:0]  exp_sum;  // exponent field + 127
  assign round_up            = round_bit & (sticky | frac_t[0]);
  assign {round_carry, frac} = {1'b0, frac_t} + {23'h0, round_up};
  assign exp_sum = {2'b00, a_i[30:23]} + {2'b00, b_i[30:23]} + {9'h0, top} + {9'h0, round_carry};

  always_comb begin
    if (special) begin
      prod_o = special_res;
    end else if (exp_sum < 10'd128) begin
      prod_o = {sign, 31'h0};                        // tiny after rounding: FTZ
    end else if (exp_sum > 10'd381) begin
      prod_o = {sign, 8'hFF, 23'h0};                 // overflow
    end else begin
      prod_o = {sign, exp_sum[7:0] - 8'd127, frac};
    end
  end

endmodule
