#!/usr/bin/env python3
"""The IPC regression: the co-simulated core at each NUM_CTX of IPC_CTX (tb/config.mk) issues as docs/rtl.md says.
- Every run checks the scheduler's contract cycle by cycle from the core's ports (tb/cosim/cosim_sched.h: round
  robin over the ready contexts, never idle while one is ready, never a busy one); a breach is a mismatch with the
  verdict "schedule".
- Straight-line ALU programs (no early end, so the steady window is long): the steady-state instructions per cycle
  is the pipeline's min(1, NUM_CTX / D) (D cycles from issue to the retire record, the default stage plan of
  rtl/core/us_core_pkg.sv, which uscosim reports as issue_to_retire; one instruction in flight per context) to
  within 2 %, and no ready context waits more than NUM_CTX - 1 issue cycles (round robin's bound). D is also read
  from the plan's text here, so a harness that took another depth fails.
- Random legal programs of every type and the directed flow-control vectors: the contract holds.
A frozen round-robin pointer fails it at NUM_CTX 4 (the issue order where a relaunch makes two contexts ready at
once) and 8 (a starved context);
`make rtl-plants` shows that on a planted core.
usage: test_ipc.py [--cosim-dir DIR]   (DIR holds ctxN/uscosim; default build/cosim)"""
import argparse
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checklib import check, summary  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts", "lib"))
import project_config  # noqa: E402



def plan_depth():
    """D of the default stage plan (rtl/core/us_core_pkg.sv): the fixed registers plus PipeSim's optional ones."""
    with open(os.path.join(ROOT, "rtl", "core", "us_core_pkg.sv")) as fh:
        text = fh.read()
    base = re.search(r"issue_to_retire = (\d+) \+ opt_regs\(regs, 0, (\d+)\);", text)
    sim = re.search(r"localparam logic \[(\d+):0\]\s+PipeSim\s*=\s*(\d+)'h([0-9A-Fa-f]+);", text)
    if not (base and sim and int(base.group(2)) == int(sim.group(1)) and int(sim.group(2)) == int(sim.group(1)) + 1):
        return None  # the plan's form changed: the test says so instead of guessing
    return int(base.group(1)) + bin(int(sim.group(3), 16)).count("1")


def run(exe, args, tmp):
    """Runs uscosim with --result; returns (exit status, the result's JSON or None, output)."""
    res = os.path.join(tmp, "result.json")
    if os.path.exists(res):
        os.remove(res)
    p = subprocess.run([exe, *args, "--quiet", "--result", res, "--report-dir", tmp], capture_output=True,
                       text=True, cwd=ROOT, timeout=300)
    data = None
    if os.path.exists(res):
        with open(res) as fh:
            data = json.load(fh)
    said = " | ".join(ln for ln in (p.stdout + p.stderr).splitlines() if "MISMATCH" in ln or "error" in ln.lower())
    return p.returncode, data, (said or (p.stdout + p.stderr).strip().replace("\n", " | "))[:400]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cosim-dir", default=os.path.join(ROOT, "build", "cosim"))
    a = ap.parse_args()
    ctxs = project_config.ints("IPC_CTX", project_config.read())
    check(4 in ctxs and 8 in ctxs, f"IPC_CTX holds NUM_CTX 4 and 8 ({ctxs})")
    vectors = sorted(glob.glob(os.path.join(ROOT, "vectors", "smoke", "directed-*.vec")))
    check(len(vectors) >= 6, f"the directed vectors are there ({len(vectors)})")
    pipe = plan_depth()
    check(pipe is not None and pipe >= 2, f"the stage plan gives the issue-to-retire depth D ({pipe})")
    with tempfile.TemporaryDirectory() as tmp:
        for n in ctxs:
            exe = os.path.join(a.cosim_dir, f"ctx{n}", "uscosim")
            if not check(os.access(exe, os.X_OK), f"{exe} is built"):
                continue
            want = min(1.0, n / pipe) if pipe else 0.0
            for seed in (1, 2, 3):
                rc, r, out = run(exe, ["--random-alu", "64", "--seed", str(seed), "--quads", str(2 * n)], tmp)
                if not check(rc == 0 and r and r["verdict"] == "match",
                             f"NUM_CTX {n}, --random-alu 64 seed {seed}: a match, the schedule kept ({out})"):
                    continue
                check(r.get("issue_to_retire") == pipe,
                      f"NUM_CTX {n} seed {seed}: the harness checks depth {r.get('issue_to_retire')}, the plan's {pipe}")
                check(0.98 * want <= r["ipc"] <= want + 1e-9,
                      f"NUM_CTX {n} seed {seed}: steady IPC {r['ipc']:.4f} is min(1, {n}/{pipe}) = {want:.4f} to 2 %")
                check(r["max_wait"] <= n - 1,
                      f"NUM_CTX {n} seed {seed}: the longest wait of a ready context, {r['max_wait']} issue "
                      f"cycles, is at most NUM_CTX - 1 = {n - 1}")
            for seed in (1, 2, 3, 4):
                rc, r, out = run(exe, ["--random", "64", "--seed", str(seed), "--quads", str(3 * n)], tmp)
                check(rc == 0 and r and r["verdict"] == "match" and r["max_wait"] <= n - 1,
                      f"NUM_CTX {n}, --random 64 seed {seed}: a match, the schedule kept ({out})")
            for vec in vectors:
                rc, r, out = run(exe, [vec, "--quads", str(2 * n + 1)], tmp)
                check(rc == 0 and r and r["verdict"] == "match" and r["max_wait"] <= n - 1,
                      f"NUM_CTX {n}, {os.path.basename(vec)}: a match, the schedule kept ({out})")
    return summary()


if __name__ == "__main__":
    sys.exit(main())
