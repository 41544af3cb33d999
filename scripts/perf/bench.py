#!/usr/bin/env python3
"""make bench: the speed and throughput figures of the design's section 7 (../shared/DESIGN.md), measured in one run
on this machine and printed side by side with their targets as ratios. CPU time of one process each (no timed tests
anywhere). The NUM_CTX of each figure and the regression suite come from tb/config.mk (BENCH_*); the harness's
figures from its JSON result. A figure is the best of BENCH_REPEAT runs (3), as other work on the machine only
ever slows a run down.
usage: bench.py [--no-regress] [--against TREE [--against-only]]
  --no-regress    skip the whole-suite regression row
  --against TREE  also time the lockstep rows on another checkout's harnesses (TREE/build/cosim/ctxN/uscosim, built
                  there first), in alternating runs with this tree's, so that a change is judged against the code
                  before it on the same machine at the same moment (make bench BENCH_AGAINST=TREE)
  --against-only  only those rows"""
import argparse
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
B = os.path.join(ROOT, "build")
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib"))  # scripts/lib
import project_config  # noqa: E402

REPEAT = int(os.environ.get("BENCH_REPEAT", "3"))
# The lockstep scaling runs: about this many quad-instructions each, so every run is long enough to time.
SCALE_WORK = 1 << 18


def run(argv, cwd=ROOT):
    p = subprocess.run(argv, capture_output=True, text=True, cwd=cwd)
    if p.returncode != 0:
        sys.exit(f"bench: {' '.join(argv)} failed:\n{p.stdout}{p.stderr}")
    return p.stdout + p.stderr


def cosim_once(ctx, args, harness="cosim"):
    with tempfile.TemporaryDirectory() as tmp:
        res = os.path.join(tmp, "result.json")
        out = run([os.path.join(B, harness, f"ctx{ctx}", "uscosim"), *args, "--result", res])
        try:
            with open(res) as fh:
                r = json.load(fh)
        except (OSError, ValueError):
            sys.exit(f"bench: uscosim wrote no result:\n{out}")
    return {"retired": r["retired"], "cycles": r["cycles"], "secs": r["cpu_s"], "retired_s": r["retired_per_s"],
            "cycles_s": r["cycles_per_s"], "ipc": r["ipc"], "issue_to_retire": r["issue_to_retire"]}


def cosim(ctx, *args, harness="cosim"):
    """The fastest of REPEAT runs (the same work each time)."""
    return min((cosim_once(ctx, args, harness) for _ in range(REPEAT)), key=lambda r: r["secs"])


def model_rate():
    best = 0.0
    for _ in range(REPEAT):
        out = run([os.path.join(B, "tests", "bench_model"), "256", "40000", "1"])
        m = re.search(r"([\d.]+) M quad-instructions/s", out)
        best = max(best, float(m.group(1)) * 1e6 if m else 0.0)
    return best


