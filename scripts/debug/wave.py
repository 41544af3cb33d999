#!/usr/bin/env python3
"""make wave: a waveform of one co-simulation run in build/wave/.
  --vec FILE                  a vector, whole run
  --program FILE --seed N     a program on seeded inputs, whole run
  --report FILE.json          a failure: re-runs the report's command, with its window around the mismatch
--fmt vcd|fst picks the format (FST: uscosim converts its VCD with GTKWave's vcd2fst). Beside the waveform, a
GTKWave save file (scripts/debug/gtkw.py: signals by pipeline stage and context, enums by name, for a report a marker on
the mismatching retire). Prints where the files are and the exit status of the run (1 when it reproduces a
mismatch). Exit 2 on bad arguments.
usage: wave.py [--fmt vcd|fst] (--vec F | --program F --seed N | --report F)"""
import argparse
import json
import os
import shlex
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # gtkw, beside it
import gtkw  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--fmt", default="vcd")
    ap.add_argument("--vec")
    ap.add_argument("--program")
    ap.add_argument("--seed")
    ap.add_argument("--report")
    a = ap.parse_args()
    if a.fmt not in ("vcd", "fst") or sum(bool(x) for x in (a.vec, a.program, a.report)) != 1 or \
            (a.program and not a.seed):
        print("wave: give FMT=vcd|fst and one of VEC=file, PROGRAM=file SEED=n, REPORT=mismatch-*.json",
              file=sys.stderr)
        return 2
    outdir = os.path.join(ROOT, "build", "wave")
    os.makedirs(outdir, exist_ok=True)
    exe = os.path.join(ROOT, "build", "bin", "uscosim")
    marker = None
    if a.report:
        try:
            report = json.load(open(a.report))
            cmd, marker = shlex.split(report["reproduce"]), int(report["cycle"])
        except (OSError, ValueError, KeyError, TypeError) as e:
            print(f"wave: {a.report}: not a mismatch report ({e})", file=sys.stderr)
            return 2
        i = cmd.index("--vcd")
        stem = os.path.splitext(os.path.basename(cmd[i + 1]))[0]
        wave = os.path.join(outdir, f"{stem}.{a.fmt}")
        cmd[i:i + 2] = [f"--{a.fmt}", wave]
    else:
        src = a.vec or a.program
        stem = os.path.splitext(os.path.basename(src))[0] + (f"-{a.seed}" if a.program else "")
        wave = os.path.join(outdir, f"{stem}.{a.fmt}")
        cmd = [exe, src] if a.vec else [exe, "--program", src, "--seed", a.seed]
        cmd += [f"--{a.fmt}", wave]
    print(" ".join(shlex.quote(c) for c in cmd))
    p = subprocess.run(cmd, cwd=ROOT)
    if p.returncode == 2:
        if os.path.exists(wave):
            os.remove(wave)
        print("wave: the run refused its input or its waveform file (exit 2); no waveform", file=sys.stderr)
        return 2
    if not os.path.exists(wave):
        print(f"wave: no waveform was written (exit {p.returncode})", file=sys.stderr)
        return 2 if p.returncode == 2 else 1
    print(f"wave: {os.path.relpath(wave, ROOT)} ({os.path.getsize(wave)} bytes); the run exited {p.returncode}"
          + (" (a mismatch: the window holds it)" if p.returncode == 1 else
             " (a timeout: the cycle limit came first)" if p.returncode == 3 else ""))
    save = os.path.splitext(wave)[0] + ".gtkw"
    try:
        num_ctx = gtkw.write_save_file(wave, save, marker)
    except (gtkw.SaveFileError, OSError) as e:
        print(f"wave: no GTKWave save file: {e}", file=sys.stderr)
        return 2
    print(f"wave: {os.path.relpath(save, ROOT)}: the stages and {num_ctx} contexts, enums by name"
          + (f", marker on cycle {marker} (the mismatching retire)" if marker else "")
          + f"; open it with: gtkwave {os.path.relpath(save, ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
