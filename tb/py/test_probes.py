#!/usr/bin/env python3
"""Probe vectors (scripts/generate/probes.py, probes/*.s, docs/bringup.md "Probe vectors"): every probe is written with
its bring-up export and named in the README; each vector passes usim (the model's reading, its waivers exactly what it
breaks) unless it is pending a model change (a `#@ pending` line), and its `unsafe` line names what this test expects;
the readings of each probe differ in a render-target bit; the hand-derived values agree with the rules recomputed here;
the hardware-rule checker refuses planted breaches.
usage: test_probes.py"""
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checklib import check, summary  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.path.join(ROOT, "build", "san", "bin")
SCRIPT = [sys.executable, os.path.join(ROOT, "scripts", "generate", "probes.py")]

PROBES = ["inline-exp0", "max-signed-zero", "cmp-nan-operand", "frc-tiny-negative", "trans-specials", "loop-depth",
          "addr-depth", "tex-no-sem", "dp-window-edge", "exact-small-integers"]
CONTROLS = {"loop-depth-8": "loop-depth", "addr-depth-8": "addr-depth"}
# What each probe's vector waives by name (its `unsafe` line): the rule it breaks on purpose, or the error state
# its model reading ends in; every other probe waives nothing.
WAIVERS = {"tex-no-sem": "tex-sem", "inline-exp0": "inline-exp0", "loop-depth": "loop_overflow",
           "addr-depth": "addr_overflow"}
# Vectors whose model value is still to change (a `#@ pending` line in the probe source): none today.
PENDING = set()


def f32(x):
    """The fp32 bit pattern of an exactly representable value, as the probes write it."""
    return "0x%08X" % struct.unpack(">I", struct.pack(">f", float(x)))[0]


def rne24(x):
    """x (a Fraction in [0.5, 2)) rounded to nearest even on the fp32 grid below 1 (spacing 2^-24) or above."""
    ulp = Fraction(1, 2 ** 24) if x < 1 else Fraction(1, 2 ** 23)
    q, r = divmod(x, ulp)
    if r * 2 > ulp or (r * 2 == ulp and q % 2):
        q += 1
    return q * ulp


