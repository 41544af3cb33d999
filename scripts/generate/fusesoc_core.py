#!/usr/bin/env python3
"""The FuseSoC core of the design, r500us.core (CAPI2, VLNV ::r500us:0.1), written from the source manifest
rtl/us_core.f and tb/config.mk so the two cannot drift: the packages and modules in the manifest's order, the include
files (rtl/**/*.svh), the lint waivers (rtl/lint.vlt, a Verilator vlt file), us_core's parameters and the design's
defines, and the targets lint (Verilator -Wall), sim (the lockstep harness tb/cosim built and run by Verilator),
synth (Yosys synth_ecp5) and fpga (ECP5: Yosys, nextpnr, ecppack). docs/rtl.md, "FuseSoC", says which run here.

  fusesoc_core.py            writes r500us.core
  fusesoc_core.py --check    exit 1 (with a diff) when r500us.core is not what the manifest and config make
  fusesoc_core.py --test     make test's check: --check; a file added to a copy of the manifest fails it; `fusesoc
                             run --target=lint` passes on us_core (every manifest file handed to Verilator, in
                             order); a lint error planted in a copy of the tree fails it, naming the file
  fusesoc_core.py --harness-lib OUT   the sim target's pre_build hook, run from FuseSoC's work root on its exported
                             copy of the tree: compiles the golden model's C (model/{isa,golden,gen}) and Verilator's
                             FST writer into the static library OUT that the harness links (Verilator's make compiles
                             only C++, and a --trace build leaves FST out)
Options: --root DIR (the tree to read, default this project), --core PATH (default ROOT/r500us.core).
Exit status: 0 done, 1 a check failed (or, --test, a test; SKIP 77 when fusesoc is not installed), 2 usage."""
import argparse
import concurrent.futures
import difflib
import glob
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib"))  # scripts/lib
import project_config  # noqa: E402

NAME = "r500us"
VERSION = "0.1"
VLNV = f"::{NAME}:{VERSION}"
CORE_DIR = f"{NAME}_{VERSION}"  # FuseSoC's work-root and exported-source folder name for the core
MODEL_LAYERS = ("isa", "golden", "gen")  # the Makefile's MODEL_LAYERS: the library the harness links
SKIP = 77

# us_core's parameters (rtl/core/us_core.sv): none is given a value here, so the RTL's defaults (us_fc_pkg's depths,
# us_core_pkg::PipeSim) stay the one source; a target or `fusesoc run ... --NumCtx=4` sets one.
PARAMS = (
    ("NumCtx", "int", "contexts (quads in flight), round robin; RTL default 1"),
    ("LoopDepth", "int", "loop stack depth per context; RTL default us_fc_pkg::DefaultLoopDepth (spec/state.txt)"),
    ("AddrDepth", "int", "subroutine stack depth per context; RTL default us_fc_pkg::DefaultAddrDepth"),
    ("CounterBits", "int", "loop counter width; RTL default us_fc_pkg::DefaultCounterBits"),
    ("PipeRegs", "int", "the optional stage registers, a 16-bit mask (us_core_pkg: PipeSim by default, 65535 = "
                        "PipeFpga, every one)"),
    ("Lanes", "int", "pixels the datapath takes a clock: 4 (default), 2 or 1"),
    ("MemSweep", "bool", "zero the instruction memory and constants by a sweep after reset (the FPGA "
                         "configuration); RTL default false"),
)
DEFINES = (
    ("SYNTHESIS", "the forms Yosys reads, assertions compiled out (rtl/us_assert.svh); the synth and fpga targets"),
    ("US_FAULT_INJECT", "the lockstep harness's fault-injection hook in us_wb_stage (uscosim --inject-flip)"),
)
# The sim target's harness run: a random legal program of 40 instructions on 8 quads, seed 1 (uscosim's options); a
# mismatch report goes to the work root. `--run_options="..."` appends options, and uscosim takes the last of each.
SIM_RUN = ("--random", "40", "--seed", "1", "--quads", "8", "--report-dir", ".")
# make fpga's device (scripts/synth/fpga.py): the LFE5U-85F in its largest package, at tb/config.mk's FPGA_SPEED.
FPGA_DEVICE = ("--85k", "--package", "CABGA756")


