#!/usr/bin/env python3
"""The smoke suite (vectors/smoke, make vectors), written to OUT: usgen --suite smoke, then the directed assembly
programs whose expectations their tests check against the spec (tb/py/test_stack_limits.py: the address and loop
stacks full and one deeper, limits-*; tb/py/test_al_sweep.py: aL over its whole range, al-*), each emitted with the
model's results. tb/py/test_usgen.py regenerates it this way and compares byte for byte.
usage: smoke_suite.py OUT   (OUT must not exist; exit 2 on a failure, OUT then removed)"""
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EMITTERS = ["tb/py/test_stack_limits.py", "tb/py/test_al_sweep.py"]


def main():
    if len(sys.argv) != 2 or os.path.exists(sys.argv[1]):
        print(__doc__.splitlines()[-1], file=sys.stderr)
        return 2
    out = sys.argv[1]
    steps = [[os.path.join(ROOT, "build", "bin", "usgen"), "--suite", "smoke", "--out", out]]
    steps += [[sys.executable, os.path.join(ROOT, e), "--emit", out] for e in EMITTERS]
    for cmd in steps:
        p = subprocess.run(cmd, capture_output=True, text=True)
        if p.returncode:
            print(f"smoke_suite: {' '.join(cmd)}: exit {p.returncode}: {(p.stdout + p.stderr).strip()[-400:]}",
                  file=sys.stderr)
            shutil.rmtree(out, ignore_errors=True)
            return 2
    print(f"smoke_suite: {len(os.listdir(out))} vectors in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
