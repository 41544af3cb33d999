#!/usr/bin/env python3
"""The vector generator (build/bin/usgen): the checked-in smoke suite regenerates byte for byte; vectors are
deterministic per seed, pass the golden model, end without errors (they terminate by construction); knobs act
(a mix without FC or TEX has none, kill=100 makes every TEX a TEXKILL, window bounds the temporaries, pair=100
pairs every ALU's units the only legal ways, rgb SOP with an alpha transcendental or alpha DP with an rgb dot
product, and pair=0 never); bad knobs and arguments exit 2 with a message naming the knob.
usage: test_usgen.py"""
import filecmp
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checklib import check, summary  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GEN = os.path.join(ROOT, "build", "bin", "usgen")
USIM = os.path.join(ROOT, "build", "san", "bin", "usim")


def gen(*args):
    return subprocess.run([GEN, *args], capture_output=True, text=True)


def insts(path):
    """The instruction words of a vector, per slot."""
    return [[int(w, 16) for w in line.split()[2:8]] for line in open(path) if line.startswith("inst ")]


def legal_values():
    """(register, field) -> number of legal values, read from spec/isa.txt independently of the generator."""
    out, reg, is_inst = {}, None, False
    for line in open(os.path.join(ROOT, "spec", "isa.txt")):
        t = line.split("#", 1)[0].split()
        if not t:
            continue
        if t[0] == "reg":
            reg, is_inst = t[1], any(x.startswith("word=") for x in t)
        elif t[0] == "field" and is_inst:
            hi, _, lo = t[2].partition(":")
            width = int(hi) - int(lo or hi) + 1
            vals = [x for x in t[3:] if "=" in x]
            named = [x for x in vals if not x.startswith("reserved=")]
            out[(reg, t[1])] = len(named) if vals else 2 ** width
    return out


def op_field(reg, name):
    """(dword, lo bit, {value name: code}) of an op field, read from spec/isa.txt, not from the generator."""
    word = None
    for line in open(os.path.join(ROOT, "spec", "isa.txt")):
        t = line.split("#", 1)[0].split()
        if t and t[0] == "reg":
            word = next((int(x[5:]) for x in t if x.startswith("word=")), None) if t[1] == reg else None
        elif t and t[0] == "field" and word is not None and t[1] == name:
            hi, _, lo = t[2].partition(":")
            return word, int(lo or hi), {k: int(v) for k, v in (x.split("=") for x in t[3:])}
    raise KeyError(name)


def paired(tmp):
    """pair=100: every ALU/OUT word is rgb SOP with a transcendental or alpha DP with DP3/DP4/D2A (docs/spec.md
    section 2, rule 4), both forms occur, and the vectors run clean; pair=0: neither op appears."""
    rw, rlo, rops = op_field("US_ALU_RGBA_INST", "RGB_OP")
    aw, alo, aops = op_field("US_ALU_ALPHA_INST", "ALPHA_OP")
    trans = {aops[n] for n in ("EX2", "LN2", "RCP", "RSQ", "SIN", "COS")}
    dots = {rops[n] for n in ("DP3", "DP4", "D2A")}
    for pair in (100, 0):
        d = os.path.join(tmp, f"pair{pair}")
        p = gen("--random", "40", "--seed", "11", "--out", d, "--knob", f"pair={pair}", "--knob", "fc=0", "--knob",
                "tex=0")
        words = [w for f in sorted(os.listdir(d)) for w in insts(os.path.join(d, f)) if w[0] & 3 in (0, 1)]
        ops = [((w[rw] >> rlo) & 15, (w[aw] >> alo) & 15) for w in words]
        sop = [o for o in ops if o[0] == rops["SOP"]]
        dp = [o for o in ops if o[1] == aops["DP"]]
        vecs = [os.path.join(d, f) for f in sorted(os.listdir(d))]
        bad = [v for v in vecs if subprocess.run([USIM, v], capture_output=True).returncode
               or "expect errors none" not in open(v).read()]
        if pair:
            legal = all(o in sop and o[1] in trans or o in dp and o[0] in dots for o in ops)
            check(p.returncode == 0 and ops and legal and sop and dp and not bad,
                  f"pair=100: all {len(ops)} ALU/OUT words pair their units legally ({len(sop)} SOP, {len(dp)} DP), "
                  f"and run clean ({bad[:3]})")
        else:
            check(p.returncode == 0 and ops and not sop and not dp and not bad,
                  f"pair=0: no rgb SOP or alpha DP among {len(ops)} ALU/OUT words ({len(sop)}, {len(dp)})")


