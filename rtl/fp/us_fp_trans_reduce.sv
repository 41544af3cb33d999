// Transcendental unit, segment 1 (combinational): special inputs, exact argument reduction, and which table segment
// to read (docs/fp.md B.4, B.5); us_fp_trans_table reads it. Bit-exact with model/golden/us_fp_trans.c.
//
// Every op reduces its input to a table (RCP, RSQ, EX2, LN2, SIN or COS), a segment index and an offset dx.
// The offset leaves left-aligned to 24 bits: in every table D - S1 = 3 and DQ = 16, so with dx24 = dx << (24 - D)
// the interpolator is the same for all of them (us_fp_trans_interp): floor(c1 dx / 2^S1) = floor(c1 dx24 / 2^21)
// and dq = dx24[23:8]. The result is then M x 2^k with M = acc, or M = mop x acc (SIN's sine kernel), or
// M = |k 2^53 + mop x acc| (LN2), normalised and rounded once (us_fp_trans_pack).
module us_fp_trans_reduce (
  input  logic [3:0]         op_i,        // ALPHA_OP code: EX2 8, LN2 9, RCP 10, RSQ 11, SIN 12, COS 13
  input  logic [31:0]        a_i,
  input  logic [39:0]        fix_i,       // us_fp_trans_fix of a_i: |a| in fixed point (EX2, SIN, COS)
  output logic               spec_o,      // the result is spec_res_o (special input, or not a known op)
  output logic [31:0]        spec_res_o,
  output logic [2:0]         tsel_o,      // the table (us_fp_trans_table: RCP 0, RSQ 1, EX2 2, LN2 3, SIN 4, COS 5)
  output logic [7:0]         idx_o,       // the segment in it
  output logic [23:0]        dx_o,        // offset in the segment, left-aligned to 24 bits
  output logic               mul_o,       // M = mop x acc (LN2, SIN/COS sine kernel); else M = acc
  output logic               ln2_o,       // LN2: M = |k 2^53 + mop x acc|, the sign of that, k = -53
  output logic signed [24:0] mop_o,       // second factor: LN2 d24 (signed), sine kernel sig or z >> 6
  output logic signed [10:0] k_o,         // scale: the value is M x 2^k (LN2: the integer part k)
  output logic               sign_o       // sign of the result (LN2: replaced by the sign of the sum)
);

  // ---- fields and classes (DAZ: exponent field 0 is a zero of its sign)
  logic        sgn;
  logic [7:0]  e;
  logic [22:0] f;
  us_fp_pkg::fp_class_t cls;
  logic        e_zero, e_max, is_nan;
  logic [31:0] qnan;
  logic signed [10:0] e_s;

  assign sgn    = a_i[31];
  assign e      = a_i[30:23];
  assign f      = a_i[22:0];
  assign cls    = us_fp_pkg::classify(a_i);
  assign e_zero = cls.zero;
  assign e_max  = (e == 8'hFF);  // infinity or NaN
  assign is_nan = cls.nan;
  logic unused_inf;  // e_max covers the infinities with the NaNs
  assign unused_inf = cls.inf;
  assign qnan   = a_i | us_fp_pkg::QuietBit;
  assign e_s    = $signed({3'b000, e});

  // ---- the shared fixed-point value (EX2, SIN, COS), from us_fp_trans_fix
  logic [39:0] fix;
  assign fix = fix_i;

  // ---- RCP: X = F
  logic [6:0] rcp_idx;
  assign rcp_idx = f[22:16];

  // ---- RSQ: X = {odd, F}, odd = (e - 127) mod 2 = ~e[0]; k = -h - 30 with h = floor((e - 127) / 2)
  logic [7:0] rsq_idx;
  logic signed [10:0] rsq_k;
  assign rsq_idx = {~e[0], f[22:16]};
  assign rsq_k   = 11'sd34 - $signed({4'b0000, e[7:1]}) - $signed({10'd0, e[0]});

  // ---- EX2: A = +-fix (40-bit two's complement), n = A >>> 32, f = A mod 2^32, X = f >> 2
  logic [39:0] ex2_a;
  logic [5:0]  ex2_idx;
  logic signed [10:0] ex2_k;
  assign ex2_a   = sgn ? (40'd0 - fix) : fix;
  assign ex2_idx = ex2_a[31:26];
  assign ex2_k   = $signed({{3{ex2_a[39]}}, ex2_a[39:32]}) - 11'sd29;

  // ---- LN2: a = (1 + d24 / 2^24) x 2^k, d24 in [-2^22, 2^23); X = d24 + 2^22
  logic signed [24:0] ln2_d;
  logic [24:0] ln2_x;
  logic [6:0]  ln2_idx;
  logic signed [10:0] ln2_k;
  assign ln2_d   = f[22] ? $signed({2'b11, f}) : $signed({1'b0, f, 1'b0});
  assign ln2_x   = $unsigned(ln2_d) + 25'h040_0000;  // bit 24 is a wrapped carry, unused
  assign ln2_idx = ln2_x[23:17];
  assign ln2_k   = e_s - 11'sd127 + $signed({10'd0, f[22]});

  // ---- SIN, COS: turns T = frac(|a|) x 2^32 (+ 2^30 for COS), octant o, z in [0, 2^29]
  logic        is_cos;
  logic [31:0] turns;
  logic [2:0]  oct;
  logic [29:0] z;
  logic        cos_kern;   // octants 1, 2, 5, 6: the cosine kernel; else the sine kernel
  logic        sin_small;  // SIN with |a| < 1/8: y = |a| at full precision
  logic        sc_zero;    // the sine kernel gives M = 0 (z = 0 on the multiple-of-2^-26 path)
  logic        sc_sign;
  logic [5:0]  sin_idx;
  logic [6:0]  cos_idx;
  assign is_cos    = (op_i == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_COS);
  assign turns     = fix[31:0] + {1'b0, is_cos, 30'd0};
  assign oct       = turns[31:29];
  assign z         = oct[0] ? (30'h2000_0000 - {1'b0, turns[28:0]}) : {1'b0, turns[28:0]};
  assign cos_kern  = oct[1] ^ oct[0];
  assign sin_small = !is_cos && (e < 8'd124);
  assign sc_zero   = !cos_kern && !sin_small && (z[29:6] == 24'd0);
  assign sc_sign   = sc_zero ? (sgn && !is_cos) : (oct[2] ^ (sgn && !is_cos));
  assign sin_idx   = z[29:24];
  assign cos_idx   = z[29:23];

  // ---- per op: the kernel operands
  always_comb begin
    tsel_o = 3'd0;
    idx_o  = {1'b0, rcp_idx};
    dx_o   = {f[15:0], 8'd0};
    mul_o  = 1'b0;
    ln2_o  = 1'b0;
    mop_o  = '0;
    k_o    = 11'sd97 - e_s;  // RCP: 127 - e - 30
    sign_o = sgn;
    unique case (op_i)
      us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_RCP: ;
      us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_RSQ: begin
        tsel_o = 3'd1;
        idx_o  = rsq_idx;
        k_o    = rsq_k;
        sign_o = 1'b0;
      end
      us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_EX2: begin
        tsel_o = 3'd2;
        idx_o  = {2'b00, ex2_idx};
        dx_o   = ex2_a[25:2];
        k_o    = ex2_k;
        sign_o = 1'b0;
      end
      us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_LN2: begin
        tsel_o = 3'd3;
        idx_o  = {1'b0, ln2_idx};
        dx_o   = {ln2_x[16:0], 7'd0};
        mul_o  = 1'b1;
        ln2_o  = 1'b1;
        mop_o  = ln2_d;
        k_o    = ln2_k;
        sign_o = 1'b0;
      end
      us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_SIN, us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_COS: begin
        sign_o = sc_sign;
        if (cos_kern) begin
          tsel_o = 3'd5;
          idx_o  = {1'b0, cos_idx};
          dx_o = {z[22:0], 1'b0};
          k_o  = -11'sd30;
        end else begin
          tsel_o = 3'd4;
          idx_o  = {2'b00, sin_idx};
          dx_o  = z[23:0];
          mul_o = 1'b1;
          if (sin_small) begin
            mop_o = $signed({2'b01, f});      // sig
            k_o   = e_s - 11'sd177;           // e - 150 - 27
          end else begin
            mop_o = $signed({1'b0, z[29:6]});
            k_o   = -11'sd53;                 // -26 - 27
          end
        end
      end
      default: ;
    endcase
  end

  // ---- special inputs (B.5) and unknown op codes (+0)
  always_comb begin
    spec_o     = 1'b1;
    spec_res_o = 32'd0;
    unique case (op_i)
      us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_RCP: begin
        if (is_nan)      spec_res_o = qnan;
        else if (e_zero) spec_res_o = {sgn, us_fp_pkg::PosInf[30:0]};
        else if (e_max)  spec_res_o = {sgn, 31'd0};
        else             spec_o     = 1'b0;
      end
      us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_RSQ: begin
        if (is_nan)      spec_res_o = qnan;
        else if (e_zero) spec_res_o = {sgn, us_fp_pkg::PosInf[30:0]};
        else if (sgn)    spec_res_o = us_fp_pkg::DefaultNan;
        else if (e_max)  spec_res_o = 32'd0;
        else             spec_o     = 1'b0;
      end
      us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_EX2: begin
        if (is_nan)          spec_res_o = qnan;
        else if (e_zero)     spec_res_o = us_fp_pkg::One;
        else if (e >= 8'd134) spec_res_o = sgn ? 32'd0 : us_fp_pkg::PosInf;  // |a| >= 128, infinities too
        else                 spec_o     = 1'b0;
      end
      us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_LN2: begin
        if (is_nan)      spec_res_o = qnan;
        else if (e_zero) spec_res_o = us_fp_pkg::NegInf;
        else if (sgn)    spec_res_o = us_fp_pkg::DefaultNan;
        else if (e_max)  spec_res_o = us_fp_pkg::PosInf;
        else             spec_o     = 1'b0;
      end
      us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_SIN, us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_COS: begin
        if (is_nan)      spec_res_o = qnan;
        else if (e_max)  spec_res_o = us_fp_pkg::DefaultNan;
        else if (e_zero) spec_res_o = is_cos ? us_fp_pkg::One : {sgn, 31'd0};
        else             spec_o     = 1'b0;
      end
      default: ;
    endcase
  end

  // Bits the reductions drop by construction (docs/fp.md B.4).
  logic unused_bits;
  assign unused_bits = ^{ex2_a[1:0], ln2_x[24]};

endmodule
