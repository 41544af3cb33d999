#!/usr/bin/env python3
"""usbringup (make bringup): on vectors that usim emits for corpus programs, the exported files must replay.
(a) writes.txt, turned back into `reg ADDRESS VALUE` lines with the vector's inputs and expectations, passes usim,
    and its writes are a driver's, in Mesa's order (US_OUT_FMT_0..3 with fp32 RGBA exactly for the render targets
    the program writes, US_CONFIG, US_PIXSIZE covering every temporary used, US_FC_CTRL, the loop constants,
    US_CODE_RANGE/OFFSET/ADDR, the program, the constants, US_W_FMT); (b) every register name in writes.txt agrees
    with its address in spec/isa.txt; (c) program.hex is the program usim was given, word for word;
    (d) expected.txt holds the vector's expect lines, value for value (and, for a vector without any, the golden
    model's final state); (e) bad input exits 2 naming file:line, and a corrupted write makes the replay fail;
    (f) inputs.txt holds the vector's inputs.
Builds nothing: needs build/bin/usbringup (build/san/bin/usbringup when present, $USBRINGUP if set),
build/bin/usim and build/san/bin/usim.  usage: test_bringup.py CORPUS_DIR"""
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checklib import check, checks, summary  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SAN_BRINGUP = os.path.join(ROOT, "build", "san", "bin", "usbringup")
BRINGUP = os.environ.get("USBRINGUP") or (SAN_BRINGUP if os.path.exists(SAN_BRINGUP) else
                                          os.path.join(ROOT, "build", "bin", "usbringup"))
USIM = os.path.join(ROOT, "build", "bin", "usim")          # emits the vectors (fast)
SAN_USIM = os.path.join(ROOT, "build", "san", "bin", "usim")  # checks the replays
FILES = ("writes.txt", "program.hex", "expected.txt", "inputs.txt", "README.txt")
VECTOR_INDEX, VECTOR_DATA, INT_CONST, BOOL_CONST = 0x4250, 0x4254, 0x4C00, 0x4620
OUT_FMT, W_FMT, CONFIG, PIXSIZE, FC_CTRL = 0x46A4, 0x46B4, 0x4600, 0x4604, 0x4624
CODE_RANGE, CODE_OFFSET, CODE_ADDR = 0x4634, 0x4638, 0x4630
# US_OUT_FMT: C4_32_FP (21) with C0..C3 = red green blue alpha (1, 2, 3, 0 at bits 8, 10, 12, 14): AMD's table
RGBA32F, UNUSED = 21 | 1 << 8 | 2 << 10 | 3 << 12 | 0 << 14, 15
# The corpus programs write no W, predicates or ALU result; this one (usasm of the text below) writes all three.
#   alu result=r.lt  rgb: mad t1.rgb, src0.rgb, src1.rgb, src2.rgb  alpha: mad t1.a, ...  src0=t0 src1=c0 src2=0.5
#   alu  rgb: mad p.rg.lt, ...  alpha: mad p.a.ge, ...  src0=t1 src1=c1 src2=t2
#   out last tex_sem_wait  rgb: mad o1.rgb, ...  alpha: mad o1.a+w, ...  src0=t1 src1=1.0 src2=t3
# out tex_sem_wait  rgb: frc o0.rgb, src0.rgb  alpha: max.off o0.a, src0.1, src0.1  src0=c0; c0 = 1.0
FRC_ONE = ("reg US_CODE_ADDR 0x00000000\nreg US_CODE_RANGE 0x00000000\n"
           "inst 0 0x00078005 0x08020100 0x08020100 0x00000220 0x1cc18003 0x00000009\n"
           "const 0 0x3f800000 0x3f800000 0x3f800000 0x3f800000\n")
W_PRED_PROGRAM = """
0x00807800, 0x0b040000, 0x0b040000, 0x80442220, 0x0068c010, 0x1c222010,
0x00058000, 0x00240401, 0x00240401, 0x20442220, 0x4068c000, 0x1c222000,
0x00078105, 0x0032e001, 0x0032e001, 0x20442220, 0xa068c000, 0x1c222000,
"""


def run(*argv, cwd=None):
    return subprocess.run(list(argv), capture_output=True, text=True, cwd=cwd)


