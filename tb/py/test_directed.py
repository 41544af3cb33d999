#!/usr/bin/env python3
"""The directed vectors (vectors/smoke/directed-*.vec, model/gen/us_gen_directed.c) reach the corners they are
for, and each catches its bugs:
- their key expectations agree with values worked out here from the spec and the CTM Guide, not from the model:
  the final counters and flags of the flow-control programs (docs/spec.md section 4), every OMOD result of
  the OMOD vector, computed from the OMOD rules (exact scaling, no denormal results, signed zeros), and every
  result of the paired ops vector (rgb SOP, alpha DP) under each running pattern, from the maths of the
  transcendentals and dot products on inputs where they are exact and the pairing rules of docs/spec.md
  section 5; that vector hits rgb SOP and alpha DP with every non-empty running pattern (uscov);
- the vectors for the RTL coverage holes: a BREAK with JUMP_ANY beside killed and inactive members that would
  want (spec section 4), the watchdog ending an endless loop (section 7: the flag, the retired count, the
  increments done), the transcendentals' special inputs (docs/fp.md B.5 and its exact results, every NaN
  written as 0x7FFFFFFF by the OMOD, CTM p.29), a program loaded through the instruction bank registers after
  a US_PIXSIZE write (host arithmetic), one loaded at slot 300 with US_CODE_OFFSET and START_ADDR (section 4's
  relative targets), and the error vectors of the four pairing rules (sections 2 and 7: the raw word breaks the
  rule its name says, the quad ends on illegal_inst after the ALU before it, nothing after it runs);
- planted bugs: on a copy of the model (model/, the Makefile, built into the copy with the Makefile's own rules),
  each one-line mutation of us_fc.c (B_OP INCR, BREAK/CONTINUE decisions, jump targets), us_fp_x4.h (OMOD),
  us_alu_units.c or us_fp_lanes.c (the paired ops), us_fp_trans.c (special inputs), us_quad.c (watchdog, start
  PC), us_shader.c (the banks) or us_inst.c (the pairing rules) makes the vectors
  named for it fail under the copy's usim, and, where the bug changes results (not only the branch state of a
  killed pixel), they fail with the retire trace and the retired count taken out too; the unmutated copy passes
  them all. A mutation whose text is no longer in the source fails the test (it has gone stale).
usage: test_directed.py"""
import glob
import math
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checklib import build_tool_copy, check, summary  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SMOKE = os.path.join(ROOT, "vectors", "smoke")
NAMES = ["incr-inactive", "incr-helper", "incr-continue", "break-any", "break-killed", "omod-min-normal",
         "sop-dp-running", "break-any-gone", "watchdog", "trans-special", "banks", "relocated",
         "unloaded"]
# the error vectors of the pairing rules (model/gen/us_gen.c), by their whole name
ERRORS = ["error-alpha_omod_op", "error-alpha_omod_clamp", "error-sop_pairing", "error-fc_pred_rgba"]

# (name, file, text, replacement, vectors that must fail, whether results change): one line each
FC, FP4, ALU = "model/golden/us_fc.c", "model/golden/us_fp_x4.h", "model/golden/us_alu_units.c"
LANES = "model/golden/us_fp_lanes.c"
TRANS, QUAD, SHADER, INST = "model/golden/us_fp_trans.c", "model/golden/us_quad.c", "model/golden/us_shader.c", \
    "model/isa/us_inst.c"
DISAGREE = "uint8_t disagree = v->running & us_quad_running(q) & (uint8_t)(jumped ? ~v->want : v->want);"
JUMP = "jump = fi->jump_any ? (v.want & v.voters) != 0 : (members & (uint8_t)~gone) == 0;"
GONE = "uint8_t gone = top->broken | q->killed | (brk ? 0u : top->continued);"
# OMOD's flush to a signed zero, as the ALU's lane form computes it (four lanes at a time)
TINY = ("u32x4 to_zero = (u32x4)(mag < (i32x4){0x00800000, 0x00800000, 0x00800000, 0x00800000}) |\n"
        "                    (u32x4)(scaled < (i32x4){1, 1, 1, 1});")
