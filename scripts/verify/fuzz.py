#!/usr/bin/env python3
"""Runs one libFuzzer harness of tb/fuzz/ (built by make fuzz-build into build/fuzz/bin) from its seed corpus
(build/fuzz/seeds/<harness>, and its dictionary when there is one) for a time or a number of runs, and prints
one line: runs, exec/s, corpus size, coverage. A crash, a broken property, a leak or a timeout prints libFuzzer's
report, names the saved input (build/fuzz/artifacts/) and exits 1; missing seeds or binary exit 2.
The corpus it grows is build/fuzz/corpus/<harness> (kept between runs), or with --fresh a temporary folder.
usage: fuzz.py HARNESS (--seconds S | --runs N) [--seed N] [--fresh]"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FUZZ = os.path.join(ROOT, "build", "fuzz")
TIMEOUT = 10  # seconds one input may take: a hang, not a slow input (the harnesses run with small watchdogs)


def stat(out, key):
    m = re.search(r"^stat::%s:\s*(\d+)" % key, out, re.M)
    return int(m.group(1)) if m else None


def run(harness, limit, seed, corpus):
    binary = os.path.join(FUZZ, "bin", harness)
    seeds = os.path.join(FUZZ, "seeds", harness)
    for p in (binary, seeds):
        if not os.path.exists(p):
            print(f"fuzz: {p} is missing (make fuzz-build)", file=sys.stderr)
            return 2
    os.makedirs(corpus, exist_ok=True)
    artifacts = os.path.join(FUZZ, "artifacts")
    os.makedirs(artifacts, exist_ok=True)
    argv = [binary, corpus, seeds, f"-timeout={TIMEOUT}", "-error_exitcode=1", "-print_final_stats=1",
            f"-artifact_prefix={artifacts}/{harness}-", *limit]
    if seed is not None:
        argv.append(f"-seed={seed}")
    d = os.path.join(FUZZ, "seeds", harness + ".dict")
    if os.path.exists(d):
        argv.append(f"-dict={d}")
    p = subprocess.run(argv, capture_output=True, text=True, errors="replace")
    out = p.stdout + p.stderr
    runs, rate = stat(out, "number_of_executed_units"), stat(out, "average_exec_per_sec")
    cov = re.findall(r"\bcov: (\d+) ft: (\d+) corp: (\d+)", out)
    where = f"cov {cov[-1][0]}, ft {cov[-1][1]}, corpus {cov[-1][2]}" if cov else "no coverage line"
    if p.returncode != 0:
        print("\n".join(out.splitlines()[-60:]))
        saved = re.findall(r"Test unit written to (\S+)", out)
        why = re.search(r"^(fuzz: property broken: .*|==\d+==ERROR: .*|.*runtime error: .*|ALARM: .*)$", out, re.M)
        print(f"fuzz {harness}: FAILED (exit {p.returncode}): {why.group(1) if why else 'see above'}")
        print(f"fuzz {harness}: input saved: {saved[-1] if saved else 'none'}; "
              f"reproduce: {binary} {saved[-1] if saved else 'INPUT'}")
        return 1
    print(f"fuzz {harness}: {runs} runs, {rate} exec/s, {where}")
    return 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("harness")
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--seconds", type=int)
    g.add_argument("--runs", type=int)
    ap.add_argument("--seed", type=int)
    ap.add_argument("--fresh", action="store_true", help="grow a temporary corpus, not build/fuzz/corpus")
    a = ap.parse_args()
    limit = [f"-max_total_time={a.seconds}"] if a.seconds is not None else [f"-runs={a.runs}"]
    if a.fresh:
        with tempfile.TemporaryDirectory() as tmp:
            return run(a.harness, limit, a.seed, tmp)
    return run(a.harness, limit, a.seed, os.path.join(FUZZ, "corpus", a.harness))


if __name__ == "__main__":
    sys.exit(main())