def write(path, text):
    with open(path, "w") as fh:
        fh.write(text)
    return path


def read(path):
    with open(path) as fh:
        return fh.read()


def strip_comment(line):
    return line.split("#", 1)[0].split()


# ---------------------------------------------------------------- spec/isa.txt

def parse_isa(path):
    """Registers of the ISA table: name -> (address, count). The header of the file gives the syntax:
    `reg NAME key=value...` with addr=0xNNNN (of element 0) and count=N (default 1, elements 4 bytes apart)."""
    regs = {}
    for line in read(path).splitlines():
        tok = strip_comment(line)
        if len(tok) < 2 or tok[0] != "reg":
            continue
        keys = dict(t.split("=", 1) for t in tok[2:] if "=" in t)
        if "addr" in keys:
            regs[tok[1]] = (int(keys["addr"], 0), int(keys.get("count", "1"), 0))
    return regs


def name_matches(name, addr, regs):
    """NAME for a single register at addr, NAME_n for element n of an indexed one at addr + 4n."""
    if name in regs and regs[name][1] == 1:
        return regs[name][0] == addr
    m = re.fullmatch(r"(.+)_(\d+)", name)
    if not m or m.group(1) not in regs:
        return False
    base, count = regs[m.group(1)]
    n = int(m.group(2))
    return count > 1 and n < count and base + 4 * n == addr


# ---------------------------------------------------------------- the vector, read here independently

def vector_parts(text, regs):
    """Setup writes (as vectors/FORMAT.md derives them), header lines (name, param), input lines, expect lines."""
    writes, header, inputs, expects = [], [], [], []
    port_inst = port_const = False
    next_inst = next_const = 0
    for line in text.splitlines():
        if line.startswith("expect"):
            expects.append(line)
            continue
        tok = strip_comment(line)
        if not tok or tok[0] == "usvec":
            continue
        k = tok[0]
        if k in ("name", "param"):
            header.append(line)
        elif k in ("covered", "temp", "texture", "texel"):
            inputs.append(line)
        elif k == "reg":
            single = {n.upper(): a for n, (a, c) in regs.items() if c == 1}
            addr = single.get(tok[1].upper())
            writes.append((addr if addr is not None else int(tok[1], 0), int(tok[2], 16)))
            port_inst = port_const = False
        elif k == "int":
            writes.append((INT_CONST + 4 * int(tok[1], 0), int(tok[2], 16)))
        elif k == "bool":
            writes.append((BOOL_CONST, int(tok[1], 16)))
        elif k == "inst":
            slot = int(tok[1], 0)
            if not (port_inst and next_inst == slot):
                writes.append((VECTOR_INDEX, slot))
            writes += [(VECTOR_DATA, int(w, 16)) for w in tok[2:8]]
            port_inst, port_const, next_inst = True, False, (slot + 1) % 512
        elif k == "const":
            n = int(tok[1], 0)
            if not (port_const and next_const == n):
                writes.append((VECTOR_INDEX, n | 0x10000))
            writes += [(VECTOR_DATA, int(w, 16)) for w in tok[2:6]]
            port_const, port_inst, next_const = True, False, (n + 1) % 256
    return writes, header, inputs, expects


def channels(tok):
    """Values; in expected.txt a value may carry its bound, 0xV[0xLO,0xHI]: the value is what is compared here."""
    return tuple(None if t == "-" else int(t.split("[")[0], 16) for t in tok)


def expectations(lines):
    """expect lines (or usim's final-state dump, the same without 'expect ') as a dict of exact values."""
    out = {}
    for line in lines:
        tok = strip_comment(line)
        if tok and tok[0] == "expect":
            tok = tok[1:]
        if not tok or tok[0] == "trace":
            continue
        k = tok[0]
        if k == "temp":
            out[("temp", int(tok[1]), int(tok[2]))] = channels(tok[3:7])
        elif k == "out":
            out[("out", int(tok[1]), int(tok[2]))] = channels(tok[3:7])
        elif k == "w":
            out[("w", int(tok[1]))] = int(tok[2], 16)
        elif k == "pred":
            out[("pred", int(tok[1]))] = int(tok[2], 0)
        elif k in ("alu_result", "killed", "retired"):
            out[(k,)] = int(tok[1], 0)
        elif k == "errors":
            out[("errors",)] = frozenset() if tok[1] == "none" else frozenset(tok[1].split(","))
    return out


