#!/usr/bin/env python3
"""make regress: the co-simulation regression. Every vector of the suite, every corpus program on seeds and random
legal programs run through the lockstep harness (build/cosim/ctxN/uscosim, RTL against the C model) as parallel
processes, on each NUM_CTX of REGRESS_CTX. Every run starts the RTL from a random initial state (uscosim
--rand-seed, a seed of its own derived from the run's name and --seed, in its repro command): a register without
reset or a RAM word read before it is written then shows, where Verilator's default, all zeros, would hide a
memory that does not read as zero after reset. The suites and the NUM_CTX set are data: tb/config.mk. Each run hands
back its verdict and repro command in the harness's JSON result (uscosim --result). Writes build/regress/junit.xml,
summary.txt and summary.json (pass and fail counts, seeds, and for every failure the one command that reproduces it,
with a waveform window); exit 1 on any failure, 2 on bad arguments. While it runs, standard error shows the runs
done of the total, the rate, the ETA and the failures so far (scripts/lib/progress.py: one line in place on a terminal,
a plain line every few seconds in a log; PROGRESS=0 turns it off); the reports never hold it.

--extra "ARGS" adds uscosim options to every run (e.g. --inject-flip 3, to see the regression fail), --limit N
keeps N runs spread over the list, --kinds vector,corpus,random picks kinds of run, --ctx 1,4 the NUM_CTX (default
REGRESS_CTX), --timeout S the wall clock a run may take (600). --cosim-dir DIR runs DIR/ctxN/uscosim instead of
build/cosim's, --out DIR writes the reports there instead of build/regress.
--shard I/N runs the I-th (1..N) of N slices of the run list: every N-th run from the I-th on. The list is the same
on every machine and grouped by NUM_CTX and kind, so each slice holds an N-th of every group (to one run); its
reports go to build/regress/shard-I-of-N (or --out), and summary.json records the slice and a digest of the whole
list, so tb/regress/merge.py (make regress-merge) can put the slices back together and refuse a missing or doubled
one. docs/regress.md shows it on Slurm and GNU parallel.
--coverage-dir DIR (make rtl-coverage, with --cosim-dir build/cosim-cov): every run writes its RTL coverage counts
to DIR/runs/INDEX.dat (uscosim --coverage-dat), and the runner folds them into DIR/merged.dat with
verilator_coverage every --coverage-fold N runs (200), so a suite's thousands of 2 MB files never sit on disk
together; DIR/merged.json says how many runs it holds. A run that writes no counts fails (verdict no_coverage).
usage: regress.py [--suite NAME] [--seed N] [--jobs N] [--shared DIR] [--extra ARGS] [--limit N] [--kinds K,...]
                  [--ctx N,...] [--timeout S] [--cosim-dir DIR] [--out DIR] [--coverage-dir DIR]
                  [--coverage-fold N] [--shard I/N]"""
import argparse
import concurrent.futures
import dataclasses
import glob
import hashlib
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import time
import zlib
from xml.sax.saxutils import escape, quoteattr

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts", "lib"))
import progress  # noqa: E402
import project_config  # noqa: E402

OUT = os.path.join(ROOT, "build", "regress")
COSIM = os.path.join("build", "cosim")  # the harness builds, ctxN/uscosim below it
COVERAGE = None  # --coverage-dir: each run writes COVERAGE/runs/INDEX.dat
TIMEOUT = 600  # seconds of wall clock a run may take (--timeout: the coverage build is tens of times slower)


@dataclasses.dataclass(frozen=True)
class Job:
    name: str      # kind/what/ctxN
    ctx: int
    args: tuple    # uscosim arguments


@dataclasses.dataclass
class Result:
    name: str
    status: str    # pass, mismatch (the verdict names which), timeout (the cycle limit or TIMEOUT), bad input,
                   # no coverage
    verdict: str   # the harness's verdict: match, mismatch, hang, unexpected_retire, expectations, schedule,
                   # assertion, timeout; or bad_input, no_coverage
    output: str
    repro: str
    seconds: float
    coverage: str = ""  # the run's coverage counts file, when it wrote one

    @property
    def failed(self):
        return self.status != "pass"


