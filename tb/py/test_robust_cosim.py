#!/usr/bin/env python3
"""uscosim's robustness (build/bin/uscosim, uscosim_sc):
- a waveform that cannot be written (a full disk, /dev/full; a missing folder; a folder; for FST a non-regular
  file) ends the run promptly with exit 2 and a message naming the file, and leaves no file, no VCD part (FST is
  the VCD converted by vcd2fst) and no result behind; an FST whose vcd2fst fails is refused too;
- an inverted or stray waveform window and every malformed number (negative, not a number, trailing text,
  overflowing, out of range) exit 2 naming the option;
- reaching the cycle limit is a TIMEOUT (exit 3, verdict "timeout" in --result and in make regress), not a
  MISMATCH; the default limit is the watchdog's worth but never above the cap --help states.
usage: test_robust_cosim.py"""
import json
import os
import re
import resource
import signal
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checklib import check, summary  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.path.join(ROOT, "build", "bin")
sys.path.insert(0, os.path.join(ROOT, "tb", "regress"))
import regress  # noqa: E402
sys.path.insert(0, os.path.join(ROOT, "scripts", "lib"))
import project_config  # noqa: E402

TOOL = project_config.one_int("TOOL_CTX", project_config.read())  # the NUM_CTX of build/bin/uscosim

HANG = 60  # seconds: a run that needs longer hangs (every run below takes a second or two)

# A quad that loops for ever (pc 1 jumps to 0 unconditionally), and the same with the jump never taken (ends at 2).
SPIN = """usvec 1
param watchdog {watchdog}
reg US_CONFIG 0x00000002
reg US_FC_CTRL 0x80000000
reg US_CODE_OFFSET 0x00000000
reg US_CODE_ADDR 0x00020000
reg US_CODE_RANGE 0x00020000
inst 0 0x00004000 0x08020001 0x08020001 0x00000000 0x00c0c000 0x20000000
inst 1 0x00000402 0x00000000 0x0000{func:02x}00 0x00000000 0x00000000 0x00000000
inst 2 0x00040001 0x08020001 0x08020001 0x00000000 0x00c0c000 0x20000000
"""


def run(exe, *args, limit_bytes=None, env_path=None):
    """Runs a harness under a time limit; limit_bytes caps the size of any file it writes (a full disk), env_path
    replaces PATH (where it finds vcd2fst)."""
    def full_disk():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails with EFBIG instead
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit_bytes, limit_bytes))
    try:
        return subprocess.run([os.path.join(BIN, exe), *args], capture_output=True, text=True, cwd=ROOT,
                              timeout=HANG, preexec_fn=full_disk if limit_bytes else None,
                              env={**os.environ, "PATH": env_path} if env_path else None)
    except subprocess.TimeoutExpired:
        return subprocess.CompletedProcess(args, "hang", "", f"still running after {HANG} s")


def said(p):
    return f"exit {p.returncode}: {(p.stdout + p.stderr).strip()[-300:]}"


