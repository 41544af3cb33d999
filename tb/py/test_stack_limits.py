#!/usr/bin/env python3
"""The address stack and the loop stack at their limits exactly, on the model and on the RTL in lockstep.

The depths are the defaults of spec/state.txt (ADDR_DEPTH and LOOP_DEPTH, 8 each: docs/spec.md section 7). Expected
from that text, not from the model: N nested calls (JUMP with A_OP PUSH, each returning with POP) end without an
error for N = 8 and set addr_overflow for N = 9; N nested REP loops (each run once) end without an error for N = 8
and set loop_overflow for N = 9. Each program is run by usim (the final state's errors line) and by uscosim at
NUM_CTX 1 (RTL against model, every retire record and the final state). Planted: a vector whose `param addr_depth`
/ `param loop_depth` is one less makes the limit case overflow, so the check can tell.
--emit DIR writes the limit vectors (full and one deeper) into DIR with the model's results: make vectors adds them to
the smoke suite (vectors/smoke/limits-*), where make rtl-plants' addr-stack-short and loop-stack-long fail them.
usage: test_stack_limits.py [--emit DIR]"""
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checklib import check, summary  # noqa: E402
import progvec  # noqa: E402

BIN = progvec.BIN
OUT = progvec.OUT


def depth(name):
    m = re.search(rf"^param {name}\s+(\d+)", open(os.path.join(ROOT, "spec", "state.txt")).read(), re.M)
    return int(m.group(1))


def calls(n):
    """n nested calls: level k calls level k+1; the deepest and every level return with POP."""
    src = "    fc jump S1 func=0xff push alu_wait\n    fc jump DONE func=0xff alu_wait\n"
    for k in range(1, n + 1):
        src += f"S{k}:\n"
        if k < n:
            src += f"    fc jump S{k + 1} func=0xff push alu_wait\n"
        src += "    fc jump 0 func=0xff pop alu_wait\n"
    return src + "DONE:\n" + OUT


def loops(n):
    """n nested REP loops, each run once (int constant 1 = 1)."""
    src = ""
    for k in range(1, n + 1):
        src += f"    fc rep E{k} int=1 alu_wait\nB{k}:\n"
    src += "    alu rgb: mad t1.rgb, src0.rgb, src0.111, src0.000  src0=t0\n"
    for k in range(n, 0, -1):
        src += f"E{k}:\n    fc endrep B{k} func=0xff any int=1 alu_wait\n"
    return src + OUT


def vector(tmp, name, src, params=(), waive=None):
    return progvec.program_vector(tmp, name, src, params, setup=["int 1 0x00000001"], tail=["covered 0xf"],
                                  waive=waive)


def emit(out_dir):
    """The four limit vectors (each stack full, and one deeper) into the smoke suite, named limits-*."""
    addr, loop = depth("ADDR_DEPTH"), depth("LOOP_DEPTH")
    with tempfile.TemporaryDirectory() as tmp:
        for kind, make, limit, flag in (("calls", calls, addr, "addr_overflow"), ("loops", loops, loop, "loop_overflow")):
            for n in (limit, limit + 1):
                waive = (f"{flag} {n} nested {kind}, one more than the stack holds, on purpose (docs/spec.md "
                         f"section 7)") if n > limit else None
                vec, why = vector(tmp, f"limits-{kind}{n}", make(n), waive=waive)
                why = why or progvec.emit(vec, out_dir, f"limits-{kind}{n}")
                if why:
                    raise SystemExit(f"test_stack_limits --emit: limits-{kind}{n}: {why}")
    return 0


def errors_of(vec):
    p = subprocess.run([os.path.join(BIN, "usim"), vec], capture_output=True, text=True)
    m = re.search(r"^errors (.*)$", p.stdout, re.M)
    return p.returncode, (m.group(1).strip() if m else None)


def main():
    out_dir = progvec.emit_dir(sys.argv)
    if out_dir:
        return emit(out_dir)
    addr, loop = depth("ADDR_DEPTH"), depth("LOOP_DEPTH")
    with tempfile.TemporaryDirectory() as tmp:
        for kind, make, limit, flag, param in (("calls", calls, addr, "addr_overflow", "addr_depth"),
                                               ("loops", loops, loop, "loop_overflow", "loop_depth")):
            for n, want in ((limit, "none"), (limit + 1, flag)):
                vec, why = vector(tmp, f"{kind}{n}", make(n))
                if not check(vec is not None, f"{kind} {n}: assembles ({why})"):
                    continue
                rc, errs = errors_of(vec)
                check(rc == 0 and errs == want, f"{n} nested {kind} (limit {limit}, spec/state.txt): errors {errs}, "
                      f"want {want} (usim exit {rc})")
                rc, out = progvec.lockstep(vec)
                check(rc == 0, f"{n} nested {kind}: the RTL agrees with the model in lockstep ({rc}: {out})")
            # planted: the limit case with a stack one entry smaller must overflow
            vec, why = vector(tmp, f"{kind}-small", make(limit), [(param, limit - 1)])
            if check(vec is not None, f"{kind}: the planted vector assembles ({why})"):
                rc, errs = errors_of(vec)
                check(errs == flag, f"planted: {limit} nested {kind} with {param} {limit - 1} sets {flag} ({errs})")
    return summary()


if __name__ == "__main__":
    sys.exit(main())
