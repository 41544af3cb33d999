#!/usr/bin/env python3
"""make regress: the co-simulation regression. Every vector of the suite, every corpus program on seeds and random
legal programs run through the lockstep harness (build/cosim/ctxN/uscosim, RTL against the C model) as parallel
processes, on each NUM_CTX of REGRESS_CTX. The suites and the NUM_CTX set are data: tb/config.mk. Each run hands
back its verdict and repro command in the harness's JSON result (uscosim --result). Writes build/regress/junit.xml,
summary.txt and summary.json (pass and fail counts, seeds, and for every failure the one command that reproduces it,
with a waveform window); exit 1 on any failure, 2 on bad arguments.

--extra "ARGS" adds uscosim options to every run (e.g. --inject-flip 3, to see the regression fail), --limit N
keeps N runs spread over the list, --kinds vector,corpus,random picks kinds of run.
usage: regress.py [--suite NAME] [--seed N] [--jobs N] [--shared DIR] [--extra ARGS] [--limit N] [--kinds K,...]"""
import argparse
import concurrent.futures
import dataclasses
import glob
import json
import os
import shlex
import shutil
import subprocess
import sys
import time
from xml.sax.saxutils import escape, quoteattr

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import project_config  # noqa: E402

OUT = os.path.join(ROOT, "build", "regress")


@dataclasses.dataclass(frozen=True)
class Job:
    name: str      # kind/what/ctxN
    ctx: int
    args: tuple    # uscosim arguments


@dataclasses.dataclass
class Result:
    name: str
    status: str    # pass, mismatch (the verdict names which), timeout (the cycle limit or 600 s), bad input
    verdict: str   # the harness's verdict: match, mismatch, hang, unexpected_retire, expectations, schedule,
                   # assertion, timeout; or
                   # bad_input
    output: str
    repro: str
    seconds: float

    @property
    def failed(self):
        return self.status != "pass"


def jobs_for(suite, seed, shared, ctxs):
    """Every run of the suite, in a fixed order."""
    vecs = []
    for folder in suite.vectors:
        vecs += sorted(glob.glob(os.path.join(ROOT, folder, "*.vec")))
    corpus = sorted(glob.glob(os.path.join(shared, "corpus", "mesa-fs", "*.txt")))
    out = []
    for ctx in ctxs:
        for v in vecs:
            out.append(Job(f"vector/{os.path.basename(v)}/ctx{ctx}", ctx, (os.path.relpath(v, ROOT),)))
        for p in corpus:
            for s in range(seed, seed + suite.corpus_seeds):
                out.append(Job(f"corpus/{os.path.basename(p)}/seed{s}/ctx{ctx}", ctx,
                               ("--program", os.path.relpath(p, ROOT), "--seed", str(s))))
        for s in range(seed, seed + suite.random // len(ctxs)):
            out.append(Job(f"random/len{suite.random_len}/seed{s}/ctx{ctx}", ctx,
                           ("--random", str(suite.random_len), "--seed", str(s), "--quads", str(suite.random_quads))))
    return out


def run(job, index, extra):
    exe = os.path.join("build", "cosim", f"ctx{job.ctx}", "uscosim")
    result_file = os.path.join(OUT, "results", f"{index}.json")
    argv = [exe, *job.args, *extra, "--quiet", "--report-dir", OUT, "--result", result_file]
    t0 = time.time()
    try:
        p = subprocess.run(argv, capture_output=True, text=True, cwd=ROOT, timeout=600)
        rc, out = p.returncode, p.stdout + p.stderr
    except subprocess.TimeoutExpired:
        rc, out = 1, "timed out after 600 s"
    secs = time.time() - t0
    repro = " ".join(shlex.quote(a) for a in argv[:-5])
    try:
        with open(result_file) as fh:
            res = json.load(fh)
    except (OSError, ValueError):
        res = None
    if rc == 2:
        return Result(job.name, "bad input", "bad_input", out, repro, secs)
    if res is None:
        verdict = "timeout" if "timed out" in out else "no_result"
        return Result(job.name, "timeout" if verdict == "timeout" else "mismatch", verdict,
                      out + "\nregress: the harness wrote no result", repro, secs)
    verdict = res.get("verdict", "?")
    ok = rc == 0 and verdict in ("match", "rtl_only")
    if not ok and res.get("report"):
        repro = res.get("reproduce") or repro
    status = "pass" if ok else "timeout" if verdict == "timeout" else "mismatch"
    return Result(job.name, status, verdict, out, repro, secs)


def junit(results, suite, secs):
    fails = sum(1 for r in results if r.failed)
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             f'<testsuites tests="{len(results)}" failures="{fails}" time="{secs:.1f}">',
             f'  <testsuite name={quoteattr("regress." + suite)} tests="{len(results)}" failures="{fails}" '
             f'time="{secs:.1f}">']
    for r in results:
        cls, _, case = r.name.partition("/")
        lines.append(f'    <testcase classname={quoteattr(cls)} name={quoteattr(case)} time="{r.seconds:.2f}">')
        if r.failed:
            lines.append(f'      <failure message={quoteattr(r.status + ": " + r.repro)}>{escape(r.output[-4000:])}'
                         '</failure>')
        lines.append("    </testcase>")
    lines += ["  </testsuite>", "</testsuites>", ""]
    return "\n".join(lines)


