#!/usr/bin/env python3
"""The lockstep co-simulation (build/cosim/ctxN/uscosim, RTL us_core against the C model) on each NUM_CTX of TEST_CTX
(and TEST_CTX_EXTRA on a subset; tb/config.mk):
- every corpus program on SEEDS seeds, and random legal programs of every instruction type, match;
- the same runs match from random initial state (Verilator random reset, 5 seeds);
- checking the checker: a flipped bit of one RTL temporary write fails with the field named (text and JSON
  report, a repro command with a waveform window); a vector with one corrupted expected value fails;
- a waveform has the top-level signals and value changes; bad input exits 2 naming file and line.
usage: test_cosim.py CORPUS_DIR [SEEDS]"""
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checklib import check, failures, summary  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts", "lib"))
import project_config  # noqa: E402

_cfg = project_config.read()
CTX = tuple(project_config.ints("TEST_CTX", _cfg))
CTX_EXTRA = tuple(project_config.ints("TEST_CTX_EXTRA", _cfg))
TOOL = project_config.one_int("TOOL_CTX", _cfg)  # the NUM_CTX of build/bin/uscosim and uscosim_sc


def cosim(ctx, *args):
    exe = os.path.join(ROOT, "build", "cosim", f"ctx{ctx}", "uscosim")
    return subprocess.run([exe, *args], capture_output=True, text=True, cwd=ROOT)


