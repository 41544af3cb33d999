// The constants and the operand classification every FP unit shares (docs/fp.md part A), in one place so that
// the units cannot drift apart: inputs are DAZ (exponent field 0 reads as a zero of its sign), a NaN is an
// all-ones exponent with a non-zero fraction. (The constants are 32-bit vectors, not us_types_pkg::fp32_t: Yosys
// 0.70 cannot name another package's type in a package's declarations; a function's argument may.)
package us_fp_pkg;

  localparam logic [31:0] DefaultNan = 32'hFFC0_0000;  // the NaN an invalid op makes (inf - inf, 0 x inf)
  localparam logic [31:0] QuietBit   = 32'h0040_0000;  // set in a NaN operand passed through
  localparam logic [31:0] CanonNan   = 32'h7FFF_FFFF;  // what OMOD turns every NaN into
  localparam logic [31:0] PosInf     = 32'h7F80_0000;  // also the magnitude bound: above it is a NaN
  localparam logic [31:0] NegInf     = 32'hFF80_0000;
  localparam logic [31:0] One        = 32'h3F80_0000;
  localparam logic [31:0] Half       = 32'h3F00_0000;
  localparam logic [31:0] Two        = 32'h4000_0000;

  // The class of an operand as the arithmetic reads it: a denormal counts as zero.
  typedef struct packed {
    logic zero;  // exponent field 0 (zero or denormal)
    logic inf;
    logic nan;
  } fp_class_t;

  function automatic fp_class_t classify(input us_types_pkg::fp32_t v);
    fp_class_t k;
    k.zero   = v[30:23] == 8'h00;
    k.inf    = v[30:23] == 8'hFF && v[22:0] == 23'h0;
    k.nan    = v[30:23] == 8'hFF && v[22:0] != 23'h0;
    classify = k;
  endfunction

  // ---- The arithmetic of the basic units as functions. Each unit module (us_fp_add, us_fp_mul, us_fp_minmax,
  // us_fp_sel, us_fp_frc) is one call of its function, and its header describes the datapath. The execute stage
  // calls them too, inside an always_comb under the op that needs the result: the hardware is the same unit,
  // and the Verilated model evaluates it only on the taken branch (a continuous assignment: every cycle).

  // The functions classify their operands with plain bits, not classify's struct: with the struct, Yosys 0.70 read
  // a call with a constant argument (fp_add(x, One), fp_mul(x, Two, 0)) as an undefined (x) result, silently.

  // ---- fp_add in three pipeline segments (the execute stage registers between them; docs/rtl.md, The stage
  // plan): fp_add_align (classify, order the operands by magnitude, align the smaller: a 31-bit compare and a
  // 26-bit shifter), fp_add_sum (the 28-bit add or subtract and the leading-zero normalisation) and fp_add_round
  // (round to nearest even, the exponent, under- and overflow, the special result). fp_add is the three in a row.
  // The segments pass flat vectors (Yosys 0.70 misreads a struct in a function called with a constant argument).
  localparam int unsigned AddAlignW = 1 + 32 + 1 + 8 + 1 + 23 + 28;  // AddAlignW: see fp_add_align
  localparam int unsigned AddSumW   = 1 + 32 + 1 + 8 + 1 + 27 + 5;   // AddSumW: see fp_add_sum

  // {special, special_res}: a NaN, infinity or zero operand decides the sum
  function automatic logic [32:0] fp_add_special(input logic [31:0] a, input logic [31:0] b);
    logic        a_zero, a_inf, a_nan, b_zero, b_inf, b_nan;
    logic        special;
    logic [31:0] special_res;
    a_zero = a[30:23] == 8'h00;
    a_inf  = a[30:23] == 8'hFF && a[22:0] == 23'h0;
    a_nan  = a[30:23] == 8'hFF && a[22:0] != 23'h0;
    b_zero = b[30:23] == 8'h00;
    b_inf  = b[30:23] == 8'hFF && b[22:0] == 23'h0;
    b_nan  = b[30:23] == 8'hFF && b[22:0] != 23'h0;
    special     = 1'b1;
    special_res = 32'h0;
    if (a_nan) begin
      special_res = a | QuietBit;
    end else if (b_nan) begin
      special_res = b | QuietBit;
    end else if (a_inf) begin
      special_res = (b_inf && (a[31] != b[31])) ? DefaultNan : a;
    end else if (b_inf) begin
      special_res = b;
    end else if (a_zero) begin
      special_res = b_zero ? {a[31] & b[31], 31'h0} : b;
    end else if (b_zero) begin
      special_res = a;
    end else begin
      special = 1'b0;
    end
    fp_add_special = {special, special_res};
  endfunction

  // {special, special_res, sign, big exponent, sub, big fraction, the smaller significand aligned with sticky}
  // fp_add_align is fp_add_align_lean in synthesis and fp_add_align_plain in simulation: the two are proved equal
  // for every operand pair (tb/py/test_add_forms.py, Yosys SAT), and the plain form is the faster one in Verilator.
  function automatic logic [AddAlignW-1:0] fp_add_align(input logic [31:0] a, input logic [31:0] b);
`ifdef SYNTHESIS
    fp_add_align = fp_add_align_lean(a, b);
`else
    fp_add_align = fp_add_align_plain(a, b);
`endif
  endfunction

  // The plain form: the operands ordered by the 31-bit magnitude compare, the lesser significand shifted by their
  // exponents' difference, the bits shifted out ORed into the sticky bit.
  function automatic logic [AddAlignW-1:0] fp_add_align_plain(input logic [31:0] a, input logic [31:0] b);
    logic        swap, far;
    logic [31:0] big;
    logic [22:0] lesser;
    logic [7:0]  diff;
    logic [49:0] small_shifted;
    logic [27:0] small_ext;
    swap               = (b[30:0] > a[30:0]);
    big                = swap ? b : a;
    lesser             = swap ? a[22:0] : b[22:0];
    diff               = swap ? b[30:23] - a[30:23] : a[30:23] - b[30:23];
    far                = diff > 8'd25;
    small_shifted      = {1'b1, lesser, 26'h0} >> diff[4:0];
    small_ext          = far ? 28'h1 : {1'b0, small_shifted[49:24], |small_shifted[23:0]};
    fp_add_align_plain = {fp_add_special(a, b), big[31], big[30:23], a[31] ^ b[31], big[22:0], small_ext};
  endfunction

  // The form for the FPGA's clock: the exponent difference both ways and its range beside the magnitude compare, so
  // the compare only selects (one carry chain deep instead of three). The shift and its range come from the
  // exponents alone (b's exponent above a's, the borrow of one 8-bit subtraction): with equal exponents the shift is
  // 0 whichever operand is larger, so the 31-bit compare only picks the fraction. The sticky bit reads the lesser
  // fraction's bits below the shift, lesser[d - 3:0] for a shift d (a mask beside the shifter instead of an OR
  // behind it).
  function automatic logic [AddAlignW-1:0] fp_add_align_lean(input logic [31:0] a, input logic [31:0] b);
    logic        swap, far;
    logic [31:0] big;
    logic [22:0] lesser;  // the smaller magnitude's fraction
    logic [4:0]  exp_diff;  // the shift (far covers the rest)
    logic [7:0]  diff_ab, diff_ba;
    logic        far_ab, far_ba;
    logic [25:0] small_shifted;  // the lesser significand shifted, the bits that stay above the sticky bit
    logic [27:0] small_ext;
    logic        b_above;
    logic [22:0] sticky_mask;
    swap          = (b[30:0] > a[30:0]);
    diff_ab       = a[30:23] - b[30:23];
    diff_ba       = b[30:23] - a[30:23];
    far_ab        = (diff_ab > 8'd25);
    far_ba        = (diff_ba > 8'd25);
    b_above       = b[30:23] > a[30:23];
    big           = swap ? b : a;
    lesser        = swap ? a[22:0] : b[22:0];
    exp_diff      = b_above ? diff_ba[4:0] : diff_ab[4:0];
    far           = b_above ? far_ba : far_ab;
    small_shifted = {1'b1, lesser, 2'b00} >> exp_diff;
    sticky_mask   = (exp_diff < 5'd3) ? 23'h0 : 23'((24'h1 << (exp_diff - 5'd2)) - 24'h1);
    small_ext     = far ? 28'h1 : {1'b0, small_shifted, |(lesser & sticky_mask)};
    fp_add_align_lean = {fp_add_special(a, b), big[31], big[30:23], a[31] ^ b[31], big[22:0], small_ext};
  endfunction

  // {special, special_res, sign, big exponent, sum is zero, the normalised sum, leading zeros shifted out}
  // fp_add_sum is fp_add_sum_lean in synthesis and fp_add_sum_plain in simulation (proved equal, as fp_add_align).
  function automatic logic [AddSumW-1:0] fp_add_sum(input logic [AddAlignW-1:0] al);
`ifdef SYNTHESIS
    fp_add_sum = fp_add_sum_lean(al);
`else
    fp_add_sum = fp_add_sum_plain(al);
`endif
  endfunction

  // The plain form: each step tests the value the step before shifted.
  function automatic logic [AddSumW-1:0] fp_add_sum_plain(input logic [AddAlignW-1:0] al);
    logic [27:0] big_ext, small_ext, sum, n16, n8, n4, n2;
    logic [26:0] norm;
    logic        lz16, lz8, lz4, lz2, lz1;
    big_ext          = {2'b01, al[50:28], 3'b000};
    small_ext        = al[27:0];
    sum              = al[51] ? (big_ext - small_ext) : (big_ext + small_ext);
    lz16             = (sum[27:12] == 16'h0);
    n16              = lz16 ? {sum[11:0], 16'h0} : sum;
    lz8              = (n16[27:20] == 8'h0);
    n8               = lz8 ? {n16[19:0], 8'h0} : n16;
    lz4              = (n8[27:24] == 4'h0);
    n4               = lz4 ? {n8[23:0], 4'h0} : n8;
    lz2              = (n4[27:26] == 2'h0);
    n2               = lz2 ? {n4[25:0], 2'h0} : n4;
    lz1              = ~n2[27];
    norm             = lz1 ? {n2[25:0], 1'b0} : n2[26:0];
    fp_add_sum_plain = {al[AddAlignW-1:52], sum == 28'h0, norm, lz16, lz8, lz4, lz2, lz1};
  endfunction

  // The form for the FPGA's clock.
  function automatic logic [AddSumW-1:0] fp_add_sum_lean(input logic [AddAlignW-1:0] al);
    logic [27:0] big_ext, small_ext, sum;
    logic [26:0] n16, n8, n4, n2;  // the sum shifted step by step, less the top bit (the tests read the sum's)
    logic [26:0] norm;
    logic        lz16, lz8, lz4, lz2, lz1, sub;
    logic [7:0]  z4, z2;
    logic [15:0] msb;
    sub        = al[51];
    big_ext    = {2'b01, al[50:28], 3'b000};
    small_ext  = al[27:0];
    sum        = sub ? (big_ext - small_ext) : (big_ext + small_ext);
    // The leading zeros, a shift of 16, 8, 4, 2 and 1 at a time. Each step's test reads the sum itself (the window
    // the steps before would have shifted to the top, picked by their bits) rather than the previous step's shifted
    // value: the tests run beside the shifts instead of one behind the other (on the ECP5, 15 LUT levels were
    // us_ex_stage's critical path).
    z4   = '0;
    z2   = '0;
    msb  = '0;
    for (int k = 0; k < 7; k++) begin
      z4[k] = sum[27 - 4 * k -: 4] == 4'h0;  // n8[27:24] after a shift of 4 k (k = 0, 2, 4, 6 reachable)
      z2[k] = sum[27 - 4 * k -: 2] == 2'h0;  // n4[27:26] after a shift of 4 k
    end
    z4[7] = 1'b1;  // a shift of 28: all zero
    z2[7] = 1'b1;
    for (int k = 0; k < 14; k++) begin
      msb[k] = sum[27 - 2 * k];  // n2[27] after a shift of 2 k
    end
    lz16       = (sum[27:12] == 16'h0);
    lz8        = lz16 ? (sum[11:4] == 8'h0) : (sum[27:20] == 8'h0);
    lz4        = z4[{lz16, lz8, 1'b0}];
    lz2        = z2[{lz16, lz8, lz4}];
    lz1        = ~msb[{lz16, lz8, lz4, lz2}];
    n16        = lz16 ? {sum[10:0], 16'h0} : sum[26:0];
    n8         = lz8 ? {n16[18:0], 8'h0} : n16;
    n4         = lz4 ? {n8[22:0], 4'h0} : n8;
    n2         = lz2 ? {n4[24:0], 2'h0} : n4;
    norm       = lz1 ? {n2[25:0], 1'b0} : n2;
    fp_add_sum_lean = {al[AddAlignW-1:52], sum == 28'h0, norm, lz16, lz8, lz4, lz2, lz1};
  endfunction

  function automatic logic [31:0] fp_add_round(input logic [AddSumW-1:0] sm);
    logic        special, sign, sum_zero, round_up, round_carry;
    logic [31:0] special_res;
    logic [7:0]  big_exp;
    logic [26:0] norm;
    logic [4:0]  lz;
    logic [22:0] frac;
    logic [9:0]  exp_biased;
    {special, special_res, sign, big_exp, sum_zero, norm, lz} = sm;
    round_up   = norm[3] & ((|norm[2:0]) | norm[4]);
    {round_carry, frac} = {1'b0, norm[26:4]} + {23'h0, round_up};
    exp_biased = {2'b00, big_exp} + 10'd28 + {9'h0, round_carry} - {5'h0, lz};
    if (special) begin
      fp_add_round = special_res;
    end else if (sum_zero) begin
      fp_add_round = 32'h0;
    end else if (exp_biased < 10'd28) begin
      fp_add_round = {sign, 31'h0};
    end else if (exp_biased > 10'd281) begin
      fp_add_round = {sign, 8'hFF, 23'h0};
    end else begin
      fp_add_round = {sign, exp_biased[7:0] - 8'd27, frac};
    end
  endfunction

  // fp_add: a + b (us_fp_add), the three segments in a row.
  function automatic logic [31:0] fp_add(input logic [31:0] a, input logic [31:0] b);
    fp_add = fp_add_round(fp_add_sum(fp_add_align(a, b)));
  endfunction

  // ---- fp_mul in two pipeline segments: fp_mul_prod (classify, the specials, the 24 x 24 significand product:
  // the MULT18X18D blocks and their adders) and fp_mul_round (normalise, round to nearest even, the exponent, under-
  // and overflow). fp_mul is the two in a row.
  localparam int unsigned MulProdW = 1 + 32 + 1 + 10 + 48;

  // {special, special_res, sign, the exponent fields' sum, the product}; zero_legacy: US_CONFIG's
  // ZERO_TIMES_ANYTHING_EQUALS_ZERO
  function automatic logic [MulProdW-1:0] fp_mul_prod(input logic [31:0] a, input logic [31:0] b,
                                                      input logic zero_legacy);
    logic        a_zero, a_inf, a_nan, b_zero, b_inf, b_nan;
    logic        has_zero, sign, special;
    logic [31:0] special_res;
    logic [47:0] prod;
    a_zero = a[30:23] == 8'h00;
    a_inf  = a[30:23] == 8'hFF && a[22:0] == 23'h0;
    a_nan  = a[30:23] == 8'hFF && a[22:0] != 23'h0;
    b_zero = b[30:23] == 8'h00;
    b_inf  = b[30:23] == 8'hFF && b[22:0] == 23'h0;
    b_nan  = b[30:23] == 8'hFF && b[22:0] != 23'h0;
    has_zero    = a_zero | b_zero;
    sign        = a[31] ^ b[31];
    special     = 1'b1;
    special_res = 32'h0;
    if (zero_legacy && has_zero) begin
      special_res = {sign, 31'h0};
    end else if (a_nan) begin
      special_res = a | QuietBit;
    end else if (b_nan) begin
      special_res = b | QuietBit;
    end else if (a_inf || b_inf) begin
      special_res = has_zero ? DefaultNan : {sign, 8'hFF, 23'h0};
    end else if (has_zero) begin
      special_res = {sign, 31'h0};
    end else begin
      special = 1'b0;
    end
    prod        = {25'h1, a[22:0]} * {25'h1, b[22:0]};
    fp_mul_prod = {special, special_res, sign, {2'b00, a[30:23]} + {2'b00, b[30:23]}, prod};
  endfunction

  function automatic logic [31:0] fp_mul_round(input logic [MulProdW-1:0] mp);
    logic        special, sign, top, round_bit, sticky, round_up, round_carry;
    logic [31:0] special_res;
    logic [9:0]  exp_fields, exp_sum;
    logic [47:0] prod;
    logic [22:0] frac_t, frac;
    {special, special_res, sign, exp_fields, prod} = mp;
    top       = prod[47];
    frac_t    = top ? prod[46:24] : prod[45:23];
    round_bit = top ? prod[23] : prod[22];
    sticky    = (|prod[21:0]) | (top & prod[22]);
    round_up  = round_bit & (sticky | frac_t[0]);
    {round_carry, frac} = {1'b0, frac_t} + {23'h0, round_up};
    exp_sum   = exp_fields + {9'h0, top} + {9'h0, round_carry};
    if (special) begin
      fp_mul_round = special_res;
    end else if (exp_sum < 10'd128) begin
      fp_mul_round = {sign, 31'h0};
    end else if (exp_sum > 10'd381) begin
      fp_mul_round = {sign, 8'hFF, 23'h0};
    end else begin
      fp_mul_round = {sign, exp_sum[7:0] - 8'd127, frac};
    end
  endfunction

  // fp_twice: fp_mul(a, 2.0, 0) without the multiplier (exact: the exponent plus one): DAZ zero keeps its sign, a NaN
  // is quieted, an infinity stays, the largest binade overflows to infinity. The pre-subtract's NEG2 (1 - 2a) uses it
  // so that PreAlign holds no product; tb/py/test_fp_twice.py proves the two equal for every input (Yosys sat).
  function automatic logic [31:0] fp_twice(input logic [31:0] a);
    if (a[30:23] == 8'h00) begin
      fp_twice = {a[31], 31'h0};
    end else if (a[30:23] == 8'hFF) begin
      fp_twice = (a[22:0] != 23'h0) ? (a | QuietBit) : a;
    end else if (a[30:23] == 8'hFE) begin
      fp_twice = {a[31], 8'hFF, 23'h0};
    end else begin
      fp_twice = {a[31], a[30:23] + 8'd1, a[22:0]};
    end
  endfunction

  // fp_mul: a x b (us_fp_mul), the two segments in a row.
  function automatic logic [31:0] fp_mul(input logic [31:0] a, input logic [31:0] b, input logic zero_legacy);
    fp_mul = fp_mul_round(fp_mul_prod(a, b, zero_legacy));
  endfunction

  // fp_minmax: MAX (max = 1) or MIN of a and b (us_fp_minmax).
  function automatic logic [31:0] fp_minmax(input logic [31:0] a, input logic [31:0] b, input logic max);
    logic [31:0] a_daz, b_daz;
    logic        any_nan, both_zero, mag_lt, mag_gt, a_lt_b, a_gt_b;
    a_daz     = (a[30:23] == 8'h00) ? {a[31], 31'h0} : a;
    b_daz     = (b[30:23] == 8'h00) ? {b[31], 31'h0} : b;
    any_nan   = (a_daz[30:0] > PosInf[30:0]) || (b_daz[30:0] > PosInf[30:0]);
    both_zero = (a_daz[30:0] == 31'h0) && (b_daz[30:0] == 31'h0);
    mag_lt    = (a_daz[30:0] < b_daz[30:0]);
    mag_gt    = (a_daz[30:0] > b_daz[30:0]);
    unique case ({a_daz[31], b_daz[31]})
      2'b00:   begin a_lt_b = mag_lt;     a_gt_b = mag_gt;     end
      2'b01:   begin a_lt_b = 1'b0;       a_gt_b = ~both_zero; end
      2'b10:   begin a_lt_b = ~both_zero; a_gt_b = 1'b0;       end
      default: begin a_lt_b = mag_gt;     a_gt_b = mag_lt;     end
    endcase
    fp_minmax = (~any_nan & (max ? a_gt_b : a_lt_b)) ? a : b;
  endfunction

  // fp_sel: CND (cnd = 1: c > 0.5 ? a : b) or CMP (c >= 0 ? a : b) (us_fp_sel).
  function automatic logic [31:0] fp_sel(input logic [31:0] a, input logic [31:0] b, input logic [31:0] c,
                                         input logic cnd);
    logic c_zero, c_nan, c_ge_zero, c_gt_half;
    c_zero    = (c[30:23] == 8'h00);
    c_nan     = (c[30:0] > PosInf[30:0]);
    c_ge_zero = c[31] ? c_zero : ~c_nan;
    c_gt_half = (c > Half) && (c <= PosInf);
    fp_sel    = (cnd ? c_gt_half : c_ge_zero) ? a : b;
  endfunction

  // ---- fp_frc in two segments around an fp_add (the execute stage runs FRC's subtraction on the lane's adder):
  // fp_frc_floor gives {a with DAZ, -floor(a)}, fp_frc_fix turns the difference into FRC's result.
  function automatic logic [63:0] fp_frc_floor(input logic [31:0] a);
    logic [31:0] a_daz, truncated, floor_val;
    logic [7:0]  exp_in;
    logic [4:0]  int_bits;
    logic [22:0] frac_mask;
    logic        has_frac;
    a_daz     = (a[30:23] == 8'h00) ? {a[31], 31'h0} : a;
    exp_in    = a_daz[30:23];
    int_bits  = exp_in[4:0] - 5'd31;
    frac_mask = 23'h7F_FFFF >> int_bits;
    has_frac  = (a_daz[22:0] & frac_mask) != 23'h0;
    truncated = {a_daz[31:23], a_daz[22:0] & ~frac_mask};
    if (exp_in >= 8'd150 || a_daz[30:0] == 31'h0) begin
      floor_val = a_daz;
    end else if (exp_in < 8'd127) begin
      floor_val = a_daz[31] ? 32'hBF80_0000 : 32'h0;  // -1.0 or +0
    end else if (a_daz[31] && has_frac) begin
      floor_val = truncated + {9'h0, frac_mask} + 32'd1;
    end else begin
      floor_val = truncated;
    end
    fp_frc_floor = {a_daz, ~floor_val[31], floor_val[30:0]};
  endfunction

  function automatic logic [31:0] fp_frc_fix(input logic [31:0] diff);
    fp_frc_fix = (diff == One) ? 32'h3F7F_FFFF : diff;  // 1.0 becomes the largest value below it
  endfunction

  // fp_frc: a - floor(a), never 1.0 (us_fp_frc).
  function automatic logic [31:0] fp_frc(input logic [31:0] a);
    logic [63:0] ops;
    ops    = fp_frc_floor(a);
    fp_frc = fp_frc_fix(fp_add(ops[63:32], ops[31:0]));
  endfunction

endpackage
