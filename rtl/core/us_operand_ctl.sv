// us_operand_ctl: what the selects, swizzles and input modifiers of an instruction do, decoded once for the four
// pixels' us_operand (combinational, EX1; docs/spec.md section 5, model/golden/us_alu.c read_sources/operand).
// Each of the 13 operand slots (A of lanes r g b a, B of r g b a, C of r g b a, and lane a's A for an rgb DP4's
// fourth term) reads one word of its pixel's sources, or the slot's alternative (alt_o: the MDH/MDV neighbour's
// src0, or for a TEX instruction lane a's Q coordinate), and applies three masks:
//   operand = ((word & and_o) | or_o) ^ xor_o
// A constant swizzle (0, 0.5, 1) clears the word in and_o and puts the constant into or_o; the modifiers NEG, ABS
// and NAB (-|x|) are xor_o, and_o and or_o on the sign bit. The four pixels share this decode instead of each
// running the case statements of the selects on its own.
module us_operand_ctl (
  input  logic [31:0]       rgb_inst_i,   // instruction dwords 3 .. 5
  input  logic [31:0]       alpha_inst_i,
  input  logic [31:0]       rgba_inst_i,
  input  logic              tex_i,
  output logic [12:0][3:0]  idx_o,        // slot: the word of {srcp, src2, src1, src0} it reads, {select, channel}
  output logic [12:0]       alt_o,        // slot: it reads its alternative instead (only slots 0 .. 3, 8 .. 11)
  output logic [12:0][31:0] and_o,
  output logic [12:0][31:0] or_o,
  output logic [12:0][31:0] xor_o
);

  us_isa_pkg::us_alu_rgb_inst_t   ri;
  us_isa_pkg::us_alu_alpha_inst_t ai;
  us_isa_pkg::us_alu_rgba_inst_t  ci;
  assign ri = rgb_inst_i;
  assign ai = alpha_inst_i;
  assign ci = rgba_inst_i;

  // Only the selects, swizzles, modifiers and ops are read here (OF decodes the pre-subtract: us_pre_ctl).
  logic unused_fields;
  assign unused_fields = ^{ri[31:26], ai[31:19], ai[11:0], ci[11:0]};

  logic [2:0][2:0] swa, swb, swc;
  assign swa = {ri.blue_swiz_a, ri.green_swiz_a, ri.red_swiz_a};
  assign swb = {ri.blue_swiz_b, ri.green_swiz_b, ri.red_swiz_b};
  assign swc = {ci.blue_swiz_c, ci.green_swiz_c, ci.red_swiz_c};

  logic rgb_deriv, alpha_deriv;
  assign rgb_deriv   = (ci.rgb_op == us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_MDH) ||
                       (ci.rgb_op == us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_MDV);
  assign alpha_deriv = (ai.alpha_op == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_MDH) ||
                       (ai.alpha_op == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_MDV);

  // Each slot's select, swizzle and modifier; alt: it reads its alternative word, unswizzled. TEX reads Q as it
  // is: modifier 0.
  logic [12:0][1:0] sel, mods;
  logic [12:0][2:0] swz;
  always_comb begin
    for (int c = 0; c < 3; c++) begin
      sel[c]      = ri.rgb_sel_a;  swz[c]     = swa[c];  mods[c]     = ri.rgb_mod_a;
      sel[4 + c]  = ri.rgb_sel_b;  swz[4 + c] = swb[c];  mods[4 + c] = ri.rgb_mod_b;
      sel[8 + c]  = ci.rgb_sel_c;  swz[8 + c] = swc[c];  mods[8 + c] = ci.rgb_mod_c;
      alt_o[c]     = rgb_deriv;
      alt_o[4 + c] = 1'b0;
      alt_o[8 + c] = rgb_deriv;
    end
    sel[3]  = ai.alpha_sel_a;  swz[3]  = ai.alpha_swiz_a;  mods[3]  = tex_i ? 2'd0 : ai.alpha_mod_a;
    sel[7]  = ai.alpha_sel_b;  swz[7]  = ai.alpha_swiz_b;  mods[7]  = ai.alpha_mod_b;
    sel[11] = ci.alpha_sel_c;  swz[11] = ci.alpha_swiz_c;  mods[11] = ci.alpha_mod_c;
    sel[12] = ai.alpha_sel_a;  swz[12] = ai.alpha_swiz_a;  mods[12] = ai.alpha_mod_a;
    alt_o[3]  = tex_i || alpha_deriv;
    alt_o[7]  = 1'b0;
    alt_o[11] = alpha_deriv;
    alt_o[12] = 1'b0;
  end

  // A swizzle r g b a keeps the word; 0.5 and 1 replace it, the others with 0. The modifier: 1 NEG flips the
  // sign, 2 ABS clears it, 3 NAB sets it.
  logic [12:0][31:0] cval;
  logic [12:0]       keep;
  always_comb begin
    for (int s = 0; s < 13; s++) begin
      idx_o[s] = {sel[s], swz[s][1:0]};
      keep[s]  = alt_o[s] || !swz[s][2];
      // 0.5 (swizzle 5) 3F00_0000 and 1 (6) 3F80_0000, without branches
      cval[s]  = {2'b00, {6{!keep[s] && (swz[s][1] ^ swz[s][0])}}, !keep[s] && swz[s][1:0] == 2'd2, 23'h0};
      and_o[s] = {mods[s] != 2'd2, 31'h7FFF_FFFF} & {32{keep[s]}};
      or_o[s]  = cval[s] | {mods[s] == 2'd3, 31'h0};  // the constants are positive: ABS leaves them
      xor_o[s] = {mods[s] == 2'd1, 31'h0};
    end
  end

endmodule
