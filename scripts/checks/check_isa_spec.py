#!/usr/bin/env python3
"""Compare spec/isa.txt with the AMD register field tables, field by field.

usage: check_isa_spec.py [--table T] [--regs DIR] [--departures DOC]

Every difference (register or field missing on one side, bit range, enum values, enum names) gets a key such as
`US_FC_INT_CONST.KB bits`. An AMD value given as a sentence ("Less than", "Use R channel as S coordinate") is
read through the readings below (PATTERNS, SENTENCES, PREFIXES) into the name our table must have at that value,
so a swapped encoding is caught as well as a misnamed one; a sentence no reading covers is itself a difference
(`REG.FIELD=V description`). The keys must be exactly those listed in the departures table of docs/spec.md: an
unlisted difference fails, and so does a listed one that no longer occurs. Exit 0 when they agree, 1 when not,
2 on unreadable input.
"""
import argparse
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib"))  # scripts/lib
import isa_table  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIELD_LINE = re.compile(r"^([A-Z][A-Z0-9_]*)\s+(\d+)(?::(\d+))?\s+(0x[0-9a-fA-F]+)\b")
VALUE_LINE = re.compile(r"^\s+(\d+)\s+-\s+(.*)$")


def parse_amd(path):
    """Fields of one AMD text table: {name: (hi, lo, {value: amd_name_or_None}, description)}."""
    fields = {}
    cur = None
    desc = None
    with open(path) as fh:
        for n, line in enumerate(fh, 1):
            line = line.rstrip("\n")
            if line.startswith("Field Name"):
                continue
            m = FIELD_LINE.match(line)
            if m:
                hi = int(m.group(2))
                lo = int(m.group(3)) if m.group(3) else hi
                cur = {}
                desc = [line[m.end():].strip()]
                fields[m.group(1)] = (hi, lo, cur, desc)
                continue
            m = VALUE_LINE.match(line)
            if m and cur is not None:
                text = m.group(2).strip()
                nm = re.match(r"^([A-Za-z][A-Za-z0-9_]*):", text)
                if nm:
                    name = nm.group(1)
                elif re.fullmatch(r"[A-Za-z][A-Za-z0-9_]*", text):
                    name = text
                else:
                    name = None
                cur[int(m.group(1))] = name
            elif line and not line[0].isspace():
                raise ValueError(f"{path}:{n}: unrecognised line")
            elif desc is not None and not cur:
                desc.append(line.strip())
    return {k: (hi, lo, vals, " ".join(d)) for k, (hi, lo, vals, d) in fields.items()}


