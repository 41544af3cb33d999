// Transcendental unit, stage 2 of 4 (combinational): the quadratic interpolator shared by the six tables
// (docs/fp.md B.2), with the offset left-aligned to 24 bits (see us_fp_trans_reduce):
//   dq  = dx[23:8]                          (dx >> (D - DQ), DQ = 16 in every table)
//   sq  = (dq x dq) >> 16                   (Q = 16)
//   acc = c0 + floor(c1 x dx / 2^21) + floor(c2 x sq / 2^12)
// All products are exact and the three terms are added exactly; acc is in [2^29, 2^30] for every argument the
// reductions produce, so its low 31 bits are the value.
module us_fp_trans_interp (
  input  logic [30:0]        c0_i,
  input  logic signed [21:0] c1_i,
  input  logic signed [13:0] c2_i,
  input  logic [23:0]        dx_i,
  output logic [30:0]        acc_o
);

  logic [15:0] dq;
  logic [31:0] dq_sq;
  logic [15:0] sq;
  logic signed [46:0] p1;  // c1 x dx: 22 x 24 bits, signed
  logic signed [30:0] p2;  // c2 x sq: 14 x 16 bits, signed
  logic signed [46:0] t1;
  logic signed [30:0] t2;
  logic signed [32:0] sum;

  assign dq    = dx_i[23:8];
  assign dq_sq = {16'd0, dq} * {16'd0, dq};
  assign sq    = dq_sq[31:16];

  assign p1 = $signed({{25{c1_i[21]}}, c1_i}) * $signed({23'd0, dx_i});
  assign p2 = $signed({{17{c2_i[13]}}, c2_i}) * $signed({15'd0, sq});
  assign t1 = p1 >>> 21;  // floor; |t1| < 2^25
  assign t2 = p2 >>> 12;  // floor; |t2| < 2^18

  assign sum   = $signed({2'b00, c0_i}) + $signed(t1[32:0]) + $signed({{2{t2[30]}}, t2});
  assign acc_o = sum[30:0];

  logic unused_bits;
  assign unused_bits = ^{dq_sq[15:0], t1[46:33], sum[32:31]};

endmodule
