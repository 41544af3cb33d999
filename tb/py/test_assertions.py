#!/usr/bin/env python3
"""The design's assertions (rtl/us_assert.svh) fire on the slips they are written for, and only on those.
The assertion bench (tb/assert: the core's units that hold assertions, each on its own) runs scenarios:
- on the design as it is, the ordinary traffic of every unit passes, and each scenario that breaks a unit's input
  contract (a stack pointer past its depth, a context index out of range, an input write let go before it is
  taken, a write-back a stage before or after the stage plan's) fails with the assertion named for it;
- on copies of rtl/ with planted one-line bugs (two builds, each with one plant per unit), the ordinary traffic
  fails with the assertion each plant breaks: IF picking a busy context, a frozen round-robin pointer, the input
  write granted beside write-back's, an off-by-one stack pointer commit, an off-by-one context at retire, an input
  bank lane left out of a whole-word write, write-back leaving its context busy, a launch leaving it stopped.
Every assertion of the bench's units is failed by some scenario or plant (the test reads their names from rtl/);
those of us_core and us_ta_stage are make formal's (formal/README.md). The
planted builds take about a minute each on two cores.
usage: test_assertions.py [--bench FILE]   (default build/assert/bench, built first if missing)"""
import argparse
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checklib import check, summary  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
VLRT = os.path.join(ROOT, "build", "vlrt", "libverilated.a")  # the copies link the project's Verilator run-time

# (scenario, the assertion it must fail on the design as it is, or None: it must pass)
SCENARIOS = [
    ("if-round-robin", None),
    ("ctx-ok", None),
    ("ctx-loop-sp", "CtxLoopSpInDepth"),      # a commit past a full loop stack, as a broken us_fc would make
    ("ctx-addr-sp", "CtxAddrSpInDepth"),
    ("ctx-id-range", "CtxIdInRange"),         # context 3 of NumCtx 3 in ID, as a broken IF would issue
    ("ctx-wb-range", "CtxWbInRange"),
    ("ctx-plan-ok", None),
    ("ctx-plan-early", "CtxWbOnPlan"),      # a write-back one stage before the stage plan's WB
    ("ctx-plan-late", "CtxWbOnPlan"),       # and one a stage after it
    ("trf-ok", None),
    ("trf-clash", "TrfInputBesideWb"),        # an input write into the context write-back writes
    ("trf-read-wb", "TrfReadBesideWb"),       # ID reading the context write-back writes (two in flight)
    ("trf-read-in", "TrfReadBesideInput"),    # ID reading the context the input port writes (a running one)
    ("rdp-ok", None),
    ("rdp-close", "RdPhasesApart"),           # a new set of read addresses before the last one's phases are out
    ("sweep-ok", None),
    ("sweep-write", "VramSweepNoWrite"),       # a write into a swept RAM before its ready_o
    ("sweep-clear", "VramSweepNoClear"),       # a clear of a RAM that has no valid bits to clear
    ("retire-ok", None),
    ("retire-range", "RetireCtxInRange"),     # context 3 of NumCtx 3 at retire
]

# Planted one-line bugs, one build each group: (name, what, file, text, replacement, scenario, assertion)
PLANTS = [
    [("pick-busy", "IF picks a context that has an instruction in flight", "rtl/core/us_if_stage.sv",
      "ctx_running_i & ~ctx_busy_i : '0;", "ctx_running_i : '0;", "if-round-robin",
      "IfPickReady"),
     ("loop-sp-plus-one", "ID's loop-stack pointer committed one too high", "rtl/core/us_ctx_state.sv",
      "loop_sp_d[cm_ctx_q]  = cm_loop_sp_q;", "loop_sp_d[cm_ctx_q]  = cm_loop_sp_q + LoopSpW'(1);", "ctx-ok",
      "CtxLoopSpInDepth"),
     ("busy-kept", "WB leaves its context busy", "rtl/core/us_ctx_state.sv",
      "busy_d[wb_ctx_i]    = 1'b0;", "busy_d[wb_ctx_i]    = busy_q[wb_ctx_i];", "ctx-plan-ok", "CtxBusyWithinPlan"),
     ("retire-ctx-plus-one", "the record's context one too high", "rtl/core/us_retire.sv",
      "retire_ctx_o            <= wb_ctrl_i.ctx;", "retire_ctx_o            <= wb_ctrl_i.ctx + 4'd1;", "retire-ok",
      "RetireCtxInRange")],
    [("frozen-rr", "IF's round-robin pointer never moves", "rtl/core/us_if_stage.sv",
      "rr_q <= if_pick_ctx_o;", "rr_q <= rr_q;", "if-round-robin", "IfReadyIssuedInTime"),
     ("addr-sp-plus-one", "ID's address-stack pointer committed one too high", "rtl/core/us_ctx_state.sv",
      "addr_sp_d[cm_ctx_q]  = cm_addr_sp_q;", "addr_sp_d[cm_ctx_q]  = cm_addr_sp_q + AddrSpW'(1);", "ctx-ok",
      "CtxAddrSpInDepth"),
     ("launch-stopped", "a launch leaves its context stopped (an issue then makes a stopped context busy)",
      "rtl/core/us_ctx_state.sv", "run_d[launch_ctx_i]      = 1'b1;", "run_d[launch_ctx_i]      = 1'b0;",
      "ctx-plan-ok", "CtxBusyRunning"),
     ("input-lane-dropped", "the input port's red lane of pixel 0 never written (a bank that fills no lane)",
      "rtl/core/us_temp_rf.sv", ".we_i({12{tin_we_i}}),", ".we_i({{11{tin_we_i}}, 1'b0}),", "trf-ok",
      "VramWholeWords")],
]
COPY = ["Makefile", "tb/config.mk", "mk", "rtl", "tb/assert"]


