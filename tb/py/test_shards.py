#!/usr/bin/env python3
"""Sharded regressions (make regress SHARD=I/N, make regress-merge): the smoke suite (350 of its 1,056 runs, spread
over every kind and NUM_CTX by --limit, to keep make test short) run whole and as 3 shards side by side through GNU
parallel, merged, must give the same runs in the same order with the same verdicts and counts as the whole run; a
mix of passing and failing runs (an injected fault) must merge to the whole run's failures and repro lines (their
report folder aside); the slices must split every group of runs evenly and cover the list once; a missing, doubled
or foreign shard, a malformed summary and a bad SHARD must exit 2 naming it.
usage: test_shards.py SHARED"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checklib import check, summary  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
REGRESS = [sys.executable, os.path.join(ROOT, "tb", "regress", "regress.py")]
MERGE = [sys.executable, os.path.join(ROOT, "tb", "regress", "merge.py")]


def cases(folder):
    """The runs of a JUnit file in order: (kind, name, failed)."""
    suite = ET.parse(os.path.join(folder, "junit.xml")).getroot().find("testsuite")
    return [(c.get("classname"), c.get("name"), c.find("failure") is not None) for c in suite.findall("testcase")]


def fail_lines(folder, out):
    """The FAIL lines of a summary, with the run's own report folder written as OUT."""
    text = open(os.path.join(folder, "summary.txt")).read()
    text = re.sub(re.escape(out) + r"(/s[0-9])?", "OUT", text)
    return [line for line in text.splitlines() if line.startswith("FAIL ")]


