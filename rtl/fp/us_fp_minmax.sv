// us_fp_minmax: MIN and MAX of the US, combinational (docs/fp.md A.2 MIN, MAX).
//
// Bit for bit the C golden model us_fp_min / us_fp_max (model/golden/us_fp.c). The compare reads both operands
// after DAZ (a denormal is a zero of its sign, CTM p.40), then
//   max_i = 0: result_o = a < b ? a : b        max_i = 1: result_o = a > b ? a : b
// comparing values (-0 equals +0). So a NaN operand, or equal operands (+0 and -0 included), give b (CTM p.42).
// The chosen operand comes out as it went in, not DAZ'd: with OMOD 7 the result is a bit-exact copy of it (CTM
// p.29, p.42), denormals and NaN payloads included (a signalling NaN is NOT quieted).
//
// Logic: one 31-bit magnitude comparator and a few gates; one level, no pipelining needed.
module us_fp_minmax (
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  input  logic        max_i,
  output logic [31:0] result_o
);

  logic [31:0] a_daz, b_daz;
  assign a_daz = (a_i[30:23] == 8'h00) ? {a_i[31], 31'h0} : a_i;
  assign b_daz = (b_i[30:23] == 8'h00) ? {b_i[31], 31'h0} : b_i;

  logic any_nan, both_zero, mag_lt, mag_gt, a_lt_b, a_gt_b;
  assign any_nan   = (a_daz[30:0] > us_fp_pkg::PosInf[30:0]) || (b_daz[30:0] > us_fp_pkg::PosInf[30:0]);
  assign both_zero = (a_daz[30:0] == 31'h0) && (b_daz[30:0] == 31'h0);
  assign mag_lt    = (a_daz[30:0] < b_daz[30:0]);
  assign mag_gt    = (a_daz[30:0] > b_daz[30:0]);

  // Sign and magnitude order: positive > negative unless both are zeros; with equal signs the magnitudes decide
  // (reversed for negatives).
  always_comb begin
    unique case ({a_daz[31], b_daz[31]})
      2'b00:   begin a_lt_b = mag_lt;     a_gt_b = mag_gt;     end
      2'b01:   begin a_lt_b = 1'b0;       a_gt_b = ~both_zero; end
      2'b10:   begin a_lt_b = ~both_zero; a_gt_b = 1'b0;       end
      default: begin a_lt_b = mag_gt;     a_gt_b = mag_lt;     end
    endcase
  end

  logic take_a;
  assign take_a   = ~any_nan & (max_i ? a_gt_b : a_lt_b);
  assign result_o = take_a ? a_i : b_i;

endmodule
