#!/usr/bin/env python3
"""RTL code coverage (make rtl-coverage), on the line-coverage build of NUM_CTX RTLCOV_TEST_CTX (build/cosim-cov/ctxN;
the toggle build, build/cosim-tog, takes too long to build for make test):
- uscosim --coverage-dat FILE writes a Verilator coverage file with hit points of the core, whole (no FILE.partial
  left); an unwritable FILE exits 2 at once naming it; refused input writes none; the plain build refuses the option;
- regress.py pointed at the coverage build folds every run's counts into merged.dat (a few at a time) and says how
  many runs it holds, of which suite; scripts/verify/rtl_coverage.py turns them into lcov info, genhtml reports and a
  summary naming the core's stages with their hits, and merges toggles given apart (a toggle file made from the
  line counts stands in for the toggle build's) into the same report;
- and fails when it should: runs of a harness that never writes its counts fail the regression (no_coverage) and
  leave no report; missing, malformed, empty or hitless counts, and line counts given as toggles, are an error,
  not an empty report.
usage: test_rtl_coverage.py SHARED (the shared folder: make regress needs its Mesa corpus)"""
import json
import os
import re
import stat
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checklib import check, summary  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts", "lib"))
import project_config  # noqa: E402

CTX = project_config.one_int("RTLCOV_TEST_CTX", project_config.read())
COV_EXE = os.path.join(ROOT, "build", "cosim-cov", f"ctx{CTX}", "uscosim")
PLAIN_EXE = os.path.join(ROOT, "build", "bin", "uscosim")
VECTORS = ["vectors/smoke/mix-1.vec", "vectors/smoke/alu-1001.vec"]
# The coverage build is slow (a run may take minutes on a loaded machine): make rtl-coverage's limit per run.
REGRESS = [sys.executable, os.path.join(ROOT, "tb", "regress", "regress.py"), "--suite", "smoke", "--ctx", str(CTX),
           "--jobs", "2", "--timeout", "3600"]  # and --shared, from the command line
REPORT = [sys.executable, os.path.join(ROOT, "scripts", "verify", "rtl_coverage.py")]


def sh(argv, **kw):
    return subprocess.run(argv, capture_output=True, text=True, cwd=ROOT, timeout=3600, **kw)


def said(p):
    return f"exit {p.returncode}: {(p.stdout + p.stderr).strip()[-400:]}"


def core_hits(dat):
    """Hit points of the core (rtl/core/) in a coverage file (0 when it is not there)."""
    if not os.path.exists(dat):
        return 0
    with open(dat, errors="replace") as fh:
        return sum(1 for line in fh if "\x01f\x02rtl/core/" in line and not line.endswith(" 0\n"))


def as_toggles(dat, out):
    """A stand-in for the toggle build's counts: every line point of the core turned into a toggle point."""
    with open(dat, errors="surrogateescape") as fh, open(out, "w", errors="surrogateescape") as fo:
        for n, line in enumerate(fh):
            if not n or "\x01f\x02rtl/core/" in line:
                fo.write(re.sub("\x01page\x02v_(line|branch)/", "\x01page\x02v_toggle/", line))


def harness(tmp):
    """The harness's --coverage-dat."""
    dats = []
    for i, vec in enumerate(VECTORS):
        dat = os.path.join(tmp, f"run{i}.dat")
        p = sh([COV_EXE, vec, "--coverage-dat", dat, "--quiet"])
        check(p.returncode == 0 and core_hits(dat) > 0 and not os.path.exists(dat + ".partial"),
              f"the coverage build writes whole counts with hit points of us_core for {vec} ({said(p)})")
        dats.append(dat)
    bad = "/nonexistent-folder/x.dat"
    p = sh([COV_EXE, VECTORS[0], "--coverage-dat", bad])
    check(p.returncode == 2 and f"cannot write the coverage data {bad}.partial" in p.stderr,
          f"an unwritable --coverage-dat exits 2 naming the file ({said(p)})")
    junk = os.path.join(tmp, "junk.vec")
    with open(junk, "w") as fh:
        fh.write("not a vector\n")
    dat = os.path.join(tmp, "refused.dat")
    p = sh([COV_EXE, junk, "--coverage-dat", dat])
    check(p.returncode == 2 and not os.path.exists(dat) and not os.path.exists(dat + ".partial"),
          f"refused input writes no counts ({said(p)})")
    if os.path.exists(PLAIN_EXE):
        p = sh([PLAIN_EXE, VECTORS[0], "--coverage-dat", dat])
        check(p.returncode == 2 and "needs the coverage build" in p.stderr,
              f"the plain build refuses --coverage-dat ({said(p)})")
    return dats