def waves(tmp, spin):
    """Case 1 and 2: waveforms that cannot be written."""
    for exe in ("uscosim", "uscosim_sc"):
        p = run(exe, spin, "--vcd", "/dev/full", "--max-cycles", "200000")
        check(p.returncode == 2 and "cannot write the waveform /dev/full: No space left on device" in p.stderr,
              f"{exe} --vcd /dev/full ends at once with exit 2 naming the file ({said(p)})")
    res = os.path.join(tmp, "res.json")
    vcd = os.path.join(tmp, "full.vcd")
    p = run("uscosim", spin, "--vcd", vcd, "--max-cycles", "20000", "--result", res, limit_bytes=200000)
    check(p.returncode == 2 and f"cannot write the waveform {vcd}: File too large" in p.stderr,
          f"a VCD that outgrows the disk's room exits 2 naming it ({said(p)})")
    check(not os.path.exists(vcd) and not os.path.exists(res), "and leaves neither half a VCD nor a result")
    p = run("uscosim", spin, "--vcd", vcd, "--max-cycles", "20000", "--result", res, "--quiet")
    check(p.returncode == 3 and os.path.getsize(vcd) > 200000 and json.load(open(res))["verdict"] == "timeout",
          f"the same run with room writes its VCD ({said(p)})")
    os.remove(res)
    fst = os.path.join(tmp, "full.fst")
    # The VCD that becomes the FST outgrows the room
    p = run("uscosim", spin, "--fst", fst, "--max-cycles", "20000", "--result", res, limit_bytes=200000)
    check(p.returncode == 2 and f"cannot write the waveform {fst}: File too large" in p.stderr
          and not os.path.exists(fst) and not os.path.exists(fst + ".vcd-part") and not os.path.exists(res),
          f"an FST with 200 kB of room exits 2 naming it, no file or VCD part left ({said(p)})")
    # vcd2fst itself failing (a stand-in on PATH that exits 1), or missing
    fake = os.path.join(tmp, "fakebin")
    os.makedirs(fake)
    with open(os.path.join(fake, "vcd2fst"), "w") as fh:
        fh.write("#!/bin/sh\nexit 1\n")
    os.chmod(os.path.join(fake, "vcd2fst"), 0o755)
    small = os.path.join(tmp, "small.vec")
    open(small, "w").write(SPIN.format(watchdog="1000", func=0))
    for path, what in ((fake, "vcd2fst could not convert the VCD"), ("/nonexistent", "vcd2fst, which writes FST, is not "
                                                                       "installed")):
        p = run("uscosim", small, "--fst", fst, "--result", res, env_path=path)
        check(p.returncode == 2 and f"cannot write the waveform {fst}: {what}" in p.stderr
              and not os.path.exists(fst) and not os.path.exists(fst + ".vcd-part") and not os.path.exists(res),
              f"an FST whose conversion fails ({what}) exits 2 naming it, no file left ({said(p)})")

    fifo = os.path.join(tmp, "fifo")
    os.mkfifo(fifo)
    missing = os.path.join(tmp, "no-such-folder", "w")
    for exe, opt in (("uscosim", "--vcd"), ("uscosim_sc", "--vcd"), ("uscosim", "--fst"), ("uscosim_sc", "--fst")):
        p = run(exe, spin, opt, missing + "." + opt[2:], "--max-cycles", "2000")
        check(p.returncode == 2 and f"cannot write the waveform {missing}.{opt[2:]}: No such file or directory"
              in p.stderr, f"{exe} {opt} into a missing folder exits 2 naming the path ({said(p)})")
        p = run(exe, spin, opt, tmp, "--max-cycles", "2000")
        check(p.returncode == 2 and f"cannot write the waveform {tmp}: Is a directory" in p.stderr,
              f"{exe} {opt} onto a folder exits 2 naming it ({said(p)})")
        if opt == "--fst":  # vcd2fst replaces what is there: a device or a FIFO must be refused untouched
            p = run(exe, spin, opt, fifo, "--max-cycles", "2000")
            check(p.returncode == 2 and f"cannot write the waveform {fifo}: not a regular file" in p.stderr
                  and not os.path.isfile(fifo), f"{exe} --fst onto a FIFO exits 2 and leaves it ({said(p)})")
    ends = os.path.join(tmp, "ends.vec")
    open(ends, "w").write(SPIN.format(watchdog="1000", func=0))
    for target, room, what in (("/dev/full", None, "No space left on device"), (res, 100, "File too large"),
                               (missing, None, "No such file or directory")):
        p = run("uscosim", ends, "--result", target, "--quiet", limit_bytes=room)
        check(p.returncode == 2 and f"cannot write the result to {target}: {what}" in p.stderr
              and not os.path.isfile(target), f"--result that cannot be written exits 2, no half file ({said(p)})")
    bad = os.path.join(tmp, "bad.vec")
    open(bad, "w").write("usvec 1\nreg US_CONFIG 0x2\n")
    for exe, opt in (("uscosim", "--vcd"), ("uscosim", "--fst")):
        w = os.path.join(tmp, "bad." + opt[2:])
        p = run(exe, bad, opt, w)
        check(p.returncode == 2 and "bad.vec:2:" in p.stderr and not os.path.exists(w),
              f"a refused vector leaves no {opt[2:].upper()} behind ({said(p)})")


def options(tmp, spin):
    """Case 3: windows and numbers."""
    w = os.path.join(tmp, "win.vcd")
    p = run("uscosim", spin, "--vcd", w, "--wave-from", "100", "--wave-to", "10")
    check(p.returncode == 2 and "--wave-from 100 is after --wave-to 10" in p.stderr and not os.path.exists(w),
          f"an inverted window exits 2 naming both options, before any file ({said(p)})")
    p = run("uscosim", spin, "--wave-from", "100", "--wave-to", "200")
    check(p.returncode == 2 and "--wave-from and --wave-to" in p.stderr and "--vcd" in p.stderr,
          f"a window without a waveform exits 2 ({said(p)})")
    p = run("uscosim", spin, "--vcd", w, "--fst", w + ".fst")
    check(p.returncode == 2 and "one waveform at a time" in p.stderr, f"--vcd with --fst exits 2 ({said(p)})")
    p = run("uscosim", spin, "--vcd", w, "--wave-from", "0x10", "--wave-to", "16", "--max-cycles", "3000", "--quiet")
    check(p.returncode == 3 and re.findall(r"^#(\d+)$", open(w).read(), re.M) == ["33", "34"],
          f"a one-cycle window, in hex and decimal, holds that cycle only ({said(p)})")
    numeric = {"--seed": None, "--random": "512", "--random-alu": "512", "--wave-from": None, "--wave-to": None,
               "--quads": "1000000", "--rand-seed": "2147483647", "--inject-flip": "31", "--max-cycles": None}
    os.remove(w)
    refused, tried = 0, 0
    for opt, top in numeric.items():
        bad_values = ["-1", "abc", "12abc", "", " 5", "+5", "1.5", "0x", "0xg", "99999999999999999999"]
        if top is not None:
            bad_values.append(str(int(top) + 1))
        if opt in ("--random", "--random-alu", "--quads", "--rand-seed", "--max-cycles"):
            bad_values.append("0")
        for v in bad_values:
            args = ["--seed", "1", "--vcd", w] + (["--random", "8"] if opt not in ("--random", "--random-alu") else [])
            p = run("uscosim", *args, opt, v)
            tried += 1
            if p.returncode == 2 and f"uscosim: {opt}: '{v}' is not a number" in p.stderr:
                refused += 1
            else:
                print(f"  {opt} {v!r}: {said(p)}")
    check(refused == tried and not os.path.exists(w),
          f"every malformed number of every numeric option exits 2 naming it: {refused} of {tried}")
    p = run("uscosim", spin, "--seed")
    check(p.returncode == 2 and "--seed needs a value" in p.stderr, f"an option without its value exits 2 ({said(p)})")
    p = run("uscosim", spin, "--bogus", "1")
    check(p.returncode == 2 and "unknown option --bogus" in p.stderr, f"an unknown option exits 2 ({said(p)})")
    p = run("uscosim", "--help")
    check(p.returncode == 0 and f"at most {1 << 25} cycles" in p.stdout and "3 timeout" in p.stdout,
          f"--help gives the default cycle limit's cap and the timeout's exit status ({said(p)})")


