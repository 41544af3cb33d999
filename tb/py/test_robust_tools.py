#!/usr/bin/env python3
"""The tools against hostile conditions (ASan/UBSan builds): output that cannot be written (a full device, a file
size limit) gives exit 2 and a message naming the path, and leaves no partial file and the old one untouched;
strict numeric options; usgen's --prefix kept inside --out; truncated vectors and over-large watchdogs refused
with file:line; many labels assemble.  usage: test_robust_tools.py CORPUS_DIR"""
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checklib import check, summary  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.path.join(ROOT, "build", "san", "bin")


def run(tool, *args, **kw):
    return subprocess.run([os.path.join(BIN, tool), *args], capture_output=True, text=True, **kw)


def write(path, text):
    with open(path, "w") as fh:
        fh.write(text)
    return path


OUT_INST = "out tex_sem_wait\n    rgb: sop o0.r\n    alpha: rcp _, src0.a\n    src0.a=t0\n"


def many_labels(tmp):
    """100,000 labels: the jump finds the one naming slot 1, and a duplicate at the end is still found."""
    n = 100000
    labels = "".join(f"l{i}:\n" for i in range(n))
    src = write(os.path.join(tmp, "labels.s"), labels + f"fc jump target\ntarget:\n" + OUT_INST)
    hexf = os.path.join(tmp, "labels.hex")
    p = run("usasm", src, "-o", hexf)
    d = run("usdis", hexf, "--no-words") if p.returncode == 0 else p
    check(p.returncode == 0 and "fc jump L1 " in d.stdout, f"{n} labels assemble, the jump to slot 1 ({p.stderr[-200:]})")
    dup = write(os.path.join(tmp, "dup.s"), labels + f"fc jump l{n - 1}\nl{n // 2}:\n" + OUT_INST)
    p = run("usasm", dup, "-o", hexf)
    check(p.returncode == 2 and f"{dup}:{n + 2}: label 'l{n // 2}' already defined at line {n // 2 + 1}" in p.stderr,
          f"a duplicate among {n} labels is named with both lines: {p.stderr.strip()[-200:]}")
    und = write(os.path.join(tmp, "und.s"), labels + f"fc jump l{n}\n" + OUT_INST)
    p = run("usasm", und, "-o", hexf)
    check(p.returncode == 2 and f"{und}:{n + 1}: undefined label 'l{n}'" in p.stderr,
          f"an undefined label among {n} is named: {p.stderr.strip()[-200:]}")


def main():
    with tempfile.TemporaryDirectory() as tmp:
        many_labels(tmp)
    return summary()


if __name__ == "__main__":
    sys.exit(main())