SIGNED = "u32x4 v = (r & u32x4_splat(0x80000000u)) | m | (to_inf & (u32x4)inf);"
PLANTS = [
    # corner 1: B_OP INCR deactivates only the pixels that ran at the vote and still run
    ("INCR deactivates every pixel that did not want what the quad does (inactive, killed, masked)", FC, DISAGREE,
     "uint8_t disagree = (uint8_t)(jumped ? ~v->want : v->want) & 0xFu;", ["incr-inactive"], True),
    ("INCR deactivates killed pixels", FC, DISAGREE,
     "uint8_t disagree = (uint8_t)~(q->inactive | us_quad_masked(q)) & (uint8_t)(jumped ? ~v->want : v->want);",
     ["incr-inactive"], False),
    ("INCR deactivates pixels that continued or broke at this instruction", FC, DISAGREE,
     "uint8_t disagree = v->running & (uint8_t)(jumped ? ~v->want : v->want);", ["incr-continue"], True),
    ("INCR spares uncovered pixels under IGNORE_UNCOVERED (voters instead of running pixels)", FC, DISAGREE,
     "uint8_t disagree = v->voters & us_quad_running(q) & (uint8_t)(jumped ? ~v->want : v->want);",
     ["incr-helper"], True),
    # corner 2: BREAK with JUMP_ANY decides on the voters
    ("BREAK JUMP_ANY counts the wants of all members (uncovered ones too)", FC, JUMP,
     "jump = fi->jump_any ? (v.want & top->member) != 0 : (members & (uint8_t)~gone) == 0;", ["break-any"], True),
    ("BREAK JUMP_ANY jumps when any member is gone", FC, JUMP,
     "jump = fi->jump_any ? (members & gone) != 0 : (members & (uint8_t)~gone) == 0;", ["break-any"], True),
    ("BREAK JUMP_ANY decides like JUMP_ANY = 0 (every member gone)", FC, JUMP,
     "jump = (members & (uint8_t)~gone) == 0;", ["break-any"], True),
    # the same, with the wants of the covered members that do not run (killed, inactive): for JUMP_FUNC 0xF0, the
    # vector's, a member's want is its ALU-result bit
    ("BREAK JUMP_ANY counts the wants of killed and inactive covered members", FC, JUMP,
     "jump = fi->jump_any ? (members & q->alu_result) != 0 : (members & (uint8_t)~gone) == 0;", ["break-any-gone"],
     True),
    # corner 3: BREAK with JUMP_ANY = 0 counts killed members as gone (and uncovered ones not at all)
    ("BREAK JUMP_ANY=0 waits for killed members", FC, GONE,
     "uint8_t gone = top->broken | (brk ? 0u : top->continued);", ["break-killed"], True),
    ("BREAK JUMP_ANY=0 waits for uncovered members under IGNORE_UNCOVERED", FC,
     "uint8_t members = counting_members(q, top, fi->ignore_uncovered);",
     "uint8_t members = counting_members(q, top, false);", ["break-killed"], True),
    # corner 4: OMOD at the bottom of the normal range
    ("OMOD keeps a result of exponent 0 (a denormal) instead of flushing it", FP4, TINY,
     TINY.replace("(scaled < (i32x4){1, 1, 1, 1})", "(scaled < (i32x4){0, 0, 0, 0})"), ["omod-min-normal"], True),
    ("OMOD flushes results of exponent 1 (the smallest normals)", FP4, TINY,
     TINY.replace("(scaled < (i32x4){1, 1, 1, 1})", "(scaled < (i32x4){2, 2, 2, 2})"), ["omod-min-normal"], True),
    ("OMOD scales a denormal instead of flushing it", FP4, TINY,
     "u32x4 to_zero = (u32x4)(scaled < (i32x4){1, 1, 1, 1});", ["omod-min-normal"], True),
    ("OMOD flushes to +0 whatever the sign", FP4, SIGNED,
     "u32x4 v = (r & u32x4_splat(0x80000000u) & ~to_zero) | m | (to_inf & (u32x4)inf);", ["omod-min-normal"], True),
    # corner 5: the paired ops
    ("rgb SOP takes the alpha result after the alpha OMOD", ALU, "memcpy(r + ch * N, alpha, N * sizeof *r);",
     "for (unsigned p = 0; p < N; p++) r[ch * N + p] = us_fp_omod(alpha[p], x->d->u.alu.alpha_inst.omod);",
     ["sop-dp-running"], True),
    ("alpha DP takes the dot product after the rgb OMOD", ALU,
     "case US_ALU_ALPHA_INST_ALPHA_OP_DP: memcpy(r, dot, N * sizeof *r); break;",
     "case US_ALU_ALPHA_INST_ALPHA_OP_DP: for (unsigned p = 0; p < N; p++) r[p] = us_fp_omod(dot[p], "
     "x->d->u.alu.rgb_inst.omod); break;", ["sop-dp-running"], True),
    ("DP4 leaves out the alpha operands' product", LANES, "a[2 * n + i], a[3 * n + i]};", "a[2 * n + i], 0u};",
     ["sop-dp-running"], True),
    ("D2A adds C.r instead of C.b", ALU, "operand(o, 2) + 2 * N, N, legacy);", "operand(o, 2), N, legacy);",
     ["sop-dp-running"], True),
    # the RTL coverage holes
    ("the watchdog ends a quad one instruction early", QUAD, "else if (q->retired >= sh->params.watchdog) {",
     "else if (q->retired + 1u >= sh->params.watchdog) {", ["watchdog"], True),
    ("LN2 forgets its NaN test (a positive NaN reads as +inf)", TRANS,
     "frac = a & FRAC_MASK;\n    if (is_nan(a))\n        return quiet(a);", "frac = a & FRAC_MASK;",
     ["trans-special"], True),
    ("RSQ tests the sign before zero (RSQ(-0) = NaN)", TRANS,
     "if (e == 0)\n        return sign | POS_INF;\n    if (sign)\n        return DEFAULT_NAN;",
     "if (sign)\n        return DEFAULT_NAN;\n    if (e == 0)\n        return sign | POS_INF;", ["trans-special"],
     True),
    ("SIN of -0 is +0", TRANS, "return is_cos ? US_FP_ONE : sign;", "return is_cos ? US_FP_ONE : 0u;",
     ["trans-special"], True),
    ("EX2 of -inf (and a <= -128) is +inf", TRANS, "return sign ? 0 : POS_INF;", "return POS_INF;",
     ["trans-special"], True),
    ("the instruction bank registers store into the wrong dword", SHADER, "sh->imem[i].w[d] = value;",
     "sh->imem[i].w[5u - d] = value;", ["banks"], True),
    ("the start PC leaves out US_CODE_OFFSET", QUAD, "q->pc = (start + offset) & (US_MAX_INST - 1u);",
     "q->pc = (start + 0u * offset) & (US_MAX_INST - 1u);", ["relocated"], True),
    ("FC jump targets leave out US_CODE_OFFSET", FC, "(fa->jump_addr + (fa->jump_global ? 0u : offset))",
     "(fa->jump_addr + (fa->jump_global ? 0u : 0u * offset))", ["relocated"], True),
    ("alpha OMOD 7 is legal beside any op", INST,
     "if (!omod_op_ok(d->u.alu.alpha_inst.omod, alpha_is_selector(aop)))",
     "if (!omod_op_ok(d->u.alu.alpha_inst.omod, true || alpha_is_selector(aop)))", ["error-alpha_omod_op"], True),
    ("alpha OMOD 7 is checked against RGB_CLAMP", INST,
     "d->u.alu.alpha_inst.omod == US_ALU_ALPHA_INST_OMOD_DISABLE && d->cmn.alpha_clamp)",
     "d->u.alu.alpha_inst.omod == US_ALU_ALPHA_INST_OMOD_DISABLE && d->cmn.rgb_clamp)", ["error-alpha_omod_clamp"],
     True),
    ("rgb SOP accepts alpha MAD", INST, "if (rop == US_ALU_RGBA_INST_RGB_OP_SOP && !alpha_is_transcendental(aop))",
     "if (rop == US_ALU_RGBA_INST_RGB_OP_SOP && !alpha_is_transcendental(aop) && aop != US_ALU_ALPHA_INST_ALPHA_OP_MAD"
     ")",
     ["error-sop_pairing"], True),
    ("the FC RGBA predicate rule reads ALPHA_PRED_SEL", INST,
     "d.cmn.rgb_pred_sel == US_CMN_INST_RGB_PRED_SEL_RGBA)",
     "d.cmn.alpha_pred_sel == US_CMN_INST_ALPHA_PRED_SEL_RGBA)", ["error-fc_pred_rgba"], True),
]