def expected_file(text):
    """expected.txt: `pixel P out T R G B A`, `pixel P w V`, `pixel P temp A R G B A`, `pixel P pred B`,
    `quad alu_result|killed|errors|retired V`."""
    out = {}
    for line in text.splitlines():
        tok = strip_comment(line)
        if not tok:
            continue
        if tok[0] == "pixel":
            p, k = int(tok[1]), tok[2]
            if k == "out":
                out[("out", int(tok[3]), p)] = channels(tok[4:8])
            elif k == "temp":
                out[("temp", p, int(tok[3]))] = channels(tok[4:8])
            elif k == "w":
                out[("w", p)] = int(tok[3].split("[")[0], 16)
            elif k == "pred":
                out[("pred", p)] = int(tok[3], 0)
            else:
                out[("unknown", line)] = None
        elif tok[0] == "quad":
            if tok[1] == "errors":
                out[("errors",)] = frozenset() if tok[2] == "none" else frozenset(tok[2].split(","))
            else:
                out[(tok[1],)] = int(tok[2], 0)
        else:
            out[("unknown", line)] = None
    return out


def input_items(lines):
    items = {("covered",): 0xF}
    for line in lines:
        tok = strip_comment(line)
        if not tok:
            continue
        if tok[0] == "covered":
            items[("covered",)] = int(tok[1], 0)
        elif tok[0] == "temp":
            items[("temp", int(tok[1]), int(tok[2]))] = channels(tok[3:7])
        elif tok[0] == "texture":
            items[("texture", int(tok[1]))] = (int(tok[2]), int(tok[3]))
        elif tok[0] == "texel":
            items[("texel", int(tok[1]), int(tok[2]), int(tok[3]))] = channels(tok[4:8])
        else:
            items[("unknown", line)] = None
    # A temporary of zeros is the same as none given.
    return {k: v for k, v in items.items() if not (k[0] == "temp" and not any(v))}


def hex_words(text):
    return [int(w, 16) for w in re.split(r"[\s,]+", re.sub(r"#[^\n]*", "", text)) if w]


def writes_file(text):
    """writes.txt: `ADDRESS VALUE NAME  # comment` -> [(address, value, name)]; None for a malformed line."""
    rows = []
    for line in text.splitlines():
        tok = strip_comment(line)
        if not tok:
            continue
        ok = len(tok) == 3 and re.fullmatch(r"0x[0-9A-F]{4}", tok[0]) and re.fullmatch(r"0x[0-9A-F]{8}", tok[1])
        rows.append((int(tok[0], 16), int(tok[1], 16), tok[2]) if ok else None)
    return rows


def replay_vector(header, rows, inputs, expects):
    lines = ["usvec 1", *header]
    lines += ["reg 0x%04X 0x%08X" % (a, v) for a, v, _ in rows]
    return "\n".join(lines + inputs + expects) + "\n"


# ---------------------------------------------------------------- the checks

def export(vec, out):
    # --force: these vectors come from random inputs, and a few are unstable (a compare the bounds do not
    # decide); what is checked here is the files. bad_input() checks the refusal.
    p = run(BRINGUP, vec, "-o", out, "--force")
    ok = check(p.returncode == 0 and all(os.path.isfile(os.path.join(out, f)) for f in FILES),
               f"{vec}: usbringup writes the five files (rc {p.returncode}: {p.stderr.strip()[-300:]})")
    return ok


