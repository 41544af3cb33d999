#!/usr/bin/env python3
"""Checks scripts/generate/gen_state.py: --check passes on the tree, names every file a table edit makes stale (a new
retire field: the retire port list too), catches a hand-edited generated file (and `make gen` repairs it), and a
malformed table line is an error naming the line.
usage: test_state_tools.py"""
import os
import shutil
import subprocess
import sys
import tempfile

from checklib import check, summary

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUTPUTS = ("model/golden/generated/us_state_gen.h", "model/golden/generated/us_state_gen.c",
           "rtl/generated/us_fc_pkg.sv", "tb/cosim/generated/us_state_pack.h", "rtl/generated/us_retire_ports.svh")


def copy_tree(tmp):
    for d in ("scripts", "spec"):
        shutil.copytree(os.path.join(ROOT, d), os.path.join(tmp, d), ignore=shutil.ignore_patterns("__pycache__"))
    for f in OUTPUTS:
        os.makedirs(os.path.dirname(os.path.join(tmp, f)), exist_ok=True)
        shutil.copy(os.path.join(ROOT, f), os.path.join(tmp, f))


def gen(tmp, *args):
    return subprocess.run([sys.executable, "scripts/generate/gen_state.py", *args], cwd=tmp, capture_output=True,
                          text=True)


def replace(path, old, new):
    text = open(path).read()
    assert old in text, f"test setup: {old!r} not in {path}"
    open(path, "w").write(text.replace(old, new, 1))


def main():
    with tempfile.TemporaryDirectory() as tmp:
        copy_tree(tmp)
        p = gen(tmp, "--check")
        check(p.returncode == 0, f"the committed files pass --check ({p.stderr.strip()})")

        table = os.path.join(tmp, "spec", "state.txt")
        for old, new, stale in (("param LOOP_DEPTH    8", "param LOOP_DEPTH    16", (0, 2)),
                                ("field count         uint32_t            8", "field count uint32_t 9", (0, 2, 3)),
                                ("error WATCHDOG          core", "error WATCHDOG fc", (0, 2)),
                                ("field done          bool                1",
                                 "field done bool 1\nfield halted bool 1", (0, 2, 3, 4))):
            replace(table, old, new)
            p = gen(tmp, "--check")
            check(p.returncode == 1 and all(OUTPUTS[i] in p.stderr for i in stale),
                  f"{new!r} names the stale files (exit {p.returncode}: {p.stderr.strip()})")
            replace(table, new, old)

        for f in OUTPUTS:
            path = os.path.join(tmp, f)
            saved = open(path).read()
            open(path, "w").write(saved + "\n")
            p = gen(tmp, "--check")
            check(p.returncode == 1 and f in p.stderr, f"a hand edit of {f} fails --check (exit {p.returncode})")
            gen(tmp)
            check(open(path).read() == saved, f"make gen restores {f}")

        replace(table, "field al            uint8_t             8", "field al            uint8_t             9")
        p = gen(tmp, "--check")
        check(p.returncode == 2 and "state.txt:" in p.stderr and "do not fit" in p.stderr,
              f"a width that does not fit its C type is an error naming the line ({p.stderr.strip()})")
    return summary()


if __name__ == "__main__":
    sys.exit(main())
