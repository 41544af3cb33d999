#!/usr/bin/env python3
"""The cocotb bench of us_core (tb/cocotb/README.md): sets up its Python, builds the core under Verilator, runs
cocotb tests on it and reads cocotb's results file.

  run.py [--ctx N] [--module M[,M...]] [--testcase T[,T...]] [--quads N] [--inject-flip BIT] [--waves]
      runs the tests (default: test_core and test_example) and prints each one's verdict from results.xml;
      exit 0 when every test passed, 1 when one failed (or none ran), 2 when the setup or the build failed
  run.py --check
      make test's entry: the tests at NUM_CTX 4, every one must pass; then test_core again with the fault hook
      flipping bit 5 of the first red temporary write of pixel 0, where a test must fail and each failure must
      name the record and the field (temp[0].val pixel 0 r); ends with 'N passed, M failed' over the two runs

Everything goes under build/cocotb/: venv/ (a virtual environment: cocotb, pinned, numpy, cffi, and r500us from this
tree, by pip install of a copy of its sources in r500us-src/, reinstalled when they change), ctxN/ (the Verilated
core with cocotb's VPI library, rebuilt when rtl/ or the flags change), results*.xml. It installs into a virtual
environment of its own rather than tb/python's build/pyvenv, and builds r500us from a copy, so that make -j may run
both tests at once: pip builds in the source tree (setup.py's build/python), and two pips must not share it, nor one
environment."""
import argparse
import hashlib
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import time
import venv
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
OUT = os.path.join(ROOT, "build", "cocotb")
VENV = os.path.join(OUT, "venv")
PY = os.path.join(VENV, "bin", "python")
STAMP = os.path.join(VENV, "r500us-sources.sha256")

# cocotb 1.8.1: the last release whose documented Verilator floor (5.006) admits Debian bookworm's Verilator 5.006;
# cocotb 1.9 documents 5.022 and later, 2.0 5.036 and later (README.md, "Versions").
COCOTB = "cocotb==1.8.1"
NEEDS = {"cocotb": COCOTB, "numpy": "numpy", "cffi": "cffi", "setuptools": "setuptools>=61", "wheel": "wheel"}
VERILATOR_MIN = (5, 6)

# The planted fault of --check: the bit the hook flips, and what the failure must name.
PLANT_BIT = 5
PLANT_FIELD = "temp[0].val pixel 0 r"


def say(msg: str) -> None:
    print(f"tb/cocotb/run.py: {msg}", flush=True)


