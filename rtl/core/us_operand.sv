// us_operand: the first execute stage of one pixel, combinational. From the pixel's three sources (rgb channels
// read at the rgb addresses, alpha at the alpha addresses) it forms the pre-subtract source srcp, then each of
// the operands A, B, C of the four lanes (r g b from the rgb unit's selects and swizzles, a from the alpha
// unit's) with its input modifier: docs/spec.md section 5, model/golden/us_alu.c read_sources/operand.
//   MDH/MDV: A and C of a lane are src0 of pixel 0 and of pixel 1 (MDH) or 2 (MDV), unswizzled, with the A and
//            C modifiers (d0_i, drgb_i, dalpha_i carry those pixels' src0).
//            An rgb DP4 beside an alpha MDH/MDV still reads lane a's own A (a_dp4_o) for its fourth term.
//   TEX:     lane a's A is the Q coordinate, for the reciprocal of a projected lookup.
module us_operand (
  input  logic [2:0][3:0][31:0] src_i,      // source, channel
  input  logic [3:0][31:0]      d0_i,       // src0 of pixel 0
  input  logic [3:0][31:0]      drgb_i,     // src0 of the pixel the rgb MDH/MDV reads (1 or 2)
  input  logic [31:0]           dalpha_i,   // src0 alpha of the pixel the alpha MDH/MDV reads
  input  logic [31:0]           rgb_addr_i, // instruction dwords 1 .. 5
  input  logic [31:0]           alpha_addr_i,
  input  logic [31:0]           rgb_inst_i,
  input  logic [31:0]           alpha_inst_i,
  input  logic [31:0]           rgba_inst_i,
  input  logic                  tex_i,
  input  logic [31:0]           tex_q_i,
  output logic [3:0][31:0]      a_o,        // lane r g b a
  output logic [3:0][31:0]      b_o,
  output logic [3:0][31:0]      c_o,
  output logic [31:0]           a_dp4_o     // lane a's A for an rgb DP4's fourth term: never the MDH/MDV value
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

  // Only the pre-subtract ops and the selects, swizzles, modifiers and ops are read here.
  logic unused_fields;
  assign unused_fields = ^{ra[29:0], aa[29:0], ri[31:26], ai[31:19], ai[11:0], ci[11:0]};

  // ---- Pre-subtract, per channel: NEG2 1 - 2 s0, SUB s1 - s0, ADD s1 + s0, NEG 1 - s0 ----
  // A channel's adder (and NEG2's doubling) is computed only when a select reads that channel of srcp (srcp_use,
  // below); the channel is 0 otherwise.
  logic [3:0][31:0] twice, pa, pb, srcp;
  logic [3:0][1:0]  pop;
  logic [3:0]       srcp_use;
  always_comb begin
    for (int c = 0; c < 4; c++) begin
      pop[c]   = (c == 3) ? aa.srcp_op : ra.srcp_op;
      twice[c] = 32'h0;
      pa[c]    = us_fp_pkg::One;
      pb[c]    = 32'h0;
      srcp[c]  = 32'h0;
      if (srcp_use[c]) begin
        unique case (pop[c])
          2'd0:    begin                                                                               // NEG2
            twice[c] = us_fp_pkg::fp_mul(src_i[0][c], us_fp_pkg::Two, 1'b0);
            pa[c]    = us_fp_pkg::One;
            pb[c]    = twice[c] ^ 32'h8000_0000;
          end
          2'd1:    begin pa[c] = src_i[1][c];    pb[c] = src_i[0][c] ^ 32'h8000_0000; end            // SUB
          2'd2:    begin pa[c] = src_i[1][c];    pb[c] = src_i[0][c];                 end            // ADD
          default: begin pa[c] = us_fp_pkg::One; pb[c] = src_i[0][c] ^ 32'h8000_0000; end            // NEG
        endcase
        srcp[c] = us_fp_pkg::fp_add(pa[c], pb[c]);
      end
    end
  end

  // ---- Operands ----
  function automatic logic [31:0] modify(input logic [31:0] v, input logic [1:0] m);
    unique case (m)
      2'd1:    modify = v ^ 32'h8000_0000;
      2'd2:    modify = v & 32'h7FFF_FFFF;
      2'd3:    modify = v | 32'h8000_0000;
      default: modify = v;
    endcase
  endfunction

  // The value a select (0..2 src0..2, 3 srcp) and swizzle (r g b a 0 0.5 1 0) pick, with the modifier: v is
  // sel_src[{select, swizzle[1:0]}].
  logic [15:0][31:0] sel_src;  // select, channel
  assign sel_src = {srcp, src_i[2], src_i[1], src_i[0]};

  function automatic logic [31:0] pick(input logic [31:0] v, input logic [2:0] swz, input logic [1:0] m);
    logic [31:0] x;
    unique case (swz)
      3'd0, 3'd1, 3'd2, 3'd3: x = v;
      3'd5:    x = us_fp_pkg::Half;
      3'd6:    x = us_fp_pkg::One;
      default: x = 32'h0;
    endcase
    pick = modify(x, m);
  endfunction

  // The channels of srcp that a select reads (a select of srcp with a swizzle r g b or a).
  function automatic logic [3:0] reads_srcp(input logic [1:0] sel, input logic [2:0] swz);
    reads_srcp = (sel == 2'd3 && !swz[2]) ? (4'b0001 << swz[1:0]) : 4'b0000;
  endfunction

  logic rgb_deriv, alpha_deriv;
  assign rgb_deriv   = (ci.rgb_op == us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_MDH) ||
                       (ci.rgb_op == us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_MDV);
  assign alpha_deriv = (ai.alpha_op == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_MDH) ||
                       (ai.alpha_op == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_MDV);

  logic [2:0][2:0] swa, swb, swc;
  assign swa = {ri.blue_swiz_a, ri.green_swiz_a, ri.red_swiz_a};
  assign swb = {ri.blue_swiz_b, ri.green_swiz_b, ri.red_swiz_b};
  assign swc = {ci.blue_swiz_c, ci.green_swiz_c, ci.red_swiz_c};

  always_comb begin
    srcp_use = reads_srcp(ai.alpha_sel_a, ai.alpha_swiz_a) | reads_srcp(ai.alpha_sel_b, ai.alpha_swiz_b) |
               reads_srcp(ci.alpha_sel_c, ci.alpha_swiz_c);
    for (int c = 0; c < 3; c++) begin
      srcp_use = srcp_use | reads_srcp(ri.rgb_sel_a, swa[c]) | reads_srcp(ri.rgb_sel_b, swb[c]) |
                 reads_srcp(ci.rgb_sel_c, swc[c]);
    end
  end

  always_comb begin
    for (int c = 0; c < 3; c++) begin
      a_o[c] = rgb_deriv ? modify(d0_i[c], ri.rgb_mod_a)
                         : pick(sel_src[{ri.rgb_sel_a, swa[c][1:0]}], swa[c], ri.rgb_mod_a);
      b_o[c] = pick(sel_src[{ri.rgb_sel_b, swb[c][1:0]}], swb[c], ri.rgb_mod_b);
      c_o[c] = rgb_deriv ? modify(drgb_i[c], ci.rgb_mod_c)
                         : pick(sel_src[{ci.rgb_sel_c, swc[c][1:0]}], swc[c], ci.rgb_mod_c);
    end
    a_dp4_o = pick(sel_src[{ai.alpha_sel_a, ai.alpha_swiz_a[1:0]}], ai.alpha_swiz_a, ai.alpha_mod_a);
    a_o[3]  = tex_i ? tex_q_i : alpha_deriv ? modify(d0_i[3], ai.alpha_mod_a) : a_dp4_o;
    b_o[3]  = pick(sel_src[{ai.alpha_sel_b, ai.alpha_swiz_b[1:0]}], ai.alpha_swiz_b, ai.alpha_mod_b);
    c_o[3]  = alpha_deriv ? modify(dalpha_i, ci.alpha_mod_c)
                          : pick(sel_src[{ci.alpha_sel_c, ci.alpha_swiz_c[1:0]}], ci.alpha_swiz_c, ci.alpha_mod_c);
  end

  logic unused_drgb;
  assign unused_drgb = ^drgb_i[3];

endmodule