def main():
    try:
        cfg = project_config.read()
        suites = project_config.suites(cfg)
        ctxs = project_config.ints("REGRESS_CTX", cfg)
    except (OSError, project_config.ConfigError) as e:
        print(f"regress: {e}", file=sys.stderr)
        return 2
    ap = argparse.ArgumentParser()
    ap.add_argument("--suite", default="smoke")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--shared", default=os.path.join(ROOT, "..", "shared"))
    ap.add_argument("--extra", default="")
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--kinds", default="vector,corpus,random")
    a = ap.parse_args()
    extra = shlex.split(a.extra)
    if a.suite not in suites or a.seed < 0 or a.jobs < 1:
        print(f"regress: SUITE must be {' or '.join(suites)} (tb/config.mk), SEED >= 0, JOBS >= 1 "
              f"(got {a.suite}, {a.seed}, {a.jobs})", file=sys.stderr)
        return 2
    if not os.path.isdir(os.path.join(a.shared, "corpus", "mesa-fs")):
        print(f"regress: {a.shared}/corpus/mesa-fs is missing (the shared folder goes beside this one)", file=sys.stderr)
        return 2
    os.makedirs(OUT, exist_ok=True)
    for old in glob.glob(os.path.join(OUT, "mismatch-*")):
        os.remove(old)
    shutil.rmtree(os.path.join(OUT, "results"), ignore_errors=True)
    os.makedirs(os.path.join(OUT, "results"))
    jobs = jobs_for(suites[a.suite], a.seed, a.shared, ctxs)
    kinds = set(a.kinds.split(","))
    jobs = [j for j in jobs if j.name.split("/")[0] in kinds]
    if a.limit > 0:
        jobs = jobs[::max(1, len(jobs) // a.limit)][:a.limit]  # spread over the kinds of run
    t0 = time.time()
    results = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as pool:
        for r in pool.map(run, jobs, range(len(jobs)), [extra] * len(jobs)):
            results.append(r)
            if r.failed:
                print(f"FAIL {r.name}\n  {r.repro}", flush=True)
    secs = time.time() - t0
    fails = [r for r in results if r.failed]
    with open(os.path.join(OUT, "junit.xml"), "w") as fh:
        fh.write(junit(results, a.suite, secs))
    counts = {}
    for r in results:
        counts[r.name.split("/")[0]] = counts.get(r.name.split("/")[0], 0) + 1
    summary = [f"regress {a.suite}: seed {a.seed}, {a.jobs} jobs, NUM_CTX {' and '.join(map(str, ctxs))}, "
               f"{secs:.1f} s",
               "runs: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())),
               f"{len(results) - len(fails)} passed, {len(fails)} failed"]
    for r in fails:
        summary.append(f"FAIL {r.name} ({r.status}): {r.repro}")
    summary.append(f"reports: {os.path.relpath(OUT, ROOT)}/junit.xml, summary.txt, mismatch-*.txt/.json")
    text = "\n".join(summary) + "\n"
    with open(os.path.join(OUT, "summary.txt"), "w") as fh:
        fh.write(text)
    print(text, end="")
    with open(os.path.join(OUT, "summary.json"), "w") as fh:
        json.dump({"suite": a.suite, "seed": a.seed, "passed": len(results) - len(fails), "failed": len(fails),
                   "failures": [{"name": r.name, "verdict": r.verdict, "repro": r.repro} for r in fails]}, fh, indent=1)
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