def read_manifest(path):
    """The manifest's paths in order (one per line, // comments), as in scripts/synth/synth.py."""
    out = []
    with open(path) as fh:
        for line in fh:
            line = line.split("//", 1)[0].strip()
            if line:
                out.append(line)
    return out


def rel_glob(root, pattern):
    return sorted(os.path.relpath(p, root) for p in glob.glob(os.path.join(root, pattern), recursive=True))


def inputs(root):
    """What the core is written from: the manifest, the include files, the harness and model sources, tb/config.mk."""
    cfg = project_config.read(os.path.join(root, "tb", "config.mk"))
    return {
        "rtl": read_manifest(os.path.join(root, "rtl", "us_core.f")),
        "svh": rel_glob(root, "rtl/**/*.svh"),
        # the Makefile's COSIM_SRCS: tb/cosim/*.cpp but the unit tests of its parts (test_*)
        "cosim_cpp": [f for f in rel_glob(root, "tb/cosim/*.cpp") if not os.path.basename(f).startswith("test_")],
        "cosim_h": rel_glob(root, "tb/cosim/*.h") + rel_glob(root, "tb/cosim/generated/*.h"),
        # a layer's generated/ folder (make gen) is part of the layer
        "model_c": [f for layer in MODEL_LAYERS for d in (layer, f"{layer}/generated")
                    for f in rel_glob(root, f"model/{d}/*.c")],
        "model_h": [f for layer in MODEL_LAYERS for d in (layer, f"{layer}/generated")
                    for f in rel_glob(root, f"model/{d}/*.h")],
        "fpga_ctx": project_config.one_int("FPGA_CTX", cfg),
        "fpga_lanes": project_config.one_int("FPGA_LANES", cfg),
        "fpga_speed": project_config.one_int("FPGA_SPEED", cfg),
    }


def q(s):
    """A YAML scalar: quoted when it starts with a character YAML or FuseSoC's expression syntax would read."""
    return f'"{s}"' if s[:1] in "-!?:{[*&#|>'\"%@`" or s.isdigit() or " " in s else s


def lst(items):
    return "[" + ", ".join(q(i) for i in items) + "]"


