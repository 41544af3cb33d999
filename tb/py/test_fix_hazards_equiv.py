#!/usr/bin/env python3
"""`usasm --fix-hazards` changes timing bits only: on random programs that break the CTM rules on purpose (usgen,
knob unsafe=1), the fixed program's retire records (every record line of `usim --trace`: pc, next, jump, run and
kill masks, every write, stacks and counters) and its final state (the vector's own expectations) are those of the
program as generated. The fixed form breaks no rule a bit can fix (presub-nop, mdh-nop, tex-sem, acquire-wait,
last-out, last-wait) on the run. Planted: a "fix" that also flips a destination bit changes the records, and the
comparison says so.
usage: test_fix_hazards_equiv.py [N]"""
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checklib import check, summary  # noqa: E402

BIN = os.path.join(ROOT, "build", "bin")
FIXABLE = ("presub-nop", "mdh-nop", "tex-sem", "acquire-wait", "last-out", "last-wait")
# what --fix-hazards fixes: those, and a break made the loop's own kind (docs/spec.md section 9)
FIXED = FIXABLE + ("break-kind",)


def tool(name, *args):
    return subprocess.run([os.path.join(BIN, name), *[str(a) for a in args]], capture_output=True, text=True)


def words_of(vec_text):
    return [[int(w, 16) for w in ln.split()[2:8]] for ln in vec_text.splitlines() if ln.startswith("inst ")]


def with_words(vec_text, insts):
    """The vector with its instruction lines replaced (same slots; a program that grew extends the code window), its
    `unsafe` line waiving only what --fix-hazards leaves (the fixed program must break nothing else: usim holds it to
    that)."""
    out, n = [], len(insts)
    for ln in vec_text.splitlines():
        if ln.startswith("inst "):
            continue
        if ln.startswith("unsafe "):
            _, names, why = ln.split(" ", 2)
            kept = [x for x in names.split(",") if x not in FIXED]
            if kept:
                out.append(f"unsafe {','.join(kept)} {why}")
            continue
        if ln.startswith(("reg US_CODE_ADDR ", "reg US_CODE_RANGE ")):
            ln = f"{' '.join(ln.split()[:2])} 0x{(n - 1) << 16:08x}"
        out.append(ln)
    out += [f"inst {i} " + " ".join(f"0x{w:08x}" for w in ws) for i, ws in enumerate(insts)]
    return "\n".join(out) + "\n"


def records(vec):
    p = tool("usim", vec, "--trace")
    return p.returncode, [ln for ln in p.stdout.splitlines() if re.match(r"^\d+ ctx=", ln)], p.stdout


def fixed_words(tmp, name, insts):
    h = os.path.join(tmp, name + ".hex")
    with open(h, "w") as f:
        f.write("".join(f"0x{w:08x},\n" for ws in insts for w in ws))
    d = tool("usdis", h, "--no-words")
    if d.returncode != 0:
        return None, f"usdis exit {d.returncode}: {d.stderr[-200:]}"
    s = os.path.join(tmp, name + ".s")
    with open(s, "w") as f:
        f.write(d.stdout)
    h2 = os.path.join(tmp, name + ".fixed.hex")
    a = tool("usasm", s, "-o", h2, "--fix-hazards")
    if a.returncode != 0:
        return None, f"usasm --fix-hazards exit {a.returncode}: {a.stderr[-200:]}"
    w = [int(x, 16) for x in re.findall(r"0x[0-9a-fA-F]{8}", open(h2).read())]
    return [w[i:i + 6] for i in range(0, len(w), 6)], None


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    with tempfile.TemporaryDirectory() as tmp:
        gen = tool("usgen", "--random", n, "--seed", 11, "--knob", "unsafe=1", "--out", os.path.join(tmp, "v"))
        check(gen.returncode == 0, f"usgen makes {n} unsafe random vectors ({gen.stderr[-200:]})")
        vecs = sorted(os.listdir(os.path.join(tmp, "v")))
        changed = same = grew = 0
        diffs, leftover, failed = [], [], []
        planted_seen = False
        for name in vecs:
            path = os.path.join(tmp, "v", name)
            text = open(path).read()
            insts = words_of(text)
            fixed, why = fixed_words(tmp, name, insts)
            if fixed is None:
                failed.append(f"{name}: {why}")
                continue
            if fixed == insts:
                same += 1
                continue
            changed += 1
            grew += len(fixed) > len(insts)
            fpath = os.path.join(tmp, name[:-4] + "-fixed.vec")
            with open(fpath, "w") as f:
                f.write(with_words(text, fixed))
            rc0, rec0, _ = records(path)
            rc1, rec1, out1 = records(fpath)
            # an OUT the fix appends (last-out) retires once more at the end, writing nothing: compare the rest
            if len(fixed) > len(insts) and len(rec1) == len(rec0) + 1:
                rec1 = rec1[:-1]
            if rc0 != 0 or rc1 != 0 or rec0 != rec1:
                first = next((i for i, (x, y) in enumerate(zip(rec0, rec1)) if x != y), min(len(rec0), len(rec1)))
                diffs.append(f"{name}: exit {rc0}/{rc1}, record {first}: {rec0[first:first + 1]} vs "
                             f"{rec1[first:first + 1]}")
            rules = set(re.findall(r"silicon rule: pc \d+(?: #\d+)?: ([\w-]+)", out1))
            if rules & set(FIXABLE):
                leftover.append(f"{name}: {sorted(rules & set(FIXABLE))}")
            if not planted_seen and rec0:
                # planted: flip the destination address bit of the first ALU instruction the fix kept
                bad = [list(ws) for ws in fixed]
                k = next((i for i, ws in enumerate(bad) if ws[0] & 3 in (0, 1) and (ws[0] >> 11) & 7), None)
                if k is not None:
                    bad[k][5] ^= 1 << 4            # RGB_ADDRD bit 0 (US_ALU_RGBA_INST)
                    ppath = os.path.join(tmp, name[:-4] + "-planted.vec")
                    with open(ppath, "w") as f:
                        f.write(with_words(text, bad))
                    _, rec2, _ = records(ppath)
                    if len(fixed) > len(insts) and len(rec2) == len(rec0) + 1:
                        rec2 = rec2[:-1]
                    check(rec2 != rec0, f"planted: a fix that also moves a destination changes the records ({name})")
                    planted_seen = True
        check(not failed, f"every program disassembles and reassembles with --fix-hazards ({failed[:3]})")
        check(changed > n // 4, f"--fix-hazards changed {changed} of {len(vecs)} programs ({same} needed nothing, "
              f"{grew} grew by an OUT)")
        check(not diffs, f"the fixed programs retire the same records and reach the same final state ({len(diffs)} "
              f"differ: {diffs[:3]})")
        check(not leftover, f"no fixable rule is broken after the fix ({leftover[:3]})")
        check(planted_seen, "the planted change was tried")
    return summary()


if __name__ == "__main__":
    sys.exit(main())
