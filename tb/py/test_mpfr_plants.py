#!/usr/bin/env python3
"""The bounds' tightness check can fail: build/san/tests/test_mpfr_bounds with each planted fault of its bounds
(argv[3]: every bound's slack doubled, every bound "anything", every run called unstable) exits 1 and names the
loose op classes; an unknown plant exits 2. (The unplanted run is its own test in tb/tests.ini.)
usage: test_mpfr_plants.py"""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checklib import check, summary  # noqa: E402

BIN = os.path.join(ROOT, "build", "san", "tests", "test_mpfr_bounds")
OPS = ("MAD", "DP3", "DP4", "RCP", "RSQ", "EX2", "LN2", "SIN", "COS", "FRC", "MIN", "CMP")


def main():
    for plant in ("double", "anything", "unstable"):
        p = subprocess.run([BIN, "500", "20261125", plant], capture_output=True, text=True)
        loose = [op for op in OPS if f"{op}: the bound is loose" in p.stderr]
        check(p.returncode == 1 and loose == list(OPS), f"planted {plant}: exit {p.returncode} (want 1), loose "
              f"op classes {loose} (want all 12)")
    p = subprocess.run([BIN, "10", "1", "tighter"], capture_output=True, text=True)
    check(p.returncode == 2 and "tighter" in p.stderr, f"an unknown plant exits 2 naming it ({p.returncode})")
    return summary()


if __name__ == "__main__":
    sys.exit(main())
