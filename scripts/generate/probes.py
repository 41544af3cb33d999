#!/usr/bin/env python3
"""Probe vectors for a bring-up lab (docs/bringup.md, "Probe vectors"): each probes/NAME.s is the smallest program
whose result on silicon settles one question the public sources leave open. This script assembles each one with
build/bin/usasm, checks it against the CTM hardware rules, and writes into OUT (default build/probes/):

  NAME.vec         the vector (vectors/FORMAT.md): register writes, inputs, and the model's reading as the
                   `expect` lines; every other reading as `# reading` comment lines
  bringup/NAME/    the bring-up export of that vector (build/bin/usbringup)
  README.md        every probe: the question, its readings and the values each predicts, how to report
  probes.json      the same as data (read by tb/py/test_probes.py)

Probe source header (comment lines at the top of NAME.s; free text is the description):
  #@ const N R G B A | int N V | bool V | texture ID W H | texel ID X Y R G B A   inputs, in the vector's syntax
  #@ exempt inline-exp0 | exempt tex-sem      the hardware rule this probe breaks on purpose (the vector's
                         `unsafe` line names it, and the error states of the model's reading)
  #@ pending TEXT        the model's value is about to change: the vector is not run against the model yet
  #@ control NAME        NAME.s is this probe's control (same question, one level less)
  #@ control-for NAME    this file is the control of probe NAME
  #: READING TEXT        a reading; the first must be `model` (the golden model's reading)
  #= READING KEY VALUE   an expected value, the same in every pixel; KEY is `out T CH`, `temp N CH`, `w` or
                         `errors`. Readings other than model list only what differs from the model.

usage: probes.py [--out DIR] [--bin DIR] [--probes DIR] [--no-bringup]
Exit 0 when every probe is written, 2 on a bad probe source or a broken hardware rule (file:line: message)."""
import argparse
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib"))  # scripts/lib
import isa_table  # noqa: E402

CHANNELS = "rgba"
SETUP = ("const", "int", "bool", "texture", "texel")
EXEMPTIONS = ("inline-exp0", "tex-sem")
ERROR_FLAGS = ("loop_overflow", "loop_underflow", "addr_overflow", "addr_underflow", "counter_overflow",
               "watchdog", "pc_range", "illegal_inst")


class ProbeError(Exception):
    pass


# ---------------------------------------------------------------- the probe source
def parse_source(path):
    """The header of a probe source: description, setup lines, exemptions, readings and their expectations."""
    p = {"name": os.path.splitext(os.path.basename(path))[0], "source": os.path.relpath(path, ROOT),
         "description": [], "setup": [], "exempt": [], "pending": None, "control": None, "control_for": None,
         "readings": [], "expect": {}}
    with open(path) as fh:
        lines = fh.read().split("\n")
    for n, line in enumerate(lines, 1):
        where = f"{path}:{n}"
        s = line.strip()
        if not s.startswith("#"):
            if s:
                break           # the header ends at the first instruction
            continue
        if s.startswith("#@"):
            words = s[2:].split()
            if not words:
                raise ProbeError(f"{where}: empty directive")
            if words[0] in SETUP:
                p["setup"].append(" ".join(words))
            elif words[0] == "exempt" and len(words) == 2 and words[1] in EXEMPTIONS:
                p["exempt"].append(words[1])
            elif words[0] == "pending" and len(words) > 1:
                p["pending"] = " ".join(words[1:])
            elif words[0] in ("control", "control-for") and len(words) == 2:
                p[words[0].replace("-", "_")] = words[1]
            else:
                raise ProbeError(f"{where}: unknown directive '{s}'")
        elif s.startswith("#:"):
            m = re.fullmatch(r"#:\s*([a-z0-9-]+)\s+(.+)", s)
            if not m:
                raise ProbeError(f"{where}: a reading is '#: NAME text'")
            if not p["readings"] and m.group(1) != "model":
                raise ProbeError(f"{where}: the first reading must be 'model'")
            if m.group(1) in p["expect"]:
                raise ProbeError(f"{where}: reading {m.group(1)} given twice")
            p["readings"].append({"name": m.group(1), "text": m.group(2)})
            p["expect"][m.group(1)] = {}
        elif s.startswith("#="):
            m = re.fullmatch(r"#=\s*([a-z0-9-]+)\s+(out [0-3] [rgba]|temp \d+ [rgba]|w|errors)\s+(\S+)", s)
            if not m:
                raise ProbeError(f"{where}: an expectation is '#= READING out T CH|temp N CH|w|errors VALUE'")
            reading, key, value = m.groups()
            if reading not in p["expect"]:
                raise ProbeError(f"{where}: reading {reading} has no '#:' line before it")
            if key == "errors":
                if value != "none" and not all(f in ERROR_FLAGS for f in value.split(",")):
                    raise ProbeError(f"{where}: unknown error flag in {value}")
            elif not re.fullmatch(r"0x[0-9A-Fa-f]{8}", value):
                raise ProbeError(f"{where}: {value} is not a 32-bit value 0xXXXXXXXX")
            if key in p["expect"][reading]:
                raise ProbeError(f"{where}: {key} given twice for reading {reading}")
            p["expect"][reading][key] = value.upper().replace("0X", "0x") if key != "errors" else value
        else:
            p["description"].append(s[1:].rstrip()[1:] if s.startswith("# ") else s[1:].rstrip())
    if "model" not in p["expect"]:
        raise ProbeError(f"{path}: no '#: model' reading")
    return p


