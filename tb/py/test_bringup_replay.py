#!/usr/bin/env python3
"""The bring-up suite's register writes through the RTL's load port (docs/bringup.md, "Replaying through the RTL"):
every export of `make bringup-suite` (build/bringup-suite/vectors/NAME/ and probes/NAME/) runs in lockstep with the
RTL loaded from its writes.txt, a driver's writes in Mesa's order (uscosim VEC --writes writes.txt), the golden model
from the vector, at each NUM_CTX of TEST_CTX (tb/config.mk), from a random initial state (--rand-seed 1). A run
passes when the load port decodes every write (reg_bad_o never rises), holds what the writes leave in every register
it keeps, and every retire record, the final state and the vector's expectations match (verdict match).
First, from the files alone: every export writes US_OUT_FMT_0..3, US_PIXSIZE, US_FC_CTRL and US_W_FMT, which no
vector's own setup lines write. Then the option's own checks on one export: malformed lines exit 2 naming file:line,
a write the load port does not know fails naming file:line, address and name (verdict unknown_register), writes that
do not load the vector's program are refused.
Ends with `N passed, M failed` (replays), a FAIL line per failed replay, exit 1 on any failure.
USCOSIM=path replays on that one harness instead (a planted RTL's: scripts/verify/rtl_plants.py).
--make-suite makes the suite first, in a directory of its own (make test: another make test, make probes or make
bringup-suite in the same tree rewrites build/bringup-suite and build/probes), with the commands of make
bringup-suite's recipe as make -n prints them, the probes directory moved into that directory too.
usage: test_bringup_replay.py [--suite DIR | --make-suite] [--ctx N[,N...]] [--jobs N]"""
import argparse
import concurrent.futures
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                                "scripts", "lib"))
from checklib import check, checks, failures  # noqa: E402
import project_config  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DRIVER_ONLY = ["US_OUT_FMT_0", "US_OUT_FMT_1", "US_OUT_FMT_2", "US_OUT_FMT_3", "US_PIXSIZE", "US_FC_CTRL",
               "US_W_FMT"]


def exports(suite):
    """(name, vector, writes.txt) of every export in the suite, vectors first, each sorted by name."""
    out = []
    for d in sorted(glob.glob(os.path.join(suite, "vectors", "*", "writes.txt"))):
        name = os.path.basename(os.path.dirname(d))
        out.append((name, os.path.join(os.path.dirname(d), name + ".vec"), d))
    for d in sorted(glob.glob(os.path.join(suite, "probes", "*", "writes.txt"))):
        name = os.path.basename(os.path.dirname(d))
        out.append(("probe " + name, os.path.join(suite, "probes", name + ".vec"), d))
    return out


def writes_of(path):
    """(address, value, name) of each write line of a writes.txt (the harness reads it strictly; this only tallies)."""
    rows = []
    with open(path) as fh:
        for line in fh:
            words = line.split("#", 1)[0].split()
            if words:
                rows.append((int(words[0], 16), int(words[1], 16), words[2]))
    return rows


def replay(uscosim, vec, writes, tmp, tag):
    """One lockstep run; (passed, what it said)."""
    result = os.path.join(tmp, tag + ".json")
    p = subprocess.run([uscosim, vec, "--writes", writes, "--quiet", "--rand-seed", "1", "--report-dir", tmp,
                        "--result", result], capture_output=True, text=True, cwd=ROOT)
    said = (p.stdout + p.stderr).strip()
    verdict = None
    if os.path.exists(result):
        with open(result) as fh:
            verdict = json.load(fh).get("verdict")
    if p.returncode == 0 and verdict == "match":
        return True, ""
    first = " | ".join(ln.strip() for ln in said.splitlines()[:6])
    return False, f"exit {p.returncode}, verdict {verdict}: {first[:900]}"


def make_suite(tmp):
    """make bringup-suite's recipe (make -n, the tools taken as made) run with every output under tmp; the suite's
    path, or None after a FAIL line."""
    suite, cand, probes = (os.path.join(tmp, d) for d in ("suite", "candidates", "probes"))
    build = os.environ.get("BUILD", "build")
    tools = [a for t in ("usgen", "usbringup", "usasm") for a in ("-o", f"{build}/bin/{t}")]
    p = subprocess.run(["make", "-n", "--no-print-directory", *tools, "bringup-suite", f"BRINGUP_SUITE={suite}",
                        f"BRINGUP_CANDIDATES={cand}"], capture_output=True, text=True, cwd=ROOT)
    recipe = p.stdout.replace(f"{build}/probes", probes)
    if not check(p.returncode == 0 and f"{build}/bin/usbringup --suite {suite}" in recipe and probes in recipe,
                 f"make -n bringup-suite gives its recipe (exit {p.returncode}: {(p.stdout + p.stderr)[-300:]})"):
        return None
    t0 = time.time()
    p = subprocess.run(["bash", "-e", "-c", recipe], capture_output=True, text=True, cwd=ROOT)
    if not check(p.returncode == 0, f"the bring-up suite is made ({(p.stdout + p.stderr).strip()[-500:]})"):
        return None
    said = [ln for ln in p.stdout.splitlines() if ln.startswith("bring-up suite:")]
    print(f"made the bring-up suite in {time.time() - t0:.1f} s ({said[-1] if said else 'usbringup said nothing'})")
    return suite