def generate(root=ROOT):
    """The text of r500us.core."""
    d = inputs(root)
    L = []
    w = L.append
    w("CAPI=2:")
    w("# Generated by scripts/generate/fusesoc_core.py from rtl/us_core.f (the source manifest) and tb/config.mk:")
    w("# do not edit.")
    w("# `python3 scripts/generate/fusesoc_core.py` rewrites it; make test fails while the two disagree (--check).")
    w("# docs/rtl.md, \"FuseSoC\": the targets and the tools each needs.")
    w(f"name: {VLNV}")
    w("description: R500 pixel shader (US) core us_core, with its lockstep harness against the C golden model")
    w("")
    w("filesets:")
    w("  # The design, in the manifest's order: packages first (each after those it names), then the modules from the")
    w("  # leaves up. The include files are found through rtl/ (+incdir+rtl: `include \"generated/...\").")
    w("  rtl:")
    w("    files:")
    for f in d["svh"]:
        w(f"      - {f}: {{is_include_file: true, include_path: rtl}}")
    for f in d["rtl"]:
        w(f"      - {f}")
    w("    file_type: systemVerilogSource")
    w("")
    w("  # The project's only lint waivers, each with its reason (Verilator configuration file).")
    w("  lint_waivers:")
    w("    files: [rtl/lint.vlt]")
    w("    file_type: vlt")
    w("")
    w("  # The lockstep harness (uscosim: tb/cosim), its headers, and the golden model's headers it includes.")
    w("  cosim:")
    w("    files:")
    for f in d["cosim_h"]:
        w(f"      - {f}: {{is_include_file: true, include_path: tb/cosim}}")
    for f in d["model_h"]:
        w(f"      - {f}: {{is_include_file: true, include_path: model}}")
    for f in d["cosim_cpp"]:
        w(f"      - {f}")
    w("    file_type: cppSource")
    w("")
    w("  # The golden model's C, compiled into libcosim.a by the sim target's pre_build hook (this script,")
    w("  # --harness-lib): Verilator's make compiles C++ only.")
    w("  model:")
    w("    files:")
    w("      - scripts/generate/fusesoc_core.py")
    w("      - scripts/lib/project_config.py")
    for f in d["model_c"]:
        w(f"      - {f}")
    w("    file_type: user")
    w("")
    w("parameters:")
    for name, dtype, desc in PARAMS:
        w(f"  {name}:")
        w(f"    datatype: {dtype}")
        w(f"    description: {q(desc)}")
        w("    paramtype: vlogparam")
    for name, desc in DEFINES:
        w(f"  {name}:")
        w("    datatype: bool")
        w(f"    description: {q(desc)}")
        w("    paramtype: vlogdefine")
    w("")
    w("scripts:")
    w("  harness_lib:")
    w(f"    cmd: [python3, src/{CORE_DIR}/scripts/generate/fusesoc_core.py, --harness-lib, libcosim.a]")
    w("")
    fpga = [f"NumCtx={d['fpga_ctx']}", "PipeRegs=65535", f"Lanes={d['fpga_lanes']}", "MemSweep=true"]
    fpga_sized = [f"NumCtx={d['fpga_ctx']}", "PipeRegs=16'hffff", f"Lanes={d['fpga_lanes']}", "MemSweep=1'b1"]
    all_params = [p for p, _, _ in PARAMS]
    w("targets:")
    w("  # What a core that depends on this one gets: the design, and the waivers for its Verilator runs (other tools")
    w("  # pass a vlt file by).")
    w("  default:")
    w("    filesets: [lint_waivers, rtl]")
    w("    toplevel: us_core")
    w("")
    w("  # Verilator --lint-only -Wall on us_core with the waivers of rtl/lint.vlt (make lint also takes every module")
    w("  # as the top once). Any parameter can be set: fusesoc run --target=lint r500us --NumCtx=4 (PipeRegs and")
    w("  # MemSweep: see lint_fpga)")
    w("  lint:")
    w("    toplevel: us_core")
    w("    filesets: [lint_waivers, rtl]")
    w(f"    parameters: {lst(all_params)}")
    w("    flow: lint")
    w("    flow_options:")
    w("      tool: verilator")
    w("      verilator_options: [-Wall]")
    w("")
    w("  # make lint's second run: us_core in the FPGA configuration (tb/config.mk). The widths go as Verilator reads")
    w("  # them (16'hffff, 1'b1): FuseSoC hands parameters as plain integers, which -Wall flags on a sized parameter.")
    w("  lint_fpga:")
    w("    filesets: [lint_waivers, rtl]")
    w("    toplevel: us_core")
    w("    flow: lint")
    w("    flow_options:")
    w("      tool: verilator")
    w(f"      verilator_options: {lst(['-Wall'] + ['-G' + v for v in fpga_sized])}")
    w("")
    w("  # The lockstep harness (make cosim-build's uscosim, NumCtx 1: its C++ is compiled for one context) built by")
    w("  # Verilator and run on a random legal program; the run fails on the first retire record that differs from the")
    w("  # golden model's (its report in the work root). --run_options appends uscosim options, the last of each")
    w("  # counting: fusesoc run --target=sim r500us --run_options=\"--seed 7 --quads 64\"")
    w("  sim:")
    w("    toplevel: us_core")
    w("    filesets: [lint_waivers, rtl, cosim, model]")
    w("    parameters: [US_FAULT_INJECT=true]")
    w("    hooks:")
    w("      pre_build: [harness_lib]")
    w("    flow: sim")
    w("    flow_options:")
    w("      tool: verilator")
    w("      mode: cc")
    w("      verilator_options: [-Wall, --assert, --trace, --x-assign, unique, --x-initial, unique, "
      "--output-split-cfuncs, \"500\", -CFLAGS, -O2, -CFLAGS, -DUS_NUM_CTX=1, -LDFLAGS, libcosim.a, -LDFLAGS, -lm, -LDFLAGS, -lz]")
    w("      make_options: [OPT_FAST=-O2, OPT_GLOBAL=-O2, OPT_SLOW=-O0]")
    w(f"      run_options: {lst(SIM_RUN)}")
    w("")
    w("  # Yosys synth_ecp5 of us_core (SYNTHESIS defined): r500us_0.1.json. Needs a Yosys that reads the design's")
    w("  # SystemVerilog and has Tcl (docs/rtl.md, FuseSoC); make synth is the project's own Yosys run.")
    w("  synth:")
    w("    toplevel: us_core")
    w("    filesets: [rtl]")
    w(f"    parameters: {lst(['SYNTHESIS=true'] + all_params)}")
    w("    flow: trellis")
    w("    flow_options:")
    w("      pnr: none")
    w("")
    w("  # The FPGA configuration (tb/config.mk: every stage register, FPGA_LANES, FPGA_CTX, the memory sweep) through")
    w("  # Yosys, nextpnr-ecp5 and ecppack on make fpga's device. us_core alone has more I/O than any package: place a")
    w("  # design that instantiates it (make fpga wraps it in a register shell).")
    w("  fpga:")
    w("    toplevel: us_core")
    w("    filesets: [rtl]")
    w(f"    parameters: {lst(['SYNTHESIS=true'] + fpga)}")
    w("    flow: trellis")
    w("    flow_options:")
    w(f"      nextpnr_options: {lst(list(FPGA_DEVICE) + ['--speed', str(d['fpga_speed'])])}")
    return "\n".join(L) + "\n"


