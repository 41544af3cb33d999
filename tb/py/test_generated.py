#!/usr/bin/env python3
"""Generated sources stay apart from written ones (scripts/checks/check_generated.py): the check passes on the tree,
and fails naming the file on a copy where a generated file sits beside the written ones (rtl/, model/isa/, tb/cosim/),
or a written file sits in a generated/ folder.
usage: test_generated.py"""
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checklib import check, summary  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHECK = [sys.executable, os.path.join(ROOT, "scripts", "checks", "check_generated.py")]
SOURCES = shutil.ignore_patterns("build", "__pycache__", "*.vec", "*.png", "corpus")


def run(root):
    return subprocess.run(CHECK + [root], capture_output=True, text=True)


def planted(edit):
    with tempfile.TemporaryDirectory() as tmp:
        for top in ("rtl", "model", "tb"):
            shutil.copytree(os.path.join(ROOT, top), os.path.join(tmp, top), ignore=SOURCES)
        edit(tmp)
        return run(tmp)


def main():
    p = run(ROOT)
    check(p.returncode == 0, f"the tree passes: {p.stdout.strip()}")
    moves = [("rtl/generated/us_isa_pkg.sv", "rtl/us_isa_pkg.sv"),
             ("model/isa/generated/us_isa_gen.c", "model/isa/us_isa_gen.c"),
             ("tb/cosim/generated/us_state_pack.h", "tb/cosim/us_state_pack.h"),
             ("model/golden/generated/us_fp_tables.h", "model/golden/us_fp_tables.h")]
    for src, dst in moves:
        p = planted(lambda t, s=src, d=dst: shutil.move(os.path.join(t, s), os.path.join(t, d)))
        check(p.returncode == 1 and f"{dst}: generated" in p.stdout, f"{src} moved to {dst} fails, naming it "
              f"(exit {p.returncode}: {p.stdout.strip().splitlines()[:1]})")
    p = planted(lambda t: shutil.copy(os.path.join(t, "rtl", "us_fc.sv"), os.path.join(t, "rtl", "generated")))
    check(p.returncode == 1 and "rtl/generated/us_fc.sv: in a generated/ folder" in p.stdout,
          f"a written file in rtl/generated fails, naming it (exit {p.returncode})")
    return summary()


if __name__ == "__main__":
    sys.exit(main())
