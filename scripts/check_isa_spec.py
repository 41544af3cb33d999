#!/usr/bin/env python3
"""Compare spec/isa.txt with the AMD register field tables, field by field.

usage: check_isa_spec.py [--table T] [--regs DIR] [--departures DOC]

Every difference (register or field missing on one side, bit range, enum values, enum names) gets a key such as
`US_FC_INT_CONST.KB bits`. The keys must be exactly those listed in the departures table of docs/spec.md: an
unlisted difference fails, and so does a listed one that no longer occurs. Exit 0 when they agree, 1 when not,
2 on unreadable input.
"""
import argparse
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import isa_table  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
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