def full_reading(p, reading):
    """The complete expectation of a reading: the model's, overridden by what the reading lists."""
    e = dict(p["expect"]["model"])
    e.setdefault("errors", "none")
    e.update(p["expect"][reading])
    return e


def observable(e):
    """What a lab sees on silicon: the render-target and W channels written, and their values."""
    return {k: v for k, v in e.items() if k.startswith("out") or k == "w"}


# ---------------------------------------------------------------- the hardware rules (CTM)
class Isa:
    def __init__(self):
        regs = isa_table.parse(os.path.join(ROOT, "spec", "isa.txt"))
        self.by_word = {}
        for r in regs:
            if r.word >= 0:
                for t in r.types:
                    self.by_word[(t, r.word)] = r

    def field(self, words, itype, word, name):
        reg = self.by_word[(itype, word)]
        for f in reg.fields:
            if f.name == name:
                return (words[word] >> f.lo) & ((1 << f.width) - 1)
        raise KeyError(f"{reg.name}.{name}")


TYPES = ("ALU", "OUT", "FC", "TEX")
RGB_ARITY = {0: 3, 1: 2, 2: 2, 3: 3, 4: 2, 5: 2, 7: 3, 8: 3, 9: 1, 10: 0, 11: 3, 12: 3}
ALPHA_ARITY = {0: 3, 1: 0, 2: 2, 3: 2, 5: 3, 6: 3, 7: 1, 8: 1, 9: 1, 10: 1, 11: 1, 12: 1, 13: 1, 14: 3, 15: 3}


def alu_reads(isa, w):
    """The source addresses an ALU/OUT instruction reads: a set of (unit 'rgb'|'alpha', n, address, const). An
    operand reads srcN when its swizzle names a channel; srcp reads src0 and src1. Both units' address N are
    counted for a read of srcN (a swizzle may cross units), which only over-approximates."""
    f = lambda word, name: isa.field(w, "ALU", word, name)  # noqa: E731
    used = set()
    rgb_op, alpha_op = f(5, "RGB_OP"), f(4, "ALPHA_OP")
    ops = []
    for k, letter in enumerate("ABC"[:RGB_ARITY.get(rgb_op, 3)]):
        word = 5 if letter == "C" else 3
        swz = [f(word, f"{c}_SWIZ_{letter}") for c in ("RED", "GREEN", "BLUE")]
        ops.append((f(word, f"RGB_SEL_{letter}"), swz))
    alpha_n = ALPHA_ARITY.get(alpha_op, 3)
    if rgb_op == 2:                     # DP4 reads the alpha unit's A and B
        alpha_n = max(alpha_n, 2)
    for letter in "ABC"[:alpha_n]:
        word = 5 if letter == "C" else 4
        ops.append((f(word, f"ALPHA_SEL_{letter}"), [f(word, f"ALPHA_SWIZ_{letter}")]))
    for sel, swz in ops:
        if all(s >= 4 for s in swz):    # 0, 0.5, 1, unused: no source read
            continue
        used.update((0, 1) if sel == 3 else (sel,))
    reads = set()
    for n in used:
        for unit, word in (("rgb", 1), ("alpha", 2)):
            reads.add((unit, n, f(word, f"ADDR{n}"), f(word, f"ADDR{n}_CONST")))
    return reads