# How the AMD value descriptions that are sentences, not names, read as our table's names: patterns first (the
# name a description starts with, the channel of a swizzle, the OMOD factor), then whole sentences, as AMD writes
# them. Each maps one description to the one name that must stand at that value.
PATTERNS = [
    (r"^([A-Za-z][A-Za-z0-9_]*)\s*(?:-|\()", lambda m: m.group(1)),      # "C4_8 (S/U)", "W24 - 24-bit fixed point"
    (r"^Use ([RGBA]) channel as [STRQ] coordinate$", lambda m: m.group(1)),
    (r"^Write ([RGBA]) channel to [RGBA] channel$", lambda m: m.group(1)),
    (r"^Result \* ([1248])$", lambda m: "X" + m.group(1)),
    (r"^Result / ([248])$", lambda m: "D" + m.group(1)),
]
SENTENCES = {
    "Equal to": "EQ", "Less than": "LT", "Greater than or equal to": "GE", "Not equal": "NE",
    "Clamp output to the range [0,1].": "ON", "Do not clamp output.": "OFF",
    "Insert a NOP instruction after this one.": "ON", "Do not insert NOP instruction after this one.": "OFF",
    "Invert the value of the predicate": "ON", "Normal predication": "OFF",
    "Write to channels of all pixels, including inactive pixels": "ON",
    "Only write to channels of active pixels": "OFF",
    "This instruction will not issue until the texture semaphore is available.": "ON",
    "This instruction may issue immediately.": "OFF",
    "Do not modify the current ALU result.": "OFF",
    "Modify the current ALU result based on the settings of ALU_RESULT_SEL and ALU_RESULT_OP.": "ON",
    "Wait for pending ALU instructions to complete before issuing the current instruction.": "ON",
    "Do not wait for pending ALU instructions to complete before issuing the current instruction.": "OFF",
    "Do not terminate the shader after executing this instruction (unless this instruction is at END_ADDR).": "OFF",
    "Disable output modifier and clamping (result is copied exactly; only valid for MIN/MAX/CMP/CND)": "DISABLE",
    "Don`t alter the branch state before executing the instruction.": "OFF",
    "Fetch texels for uncovered pixels": "FETCH", "Don`t fetch texels for uncovered pixels": "IGNORE",
    "Don`t hold the texture semaphore": "OFF",
    "Hold the texture semaphore until the data is written to the temporary register.": "ON",
    "Include uncovered pixels in jump decisions": "INCLUDE",
    "Ignore uncovered pixels in making jump decisions": "IGNORE",
    "Scale the S, T, R texture coordinates from [0.0,1.0] to the dimensions of the target texture": "SCALED",
    "Use the unscaled S, T, R texture coordates.": "UNSCALED",
    "Default behaviour (0*inf=nan,0*nan=nan)": "DEFAULT",
    "Legacy behaviour for shader model 1 (0*anything=0)": "LEGACY",
    "Load instructions - INDEX is an instruction index": "INST", "Load constants - INDEX is a constant index": "CONST",
    "No clamping of data - Default": "NONE", "Clamp to [-1.0,1.0] constant data": "CLAMP",
    "Normal mode": "NORMAL", "Test mode (currently unused)": "TEST",
    "Normal rounding": "NORMAL", "Modified rounding of fixed-point data": "MODIFIED",
    "Don`t use the shader program offset when calculating the destination address jump": "GLOBAL",
}
# Sentences that start with the words below carry their reading in SENTENCES by their first words (AMD's longer
# texts run on): the key is matched as a prefix.
PREFIXES = {
    "All active pixels are willing to terminate after executing this instruction.": "ON",
    "Add the shader program offset in US_CODE_OFFSET.OFFSET_ADDR": "OFFSET",
    "Jump if ALL active pixels want to take the jump": "ALL", "Jump if ANY active pixels want to take the jump": "ANY",
    "Perform an else operation on the branch state": "ON",
    "Use full pixel shader 3.0 flow control": "FULL", "Use partial flow-control": "PARTIAL",
}


def reading(text):
    """The name an AMD value description stands for in our table, or None when no reading covers it."""
    if text in SENTENCES:
        return SENTENCES[text]
    for prefix, name in PREFIXES.items():
        if text.startswith(prefix):
            return name
    for pat, fn in PATTERNS:
        m = re.match(pat, text)
        if m:
            return fn(m)
    return None


def parse_amd_texts(path):
    """The description of every value of every field of one AMD text table: {field: {value: text}}."""
    texts, cur = {}, None
    with open(path) as fh:
        for line in fh:
            m = FIELD_LINE.match(line)
            if m:
                cur = texts.setdefault(m.group(1), {})
                continue
            m = VALUE_LINE.match(line.rstrip("\n"))
            if m and cur is not None:
                cur[int(m.group(1))] = m.group(2).strip()
    return texts


def name_matches(ours, amd):
    """Our short name equals the AMD name, or is its last '_'-separated part(s) (OP_MAD -> MAD)."""
    a, o = amd.upper(), ours.upper()
    return a == o or a.endswith("_" + o)


