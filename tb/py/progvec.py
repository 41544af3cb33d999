"""Directed programs as vectors, for the tests that write their programs in assembly: assembled with build/bin/usasm
into slots 0.. of a vector (vectors/FORMAT.md) whose code window is the program, and the lockstep harness they run
on (build/bin/uscosim, or a planted RTL's: scripts/verify/rtl_plants.py sets USCOSIM)."""
import os
import re
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.path.join(ROOT, "build", "bin")
USCOSIM = os.environ.get("USCOSIM") or os.path.join(BIN, "uscosim")
# the last instruction a program needs (CTM p.23): an OUT with TEX_SEM_WAIT
OUT = "    out tex_sem_wait rgb: mad o0.rgb, src0.rgb, src0.111, src0.000  alpha: max.off _, src0.0, src0.0  src0=t0\n"


def program_vector(tmp, name, src, params=(), setup=(), tail=(), waive=None):
    """tmp/NAME.vec: `param` lines, US_CODE_ADDR and US_CODE_RANGE over the program, the setup lines, the program's
    instructions, then the tail lines (state: covered, temps, textures...); waive: the `unsafe` line's names and
    reason (vectors/FORMAT.md), for a program that ends in an error state on purpose. Returns (path, None) or
    (None, why)."""
    s, h = os.path.join(tmp, name + ".s"), os.path.join(tmp, name + ".hex")
    with open(s, "w") as f:
        f.write(src)
    p = subprocess.run([os.path.join(BIN, "usasm"), s, "-o", h], capture_output=True, text=True)
    if p.returncode:
        return None, f"usasm: {p.stderr.strip()[-300:]}"
    words = [int(w, 16) for w in re.findall(r"0x[0-9a-fA-F]{8}", open(h).read())]
    n = len(words) // 6
    lines = ["usvec 1", f"name {name}"] + ([f"unsafe {waive}"] if waive else []) + [f"param {k} {v}" for k, v in params]
    lines += [f"reg US_CODE_ADDR 0x{(n - 1) << 16:08x}", f"reg US_CODE_RANGE 0x{(n - 1) << 16:08x}", *setup]
    lines += [f"inst {i} " + " ".join(f"0x{w:08x}" for w in words[6 * i:6 * i + 6]) for i in range(n)]
    lines += list(tail)
    v = os.path.join(tmp, name + ".vec")
    with open(v, "w") as f:
        f.write("\n".join(lines) + "\n")
    return v, None


def lockstep(vec):
    """(exit status, the end of its output) of the RTL against the model on vec."""
    p = subprocess.run([USCOSIM, vec], capture_output=True, text=True, cwd=ROOT)
    return p.returncode, (p.stdout + p.stderr).strip()[-300:]


def emit(vec, out_dir, name):
    """out_dir/NAME.vec: vec with the model's run as its expectations and trace (usim --emit-vector), the form
    the smoke suite keeps (make vectors). Returns None or why it failed."""
    p = subprocess.run([os.path.join(BIN, "usim"), vec, "--emit-vector", os.path.join(out_dir, name + ".vec")],
                       capture_output=True, text=True)
    return None if p.returncode == 0 else f"usim exit {p.returncode}: {(p.stdout + p.stderr).strip()[-300:]}"


def emit_dir(argv):
    """The --emit DIR argument of a directed test (make vectors adds its vectors to the smoke suite), or None."""
    if len(argv) == 3 and argv[1] == "--emit" and os.path.isdir(argv[2]):
        return argv[2]
    if len(argv) > 1:
        raise SystemExit(f"usage: {os.path.basename(argv[0])} [--emit DIR] (DIR: an existing folder)")
    return None