def one_vector(tmp, label, vec, program_words, regs):
    out = os.path.join(tmp, label + ".bringup")
    if not export(vec, out):
        return None
    text = read(vec)
    want_writes, header, inputs, expects = vector_parts(text, regs)
    rows = writes_file(read(os.path.join(out, "writes.txt")))
    check(None not in rows, f"{label}: every writes.txt line is 'ADDRESS VALUE NAME # comment'")
    rows = [r for r in rows if r]
    # (a) a driver's writes in Mesa's order, and a replay of them passes.
    driver_order(label, rows, want_writes, expects)
    replay = write(os.path.join(tmp, label + ".replay.vec"), replay_vector(header, rows, inputs, expects))
    p = run(SAN_USIM, replay)
    check(p.returncode == 0 and "pass" in p.stdout, f"{label}: the replayed writes pass usim ({p.stdout.strip()[-300:]})")
    # (b) names agree with addresses.
    bad = [(hex(a), n) for a, _, n in rows if not name_matches(n, a, regs)]
    check(not bad, f"{label}: register names agree with spec/isa.txt (wrong: {bad[:5]})")
    # (c) the program, word for word.
    if program_words is not None:
        got = hex_words(read(os.path.join(out, "program.hex")))
        check(got == program_words, f"{label}: program.hex is the program given ({len(got)} words, want {len(program_words)})")
    # (d) the expectations, value for value.
    got = expected_file(read(os.path.join(out, "expected.txt")))
    want = expectations(expects)
    check(got == want, f"{label}: expected.txt equals the expect lines "
                       f"(differ: {sorted(set(got.items()) ^ set(want.items()), key=str)[:4]})")
    # (f) the inputs.
    got = input_items(read(os.path.join(out, "inputs.txt")).splitlines())
    check(got == input_items(inputs), f"{label}: inputs.txt holds the vector's inputs")
    return out, header, rows, inputs, expects


def driver_order(label, rows, want_writes, expects):
    """writes.txt against the vector's own setup, read independently (vector_parts): the order of Mesa's r300
    driver, and the values a driver derives from the program."""
    aw = [(a, v) for a, v, _ in rows]
    addrs = [a for a, _ in aw]
    check(addrs[:7] == [OUT_FMT, OUT_FMT + 4, OUT_FMT + 8, OUT_FMT + 12, CONFIG, PIXSIZE, FC_CTRL] and
          addrs[-1] == W_FMT, f"{label}: US_OUT_FMT_0..3, US_CONFIG, US_PIXSIZE, US_FC_CTRL first, US_W_FMT last")
    i = 7
    while i < len(addrs) and addrs[i] in range(INT_CONST, INT_CONST + 128, 4):
        i += 1
    if i < len(addrs) and addrs[i] == BOOL_CONST:
        i += 1
    check(addrs[i:i + 4] == [CODE_RANGE, CODE_OFFSET, CODE_ADDR, VECTOR_INDEX] and aw[i + 3][1] >> 16 == 0,
          f"{label}: the loop constants, US_CODE_RANGE/OFFSET/ADDR, then the program through the load port")
    last = {}
    for a, v in want_writes:
        last[a] = v
    for a in (CONFIG, CODE_RANGE, CODE_OFFSET, CODE_ADDR):
        check(dict(aw).get(a) == last.get(a, 2 if a == CONFIG else 0), f"{label}: register 0x{a:04X} as the vector sets it")
    # The render targets the expectations show written must be fp32 RGBA; W24 when W is written.
    outs = {int(strip_comment(l)[2]) for l in expects if strip_comment(l)[1:2] == ["out"]}
    fmts = [v for a, v in aw if OUT_FMT <= a < OUT_FMT + 16]
    check(all(fmts[t] == RGBA32F for t in outs) and all(f in (RGBA32F, UNUSED) for f in fmts),
          f"{label}: US_OUT_FMT fp32 RGBA for targets {sorted(outs)} (got {[hex(f) for f in fmts]})")
    if any(strip_comment(l)[1:2] == ["w"] for l in expects):
        check(dict(aw)[W_FMT] == 1, f"{label}: US_W_FMT W24 from the shader when W is written")
    # US_PIXSIZE covers every input temporary the vector sets (the program's own are checked by the replay).
    temps = [int(strip_comment(l)[2]) for l in expects if strip_comment(l)[1:2] == ["temp"]]
    check(not temps or dict(aw)[PIXSIZE] >= max(temps), f"{label}: US_PIXSIZE {dict(aw)[PIXSIZE]} covers the "
                                                         f"temporaries written (highest {max(temps) if temps else '-'})")


