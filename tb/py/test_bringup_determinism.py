#!/usr/bin/env python3
"""usbringup --suite chooses the same vectors every run: three runs on the same candidates (usgen --fields and a
stable random set), each in a process of its own (so with its own heap addresses), write byte-identical suites. A
candidate list sorted by pointer bytes instead of by path once made the choice move between 330 and 339 vectors from
run to run; a lab must be able to remake the suite it was given.
usage: test_bringup_determinism.py [--bin DIR]   (DIR: another build's usgen and usbringup, e.g. an older one)"""
import filecmp
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checklib import check, summary  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = sys.argv[2] if len(sys.argv) == 3 and sys.argv[1] == "--bin" else os.path.join(ROOT, "build", "bin")


def same_tree(a, b):
    cmp = filecmp.dircmp(a, b)
    if cmp.left_only or cmp.right_only or cmp.diff_files or cmp.funny_files:
        return False
    return all(same_tree(os.path.join(a, d), os.path.join(b, d)) for d in cmp.common_dirs)


def main():
    with tempfile.TemporaryDirectory() as tmp:
        cands = [os.path.join(tmp, "fields"), os.path.join(tmp, "random")]
        for cmd in ([os.path.join(BIN, "usgen"), "--fields", "--out", cands[0]],
                    [os.path.join(BIN, "usgen"), "--random", "300", "--seed", "1", "--knob", "stable=1", "--out",
                     cands[1]]):
            p = subprocess.run(cmd, capture_output=True, text=True)
            if not check(p.returncode == 0, f"{' '.join(cmd[1:3])}: exit {p.returncode}"):
                return summary()
        outs, lines = [], []
        for k in range(3):
            out = os.path.join(tmp, f"suite{k}")
            p = subprocess.run([os.path.join(BIN, "usbringup"), "--suite", out, *cands], capture_output=True,
                               text=True, env=dict(os.environ, PROGRESS="0"))
            check(p.returncode == 0, f"run {k + 1}: usbringup --suite exits 0 ({p.returncode}: {p.stderr[-200:]})")
            outs.append(out)
            last = p.stdout.strip().splitlines()[-1] if p.stdout.strip() else ""
            lines.append(last.rsplit(" -> ", 1)[0])
        check(lines[0] == lines[1] == lines[2], f"three runs report the same suite ({lines})")
        check(same_tree(outs[0], outs[1]) and same_tree(outs[0], outs[2]),
              "three runs write byte-identical suites (vectors, exports, index.tsv, README.md)")
    return summary()


if __name__ == "__main__":
    sys.exit(main())