def run(bench, scenario):
    p = subprocess.run([bench, scenario], capture_output=True, text=True, cwd=ROOT, timeout=120)
    return p.returncode, p.stdout + p.stderr


def expect(bench, scenario, name, where):
    rc, out = run(bench, scenario)
    failed = re.findall(r"assertion (\w+) failed", out)
    if name is None:
        return check(rc == 0 and not failed, f"{where}: {scenario} passes (exit {rc}, {failed or 'no assertion'})")
    return check(rc == 1 and failed[:1] == [name],
                 f"{where}: {scenario} fails assertion {name} and exits 1 (exit {rc}, failed: {failed or 'none'})")


# The bench holds these units; the assertions of us_core and us_ta_stage, which need the whole pipeline or the
# datapath around them, are make formal's (formal/README.md: each proved, each proof failed by planted bugs).
BENCH_UNITS = {"us_if_stage", "us_ctx_state", "us_temp_rf", "us_rd_phases", "us_vram", "us_retire"}


def design_assertions():
    names = set()
    for f in glob.glob(os.path.join(ROOT, "rtl", "**", "*.sv"), recursive=True):
        if os.path.basename(f)[:-3] in BENCH_UNITS:
            names |= set(re.findall(r"`US_ASSERT(?:_IF)?\((\w+),", open(f).read()))
    return names


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bench", default=os.path.join(ROOT, "build", "assert", "bench"))
    a = ap.parse_args()
    if not os.access(a.bench, os.X_OK):
        subprocess.run(["make", "--no-print-directory", "-C", ROOT, "build/assert/bench"], check=False)
    if not check(os.access(a.bench, os.X_OK), f"{a.bench} is built"):
        return summary()

    for scenario, name in SCENARIOS:
        expect(a.bench, scenario, name, "the design")
    rc, out = run(a.bench, "no-such-scenario")
    check(rc == 2 and "usage" in out, f"an unknown scenario is refused with the usage, exit 2 (exit {rc})")

    fired = {n for _, n in SCENARIOS if n} | {p[6] for group in PLANTS for p in group}
    missing = design_assertions() - fired
    check(not missing, f"every assertion of rtl/ is failed by a scenario or a plant (not: {sorted(missing)})")

    with tempfile.TemporaryDirectory() as tmp:
        for k, group in enumerate(PLANTS):
            tree = os.path.join(tmp, f"plants{k}")
            for item in COPY:
                src, dst = os.path.join(ROOT, item), os.path.join(tree, item)
                os.makedirs(os.path.dirname(dst), exist_ok=True)
                (shutil.copytree if os.path.isdir(src) else shutil.copy)(src, dst)
            stale = False
            for name, _, rel, old, new, _, _ in group:
                path = os.path.join(tree, rel)
                text = open(path).read()
                stale |= not check(text.count(old) == 1, f"plant {name}: its text occurs once in {rel} "
                                                         f"({text.count(old)} times)")
                with open(path, "w") as fh:
                    fh.write(text.replace(old, new))
            if stale:
                continue
            p = subprocess.run(["make", "--no-print-directory", "-C", tree, "BUILD=b", f"VLRT={VLRT}", "b/assert/bench"],
                               capture_output=True, text=True)
            bench = os.path.join(tree, "b", "assert", "bench")
            if not check(p.returncode == 0, f"the bench builds with plants {[g[0] for g in group]}: "
                                            f"{(p.stdout + p.stderr)[-600:]}"):
                continue
            for name, what, _, _, _, scenario, assertion in group:
                expect(bench, scenario, assertion, f"plant {name} ({what})")
    return summary()


if __name__ == "__main__":
    sys.exit(main())