def corrupted_writes(tmp, label, header, rows, inputs, expects):
    """A wrong value in one write must make the replay fail: the replay check can fail."""
    code_addr = [i for i, r in enumerate(rows) if r[2] == "US_CODE_ADDR"]
    check(len(code_addr) == 1, f"{label}: one US_CODE_ADDR write")
    if code_addr and rows[code_addr[0]][1] >> 16:
        bad = list(rows)
        a, v, n = bad[code_addr[0]]
        bad[code_addr[0]] = (a, v & 0xFFFF, n)  # END_ADDR 0: the quad stops after its first instruction
        p = run(SAN_USIM, write(os.path.join(tmp, label + ".bad1.vec"), replay_vector(header, bad, inputs, expects)))
        check(p.returncode == 1 and "FAIL" in p.stdout, f"{label}: a wrong US_CODE_ADDR value fails the replay ({p.stdout[:200]})")
    # Flip one bit of the first instruction word (dword 0 of the first slot loaded).
    first = next((i for i, r in enumerate(rows) if r[0] == VECTOR_DATA), None)
    if check(first is not None, f"{label}: writes.txt loads instructions"):
        bad = list(rows)
        a, v, n = bad[first]
        bad[first] = (a, v ^ 0x00007800, n)  # RGB_WMASK and ALPHA_WMASK inverted: different temporaries written
        p = run(SAN_USIM, write(os.path.join(tmp, label + ".bad2.vec"), replay_vector(header, bad, inputs, expects)))
        check(p.returncode == 1, f"{label}: a wrong instruction word fails the replay ({p.stdout[:200]})")


def value_tokens(line):
    """The channel tokens of an expected.txt value line (after `pixel P out T`, `pixel P temp A`, `pixel P w`)."""
    tok = strip_comment(line)
    return tok[4:] if tok[2] in ("out", "temp") else tok[3:]


def lab_check(tmp, label, vec, out):
    """usbringup --check: the expectations pass themselves; a bounded value moved inside its bound passes, one
    step past it fails; one bit of an exact value fails; anything left out fails unless --partial; a malformed
    line exits 2 naming file:line."""
    exp = read(os.path.join(out, "expected.txt"))
    results = os.path.join(tmp, label + ".results.txt")
    p = run(BRINGUP, "--check", write(results, exp), vec)
    check(p.returncode == 0 and "outside" in p.stdout and " 0 outside" in p.stdout,
          f"{label}: the expectations pass --check ({p.stdout.strip()[-200:]})")
    lines = exp.splitlines()
    bounded = exact = None
    for i, line in enumerate(lines):
        if line.startswith("pixel") and " pred " not in line:
            for j, t in enumerate(value_tokens(line)):
                if "[" in t and bounded is None:
                    bounded = (i, j, t)
                elif t.startswith("0x") and "[" not in t and exact is None:
                    exact = (i, j, t)
    def moved(i, j, new):
        toks = lines[i].split("#")[0].split()
        k = (5 if toks[2] in ("out", "temp") else 3) + j - (1 if toks[2] in ("out", "temp") else 0)
        toks[k] = new
        return "\n".join(lines[:i] + [" ".join(toks)] + lines[i + 1:]) + "\n"
    if bounded:
        i, j, t = bounded
        lo, hi = (int(x, 16) for x in t[t.index("[") + 1:-1].split(","))
        p = run(BRINGUP, "--check", write(results, moved(i, j, f"0x{hi:08X}")), vec)
        check(p.returncode == 0, f"{label}: a value at the end of its bound passes ({p.stdout.strip()[-300:]})")
        key = lambda v: (~v & 0xFFFFFFFF) if v >> 31 else v | 0x80000000
        unkey = lambda k: k & 0x7FFFFFFF if k >> 31 else ~k & 0xFFFFFFFF
        past = unkey(key(hi) + 1)
        p = run(BRINGUP, "--check", write(results, moved(i, j, f"0x{past:08X}")), vec)
        check(p.returncode == 1 and "OUTSIDE" in p.stdout, f"{label}: one step past the bound fails")
    if exact:
        i, j, t = exact
        p = run(BRINGUP, "--check", write(results, moved(i, j, f"0x{int(t, 16) ^ 1:08X}")), vec)
        check(p.returncode == 1 and "OUTSIDE" in p.stdout, f"{label}: one bit of an exact value fails")
    # Partial read-backs: every expected item must be read. A line left out, one channel given as '-', the quad's
    # errors line left out, and a file with one correct value and nothing else fail (exit 1) naming what is missing;
    # --partial checks only what is given, and says so.
    item_lines = [k for k, ln in enumerate(lines) if ln.startswith(("pixel", "quad"))]
    value_line = next((k for k in item_lines if lines[k].startswith("pixel") and " pred " not in lines[k]), None)
    errors_line = next((k for k in item_lines if lines[k].startswith("quad errors")), None)
    if check(value_line is not None and errors_line is not None, f"{label}: expected.txt has values and errors"):
        toks = lines[value_line].split("#")[0].split()
        dash = list(toks)
        first_value = next(n for n, t in enumerate(dash) if t.startswith("0x"))
        dash[first_value] = "-"
        partials = {
            "a pixel line left out": ("\n".join(lines[:value_line] + lines[value_line + 1:]) + "\n",
                                      " ".join(toks[:4 if toks[2] in ("out", "temp") else 3])),
            "one channel as '-'": ("\n".join(lines[:value_line] + [" ".join(dash)] + lines[value_line + 1:]) + "\n",
                                   " ".join(toks[:4 if toks[2] in ("out", "temp") else 3])),
            "the errors line left out": ("\n".join(lines[:errors_line] + lines[errors_line + 1:]) + "\n",
                                         "quad errors"),
            "one value and nothing else": (" ".join(toks) + "\n", "quad retired"),
        }
        for what, (text, named) in partials.items():
            p = run(BRINGUP, "--check", write(results, text), vec)
            check(p.returncode == 1 and "MISSING" in p.stdout and named in p.stdout.split("MISSING")[0] + p.stdout,
                  f"{label}: {what} fails naming {named!r} (exit {p.returncode}: {p.stdout.strip()[-300:]})")
            p = run(BRINGUP, "--check", write(results, text), vec, "--partial")
            check(p.returncode == 0 and "--partial:" in p.stdout and "MISSING" not in p.stdout,
                  f"{label}: {what} passes with --partial, which says what it left unchecked "
                  f"(exit {p.returncode}: {p.stdout.strip()[-200:]})")
    p = run(BRINGUP, "--check", write(results, "pixel 0 out 0 0x1\n"), vec)
    check(p.returncode == 2 and f"{results}:1:" in p.stderr, f"{label}: a malformed line exits 2 naming file:line")
    p = run(BRINGUP, "--check", write(results, "# nothing\n"), vec)
    check(p.returncode == 2, f"{label}: results with no values exit 2")
    return bounded is not None and exact is not None


