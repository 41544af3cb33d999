#!/usr/bin/env python3
"""aL-relative addressing over aL's whole range, on the model and on the RTL in lockstep.

Expected from docs/spec.md (sections 4 and 5) and spec/state.txt, not from the model: aL is eight bits (LOOP sets
it to KG and ENDLOOP adds KB, two's complement, mod 256); a constant address reads (ADDR + aL) mod 256, a temporary
(ADDR + aL) mod 128, for a source and for a destination, rgb and alpha alike; a TEX destination likewise. Three
loops of three iterations each: aL from 250 stepping +3 (wraps past 255), from 2 stepping -3 (wraps below zero),
from 130 stepping +3 (at and above 128). Each iteration copies c[aL+7] into t[aL+5] (rgb and alpha) and, in a
second instruction, c[aL+200] into t[aL+100]; the constants hold their own index, so each final temporary says
which constant it got. A last program writes a texel through `tex ld t[aL+120]` in a loop from 10. Each vector
runs in usim (its final state against the expected temporaries) and in uscosim at NUM_CTX 1 (lockstep).
--emit DIR writes the four vectors into DIR with the model's results: make vectors adds them to the smoke suite
(vectors/smoke/al-*), where make rtl-plants' const-al-7bit and tex-dst-no-al fail them.
usage: test_al_sweep.py [--emit DIR]"""
import os
import re
import struct
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checklib import check, summary  # noqa: E402
import progvec  # noqa: E402

BIN = progvec.BIN
OUT = progvec.OUT


def f32(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def program(body):
    return ("    fc loop ENDL int=2 alu_wait\nBODY:\n" + body +
            "ENDL:\n    fc endloop BODY func=0xff any int=2 alu_wait\n" + OUT)


COPY = ("    alu rgb: mad t[aL+5].rgb, src0.rgb, src0.111, src0.000  alpha: mad t[aL+5].a, src0.a, src0.1, src0.0"
        "  src0=c[aL+7]\n"
        "    alu rgb: mad t[aL+100].rgb, src0.rgb, src0.111, src0.000  alpha: mad t[aL+100].a, src0.a, src0.1, "
        "src0.0  src0=c[aL+200]\n")
TEX = ("    tex ld t[aL+120].rgba, t0.rgaa, tex0 acquire tex_sem_wait\n"
       "    alu tex_sem_wait rgb: mad t1.rgb, src0.rgb, src0.111, src0.000  src0=t1\n")


def vector(tmp, name, src, kg, kb, kr=3, texture=False):
    # constant k holds (k, k + 0.5, k + 0.25, -k) so a temporary shows which constant it copied
    tail = [f"const {k} " + " ".join(f"0x{f32(v):08x}" for v in (k, k + 0.5, k + 0.25, -k)) for k in range(256)]
    tail += ["covered 0xf"] + [f"temp {p} 0 0x00000000 0x00000000 0x00000000 0x00000000" for p in range(4)]
    if texture:
        tail += ["texture 0 1 1", "texel 0 0 0 " + " ".join(f"0x{f32(v):08x}" for v in (0.5, 0.25, 0.125, 2.0))]
    return progvec.program_vector(tmp, name, src, setup=[f"int 2 0x{(kb & 0xff) << 16 | kg << 8 | kr:08x}"],
                                  tail=tail)


def final_temps(vec):
    p = subprocess.run([os.path.join(BIN, "usim"), vec], capture_output=True, text=True)
    temps = {}
    for m in re.finditer(r"^temp 0 (\d+) ((?:0x[0-9a-f]{8}|-)(?: (?:0x[0-9a-f]{8}|-)){3})", p.stdout, re.M):
        temps[int(m.group(1))] = [None if w == "-" else int(w, 16) for w in m.group(2).split()]
    err = re.search(r"^errors (.*)$", p.stdout, re.M)
    return p.returncode, temps, err.group(1).strip() if err else None


def emit(out_dir):
    """The four sweep vectors into the smoke suite, named al-*."""
    with tempfile.TemporaryDirectory() as tmp:
        made = [vector(tmp, "al-" + name, program(COPY), kg, kb)
                for name, kg, kb in (("wrap-up", 250, 3), ("wrap-below-zero", 2, -3), ("from-130", 130, 3))]
        made.append(vector(tmp, "al-tex-dst", program(TEX), 10, 7, texture=True))
        for vec, why in made:
            why = why or progvec.emit(vec, out_dir, os.path.basename(vec)[:-4])
            if why:
                raise SystemExit(f"test_al_sweep --emit: {why}")
    return 0


def main():
    out_dir = progvec.emit_dir(sys.argv)
    if out_dir:
        return emit(out_dir)
    with tempfile.TemporaryDirectory() as tmp:
        for name, kg, kb in (("wrap-up", 250, 3), ("wrap-below-zero", 2, -3), ("from-130", 130, 3)):
            vec, why = vector(tmp, name, program(COPY), kg, kb)
            if not check(vec is not None, f"{name}: assembles ({why})"):
                continue
            rc, temps, errs = final_temps(vec)
            check(rc == 0 and errs == "none", f"{name}: runs without an error ({rc}, {errs})")
            als = [(kg + i * kb) % 256 for i in range(3)]
            want = {}
            for al in als:                                   # spec: constants mod 256, temporaries mod 128
                want[(al + 5) % 128] = (al + 7) % 256
                want[(al + 100) % 128] = (al + 200) % 256
            for t, k in sorted(want.items()):
                exp = [f32(k), f32(k + 0.5), f32(k + 0.25), f32(-k)]
                check(temps.get(t) == exp, f"{name}: aL {als}: t{t} holds c{k} ({temps.get(t)}, want {exp})")
            rc, out = progvec.lockstep(vec)
            check(rc == 0, f"{name}: RTL and model agree in lockstep ({out})")
        vec, why = vector(tmp, "tex-dst", program(TEX), 10, 7, texture=True)
        if check(vec is not None, f"tex-dst: assembles ({why})"):
            rc, temps, errs = final_temps(vec)
            texel = [f32(v) for v in (0.5, 0.25, 0.125, 2.0)]
            dsts = [(10 + i * 7 + 120) % 128 for i in range(3)]
            check(rc == 0 and errs == "none" and all(temps.get(t) == texel for t in dsts),
                  f"tex ld t[aL+120] with aL 10, 17, 24 writes t{dsts} ({[temps.get(t) for t in dsts]})")
            rc, out = progvec.lockstep(vec)
            check(rc == 0, f"tex-dst: RTL and model agree in lockstep ({out})")
    return summary()


if __name__ == "__main__":
    sys.exit(main())
