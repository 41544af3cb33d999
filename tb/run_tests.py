#!/usr/bin/env python3
"""Runs every test of `make test` (the list is data: tb/tests.ini) in parallel and ends with the line
`N passed, M failed`.

A test is a command; exit 0 is a pass. A test whose input is missing (for example ../shared) is reported as
skipped, never as passed: by its `needs` path, or by the test itself exiting with status 77 (SKIP_STATUS). In CI
(CI=true) a skipped test fails, unless its entry declares `optional = why` (an input CI does not have by design). A test's
`build` names the make targets it needs beyond the tools and the sanitised tests (test-base).

  run_tests.py [--jobs N]                  run them all here, in a pool (the builds must be made already)
  run_tests.py --makefile FILE             write a makefile whose target test-results runs each test once its
                                           builds are made, so that make -j schedules builds and tests together
  run_tests.py --run I --result FILE       run the I-th test, print its line, write its result (JSON)
  run_tests.py --report DIR                the results of DIR, in the list's order of failures, and the last line
"""
import argparse
import concurrent.futures
import configparser
import glob
import json
import os
import re
import shlex
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts", "lib"))
import project_config  # noqa: E402

TEST_LIST = os.path.join(ROOT, "tb", "tests.ini")
SKIP_STATUS = 77  # a test that finds its input missing exits with this (automake's convention): skipped


class TestListError(Exception):
    pass


def tests(shared, path=TEST_LIST):
    """(name, argv, needs) for every test of the list, in its order."""
    cfg = project_config.read()
    values = {"py": shlex.quote(sys.executable), "shared": shared, "corpus": os.path.join(shared, "corpus", "mesa-fs"),
              "regs": os.path.join(shared, "spec", "regs")}

    def expand(text, where, extra=None):
        def field(m):
            key = m.group(1)
            if key.startswith("cfg:"):
                if key[4:] not in cfg:
                    raise TestListError(f"{path}: [{where}]: {key[4:]} is not set in tb/config.mk")
                return ", ".join(cfg[key[4:]])
            v = (extra or {}).get(key, values.get(key))
            if v is None:
                raise TestListError(f"{path}: [{where}]: unknown field {{{key}}}")
            return v
        return re.sub(r"\{([a-z]+(?::[A-Z_]+)?)\}", field, text)

    parser = configparser.ConfigParser(interpolation=None, delimiters=("=",), comment_prefixes=("#",))
    parser.optionxform = str
    try:
        with open(path) as fh:
            parser.read_file(fh)
    except (OSError, configparser.Error) as e:
        raise TestListError(f"{path}: {e}") from None
    out = []
    for section in parser.sections():
        keys = dict(parser[section])
        unknown = set(keys) - {"run", "needs", "each", "build", "early", "optional"}
        if "run" not in keys or unknown or keys.get("early", "yes") != "yes" or keys.get("optional", "x") == "":
            raise TestListError(f"{path}: [{section}]: needs a run line and only run/needs/each/build/early/optional "
                                "keys (early = yes; optional = why the test may be skipped)")
        matches = [None]
        if "each" in keys:
            matches = sorted(glob.glob(os.path.join(ROOT, keys["each"])))
            if not matches:
                raise TestListError(f"{path}: [{section}]: each = {keys['each']} matches nothing")
        for m in matches:
            extra = {"name": os.path.splitext(os.path.basename(m))[0]} if m else None
            out.append((expand(section, section, extra), shlex.split(expand(keys["run"], section, extra)),
                        expand(keys["needs"], section, extra) if "needs" in keys else None,
                        expand(keys.get("build", ""), section, extra).split(), "early" in keys,
                        keys.get("optional")))
    return out




def in_ci():
    return os.environ.get("CI", "").lower() in ("true", "1", "yes")


def run(name, argv, needs, build=None, early=False, optional=None):
    name, status, out, secs = run_one(name, argv, needs)
    if status == "skip" and in_ci() and not optional:
        # In CI a skip is a check that did not run: a failure, unless the test declares why it may be skipped.
        return name, "fail", f"skipped in CI (CI={os.environ.get('CI')}): {out.strip()[-300:]}\n(a test that may be " \
            "skipped declares `optional = why` in tb/tests.ini)", secs
    if status == "skip" and optional:
        out = f"{out}\n(optional: {optional})"
    return name, status, out, secs


def run_one(name, argv, needs):
    if needs and not os.path.exists(needs):
        return name, "skip", f"{needs} is missing", 0.0
    start = time.time()
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=1:abort_on_error=0", UBSAN_OPTIONS="print_stacktrace=1")
    try:
        p = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=1200, env=env)
        out = (p.stdout + p.stderr).strip()
        status = "pass" if p.returncode == 0 else "skip" if p.returncode == SKIP_STATUS else "fail"
    except subprocess.TimeoutExpired:
        out, status = "timed out after 1200 s", "fail"
    except OSError as e:
        out, status = str(e), "fail"
    return name, status, out, time.time() - start


