#!/usr/bin/env python3
"""usim on the command line (ASan/UBSan build): vector verdicts and exit codes, bad vectors with file:line,
emitted vectors that check themselves, corrupted expectations that must fail naming the field, runaway
programs ending as reported states.  usage: test_usim.py CORPUS_DIR"""
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checklib import check, checks, failures  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.path.join(ROOT, "build", "san", "bin")


def run(*args):
    return subprocess.run([os.path.join(BIN, args[0]), *args[1:]], capture_output=True, text=True)


def write(path, text):
    with open(path, "w") as fh:
        fh.write(text)
    return path


def emitted_vectors(tmp, corpus):
    """usim --emit-vector writes a vector that passes; one corrupted expectation fails with the field named."""
    progs = sorted(f for f in os.listdir(corpus) if f.endswith(".txt"))
    check(len(progs) > 0, "corpus has programs")
    for f in progs:
        vec = os.path.join(tmp, f + ".vec")
        p = run("usim", "--program", os.path.join(corpus, f), "--seed", "7", "--emit-vector", vec, "--trace")
        check(p.returncode == 0 and "errors none" in p.stdout, f"{f}: --program runs ({p.stderr.strip()[-200:]})")
        check(re.search(r"^\s+(alu|out|tex)", p.stdout, re.M) is not None, f"{f}: --trace shows disassembly")
        check("M quad-instructions/s" in p.stderr, f"{f}: the rate is printed")
        p = run("usim", vec)
        check(p.returncode == 0 and "pass" in p.stdout, f"{f}: the emitted vector passes ({p.stdout.strip()[-300:]})")
    # Corrupt one expected output value of the last vector: the run must fail and name it.
    text = open(vec).read()
    m = re.search(r"^expect out (\d) (\d) 0x([0-9a-f]{8})", text, re.M)
    check(m is not None, "emitted vector has an expected output")
    if m:
        bad = "%08x" % (int(m.group(3), 16) ^ 1)
        t2 = text[:m.start(3)] + bad + text[m.end(3):]
        p = run("usim", write(os.path.join(tmp, "corrupt.vec"), t2))
        check(p.returncode == 1 and f"output {m.group(1)} of pixel {m.group(2)}.r: expected 0x{bad}" in p.stdout,
              f"a corrupted expected output fails and is named: {p.stdout.strip()}")
    t3 = re.sub(r"^expect killed 0x0$", "expect killed 0x4", text, flags=re.M)
    p = run("usim", write(os.path.join(tmp, "corrupt2.vec"), t3))
    check(p.returncode == 1 and "killed: expected 0x4, got 0x0" in p.stdout, f"a corrupted killed mask fails: {p.stdout}")
    t4 = re.sub(r"^(expect trace 1 .*?)pc=1", r"\1pc=9", text, count=1, flags=re.M)
    p = run("usim", write(os.path.join(tmp, "corrupt3.vec"), t4))
    check(t4 != text and p.returncode == 1 and "trace line 1" in p.stdout, f"a corrupted trace line fails: {p.stdout}")


def bad_vectors(tmp):
    base = "usvec 1\ninst 0 0x00000000 0x08020080 0x08020080 0x00000000 0x00000000 0x00000000\n"
    cases = [
        ("", 0, "empty vector"),
        ("usvec 2\n", 1, "version 2 is not supported"),
        ("name x\n", 1, "starts with 'usvec 1'"),
        (base + "frob 1\n", 3, "unknown keyword"),
        (base + "const 300 0x00000000 0x00000000 0x00000000 0x00000000\n", 3, "out of range"),
        (base + "temp 0 1 0x3f800000 0x0 0x0 0x0\n", 3, "not a 32-bit value"),
        (base + "temp 4 1 0x3f800000 0x00000000 0x00000000 0x00000000\n", 3, "pixel 4 is out of range"),
        (base + "reg US_NOPE 0x00000000\n", 3, "unknown register"),
        (base + "reg 0x1234 0x00000000\n", 3, "not a register"),
        (base + "inst 0 0x00000000\n", 3, "expected: inst SLOT"),
        (base + "texel 0 0 0 0x0 0x0 0x0 0x0\n", 3, "before its 'texture' line"),
        (base + "expect killed 0x0\n", 3, "incomplete"),
        (base + "expect errors frob\n", 3, "unknown error flag"),
        (base + "param loop_depth 0\n", 3, "out of range"),
        (base + "expect temp 0 0 - - - -\n", 3, "no channel"),
    ]
    for i, (text, line, msg) in enumerate(cases):
        path = write(os.path.join(tmp, f"bad{i}.vec"), text)
        p = run("usim", path)
        ok = p.returncode == 2 and p.stderr.startswith(f"{path}:{line}:") and msg in p.stderr
        check(ok, f"bad vector {i} ({msg!r} at line {line}): exit {p.returncode}, {p.stderr.strip()!r}")
    for args in ([], ["a.vec", "b.vec"], ["--program", "x.hex"], ["--frob"]):
        p = run("usim", *args)
        check(p.returncode == 2 and "usage" in p.stderr, f"usim {args}: usage and exit 2")


def runaway(tmp):
    """An endless jump loop ends at the watchdog, a reported state; an illegal word ends as illegal_inst."""
    h = write(os.path.join(tmp, "spin.hex"),
              "0x00000002, 0x0, 0x0000ff00, 0x00000000, 0x0, 0x0,\n")   # fc jump 0 func=0xff: forever
    p = run("usim", "--program", h, "--seed", "1")
    check(p.returncode == 0 and "errors watchdog" in p.stdout and "retired 1048576" in p.stdout,
          f"a runaway program stops at the watchdog: {p.stdout[-200:]}")
    h = write(os.path.join(tmp, "ill.hex"), "0x0, 0x08020080, 0x08020080, 0x0, 0x0, 0x00000006,\n")
    p = run("usim", "--program", h, "--seed", "1")
    check(p.returncode == 0 and "errors illegal_inst" in p.stdout, f"a reserved opcode ends as illegal_inst: {p.stdout[-200:]}")


def main():
    corpus = sys.argv[1]
    with tempfile.TemporaryDirectory() as tmp:
        emitted_vectors(tmp, corpus)
        bad_vectors(tmp)
        runaway(tmp)
    print(f"{checks[0]} checks, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
