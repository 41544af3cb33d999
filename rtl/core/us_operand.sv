// us_operand: EX1 of one pixel, combinational. From the pixel's three sources (rgb channels read at the rgb
// addresses, alpha at the alpha addresses) and the pre-subtract source srcp (us_ex_stage computes it in the stages
// before, PreAlign and PreSum, and rounds it in EX1), it forms each of the operands A, B, C of the four lanes (r g b
// from the rgb unit's selects and swizzles, a from the alpha unit's) with its input modifier: docs/spec.md section 5,
// model/golden/us_alu.c read_sources/operand. The instruction's selects, swizzles and modifiers come decoded from
// us_operand_ctl (one for the four pixels).
//   MDH/MDV: A and C of a lane are src0 of pixel 0 and of pixel 1 (MDH) or 2 (MDV), unswizzled, with the A and
//            C modifiers (d0_i, drgb_i, dalpha_i carry those pixels' src0).
//            An rgb DP4 beside an alpha MDH/MDV still reads lane a's own A (a_dp4_o) for its fourth term.
//   TEX:     lane a's A is the Q coordinate, for the reciprocal of a projected lookup.
module us_operand (
  input  logic [2:0][3:0][31:0] src_i,      // source, channel
  input  logic [3:0][31:0]      srcp_i,     // the pre-subtract source, channel (0 where no select reads it)
  input  logic [3:0][31:0]      d0_i,       // src0 of pixel 0
  input  logic [3:0][31:0]      drgb_i,     // src0 of the pixel the rgb MDH/MDV reads (1 or 2)
  input  logic [31:0]           dalpha_i,   // src0 alpha of the pixel the alpha MDH/MDV reads
  input  logic                  tex_i,
  input  logic [31:0]           tex_q_i,
  // us_operand_ctl: per slot (A r g b a, B r g b a, C r g b a, A_dp4) operand = ((word & and) | or) ^ xor
  input  logic [12:0][3:0]      idx_i,
  input  logic [12:0]           alt_i,
  input  logic [12:0][31:0]     and_i,
  input  logic [12:0][31:0]     or_i,
  input  logic [12:0][31:0]     xor_i,
  output logic [3:0][31:0]      a_o,        // lane r g b a
  output logic [3:0][31:0]      b_o,
  output logic [3:0][31:0]      c_o,
  output logic [31:0]           a_dp4_o     // lane a's A for an rgb DP4's fourth term: never the MDH/MDV value
);

  // ---- Operands ----
  // The word a slot reads: {select, channel} of {srcp, src2, src1, src0}, or its alternative. The three rgb slots of
  // operand A (slots 0 .. 2), of B (4 .. 6) and of C (8 .. 10) share their operand's select (us_operand_ctl), so each
  // of A, B, C first picks a whole source and each slot then its channel: a 3:1 of 128 bits and a 4:1 per slot
  // instead of a 16:1 per slot (synth_ecp5: a third of the LUTs). Lane a's slots (3, 7, 11) pick the word at once;
  // slot 12 reads the same select and swizzle as slot 3. srcp is rounded in this same stage, so its path is kept
  // short: every slot's other word is chosen from the registered sources beside the rounding, and srcp's channel
  // joins at the last multiplexer (a slot that reads srcp: select 3 and no alternative).
  logic [3:0][3:0][31:0] sel_src;  // select, channel (select 3, srcp, as zero here)
  assign sel_src = {128'h0, src_i[2], src_i[1], src_i[0]};

  logic [2:0][3:0][31:0] op_src;  // operand A B C: the source its rgb slots read
  logic [12:0][31:0] w_other, w;
  logic [12:0]       use_p;
  always_comb begin
    for (int k = 0; k < 3; k++) begin
      op_src[k] = sel_src[idx_i[4 * k][3:2]];
    end
    for (int s = 0; s < 13; s++) begin
      use_p[s] = idx_i[s][3:2] == 2'd3 && !alt_i[s];
      if (s < 12 && s % 4 != 3) begin
        w_other[s] = op_src[s / 4][idx_i[s][1:0]];
      end else if (s == 12) begin
        w_other[s] = w_other[3];  // before slot 3's alternative replaces it
      end else begin
        w_other[s] = sel_src[idx_i[s][3:2]][idx_i[s][1:0]];
      end
    end
    for (int c = 0; c < 3; c++) begin
      if (alt_i[c])     w_other[c]     = d0_i[c];
      if (alt_i[8 + c]) w_other[8 + c] = drgb_i[c];
    end
    if (alt_i[3])  w_other[3]  = tex_i ? tex_q_i : d0_i[3];
    if (alt_i[11]) w_other[11] = dalpha_i;
    for (int s = 0; s < 13; s++) begin
      w[s] = use_p[s] ? srcp_i[idx_i[s][1:0]] : w_other[s];
    end
    for (int l = 0; l < 4; l++) begin
      a_o[l] = ((w[l] & and_i[l]) | or_i[l]) ^ xor_i[l];
      b_o[l] = ((w[4 + l] & and_i[4 + l]) | or_i[4 + l]) ^ xor_i[4 + l];
      c_o[l] = ((w[8 + l] & and_i[8 + l]) | or_i[8 + l]) ^ xor_i[8 + l];
    end
    a_dp4_o = ((w[12] & and_i[12]) | or_i[12]) ^ xor_i[12];
  end

  logic unused_drgb;
  assign unused_drgb = ^drgb_i[3];

endmodule
