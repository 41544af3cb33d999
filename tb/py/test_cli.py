#!/usr/bin/env python3
"""usasm/usdis from the command line (ASan/UBSan builds): encodings against independent sources, bad input,
illegal words, the Mesa dump layout.

Expected words come from outside the project: Mesa's flow-control words (reference notes, section 0) and
instructions of Mesa-compiled programs (../shared/corpus). Nothing here is copied from the tools' output."""
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checklib import check, checks, failures  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.path.join(ROOT, "build", "san", "bin")


def run(tool, *args):
    return subprocess.run([os.path.join(BIN, tool), *args], capture_output=True, text=True)


def words_of(path):
    return [int(w, 16) for w in re.findall(r"0x[0-9a-fA-F]+", open(path).read())]


def assemble(tmp, text, name="t.s"):
    s = os.path.join(tmp, name)
    h = os.path.join(tmp, name + ".hex")
    open(s, "w").write(text)
    p = run("usasm", s, "-o", h)
    return p, (words_of(h) if p.returncode == 0 else None), s


def mesa_fc_words(tmp):
    """Mesa's FC words for if/else/endif and a loop with break and continue (reference notes, section 0)."""
    src = """\
    if_else ELSE1           # 0: IF with an ELSE -> ELSE+1
    alu rgb: mad t0.r, src0.rrr, src0.rrr, src0.rrr
    else ENDIF              # 2: ELSE -> ENDIF+1
ELSE1:
    alu rgb: mad t0.g, src0.rrr, src0.rrr, src0.rrr
    endif                   # 4: ENDIF -> ENDIF+1 (implied)
ENDIF:
    loop END                # 5: BGNLOOP -> ENDLOOP
BODY:
    if AFTER                # 6: IF without ELSE -> ENDIF+1
    break OUT popcnt=1      # 7: BRK at depth 1 -> ENDLOOP+1
    continue END popcnt=1   # 8: CONT at depth 1 -> ENDLOOP
    endif                   # 9
AFTER:
END:
    endloop BODY            # 10: ENDLOOP -> BGNLOOP+1
OUT:
    out alpha: mad o0.a, src0.a, src0.a, src0.a
"""
    p, w, _ = assemble(tmp, src, "fc.s")
    check(p.returncode == 0, f"Mesa FC program assembles: {p.stderr.strip()}")
    if w is None:
        return
    inst = [w[i:i + 6] for i in range(0, len(w), 6)]
    exp = {0: (0x12000F00 | 0x08000000, 3), 2: (0x04010010, 5), 4: (0x01010020, 5), 5: (0x10000001, 10),
           6: (0x12000F00, 10), 7: (0x1400FF05 | 1 << 16, 11), 8: (0x1400FF07 | 1 << 16, 10), 9: (0x01010020, 10),
           10: (0x1000FF22, 6)}
    for i, (fc_inst, target) in exp.items():
        check(inst[i][0] == 0x00000002, f"FC {i}: inst0 is 0x{inst[i][0]:08x}, expected FC type 0x00000002")
        check(inst[i][2] == fc_inst, f"FC {i}: FC_INST 0x{inst[i][2]:08x}, expected 0x{fc_inst:08x}")
        check(inst[i][3] == target << 16, f"FC {i}: FC_ADDR 0x{inst[i][3]:08x}, expected target {target}")
        check(inst[i][1] == inst[i][4] == inst[i][5] == 0, f"FC {i}: unused dwords are zero")
    # Mesa sets ALU_WAIT on every FC: inst0 0x00000402.
    p, w, _ = assemble(tmp, "L: if L alu_wait\n", "wait.s")
    check(w is not None and w[0] == 0x00000402, "if ... alu_wait gives inst0 0x00000402")


def corpus_instructions(tmp):
    """Hand-written text for instructions of Mesa-compiled programs must give Mesa's words."""
    cases = [
        # shadertoy_circle_smoothstep.fs.txt, instruction 7
        ("out tex_sem_wait rgb: mad o0.rgb, src0.rrr, src1.ggg, src0.000\n"
         "    alpha: max.off o0.a, src0.1, src0.1\n    src0.rgb=t0 src1.rgb=t0\n",
         [0x00078005, 0x08000000, 0x08020080, 0x0024a000, 0x1cc18003, 0x00490000]),
        # texture.fs.txt, instruction 0
        ("tex ld t0.rgba, t0.rgaa, tex0 acquire tex_sem_wait\n",
         [0x00007807, 0x02400000, 0xe400f400, 0x00000000, 0x00000000, 0x00000000]),
        # texture_dual.fs.txt, instruction 2 (pre-subtract: srcp = src1 - src0)
        ("out tex_sem_wait rgb: mad o0.rgb, src2.rrr, srcp.rgb, src0.rgb\n"
         "  alpha: mad o0.a, src2.r, srcp.a, src0.a\n  src0=t1 src1=t2 src2.rgb=t0 srcp=sub\n",
         [0x00078005, 0x40000801, 0x48000801, 0x00446002, 0x00782000, 0x18220000]),
        # shadertoy_circle_smoothstep.fs.txt, instruction 4 (saturate, |x|, inline constant 10.0)
        ("alu rgb: mad.sat t0.r, |src0.r00|, src0.a00, src0.000\n  src0.rgb=t0 src0.a=10.0\n",
         [0x00080800, 0x08020000, 0x080200d2, 0x00919480, 0x00000000, 0x00490000]),
    ]
    for i, (text, exp) in enumerate(cases):
        p, w, _ = assemble(tmp, text, f"corpus{i}.s")
        check(p.returncode == 0, f"corpus case {i} assembles: {p.stderr.strip()}")
        check(w == exp, f"corpus case {i}: got {[hex(x) for x in (w or [])]}, Mesa wrote {[hex(x) for x in exp]}")