def derived(name):
    """The expected render-target values of each reading, recomputed from the rules the probe source states."""
    if name == "inline-exp0":
        model = lambda c: Fraction(8 + (c & 7), 8) * Fraction(2) ** ((c >> 3) - 7)  # noqa: E731
        amd = lambda c: Fraction(c & 7, 8) * Fraction(2) ** -6 if c >> 3 == 0 else model(c)  # noqa: E731
        return {r: {"out 0 r": f32(f(0)), "out 0 g": f32(f(0)), "out 0 b": f32(f(0)), "out 0 a": f32(f(5))}
                for r, f in (("model", model), ("amd-denormal", amd))}
    if name == "max-signed-zero":
        P, N = "0x00000000", "0x80000000"      # (+0, -0) in r, (-0, +0) in g
        second = {"out 0 r": N, "out 0 g": P, "out 1 r": N, "out 1 g": P}
        p28 = {"out 0 r": P, "out 0 g": N, "out 1 r": N, "out 1 g": P}     # MAX: A on a tie; MIN: B
        ieee = {"out 0 r": P, "out 0 g": P, "out 1 r": N, "out 1 g": N}
        return {"model": second, "p28-formula": p28, "ieee-ordered": ieee}
    if name == "cmp-nan-operand":
        nan, one, two = "0x7FC12345", f32(1), f32(2)
        ops = {"cmp": lambda c: c == c and c >= 0, "cnd": lambda c: c == c and c > 0.5}
        cases = {"out 0 r": ("cmp", (nan, one, 1.0)), "out 0 g": ("cmp", (one, nan, 1.0)),
                 "out 0 b": ("cmp", (two, one, float("nan"))), "out 0 a": ("cnd", (nan, one, 1.0)),
                 "out 1 r": ("cnd", (nan, one, 1.0)), "out 1 g": ("cnd", (one, nan, 1.0)),
                 "out 1 b": ("cnd", (two, one, float("nan"))), "out 1 a": ("cmp", (one, nan, 1.0))}
        model = {k: (a if ops[op](c) else b) for k, (op, (a, b, c)) in cases.items()}
        anynan = {k: (b if nan in (a, b) or c != c else (a if ops[op](c) else b))
                  for k, (op, (a, b, c)) in cases.items()}
        return {"model": model, "any-nan-b": anynan}
    if name == "frc-tiny-negative":
        out = {}
        for r in ("model", "rne-unclamped"):
            vals = []
            for e in (30, 25, 24):
                v = rne24(1 - Fraction(1, 2 ** e))
                vals.append("0x3F7FFFFF" if (v == 1 and r == "model") else f32(v))
            out[r] = dict(zip(("out 0 r", "out 0 g", "out 0 b"), vals))
        return out
    if name in ("loop-depth", "loop-depth-8"):
        depth = 9 if name == "loop-depth" else 8
        prods, p = [], 1
        for k in range(depth):
            p *= 2 if k % 2 == 0 else 3
            prods.append(p)
        works = {"out 0 r": f32(sum(prods)), "out 0 g": f32(prods[-1])}
        return {"depth9": works, "model": {}} if depth == 9 else {"model": works}
    if name in ("addr-depth", "addr-depth-8"):
        depth = 9 if name == "addr-depth" else 8
        works = {"out 0 r": f32(2 ** depth - 1), "out 0 g": f32(2 ** depth - 1)}
        return {"depth9": works, "model": {}} if depth == 9 else {"model": works}
    if name == "dp-window-edge":
        def dp(small, window):
            terms = [Fraction(1), Fraction(-1), small]
            big = max(abs(t) for t in terms)
            kept = [t for t in terms if window is None or t == 0 or abs(t) * 2 ** window > big]
            s = sum(kept)
            return f32(s) if s else "0x00000000"
        smalls = {"out 0 r": Fraction(1, 2 ** 25), "out 0 g": Fraction(1, 2 ** 24), "out 0 b": -Fraction(1, 2 ** 25)}
        return {r: {k: dp(v, w) for k, v in smalls.items()} for r, w in
                (("model", 25), ("wider", None), ("narrower", 24))}
    if name == "exact-small-integers":
        xs = {"r": Fraction(3), "g": Fraction(1), "b": Fraction(1, 2), "a": Fraction(7)}
        def ulp(x):  # the fp32 ulp of x: 2^(floor(log2 x) - 23)
            e = 0
            while Fraction(2) ** (e + 1) <= x:
                e += 1
            while Fraction(2) ** e > x:
                e -= 1
            return Fraction(2) ** (e - 23)
        zero = {f"out {t} {c}": "0x00000000" for t in (0, 1) for c in "rgba"}
        high = {f"out 0 {c}": f32(ulp(x)) for c, x in xs.items()}
        low = {f"out 0 {c}": "0x%08X" % (int(f32(ulp(x)), 16) | 0x80000000) for c, x in xs.items()}
        return {"model": zero, "one-bit-high": high, "one-bit-low": low}
    return None


def plant(tmp, name, old, new):
    """A copy of probes/ with one probe source edited; returns (exit status, stderr) of the script on it."""
    d = os.path.join(tmp, "planted")
    shutil.rmtree(d, ignore_errors=True)
    shutil.copytree(os.path.join(ROOT, "probes"), d)
    path = os.path.join(d, name + ".s")
    text = open(path).read()
    check(old in text, f"planting in {name}: the text to replace is there ({old!r})")
    with open(path, "w") as fh:
        fh.write(text.replace(old, new, 1))
    p = subprocess.run(SCRIPT + ["--probes", d, "--out", os.path.join(tmp, "planted-out"), "--bin", BIN,
                                 "--no-bringup"], capture_output=True, text=True)
    return p.returncode, p.stderr