def read_vec(path):
    """{(pixel, temp): [4 values or None]}, killed mask, and the lines, of a vector's expectations."""
    temps, killed = {}, None
    lines = open(path).read().splitlines()
    for ln in lines:
        t = ln.split("#", 1)[0].split()
        if t[:2] == ["expect", "temp"]:
            temps[(int(t[2]), int(t[3]))] = [None if x == "-" else int(x, 16) for x in t[4:8]]
        elif t[:2] == ["expect", "killed"]:
            killed = int(t[2], 16)
    return temps, killed, lines


def expect_outs(lines):
    """{(target, pixel): [4 values]} of a vector's `expect out` lines."""
    out = {}
    for ln in lines:
        t = ln.split("#", 1)[0].split()
        if t[:2] == ["expect", "out"]:
            out[(int(t[2]), int(t[3]))] = [int(x, 16) for x in t[4:8]]
    return out


def field(lines, *key):
    """The first value after the words `key` on a line of the vector (or None)."""
    for ln in lines:
        t = ln.split("#", 1)[0].split()
        if tuple(t[:len(key)]) == key and len(t) > len(key):
            return t[len(key)]
    return None


def inputs(lines):
    """{(pixel, temp): [4 values]} of a vector's inputs."""
    out = {}
    for ln in lines:
        t = ln.split("#", 1)[0].split()
        if t and t[0] == "temp":
            out[(int(t[1]), int(t[2]))] = [int(x, 16) for x in t[3:7]]
    return out