def check(root, core):
    """Problems (a list of lines) when the core file is not what the manifest and config make."""
    want = generate(root)
    try:
        have = open(core).read()
    except OSError as e:
        return [f"{core}: {e.strerror}"]
    if have == want:
        return []
    out = []
    listed = set(have.split())
    for f in inputs(root)["rtl"]:
        if f not in listed and f"{f}:" not in listed:
            out.append(f"{f} is in rtl/us_core.f but not in {os.path.basename(core)}")
    out += list(difflib.unified_diff(have.splitlines(), want.splitlines(), os.path.basename(core),
                                     "generated", lineterm="", n=1))
    return out


def harness_lib(out):
    """The sim target's pre_build hook: the golden model's C (beside this script in FuseSoC's exported tree) and
    Verilator's FST writer and reader (verilated_fst_c.cpp, with gtkwave's fstapi: the harness converts its VCD
    to FST, uscosim --fst; a --trace build does not compile it) in the static library out."""
    root = ROOT
    srcs = [f for layer in MODEL_LAYERS for f in sorted(glob.glob(os.path.join(root, "model", layer, "*.c")))]
    if not srcs:
        sys.exit(f"fusesoc_core.py --harness-lib: no model sources under {root}/model")
    vroot = subprocess.run(["verilator", "--getenv", "VERILATOR_ROOT"], capture_output=True, text=True).stdout.strip()
    objdir = os.path.abspath(out) + ".obj"
    os.makedirs(objdir, exist_ok=True)
    cc, cxx = os.environ.get("CC", "gcc"), os.environ.get("CXX", "g++")
    jobs = [([cc, "-std=c11", "-O2", "-I" + os.path.join(root, "model")], src) for src in srcs]
    jobs.append(([cxx, "-std=c++14", "-O2", "-faligned-new", "-w", "-DVM_TRACE_FST=0", "-I" + os.path.join(vroot, "include"),
                  "-I" + os.path.join(vroot, "include", "vltstd")], os.path.join(vroot, "include", "verilated_fst_c.cpp")))

    def compile_one(job):
        cmd, src = job
        obj = os.path.join(objdir, os.path.basename(src).rsplit(".", 1)[0] + ".o")
        return obj, subprocess.run(cmd + ["-c", src, "-o", obj], capture_output=True, text=True)

    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        results = list(pool.map(compile_one, jobs))
    bad = [p for _, p in results if p.returncode]
    if bad:
        sys.stderr.write(bad[0].stderr)
        sys.exit("fusesoc_core.py --harness-lib: a source did not compile")
    if os.path.exists(out):
        os.remove(out)
    subprocess.run(["ar", "rcs", out] + [o for o, _ in results], check=True)
    print(f"fusesoc_core.py: {out}: {len(srcs)} model sources and Verilator's FST writer")