def alu_writes(isa, w):
    """Temporaries an ALU/OUT instruction writes."""
    f = lambda word, name: isa.field(w, "ALU", word, name)  # noqa: E731
    out = set()
    if f(0, "RGB_WMASK"):
        out.add(f(5, "RGB_ADDRD"))
    if f(0, "ALPHA_WMASK"):
        out.add(f(4, "ALPHA_ADDRD"))
    return out


def check_rules(isa, insts, p):
    """The CTM rules every probe follows unless it is exempt (list of messages; empty when it follows them).
    The program runs from slot 0 to its last slot (END_ADDR); FC is not followed: the checks are by slot order,
    which is what every probe's straight-line reads need."""
    bad = []
    types = [TYPES[w[0] & 3] for w in insts]
    last = insts[-1]
    if types[-1] != "OUT" or not (last[0] >> 2) & 1:
        bad.append(f"slot {len(insts) - 1}: the last instruction must be an OUT with TEX_SEM_WAIT (CTM p.23)")
    for i, w in enumerate(insts):
        t = types[i]
        cmn = lambda name: isa.field(w, t, 0, name)  # noqa: E731
        if t in ("ALU", "OUT"):
            reads = alu_reads(isa, w)
            if "inline-exp0" not in p["exempt"]:
                for unit, n, addr, const in sorted(reads):
                    if not const and addr & 0x80 and (addr >> 3) & 0xF == 0:
                        bad.append(f"slot {i}: {unit} src{n} reads inline constant code {addr & 0x7F} "
                                   "(exponent field 0): its value is an open question (probe inline-exp0)")
            # Pre-subtract hazard (CTM p.26): a pre-subtract fed by the previous ALU/OUT's result needs its NOP.
            uses_srcp = any(isa.field(w, "ALU", word, name) == 3 for word, name in (
                (3, "RGB_SEL_A"), (3, "RGB_SEL_B"), (5, "RGB_SEL_C"), (4, "ALPHA_SEL_A"), (4, "ALPHA_SEL_B"),
                (5, "ALPHA_SEL_C")))
            if uses_srcp and i > 0 and types[i - 1] in ("ALU", "OUT"):
                prev = insts[i - 1]
                fed = {addr for unit, n, addr, const in reads if n in (0, 1) and not const and not addr & 0x80}
                if fed & alu_writes(isa, prev) and not (prev[0] >> 9) & 1:
                    bad.append(f"slot {i - 1}: its result feeds the pre-subtract of slot {i}: set NOP (CTM p.26)")
        if t == "TEX" and isa.field(w, "TEX", 1, "TEX_SEM_ACQUIRE") and not cmn("TEX_SEM_WAIT"):
            bad.append(f"slot {i}: an instruction with ACQUIRE must also set TEX_SEM_WAIT (CTM p.33 fact 80)")
    if "tex-sem" not in p["exempt"]:
        for i, w in enumerate(insts):
            if types[i] != "TEX" or isa.field(w, "TEX", 1, "INST") in (0, 2):   # NOP and TEXKILL write nothing
                continue
            dst = isa.field(w, "TEX", 2, "DST_ADDR")
            acq = next((j for j in range(i, len(insts)) if types[j] == "TEX"
                        and isa.field(insts[j], "TEX", 1, "TEX_SEM_ACQUIRE")), None)
            for k in range(i + 1, len(insts)):
                tk = types[k]
                if tk in ("ALU", "OUT"):
                    hit = any(not c and not a & 0x80 and a == dst for _, _, a, c in alu_reads(isa, insts[k]))
                elif tk == "TEX":
                    hit = isa.field(insts[k], "TEX", 2, "SRC_ADDR") == dst and isa.field(insts[k], "TEX", 1, "INST")
                else:
                    hit = False
                if not hit:
                    continue
                waited = acq is not None and acq < k and any(
                    (insts[j][0] >> 2) & 1 for j in range(acq + 1, k + 1))
                if not waited:
                    bad.append(f"slot {k}: reads t{dst}, the result of the lookup in slot {i}, without an ACQUIRE "
                               "on the lookup and a WAIT before the read (CTM p.33)")
    return bad


# ---------------------------------------------------------------- the vector
def run(args, what):
    r = subprocess.run(args, capture_output=True, text=True)
    if r.returncode != 0:
        raise ProbeError(f"{what}: {' '.join(args)} failed: {r.stderr.strip()[-500:]}")
    return r.stdout