def report_ok(tmp, dats):
    """verilator_coverage's merge of the harness's files, then the report."""
    merged = os.path.join(tmp, "two.dat")
    p = sh(["verilator_coverage", "--write", merged, *dats])
    check(p.returncode == 0 and core_hits(merged) >= core_hits(dats[0]), f"verilator_coverage merges them ({said(p)})")
    out = os.path.join(tmp, "report")
    p = sh([*REPORT, "--dat", merged, "--out", out])
    text = p.stdout
    # us_core.sv is wiring (toggles only, none in this build); its stages hold the procedural code
    stage = re.search(r"^rtl/core/us_wb_stage\.sv\s+(\d+)/(\d+)\s.*?(\d+)/(\d+)\s.*?-\s*$", text, re.M)
    check(p.returncode == 0 and stage and int(stage.group(1)) > 0 and int(stage.group(3)) > 0,
          f"the summary names the WB stage with hit lines and branches and no toggles ({said(p)})")
    with open(os.path.join(out, "coverage.info")) as fh:
        info = fh.read()
    check("SF:rtl/core/us_wb_stage.sv" in info and re.search(r"^DA:\d+,[1-9]", info, re.M),
          "coverage.info (lcov) holds the core's stages with hit lines")
    for f in ("html/index.html", "html-code/index.html", "summary.txt", "uncovered.txt", "annotated/us_wb_stage.sv"):
        check(os.path.exists(os.path.join(out, f)), f"the report writes {f}")
    with open(os.path.join(out, "summary.txt")) as fh:
        check(fh.read() in text, "summary.txt is what was printed")

    toggles = os.path.join(tmp, "toggles.dat")
    as_toggles(dats[0], toggles)
    p = sh([*REPORT, "--dat", merged, "--toggle-dat", toggles, "--out", out])
    stage = re.search(r"^rtl/core/us_wb_stage\.sv\s+(\d+)/(\d+)\s.*?(\d+)/(\d+)\s.*?(\d+)/(\d+)\s", p.stdout,
                      re.M)
    check(p.returncode == 0 and stage and int(stage.group(5)) > 0 and "  toggles: ? runs" in p.stdout and
          os.path.exists(os.path.join(out, "merged.dat")) and not os.path.exists(os.path.join(out, "toggles.dat")),
          f"toggles given apart join the same report, merged.dat holds both ({said(p)})")
    p = sh([*REPORT, "--dat", merged, "--toggle-dat", merged, "--out", out])
    check(p.returncode == 1 and "no toggles point of the core (rtl/core/) was hit" in p.stderr,
          f"line counts given as toggles are refused: the wrong build ({said(p)})")