# ---- make test's check (--test)

def copy_tree(dst):
    """The files the core names, and what generates it, copied to dst: a tree of its own for FuseSoC to walk."""
    for sub in ("rtl", "scripts", "tb/cosim", "model"):
        shutil.copytree(os.path.join(ROOT, sub), os.path.join(dst, sub), ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(os.path.join(ROOT, "tb", "config.mk"), os.path.join(dst, "tb", "config.mk"))
    shutil.copy(os.path.join(ROOT, f"{NAME}.core"), dst)


def fusesoc_lint(tree, build_root, target="lint"):
    """`fusesoc run --target=TARGET` on the core in tree (FuseSoC walks tree for .core files)."""
    t0 = time.time()
    p = subprocess.run([sys.executable, "-m", "fusesoc.main", "--cores-root", ".", "run", "--build-root", build_root,
                        f"--target={target}", VLNV], cwd=tree, capture_output=True, text=True)
    return p, time.time() - t0


def run_test():
    failures = []
    checks = [0]

    def ok(cond, what):
        checks[0] += 1
        print(("ok: " if cond else "FAIL: ") + what)
        if not cond:
            failures.append(what)

    found = check(ROOT, os.path.join(ROOT, f"{NAME}.core"))
    ok(not found, "r500us.core is what rtl/us_core.f and tb/config.mk make" + ("" if not found else
       " (python3 scripts/generate/fusesoc_core.py rewrites it):\n" + "\n".join(found[:40])))
    try:
        import fusesoc.main  # noqa: F401  (run as `python -m fusesoc.main`: pip's script folder may not be on PATH)
    except ImportError:
        print("fusesoc is not installed (scripts/setup/install_deps.sh installs it with pip)")
        return SKIP
    build = os.path.join(ROOT, "build")
    os.makedirs(build, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="fusesoc-", dir=build) as tmp:
        open(os.path.join(tmp, "FUSESOC_IGNORE"), "w").close()  # a fusesoc run on the project skips these copies
        # drift: a module added to a copy of the manifest (and the tree) and not to the core
        tree = os.path.join(tmp, "drift")
        copy_tree(tree)
        with open(os.path.join(tree, "rtl", "us_extra.sv"), "w") as fh:
            fh.write("module us_extra (input logic a_i, output logic a_o);\n  assign a_o = a_i;\nendmodule\n")
        with open(os.path.join(tree, "rtl", "us_core.f"), "a") as fh:
            fh.write("rtl/us_extra.sv\n")
        found = check(tree, os.path.join(tree, f"{NAME}.core"))
        ok(any("rtl/us_extra.sv is in rtl/us_core.f but not in r500us.core" in f for f in found),
           f"a file added to rtl/us_core.f and not to the core fails --check ({found[:1]})")

        # lint through FuseSoC on a copy of the project's files: --cores-root walks the folder for .core files, and
        # the project's build/ may hold other copies of the tree for a while (planted-fault tests)
        tree = os.path.join(tmp, "lint")
        copy_tree(tree)
        p, secs = fusesoc_lint(tree, os.path.join(tmp, "b"))
        work = os.path.join(tmp, "b", CORE_DIR, "lint")
        vc = os.path.join(work, f"{CORE_DIR}.vc")
        args = open(vc).read().split() if os.path.exists(vc) else []
        ok(p.returncode == 0, f"fusesoc run --target=lint {VLNV}: exit {p.returncode} in {secs:.1f} s"
           + ("" if p.returncode == 0 else "\n" + (p.stdout + p.stderr)[-3000:]))
        handed = [a for a in args if a.endswith(".sv") or a.endswith(".vlt")]
        want = ["src/%s/rtl/lint.vlt" % CORE_DIR] + [f"src/{CORE_DIR}/{f}" for f in inputs(ROOT)["rtl"]]
        ok(handed == want and "--lint-only" in args and "-Wall" in args and "us_core" in args
           and f"+incdir+src/{CORE_DIR}/rtl" in args,
           f"Verilator was handed --lint-only -Wall, the waivers and the manifest's {len(want) - 1} files in its "
           f"order, top us_core ({len(handed)} files in {os.path.relpath(vc, ROOT)})")

        # make lint's second run, the FPGA configuration
        p, secs = fusesoc_lint(tree, os.path.join(tmp, "b"), "lint_fpga")
        vc = os.path.join(tmp, "b", CORE_DIR, "lint_fpga", f"{CORE_DIR}.vc")
        args = open(vc).read().split() if os.path.exists(vc) else []
        ok(p.returncode == 0 and "-GPipeRegs=16'hffff" in args and "us_core" in args,
           f"fusesoc run --target=lint_fpga: exit {p.returncode} in {secs:.1f} s, us_core with PipeRegs 16'hffff"
           + ("" if p.returncode == 0 else "\n" + (p.stdout + p.stderr)[-3000:]))

        # a lint error planted in a copy of the tree: a signal of us_core neither driven nor read must fail the target
        tree = os.path.join(tmp, "plant")
        copy_tree(tree)
        core_sv = os.path.join(tree, "rtl", "core", "us_core.sv")
        text = open(core_sv).read()
        at = text.rindex("endmodule")
        with open(core_sv, "w") as fh:
            fh.write(text[:at] + "  logic [3:0] fusesoc_planted_bug;  // never driven, never read\n" + text[at:])
        p, secs = fusesoc_lint(tree, os.path.join(tmp, "pb"))
        out = p.stdout + p.stderr
        ok(p.returncode != 0 and "fusesoc_planted_bug" in out and "us_core.sv" in out,
           f"a lint error planted in us_core.sv fails the target: exit {p.returncode} in {secs:.1f} s, "
           f"Verilator names it ({'yes' if 'fusesoc_planted_bug' in out else 'no'})")
    print(f"{checks[0] - len(failures)} of {checks[0]} checks passed")
    return 1 if failures else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--test", action="store_true")
    ap.add_argument("--harness-lib", metavar="OUT")
    ap.add_argument("--root", default=ROOT)
    ap.add_argument("--core")
    a = ap.parse_args()
    root = os.path.abspath(a.root)
    core = a.core or os.path.join(root, f"{NAME}.core")
    if a.harness_lib:
        harness_lib(a.harness_lib)
        return 0
    if a.test:
        return run_test()
    if a.check:
        found = check(root, core)
        if found:
            print("\n".join(found))
            print(f"{os.path.relpath(core)} is stale: python3 scripts/generate/fusesoc_core.py rewrites it")
            return 1
        print(f"{os.path.relpath(core)} matches rtl/us_core.f ({len(inputs(root)['rtl'])} files) and tb/config.mk")
        return 0
    with open(core, "w") as fh:
        fh.write(generate(root))
    print(f"wrote {os.path.relpath(core)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