def main():
    with tempfile.TemporaryDirectory() as tmp:
        smoke = os.path.join(tmp, "smoke")
        # as make vectors makes it: usgen's suite and the directed assembly vectors (scripts/generate/smoke_suite.py)
        p = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "generate", "smoke_suite.py"), smoke],
                           capture_output=True, text=True)
        ref = os.path.join(ROOT, "vectors", "smoke")
        names = sorted(os.listdir(ref))
        same = p.returncode == 0 and sorted(os.listdir(smoke)) == names and \
            all(filecmp.cmp(os.path.join(ref, n), os.path.join(smoke, n), shallow=False) for n in names)
        check(same and len(names) >= 40, f"regenerating vectors/smoke changes nothing ({len(names)} vectors)")

        # Field-exhaustive: every legal value of every field of the ISA table executes (the table says so), and
        # the table agrees with the ISA table's own count of legal values.
        fdir = os.path.join(tmp, "fields")
        p = gen("--fields", "--out", fdir)
        m = re.search(r"field values covered: (\d+) of (\d+) \(100.0%\)", p.stdout)
        check(p.returncode == 0 and m is not None and m.group(1) == m.group(2),
              f"field-value coverage is 100% ({p.stdout.strip().splitlines()[-1] if p.stdout.strip() else p.stderr})")
        legal = legal_values()
        rows = {(r, f): int(n) for r, f, n in re.findall(r"^(US_\w+)\s+(\w+)\s+(\d+)\s+\d+", p.stdout, re.M)}
        check(rows and all(rows.get(k) == v for k, v in legal.items()) and len(rows) == len(legal),
              f"the table lists every instruction field with its legal-value count from spec/isa.txt ({len(rows)} rows, "
              f"{len(legal)} fields)")
        fvecs = sorted(os.listdir(fdir))
        bad = [f for f in fvecs[::25] if subprocess.run([USIM, os.path.join(fdir, f)], capture_output=True).returncode]
        check(not bad, f"field vectors pass the model (every 25th of {len(fvecs)}: {bad[:3]})")

        # The Mesa FC suite: every program with every one of the 16 pixel-divergence patterns, all clean.
        mdir = os.path.join(tmp, "mesa")
        p = gen("--mesa", "--out", mdir)
        names = sorted(os.listdir(mdir))
        progs = {re.match(r"mesa-(\w+)-p[0-9a-f]-v\d", n).group(1) for n in names}
        pats = {}
        for n in names:
            m = re.match(r"mesa-(\w+)-p([0-9a-f])-v\d", n)
            pats.setdefault(m.group(1), set()).add(m.group(2))
        check(p.returncode == 0 and len(progs) == 20 and all(len(v) == 16 for v in pats.values()),
              f"Mesa FC suite: {len(progs)} programs x 16 divergence patterns ({len(names)} vectors)")
        errs = [n for n in names if "expect errors none" not in open(os.path.join(mdir, n)).read()]
        check(not errs, f"Mesa FC vectors end without an error ({errs[:3]})")
        runs = {}
        for n in names:  # the divergence is real: running masks differ between pixels somewhere in the run
            text = open(os.path.join(mdir, n)).read()
            runs[n] = re.search(r"^expect retired (\d+)", text, re.M).group(1)
        check(len(set(runs.values())) > 20, "the patterns change how many instructions the quad retires")
        bad = [n for n in names[::40] if subprocess.run([USIM, os.path.join(mdir, n)], capture_output=True).returncode]
        check(not bad, f"Mesa FC vectors pass the model (every 40th: {bad[:3]})")

        a, b = os.path.join(tmp, "a"), os.path.join(tmp, "b")
        pa = gen("--random", "30", "--seed", "77", "--out", a)
        pb = gen("--random", "30", "--seed", "77", "--out", b)
        check(pa.returncode == 0 and pb.returncode == 0 and os.listdir(a) and
              sorted(os.listdir(a)) == sorted(os.listdir(b)) and
              all(filecmp.cmp(os.path.join(a, n), os.path.join(b, n), shallow=False) for n in os.listdir(a)),
              "the same seed gives the same vectors (both runs exit 0)")

        mixes = {"default": [], "fc": ["--knob", "fc=80", "--knob", "depth=4", "--knob", "breaks=100"],
                 "tex": ["--knob", "tex=90", "--knob", "uncovered=100"], "special": ["--knob", "special=100"]}
        for name, knobs in mixes.items():
            d = os.path.join(tmp, name)
            p = gen("--random", "60", "--seed", "5", "--out", d, *knobs)
            check(p.returncode == 0, f"{name}: generates ({p.stderr.strip()})")
            bad = []
            for f in sorted(os.listdir(d)):
                path = os.path.join(d, f)
                r = subprocess.run([USIM, path], capture_output=True, text=True)
                text = open(path).read()
                if r.returncode != 0 or "expect errors none" not in text:
                    bad.append(f)
            check(not bad, f"{name}: every vector passes the model and ends without an error ({bad[:3]})")

        d = os.path.join(tmp, "nofc")
        p = gen("--random", "40", "--seed", "9", "--out", d, "--knob", "fc=0", "--knob", "tex=0")
        types = {w[0] & 3 for f in os.listdir(d) for w in insts(os.path.join(d, f))}
        check(p.returncode == 0 and types and types <= {0, 1},
              f"fc=0 tex=0: only ALU and OUT instructions (exit {p.returncode}, types {sorted(types)})")
        d = os.path.join(tmp, "kill")
        p = gen("--random", "40", "--seed", "9", "--out", d, "--knob", "tex=100", "--knob", "alu=0", "--knob", "out=0",
                "--knob", "fc=0", "--knob", "kill=100")
        tex = [w for f in os.listdir(d) for w in insts(os.path.join(d, f)) if w[0] & 3 == 3]
        check(p.returncode == 0 and tex and all((w[1] >> 22) & 7 == 2 for w in tex),
              f"kill=100: every TEX is TEXKILL (exit {p.returncode}, {len(tex)} TEX)")
        d = os.path.join(tmp, "window")
        pw = gen("--random", "40", "--seed", "9", "--out", d, "--knob", "window=3", "--knob", "fc=0", "--knob", "tex=0")
        check(pw.returncode == 0, f"window=3: generates ({pw.stderr.strip()[-200:]})")
        addrs = set()
        for f in os.listdir(d):
            addrs |= {int(m) for m in re.findall(r"^expect temp \d+ (\d+)", open(os.path.join(d, f)).read(), re.M)}
        check(addrs and addrs <= {0, 1, 2}, f"window=3: only t0..t2 are written ({sorted(addrs)})")

        paired(tmp)

        for args, what in ((["--random", "1", "--seed", "1", "--out", tmp, "--knob", "colour=3"], "unknown knob"),
                           (["--random", "1", "--seed", "1", "--out", tmp, "--knob", "depth=9"], "knob depth"),
                           (["--random", "1", "--seed", "1", "--out", tmp, "--knob", "window=x"], "knob window"),
                           (["--random", "1", "--seed", "1", "--out", tmp, "--knob", "alu=0", "--knob", "out=0",
                             "--knob", "tex=0", "--knob", "fc=0"], "all 0"),
                           (["--suite", "nightly", "--out", tmp], "unknown suite"),
                           (["--random", "5", "--out", tmp], "usage")):
            p = gen(*args)
            check(p.returncode == 2 and what in p.stderr, f"bad arguments exit 2 naming the problem: {what} ({p.stderr.strip()[:120]})")
    return summary()


if __name__ == "__main__":
    sys.exit(main())
