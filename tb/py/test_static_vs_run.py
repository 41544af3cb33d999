#!/usr/bin/env python3
"""The static rule check covers the run check: on random programs that break the CTM rules on purpose (usgen,
knob unsafe=1), every (rule, pc) a run reports (usim: `silicon rule: pc N #SEQ: RULE`) is also reported by the
static check of the same program (usim --lint: `warning: pc N: RULE`), for programs without a LOOP (aL is only set
by one, and the static check does not follow aL: docs/spec.md section 9). The static check's extra findings (paths
the run did not take) are counted per rule. Planted: a static report with one of its findings removed misses a run
finding, and the comparison says so.
usage: test_static_vs_run.py [N]"""
import collections
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checklib import check, summary  # noqa: E402

BIN = os.path.join(ROOT, "build", "bin")
LOOP = 1   # US_FC_INST.OP LOOP (spec/isa.txt)


def findings(vec):
    st = subprocess.run([os.path.join(BIN, "usim"), "--lint", vec], capture_output=True, text=True)
    rn = subprocess.run([os.path.join(BIN, "usim"), vec], capture_output=True, text=True)
    static = set(re.findall(r"warning: pc (\d+): ([\w-]+) \(CTM", st.stdout))
    run = set(re.findall(r"silicon rule: pc (\d+) #\d+: ([\w-]+) \(CTM", rn.stdout))
    return st.returncode, rn.returncode, static, run


def has_loop(vec):
    for ln in open(vec):
        if ln.startswith("inst "):
            w = [int(x, 16) for x in ln.split()[2:8]]
            if w[0] & 3 == 2 and w[2] & 7 == LOOP:
                return True
    return False


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "v")
        gen = subprocess.run([os.path.join(BIN, "usgen"), "--random", str(n), "--seed", "21", "--knob", "unsafe=1",
                              "--out", out], capture_output=True, text=True)
        check(gen.returncode == 0, f"usgen makes {n} unsafe random vectors ({gen.stderr[-200:]})")
        missed, bad_exit, extra = [], [], collections.Counter()
        compared = skipped = with_run = 0
        planted = None
        for name in sorted(os.listdir(out)):
            vec = os.path.join(out, name)
            if has_loop(vec):
                skipped += 1
                continue
            rc_s, rc_r, static, run = findings(vec)
            if rc_s not in (0, 1) or rc_r != 0:
                bad_exit.append(f"{name}: --lint exit {rc_s}, run exit {rc_r}")
                continue
            compared += 1
            with_run += bool(run)
            if run - static:
                missed.append(f"{name}: {sorted(run - static)[:3]}")
            for _, rule in static - run:
                extra[rule] += 1
            if planted is None and run:
                planted = bool(run - (static - {sorted(run)[0]}))
        check(not bad_exit, f"usim --lint exits 0 or 1 and every run passes its vector ({bad_exit[:3]})")
        check(compared > n // 3 and with_run > compared // 4, f"{compared} programs without a LOOP compared "
              f"({skipped} with one left out), {with_run} with a breach on their run")
        check(not missed, f"every breach a run finds, the static check finds ({len(missed)} missed: {missed[:3]})")
        check(planted is True, "planted: a static report short of one finding misses a run finding")
        print(f"static findings no run reached (paths not taken): {dict(sorted(extra.items()))}")
    return summary()


if __name__ == "__main__":
    sys.exit(main())