def loop_program(length):
    """An ALU program whose quads retire about `length` instructions: straight-line up to 512 (the instruction
    memory's size), beyond that a body of (length / 255 - 1) ALU instructions in a LOOP of 255 iterations (int
    constant 0, which `uscosim --program` sets to 0xFF). MAD chains over t0..t15 (values stay finite or go to inf;
    either compares bit for bit)."""
    def alu(i):
        d, a, b, c = i % 8, 8 + i % 8, 8 + (i + 3) % 8, (i + 5) % 8
        return (f"    alu rgb: mad t{d}.rgb, src0.rgb, src1.rgb, src2.rgb\n"
                f"        alpha: mad t{d}.a, src0.a, src1.a, src2.a\n"
                f"        src0=t{a} src1=t{b} src2=t{c}\n")
    if length <= 512:
        return "".join(alu(i) for i in range(length))
    body = max(1, length // 255 - 1)
    return ("    loop END alu_wait\nBODY:\n" + "".join(alu(i) for i in range(body)) +
            "END:\n    endloop BODY alu_wait\n")


def scaling(ctx, rows):
    """Time per retired quad-instruction, lockstep at NUM_CTX ctx, as program length and quad count double."""
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        for length in (64, 128, 256, 512, 1024, 2048, 4096):
            src, hexf = os.path.join(tmp, f"len{length}.s"), os.path.join(tmp, f"len{length}.hex")
            with open(src, "w") as fh:
                fh.write(loop_program(length))
            run([os.path.join(B, "bin", "usasm"), src, "-o", hexf])
            quads = max(ctx, SCALE_WORK // length)
            r = cosim(ctx, "--program", hexf, "--seed", "1", "--quads", str(quads))
            out.append(("instr per quad", f"{r['retired'] // quads}", quads, r))
    for quads in (1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024):
        r = cosim(ctx, "--random-alu", "256", "--seed", "1", "--quads", str(quads))
        out.append(("quads", f"{quads}", quads, r))
    print(f"\n== lockstep co-simulation NUM_CTX {ctx}: time per retired quad-instruction (linear costs: flat columns)")
    print(f"  {'doubling':16} {'value':>8} {'quads':>6} {'retired':>9} {'cycles':>9} {'CPU s':>8} {'us/instr':>9}"
          f" {'vs first':>8}")
    firsts = {}
    for kind, value, quads, r in out:
        per = r["secs"] / r["retired"] * 1e6 if r["retired"] else 0.0
        firsts.setdefault(kind, per)
        print(f"  {kind:16} {value:>8} {quads:>6} {r['retired']:>9} {r['cycles']:>9} {r['secs']:>8.3f} {per:>9.3f}"
              f" {per / firsts[kind] if firsts[kind] else 0:>8.2f}")
    # The rows: the longest program and the most quads against the shortest and the fewest that fill the contexts.
    by = {k: [(v, r) for kk, v, q, r in out if kk == k] for k in ("instr per quad", "quads")}
    per = {k: [r["secs"] / r["retired"] for v, r in by[k]] for k in by}
    lengths = per["instr per quad"]
    rows.append((f"lockstep NUM_CTX {ctx}: per-instruction time 4096 vs 64 instr", f"{lengths[-1] / lengths[0]:.2f}",
                 "<= 1.05 (linear)", None))
    # Below a few waves of quads the contexts are not all busy; from 64 quads on the time per quad-instruction is
    # the steady state's, and it must stay flat to 1024.
    steady = [p for (v, r), p in zip(by["quads"], per["quads"]) if int(v) >= 64]
    rows.append((f"lockstep NUM_CTX {ctx}: per-instruction time 1024 vs 64 quads", f"{steady[-1] / steady[0]:.2f}",
                 "<= 1.05 (linear)", None))


def rtl_newest():
    """The newest modification time among the design files and the FPGA flow (what make fpga's results depend on)."""
    newest, newest_path = 0.0, ""
    for path in [os.path.join(ROOT, "scripts", "synth", "fpga.py")] + glob.glob(os.path.join(ROOT, "rtl", "**", "*"),
                                                                        recursive=True):
        if os.path.isfile(path) and os.path.getmtime(path) > newest:
            newest, newest_path = os.path.getmtime(path), path
    return newest, os.path.relpath(newest_path, ROOT)


def fmax_rows(ipc, rows):
    """Fmax of each part make fpga placed and routed (build/fpga/summary.json), and for us_core the
    quad-instructions per second it would retire on the FPGA at its IPC. make fpga takes tens of minutes on 2 cores,
    so make bench does not run it: without its results, or with results older than the RTL, one row says so."""
    summary = os.path.join(B, "fpga", "summary.json")
    try:
        with open(summary) as fh:
            s = json.load(fh)
    except (OSError, ValueError):
        rows.append(("Fmax on the ECP5", "not measured: run make fpga", "-", None))
        return
    newest, newest_path = rtl_newest()
    if os.path.getmtime(summary) < newest:
        rows.append(("Fmax on the ECP5", f"not measured: make fpga's results are older than {newest_path}", "-",
                     None))
        return
    core, proto = None, None
    for p in s["parts"]:
        where = f"{p['part']} on the ECP5 {s['device']}-{s.get('speed_grade', 6)}: Fmax"
        if not p["fits"] or not p["fmax_mhz"]:
            rows.append((where, "does not fit" if not p["fits"] else "no clock", "-", None))
        else:
            rows.append((where, f"{p['fmax_mhz']:.1f} MHz", "-", None))
        if p["part"] == "us_core_fpga":
            proto = p
        elif p["top"] == "us_core":
            core = p
    prototype_rows(proto, rows)
    # us_core holds the pixel datapath, so its Fmax is at most the datapath's: with the core unplaced, that bound
    # times the IPC bounds what the core would retire per second on the FPGA.
    pixel = next((p for p in s["parts"] if p["top"] == "us_ex_pixel" and p["fmax_mhz"]), None)
    if core and core["fmax_mhz"]:
        bound, how = core["fmax_mhz"], "at"
    elif pixel:
        bound, how = pixel["fmax_mhz"], "at most (us_ex_pixel's Fmax)"
    else:
        return
    for ctx, v in sorted(ipc.items()):
        rows.append((f"us_core NUM_CTX {ctx} on the ECP5: IPC x Fmax {how}", f"{v * bound:.1f} M quad-instr/s", "-",
                     None))


def prototype_rows(part, rows):
    """The FPGA prototype: us_core in the FPGA configuration (build/cosim-fpga, the configuration make fpga places
    as us_core_fpga) retires Fmax x IPC quad-instructions a second, IPC measured on its lockstep harness in
    quad-instructions a clock (a quad-instruction takes 4 / Lanes clocks of issue, so this IPC already carries
    the issue's Lanes / 4); beside it, lockstep simulation of the same configuration and the ratio of the two."""
    if not part or not part["fits"] or not part["fmax_mhz"]:
        rows.append(("FPGA prototype (us_core_fpga): Fmax x IPC", "not measured: us_core_fpga did not place", "-",
                     None))
        return
    ctx = project_config.one_int("FPGA_CTX", project_config.read())
    r = cosim(ctx, "--random-alu", "256", "--seed", "1", "--quads", "64", harness="cosim-fpga")
    d = r["issue_to_retire"]
    rate = part["fmax_mhz"] * 1e6 * r["ipc"]
    rows.append((f"FPGA configuration NUM_CTX {ctx}: IPC (quad-instr/clock; depth {d})", f"{r['ipc']:.3f}", "-",
                 None))
    rows.append((f"FPGA prototype: Fmax {part['fmax_mhz']:.1f} MHz x IPC", f"{rate / 1e6:.2f} M quad-instr/s", "-",
                 None))
    rows.append((f"lockstep co-simulation of the FPGA configuration NUM_CTX {ctx}",
                 f"{r['retired_s'] / 1e3:.0f} k retired/s", "-", None))
    rows.append(("FPGA prototype / lockstep simulation (quad-instr/s)", f"{rate / r['retired_s']:.0f}", "100",
                 rate / r["retired_s"] / 100))


def against_rows(tree, cfg, rows):
    """Lockstep speed of this tree's harnesses and TREE's, side by side: BENCH_AGAINST_PAIRS alternating runs of
    each on the lockstep row's work (64 quads x 256 random ALU instructions), the best of each side as the figure
    and each side's spread (slowest / fastest run) as its noise. Both must do the same work: the same instructions
    retired in the same cycles, else the two builds behave differently and the comparison stops."""
    pairs = int(os.environ.get("BENCH_AGAINST_PAIRS", "5"))
    args = ["--random-alu", "256", "--seed", "1", "--quads", "64"]
    for ctx in project_config.ints("BENCH_LOCKSTEP_CTX", cfg):
        sides = {"this": os.path.join(B, "cosim", f"ctx{ctx}", "uscosim"),
                 "against": os.path.join(tree, "build", "cosim", f"ctx{ctx}", "uscosim")}
        for path in sides.values():
            if not os.access(path, os.X_OK):
                sys.exit(f"bench: {path} is not built (make cosim-build in its tree)")
        runs = {k: [] for k in sides}
        for _ in range(pairs):
            for k, path in sides.items():
                with tempfile.TemporaryDirectory() as tmp:
                    res = os.path.join(tmp, "result.json")
                    run([path, *args, "--result", res])
                    with open(res) as fh:
                        runs[k].append(json.load(fh))
        work = {k: {(r["retired"], r["cycles"]) for r in v} for k, v in runs.items()}
        if len(work["this"] | work["against"]) != 1:
            sys.exit(f"bench: NUM_CTX {ctx}: the two builds did different work (retired, cycles): this tree "
                     f"{sorted(work['this'])}, {tree} {sorted(work['against'])}")
        best = {k: max(r["retired_per_s"] for r in v) for k, v in runs.items()}
        spread = {k: max(r["cpu_s"] for r in v) / min(r["cpu_s"] for r in v) - 1 for k, v in runs.items()}
        rows.append((f"lockstep NUM_CTX {ctx}, this tree (best of {pairs}, spread {spread['this']:.1%})",
                     f"{best['this'] / 1e3:.0f} k retired/s", "-", None))
        rows.append((f"lockstep NUM_CTX {ctx}, {os.path.basename(os.path.abspath(tree))} "
                     f"(best of {pairs}, spread {spread['against']:.1%})",
                     f"{best['against'] / 1e3:.0f} k retired/s", "-", None))
        rows.append((f"lockstep NUM_CTX {ctx}: this tree / the other (retired/s)",
                     f"{best['this'] / best['against']:.3f}", "1.00", best["this"] / best["against"]))


def regression(suite, rows):
    """The whole suite with 2 jobs (JOBS=2), into build/bench/regress."""
    out = os.path.join(B, "bench", "regress")
    cmd = [sys.executable, os.path.join(ROOT, "tb", "regress", "regress.py"), "--suite", suite, "--seed", "1",
           "--jobs", "2", "--out", out]
    shared = os.environ.get("SHARED")
    if shared:
        cmd += ["--shared", shared]
    p = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
    try:
        with open(os.path.join(out, "summary.json")) as fh:
            s = json.load(fh)
    except (OSError, ValueError):
        sys.exit(f"bench: the {suite} regression wrote no summary:\n{p.stdout[-2000:]}{p.stderr[-2000:]}")
    runs = s["passed"] + s["failed"]
    if p.returncode != 0 or s["failed"]:
        sys.exit(f"bench: the {suite} regression failed ({s['failed']} of {runs} runs): {out}/summary.txt")
    rows.append((f"regression SUITE={suite} JOBS=2: {runs} runs, wall time", f"{s['seconds']:.0f} s", "-", None))
    rows.append((f"regression SUITE={suite} JOBS=2: runs per second", f"{runs / s['seconds']:.1f} runs/s", "-", None))


def print_rows(rows):
    print(f"\n  {'figure':62} {'measured':>20} {'target':>20} {'ratio':>7}")
    for name, val, target, ratio in rows:
        print(f"  {name:62} {val:>20} {target:>20} {'' if ratio is None else f'{ratio:.2f}':>7}")


def main():
    ap = argparse.ArgumentParser(description="make bench (usage in this file's docstring)")
    ap.add_argument("--no-regress", action="store_true")
    ap.add_argument("--against", metavar="TREE")
    ap.add_argument("--against-only", action="store_true")
    args = ap.parse_args()
    if args.against_only and not args.against:
        ap.error("--against-only needs --against TREE")
    no_regress, against = args.no_regress, args.against
    cfg = project_config.read()
    rows = []
    if args.against_only:
        print(f"== make bench, lockstep against {against} ({os.cpu_count()} cores)")
        against_rows(against, cfg, rows)
        print_rows(rows)
        return 0
    model = model_rate()
    rows.append(("C model, random ALU mix, one core", f"{model / 1e6:.2f} M quad-instr/s", "10 M/s", model / 10e6))
    ipc = {}
    for ctx in project_config.ints("BENCH_IPC_CTX", cfg):
        r = cosim(ctx, "--random-alu", "256", "--seed", "1", "--quads", str(ctx))
        ipc[ctx] = r["ipc"]
        d = r["issue_to_retire"]  # the stage plan's depth D: IPC min(1, NUM_CTX / D)
        rows.append((f"RTL NUM_CTX {ctx}: instructions per cycle (steady state; depth {d})", f"{r['ipc']:.3f}",
                     f"0.95 (NUM_CTX >= {d})" if ctx >= d else f"{ctx}/{d} = {ctx / d:.3f}",
                     r["ipc"] / (0.95 if ctx >= d else ctx / d)))
    fmax_rows(ipc, rows)
    alone = {}
    for ctx in project_config.ints("BENCH_ALONE_CTX", cfg):
        alone[ctx] = cosim(ctx, "--random-alu", "256", "--seed", "1", "--quads", "64", "--rtl-only")
        rows.append((f"Verilated us_core NUM_CTX {ctx} alone, 64 quads x 256 instr",
                     f"{alone[ctx]['cycles_s'] / 1e3:.0f} k cycles/s", "-", None))
    for ctx in project_config.ints("BENCH_LOCKSTEP_CTX", cfg):
        r = cosim(ctx, "--random-alu", "256", "--seed", "1", "--quads", "64")
        rows.append((f"lockstep co-simulation NUM_CTX {ctx}, 64 quads x 256 instr",
                     f"{r['retired_s'] / 1e3:.0f} k retired/s", "250 k/s", r["retired_s"] / 250e3))
        if ctx in alone:
            ratio = r["retired_s"] / alone[ctx]["retired_s"]
            rows.append((f"lockstep / Verilated core alone, NUM_CTX {ctx} (retired/s)", f"{ratio:.2f}", "0.8",
                         ratio / 0.8))
    rows.append((f"lockstep co-simulation NUM_CTX {ctx}: the final target", f"{r['retired_s'] / 1e3:.0f} k retired/s",
                 "1 M/s", r["retired_s"] / 1e6))
    scale_ctx = project_config.one_int("BENCH_SCALE_CTX", cfg)
    print(f"== make bench on this machine ({os.cpu_count()} cores); targets of ../shared/DESIGN.md section 7; "
          f"best of {REPEAT} runs")
    scaling(scale_ctx, rows)
    suite = (cfg.get("BENCH_REGRESS_SUITE") or ["none"])[0]
    if suite != "none" and not no_regress:
        regression(suite, rows)
    if against:
        against_rows(against, cfg, rows)
    print_rows(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