def batch(jobs):
    """Runs (ctx, args) jobs in parallel; returns [(job, CompletedProcess)]."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        return list(zip(jobs, pool.map(lambda j: cosim(j[0], *j[1]), jobs)))


def expect_match(jobs, what):
    bad = [(j, p) for j, p in batch(jobs) if p.returncode != 0]
    for j, p in bad[:3]:
        print(f"  ctx{j[0]} {' '.join(j[1])}: exit {p.returncode}\n{(p.stdout + p.stderr)[:1500]}")
    check(not bad, f"{what}: {len(jobs) - len(bad)} of {len(jobs)} runs match")


def main():
    corpus = sys.argv[1]
    seeds = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    progs = sorted(os.path.join(corpus, f) for f in os.listdir(corpus) if f.endswith(".txt"))
    check(len(progs) > 0, "the corpus has programs")
    with tempfile.TemporaryDirectory() as tmp:
        rep = ["--quiet", "--report-dir", tmp]
        expect_match([(c, ["--program", f, "--seed", str(s), *rep]) for c in CTX for f in progs
                      for s in range(1, seeds + 1)], f"corpus x {seeds} seeds, NUM_CTX {' and '.join(map(str, CTX))}")
        expect_match([(c, ["--random", "40", "--seed", str(s), "--quads", "8", *rep]) for c in CTX
                      for s in range(1, 151)], "150 random programs of 40 instructions, 8 quads")
        # TEST_CTX_EXTRA as well, on fewer runs (the RTL is claimed correct for every NUM_CTX tested)
        expect_match([(c, ["--program", f, "--seed", str(s), *rep]) for c in CTX_EXTRA for f in progs
                      for s in range(1, 11)] +
                     [(c, ["--random", "40", "--seed", str(s), "--quads", "6", *rep]) for c in CTX_EXTRA
                      for s in range(1, 101)],
                     f"NUM_CTX {' and '.join(map(str, CTX_EXTRA))}: corpus x 10 seeds, 100 random programs")
        expect_match([(c, ["--program", progs[s % len(progs)], "--seed", str(s), "--rand-seed", str(r), *rep])
                      for c in CTX for s in (1, 2) for r in (1, 7, 99, 12345, 2 ** 31 - 1)],
                     "random initial state, 5 Verilator seeds")
        expect_match([(c, ["--random", "40", "--seed", str(s), "--quads", "8", "--rand-seed", str(r), *rep])
                      for c in CTX for s in (3, 4) for r in (1, 7, 99, 12345, 2 ** 31 - 1)],
                     "random programs from random initial state")

        # Checking the checker: one flipped bit of one RTL write.
        prog = next(p for p in progs if "shadertoy_circle_sin" in p)
        for c in CTX:
            p = cosim(c, "--program", prog, "--seed", "5", "--inject-flip", "3", "--report-dir", tmp)
            check(p.returncode == 1, f"ctx{c}: a flipped RTL write bit exits 1 (got {p.returncode})")
            check(re.search(r"temp\[0\]\.val\s+0\s+r\s+0x\w+\s+0x\w+", p.stdout) is not None,
                  f"ctx{c}: the report names temp[0].val, pixel 0, red, golden and RTL values")
            check("--vcd" in p.stdout and "--wave-from" in p.stdout, f"ctx{c}: the report gives a repro with a waveform window")
            js = os.path.join(tmp, f"mismatch-shadertoy_circle_sin.fs-5-ctx{c}.json")
            try:
                r = json.load(open(js))
                ok = r["verdict"] == "mismatch" and r["seed"] == 5 and r["differences"][0]["field"] == "temp[0].val" \
                    and r["differences"][0]["golden"] != r["differences"][0]["rtl"] and len(r["last_retired"]) >= 1 \
                    and "--inject-flip" in r["reproduce"]
            except (OSError, ValueError, KeyError, IndexError) as e:
                ok = False
                print(e)
            check(ok, f"ctx{c}: the JSON report has the verdict, seed, field, values, history and repro")
            # the run's result (--result, what the regression reads): the report's verdict, file and repro
            res_file = os.path.join(tmp, f"result-{c}.json")
            p = cosim(c, "--program", prog, "--seed", "5", "--inject-flip", "3", "--report-dir", tmp, "--result", res_file)
            try:
                res = json.load(open(res_file))
                ok_res = (p.returncode == 1 and res["verdict"] == "mismatch" and res["report"] == js
                          and ok and res["reproduce"] == r["reproduce"] and res["num_ctx"] == c)
            except (OSError, ValueError, KeyError) as e:
                ok_res = False
                print(e)
            check(ok_res, f"ctx{c}: --result names the mismatch, its report and the report's repro command")
            p = cosim(c, "--program", prog, "--seed", "5", "--report-dir", tmp, "--result", res_file, "--quiet")
            try:
                res = json.load(open(res_file))
                ok_res = (p.returncode == 0 and res["verdict"] == "match" and res["report"] is None
                          and res["retired"] > 0 and res["cycles"] > res["retired"] // c)
            except (OSError, ValueError, KeyError) as e:
                ok_res = False
                print(e)
            check(ok_res, f"ctx{c}: --result of a clean run says match, with no report and its figures")
            # the repro command runs and writes a waveform around the failure
            cmd = r["reproduce"].split() if ok else []
            if cmd:
                q = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
                vcd = cmd[cmd.index("--vcd") + 1]
                check(q.returncode == 1 and os.path.getsize(vcd) > 1000, f"ctx{c}: the repro fails again and dumps {vcd}")
            for bit in (0, 22, 31):
                p = cosim(c, "--random", "40", "--seed", "11", "--inject-flip", str(bit), "--report-dir", tmp)
                check(p.returncode == 1 and "temp[0].val" in p.stdout, f"ctx{c}: flip of bit {bit} caught")

        # A vector with one corrupted expected value.
        vec = os.path.join(tmp, "v.vec")
        g = subprocess.run([os.path.join(ROOT, "build", "bin", "usim"), "--program", prog, "--seed", "3",
                            "--emit-vector", vec], capture_output=True, text=True)
        check(g.returncode == 0, "usim emits a vector")
        for c in CTX:
            p = cosim(c, vec, "--report-dir", tmp)
            check(p.returncode == 0, f"ctx{c}: the emitted vector co-simulates clean ({p.stderr.strip()[-200:]})")
        text = open(vec).read()
        m = re.search(r"^(expect out 0 0 )0x([0-9a-f]{8})", text, re.M)
        check(m is not None, "the vector expects output 0 of pixel 0")
        if m:
            flipped = "%08x" % (int(m.group(2), 16) ^ 1)
            bad = text[:m.start()] + m.group(1) + "0x" + flipped + text[m.end():]
            open(vec, "w").write(bad)
            for c in CTX:
                p = cosim(c, vec, "--report-dir", tmp)
                check(p.returncode == 1 and "out" in p.stderr, f"ctx{c}: a corrupted expected output fails naming it "
                      f"(exit {p.returncode}: {p.stderr.strip()[-300:]})")

        # Waveforms: a window of cycles with the top-level signals and value changes.
        w = os.path.join(tmp, "w.vcd")
        p = cosim(TOOL, "--program", prog, "--seed", "1", "--vcd", w, "--wave-from", "100", "--wave-to", "4000", "--quiet")
        check(p.returncode == 0 and os.path.exists(w), "a run with --vcd matches and writes the file")
        if os.path.exists(w):
            vcd = open(w).read()
            for sig in ("clk_i", "retire_valid_o", "retire_pc_o", "retire_temp_val_o"):
                check(re.search(r"\$var\s+\w+\s+\d+\s+\S+\s+" + sig + r"\b", vcd) is not None, f"the VCD declares {sig}")
            stamps = re.findall(r"^#(\d+)$", vcd, re.M)
            check(len(stamps) > 100 and int(stamps[0]) >= 200 and int(stamps[-1]) <= 8002,
                  f"the VCD holds only the window (times {stamps[:1]}..{stamps[-1:]})")
            check(len(re.findall(r"^[01][^\s]+$|^b[01]+ \S+$", vcd, re.M)) > 1000, "the VCD has value changes")

        # The SystemC top: the same runs, the same verdicts as the plain C++ harness (both NUM_CTX 4).
        sc = os.path.join(ROOT, "build", "bin", "uscosim_sc")
        runs = [["--program", f, "--seed", str(s)] for f in progs for s in (1, 2)] + \
               [["--random", "40", "--seed", str(s), "--quads", "6"] for s in range(1, 11)] + \
               [["--program", prog, "--seed", "5", "--inject-flip", "3"], [vec], ["--random", "40", "--seed", "11", "--inject-flip", "7"]]
        same = 0
        for args in runs:
            a = cosim(TOOL, *args, "--report-dir", tmp)
            b = subprocess.run([sc, *args, "--report-dir", tmp], capture_output=True, text=True, cwd=ROOT)
            verdict = lambda p: re.search(r"NUM_CTX \d+: (\w+): (\d+) quad-instructions", p.stderr)
            va, vb = verdict(a), verdict(b)
            if a.returncode == b.returncode and va and vb and va.groups() == vb.groups():
                same += 1
            else:
                print(f"  {' '.join(args)}: uscosim exit {a.returncode} {va and va.groups()}, "
                      f"uscosim_sc exit {b.returncode} {vb and vb.groups()}\n{b.stdout[-800:]}{b.stderr[-800:]}")
        check(same == len(runs), f"uscosim_sc (SystemC sc_clock) gives uscosim's verdict and retired count: {same} of {len(runs)}")
        check(any(cosim(TOOL, *r).returncode == 1 for r in runs[-3:]), "the SystemC comparison includes failing runs")
        w = os.path.join(tmp, "sc.vcd")
        b = subprocess.run([sc, "--program", prog, "--seed", "1", "--vcd", w, "--quiet"], capture_output=True, text=True)
        check(b.returncode == 0 and os.path.exists(w) and "retire_valid_o" in open(w).read(),
              "uscosim_sc writes a VCD with the core's signals")

        # The regression runner: a clean run, and one whose runs all carry an injected fault.
        rg = [sys.executable, os.path.join(ROOT, "tb", "regress", "regress.py"), "--shared", os.path.dirname(os.path.dirname(corpus)),
              "--limit", "12"]
        p = subprocess.run(rg, capture_output=True, text=True, cwd=ROOT)
        junit = os.path.join(ROOT, "build", "regress", "junit.xml")
        import xml.etree.ElementTree as ET
        try:
            suite = ET.parse(junit).getroot().find("testsuite")
            ok = suite is not None and suite.get("tests") == "12" and suite.get("failures") == "0"
        except (OSError, ET.ParseError):
            ok = False
        check(p.returncode == 0 and "12 passed, 0 failed" in p.stdout and ok, f"regress: 12 runs pass, JUnit says so ({p.stdout[-300:]})")
        # A fault in every run (it fires in each run that writes pixel 0's red channel: most corpus programs)
        p = subprocess.run(rg + ["--kinds", "corpus", "--extra", "--inject-flip 4"], capture_output=True, text=True, cwd=ROOT)
        summary_text = open(os.path.join(ROOT, "build", "regress", "summary.txt")).read()
        m = re.search(r"(\d+) passed, (\d+) failed", summary_text)
        nfail = int(m.group(2)) if m else 0
        check(p.returncode == 1 and nfail >= 8 and summary_text.count("\nFAIL ") == nfail and "--wave-from" in summary_text,
              f"regress with injected faults exits 1 with one repro line per failure ({nfail} of 12 failed)")
        try:
            suite = ET.parse(junit).getroot().find("testsuite")
            ok = suite.get("failures") == str(nfail) and len(suite.findall("testcase/failure")) == nfail
        except (OSError, ET.ParseError, AttributeError):
            ok = False
        check(ok, "the JUnit XML lists the same failures")
        p = subprocess.run([sys.executable, os.path.join(ROOT, "tb", "regress", "regress.py"), "--suite", "nightly"],
                           capture_output=True, text=True, cwd=ROOT)
        check(p.returncode == 2 and "smoke or full or piglit (tb/config.mk)" in p.stderr,
              f"regress: a bad SUITE exits 2 naming the suites of tb/config.mk ({p.returncode}: {p.stderr.strip()})")

        # FST: build/bin/uscosim converts its VCD with vcd2fst; make wave writes either format.
        f = os.path.join(tmp, "w.fst")
        p = subprocess.run([os.path.join(ROOT, "build", "bin", "uscosim"), "--program", prog, "--seed", "1", "--fst", f,
                            "--quiet"], capture_output=True, text=True, cwd=ROOT)
        data = open(f, "rb").read() if os.path.exists(f) else b""
        check(p.returncode == 0 and len(data) > 1000 and data[0] == 0, f"--fst writes an FST file ({len(data)} bytes)")
        for fmt in ("vcd", "fst"):
            p = subprocess.run(["make", "--no-print-directory", "wave", f"PROGRAM={prog}", "SEED=2", f"FMT={fmt}"],
                               capture_output=True, text=True, cwd=ROOT)
            m = re.search(r"wave: (\S+) \((\d+) bytes\); the run exited 0", p.stdout)
            check(p.returncode == 0 and m is not None and m.group(1).endswith("." + fmt) and int(m.group(2)) > 1000,
                  f"make wave FMT={fmt} writes the run's waveform ({p.stdout[-200:]}{p.stderr[-200:]})")
        js = os.path.join(tmp, f"mismatch-shadertoy_circle_sin.fs-5-ctx{TOOL}.json")
        p = subprocess.run(["make", "--no-print-directory", "wave", f"REPORT={js}"], capture_output=True, text=True, cwd=ROOT)
        check(p.returncode == 0 and "the run exited 1 (a mismatch: the window holds it)" in p.stdout,
              f"make wave REPORT=... re-runs a failure with its window ({p.stdout[-300:]})")

        # Bad input: exit 2 with file and line.
        badvec = os.path.join(tmp, "bad.vec")
        open(badvec, "w").write("usvec 1\nreg US_CONFIG 0x2\n")
        p = cosim(1, badvec)
        check(p.returncode == 2 and "bad.vec:2:" in p.stderr, f"a malformed vector exits 2 naming file:line ({p.stderr.strip()})")
        p = cosim(1, "--program", os.path.join(tmp, "missing.hex"), "--seed", "1")
        check(p.returncode == 2, "a missing program exits 2")
        p = cosim(1, "--random", "0", "--seed", "1")
        check(p.returncode == 2, "a bad option value exits 2")
    return summary()


if __name__ == "__main__":
    sys.exit(main())