def bad_assembly(tmp):
    """Each bad source must fail with exit 2 and 'file:line: message' naming the right line."""
    cases = [
        ("alu rgb: mad t0.rgb, src0.rgb, src1.rgb\n", 1, "takes 3 operands"),
        ("alu rgb: mad t0.rgb, src0.rgb, src0.rgb, src0.rgb\n\n  src0=t200\n", 3, "out of range"),
        ("alu\n  rgb: mad t0.rgx, src0.rgb, src0.rgb, src0.rgb\n", 2, "bad write mask"),
        ("alu rgb: foo t0.rgb, src0.rgb\n", 1, "unknown rgb opcode"),
        ("# comment\nalu rgb: mad t0.r, src0.rgq, src0.r, src0.r\n", 2, "bad swizzle"),
        ("alu rgb: mad t0.r, src0.r, src0.r, src0.r src0=0.3\n", 1, "not an inline constant"),
        ("alu rgb: mad.x2 t0.r, src0.r, src0.r, src0.r rgb_inst.omod=x4\n", 1, "given twice"),
        ("alu rgb: mad.off t0.r, src0.r, src0.r, src0.r\n", 1, "OMOD 7"),
        ("alu rgb: sop t0.r\n", 1, "SOP needs"),
        ("alu rgb: mad t0.r, src0.r, src0.r, src0.r alpha: dp t0.a\n", 1, "alpha DP needs"),
        ("alu rgb: max.sat.off t0.r, src0.r, src0.r\n", 1, "cannot be combined with RGB_CLAMP"),
        ("if NOWHERE\n", 1, "undefined label"),
        ("X: alu alpha: rcp t0.a, src0.a\nX: alu alpha: rcp t0.a, src0.a\n", 2, "already defined"),
        ("loop L\nalu alpha: rcp t0.a, src0.a\nL: endif\n", 1, "matching endloop"),
        ("fc jump 3 b0=frob\n", 1, "unknown branch op"),
        ("fc jump 600\n", 1, "out of range"),
        ("  src0=t1\n", 1, "expected an instruction"),
        ("alu rgb: mad o0.rgb, src0.r, src0.r, src0.r\n", 1, "belong to out"),
        ("out rgb: mad p.rgb, src0.r, src0.r, src0.r\n", 1, "belong to alu"),
        ("tex ld t0.rgba, t1.rga, tex0\n", 1, "4 letters"),
        ("tex ld t0.rgba, t1.rgba, tex16\n", 1, "tex0..tex15"),
        (".inst 1, 2, 3\n", 1, "expected ','"),
        ("alu rgb: mad t0.r, src0.r, src0.r, src0.r fc_inst.op=1\n", 1, "not a dword of this instruction type"),
        ("alu rgb: mad t0.r, src0.r, src0.r, src0.r cmn.frob=1\n", 1, "no field"),
        ("alu alpha: rcp t0.a, src0.a $\n", 1, "unexpected character"),
        ("fc jump 0 rgb_pred=rgba\n", 1, "replicate"),
        ("".join("alu alpha: rcp t0.a, src0.a\n" for _ in range(513)), 513, "more than 512"),
    ]
    for i, (text, line, msg) in enumerate(cases):
        p, _, s = assemble(tmp, text, f"bad{i}.s")
        ok = p.returncode == 2 and p.stderr.startswith(f"{s}:{line}: ") and msg in p.stderr
        check(ok, f"bad asm {i} ({msg!r} at line {line}): exit {p.returncode}, stderr {p.stderr.strip()!r}")


def bad_hex(tmp):
    cases = [
        ("0x00000000, 0x1,\n0x2, 0x3,\nbanana, 0x5\n", 3, "not a 32-bit hex word"),
        ("0x0,0x0,0x0,0x0,0x0,0x0\n0x0\n", 2, "not a whole number"),
        ("# nothing\n", 2, "no instruction words"),
        ("0x123456789, 0, 0, 0, 0, 0\n", 1, "not a 32-bit hex word"),
        ("0x0,\n" * (6 * 513), 6 * 512 + 1, "more than 512"),
    ]
    for i, (text, line, msg) in enumerate(cases):
        h = os.path.join(tmp, f"bad{i}.hex")
        open(h, "w").write(text)
        p = run("usdis", h)
        ok = p.returncode == 2 and p.stderr.startswith(f"{h}:{line}: ") and msg in p.stderr
        check(ok, f"bad hex {i} ({msg!r} at line {line}): exit {p.returncode}, stderr {p.stderr.strip()!r}")
    h = os.path.join(tmp, "nul.hex")
    open(h, "wb").write(b"0x0,\n0x0\x00,\n")
    p = run("usdis", h)
    check(p.returncode == 2 and f"{h}:2:" in p.stderr, f"NUL byte rejected with file:line: {p.stderr.strip()!r}")
    for tool, args in (("usdis", []), ("usasm", ["x.s"]), ("usdis", ["--frob", "x"]), ("usdis", ["/nonexistent.hex"])):
        p = run(tool, *args)
        check(p.returncode == 2 and p.stderr, f"{tool} {args}: exit 2 with a message (got {p.returncode})")


