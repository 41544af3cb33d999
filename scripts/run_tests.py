#!/usr/bin/env python3
"""Runs every test of `make test` in parallel and ends with the line `N passed, M failed`.

A test is a command; exit 0 is a pass. A test whose input is missing (for example ../shared) is reported as
skipped, never as passed.
"""
import argparse
import concurrent.futures
import glob
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def tests(shared):
    regs = os.path.join(shared, "spec", "regs")
    corpus = os.path.join(shared, "corpus", "mesa-fs")
    py = sys.executable
    t = [
        ("isa: generated files match spec/isa.txt", [py, "scripts/gen_isa.py", "--check"], None),
        ("isa: generated SV packages are Verilator -Wall clean",
         ["bash", "-c", "verilator --lint-only -Wall rtl/lint.vlt rtl/us_isa_pkg.sv && "
                        "verilator --lint-only -Wall rtl/lint.vlt rtl/us_fp_tables_pkg.sv"], None),
        ("fp: generated transcendental tables match scripts/gen_fp_tables.py",
         [py, "scripts/gen_fp_tables.py", "--check"], None),
        ("isa: table agrees with the AMD register spec", [py, "scripts/check_isa_spec.py", "--regs", regs], regs),
        ("isa: the generator and spec checkers catch injected faults", [py, "scripts/tests/test_isa_tools.py", regs], regs),
        ("asm: 100000 random legal instructions per type and raw words round trip",
         ["build/san/tests/test_roundtrip", "100000", "1"], None),
        ("asm: mutated input never crashes and errors name file:line", ["build/san/tests/test_fuzz", "20000", "7"], None),
        ("asm: encodings, errors, illegal words, Mesa dump (CLI)", [py, "scripts/tests/test_cli.py"], None),
        ("asm: every Mesa corpus program round trips word for word",
         [py, "scripts/tests/test_corpus_roundtrip.py", corpus], corpus),
        ("fp: basic ops bit for bit against the host FPU in FTZ/DAZ mode", ["build/san/tests/test_fp_host"], None),
        ("fp: transcendentals within their bounds against MPFR", ["build/san/tests/test_mpfr_trans"], None),
        ("model: ALU and TEX semantics, directed", ["build/san/tests/test_alu_semantics"], None),
        ("model: Mesa-shaped flow control, 16 pixel patterns, against the GLSL meaning",
         ["build/san/tests/test_fc_glsl"], None),
        ("model: every FC field and error state", ["build/san/tests/test_fc_fields"], None),
        ("model: every Mesa corpus program runs clean on 100 seeds and matches a plain-C evaluation",
         ["build/san/tests/test_corpus", corpus], corpus),
        ("usim: vectors, verdicts, bad input, emitted vectors, runaway programs",
         [py, "scripts/tests/test_usim.py", corpus], corpus),
    ]
    t.append(("bringup: exported register writes replay, names match the spec, program and expectations exact",
              [py, "scripts/tests/test_bringup.py", corpus], corpus))
    t.append(("coverage: bins sampled from retire events, exact on directed programs, reports agree, bad input",
              [py, "scripts/tests/test_coverage.py", corpus], corpus))
    t.append(("vectors: generator suites regenerate exactly, pass the model, knobs act, bad knobs exit 2",
              [py, "scripts/tests/test_usgen.py"], None))
    t.append(("rtl: verilator --lint-only -Wall on every module (make lint)", ["make", "--no-print-directory", "lint"],
              None))
    t.append(("rtl: Yosys synth of us_core (NUM_CTX 1, 4) and every module, no latches or undriven wires (make synth)", [py, "scripts/synth.py", "--jobs", "1"],
              None))
    t.append(("cosim: RTL against the C model in lockstep, NUM_CTX 1, 2, 4: corpus x 100 seeds, random programs, SystemC top, "
              "random initial state, injected faults caught, regress runner, waveforms, bad input", [py, "scripts/tests/test_cosim.py",
                                                                                 corpus, "100"], corpus))
    # Every RTL unit bench (tb/unit/<bench>.cpp) in its default mode: the unit against the C model.
    for cpp in sorted(glob.glob(os.path.join(ROOT, "tb", "unit", "*.cpp"))):
        b = os.path.splitext(os.path.basename(cpp))[0]
        t.append((f"rtl: unit bench {b} against the C model", [f"build/tb/{b}/bench"], None))
    return t


def run(name, argv, needs):
    if needs and not os.path.exists(needs):
        return name, "skip", f"{needs} is missing", 0.0
    start = time.time()
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=1:abort_on_error=0", UBSAN_OPTIONS="print_stacktrace=1")
    try:
        p = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=1200, env=env)
        out = (p.stdout + p.stderr).strip()
        status = "pass" if p.returncode == 0 else "fail"
    except subprocess.TimeoutExpired:
        out, status = "timed out after 1200 s", "fail"
    except OSError as e:
        out, status = str(e), "fail"
    return name, status, out, time.time() - start


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--shared", default=os.path.join(ROOT, "..", "shared"))
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("-v", "--verbose", action="store_true")
    a = ap.parse_args()
    shared = os.path.abspath(a.shared)
    counts = {"pass": 0, "fail": 0, "skip": 0}
    with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as pool:
        futs = [pool.submit(run, *t) for t in tests(shared)]
        for f in concurrent.futures.as_completed(futs):
            name, status, out, secs = f.result()
            counts[status] += 1
            print(f"{status.upper():4}  {name}  ({secs:.1f} s)", flush=True)
            if status != "pass" or a.verbose:
                lines = out.splitlines()
                for line in lines[-40:] if status == "fail" else lines[-8:]:
                    print(f"      {line}")
    if counts["skip"]:
        print(f"{counts['skip']} skipped (inputs missing; not counted as passed)")
    print(f"{counts['pass']} passed, {counts['fail']} failed")
    return 1 if counts["fail"] else 0


if __name__ == "__main__":
    sys.exit(main())
