#!/usr/bin/env python3
"""The full ALU cross of uscov (model/gen/us_cov.c) counts exactly the bins that can be reached:
- its size and the bins each exclusion rule leaves out agree with counts worked out here from spec/isa.txt,
  spec/state.txt and docs/spec.md section 5 (which ops read no operand), not from us_cov.c;
- a witness suite of legal, silicon-safe programs written here (one vector per pair of ops and loop depth, 135 in
  all: every running pattern through Mesa's IF on per-pixel inputs, pattern 0x0 after a TEXKILL of every pixel,
  every modifier on sources of every value class) hits every bin the cross counts, and no bin it leaves out;
- the ISA's pairing rules exclude no bin: usasm refuses rgb SOP and alpha DP in an illegal pairing, and the
  witness reaches all their bins through the legal ones;
- planted bad rules in a copy of us_cov.c are caught: one that leaves out reachable bins (uscov exits 1 naming
  the hit bins, the total falls short) and one taken out (the total counts bins nothing can hit).
usage: test_cov_reach.py"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checklib import build_tool_copy, check, summary  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.path.join(ROOT, "build", "bin")

# The value classes and one source value of each (us_cov.h's order): zero, one, +normal, -normal, inf, NaN.
CLASS_VALUES = [0x00000000, 0x3F800000, 0x40000000, 0xC0000000, 0x7F800000, 0x7FC00000]
MODS = [("", ""), ("-", ""), ("|", "|"), ("-|", "|")]  # NONE NEG ABS NAB (docs/asm.md)
# Each rgb op with an alpha op, so that every op of both units appears; the pairs SOP + RCP and DP3 + DP follow
# the pairing rules (docs/spec.md section 2, rule 4).
PAIRS = [("mad", "mad"), ("dp3", "dp"), ("dp4", "min"), ("d2a", "max"), ("min", "cnd"), ("max", "cmp"),
         ("cnd", "frc"), ("cmp", "ex2"), ("frc", "ln2"), ("sop", "rcp"), ("mdh", "rsq"), ("mdv", "sin"),
         ("mad", "cos"), ("dp4", "mdh"), ("d2a", "mdv")]
COND, KILL, DEST = 16, 40, 100  # t17..t31: the patterns' conditions; t40: -1 everywhere; t100: the results


def spec_fields():
    """{field name: [value names]} of the enum fields of spec/isa.txt (reserved values left out)."""
    out = {}
    for line in open(os.path.join(ROOT, "spec", "isa.txt")):
        t = line.split("#", 1)[0].split()
        if len(t) > 3 and t[0] == "field":
            out[t[1]] = [x.split("=")[0] for x in t[3:] if "=" in x and not x.startswith("reserved=")]
    return out


def spec_param(name):
    for line in open(os.path.join(ROOT, "spec", "state.txt")):
        t = line.split("#", 1)[0].split()
        if t[:2] in (["param", name], ["const", name]):
            return int(t[2])
    raise KeyError(name)


def expected_counts():
    """The ALU space's bins that can exist and those each rule leaves out, from the spec files: ops are the named
    RGB_OP and ALPHA_OP values; rgb SOP and alpha DP read no operand of their own (docs/spec.md section 5), so
    their modifier and class are only '-'; every other op's operand has one of the MOD fields' values and, for
    each running pixel, one of six classes; with no pixel running, class '-'. Depths 0..LOOP_DEPTH."""
    f = spec_fields()
    mods = {len(f[m]) for m in f if re.fullmatch(r"(RGB|ALPHA)_MOD_[ABC]", m)}
    assert len(mods) == 1, mods
    ops, nmod, ncls = len(f["RGB_OP"]) + len(f["ALPHA_OP"]), mods.pop(), len(CLASS_VALUES)
    none, some = 2, ops - 2  # rgb SOP and alpha DP; the ops with operands
    pats, depths = 2 ** spec_param("NPIX"), spec_param("LOOP_DEPTH") + 1
    valid = some * nmod * (ncls * (pats - 1) + 1) * depths + none * pats * depths
    rules = {"no-operand": none * ((nmod + 1) * (ncls + 1) - 1) * pats * depths,
             "modifier": some * 1 * (ncls + 1) * pats * depths,
             "class-running": some * nmod * (ncls * 1 + 1 * (pats - 1)) * depths}
    return ops, valid, rules


def operands(op, unit, mod):
    """An op's operand list with modifier mod on src0 (SOP and alpha DP take none, but DP's A and B are rgb DP4's
    fourth products, so DP is given them)."""
    if op == "sop":
        return ""
    pre, post = mod
    swz = "rgb" if unit == "rgb" else "a"
    n = 2 if op == "dp" else 3
    return ", " + ", ".join(f"{pre}src0.{swz}{post}" for _ in range(n))


def instruction(rop, aop, mod, src):
    return (f"    alu rgb: {rop} t{DEST}.rgb{operands(rop, 'rgb', mod)}  alpha: {aop} t{DEST}.a"
            f"{operands(aop, 'alpha', mod)}  src0=t{src}\n")


def witness_program(rop, aop, depth):
    """DEPTH nested one-iteration loops around: per pattern k = 1..15 an IF on t(16+k).r != 0 holding the op pair
    with each modifier on a source of each class; then a TEXKILL of every pixel and the pair once per modifier
    with nobody running (pattern 0x0)."""
    s = "".join(f"    loop E{j} int=1 alu_wait\nB{j}:\n" for j in range(depth))
    for k in range(1, 16):
        s += f"    alu rgb: mad _, src0.rgb, src0.111, src0.000  src0=t{COND + k}  result=r.ne\n"
        s += f"    if P{k} alu_wait\n"
        s += "".join(instruction(rop, aop, m, c) for m in MODS for c in range(len(CLASS_VALUES)))
        s += f"    endif alu_wait\nP{k}:\n"
    s += f"    tex texkill t{KILL}._, t{KILL}.rgba, tex0\n"
    s += "".join(instruction(rop, aop, m, 0) for m in MODS)
    s += "".join(f"E{j}:\n    endloop B{j} int=1 alu_wait\n" for j in reversed(range(depth)))
    s += "    out tex_sem_wait rgb: mad o0.rgb, src0.rgb, src0.111, src0.000  src0=t0\n"
    return s


def write_vector(tmp, name, asm):
    """Assembles asm (usasm must print no silicon-rule warning) and writes a vector with the witness inputs."""
    s, h = os.path.join(tmp, name + ".s"), os.path.join(tmp, name + ".hex")
    with open(s, "w") as fh:
        fh.write(asm)
    p = subprocess.run([os.path.join(BIN, "usasm"), s, "-o", h], capture_output=True, text=True)
    if p.returncode != 0 or p.stderr.strip():
        return f"{name}: usasm: {p.returncode} {p.stderr.strip()[:300]}"
    words = [int(w, 16) for w in re.findall(r"0x[0-9a-fA-F]{8}", open(h).read())]
    n = len(words) // 6
    lines = ["usvec 1", f"name {name}", f"reg US_CODE_ADDR 0x{(n - 1) << 16:08x}",
             f"reg US_CODE_RANGE 0x{(n - 1) << 16:08x}", "int 1 0x00000001"]
    lines += [f"inst {i} " + " ".join(f"0x{w:08x}" for w in words[6 * i:6 * i + 6]) for i in range(n)]
    lines.append("covered 0xf")
    for p in range(4):
        for c, v in enumerate(CLASS_VALUES):
            lines.append(f"temp {p} {c} " + " ".join([f"0x{v:08x}"] * 4))
        for k in range(1, 16):
            lines.append(f"temp {p} {COND + k} 0x{0x3F800000 if k >> p & 1 else 0:08x} 0x00000000 0x00000000 "
                         "0x00000000")
        lines.append(f"temp {p} {KILL} " + " ".join(["0xbf800000"] * 4))
    with open(os.path.join(tmp, name + ".vec"), "w") as fh:
        fh.write("\n".join(lines) + "\n")
    return None


def witness(tmp):
    """The witness suite in tmp/witness; returns its directory, or None (with a failed check)."""
    d = os.path.join(tmp, "witness")
    os.makedirs(d)
    errors = []
    for i, (rop, aop) in enumerate(PAIRS):
        for depth in range(spec_param("LOOP_DEPTH") + 1):
            e = write_vector(d, f"w{i:02d}-{rop}-{aop}-d{depth}", witness_program(rop, aop, depth))
            if e:
                errors.append(e)
    return d if check(not errors, f"the witness programs assemble without silicon-rule warnings ({errors[:2]})") \
        else None


def coverage(uscov, vecs, out):
    """uscov's exit status, the ALU cross's (hit, total), the rules' counts and the impossible hits."""
    p = subprocess.run([uscov, "--vectors", vecs, "--out", out], capture_output=True, text=True)
    total, rules, impossible = None, {}, []
    tsv = os.path.join(out, "coverage.tsv")
    if os.path.exists(tsv):
        for ln in open(tsv):
            f = ln.rstrip("\n").split("\t")
            if f[:2] == ["cross", "alu"]:
                total = (int(f[2]), int(f[3]))
            elif f[0] == "rule" and f[1] == "alu":
                rules[f[2]] = int(f[3])
            elif f[0] == "impossible":
                impossible.append(f"{f[1]}: {f[2]}")
    return p.returncode, total, rules, impossible, p.stderr.strip()