def whole_and_sharded(tmp, name, args):
    """The run whole (2 jobs) and as 3 shards through GNU parallel (1 job each); the merge's exit status."""
    whole, shards = os.path.join(tmp, name, "whole"), os.path.join(tmp, name, "shards")
    p = subprocess.run(REGRESS + args + ["--jobs", "2", "--out", whole], capture_output=True, text=True, cwd=ROOT)
    par = subprocess.run(["parallel", "--will-cite", "-q", "-j", "3", "--halt", "never", *REGRESS, *args, "--jobs", "1",
                          "--shard", "{}/3", "--out", shards + "/s{}", ":::", "1", "2", "3"],
                         capture_output=True, text=True, cwd=ROOT)
    m = subprocess.run(MERGE + [shards], capture_output=True, text=True)
    return whole, shards, p.returncode, par.returncode, m


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    if not shutil.which("parallel"):
        print("test_shards: GNU parallel is missing (make deps installs it)", file=sys.stderr)
        return 1
    shared = ["--shared", sys.argv[1]]
    with tempfile.TemporaryDirectory() as tmp:
        # The smoke suite, every run passing.
        whole, shards, rc, prc, m = whole_and_sharded(tmp, "smoke", ["--suite", "smoke", *shared, "--limit", "350"])
        a, b = cases(whole), cases(shards) if os.path.exists(os.path.join(shards, "junit.xml")) else []
        check(rc == 0 and prc == 0 and m.returncode == 0, f"smoke whole, as 3 shards and merged all pass "
              f"(exit {rc}, {prc}, {m.returncode}: {m.stderr.strip()})")
        check(len(a) == 350 and a == b, f"the merged JUnit holds the whole run's {len(a)} runs in its order "
              f"({len(b)} merged)")
        sw, sm = (json.load(open(os.path.join(d, "summary.json"))) for d in (whole, shards))
        check((sw["passed"], sw["failed"], sw["runs"]) == (sm["passed"], sm["failed"], sm["runs"]),
              f"merged counts equal the whole run's ({sm['passed']}/{sm['failed']} {sm['runs']})")
        sizes = []
        for i in (1, 2, 3):
            s = json.load(open(os.path.join(shards, f"s{i}", "summary.json")))
            sizes.append(s["runs"])
        spread = all(max(z[k] for z in sizes) - min(z.get(k, 0) for z in sizes) <= 2 for k in sw["runs"])
        check(spread, f"each shard holds a third of every kind of run, to a run per NUM_CTX ({sizes})")

        # A mix of passes and failures: the fault fires in most runs, not all.
        args = ["--suite", "smoke", *shared, "--limit", "90", "--extra", "--inject-flip 4"]
        whole, shards, rc, prc, m = whole_and_sharded(tmp, "mix", args)
        a, b = cases(whole), cases(shards) if os.path.exists(os.path.join(shards, "junit.xml")) else []
        nfail = sum(f for _, _, f in a)
        check(rc == 1 and m.returncode == 1 and 0 < nfail < len(a), f"an injected fault: the whole run and the "
              f"merge exit 1 ({rc}, {m.returncode}), {nfail} of {len(a)} runs failed")
        check(a == b, "the merge gives the whole run's verdict for each run, in order")
        fw, fm = fail_lines(whole, whole), fail_lines(shards, shards)
        check(len(fw) == nfail and fw == fm, f"the merged summary has the whole run's {len(fw)} repro lines "
              f"({len(fm)} merged)")

        # Broken sets of shards.
        def merge_err(folder, expect, what):
            p = subprocess.run(MERGE + [folder], capture_output=True, text=True)
            check(p.returncode == 2 and expect in p.stderr and not os.path.exists(os.path.join(folder, "junit.xml")),
                  f"merge: {what} exits 2 naming it, writes nothing ({p.returncode}: {p.stderr.strip()[:200]})")

        def fresh(name, parts):
            d = os.path.join(tmp, name)
            os.makedirs(d)
            for src, dst in parts:
                shutil.copytree(os.path.join(shards, src), os.path.join(d, dst))
            return d

        merge_err(fresh("missing", [("s1", "s1"), ("s3", "s3")]), "shard 2 of 3 missing", "a missing shard")
        merge_err(fresh("double", [("s1", "s1"), ("s2", "s2"), ("s2", "again"), ("s3", "s3")]),
                  "shard 2 of 3 found twice", "a shard found twice")
        d = fresh("foreign", [("s1", "s1"), ("s2", "s2"), ("s3", "s3")])
        shutil.copytree(os.path.join(tmp, "smoke", "shards", "s2"), os.path.join(d, "s2"), dirs_exist_ok=True)
        p = subprocess.run(MERGE + [d], capture_output=True, text=True)
        check(p.returncode == 2 and "different regressions" in p.stderr and "limit" in p.stderr,
              f"merge: a shard of another run exits 2 naming what differs ({p.stderr.strip()[:200]})")
        d = fresh("bad", [("s1", "s1"), ("s2", "s2"), ("s3", "s3")])
        with open(os.path.join(d, "s3", "summary.json"), "w") as fh:
            fh.write('{"suite": "smoke"')
        merge_err(d, os.path.join(d, "s3", "summary.json"), "a malformed summary")
        d = fresh("junit", [("s1", "s1"), ("s2", "s2"), ("s3", "s3")])
        with open(os.path.join(d, "s2", "junit.xml"), "w") as fh:
            fh.write("<testsuites><testsuite>")
        merge_err(d, os.path.join(d, "s2", "junit.xml"), "an unreadable JUnit file")
        merge_err(fresh("none", []), "no shard summaries", "a folder without shards")
        # Through make: SHARD and REGRESS_OUT reach the runner, and nothing is built first.
        out = os.path.join(tmp, "make", "s2")
        p = subprocess.run(["make", "--no-print-directory", "regress", "SHARD=2/3", f"REGRESS_OUT={out}",
                            f"SHARED={sys.argv[1]}", "REGRESS_ARGS=--limit 9"],
                           capture_output=True, text=True, cwd=ROOT)
        try:
            s2 = json.load(open(os.path.join(out, "summary.json")))
        except (OSError, ValueError):
            s2 = {}
        check(p.returncode == 0 and s2.get("shard") == {"index": 2, "count": 3} and s2.get("passed") == 3 and
              "verilator" not in p.stdout, f"make regress SHARD=2/3 REGRESS_OUT=... runs shard 2 of 3 there, building "
              f"nothing ({p.returncode}: {s2.get('shard')}, {p.stdout[-200:]}{p.stderr[-200:]})")
        for bad in ("0/3", "4/3", "2", "a/b", "1/0"):
            p = subprocess.run(REGRESS + ["--suite", "smoke", *shared, "--shard", bad], capture_output=True,
                               text=True, cwd=ROOT)
            check(p.returncode == 2 and "SHARD must be I/N" in p.stderr, f"regress --shard {bad} exits 2 "
                  f"({p.returncode}: {p.stderr.strip()[:120]})")
    return summary()


if __name__ == "__main__":
    sys.exit(main())