def show(name, status, out, secs, verbose=False):
    print(f"{status.upper():4}  {name}  ({secs:.1f} s)", flush=True)
    if status != "pass" or verbose:
        lines = out.splitlines()
        for line in lines[-40:] if status == "fail" else lines[-8:]:
            print(f"      {line}", flush=True)


def summary(counts):
    if counts["skip"]:
        print(f"{counts['skip']} skipped (inputs missing; not counted as passed)")
    print(f"{counts['pass']} passed, {counts['fail']} failed")
    return 1 if counts["fail"] else 0


def write_makefile(test_list, path, shared):
    """Each test a target: BUILD/test-results/I.json, made from test-base and the test's builds. test-early holds the
    `early` tests (long, with no builds of their own); test-results the others, those with builds first, the core's
    harnesses (the longest builds) before the rest, so that make starts those first; then the list's order."""
    def rank(i):
        build, early = test_list[i][3], test_list[i][4]
        return -1 if early else 0 if any(k in b for b in build for k in ("cosim", "coverage", "ipc")) else \
            1 if build else 2
    order = sorted(range(len(test_list)), key=rank)
    py = shlex.quote(sys.executable)
    early = [i for i in order if test_list[i][4]]
    rest = [i for i in order if not test_list[i][4]]
    lines = ["# Written by tb/run_tests.py --makefile from tb/tests.ini: make -j runs each test once its builds are made;",
             "# make test runs test-early beside it, in a make of its own, so that no build holds them back.",
             "test-early: " + " ".join(f"$(BUILD)/test-results/{i}.json" for i in early),
             "test-results: " + " ".join(f"$(BUILD)/test-results/{i}.json" for i in rest),
             ".PHONY: test-early test-results", ""]
    for i in order:
        name, _argv, _needs, build, early_test, _optional = test_list[i]
        # test-early runs after make test has made test-base, beside the other make: it must not make anything
        # itself, or two makes would make the same files at once.
        base = "" if early_test else "test-base "
        lines.append(f"$(BUILD)/test-results/{i}.json: {base}{' '.join(build)}")
        lines.append(f"\t@mkdir -p $(@D) && {py} tb/run_tests.py --shared {shlex.quote(shared)} --run {i} --result $@")
    text = "\n".join(lines) + "\n"
    with open(path + ".tmp", "w") as fh:
        fh.write(text)
    os.replace(path + ".tmp", path)


def report(test_list, folder):
    """The results in DIR: a test without one is a failure (its build failed: make said why above)."""
    counts = {"pass": 0, "fail": 0, "skip": 0}
    for i, (name, _argv, _needs, build, _early, _optional) in enumerate(test_list):
        try:
            with open(os.path.join(folder, f"{i}.json")) as fh:
                status = json.load(fh)["status"]
        except (OSError, ValueError, KeyError):
            status = "fail"
            show(name, "fail", f"no result: a build it needs failed (make {' '.join(build) or 'test-base'})", 0.0)
        counts[status] += 1
    return summary(counts)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--shared", default=os.path.join(ROOT, "..", "shared"))
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--makefile")
    ap.add_argument("--run", type=int)
    ap.add_argument("--result")
    ap.add_argument("--report")
    ap.add_argument("-v", "--verbose", action="store_true")
    a = ap.parse_args()
    shared = os.path.abspath(a.shared)
    try:
        test_list = tests(shared)
    except (TestListError, project_config.ConfigError, OSError) as e:
        print(f"run_tests: {e}", file=sys.stderr)
        return 2
    if a.makefile:
        write_makefile(test_list, a.makefile, shared)
        return 0
    if a.report:
        return report(test_list, a.report)
    if a.run is not None:
        if not 0 <= a.run < len(test_list) or not a.result:
            print(f"run_tests: --run takes 0..{len(test_list) - 1} and --result FILE", file=sys.stderr)
            return 2
        name, status, out, secs = run(*test_list[a.run])
        show(name, status, out, secs, a.verbose)
        with open(a.result + ".tmp", "w") as fh:
            json.dump({"name": name, "status": status, "seconds": round(secs, 1)}, fh)
        os.replace(a.result + ".tmp", a.result)
        return 0
    counts = {"pass": 0, "fail": 0, "skip": 0}
    with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as pool:
        futs = [pool.submit(run, *t) for t in test_list]
        for f in concurrent.futures.as_completed(futs):
            name, status, out, secs = f.result()
            counts[status] += 1
            show(name, status, out, secs, a.verbose)
    return summary(counts)


if __name__ == "__main__":
    sys.exit(main())
