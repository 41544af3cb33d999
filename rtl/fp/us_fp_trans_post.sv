// Transcendental unit, stage 3 of 4 (combinational): the magnitude M to normalise (docs/fp.md B.4).
//   RCP, RSQ, EX2, SIN/COS cosine kernel:  M = acc
//   SIN/COS sine kernel:                   M = mop x acc         (mop = sig or z >> 6, 24 bits)
//   LN2:                                   R = k 2^53 + mop x acc (mop = d24, signed 25 bits), M = |R|,
//                                          sign = R < 0, scale -53
// The product mop x acc (25 x 31 bits, signed x unsigned) comes in from us_fp_trans, which may register it;
// |R| < 2^61.
module us_fp_trans_post (
  input  logic [30:0]        acc_i,
  input  logic signed [62:0] prod_i,  // mop x acc
  input  logic               mul_i,
  input  logic               ln2_i,
  input  logic signed [10:0] k_i,
  input  logic               sign_i,
  output logic [61:0]        m_o,
  output logic signed [10:0] k_o,
  output logic               sign_o
);

  logic signed [62:0] r;
  logic [62:0]        r_abs;
  logic               r_neg;

  // |r| from two adders side by side instead of a negation behind the add: -r = ~prod + (-k 2^53) + 1, so the
  // product feeds both and the sign of r picks one (one carry chain deep, not two: the FPGA plan's path).
  logic [62:0] k_term, k_neg, r_negated;
  assign k_term    = ln2_i ? {k_i[9:0], 53'd0} : 63'd0;
  assign k_neg     = ln2_i ? {10'(-k_i[9:0]), 53'd0} : 63'd0;
  assign r         = $signed($unsigned(prod_i) + k_term);
  assign r_negated = ~$unsigned(prod_i) + k_neg + 63'd1;
  assign r_neg     = r[62];
  assign r_abs     = r_neg ? r_negated : $unsigned(r);

  assign m_o    = mul_i ? r_abs[61:0] : {31'd0, acc_i};
  assign k_o    = ln2_i ? -11'sd53 : k_i;
  assign sign_o = ln2_i ? r_neg : sign_i;

  logic unused_bits;
  assign unused_bits = ^{r_abs[62], k_i[10]};

endmodule