def illegal_words(tmp):
    """Reserved opcodes and values outside an enum are printed raw, flagged, and never changed."""
    progs = {
        "rgb reserved op 6": [0x00000000, 0x08020080, 0x08020080, 0x00000000, 0x00000000, 0x00000006],
        "alpha reserved op 4": [0x00000000, 0x08020080, 0x08020080, 0x00000000, 0x00000004, 0x00000000],
        "rgb op 13": [0x00000000, 0x08020080, 0x08020080, 0x00000000, 0x00000000, 0x0000000d],
        "A_OP 3": [0x00000002, 0x00000000, 0x000000C0, 0x00000000, 0x00000000, 0x00000000],
        "TEX op 7": [0x00000003, 0x01C00000, 0xE4000000, 0x00000000, 0x00000000, 0x00000000],
        "FC reserved bit 3": [0x00000002, 0x00000000, 0x00000008, 0x00000000, 0x00000000, 0x00000000],
        "FC unused dword 5": [0x00000002, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000001],
        "pred sel 7": [0x00000038, 0x08020080, 0x08020080, 0x00000000, 0x00000000, 0x00000000],
    }
    for name, w in progs.items():
        h = os.path.join(tmp, "ill.hex")
        open(h, "w").write("".join(f"0x{x:08x},\n" for x in w))
        p = run("usdis", h)
        check(p.returncode == 0 and ".inst" in p.stdout and "illegal:" in p.stdout and "1 illegal" in p.stderr,
              f"{name}: printed raw and flagged (got {p.stdout.strip()!r}, {p.stderr.strip()!r})")
        _, back, _ = assemble(tmp, p.stdout, "ill.s")
        check(back == w, f"{name}: round trip keeps the words ({back})")


def mesa_dump(tmp):
    """The --mesa layout of reference notes section 3, e.g. Mesa's own IF line."""
    _, _, s = assemble(tmp, "    if L alu_wait\nL:  out alpha: mad o0.a, src0.a, src0.a, src0.a\n", "m.s")
    h = s + ".hex"
    p = run("usdis", h, "--mesa")
    out = p.stdout
    check(p.returncode == 0, "usdis --mesa exits 0")
    check(out.startswith("R500 Fragment Program:\n--------\n"), "Mesa dump header")
    check("0:CMN_INST   0x00000402:FC" in out and "ALU WAIT" in out, "CMN_INST line of the FC")
    check(":0x0f 0 JUMP NONE INCR NONE 0 0 1 IGN_UNC" in out, f"FC_INST columns as Mesa prints its IF:\n{out}")
    check("BOOL: 0x00, INT: 0x00, JUMP_ADDR: 1, JMP_GLBL: 0" in out, "FC_ADDR line")
    check("Addr0: 128t, Addr1: 128t, Addr2: 128t, srcp:0" in out, "RGB_ADDR line with unused sources")
    check(re.search(r"4 ALPHA_INST:0x[0-9a-f]{8}:MAD dest:0 alp_A_src:0 A 0", out) is not None, "ALPHA_INST line")
    check("wmask: NONE omask: A" in out, "omask of an alpha output")


def docs_examples(tmp):
    """Every asm example in docs/asm.md assembles, and disassembling it gives the same words back."""
    text = open(os.path.join(ROOT, "docs", "asm.md")).read()
    blocks = re.findall(r"```asm\n(.*?)```", text, re.S)
    check(len(blocks) >= 5, f"docs/asm.md has asm examples ({len(blocks)})")
    for i, b in enumerate(blocks):
        p, w, s = assemble(tmp, b, f"doc{i}.s")
        check(p.returncode == 0, f"docs/asm.md example {i} assembles: {p.stderr.strip()}")
        if w is None:
            continue
        d = run("usdis", s + ".hex")
        _, back, _ = assemble(tmp, d.stdout, f"doc{i}b.s")
        check(d.returncode == 0 and back == w, f"docs/asm.md example {i} round trips (usdis exit {d.returncode})")


def main():
    with tempfile.TemporaryDirectory() as tmp:
        docs_examples(tmp)
        mesa_fc_words(tmp)
        corpus_instructions(tmp)
        bad_assembly(tmp)
        bad_hex(tmp)
        illegal_words(tmp)
        mesa_dump(tmp)
    print(f"{checks[0]} checks, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