ONE, TWO, THREE = 0x3F800000, 0x40000000, 0x40400000
_ = None
# Worked out from docs/spec.md section 4 and the CTM's FC facts (p.36-37), per the programs' comments in
# model/gen/us_gen_directed.c: {(pixel, temp): [r, g, b, a] with None = not written}, and the killed mask.
FC_EXPECT = {
    # p3 killed; p0, p1 outer then + inner else (t2.g); p2 outer else (t2.b): the inner IF_ELSE's INCR only
    # counts the inactive pixel 2 up, so the inner ENDIF does not wake it and it runs the outer else-part
    "incr-inactive": ({(0, 2): [_, ONE, _, _], (1, 2): [_, ONE, _, _], (2, 2): [_, _, ONE, _]}, 0x8),
    # the helper, deactivated by both INCRs, runs only the first else-part
    "incr-helper": ({(p, 2): [ONE, _, _, ONE] for p in range(3)} | {(3, 2): [_, ONE, _, _]}, 0x0),
    # three iterations for everybody; pixel 0 skips the rest of iterations 1-3, pixel 1 of iterations 2-3
    "incr-continue": ({(p, 9): [THREE, _, _, _] for p in range(4)} |
                      {(1, 10): [ONE, _, _, _], (2, 10): [THREE, _, _, _], (3, 10): [THREE, _, _, _]}, 0x0),
    # helper breaks alone in iteration 1, nobody wants in 2, pixel 1 takes the quad out in 3
    "break-any": ({(1, 9): [THREE, _, _, _], (2, 9): [THREE, _, _, _], (3, 9): [ONE, _, _, _],
                   (1, 10): [TWO, _, _, _], (2, 10): [TWO, _, _, _]}, 0x1),
    # loop 1: pixel 0 killed in iteration 1 with its result set (a member, not a voter), pixel 1 takes the quad
    # out in iteration 3; loop 2: the inactive members 2, 3 (result set) do not count at pixel 1's break
    "break-any-gone": ({(0, 9): [ONE, _, _, _]} | {(p, 9): [THREE, _, _, _] for p in (1, 2, 3)} |
                       {(p, 10): [TWO, _, _, _] for p in (1, 2, 3)} | {(p, 11): [THREE, _, _, _] for p in (1, 2, 3)} |
                       {(2, 12): [THREE, _, _, _], (3, 12): [THREE, _, _, _], (1, 13): [THREE, _, _, _]}, 0x1),
    # three iterations at slot 302 on; the IF counts t10 in pixels 0 and 2 (t1.r = 1)
    "relocated": ({(p, 9): [THREE, _, _, _] for p in range(4)} |
                  {(0, 10): [THREE, _, _, _], (2, 10): [THREE, _, _, _]}, 0x0),
    # pixel 1 breaks in iteration 1, pixel 2 in 2 with pixel 0 killed: out, the helper with them
    "break-killed": ({(0, 9): [ONE, _, _, _], (1, 9): [ONE, _, _, _], (2, 9): [TWO, _, _, _], (3, 9): [TWO, _, _, _],
                      (2, 10): [ONE, _, _, _], (3, 10): [ONE, _, _, _]}, 0x1),
}

SIGN, EXP = 0x80000000, 0x7F800000


def omod(x, k):
    """The OMOD scale 2^k of x from the CTM rules (p.29, p.40): a denormal is a zero of its sign (x1 included),
    the scale is exact, a result below 2^-126 is a zero of its sign. No input here is near overflow."""
    e = (x & EXP) >> 23
    if e == 0 or e + k < 1:
        return x & SIGN
    return (x & ~EXP) | ((e + k) << 23)


def mad_times(x, k):
    """MAD x * 2^k + (+0), two roundings (docs/spec.md section 5): denormal inputs read as zeros of their sign,
    a product below 2^-126 is a zero of its sign, and adding +0 to a zero gives +0 (CTM p.41: the adder makes
    -0 only from two negative inputs)."""
    e = (x & EXP) >> 23
    if e == 0 or e + k < 1:
        return 0
    return (x & ~EXP) | ((e + k) << 23)


def omod_expect(t0):
    """{(pixel, temp): 4 values} for t1..t16 of the OMOD vector from its inputs t0."""
    scales = [0, 1, 2, 3, -1, -2, -3]  # x1 x2 x4 x8 /2 /4 /8
    out = {}
    for p in range(4):
        xs = t0[(p, 0)]
        for i, k in enumerate(scales):
            out[(p, 1 + i)] = [omod(mad_times(x, 0), k) for x in xs]  # MAD x*1+0
            out[(p, 8 + i)] = [omod(x, k) for x in xs]  # MAX(x, x) returns x's own bits
        out[(p, 15)] = [omod(mad_times(x, -1), 1) for x in xs]  # MAD x*0.5+0, x2
        out[(p, 16)] = [omod(mad_times(x, -1), 3) for x in xs]  # x8
    return out


def f32(x):
    """fp32 bits of a Python float that fp32 holds exactly (checked)."""
    b = struct.unpack("<I", struct.pack("<f", x))[0]
    if struct.unpack("<f", struct.pack("<I", b))[0] != x:
        raise ValueError(f"{x} is not an fp32 value")
    return b


def val(bits):
    return struct.unpack("<f", struct.pack("<I", bits))[0]


def quarter_turn(f, a):
    """sin/cos(2 pi a) where a is a multiple of 1/4 turn: exactly -1, 0 or 1."""
    if (4 * a) != int(4 * a):
        raise ValueError(f"{a} is not a multiple of a quarter turn")
    return float(round(f(2 * math.pi * a)))


