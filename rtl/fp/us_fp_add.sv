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
module us_fp_add (
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  output logic [31:0] sum_o
);

  // ---- Classification (DAZ: exponent field 0 is a zero) ----
  us_fp_pkg::fp_class_t a_cls, b_cls;
  assign a_cls = us_fp_pkg::classify(a_i);
  assign b_cls = us_fp_pkg::classify(b_i);

  // ---- Special path: any operand zero, denormal, infinite or NaN ----
  logic        special;
  logic [31:0] special_res;
  always_comb begin
    special     = 1'b1;
    special_res = 32'h0;
    if (a_cls.nan) begin
      special_res = a_i | us_fp_pkg::QuietBit;
    end else if (b_cls.nan) begin
      special_res = b_i | us_fp_pkg::QuietBit;
    end else if (a_cls.inf) begin
      special_res = (b_cls.inf && (a_i[31] != b_i[31])) ? us_fp_pkg::DefaultNan : a_i;
    end else if (b_cls.inf) begin
      special_res = b_i;
    end else if (a_cls.zero) begin
      // -0 + -0 = -0, any other pair of zeros +0; zero + normal = the normal operand.
      special_res = b_cls.zero ? {a_i[31] & b_i[31], 31'h0} : b_i;
    end else if (b_cls.zero) begin
      special_res = a_i;
    end else begin
      special = 1'b0;
    end
  end

  // ---- Stage 1: order by magnitude, align ----
  logic        swap;
  logic [31:0] big;
  logic [30:0] lesser;  // the smaller magnitude; its sign only matters through sub
  logic [7:0]  exp_diff;
  logic        sub;
  assign swap     = (b_i[30:0] > a_i[30:0]);
  assign big      = swap ? b_i : a_i;
  assign lesser   = swap ? a_i[30:0] : b_i[30:0];
  assign exp_diff = big[30:23] - lesser[30:23];  // never negative: |big| >= |lesser|
  assign sub      = a_i[31] ^ b_i[31];

  // The smaller significand above 26 zero bits; after the shift the top 26 bits are significand, guard and round,
  // the rest goes into the sticky bit. A shift of 26 or more leaves only the (nonzero) sticky bit: the result is
  // then big itself, as the smaller operand is below a quarter ulp even after a one-place normalisation.
  logic        far;
  logic [49:0] small_wide, small_shifted;
  logic [27:0] big_ext, small_ext;
  assign far           = (exp_diff > 8'd25);
  assign small_wide    = {1'b1, lesser[22:0], 26'h0};
  assign small_shifted = small_wide >> exp_diff[4:0];
  assign big_ext       = {2'b01, big[22:0], 3'b000};
  assign small_ext     = far ? 28'h1 : {1'b0, small_shifted[49:24], |small_shifted[23:0]};

  // ---- Stage 2: add, normalise so that the leading one is at bit 27 (norm keeps the bits below it) ----
  logic [27:0] sum, n16, n8, n4, n2;
  logic [26:0] norm;
  logic        lz16, lz8, lz4, lz2, lz1;  // one signal each: bits of one vector would form a false loop
  logic [4:0]  lz;
  logic        sum_zero;
  assign sum      = sub ? (big_ext - small_ext) : (big_ext + small_ext);
  assign sum_zero = (sum == 28'h0);
  assign lz16     = (sum[27:12] == 16'h0);
  assign n16      = lz16 ? {sum[11:0], 16'h0} : sum;
  assign lz8      = (n16[27:20] == 8'h0);
  assign n8       = lz8 ? {n16[19:0], 8'h0} : n16;
  assign lz4      = (n8[27:24] == 4'h0);
  assign n4       = lz4 ? {n8[23:0], 4'h0} : n8;
  assign lz2      = (n4[27:26] == 2'h0);
  assign n2       = lz2 ? {n4[25:0], 2'h0} : n4;
  assign lz1      = ~n2[27];
  assign lz       = {lz16, lz8, lz4, lz2, lz1};
  assign norm     = lz1 ? {n2[25:0], 1'b0} : n2[26:0];

  // ---- Stage 3: round to nearest even, exponent, range ----
  // Fraction norm[26:4], round bit norm[3], sticky norm[2:0].
  logic        round_up, round_carry;
  logic [22:0] frac;
  logic [9:0]  exp_biased;  // exponent field + 27: never negative
  assign round_up            = norm[3] & ((|norm[2:0]) | norm[4]);
  assign {round_carry, frac} = {1'b0, norm[26:4]} + {23'h0, round_up};
  // lz = 1 keeps big's exponent, lz = 0 (a carry) adds one, every further place subtracts one; a rounding carry
  // out of the fraction (which leaves it zero) adds one more.
  assign exp_biased = {2'b00, big[30:23]} + 10'd28 + {9'h0, round_carry} - {5'h0, lz};

  always_comb begin
    if (special) begin
      sum_o = special_res;
    end else if (sum_zero) begin
      sum_o = 32'h0;                                 // exact cancellation: +0
    end else if (exp_biased < 10'd28) begin
      sum_o = {big[31], 31'h0};                      // tiny (only exact sums get here): FTZ
    end else if (exp_biased > 10'd281) begin
      sum_o = {big[31], 8'hFF, 23'h0};               // overflow
    end else begin
      sum_o = {big[31], exp_biased[7:0] - 8'd27, frac};
    end
  end

endmodule
