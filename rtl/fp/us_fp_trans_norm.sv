// Transcendental unit, segment 4 of 5 (combinational): the normalisation of pack(sign, M, k) (docs/fp.md B.3;
// us_fp_trans_pack rounds): M (< 2^62) shifted so that its leading one is at bit 63 of a 64-bit field, in six
// shift stages of 32, 16, 8, 4, 2, 1 (a leading-zero count and a shifter in one). It hands on the field's top 25
// bits (the 24 kept and the rounding bit), the leading-zero count lz and whether M is zero.
module us_fp_trans_norm (
  input  logic [61:0] m_i,
  output logic [24:0] top_o,
  output logic [5:0]  lz_o,
  output logic        m_zero_o
);

  logic [63:0] n0;
  always_comb begin
    n0   = {m_i, 2'b00};
    lz_o = 6'd0;
    if (n0[63:32] == 32'd0) begin
      n0      = {n0[31:0], 32'd0};
      lz_o[5] = 1'b1;
    end
    if (n0[63:48] == 16'd0) begin
      n0      = {n0[47:0], 16'd0};
      lz_o[4] = 1'b1;
    end
    if (n0[63:56] == 8'd0) begin
      n0      = {n0[55:0], 8'd0};
      lz_o[3] = 1'b1;
    end
    if (n0[63:60] == 4'd0) begin
      n0      = {n0[59:0], 4'd0};
      lz_o[2] = 1'b1;
    end
    if (n0[63:62] == 2'd0) begin
      n0      = {n0[61:0], 2'd0};
      lz_o[1] = 1'b1;
    end
    if (!n0[63]) begin
      n0      = {n0[62:0], 1'b0};
      lz_o[0] = 1'b1;
    end
  end

  assign top_o    = n0[63:39];
  assign m_zero_o = (m_i == 62'd0);

  logic unused_bits;
  assign unused_bits = ^n0[38:0];

endmodule
