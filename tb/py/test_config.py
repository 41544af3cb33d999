#!/usr/bin/env python3
"""Configurations and the test list are data, read the same way by every tool:
- tb/config.mk: make and scripts/lib/project_config.py see the same value for every name; each NUM_CTX set is whole
  numbers; every suite of REGRESS_SUITES is complete; a malformed or duplicated line is refused naming file:line;
- tb/tests.ini: run_tests.py builds the list from it (in CI a skipped test fails unless it is `optional`), and a
  test list with an unknown key, a missing run line or a
  glob that matches nothing is refused (exit 2) with the file and section named;
- what make test built before the tests (test-base) is still up to date when they run: make deleted no object it
  made on the way as an intermediate file (the next make would rebuild and relink it, twice the work).
usage: test_config.py"""
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checklib import check, summary  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts", "lib"))
sys.path.insert(0, os.path.join(ROOT, "tb"))
import project_config  # noqa: E402
import run_tests  # noqa: E402


def make_value(name):
    """The value make gives name after reading the Makefile (which includes tb/config.mk)."""
    p = subprocess.run(["make", "-s", "--no-print-directory", "-f", "Makefile", "-f", "-", "print-config"],
                       input=f"print-config:\n\t@echo '$({name})'\n", capture_output=True, text=True, cwd=ROOT)
    return p.stdout.split() if p.returncode == 0 else None


def main():
    cfg = project_config.read()
    check(len(cfg) >= 10, f"tb/config.mk sets its names ({len(cfg)})")
    mismatched = [n for n in cfg if make_value(n) != cfg[n]]
    check(not mismatched, f"make and the scripts read the same value for every name (differ: {mismatched})")
    for name in ("COSIM_CTX", "TEST_CTX", "TEST_CTX_EXTRA", "SYNTH_CTX", "REGRESS_CTX", "BENCH_IPC_CTX"):
        v = project_config.ints(name, cfg)
        check(v and all(1 <= n <= 16 for n in v), f"{name} is NUM_CTX values 1..16 ({v})")
    built = set(project_config.ints("COSIM_CTX", cfg))
    used = set(project_config.ints("TEST_CTX", cfg) + project_config.ints("TEST_CTX_EXTRA", cfg) +
               project_config.ints("REGRESS_CTX", cfg) + [project_config.one_int("TOOL_CTX", cfg)])
    check(used <= built, f"every NUM_CTX a test or the regression runs is a harness build ({sorted(used - built)} missing)")
    suites = project_config.suites(cfg)
    check(set(suites) == set(cfg["REGRESS_SUITES"]) and all(s.vectors and s.random >= 0 and s.corpus_seeds >= 0 and
                                                       s.random + s.corpus_seeds + len(s.vectors) > 0
                                                       for s in suites.values()),
          f"every suite is complete ({', '.join(suites)})")
    # make test builds test-base, then runs the tests: nothing of it may be missing or stale by then
    q = subprocess.run(["make", "-q", "--no-print-directory", "test-base"], cwd=ROOT, capture_output=True, text=True)
    check(q.returncode == 0, "make test-base is up to date (make kept the objects it made on the way: .SECONDARY "
          f"with no list; make -q exit {q.returncode})")

    with tempfile.TemporaryDirectory() as tmp:
        bad = os.path.join(tmp, "config.mk")
        shutil.copy(project_config.CONFIG, bad)
        with open(bad, "a") as fh:
            fh.write("TEST_CTX = 1 4\n")
        try:
            project_config.read(bad)
            check(False, "a line that is not NAME := value is refused")
        except project_config.ConfigError as e:
            check(f"{bad}:" in str(e) and "NAME := value" in str(e), f"a malformed line is refused naming file:line ({e})")
        shutil.copy(project_config.CONFIG, bad)
        with open(bad, "a") as fh:
            fh.write("TEST_CTX := 8\n")
        try:
            project_config.read(bad)
            check(False, "a name set twice is refused")
        except project_config.ConfigError as e:
            check("set twice" in str(e), f"a name set twice is refused ({e})")

        names = [t[0] for t in run_tests.tests(os.path.join(ROOT, "..", "shared"))]
        check(len(names) == len(set(names)) and len(names) >= 30, f"tests.ini gives {len(names)} tests, no name twice")
        for text, what in (("[x]\nrun = true\nwhen = always\n", "an unknown key"),
                           ("[x]\nneeds = /tmp\n", "a test without a run line"),
                           ("[x {name}]\neach = tb/nothing/*.none\nrun = true\n", "a glob that matches nothing")):
            lst = os.path.join(tmp, "tests.ini")
            with open(lst, "w") as fh:
                fh.write(text)
            try:
                run_tests.tests("/nonexistent", lst)
                check(False, f"{what} is refused")
            except run_tests.TestListError as e:
                check(lst in str(e) and "[x" in str(e), f"{what} is refused naming the list and the test ({e})")

        # In CI a skipped test fails unless it declares why it may be skipped; outside CI it is reported skipped.
        missing = os.path.join(tmp, "no-such-input")
        saved = os.environ.get("CI")
        try:
            for ci, optional, want in (("true", None, "fail"), ("true", "by design", "skip"), ("", None, "skip")):
                os.environ["CI"] = ci
                got = run_tests.run("t", ["true"], missing, [], False, optional)[1]
                check(got == want, f"CI={ci!r}, optional={optional!r}: a skipped test is {got}, want {want}")
            os.environ["CI"] = "true"
            got = run_tests.run("t", [sys.executable, "-c", "raise SystemExit(77)"], None, [], False, None)[1]
            check(got == "fail", f"CI=true: a test exiting 77 without `optional` fails ({got})")
        finally:
            if saved is None:
                os.environ.pop("CI", None)
            else:
                os.environ["CI"] = saved
        opt = [t for t in run_tests.tests(os.path.join(ROOT, "..", "shared")) if t[5]]
        check(all("recapture" in " ".join(t[1]) or "--piglit" in t[1] for t in opt) and len(opt) == 3,
              f"the optional tests are the Mesa re-captures and piglit's summary ({[t[0][:50] for t in opt]})")
    return summary()


if __name__ == "__main__":
    sys.exit(main())
