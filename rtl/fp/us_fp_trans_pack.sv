// Transcendental unit, segments 4 and 5 of 5 (combinational each): pack(sign, M, k) of docs/fp.md B.3, then the
// special result. Segment 4 (us_fp_trans_norm) normalises the value M x 2^k (M < 2^62) so that its leading one is at
// bit 63 of a 64-bit field (lz = leading zeros of M in 62 bits, t = 61 - lz its leading-one position); segment 5
// (us_fp_trans_pack) rounds it to 24 significant bits half up on the magnitude (the 25th bit is added in; no sticky
// bit) and gives it the exponent e = k + t + carry. Below 2^-126 after rounding gives a zero of the sign (FTZ),
// 2^128 and above an infinity.
module us_fp_trans_pack (
  input  logic               spec_i,
  input  logic [31:0]        spec_res_i,
  input  logic [24:0]        top_i,      // the normalised field's bits 63..39 (the 24 kept and the rounding bit)
  input  logic [5:0]         lz_i,
  input  logic               m_zero_i,
  input  logic signed [10:0] k_i,
  input  logic               sign_i,
  output logic [31:0]        result_o
);

  // ---- round half up: the top 24 bits plus the next one; a carry out gives 2^24 -> 2^23, e + 1
  logic [25:0] rnd;
  logic        carry;
  logic [22:0] frac;
  assign rnd   = {1'b0, top_i} + 26'd1;
  assign carry = rnd[25];
  assign frac  = rnd[23:1];  // 0 after a carry

  // ---- exponent: e = k + (61 - lz) + carry, biased e + 127 = k + 188 - lz + carry
  logic signed [11:0] e_b;
  logic               tiny, huge;
  assign e_b  = $signed({k_i[10], k_i}) + 12'sd188 - $signed({6'd0, lz_i}) + $signed({11'd0, carry});
  assign tiny = (e_b < 12'sd1);
  assign huge = (e_b > 12'sd254);

  always_comb begin
    if (spec_i) begin
      result_o = spec_res_i;
    end else if (m_zero_i || tiny) begin
      result_o = {sign_i, 31'd0};
    end else if (huge) begin
      result_o = {sign_i, us_fp_pkg::PosInf[30:0]};
    end else begin
      result_o = {sign_i, e_b[7:0], frac};
    end
  end

  logic unused_bits;
  assign unused_bits = ^{rnd[24], rnd[0]};

endmodule