def main():
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "probes")
        p = subprocess.run(SCRIPT + ["--out", out, "--bin", BIN], capture_output=True, text=True)
        check(p.returncode == 0, f"scripts/generate/probes.py writes the probes ({p.stderr.strip()[-500:]})")
        if p.returncode:
            return summary()
        data = {d["name"]: d for d in json.load(open(os.path.join(out, "probes.json")))}
        readme = open(os.path.join(out, "README.md")).read()
        check(set(data) == set(PROBES) | set(CONTROLS), f"exactly the probes and controls are written: {sorted(data)}")
        check({n for n, d in data.items() if d["pending"]} == PENDING,
              f"the pending probes are {sorted(PENDING)} (a merged change removes its `#@ pending` line and its "
              "entry here together)")
        for name in PROBES + list(CONTROLS):
            d = data.get(name)
            if not check(d is not None, f"{name}: written"):
                continue
            vec = os.path.join(out, name + ".vec")
            check(os.path.isfile(vec), f"{name}: the vector exists")
            for f in ("writes.txt", "program.hex", "inputs.txt", "expected.txt", "README.txt"):
                check(os.path.isfile(os.path.join(out, "bringup", name, f)), f"{name}: bring-up export has {f}")
            check(f"## {name}" in readme, f"{name}: the README names it")
            text = open(vec).read()
            r = subprocess.run([os.path.join(BIN, "usim"), vec], capture_output=True, text=True)
            if name in PENDING:
                print(f"{name}: pending, not checked against the model ({r.stdout.strip().splitlines()[-1:]})")
            else:
                check(r.returncode == 0 and "pass" in r.stdout,
                      f"{name}: the vector passes usim, the model's reading ({r.stdout.strip()[-400:]})")
            full = d["readings_full"]
            check(list(full)[0] == "model", f"{name}: the first reading is the model's")
            if name in CONTROLS:
                check(d["control_for"] == CONTROLS[name] and data[CONTROLS[name]]["control"] == name,
                      f"{name}: linked with {CONTROLS[name]} both ways")
            else:
                check(len(full) >= 2, f"{name}: at least two readings")
                obs = lambda e: {k: v for k, v in e.items() if k.startswith("out") or k == "w"}  # noqa: E731
                for rn, e in full.items():
                    if rn != "model":
                        check(obs(e) != obs(full["model"]),
                              f"{name}: reading {rn} differs from the model in a render-target bit")
                for rn in full:
                    check(f"reading {rn}" in text or rn == "model", f"{name}: the vector's comments give reading {rn}")
            exp = derived(name)
            if exp is not None:
                for rn, vals in exp.items():
                    e = full.get(rn, {})
                    got = {k: v for k, v in e.items() if k.startswith("out")}
                    want = vals if vals else {}
                    check(got == want if rn == "model" and name in ("loop-depth", "addr-depth")
                          else all(e.get(k) == v for k, v in vals.items()),
                          f"{name}: reading {rn} agrees with the rule recomputed here: {want} vs {got}")
        for name in PROBES + list(CONTROLS):
            text = open(os.path.join(out, name + ".vec")).read()
            lines = [ln.split("#")[0].split() for ln in text.splitlines()]
            got = [ln[1] for ln in lines if ln[:1] == ["unsafe"] and len(ln) > 2]
            want = [WAIVERS[name]] if name in WAIVERS else []
            check(got == want, f"{name}: the vector's unsafe line names {want or 'nothing'} ({got})")
        # The hardware-rule checker (CTM) refuses planted breaches, naming the file.
        rc, err = plant(tmp, "max-signed-zero", "    out tex_sem_wait\n", "    out\n")
        check(rc == 2 and "max-signed-zero.s" in err and "TEX_SEM_WAIT" in err,
              f"a last OUT without TEX_SEM_WAIT is refused ({err.strip()[:200]})")
        rc, err = plant(tmp, "inline-exp0", "#@ exempt inline-exp0\n", "")
        check(rc == 2 and "exponent field 0" in err, f"an inline constant of exponent 0 is refused ({err.strip()[:200]})")
        rc, err = plant(tmp, "tex-no-sem", "#@ exempt tex-sem\n", "")
        check(rc == 2 and "without an ACQUIRE" in err, f"an unprotected TEX read is refused ({err.strip()[:200]})")
        rc, err = plant(tmp, "frc-tiny-negative", "    out tex_sem_wait\n",
                        "    alu rgb: mad t1.rgb, src0.rgb, src0.111, src0.000 src0=c0\n"
                        "    alu rgb: mad t2.rgb, srcp.rgb, src0.111, src0.000 src0=t1 src1=t1 srcp=sub\n"
                        "    out tex_sem_wait\n")
        check(rc == 2 and "set NOP" in err, f"a pre-subtract hazard without NOP is refused ({err.strip()[:200]})")
        rc, err = plant(tmp, "frc-tiny-negative", "    out tex_sem_wait\n",
                        "    alu rgb: mad t1.rgb, src0.rgb, src0.111, src0.000 src0=c0 nop\n"
                        "    alu rgb: mad t2.rgb, srcp.rgb, src0.111, src0.000 src0=t1 src1=t1 srcp=sub\n"
                        "    out tex_sem_wait\n")
        check(rc == 0, f"the same with NOP set is accepted ({err.strip()[:200]})")
        rc, err = plant(tmp, "frc-tiny-negative", "#= rne-unclamped out 0 r 0x3F800000",
                        "#= rne-unclamped out 0 r 0x3F80000")
        check(rc == 2 and "frc-tiny-negative.s:" in err and "not a 32-bit value" in err,
              f"a bad expectation is refused with file:line ({err.strip()[:200]})")
    return summary()


if __name__ == "__main__":
    sys.exit(main())