# corner 5: pattern k (1..15) runs transcendental TRANS[(k-1) % 6] on t(1 + (k-1) % 6).a and dot product
# DOTS[(k-1) % 3] on t8, t9, t10, as model/gen/us_gen_directed.c's comment says; results in t(32+k), t(48+k).
TRANS = [("ex2", lambda a: 2.0 ** a), ("ln2", math.log2), ("rcp", lambda a: 1 / a),
         ("rsq", lambda a: 1 / math.sqrt(a)), ("sin", lambda a: quarter_turn(math.sin, a)),
         ("cos", lambda a: quarter_turn(math.cos, a))]
DOTS = {"dp3": lambda A, B, C: A[0] * B[0] + A[1] * B[1] + A[2] * B[2],
        "dp4": lambda A, B, C: A[0] * B[0] + A[1] * B[1] + A[2] * B[2] + A[3] * B[3],
        "d2a": lambda A, B, C: A[0] * B[0] + A[1] * B[1] + C[2]}


def sop_dp_expect(t_in):
    """{(pixel, temp): 4 values} of the paired-ops vector from its inputs, by docs/spec.md section 5: rgb SOP is
    the alpha unit's f(A) before the alpha OMOD (x2 here), alpha DP the rgb dot product before the rgb OMOD (x2
    here: DP4's fourth product is the alpha operands', D2A adds C.b); only the pixels whose condition t(16+k).r
    is not 0 run the IF body, and only they are written. Also the running patterns, one per k."""
    out, patterns = {}, []
    for k in range(1, 16):
        name, f = TRANS[(k - 1) % 6]
        dot = list(DOTS)[(k - 1) % 3]
        runs = [p for p in range(4) if t_in.get((p, 16 + k), [0] * 4)[0] != 0]
        patterns.append(sum(1 << p for p in runs))
        for p in runs:
            r = f(val(t_in.get((p, 1 + (k - 1) % 6), [0] * 4)[3]))  # all-zero inputs are not listed
            out[(p, 32 + k)] = [f32(r)] * 3 + [f32(2 * r)]
            A, B, C = ([val(x) for x in t_in.get((p, t), [0] * 4)] for t in (8, 9, 10))
            d = DOTS[dot](A, B, C)
            out[(p, 48 + k)] = [f32(2 * d)] * 3 + [f32(d)]
    return out, patterns


NAN_OUT, POS_INF, NEG_INF = 0x7FFFFFFF, 0x7F800000, 0xFF800000
TRANS_OPS = ["ex2", "ln2", "rcp", "rsq", "sin", "cos"]


def trans_expect(op, x):
    """The written value of transcendental op on input bits x: docs/fp.md B.5's special values (after DAZ), else
    the exact result the host gives (the vector's finite inputs have exact results: B.5's list), then the OMOD x1
    that writes every NaN as 0x7FFFFFFF (CTM p.29, fact 49)."""
    e, frac, neg = (x >> 23) & 0xFF, x & 0x7FFFFF, x >> 31
    if e == 0xFF and frac:
        return NAN_OUT  # NaN in, NaN out
    if e == 0:  # a zero or a denormal of its sign
        return {"rcp": NEG_INF if neg else POS_INF, "rsq": NEG_INF if neg else POS_INF, "ex2": ONE,
                "ln2": NEG_INF, "sin": SIGN if neg else 0, "cos": ONE}[op]
    if e == 0xFF:  # an infinity
        if neg:
            return {"rcp": SIGN, "rsq": NAN_OUT, "ex2": 0, "ln2": NAN_OUT, "sin": NAN_OUT, "cos": NAN_OUT}[op]
        return {"rcp": 0, "rsq": 0, "ex2": POS_INF, "ln2": POS_INF, "sin": NAN_OUT, "cos": NAN_OUT}[op]
    if neg and op in ("rsq", "ln2"):
        return NAN_OUT  # negative finite
    a = val(x)
    if op in ("sin", "cos"):
        if 2 * a != int(2 * a):
            raise ValueError(f"{a} is not a multiple of 1/2")
        if op == "sin":  # a zero with the sign of a at every multiple of 1/2
            return f32(math.copysign(0.0, a))
        return f32(quarter_turn(math.cos, a))
    return f32({"ex2": lambda: 2.0 ** a, "ln2": lambda: math.log2(a), "rcp": lambda: 1 / a,
                "rsq": lambda: 1 / math.sqrt(a)}[op]())


def trans_special_expect(t_in):
    """{(pixel, temp): 4 values} of the special-inputs vector: op k of TRANS_OPS on tj.a (j = 1..3) into
    t(10 + 3k + j - 1), rgb SOP and alpha alike."""
    out = {}
    for k, op in enumerate(TRANS_OPS):
        for j in (1, 2, 3):
            for p in range(4):
                out[(p, 10 + 3 * k + j - 1)] = [trans_expect(op, t_in.get((p, j), [0] * 4)[3])] * 4
    return out


