// us_pre_ctl: the pre-subtract an instruction asks for, per channel (combinational; docs/spec.md section 5,
// model/golden/us_alu.c): its op (rgb channels the rgb srcp op, a the alpha one) and whether any select reads
// that channel of srcp, so that the channel's adder runs only then. OF decodes it and registers it beside the
// instruction: PreAlign, the stage after, starts the adder from it without a decoder in its path.
module us_pre_ctl (
  input  logic [31:0]     rgb_addr_i,   // instruction dwords 1 .. 5
  input  logic [31:0]     alpha_addr_i,
  input  logic [31:0]     rgb_inst_i,
  input  logic [31:0]     alpha_inst_i,
  input  logic [31:0]     rgba_inst_i,
  output logic [3:0][1:0] pop_o,        // channel: the pre-subtract op
  output logic [3:0]      use_o         // channel: a select reads this channel of srcp
);

  us_isa_pkg::us_alu_rgb_addr_t   ra;
  us_isa_pkg::us_alu_alpha_addr_t aa;
  us_isa_pkg::us_alu_rgb_inst_t   ri;
  us_isa_pkg::us_alu_alpha_inst_t ai;
  us_isa_pkg::us_alu_rgba_inst_t  ci;
  assign ra = rgb_addr_i;
  assign aa = alpha_addr_i;
  assign ri = rgb_inst_i;
  assign ai = alpha_inst_i;
  assign ci = rgba_inst_i;

  // Only the srcp ops, the selects and the swizzles are read here (the words stand for their other fields).
  logic unused_fields;
  assign unused_fields = ^{ra, aa, ri, ai, ci};

  assign pop_o = {aa.srcp_op, ra.srcp_op, ra.srcp_op, ra.srcp_op};

  // The channels of srcp that a select reads (a select of srcp with a swizzle r g b or a).
  function automatic logic [3:0] reads_srcp(input logic [1:0] sel, input logic [2:0] swz);
    reads_srcp = (sel == 2'd3 && !swz[2]) ? (4'b0001 << swz[1:0]) : 4'b0000;
  endfunction

  always_comb begin
    use_o = reads_srcp(ai.alpha_sel_a, ai.alpha_swiz_a) | reads_srcp(ai.alpha_sel_b, ai.alpha_swiz_b) |
            reads_srcp(ci.alpha_sel_c, ci.alpha_swiz_c) |
            reads_srcp(ri.rgb_sel_a, ri.red_swiz_a) | reads_srcp(ri.rgb_sel_a, ri.green_swiz_a) |
            reads_srcp(ri.rgb_sel_a, ri.blue_swiz_a) |
            reads_srcp(ri.rgb_sel_b, ri.red_swiz_b) | reads_srcp(ri.rgb_sel_b, ri.green_swiz_b) |
            reads_srcp(ri.rgb_sel_b, ri.blue_swiz_b) |
            reads_srcp(ci.rgb_sel_c, ci.red_swiz_c) | reads_srcp(ci.rgb_sel_c, ci.green_swiz_c) |
            reads_srcp(ci.rgb_sel_c, ci.blue_swiz_c);
  end

endmodule