def no_expectations(tmp, vec, regs):
    """A vector without expect lines: expected.txt is the golden model's final state, and says so."""
    text = "".join(l for l in open(vec).readlines() if not l.startswith("expect"))
    bare = write(os.path.join(tmp, "bare.vec"), text)
    out = os.path.join(tmp, "bare.bringup")
    if not export(bare, out):
        return
    exp = read(os.path.join(out, "expected.txt"))
    check("golden model" in exp, "no expect lines: expected.txt says it is the golden model's state")
    p = run(SAN_USIM, bare)
    dump = [l for l in p.stdout.splitlines() if "final state" not in l]
    check(p.returncode == 0 and expected_file(exp) == expectations(dump),
          "no expect lines: expected.txt equals usim's final state")


def bank_writes(tmp, vec, program_words, regs):
    """Instruction 0 written straight into the instruction banks (reg ADDRESS lines) replays and is named right."""
    text = read(vec)
    m = re.search(r"^inst 0 ((?:0x[0-9a-f]{8} ?){6}).*$", text, re.M)
    if not check(m is not None, "the vector loads slot 0"):
        return
    banks = (0xB800, 0x9000, 0x9800, 0xA000, 0xA800, 0xB000)
    lines = "\n".join("reg 0x%04X %s" % (b, w) for b, w in zip(banks, m.group(1).split()))
    write(os.path.join(tmp, "banks.vec"), text[:m.start()] + lines + text[m.end():])
    one_vector(tmp, "banks", os.path.join(tmp, "banks.vec"), program_words, regs)


