// Transcendental unit, stage 4 of 4 (combinational): pack(sign, M, k) of docs/fp.md B.3, then the special
// result. The value M x 2^k (M < 2^62) is normalised so that its leading one is at bit 63 of a 64-bit field
// (lz = leading zeros of M in 62 bits, t = 61 - lz its leading-one position), rounded to 24 significant bits
// half up on the magnitude (the 25th bit is added in; no sticky bit), and given the exponent e = k + t + carry.
// Below 2^-126 after rounding gives a zero of the sign (FTZ), 2^128 and above an infinity.
module us_fp_trans_pack (
  input  logic               spec_i,
  input  logic [31:0]        spec_res_i,
  input  logic [61:0]        m_i,
  input  logic signed [10:0] k_i,
  input  logic               sign_i,
  output logic [31:0]        result_o
);

  // ---- normalise: six shift stages of 32, 16, 8, 4, 2, 1 (a leading-zero count and a shifter in one)
  logic [63:0] n0;
  logic [5:0]  lz;
  always_comb begin
    n0 = {m_i, 2'b00};
    lz = 6'd0;
    if (n0[63:32] == 32'd0) begin
      n0    = {n0[31:0], 32'd0};
      lz[5] = 1'b1;
    end
    if (n0[63:48] == 16'd0) begin
      n0    = {n0[47:0], 16'd0};
      lz[4] = 1'b1;
    end
    if (n0[63:56] == 8'd0) begin
      n0    = {n0[55:0], 8'd0};
      lz[3] = 1'b1;
    end
    if (n0[63:60] == 4'd0) begin
      n0    = {n0[59:0], 4'd0};
      lz[2] = 1'b1;
    end
    if (n0[63:62] == 2'd0) begin
      n0    = {n0[61:0], 2'd0};
      lz[1] = 1'b1;
    end
    if (!n0[63]) begin
      n0    = {n0[62:0], 1'b0};
      lz[0] = 1'b1;
    end
  end

  // ---- round half up: the top 24 bits plus the next one; a carry out gives 2^24 -> 2^23, e + 1
  logic [25:0] rnd;
  logic        carry;
  logic [22:0] frac;
  assign rnd   = {1'b0, n0[63:39]} + 26'd1;
  assign carry = rnd[25];
  assign frac  = rnd[23:1];  // 0 after a carry

  // ---- exponent: e = k + (61 - lz) + carry, biased e + 127 = k + 188 - lz + carry
  logic signed [11:0] e_b;
  logic               m_zero, tiny, huge;
  assign e_b    = $signed({k_i[10], k_i}) + 12'sd188 - $signed({6'd0, lz}) + $signed({11'd0, carry});
  assign m_zero = (m_i == 62'd0);
  assign tiny   = (e_b < 12'sd1);
  assign huge   = (e_b > 12'sd254);

  always_comb begin
    if (spec_i) begin
      result_o = spec_res_i;
    end else if (m_zero || tiny) begin
      result_o = {sign_i, 31'd0};
    end else if (huge) begin
      result_o = {sign_i, us_fp_pkg::PosInf[30:0]};
    end else begin
      result_o = {sign_i, e_b[7:0], frac};
    end
  end

  logic unused_bits;
  assign unused_bits = ^{n0[38:0], rnd[24], rnd[0]};

endmodule