def assemble(binary, path):
    text = run([os.path.join(binary, "usasm"), path, "-o", "-"], path)
    words = [int(x, 16) for x in re.findall(r"0x[0-9a-fA-F]{8}", text)]
    if not words or len(words) % 6:
        raise ProbeError(f"{path}: usasm gave {len(words)} words")
    return [words[i:i + 6] for i in range(0, len(words), 6)]


def expect_lines(e, pixel_prefix=True):
    """`expect` lines for a complete reading (the same values in every pixel)."""
    temps, outs = {}, {}
    for k, v in e.items():
        parts = k.split()
        if parts[0] == "temp":
            temps.setdefault(int(parts[1]), ["-"] * 4)[CHANNELS.index(parts[2])] = v
        elif parts[0] == "out":
            outs.setdefault(int(parts[1]), ["-"] * 4)[CHANNELS.index(parts[2])] = v
    lines = []
    for px in range(4):
        for n in sorted(temps):
            lines.append(f"expect temp {px} {n} " + " ".join(temps[n]))
        for t in sorted(outs):
            lines.append(f"expect out {t} {px} " + " ".join(outs[t]))
        if "w" in e:
            lines.append(f"expect w {px} {e['w']}")
        lines.append(f"expect pred {px} 0x0")
    lines += ["expect alu_result 0x0", "expect killed 0x0", f"expect errors {e.get('errors', 'none')}"]
    return lines


WAIVER_WHY = {"tex-sem": "reads a TEX result without ACQUIRE/WAIT (CTM p.33)",
              "inline-exp0": "reads inline constants with exponent field 0, whose value its silicon result settles"}


def waivers(p):
    """The vector's `unsafe` line (vectors/FORMAT.md): the rules the probe breaks on purpose (its exemptions) and the
    error states the model's reading ends in, each with why; ([], []) when none."""
    errors = full_reading(p, "model")["errors"]
    errors = [] if errors == "none" else errors.split(",")
    names = [r for r in EXEMPTIONS if r in p["exempt"]] + errors
    why = [WAIVER_WHY[r] for r in EXEMPTIONS if r in p["exempt"]]
    why += [f"the model's reading ends in its {e} error state, which the hardware has not (the probe asks what silicon does)" for e in errors]
    return names, why


def vector_text(p, insts):
    n = len(insts)
    out = ["usvec 1", f"name {p['name']}",
           f"# probe {p['name']} (source {p['source']}, written by scripts/generate/probes.py)"]
    names, why = waivers(p)
    if names:
        out.append(f"unsafe {','.join(names)} {'; '.join(why)}")
    if p["pending"]:
        out.append(f"# pending: {p['pending']}: the expectations below are the new design's; the model may "
                   "still give another value")
    out += ["#" + (" " + d if d else "") for d in p["description"]]
    out.append("# The expect lines are the reading 'model'. The other readings (same values in every pixel):")
    for r in p["readings"][1:]:
        e = full_reading(p, r["name"])
        out.append(f"# reading {r['name']}: {r['text']}")
        for k in sorted(p["expect"][r["name"]]):
            out.append(f"#   {r['name']}: {k} {e[k]}")
    # US_PIXSIZE: the highest temporary index, as Mesa writes it (no probe uses a temporary above t3).
    out += ["reg US_CONFIG 0x00000002", "reg US_PIXSIZE 0x00000003", "reg US_FC_CTRL 0x80000000",
            "reg US_CODE_OFFSET 0x00000000",
            f"reg US_CODE_ADDR 0x{(n - 1) << 16:08x}", f"reg US_CODE_RANGE 0x{(n - 1) << 16:08x}"]
    ints = {int(s.split()[1]): s for s in p["setup"] if s.startswith("int ")}
    out.append(next((s for s in p["setup"] if s.startswith("bool ")), "bool 0x00000000"))
    for i in range(32):
        out.append(ints.get(i, f"int {i} 0x00000000"))
    for i, w in enumerate(insts):
        out.append(f"inst {i} " + " ".join(f"0x{x:08x}" for x in w))
    out += [s for s in p["setup"] if s.split()[0] in ("const",)]
    out.append("covered 0xf")
    out += [s for s in p["setup"] if s.split()[0] in ("texture", "texel")]
    out += expect_lines(full_reading(p, "model"))
    return "\n".join(out) + "\n"


