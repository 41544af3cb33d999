#!/usr/bin/env python3
"""make regress: the co-simulation regression. Every vector of the suite and seeded random programs run through
the lockstep harness (build/cosim/ctxN/uscosim, RTL against the C model) as parallel processes, with NUM_CTX 1
and 4. Writes build/regress/junit.xml and build/regress/summary.txt (pass and fail counts, seeds, and for every
failure the one command that reproduces it, with a waveform window); exit 1 on any failure, 2 on bad arguments.

Suites:
  smoke  vectors/smoke/*.vec, every corpus program on 10 seeds, 200 random legal programs   (about a minute)
  full   vectors/smoke/*.vec and build/vectors/full/*.vec, every corpus program on 100 seeds,
         2,000 random legal programs
--extra "ARGS" adds uscosim options to every run (e.g. --inject-flip 3, to see the regression fail), --limit N
keeps N runs spread over the list, --kinds vector,corpus,random picks kinds of run.
usage: regress.py [--suite smoke|full] [--seed N] [--jobs N] [--shared DIR] [--extra ARGS] [--limit N]"""
import argparse
import concurrent.futures
import glob
import json
import os
import re
import shlex
import sys
import time
from xml.sax.saxutils import escape, quoteattr
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "build", "regress")
CTX = (1, 4)


def jobs_for(suite, seed, shared):
    """(name, ctx, args) for every run of the suite."""
    nseeds, nrandom = (10, 200) if suite == "smoke" else (100, 2000)
    vecs = sorted(glob.glob(os.path.join(ROOT, "vectors", "smoke", "*.vec")))
    if suite == "full":
        vecs += sorted(glob.glob(os.path.join(ROOT, "build", "vectors", "full", "*.vec")))
    corpus = sorted(glob.glob(os.path.join(shared, "corpus", "mesa-fs", "*.txt")))
    out = []
    for ctx in CTX:
        for v in vecs:
            out.append((f"vector/{os.path.basename(v)}/ctx{ctx}", ctx, [os.path.relpath(v, ROOT)]))
        for p in corpus:
            for s in range(seed, seed + nseeds):
                out.append((f"corpus/{os.path.basename(p)}/seed{s}/ctx{ctx}", ctx,
                            ["--program", os.path.relpath(p, ROOT), "--seed", str(s)]))
        for s in range(seed, seed + nrandom // len(CTX)):
            out.append((f"random/len40/seed{s}/ctx{ctx}", ctx, ["--random", "40", "--seed", str(s), "--quads", "8"]))
    return out


EXTRA = []


def run(job):
    name, ctx, args = job
    exe = os.path.join("build", "cosim", f"ctx{ctx}", "uscosim")
    argv = [exe, *args, *EXTRA, "--quiet", "--report-dir", OUT]
    t0 = time.time()
    try:
        p = subprocess.run(argv, capture_output=True, text=True, cwd=ROOT, timeout=600)
        rc, out = p.returncode, p.stdout + p.stderr
    except subprocess.TimeoutExpired:
        rc, out = 1, "timed out after 600 s"
    repro = " ".join(shlex.quote(a) for a in argv[:-3])
    m = re.search(r"reproduce.*:\n\s+(.*)", out)
    if m:
        repro = m.group(1).strip()
    return name, rc, out, repro, time.time() - t0


def junit(results, suite, secs):
    fails = sum(1 for r in results if r[1] != 0)
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             f'<testsuites tests="{len(results)}" failures="{fails}" time="{secs:.1f}">',
             f'  <testsuite name={quoteattr("regress." + suite)} tests="{len(results)}" failures="{fails}" '
             f'time="{secs:.1f}">']
    for name, rc, out, repro, t in results:
        cls, _, case = name.partition("/")
        lines.append(f'    <testcase classname={quoteattr(cls)} name={quoteattr(case)} time="{t:.2f}">')
        if rc != 0:
            kind = "bad input" if rc == 2 else "mismatch"
            lines.append(f'      <failure message={quoteattr(kind + ": " + repro)}>{escape(out[-4000:])}</failure>')
        lines.append("    </testcase>")
    lines += ["  </testsuite>", "</testsuites>", ""]
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--suite", default="smoke")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--shared", default=os.path.join(ROOT, "..", "shared"))
    ap.add_argument("--extra", default="")
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--kinds", default="vector,corpus,random")
    a = ap.parse_args()
    EXTRA.extend(shlex.split(a.extra))
    if a.suite not in ("smoke", "full") or a.seed < 0 or a.jobs < 1:
        print(f"regress: SUITE must be smoke or full, SEED >= 0, JOBS >= 1 (got {a.suite}, {a.seed}, {a.jobs})",
              file=sys.stderr)
        return 2
    if not os.path.isdir(os.path.join(a.shared, "corpus", "mesa-fs")):
        print(f"regress: {a.shared}/corpus/mesa-fs is missing (the shared folder goes beside this one)", file=sys.stderr)
        return 2
    os.makedirs(OUT, exist_ok=True)
    for old in glob.glob(os.path.join(OUT, "mismatch-*")):
        os.remove(old)
    jobs = jobs_for(a.suite, a.seed, a.shared)
    kinds = set(a.kinds.split(","))
    jobs = [j for j in jobs if j[0].split("/")[0] in kinds]
    if a.limit > 0:
        jobs = jobs[::max(1, len(jobs) // a.limit)][:a.limit]  # spread over the kinds of run
    t0 = time.time()
    results = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as pool:
        for r in pool.map(run, jobs):
            results.append(r)
            if r[1] != 0:
                print(f"FAIL {r[0]}\n  {r[3]}", flush=True)
    secs = time.time() - t0
    fails = [r for r in results if r[1] != 0]
    with open(os.path.join(OUT, "junit.xml"), "w") as fh:
        fh.write(junit(results, a.suite, secs))
    kinds = {}
    for name, *_ in results:
        kinds[name.split("/")[0]] = kinds.get(name.split("/")[0], 0) + 1
    summary = [f"regress {a.suite}: seed {a.seed}, {a.jobs} jobs, NUM_CTX {' and '.join(map(str, CTX))}, "
               f"{secs:.1f} s",
               "runs: " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())),
               f"{len(results) - len(fails)} passed, {len(fails)} failed"]
    for name, rc, out, repro, t in fails:
        summary.append(f"FAIL {name} ({'bad input' if rc == 2 else 'mismatch'}): {repro}")
    summary.append(f"reports: {os.path.relpath(OUT, ROOT)}/junit.xml, summary.txt, mismatch-*.txt/.json")
    text = "\n".join(summary) + "\n"
    with open(os.path.join(OUT, "summary.txt"), "w") as fh:
        fh.write(text)
    print(text, end="")
    json.dump({"suite": a.suite, "seed": a.seed, "passed": len(results) - len(fails), "failed": len(fails),
               "failures": [{"name": f[0], "repro": f[3]} for f in fails]},
              open(os.path.join(OUT, "summary.json"), "w"), indent=1)
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