def inst_words(lines, slot):
    """The six words of the vector's `inst SLOT` line (or None)."""
    for ln in lines:
        t = ln.split("#", 1)[0].split()
        if t[:2] == ["inst", str(slot)]:
            return [int(x, 16) for x in t[2:8]]
    return None


def bits(w, hi, lo):
    return (w >> lo) & ((1 << (hi - lo + 1)) - 1)


SELECT_ALPHA = {2, 3, 5, 6}  # MIN MAX CND CMP (spec/isa.txt)


def pairing_broken(name, w):
    """Whether the raw word w breaks the rule the error vector's name says (docs/spec.md section 2, rules 4 and 5),
    read from the fields of spec/isa.txt: US_CMN_INST TYPE 1:0, RGB_PRED_SEL 5:3, ALPHA_CLAMP 20; US_ALU_ALPHA_INST
    ALPHA_OP 3:0, OMOD 28:26; US_ALU_RGBA_INST RGB_OP 3:0."""
    cmn, alpha, rgba = w[0], w[4], w[5]
    aop, omod, clamp = bits(alpha, 3, 0), bits(alpha, 28, 26), bits(cmn, 20, 20)
    alu = bits(cmn, 1, 0) in (0, 1)
    return {"error-alpha_omod_op": alu and omod == 7 and aop not in SELECT_ALPHA and not clamp,
            "error-alpha_omod_clamp": alu and omod == 7 and aop in SELECT_ALPHA and clamp == 1,
            "error-sop_pairing": alu and bits(rgba, 3, 0) == 10 and not 8 <= aop <= 13,
            "error-fc_pred_rgba": bits(cmn, 1, 0) == 2 and bits(cmn, 5, 3) == 1}[name]


def paired_coverage(vec, tmp):
    """The rgb:SOP and alpha:DP bins of alu_op_pattern the vector hits (uscov's TSV)."""
    out = os.path.join(tmp, "cov-sop-dp")
    p = subprocess.run([os.path.join(ROOT, "build", "bin", "uscov"), "--vectors", vec, "--out", out],
                       capture_output=True, text=True)
    if p.returncode != 0:
        return set()
    bins = set()
    for ln in open(os.path.join(out, "coverage.tsv")):
        f = ln.rstrip("\n").split("\t")
        if f[0] == "bin" and f[1] == "alu_op_pattern" and f[2].split(" x ")[0] in ("rgb:SOP", "alpha:DP"):
            bins.add(f[2])
    return bins


def usim_fails(usim, vec, strip, tmp):
    """True if usim fails the vector (exit 1); with strip, the trace and retired expectations are left out."""
    if strip:
        dst = os.path.join(tmp, "stripped-" + os.path.basename(vec))
        with open(vec) as src, open(dst, "w") as out:
            out.writelines(ln for ln in src if not ln.startswith(("expect trace", "expect retired")))
        vec = dst
    p = subprocess.run([usim, vec], capture_output=True, text=True)
    if p.returncode not in (0, 1):
        raise RuntimeError(f"usim {vec}: exit {p.returncode}: {p.stdout[-300:]} {p.stderr[-300:]}")
    return p.returncode == 1