def verdict(uscov, vecs, out, valid, rules):
    """True when the witness hits every bin the ALU cross counts, the count and the rules' counts are the
    independent ones, and no bin left out is hit."""
    rc, total, got_rules, impossible, err = coverage(uscov, vecs, out)
    ok = rc == 0 and total == (valid, valid) and got_rules == rules and not impossible
    return ok, f"exit {rc}, alu {total}, rules {got_rules}, impossible {impossible[:2]} {err[:200]}"


def pairing_rules_refused(tmp):
    """usasm refuses the illegal pairings (the legality checker: model/isa/us_rules*.c, us_inst_check)."""
    for what, asm in (("rgb SOP with alpha MAD", "alu rgb: sop t1.rgb  alpha: mad t1.a, src0.a, src0.a, src0.a\n"),
                      ("alpha DP with rgb MAD", "alu rgb: mad t1.rgb, src0.rgb, src0.rgb, src0.rgb  alpha: dp t1.a\n")):
        s = os.path.join(tmp, "illegal.s")
        with open(s, "w") as fh:
            fh.write(asm)
        p = subprocess.run([os.path.join(BIN, "usasm"), s, "-o", os.path.join(tmp, "illegal.hex")],
                           capture_output=True, text=True)
        check(p.returncode == 2 and "illegal instruction" in p.stderr and "needs" in p.stderr,
              f"usasm refuses {what} by the pairing rule ({p.returncode}: {p.stderr.strip()[:160]})")