def tb_python_run():
    """tb/python/run.py as a module: its hash of the package's sources decides when to reinstall r500us."""
    spec = importlib.util.spec_from_file_location("tb_python_run", os.path.join(ROOT, "tb", "python", "run.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def pip(*args: str) -> None:
    subprocess.run([PY, "-m", "pip", "install", "-q", "--disable-pip-version-check", *args], check=True, cwd=ROOT)


def setup_venv() -> None:
    if not os.path.exists(PY):
        say("making build/cocotb/venv")
        venv.create(VENV, with_pip=True)
    missing = [spec for mod, spec in NEEDS.items()
               if subprocess.run([PY, "-c", f"import {mod}"], capture_output=True).returncode]
    have = subprocess.run([PY, "-c", "import cocotb; print(cocotb.__version__)"], capture_output=True, text=True)
    if have.returncode == 0 and have.stdout.strip() != COCOTB.split("==")[1]:
        missing.append(COCOTB)
    if missing:
        say(f"pip install {' '.join(sorted(set(missing)))}")
        pip(*sorted(set(missing)))
    digest = tb_python_run().sources_hash()
    if not os.path.exists(STAMP) or open(STAMP).read() != digest:
        # pip builds in the source tree, in setup.py's build/python; tb/python/run.py's pip may be building there
        # at the same moment (make -j), so this one builds from a copy of the package's sources
        say("pip install . (r500us from a copy of its sources in build/cocotb/r500us-src)")
        src = os.path.join(OUT, "r500us-src")
        shutil.rmtree(src, ignore_errors=True)
        skip = shutil.ignore_patterns("__pycache__", "*.egg-info")
        for top in ("python", "model/isa", "model/golden", "model/gen"):
            shutil.copytree(os.path.join(ROOT, top), os.path.join(src, top), ignore=skip)
        for f in ("pyproject.toml", "setup.py"):
            shutil.copy(os.path.join(ROOT, f), src)
        pip("--no-build-isolation", "--force-reinstall", "--no-deps", src)
        with open(STAMP, "w") as f:
            f.write(digest)


def cocotb_config(*args: str) -> str:
    return subprocess.run([os.path.join(VENV, "bin", "cocotb-config"), *args], check=True, capture_output=True,
                          text=True).stdout.strip()


def verilator_version() -> tuple:
    out = subprocess.run(["verilator", "--version"], capture_output=True, text=True).stdout.split()
    try:
        return tuple(int(x) for x in out[1].split(".")[:2])
    except (IndexError, ValueError):
        return (0, 0)


def rtl_files() -> list:
    files = []
    for line in open(os.path.join(ROOT, "rtl", "us_core.f")):
        line = line.split("//", 1)[0].strip()
        if line:
            files.append(line)
    return files


def build(ctx: int, waves: bool) -> str:
    """Verilates us_core at NumCtx ctx with cocotb's main and VPI library; returns the simulator's path."""
    mdir = os.path.join(OUT, f"ctx{ctx}" + ("-waves" if waves else ""))
    share, libdir = cocotb_config("--share"), cocotb_config("--lib-dir")
    # The flags of the project's Verilator builds (Makefile, VERILATOR_FLAGS, the harness's US_FAULT_INJECT and
    # its -O2), plus cocotb's: --vpi, the top named Vtop, cocotb's main and its VPI library. Not cocotb's
    # --public-flat-rw: public.vlt makes only us_core's ports public (public.vlt says why).
    cmd = ["verilator", "--cc", "--exe", "--build", "-j", "2", "-O3", "-Wall", "--assert", "--x-assign", "unique",
           "--x-initial", "unique", "-Irtl", "-Irtl/fp", "--output-split-cfuncs", "500", "--vpi",
           "--prefix", "Vtop", "-o", "Vtop", "--top-module", "us_core", f"-GNumCtx={ctx}", "-DUS_FAULT_INJECT",
           "-DCOCOTB_SIM=1", "--timescale", "1ns/1ps", "-Mdir", mdir,
           "-MAKEFLAGS", "OPT_FAST=-O2 OPT_SLOW=-O0 OPT_GLOBAL=-O2",
           "-LDFLAGS", f"-Wl,-rpath,{libdir} -L{libdir} -lcocotbvpi_verilator"]
    if waves:
        cmd += ["--trace", "--trace-structs"]
    cmd += ["rtl/lint.vlt", "tb/cocotb/public.vlt", "-f", "rtl/us_core.f",
            os.path.join(share, "lib", "verilator", "verilator.cpp")]
    h = hashlib.sha256(json.dumps(cmd).encode() + subprocess.run(["verilator", "--version"], capture_output=True)
                       .stdout)
    includes = ["rtl/us_assert.svh", "rtl/generated/us_retire_ports.svh"]
    for f in rtl_files() + ["rtl/lint.vlt", "tb/cocotb/public.vlt"] + includes:
        h.update(f.encode() + b"\0" + open(os.path.join(ROOT, f), "rb").read())
    stamp = os.path.join(mdir, "build.sha256")
    sim = os.path.join(mdir, "Vtop")
    if os.path.exists(sim) and os.path.exists(stamp) and open(stamp).read() == h.hexdigest():
        return sim
    say(f"verilator: us_core NumCtx {ctx} with cocotb's VPI library -> {os.path.relpath(mdir, ROOT)}")
    os.makedirs(mdir, exist_ok=True)
    if os.path.exists(stamp):
        os.remove(stamp)
    t0 = time.time()
    log = os.path.join(mdir, "build.log")
    with open(log, "w") as f:
        rc = subprocess.run(cmd, cwd=ROOT, stdout=f, stderr=subprocess.STDOUT).returncode
    if rc:
        sys.stdout.write("".join(open(log).readlines()[-30:]))
        raise RuntimeError(f"the Verilator build failed (exit {rc}; {os.path.relpath(log, ROOT)})")
    with open(stamp, "w") as f:
        f.write(h.hexdigest())
    say(f"built in {time.time() - t0:.0f} s")
    return sim


def simulate(sim: str, modules: str, testcase: str, results: str, env_extra: dict) -> int:
    """Runs the simulator with cocotb's environment (what cocotb's Makefile.inc exports); returns its exit status."""
    env = dict(os.environ)
    env.update({
        "MODULE": modules, "TOPLEVEL": "us_core", "TOPLEVEL_LANG": "verilog", "COCOTB_RESULTS_FILE": results,
        "LIBPYTHON_LOC": cocotb_config("--libpython"), "VIRTUAL_ENV": VENV,
        "PYTHONPATH": os.pathsep.join([HERE] + ([os.environ["PYTHONPATH"]] if os.environ.get("PYTHONPATH") else [])),
        "PATH": os.path.join(VENV, "bin") + os.pathsep + env.get("PATH", ""),
        "COCOTB_REDUCED_LOG_FMT": "1",
    })
    env.pop("PYTHONHOME", None)
    if testcase:
        env["TESTCASE"] = testcase
    env.update(env_extra)
    if os.path.exists(results):
        os.remove(results)
    return subprocess.run([sim], cwd=os.path.dirname(results), env=env).returncode


def read_results(path: str) -> list:
    """cocotb's results file as [(test, passed, message)]."""
    out = []
    for case in ET.parse(path).getroot().iter("testcase"):
        fail = case.find("failure")
        if fail is None:
            fail = case.find("error")
        msg = "" if fail is None else (fail.get("message") or "") + "\n" + (fail.text or "")
        out.append((f"{case.get('classname')}.{case.get('name')}", fail is None and case.find("skipped") is None,
                    msg.strip()))
    return out


def run(args, modules: str, results: str, env_extra: dict) -> list:
    sim = build(args.ctx, args.waves)
    figures = results[:-4] + "-figures.jsonl"
    if os.path.exists(figures):
        os.remove(figures)
    env_extra = dict(env_extra, R500US_COCOTB_FIGURES=figures)
    if args.quads:
        env_extra["R500US_COCOTB_QUADS"] = str(args.quads)
    t0 = time.time()
    rc = simulate(sim, modules, args.testcase, results, env_extra)
    secs = time.time() - t0
    if not os.path.exists(results):
        raise RuntimeError(f"the simulation (exit {rc}) wrote no {os.path.relpath(results, ROOT)}")
    fig = [json.loads(x) for x in open(figures)] if os.path.exists(figures) else []
    errors = {f["test"]: f["error"] for f in fig if "error" in f}
    # results.xml gives each test's verdict (cocotb 1.8 keeps only the seed as a failure's message); the bench's
    # own message, naming the record and the field, comes from the figures file
    cases = [(name, ok, (errors.get(name.rsplit(".", 1)[-1], "") + "\n" + msg).strip() if not ok else msg)
             for name, ok, msg in read_results(results)]
    done = [f for f in fig if "error" not in f]
    say(f"{os.path.relpath(results, ROOT)}: {len(cases)} tests in {secs:.1f} s (NumCtx {args.ctx})" +
        (f"; test_core's vectors that matched: {len(done)}, {sum(f['quads'] for f in done)} quads, "
         f"{sum(f['records'] for f in done)} retire records equal, {sum(f['cycles'] for f in done)} cycles"
         if done else ""))
    for name, ok, msg in cases:
        print(f"  {'PASS' if ok else 'FAIL'} {name}" + ("" if ok else "\n    " + msg.replace("\n", "\n    ")))
    if rc:
        say(f"the simulator exited {rc}")
    return cases


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ctx", type=int, default=4, help="NumCtx of the build (1..16; default 4)")
    ap.add_argument("--module", default="test_core,test_example", help="cocotb test modules in tb/cocotb")
    ap.add_argument("--testcase", default="", help="only these tests (comma-separated)")
    ap.add_argument("--quads", type=int, default=0, help="quads per vector in test_core (default 8)")
    ap.add_argument("--inject-flip", type=int, metavar="BIT", help="flip BIT of the first red temporary write "
                    "of pixel 0 after the launches (the fault hook): the tests that make one must fail")
    ap.add_argument("--waves", action="store_true", help="a build with --trace: the run writes dump.vcd beside "
                    "the results")
    ap.add_argument("--check", action="store_true", help="make test's entry (see the top of this file)")
    args = ap.parse_args()
    if not 1 <= args.ctx <= 16:
        ap.error("--ctx: 1..16")
    if args.inject_flip is not None and not 0 <= args.inject_flip <= 31:
        ap.error("--inject-flip: a bit 0..31")
    if verilator_version() < VERILATOR_MIN:
        say(f"Verilator {'.'.join(map(str, VERILATOR_MIN))} or later is needed (cocotb 1.8); found "
            f"{'.'.join(map(str, verilator_version()))}")
        return 2
    os.makedirs(OUT, exist_ok=True)
    try:
        setup_venv()
        if not args.check:
            env = {"R500US_COCOTB_FLIP": str(1 << args.inject_flip)} if args.inject_flip is not None else {}
            cases = run(args, args.module, os.path.join(OUT, "results.xml"), env)
            bad = sum(not ok for _, ok, _ in cases)
            print(f"{len(cases) - bad} passed, {bad} failed")
            return 0 if cases and not bad else 1
        args.ctx = 4
        args.testcase = ""
        checks = []
        cases = run(args, "test_core,test_example", os.path.join(OUT, "results.xml"), {})
        checks.append(("every test passes", len(cases) >= 5 and all(ok for _, ok, _ in cases)))
        planted = run(args, "test_core", os.path.join(OUT, "results-planted.xml"),
                      {"R500US_COCOTB_FLIP": str(1 << PLANT_BIT)})
        failed = [(n, m) for n, ok, m in planted if not ok]
        checks.append((f"the planted fault (bit {PLANT_BIT} of pixel 0's red temporary write) fails a test",
                       bool(failed)))
        checks.append((f"each failure names the record and the field ({PLANT_FIELD})",
                       bool(failed) and all("record " in m and PLANT_FIELD in m for _, m in failed)))
    except (RuntimeError, subprocess.CalledProcessError, ET.ParseError) as e:
        say(str(e))
        return 2
    for what, ok in checks:
        print(f"  {'ok  ' if ok else 'FAIL'} {what}")
    bad = sum(not ok for _, ok in checks)
    print(f"{len(checks) - bad} passed, {bad} failed")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