def main():
    vecs = {n: os.path.join(SMOKE, f"directed-{n}.vec") for n in NAMES} | \
        {n: os.path.join(SMOKE, f"{n}.vec") for n in ERRORS}
    found = sorted(os.path.basename(f) for f in glob.glob(os.path.join(SMOKE, "directed-*.vec")))
    check(found == sorted(f"directed-{n}.vec" for n in NAMES), f"vectors/smoke holds the directed vectors ({found})")
    if not all(os.path.exists(v) for v in vecs.values()):
        return summary()

    # The expectations, worked out independently.
    for name, (want, killed) in FC_EXPECT.items():
        temps, k, lines = read_vec(vecs[name])
        keys = {key for key in temps if key[1] in {t for _, t in want}}
        bad = [(key, temps.get(key), want.get(key)) for key in sorted(keys | set(want)) if temps.get(key) != want.get(key)]
        check(not bad and k == killed and any(ln.startswith("expect trace") for ln in lines),
              f"directed-{name}: the final counters and flags are the spec's, with the trace expected "
              f"(differences: {bad[:3]}, killed {k} vs {killed})")
    temps, _, lines = read_vec(vecs["omod-min-normal"])
    want = omod_expect(inputs(lines))
    bad = [(key, [hex(x) for x in temps.get(key) or []], [hex(x) for x in v]) for key, v in sorted(want.items())
           if temps.get(key) != v]
    check(not bad and len(want) == 64, f"directed-omod-min-normal: every OMOD result (t1-t16, 4 pixels) is the one the "
          f"OMOD rules give ({len(bad)} differ: {bad[:2]})")
    below = [x for p in range(4) for x in inputs(lines)[(p, 0)] if 0x00800000 <= (x & 0x7FFFFFFF) < 0x02800000]
    check(len(below) >= 12 and {(x & EXP) >> 23 for x in below} == {1, 2, 3, 4} and any(x & SIGN for x in below),
          f"the OMOD inputs hold both signs of exponent fields 1-4 ({len(below)} values)")

    temps, _, lines = read_vec(vecs["sop-dp-running"])
    want, patterns = sop_dp_expect(inputs(lines))
    got = {key: v for key, v in temps.items() if 33 <= key[1] <= 47 or 49 <= key[1] <= 63}
    bad = [(key, got.get(key), want.get(key)) for key in sorted(set(got) | set(want)) if got.get(key) != want.get(key)]
    check(not bad and len(want) == 64, f"directed-sop-dp-running: rgb SOP and alpha DP write the spec's values, in "
          f"the running pixels only ({len(want)} temporaries; {len(bad)} differ: {bad[:2]})")
    check(sorted(patterns) == list(range(1, 16)), f"directed-sop-dp-running: its IFs run the 15 non-empty pixel "
          f"patterns ({patterns})")

    # The RTL coverage holes.
    temps, _, lines = read_vec(vecs["relocated"])
    offset, code = field(lines, "reg", "US_CODE_OFFSET"), field(lines, "reg", "US_CODE_ADDR")
    slots = [int(ln.split()[1]) for ln in lines if ln.startswith("inst ")]
    check(offset is not None and int(offset, 16) == 300 and code is not None and int(code, 16) & 0x1FF == 2 and
          slots and min(slots) == 300 and field(lines, "expect", "errors") == "none" and
          not [k for k in temps if k[1] in (11, 12)],
          f"directed-relocated: loaded at slot 300 with US_CODE_OFFSET 300 and START_ADDR 2; no poison write (t11, "
          f"t12) runs and no error ({offset}, {code}, first slot {min(slots) if slots else None})")

    temps, _, lines = read_vec(vecs["watchdog"])
    wd = int(field(lines, "param", "watchdog") or 0)
    want = {(p, 9): [f32(float((wd + 1) // 2)), None, None, None] for p in range(4)}
    check(0 < wd <= 1000 and field(lines, "expect", "errors") == "watchdog" and
          field(lines, "expect", "retired") == str(wd) and temps == want and not expect_outs(lines),
          f"directed-watchdog: the quad ends on the watchdog after {wd} instructions, (watchdog + 1) / 2 increments "
          f"done, no output (errors {field(lines, 'expect', 'errors')}, retired {field(lines, 'expect', 'retired')}, "
          f"t9 {[temps.get((p, 9)) for p in range(4)]})")

    temps, _, lines = read_vec(vecs["trans-special"])
    t_in = inputs(lines)
    args = {t_in.get((p, j), [0] * 4)[3] for p in range(4) for j in (1, 2, 3)}
    classes = {"+nan", "-nan", "+0", "-0", "+inf", "-inf", "neg", "+den", "-den"}
    have = set()
    for x in args:
        e, f, neg = (x >> 23) & 0xFF, x & 0x7FFFFF, x >> 31
        have.add(("-" if neg else "+") + ("nan" if e == 0xFF and f else "inf" if e == 0xFF else
                                          ("0" if not f else "den") if e == 0 else "fin"))
        if neg and 0 < e < 0xFF:
            have.add("neg")
    want = trans_special_expect(t_in)
    got = {k: v for k, v in temps.items() if 10 <= k[1] <= 27}
    bad = [(k, [hex(x) for x in got.get(k) or []], [hex(x) for x in v]) for k, v in sorted(want.items())
           if got.get(k) != v]
    check(classes <= have and not bad and len(got) == len(want) == 72,
          f"directed-trans-special: EX2 LN2 RCP RSQ SIN COS of NaN, +-0, +-inf, negatives and denormals write "
          f"docs/fp.md B.5's values (missing inputs {sorted(classes - have)}; {len(bad)} differ: {bad[:2]})")

    temps, _, lines = read_vec(vecs["banks"])
    t_in = inputs(lines)
    bank_writes = {}
    for ln in lines:
        t = ln.split("#", 1)[0].split()
        if t[:1] == ["reg"] and t[1].startswith("0x") and 0x9000 <= int(t[1], 16) < 0xC000:
            a = int(t[1], 16)
            bank_writes.setdefault((a - 0x9000) // 0x800, set()).add((a & 0x7FF) // 4)
    pixsize = field(lines, "reg", "US_PIXSIZE")
    want, outs = {}, {}
    for p in range(4):
        t0, t1, t2, t3 = ([val(x) for x in t_in.get((p, t), [0] * 4)] for t in range(4))
        t127 = [f32(a * b + c) for a, b, c in zip(t0, t1, t2)]
        t64 = [f32(val(a) + d) for a, d in zip(t127, t3)]
        want[(p, 127)], want[(p, 64)], outs[(0, p)] = t127, t64, t64
    check(not any(ln.startswith(("inst ", "const ")) for ln in lines) and sorted(bank_writes) == list(range(6)) and
          all(v == {0, 1, 2} for v in bank_writes.values()) and pixsize is not None and int(pixsize, 16) & 0x7F == 1,
          f"directed-banks: its program is written through the six instruction banks only (slots per bank "
          f"{ {k: sorted(v) for k, v in bank_writes.items()} }), after US_PIXSIZE = 1 ({pixsize})")
    check(temps == want and expect_outs(lines) == outs and field(lines, "expect", "errors") == "none",
          f"directed-banks: t127 = t0 t1 + t2, t64 = t127 + t3 and o0 = t64 from the host's arithmetic, no error "
          f"(got {len(temps)} temporaries, {sum(temps.get(k) != v for k, v in want.items())} differ)")

    # what reset leaves: no constant and slot 511 never written, so c255 + c0 is +0 (docs/spec.md section 3)
    temps, _, lines = read_vec(vecs["unloaded"])
    t_in = inputs(lines)
    slots = sorted(int(ln.split()[1]) for ln in lines if ln.startswith("inst "))
    code = field(lines, "reg", "US_CODE_RANGE")
    check(slots == [509, 510] and code is not None and int(code, 16) & 0x1FF == 509 and
          (int(code, 16) >> 16) & 0x1FF == 2 and not any(ln.startswith("const ") for ln in lines),
          f"directed-unloaded: slots 509 and 510 loaded, the code window 509 to 511, no constant ({slots}, {code})")
    check(temps == {(p, 1): [0, 0, 0, 0] for p in range(4)} and
          expect_outs(lines) == {(0, p): t_in[(p, 0)] for p in range(4)} and
          field(lines, "expect", "errors") == "none" and field(lines, "expect", "retired") == "3",
          f"directed-unloaded: t1 = c255 + c0 = +0, o0 = t0 and three instructions retired, the last slot 511 as "
          f"reset left it (t1 {[temps.get((p, 1)) for p in range(4)]})")

    for name in ERRORS:
        temps, _, lines = read_vec(vecs[name])
        w = inst_words(lines, 1)
        ran = [p for p in range(4) if temps.get((p, 1), [None] * 4)[:3] != [None] * 3]
        check(w is not None and pairing_broken(name, w) and field(lines, "expect", "errors") == "illegal_inst" and
              field(lines, "expect", "retired") == "2" and set(k[1] for k in temps) == {1} and ran and
              not expect_outs(lines),
              f"{name}: its slot-1 word breaks the rule ({[hex(x) for x in w or []]}); the quad ends on illegal_inst "
              f"with 2 retired, the ALU before it written (pixels {ran}), no output")

    # The planted bugs.
    with tempfile.TemporaryDirectory() as tmp:
        hit = paired_coverage(vecs["sop-dp-running"], tmp)
        need = {f"{op} x 0x{k:x}" for op in ("rgb:SOP", "alpha:DP") for k in range(1, 16)}
        check(need <= hit, f"directed-sop-dp-running hits rgb:SOP and alpha:DP with every non-empty running pattern "
              f"(missing: {sorted(need - hit)[:4]})")
        tree = os.path.join(tmp, "tree")
        os.makedirs(os.path.join(tree, "tb"))
        shutil.copy(os.path.join(ROOT, "Makefile"), tree)
        shutil.copy(os.path.join(ROOT, "tb", "config.mk"), os.path.join(tree, "tb"))
        for d in ("mk", "model"):
            shutil.copytree(os.path.join(ROOT, d), os.path.join(tree, d))
        usim = build_tool_copy(tree, "usim")
        clean = [n for n in vecs if usim_fails(usim, vecs[n], False, tmp)]
        check(not clean, f"the unmutated copy passes every directed vector (fails: {clean})")
        for what, rel, old, new, must, results in PLANTS:
            path = os.path.join(tree, rel)
            with open(path) as fh:
                orig = fh.read()
            if not check(orig.count(old) == 1, f"plant '{what}': its text occurs once in {rel} (stale plant?)"):
                continue
            with open(path, "w") as fh:
                fh.write(orig.replace(old, new))
            try:
                usim = build_tool_copy(tree, "usim")
                failing = [n for n in vecs if usim_fails(usim, vecs[n], False, tmp)]
                by_result = [n for n in must if usim_fails(usim, vecs[n], True, tmp)]
            finally:
                with open(path, "w") as fh:
                    fh.write(orig)
            ok = set(must) <= set(failing) and (not results or by_result == must)
            check(ok, f"plant '{what}' ({rel}): {', '.join(must)} fail{' on results' if results else ' (trace)'} "
                      f"(failing: {failing or 'none'}; on results alone: {by_result or 'none'})")
            if ok:
                print(f"ok: {what}: fails {', '.join(os.path.basename(vecs[n])[:-4] for n in failing)}"
                      f"{' (results)' if results else ' (trace only)'}")
        usim = build_tool_copy(tree, "usim")
        check(not [n for n in vecs if usim_fails(usim, vecs[n], False, tmp)], "the restored copy passes again")
    return summary()


if __name__ == "__main__":
    sys.exit(main())
