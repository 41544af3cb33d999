#!/usr/bin/env python3
"""Equivalence of two builds of the golden model: a change meant to be performance only must leave every retire
record and final state as it was.

The reference is another checkout of the project (e.g. `git worktree add ../base main`). Both trees' usim run every
vector with --trace (every retire record, the pass/fail line and the exit code are compared) and without it (the
final state against the vector's expectations, with no record kept); the reference's usgen
makes extra random vectors; and tb/model/sweep_alu_trace.c, built against both model libraries, runs random
programs with every ALU/OUT/TEX field random and prints their retire records and final states (also of the same
runs without a record and with bounds tracked).

usage: scripts/checks/model_equiv.py --base DIR [--vectors DIR ...] [--random N] [--sweep N] [--jobs N]
Exit 0 when everything is identical, 1 on a difference (the first few are printed), 2 on bad input.
"""
import argparse
import concurrent.futures
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SWEEP_SRC = os.path.join(HERE, "tb", "model", "sweep_alu_trace.c")


def make(tree, *targets):
    subprocess.run(["make", "--no-print-directory", "-C", tree, *targets], check=True, stdout=subprocess.DEVNULL)


def build_sweep(tree, out):
    """sweep_alu_trace.c of this tree against tree's model library (the reference has no copy of the source)."""
    make(tree, "build/lib/libus.a")
    os.makedirs(os.path.dirname(out), exist_ok=True)
    subprocess.run(["gcc", "-std=c11", "-O2", "-flto=auto", "-I" + os.path.join(tree, "model"), SWEEP_SRC,
                    os.path.join(tree, "build", "lib", "libus.a"), "-o", out, "-lm"], check=True)


def run(cmd):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    return p.returncode, p.stdout


def compare(pairs, jobs, what):
    """pairs: (name, old command, new command). Returns the number of differences."""
    differ = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(lambda o, n: (run(o), run(n)), old, new): name for name, old, new in pairs}
        for f in concurrent.futures.as_completed(futures):
            (orc, oout), (nrc, nout) = f.result()
            if orc != nrc or oout != nout:
                differ += 1
                if differ <= 5:
                    print(f"DIFFER {what}: {futures[f]} (exit {orc} vs {nrc})")
    print(f"{what}: {len(pairs)} compared, {differ} differ")
    return differ


def vectors_in(dirs):
    out = []
    for d in dirs:
        out += sorted(os.path.join(d, f) for f in os.listdir(d) if f.endswith(".vec"))
    return out


def main():
    try:
        return compare_builds()
    except subprocess.CalledProcessError as e:  # a build or usgen failed: bad input, not a difference
        print(f"model_equiv: {' '.join(map(str, e.cmd))} failed (exit {e.returncode})", file=sys.stderr)
        return 2


def compare_builds():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", required=True, help="the reference checkout (its tools are built here)")
    ap.add_argument("--vectors", nargs="*", default=None,
                    help="vector folders (default: build/vectors/full and vectors/smoke of this tree)")
    ap.add_argument("--random", type=int, default=2000, help="extra usgen --random vectors (seeds 1..N)")
    ap.add_argument("--sweep", type=int, default=4000, help="random all-fields programs of sweep_alu_trace")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    a = ap.parse_args()
    base = os.path.abspath(a.base)
    if not os.path.isdir(os.path.join(base, "model", "golden")):
        print(f"model_equiv: {base} is not a checkout of the project", file=sys.stderr)
        return 2
    for tree in (base, HERE):
        make(tree, "build/bin/usim", "build/bin/usgen")
    old_usim, new_usim = (os.path.join(t, "build", "bin", "usim") for t in (base, HERE))
    differ = 0

    dirs = a.vectors if a.vectors is not None else [os.path.join(HERE, "build", "vectors", "full"),
                                                    os.path.join(HERE, "vectors", "smoke")]
    vecs = vectors_in([d for d in dirs if os.path.isdir(d)])
    if a.random:
        rdir = os.path.join(HERE, "build", "equiv", "random")
        subprocess.run(["rm", "-rf", rdir], check=True)
        os.makedirs(rdir)
        subprocess.run([os.path.join(base, "build", "bin", "usgen"), "--random", str(a.random), "--seed", "1",
                        "--out", rdir], check=True, stdout=subprocess.DEVNULL)
        vecs += vectors_in([rdir])
    if not vecs:
        print("model_equiv: no vectors (make vectors writes build/vectors/full)", file=sys.stderr)
        return 2
    differ += compare([(v, [old_usim, v, "--trace"], [new_usim, v, "--trace"]) for v in vecs], a.jobs,
                      "vectors (usim --trace)")
    # without --trace the model keeps no retire record: its fast paths, checked against the expected final state
    differ += compare([(v, [old_usim, v], [new_usim, v]) for v in vecs], a.jobs, "vectors (usim, no trace)")

    if a.sweep:
        old_sw = os.path.join(HERE, "build", "equiv", "sweep_old")
        new_sw = os.path.join(HERE, "build", "equiv", "sweep_new")
        build_sweep(base, old_sw)
        build_sweep(HERE, new_sw)
        chunk = 100
        pairs = [(f"seeds {s}..{s + chunk - 1}", [old_sw, str(s), str(chunk), "64"], [new_sw, str(s), str(chunk), "64"])
                 for s in range(1, a.sweep + 1, chunk)]
        differ += compare(pairs, a.jobs, f"random programs, {a.sweep} in chunks of {chunk} (sweep_alu_trace)")
    print("model_equiv: " + ("all identical" if not differ else f"{differ} differ"))
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