def timeouts(tmp):
    """Case 4 and 5: the cycle limit."""
    spin_big = os.path.join(tmp, "spin-big.vec")  # the largest watchdog a vector may ask, 2^24: hours of cycles
    open(spin_big, "w").write(SPIN.format(watchdog="0x1000000", func=0xFF))
    res = os.path.join(tmp, "res.json")
    for exe in ("uscosim", "uscosim_sc"):
        p = run(exe, spin_big, "--max-cycles", "20000", "--result", res)
        try:
            r = json.load(open(res))
        except (OSError, ValueError):
            r = {}
        os.path.exists(res) and os.remove(res)
        check(p.returncode == 3 and "TIMEOUT" in p.stderr and "--max-cycles 20000 reached before the quads finished"
              in p.stderr and "MISMATCH" not in p.stdout + p.stderr,
              f"{exe}: reaching --max-cycles is a TIMEOUT with exit 3, not a MISMATCH ({said(p)})")
        check(r.get("verdict") == "timeout" and r.get("cycle_limit") == 20000 and r.get("report") is None,
              f"{exe}: --result says timeout, with the limit and no mismatch report ({r})")
    ends = os.path.join(tmp, "ends.vec")  # the same watchdog on a program that ends after three instructions
    open(ends, "w").write(SPIN.format(watchdog="0x1000000", func=0))
    p = run("uscosim", ends, "--result", res, "--quiet")
    r = json.load(open(res)) if os.path.exists(res) else {}
    check(p.returncode == 0 and r.get("verdict") == "match" and r.get("cycle_limit") == 1 << 25,
          f"a watchdog of 2^24 leaves the default cycle limit at the cap, 2^25 ({said(p)}; {r})")
    small = os.path.join(tmp, "spin-small.vec")  # the watchdog ends the loop: a match, before the default limit
    open(small, "w").write(SPIN.format(watchdog="1000", func=0xFF))
    p = run("uscosim", small, "--result", res, "--quiet")
    r = json.load(open(res)) if os.path.exists(res) else {}
    d = r.get("issue_to_retire", 0)  # the core's issue-to-retire cycles, D
    check(p.returncode == 0 and d >= 2 and r.get("cycle_limit") == 1000 * (d + 1) * TOOL + 100000,
          f"a small watchdog sets the default limit, watchdog x (D + 1) x quads + 100000 ({said(p)}; {r})")

    # make regress reads the verdict: a timeout is a failure of its own kind, with the run's command.
    regress.OUT = tmp
    os.makedirs(os.path.join(tmp, "results"), exist_ok=True)
    job = regress.Job(f"vector/spin-big.vec/ctx{TOOL}", TOOL, (spin_big,))
    r = regress.run(job, 0, ["--max-cycles", "5000"])
    check(r.failed and r.status == "timeout" and r.verdict == "timeout" and spin_big in r.repro,
          f"regress: a run reaching the cycle limit fails as a timeout ({r.status}, {r.verdict}, {r.repro})")
    job = regress.Job(f"vector/spin-small.vec/ctx{TOOL}", TOOL, (small,))
    r = regress.run(job, 1, [])
    check(not r.failed and r.verdict == "match", f"regress: a run the watchdog ends passes ({r.status}, {r.verdict})")


def main():
    for exe in ("uscosim", "uscosim_sc"):
        if not os.path.exists(os.path.join(BIN, exe)):
            print(f"build/bin/{exe} is missing (make cosim-test-build)")
            return 1
    with tempfile.TemporaryDirectory() as tmp:
        spin = os.path.join(tmp, "spin.vec")
        open(spin, "w").write(SPIN.format(watchdog="1048576", func=0xFF))
        waves(tmp, spin)
        options(tmp, spin)
        timeouts(tmp)
    return summary()


if __name__ == "__main__":
    sys.exit(main())