def readme(probes):
    L = ["# Probe vectors", "",
         "Written by `make probes` (scripts/generate/probes.py) from probes/*.s. Each probe is the smallest program "
         "whose result on an R500 settles one open question; docs/bringup.md (\"Probe vectors\") says how a lab runs them "
         "and reports. For each probe: NAME.vec (the model's reading as its `expect` lines, the other readings as "
         "`# reading` comments) and bringup/NAME/ (writes, program, inputs, expected results of the model's "
         "reading). Every pixel of the quad gets the same values. Compare all 32 bits of every listed render-target "
         "(and W) channel with each reading; report the reading that matched, or the values if none did.", "",
         "All expected values are derived by hand from the rules in each probe's source comment (probes/NAME.s); "
         "they do not come from running the model.", "",
         "Selects: MIN/MAX/CND/CMP with OMOD 7 return the chosen operand's raw bits (CTM p.42), so the sign of a "
         "zero and a NaN payload reach the output untouched.", ""]
    pend = [p["name"] for p in probes if p["pending"]]
    if pend:
        L += ["Pending (the model may still give the old value; the expectations are the new "
              "design's): " + ", ".join(f"`{n}`" for n in pend) + ".", ""]
    for p in probes:
        L.append(f"## {p['name']}" + (f" (control for {p['control_for']})" if p["control_for"] else ""))
        L.append("")
        if p["pending"]:
            L += [f"Pending: {p['pending']}.", ""]
        names, why = waivers(p)
        if names:
            L += [f"**unsafe** (waives {', '.join(f'`{n}`' for n in names)}): {'; '.join(why)}.", ""]
        if p["control"]:
            L += [f"Control: {p['control']} (run it first: it must match its model reading).", ""]
        L += ["```"] + p["description"] + ["```", "", "| reading | meaning | " + " | ".join(p["keys"]) + " |",
                                           "|---|---|" + "---|" * len(p["keys"])]
        for r in p["readings"]:
            e = full_reading(p, r["name"])
            cells = [e.get(k, "(not written)") for k in p["keys"]]
            L.append(f"| {r['name']} | {r['text']} | " + " | ".join(cells) + " |")
        L.append("")
    return "\n".join(L) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "probes"))
    ap.add_argument("--bin", default=os.path.join(ROOT, "build", "bin"))
    ap.add_argument("--probes", default=os.path.join(ROOT, "probes"))
    ap.add_argument("--no-bringup", action="store_true")
    a = ap.parse_args()
    isa = Isa()
    os.makedirs(a.out, exist_ok=True)
    probes = []
    try:
        for f in sorted(os.listdir(a.probes)):
            if not f.endswith(".s"):
                continue
            path = os.path.join(a.probes, f)
            p = parse_source(path)
            insts = assemble(a.bin, path)
            bad = check_rules(isa, insts, p)
            if bad:
                raise ProbeError("\n".join(f"{path}: {b}" for b in bad))
            keys = sorted({k for r in p["readings"] for k in full_reading(p, r["name"]) if k != "errors"},
                          key=lambda k: (k[0] != "o", k))
            p["keys"] = keys + ["errors"]
            p["instructions"] = len(insts)
            p["readings_full"] = {r["name"]: full_reading(p, r["name"]) for r in p["readings"]}
            vec = os.path.join(a.out, p["name"] + ".vec")
            with open(vec, "w") as fh:
                fh.write(vector_text(p, insts))
            p["vector"] = os.path.relpath(vec, a.out)
            if not a.no_bringup:
                run([os.path.join(a.bin, "usbringup"), vec, "-o", os.path.join(a.out, "bringup", p["name"]), "--force"], vec)
            probes.append(p)
        for p in probes:
            for link in (p["control"], p["control_for"]):
                if link and not any(q["name"] == link for q in probes):
                    raise ProbeError(f"{p['source']}: names {link}, which is not a probe")
    except (ProbeError, isa_table.TableError) as e:
        print(e, file=sys.stderr)
        return 2
    with open(os.path.join(a.out, "README.md"), "w") as fh:
        fh.write(readme(probes))
    with open(os.path.join(a.out, "probes.json"), "w") as fh:
        json.dump([{k: p[k] for k in ("name", "source", "vector", "pending", "control", "control_for", "exempt",
                                      "readings", "readings_full", "instructions")} for p in probes], fh, indent=1)
    print(f"probes: {len(probes)} vectors in {os.path.relpath(a.out, os.getcwd())}/ "
          f"({sum(1 for p in probes if p['pending'])} pending), README.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