def bad_input(tmp):
    # an OUT with TEX_SEM_WAIT and no writes: the smallest program the CTM rules allow (p.23)
    good = "usvec 1\ninst 0 0x00000005 0x08020080 0x08020080 0x00000000 0x00000000 0x00000000\n"
    cases = [("frob.vec", good + "frob 1\n", 3, "unknown keyword"),
             ("short.vec", good + "inst 1 0x00000000\n", 3, "expected: inst SLOT"),
             ("version.vec", "usvec 9\n", 1, "not supported"),
             ("incomplete.vec", good + "expect killed 0x0\n", 3, "incomplete")]
    for name, text, line, msg in cases:
        path = write(os.path.join(tmp, name), text)
        p = run(BRINGUP, path, "-o", os.path.join(tmp, "never"))
        check(p.returncode == 2 and f"{path}:{line}:" in p.stderr and msg in p.stderr,
              f"{name}: exit 2 with {path}:{line}: ({p.returncode}: {p.stderr.strip()})")
    check(not os.path.exists(os.path.join(tmp, "never")), "bad input writes no directory")
    missing = os.path.join(tmp, "missing.vec")
    p = run(BRINGUP, missing)
    check(p.returncode == 2 and missing in p.stderr, f"an unreadable vector: exit 2 naming it ({p.stderr.strip()})")
    path = write(os.path.join(tmp, "ok.vec"), good)
    for argv in (["--frob", path], [path, "-o"], [], [path, path]):
        p = run(BRINGUP, *argv)
        check(p.returncode == 2 and "usage" in p.stderr, f"usbringup {' '.join(argv)}: exit 2 with the usage")
    p = run(BRINGUP, path, "-o", os.path.join(tmp, "ok.vec", "sub"))
    check(p.returncode == 2 and "cannot make directory" in p.stderr, f"an impossible -o: exit 2 ({p.stderr.strip()})")
    # A program that breaks a CTM rule (it ends on an ALU instruction, p.23), or a vector with an unsafe line, is
    # refused with the rule (and the page of a breach); --force exports it with a warning.
    bad_text = good.replace("0x00000005", "0x00000000", 1)
    bad = write(os.path.join(tmp, "ends_on_alu.vec"), bad_text)
    p = run(BRINGUP, bad, "-o", os.path.join(tmp, "refused"))
    check(p.returncode == 2 and "refused" in p.stderr and "last-out (CTM p.23)" in p.stderr and
          not os.path.exists(os.path.join(tmp, "refused")), f"a rule breach is refused, nothing written ({p.stderr.strip()})")
    p = run(BRINGUP, bad, "-o", os.path.join(tmp, "forced"), "--force")
    check(p.returncode == 0 and "--force" in p.stderr and os.path.isfile(os.path.join(tmp, "forced", "writes.txt")),
          f"--force exports it with a warning ({p.returncode}: {p.stderr.strip()})")
    waived = write(os.path.join(tmp, "waived.vec"), bad_text.replace("usvec 1\n", "usvec 1\nunsafe last-out on purpose\n"))
    p = run(BRINGUP, waived, "-o", os.path.join(tmp, "refused"))
    check(p.returncode == 2 and "refused: the vector waives last-out (on purpose)" in p.stderr and
          not os.path.exists(os.path.join(tmp, "refused")), f"a vector that waives its breach is refused, naming the "
          f"rule ({p.returncode}: {p.stderr.strip()})")
    p = run(BRINGUP, waived, "-o", os.path.join(tmp, "forced-waived"), "--force")
    check(p.returncode == 0 and "waives last-out" in p.stderr and
          os.path.isfile(os.path.join(tmp, "forced-waived", "writes.txt")), f"--force exports it with a warning "
          f"({p.returncode}: {p.stderr.strip()})")
    wrong = write(os.path.join(tmp, "wrong.vec"), bad_text.replace("usvec 1\n", "usvec 1\nunsafe tex-sem on purpose\n"))
    p = run(BRINGUP, wrong, "-o", os.path.join(tmp, "refused"))
    check(p.returncode == 2 and "waives tex-sem" in p.stderr and "it breaks last-out, not waived" in p.stderr,
          f"a waiver of another rule is refused, naming both ({p.returncode}: {p.stderr.strip()})")
    comment = write(os.path.join(tmp, "comment.vec"), bad_text + "# unsafe: on purpose\n")
    p = run(BRINGUP, comment, "-o", os.path.join(tmp, "refused"))
    check(p.returncode == 2 and "it breaks last-out, not waived" in p.stderr, f"a comment saying unsafe waives "
          f"nothing ({p.returncode}: {p.stderr.strip()})")
    named = write(os.path.join(tmp, "named.vec"), good + "name unsafe-1\n# unsafe: on purpose\n")
    p = run(BRINGUP, named, "-o", os.path.join(tmp, "named"))
    check(p.returncode == 0 and os.path.isfile(os.path.join(tmp, "named", "writes.txt")), f"the word unsafe in a "
          f"name or a comment of a clean vector refuses nothing ({p.returncode}: {p.stderr.strip()})")
    # An unstable vector (FRC of exactly 1.0: one bit on the input decides between 0 and nearly 1, CTM p.41) is
    # refused naming the instruction and pixel; --force exports it.
    frc = write(os.path.join(tmp, "frc_one.vec"), "usvec 1\n" + FRC_ONE)
    p = run(BRINGUP, frc, "-o", os.path.join(tmp, "refused"))
    check(p.returncode == 2 and "unstable at pc 0, pixel 0" in p.stderr and "FRC" in p.stderr and
          not os.path.exists(os.path.join(tmp, "refused")), f"an unstable vector is refused ({p.stderr.strip()})")
    p = run(BRINGUP, frc, "-o", os.path.join(tmp, "forced-frc"), "--force")
    check(p.returncode == 0 and "unstable" in p.stderr, f"--force exports an unstable vector with a warning")
    # The default directory: build/bringup/<file name without extension>, under the working directory.
    p = run(BRINGUP, "ok.vec", cwd=tmp)
    check(p.returncode == 0 and os.path.isfile(os.path.join(tmp, "build", "bringup", "ok", "writes.txt")),
          f"default directory build/bringup/ok ({p.stderr.strip()})")


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    corpus = sys.argv[1]
    for tool in (BRINGUP, USIM, SAN_USIM):
        if not os.path.exists(tool):
            print(f"missing {tool}: build it first (make tools)")
            return 1
    regs = parse_isa(os.path.join(ROOT, "spec", "isa.txt"))
    check(len(regs) > 15 and "GA_US_VECTOR_DATA" in regs, "spec/isa.txt parsed")
    progs = sorted(f for f in os.listdir(corpus) if f.endswith(".txt"))
    check(len(progs) >= 4, f"corpus {corpus} has programs")
    with tempfile.TemporaryDirectory() as tmp:
        first = None
        both = False  # some vector's --check moved both a bounded and an exact value
        for i, f in enumerate(progs):
            src = os.path.join(corpus, f)
            vec = os.path.join(tmp, f.replace(".fs.txt", "").replace(".txt", "") + ".vec")
            seed = str(1 + i)
            p = run(USIM, "--program", src, "--seed", seed, "--emit-vector", vec)
            if not check(p.returncode == 0 and os.path.exists(vec), f"{f}: usim --emit-vector (seed {seed})"):
                continue
            words = hex_words(read(src))
            got = one_vector(tmp, os.path.basename(vec)[:-4], vec, words, regs)
            if got and first is None and len(words) > 6:
                first = (vec, words, got)
            if got:
                both |= lab_check(tmp, os.path.basename(vec)[:-4], vec, got[0])
        src = write(os.path.join(tmp, "w_pred.hex"), W_PRED_PROGRAM)
        for seed in ("1", "2"):
            vec = os.path.join(tmp, f"w_pred_{seed}.vec")
            p = run(USIM, "--program", src, "--seed", seed, "--emit-vector", vec)
            if check(p.returncode == 0 and re.search(r"^expect w 0 ", read(vec), re.M) and
                     re.search(r"^expect alu_result 0x[1-9a-f]", read(vec), re.M), f"w_pred seed {seed}: a vector with W"):
                one_vector(tmp, f"w_pred_{seed}", vec, hex_words(W_PRED_PROGRAM), regs)
        if check(first is not None, "a corpus vector of two or more instructions"):
            vec, words, (out, header, rows, inputs, expects) = first
            check(both, "--check was tried on a bounded and on an exact value")
            corrupted_writes(tmp, os.path.basename(vec), header, rows, inputs, expects)
            no_expectations(tmp, vec, regs)
            bank_writes(tmp, vec, words, regs)
        bad_input(tmp)
    return summary()


if __name__ == "__main__":
    sys.exit(main())