def differences(regs, regs_dir):
    diffs = {}
    ours = {r.name: r for r in regs}
    files = {f[:-4].upper(): os.path.join(regs_dir, f) for f in os.listdir(regs_dir) if f.endswith(".txt")}
    for name in sorted(set(files) - set(ours)):
        diffs[f"{name} not-in-table"] = "register in the AMD tables, not in ours"
    for name in sorted(set(ours) - set(files)):
        diffs[f"{name} not-in-amd"] = "register in our table, not in the AMD tables"
    for name in sorted(set(ours) & set(files)):
        amd = parse_amd(files[name])
        texts = parse_amd_texts(files[name])
        mine = {f.name: f for f in ours[name].fields}
        for fn in sorted(set(amd) - set(mine)):
            diffs[f"{name}.{fn} not-in-table"] = "field missing from our table"
        for fn in sorted(set(mine) - set(amd)):
            diffs[f"{name}.{fn} not-in-amd"] = "field not in the AMD table"
        for fn in sorted(set(mine) & set(amd)):
            f = mine[fn]
            hi, lo, vals, desc = amd[fn]
            if (f.hi, f.lo) != (hi, lo):
                diffs[f"{name}.{fn} bits"] = f"ours {f.hi}:{f.lo}, AMD {hi}:{lo}"
            said = re.search(r"\b(Signed|Unsigned)\s+(\d+)-bit integer", desc, re.I)
            if said:
                if (said.group(1).lower() == "signed") != f.signed:
                    diffs[f"{name}.{fn} signedness"] = f"AMD says {said.group(1)}"
                if int(said.group(2)) != f.width:
                    diffs[f"{name}.{fn} described-width"] = f"AMD text says {said.group(2)} bits, the field has {f.width}"
            our_vals = {v.value: v for v in f.values}
            if set(our_vals) != set(vals):
                diffs[f"{name}.{fn} values"] = f"ours {sorted(our_vals)}, AMD {sorted(vals)}"
                continue
            for v, amd_name in sorted(vals.items()):
                o = our_vals[v]
                if amd_name is None:
                    text = texts.get(fn, {}).get(v, "")
                    if text.lower() == "reserved":
                        amd_name = "reserved"
                    else:
                        want = reading(text)
                        if want is None:
                            diffs[f"{name}.{fn}={v} description"] = f"no reading of AMD's {text!r} (add one)"
                        elif o.reserved or not name_matches(o.name, want):
                            diffs[f"{name}.{fn}={v} name"] = f"ours {o.name}, AMD {text!r} reads as {want}"
                        continue
                if amd_name.lower() == "reserved":
                    if not o.reserved:
                        diffs[f"{name}.{fn}={v} reserved"] = "AMD marks the value reserved, we do not"
                elif o.reserved:
                    diffs[f"{name}.{fn}={v} reserved"] = "we mark the value reserved, AMD does not"
                elif not name_matches(o.name, amd_name):
                    diffs[f"{name}.{fn}={v} name"] = f"ours {o.name}, AMD {amd_name}"
    return diffs


def listed_departures(doc):
    """Keys in the departures table of docs/spec.md: rows `| `KEY` | reason |` after the heading."""
    keys = set()
    inside = False
    with open(doc) as fh:
        for line in fh:
            if line.startswith("#"):
                inside = "Departures from the AMD register text" in line
                continue
            if inside:
                m = re.match(r"^\|\s*`([^`]+)`\s*\|", line)
                if m:
                    keys.add(m.group(1))
    return keys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--table", default=os.path.join(ROOT, "spec", "isa.txt"))
    ap.add_argument("--regs", default=os.path.join(ROOT, "..", "shared", "spec", "regs"))
    ap.add_argument("--departures", default=os.path.join(ROOT, "docs", "spec.md"))
    a = ap.parse_args()
    if not os.path.isdir(a.regs):
        print(f"{a.regs}: no AMD register tables here; nothing to compare")
        return 0
    try:
        regs = isa_table.parse(a.table)
        diffs = differences(regs, a.regs)
        listed = listed_departures(a.departures)
    except (isa_table.TableError, ValueError, OSError) as e:
        print(e, file=sys.stderr)
        return 2
    bad = 0
    for k in sorted(set(diffs) - listed):
        print(f"unlisted difference: {k}: {diffs[k]}")
        bad += 1
    for k in sorted(listed - set(diffs)):
        print(f"listed in {os.path.relpath(a.departures, ROOT)} but no longer a difference: {k}")
        bad += 1
    nfields = sum(len(r.fields) for r in regs)
    print(f"{len(regs)} registers, {nfields} fields compared; {len(diffs)} differences, all listed"
          if not bad else f"{bad} problem(s)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