# Planted rules, one line of model/gen/us_cov.c each: (what, text, replacement).
COV_C = "model/gen/us_cov.c"
PLANTS = [
    ("a rule that leaves out reachable bins (loop depth 8 of every op with operands)",
     "return op_arity(i[0]) > 0 && i[1] == US_COV_MOD_NA;",
     "return op_arity(i[0]) > 0 && (i[1] == US_COV_MOD_NA || i[4] == US_COV_NDEPTHS - 1);"),
    ("the class-running rule taken out (bins nothing can hit counted)",
     "return op_arity(i[0]) > 0 && (i[3] == 0) != (i[2] == US_COV_CLASS_NA);", "return i[0] >= US_COV_NOPS;"),
]


def main():
    ops, valid, rules = expected_counts()
    check(ops == 27 and valid == 82188, f"the independent count: {ops} ops, {valid} ALU bins can exist")
    with tempfile.TemporaryDirectory() as tmp:
        pairing_rules_refused(tmp)
        vecs = witness(tmp)
        if vecs is None:
            return summary()
        ok, why = verdict(os.path.join(BIN, "uscov"), vecs, os.path.join(tmp, "cov"), valid, rules)
        check(ok, f"the witness hits all {valid} bins of the ALU cross and none it leaves out; the rules leave out "
                  f"{rules} ({why})")
        # The planted rules, in a copy of the model.
        tree = os.path.join(tmp, "tree")
        os.makedirs(os.path.join(tree, "tb"))
        shutil.copy(os.path.join(ROOT, "Makefile"), tree)
        shutil.copy(os.path.join(ROOT, "tb", "config.mk"), os.path.join(tree, "tb"))
        for d in ("mk", "model"):
            shutil.copytree(os.path.join(ROOT, d), os.path.join(tree, d))
        ok, why = verdict(build_tool_copy(tree, "uscov"), vecs, os.path.join(tmp, "cov-copy"), valid, rules)
        check(ok, f"the unchanged copy agrees ({why})")
        path = os.path.join(tree, COV_C)
        orig = open(path).read()
        for what, old, new in PLANTS:
            if not check(orig.count(old) == 1, f"plant '{what}': its text occurs once in {COV_C} (stale plant?)"):
                continue
            with open(path, "w") as fh:
                fh.write(orig.replace(old, new))
            try:
                ok, why = verdict(build_tool_copy(tree, "uscov"), vecs, os.path.join(tmp, "cov-plant"), valid, rules)
            finally:
                with open(path, "w") as fh:
                    fh.write(orig)
            # caught by what uscov reports (exit 0 or 1 with wrong counts, or an impossible bin), not by a crash
            if check(not ok and re.match(r"exit [01],", why) is not None, f"plant '{what}' is caught ({why})"):
                print(f"ok: {what}: caught ({why})")
    return summary()


if __name__ == "__main__":
    sys.exit(main())
