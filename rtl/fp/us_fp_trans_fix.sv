// Transcendental unit, the first part of segment 1 (combinational): the shared fixed-point shifter of EX2, SIN and
// COS (docs/fp.md B.4), a segment of its own so that a register can sit between it and the reduction
// (us_fp_trans_reduce). fix = floor(sig x 2^(e - 118)), i.e. |a| with 32 fraction bits. For e > 150 the shift
// amount wraps to 151..255 and fix is 0, which SIN/COS need (|a| >= 2^23 is an integer); EX2 only uses e <= 133,
// where fix < 2^39. Bit-exact with model/golden/us_fp_trans.c.
module us_fp_trans_fix (
  input  logic [31:0] a_i,
  output logic [39:0] fix_o
);
  logic [7:0]  fix_sh;
  logic [55:0] fix_full;
  assign fix_sh   = 8'd150 - a_i[30:23];
  assign fix_full = {1'b1, a_i[22:0], 32'd0} >> fix_sh;
  assign fix_o    = fix_full[39:0];

  // The shift leaves the top bits zero for every exponent EX2 reduces (docs/fp.md B.4); a_i's sign is not read.
  logic unused_bits;
  assign unused_bits = ^{fix_full[55:40], a_i[31]};
endmodule