def regress(tmp):
    """The runner folds each run's counts, a few at a time; a harness that writes none fails it."""
    cov = os.path.join(tmp, "cov")
    p = sh([*REGRESS, "--limit", "5", "--kinds", "vector", "--cosim-dir", os.path.dirname(os.path.dirname(
        COV_EXE)), "--out", os.path.join(tmp, "regress"), "--coverage-dir", cov, "--coverage-fold", "2"])
    merged, runs_json = os.path.join(cov, "merged.dat"), os.path.join(cov, "merged.json")
    runs = json.load(open(runs_json)).get("runs") if os.path.exists(runs_json) else None
    check(p.returncode == 0 and "5 passed, 0 failed" in p.stdout and runs == 5 and core_hits(merged) > 0 and
          not os.listdir(os.path.join(cov, "runs")),
          f"regress folds the counts of 5 runs into merged.dat, 2 at a time, and keeps no run's file ({said(p)})")
    p = sh([*REPORT, "--dat", merged, "--runs-json", runs_json, "--out", cov])
    check(p.returncode == 0 and "lines and branches: 5 runs of suite smoke, seed 1" in p.stdout,
          f"and the report says so ({said(p)})")

    # A harness that never writes its counts: the real one, its --coverage-dat dropped.
    fake = os.path.join(tmp, "fake", f"ctx{CTX}")
    os.makedirs(fake)
    wrapper = os.path.join(fake, "uscosim")
    with open(wrapper, "w") as fh:
        fh.write(f"""#!/bin/sh
# Drops --coverage-dat FILE: a run that never writes its counts.
for a in "$@"; do
    shift
    if [ "$skip" ]; then skip=; elif [ "$a" = --coverage-dat ]; then skip=1; else set -- "$@" "$a"; fi
done
exec {COV_EXE} "$@"
""")
    os.chmod(wrapper, os.stat(wrapper).st_mode | stat.S_IXUSR)
    nocov = os.path.join(tmp, "nocov")
    p = sh([*REGRESS, "--limit", "3", "--kinds", "vector", "--cosim-dir", os.path.dirname(fake),
            "--out", os.path.join(tmp, "regress-nocov"), "--coverage-dir", nocov])
    check(p.returncode == 1 and "0 passed, 3 failed" in p.stdout and p.stdout.count("no coverage") == 3,
          f"runs that write no counts fail the regression, each named ({said(p)})")
    out = os.path.join(tmp, "nocov-report")
    p = sh([*REPORT, "--dat", os.path.join(nocov, "merged.dat"), "--out", out])
    check(p.returncode == 1 and "cannot read the coverage counts" in p.stderr and not os.path.exists(out),
          f"and the report refuses the missing counts, writing nothing ({said(p)})")
    return merged


def bad_counts(tmp, merged):
    """Counts that are malformed, empty or hit nothing of us_core."""
    with open(merged, errors="surrogateescape") as fh:
        text = fh.read()
    cases = {
        "empty": "# SystemC::Coverage-3\n",
        "not a coverage file": "hello\n",
        "malformed": text + "C 'oops\n",
        "hitless": re.sub(r"(?m)^(C '.*\x01f\x02rtl/core/.*') \d+$", r"\1 0", text),
    }
    want = {"empty": "no coverage points", "not a coverage file": "not a Verilator coverage file",
            "malformed": "malformed point line",
            "hitless": "no lines or branches point of the core (rtl/core/) was hit"}
    for name, body in cases.items():
        dat = os.path.join(tmp, name.replace(" ", "-") + ".dat")
        with open(dat, "w", errors="surrogateescape") as fh:
            fh.write(body)
        p = sh([*REPORT, "--dat", dat, "--out", os.path.join(tmp, "bad")])
        check(p.returncode == 1 and want[name] in p.stderr, f"{name} counts fail the report ({said(p)})")


def main():
    if len(sys.argv) != 2:
        print(__doc__.rsplit("\n", 1)[-1])
        return 2
    REGRESS.extend(["--shared", sys.argv[1]])
    if not os.path.exists(COV_EXE):
        print(f"{os.path.relpath(COV_EXE, ROOT)} is missing (make rtl-coverage-test-build)")
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        dats = harness(tmp)
        if all(os.path.exists(d) for d in dats):
            report_ok(tmp, dats)
        merged = regress(tmp)
        if os.path.exists(merged):
            bad_counts(tmp, merged)
    return summary()


if __name__ == "__main__":
    sys.exit(main())
