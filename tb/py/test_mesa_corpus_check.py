#!/usr/bin/env python3
"""Every captured program of both corpora disassembles, and each one with an illegal instruction or a static
silicon-rule breach is explained: every test that runs it is in the version's expected-failure list
(scripts/mesa/mesa_corpus.py check; make mesa-corpus-check). Planted: the list without one of the Mesa 25.0.7 tests it
explains (mid3-basic: an OMOD the CTM calls invalid) fails, naming the program and the test.
usage: test_mesa_corpus_check.py"""
import contextlib
import io
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts", "mesa"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mesa_corpus as mc  # noqa: E402
from checklib import check, summary  # noqa: E402

BIN = os.path.join(ROOT, "build", "bin")


def run_check(version, xfail):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        rc = mc.check(mc.corpus_dir(version), BIN, xfail)
    return rc, out.getvalue()


def main():
    for v, spec in sorted(mc.MESA_VERSIONS.items()):
        rc, text = run_check(v, os.path.join(ROOT, spec["xfail"]))
        check(rc == 0 and " 0 unexplained" in text, f"Mesa {v}: {text.splitlines()[0] if text else text}")
    victim = "tests/spec/amd_shader_trinary_minmax/execution/mid3-basic.shader_test"
    with tempfile.TemporaryDirectory() as tmp:
        xf = os.path.join(tmp, "xfail.txt")
        with open(os.path.join(ROOT, mc.MESA_VERSIONS["25.0.7"]["xfail"])) as src, open(xf, "w") as dst:
            dst.writelines(ln for ln in src if not ln.startswith(victim))
        rc, text = run_check("25.0.7", xf)
        check(rc == 1 and "unexplained: programs/" in text and victim in text,
              f"planted: the list without {victim} fails naming it: exit {rc}, {text[-300:]}")
    return summary()


if __name__ == "__main__":
    sys.exit(main())