def rand_seed(name, seed):
    """The run's random initial state (uscosim --rand-seed, 1 .. 2^31 - 1): the same for a name and seed anywhere."""
    return 1 + (zlib.crc32(f"{name}/{seed}".encode()) % 0x7FFFFFFE)


def jobs_for(suite, seed, shared, ctxs):
    """Every run of the suite, in a fixed order, each with its random initial state."""
    vecs = []
    for folder in suite.vectors:
        # A folder per compiler (build/vectors/piglit/mesa-V) labels its runs: vector/mesa-V/NAME/ctxN.
        label = os.path.basename(folder) + "/" if os.path.basename(folder).startswith("mesa-") else ""
        vecs += [(label, v) for v in sorted(glob.glob(os.path.join(ROOT, folder, "*.vec")))]
    corpus = sorted(glob.glob(os.path.join(shared, "corpus", "mesa-fs", "*.txt")))
    out = []
    for ctx in ctxs:
        for label, v in vecs:
            out.append(Job(f"vector/{label}{os.path.basename(v)}/ctx{ctx}", ctx, (os.path.relpath(v, ROOT),)))
        for p in corpus:
            for s in range(seed, seed + suite.corpus_seeds):
                out.append(Job(f"corpus/{os.path.basename(p)}/seed{s}/ctx{ctx}", ctx,
                               ("--program", os.path.relpath(p, ROOT), "--seed", str(s))))
        for s in range(seed, seed + suite.random // len(ctxs)):
            out.append(Job(f"random/len{suite.random_len}/seed{s}/ctx{ctx}", ctx,
                           ("--random", str(suite.random_len), "--seed", str(s), "--quads", str(suite.random_quads))))
    return [dataclasses.replace(j, args=(*j.args, "--rand-seed", str(rand_seed(j.name, seed)))) for j in out]


def parse_shard(text):
    """'I/N' as (I, N) with 1 <= I <= N, or None when malformed."""
    m = re.fullmatch(r"([0-9]+)/([0-9]+)", text or "")
    if not m or not 1 <= int(m.group(1)) <= int(m.group(2)):
        return None
    return int(m.group(1)), int(m.group(2))


def shard_slice(jobs, index, count):
    """Slice index (1..count) of the run list: every count-th run from the index-th on. Deterministic, and balanced
    without timing anything: the list runs NUM_CTX by NUM_CTX and kind by kind, so every slice gets a count-th of
    each (to one run). Run k of the whole list is run k // count of slice k % count + 1."""
    return jobs[index - 1::count]


def list_digest(jobs):
    """What the whole run list is, as a digest: shards of one regression carry the same one."""
    h = hashlib.sha256()
    for j in jobs:
        h.update(("\0".join((j.name, *j.args)) + "\n").encode())
    return h.hexdigest()


def run(job, index, extra):
    exe = os.path.join(COSIM, f"ctx{job.ctx}", "uscosim")
    result_file = os.path.join(OUT, "results", f"{index}.json")
    cov = os.path.join(COVERAGE, "runs", f"{index}.dat") if COVERAGE else ""
    argv = [exe, *job.args, *extra]
    repro = " ".join(shlex.quote(a) for a in argv)  # a repro writes no result, report folder or coverage
    argv += [*(["--coverage-dat", cov] if cov else []), "--quiet", "--report-dir", OUT, "--result", result_file]
    t0 = time.time()
    try:
        p = subprocess.run(argv, capture_output=True, text=True, cwd=ROOT, timeout=TIMEOUT)
        rc, out = p.returncode, p.stdout + p.stderr
    except subprocess.TimeoutExpired:
        rc, out = 1, f"timed out after {TIMEOUT} s"
    secs = time.time() - t0
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
    if cov and not os.path.exists(cov):
        return Result(job.name, "no coverage", "no_coverage", out + f"\nregress: the harness wrote no coverage ({cov})",
                      repro, secs)
    return Result(job.name, status, verdict, out, repro, secs, cov)


class CoverageFolder:
    """Folds the runs' coverage files into COVERAGE/merged.dat with verilator_coverage, a batch at a time, and
    removes them once folded. merged.json: how many runs merged.dat holds, of which suite and seed."""

    def __init__(self, fold, label):
        self.fold, self.label, self.pending, self.runs, self.error = fold, label, [], 0, ""
        self.merged = os.path.join(COVERAGE, "merged.dat")
        for old in (self.merged, os.path.join(COVERAGE, "merged.json")):
            if os.path.exists(old):
                os.remove(old)
        shutil.rmtree(os.path.join(COVERAGE, "runs"), ignore_errors=True)
        os.makedirs(os.path.join(COVERAGE, "runs"))

    def add(self, path):
        if self.error:  # folding failed: the rest would only fill the disk
            os.remove(path)
            return
        self.pending.append(path)
        if len(self.pending) >= self.fold:
            self.flush()

    def flush(self):
        """Folds what is pending; on failure sets self.error and keeps the batch's inputs for a look."""
        if not self.pending or self.error:
            return
        self.error = self._fold()

    def _fold(self):
        tmp = self.merged + ".new"
        inputs = ([self.merged] if os.path.exists(self.merged) else []) + self.pending
        try:
            p = subprocess.run(["verilator_coverage", "--write", tmp, *inputs], capture_output=True, text=True)
            if p.returncode or not os.path.exists(tmp):
                return f"verilator_coverage could not merge {len(inputs)} files: {(p.stdout + p.stderr)[-600:]}"
        except OSError as e:
            return f"verilator_coverage: {e}"
        os.replace(tmp, self.merged)
        for f in self.pending:
            os.remove(f)
        self.runs += len(self.pending)
        self.pending = []
        with open(os.path.join(COVERAGE, "merged.json"), "w") as fh:
            json.dump({"runs": self.runs, **self.label}, fh)
        return ""


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
    global OUT, COSIM, COVERAGE, TIMEOUT  # the runs' settings, module-wide so run() keeps its signature
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
    ap.add_argument("--ctx", default=",".join(map(str, ctxs)))
    ap.add_argument("--cosim-dir", default=COSIM)
    ap.add_argument("--out", default=OUT)
    ap.add_argument("--coverage-dir")
    ap.add_argument("--coverage-fold", type=int, default=200)
    ap.add_argument("--timeout", type=int, default=TIMEOUT)
    ap.add_argument("--shard")
    a = ap.parse_args()
    shard = parse_shard(a.shard) if a.shard else None
    if a.shard and not shard:
        print(f"regress: SHARD must be I/N with 1 <= I <= N, such as 2/3 (got {a.shard!r})", file=sys.stderr)
        return 2
    extra = shlex.split(a.extra)
    try:
        ctxs = [int(n) for n in a.ctx.split(",")]
    except ValueError:
        ctxs = []
    if (a.suite not in suites or a.seed < 0 or a.jobs < 1 or not ctxs or min(ctxs) < 1 or a.coverage_fold < 1 or
            a.timeout < 1):
        print(f"regress: SUITE must be {' or '.join(suites)} (tb/config.mk), SEED >= 0, JOBS >= 1, --ctx NUM_CTX "
              f"values, --coverage-fold >= 1, --timeout >= 1 (got {a.suite}, {a.seed}, {a.jobs}, {a.ctx}, "
              f"{a.coverage_fold}, {a.timeout})", file=sys.stderr)
        return 2
    if shard and a.out == OUT:
        a.out = os.path.join(OUT, f"shard-{shard[0]}-of-{shard[1]}")
    OUT = os.path.abspath(a.out)
    COSIM = os.path.relpath(os.path.abspath(a.cosim_dir), ROOT)
    COVERAGE = os.path.abspath(a.coverage_dir) if a.coverage_dir else None
    TIMEOUT = a.timeout
    if not os.path.isdir(os.path.join(a.shared, "corpus", "mesa-fs")):
        print(f"regress: {a.shared}/corpus/mesa-fs is missing (the shared folder goes beside this one)", file=sys.stderr)
        return 2
    os.makedirs(OUT, exist_ok=True)
    for old in glob.glob(os.path.join(OUT, "mismatch-*")):
        os.remove(old)
    shutil.rmtree(os.path.join(OUT, "results"), ignore_errors=True)
    os.makedirs(os.path.join(OUT, "results"))
    folder = CoverageFolder(a.coverage_fold, {"suite": a.suite, "seed": a.seed}) if COVERAGE else None
    missing = [f for f in suites[a.suite].vectors if not glob.glob(os.path.join(ROOT, f, "*.vec"))]
    missing += [os.path.join(COSIM, f"ctx{n}", "uscosim") for n in ctxs
                if not os.access(os.path.join(ROOT, COSIM, f"ctx{n}", "uscosim"), os.X_OK)]
    if missing:
        print(f"regress: {', '.join(missing)} missing: make regress-build SUITE={a.suite} makes what the suite runs",
              file=sys.stderr)
        return 2
    jobs = jobs_for(suites[a.suite], a.seed, a.shared, ctxs)
    kinds = set(a.kinds.split(","))
    jobs = [j for j in jobs if j.name.split("/")[0] in kinds]
    if a.limit > 0:
        jobs = jobs[::max(1, len(jobs) // a.limit)][:a.limit]  # spread over the kinds of run
    whole = {"runs": len(jobs), "digest": list_digest(jobs)}
    if shard:
        jobs = shard_slice(jobs, *shard)
    t0 = time.time()
    what = f"regress {a.suite}" + (f" shard {shard[0]}/{shard[1]}" if shard else "") + (" coverage" if folder else "")
    with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as pool, \
            progress.Progress(len(jobs), what, unit="runs") as bar:
        futures = [pool.submit(run, j, i, extra) for i, j in enumerate(jobs)]
        for f in concurrent.futures.as_completed(futures):  # a failure is told as soon as its run ends
            r = f.result()
            bar.update(failed=r.failed)
            if r.failed:
                bar.write(f"FAIL {r.name}\n  {r.repro}")
            if folder and r.coverage:
                folder.add(r.coverage)
        results = [f.result() for f in futures]  # the reports keep the list's order
    if folder:
        folder.flush()
    secs = time.time() - t0
    fails = [r for r in results if r.failed]
    with open(os.path.join(OUT, "junit.xml"), "w") as fh:
        fh.write(junit(results, a.suite, secs))
    counts = {}
    for r in results:
        counts[r.name.split("/")[0]] = counts.get(r.name.split("/")[0], 0) + 1
    of = f", shard {shard[0]} of {shard[1]} ({len(jobs)} of {whole['runs']} runs)" if shard else ""
    summary = [f"regress {a.suite}: seed {a.seed}, {a.jobs} jobs, NUM_CTX {' and '.join(map(str, ctxs))}{of}, "
               f"{secs:.1f} s",
               "runs: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())),
               f"{len(results) - len(fails)} passed, {len(fails)} failed"]
    for r in fails:
        summary.append(f"FAIL {r.name} ({r.status}): {r.repro}")
    if folder:
        summary.append(f"coverage: FAILED, {folder.error}" if folder.error else
                       f"coverage: {folder.runs} runs folded into {os.path.relpath(folder.merged, ROOT)}")
    summary.append(f"reports: {os.path.relpath(OUT, ROOT)}/junit.xml, summary.txt, mismatch-*.txt/.json")
    text = "\n".join(summary) + "\n"
    with open(os.path.join(OUT, "summary.txt"), "w") as fh:
        fh.write(text)
    print(text, end="")
    with open(os.path.join(OUT, "summary.json"), "w") as fh:
        json.dump({"suite": a.suite, "seed": a.seed, "jobs": a.jobs, "seconds": round(secs, 3),
                   "ctx": ctxs, "kinds": a.kinds, "limit": a.limit, "extra": a.extra,
                   "shard": {"index": shard[0], "count": shard[1]} if shard else None, "list": whole,
                   "runs": counts, "passed": len(results) - len(fails), "failed": len(fails),
                   "failures": [{"name": r.name, "verdict": r.verdict, "repro": r.repro} for r in fails]}, fh, indent=1)
    return 1 if fails or (folder and folder.error) else 0


if __name__ == "__main__":
    sys.exit(main())
