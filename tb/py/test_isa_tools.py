#!/usr/bin/env python3
"""Checks the checkers of the ISA table: a stale generated file and each kind of disagreement with the AMD
register spec must be caught and named.  usage: test_isa_tools.py REGS_DIR"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHECK_ISA_SPEC = os.path.join(ROOT, "scripts", "checks", "check_isa_spec.py")
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print(f"FAIL: {what}")


def copy_tree(tmp):
    for d in ("scripts", "spec", "model", "rtl", "docs"):
        shutil.copytree(os.path.join(ROOT, d), os.path.join(tmp, d),
                        ignore=shutil.ignore_patterns("__pycache__", "tests"))
    return tmp


def edit(path, old, new):
    text = open(path).read()
    assert re.search(old, text, re.M), f"test setup: {old!r} not in {path}"
    open(path, "w").write(re.sub(old, new, text, count=1, flags=re.M))


def run(*argv, cwd):
    return subprocess.run([sys.executable, *argv], cwd=cwd, capture_output=True, text=True)


def stale_generated():
    with tempfile.TemporaryDirectory() as tmp:
        copy_tree(tmp)
        p = run("scripts/generate/gen_isa.py", "--check", cwd=tmp)
        check(p.returncode == 0, f"fresh copy passes --check: {p.stderr}")
        edit(os.path.join(tmp, "spec", "isa.txt"), r"^field LAST\s+8 ", "field LAST            9 ")
        edit(os.path.join(tmp, "spec", "isa.txt"), r"^field NOP\s+9 ", "field NOP             8 ")
        p = run("scripts/generate/gen_isa.py", "--check", cwd=tmp)
        check(p.returncode == 1 and "us_isa_gen.h" in p.stderr and "us_isa_pkg.sv" in p.stderr,
              f"a table edit makes --check name the stale files (exit {p.returncode}: {p.stderr.strip()})")
        edit(os.path.join(tmp, "model", "isa", "generated", "us_isa_gen.c"), r"^", "/* hand edit */\n")
        p = run("scripts/generate/gen_isa.py", cwd=tmp)
        p = run("scripts/generate/gen_isa.py", "--check", cwd=tmp)
        check(p.returncode == 0, "make gen repairs a hand-edited generated file")


def spec_faults(regs):
    faults = [
        # (file, regex, replacement, key the checker must report)
        ("spec/isa.txt", r"^field JUMP_ADDR\s+24:16", "field JUMP_ADDR       23:16", "US_FC_ADDR.JUMP_ADDR bits"),
        ("spec/isa.txt", r"TEXKILL=2", "TEXKILL=2 BOGUS=7", "US_TEX_INST.INST values"),
        ("spec/isa.txt", r"DP3=1", "DOT3=1", "US_ALU_RGBA_INST.RGB_OP=1 name"),
        ("spec/isa.txt", r"reserved=6 CND=7", "RSV=6 CND=7", "US_ALU_RGBA_INST.RGB_OP=6 reserved"),
        ("spec/isa.txt", r"^field ALU_WMASK\s+31.*$", "", "US_ALU_RGB_INST.ALU_WMASK not-in-table"),
        ("spec/isa.txt", r"^field KB\s+23:16 signed", "field KB              23:16", "US_FC_INT_CONST.KB signedness"),
        ("spec/isa.txt", r"^reg US_PIXSIZE addr=0x4604\nfield PIX_SIZE\s+6:0\n", "", "US_PIXSIZE not-in-table"),
        ("docs/spec.md", r"^\| `US_FORMAT not-in-table` \|.*$", "", "US_FORMAT not-in-table"),
        ("spec/isa.txt", r"^reg US_W_FMT addr=0x46B4\n", "reg US_W_FMX addr=0x46B4\n", "US_W_FMT not-in-table"),
        # encodings swapped where AMD gives sentences, not names: "Less than" is 1, "Greater than or equal to" 2
        ("spec/isa.txt", r"EQ=0 LT=1 GE=2 NE=3", "EQ=0 LT=2 GE=1 NE=3", "US_CMN_INST.ALU_RESULT_OP=1 name"),
        ("spec/isa.txt", r"X1=0 X2=1 X4=2 X8=3 D2=4", "X1=0 X2=2 X4=1 X8=3 D2=4", "US_ALU_RGB_INST.OMOD=1 name"),
        ("spec/isa.txt", r"^field SRC_S_SWIZ      9:8   R=0 G=1", "field SRC_S_SWIZ      9:8   G=0 R=1",
         "US_TEX_ADDR.SRC_S_SWIZ=0 name"),
    ]
    for path, old, new, key in faults:
        with tempfile.TemporaryDirectory() as tmp:
            copy_tree(tmp)
            edit(os.path.join(tmp, path), old, new)
            p = run("scripts/checks/check_isa_spec.py", "--regs", regs, cwd=tmp)
            check(p.returncode == 1 and key in p.stdout,
                  f"{path}: {old!r} -> {new!r} is reported as {key!r} (exit {p.returncode}: {p.stdout.strip()})")
    with tempfile.TemporaryDirectory() as tmp:
        copy_tree(tmp)
        with open(os.path.join(tmp, "docs", "spec.md"), "a") as fh:
            fh.write("\n## Departures from the AMD register text (extra)\n| `US_CONFIG.FOO bits` | no such thing |\n")
        p = run("scripts/checks/check_isa_spec.py", "--regs", regs, cwd=tmp)
        check(p.returncode == 1 and "no longer a difference: US_CONFIG.FOO bits" in p.stdout,
              f"a listed departure that does not occur is reported ({p.stdout.strip()})")
    # The AMD side: a changed bit range in a copy of the register text is caught too.
    with tempfile.TemporaryDirectory() as tmp:
        shutil.copytree(regs, os.path.join(tmp, "regs"))
        edit(os.path.join(tmp, "regs", "us_fc_inst.txt"), r"^B_POP_CNT\s+20:16", "B_POP_CNT        21:16")
        p = run(CHECK_ISA_SPEC, "--regs", os.path.join(tmp, "regs"), cwd=ROOT)
        check(p.returncode == 1 and "US_FC_INST.B_POP_CNT bits" in p.stdout, f"AMD-side change caught ({p.stdout.strip()})")
    # An AMD description no reading covers is a difference of its own, not silently skipped.
    with tempfile.TemporaryDirectory() as tmp:
        shutil.copytree(regs, os.path.join(tmp, "regs"))
        edit(os.path.join(tmp, "regs", "us_cmn_inst.txt"), r"01 - Less than", "01 - Smaller than")
        p = run(CHECK_ISA_SPEC, "--regs", os.path.join(tmp, "regs"), cwd=ROOT)
        check(p.returncode == 1 and "US_CMN_INST.ALU_RESULT_OP=1 description" in p.stdout,
              f"an unread AMD description is reported ({p.stdout.strip()})")


def main():
    regs = os.path.abspath(sys.argv[1])
    stale_generated()
    spec_faults(regs)
    print(f"{len(failures)} failed" if failures else "all injected faults were caught")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