def self_checks(uscosim, ex, tmp):
    """The option's own behaviour on one export (name, vector, writes.txt)."""
    name, vec, writes = ex
    with open(writes) as fh:
        lines = fh.read().splitlines()
    first = next(i for i, ln in enumerate(lines) if ln and not ln.startswith("#"))

    def run(text, *extra, vec_arg=vec):
        path = os.path.join(tmp, "w.txt")
        with open(path, "w", newline="") as fh:
            fh.write(text)
        res = os.path.join(tmp, "self.json")
        if os.path.exists(res):
            os.remove(res)
        args = [uscosim] + ([vec_arg] if vec_arg else []) + ["--writes", path, "--quiet", "--report-dir", tmp,
                                                               "--result", res, *extra]
        p = subprocess.run(args, capture_output=True, text=True, cwd=ROOT)
        verdict = None
        if os.path.exists(res):
            with open(res) as fh:
                verdict = json.load(fh).get("verdict")
        return p, path, verdict

    def with_line(new, at=first, replace=True):
        out = list(lines)
        out[at:at + (1 if replace else 0)] = [new]
        return "\n".join(out) + "\n"

    # the export itself, as written
    p, _, verdict = run("\n".join(lines) + "\n")
    check(p.returncode == 0 and verdict == "match", f"{name}: its writes.txt replays (exit {p.returncode}, "
          f"verdict {verdict}: {p.stderr.strip()[-300:]})")
    # malformed lines: exit 2, file:line (the line is first + 1)
    bad = [("0x46B4 0x00000001", "no name"), ("0x46B 0x00000001 US_W_FMT", "three address digits"),
           ("0x46B4 0x1 US_W_FMT", "a short value"), ("46B4 0x00000001 US_W_FMT", "no 0x"),
           ("0x46B4 0x00000001 US_PIXSIZE", "the name of another register"),
           ("0x46B4 0x00000001 US_W_FMT extra", "a word after the name"),
           ("0x46B4 0x00000001 US_W_FMT\r", "a carriage return"),
           ("0x4608 0x00000000 US_CONFIG", "a name where the spec has no register"),
           ("0x46B4 0x0000000G US_W_FMT", "a non-hex digit")]
    for text, what in bad:
        p, path, _ = run(with_line(text))
        check(p.returncode == 2 and p.stderr.startswith(f"{path}:{first + 1}: "),
              f"a writes.txt line with {what} ({text!r}) exits 2 naming {path}:{first + 1} (exit {p.returncode}: "
              f"{p.stderr.strip()[-300:]})")
    p, path, _ = run("# only a comment\n\n")
    check(p.returncode == 2 and "no register write" in p.stderr, f"a writes.txt without writes exits 2 (exit "
          f"{p.returncode}: {p.stderr.strip()[-200:]})")
    p = subprocess.run([uscosim, vec, "--writes", os.path.join(tmp, "missing.txt")], capture_output=True, text=True)
    check(p.returncode == 2 and "missing.txt" in p.stderr, f"a missing writes.txt exits 2 naming it (exit "
          f"{p.returncode}: {p.stderr.strip()[-200:]})")
    p, _, _ = run("\n".join(lines) + "\n", "--seed", "1", vec_arg=None)
    check(p.returncode == 2 and "--writes" in p.stderr, f"--writes without a vector exits 2 (exit {p.returncode}: "
          f"{p.stderr.strip()[-200:]})")
    # a write the load port does not know (no register of the spec at 0x4608): the run fails naming it
    p, path, verdict = run(with_line("0x4608 0x00000000 (unknown)    # not a register", first + 1, False))
    said = p.stdout + p.stderr
    check(p.returncode == 1 and verdict == "unknown_register" and f"{path}:{first + 2}: 0x4608 (unknown)" in said
          and "reg_bad_o" in said, f"a write to 0x4608 fails the run naming {path}:{first + 2}, the address and the "
          f"name (exit {p.returncode}, verdict {verdict}: {said.strip()[-400:]})")
    # writes that load something else than the vector: refused before the run
    data = [i for i, ln in enumerate(lines) if " GA_US_VECTOR_DATA " in ln]
    if check(bool(data), f"{name}: its writes.txt loads words through GA_US_VECTOR_DATA"):
        ln = lines[data[0]].split()
        changed = f"{ln[0]} 0x{int(ln[1], 16) ^ 0x1:08X} {ln[2]}"
        p, path, _ = run(with_line(changed, data[0]))
        check(p.returncode == 2 and "not the export of this vector" in p.stderr,
              f"a writes.txt whose program word differs from the vector's exits 2 (exit {p.returncode}: "
              f"{p.stderr.strip()[-300:]})")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--suite", default=os.path.join(ROOT, "build", "bringup-suite"))
    ap.add_argument("--make-suite", action="store_true", help="make the suite first, in a directory of its own")
    ap.add_argument("--ctx", help="NUM_CTX builds to replay on, comma-separated (default: TEST_CTX of tb/config.mk)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    a = ap.parse_args()
    planted = os.environ.get("USCOSIM")
    if planted:
        harnesses = [(f"USCOSIM {planted}", planted)]
    else:
        ctxs = [int(c) for c in a.ctx.split(",")] if a.ctx else project_config.ints("TEST_CTX")
        harnesses = [(f"NUM_CTX {n}", os.path.join(ROOT, "build", "cosim", f"ctx{n}", "uscosim")) for n in ctxs]
    for label, h in harnesses:
        if not os.access(h, os.X_OK):
            print(f"test_bringup_replay: no harness {h} ({label}): make {os.path.relpath(h, ROOT)}", file=sys.stderr)
            return 2
    tmp = tempfile.mkdtemp(prefix="bringup-replay-")
    try:
        return replay_all(a, harnesses, planted, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def replay_all(a, harnesses, planted, tmp):
    suite = a.suite
    if a.make_suite:
        suite = make_suite(tmp)
        if not suite:
            print("0 passed, 1 failed")
            return 1
    ex = exports(suite)
    if not ex:
        print(f"test_bringup_replay: no export in {suite} (make bringup-suite writes it)", file=sys.stderr)
        return 2

    # what the exports write, from the files
    seen, missing, tally = {}, [], {"PIXSIZE > 0": 0, "FULL_FC_EN": 0, "W24": 0, "a C4_32_FP target": 0}
    nwrites = 0
    for name, _vec, writes in ex:
        rows = writes_of(writes)
        nwrites += len(rows)
        names = {r[2] for r in rows}
        for n in names:
            seen[n] = seen.get(n, 0) + 1
        lacks = [n for n in DRIVER_ONLY if n not in names]
        if lacks:
            missing.append(f"{name} ({', '.join(lacks)})")
        value = {r[2]: r[1] for r in rows}
        tally["PIXSIZE > 0"] += value.get("US_PIXSIZE", 0) > 0
        tally["FULL_FC_EN"] += bool(value.get("US_FC_CTRL", 0) & 0x80000000)
        tally["W24"] += value.get("US_W_FMT", 0) & 0x3 == 0x1
        tally["a C4_32_FP target"] += any(value.get(f"US_OUT_FMT_{t}", 0xF) & 0xF == 0x5 for t in range(4))
    check(not missing, f"every export writes {', '.join(DRIVER_ONLY)}; these do not: {'; '.join(missing[:5])}")
    print(f"{len(ex)} exports, {nwrites} register writes, {len(seen)} registers written "
          f"({', '.join(f'{k}: {v}' for k, v in tally.items())})")

    runs_dir = os.path.join(tmp, "runs")
    os.makedirs(runs_dir)
    if not planted:  # the option's own checks: a planted RTL is about the replays
        self_checks(harnesses[0][1], ex[0], runs_dir)
    passed = failed = 0
    for label, h in harnesses:
        t0 = time.time()
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as pool:
            runs = list(pool.map(lambda e: (e[0], replay(h, e[1], e[2], runs_dir, e[0].replace(" ", "-") + "-" +
                                                          label.split()[-1].replace("/", "_"))), ex))
        bad = [(n, why) for n, (ok, why) in runs if not ok]
        for n, why in bad[:10]:
            print(f"FAIL {n} ({label}): {why}")
        if len(bad) > 10:
            print(f"FAIL ... and {len(bad) - 10} more on {label}")
        passed += len(runs) - len(bad)
        failed += len(bad)
        print(f"{label}: {len(runs)} exports replayed from writes.txt, {len(runs) - len(bad)} passed, "
              f"{len(bad)} failed ({time.time() - t0:.1f} s)")
    print(f"{checks[0] - len(failures)} of {checks[0]} checks passed")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed or failures else 0


if __name__ == "__main__":
    sys.exit(main())
