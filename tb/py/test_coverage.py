#!/usr/bin/env python3
"""uscov (functional coverage from the golden model's retire events): tiny hand-made programs hit exactly the
bins they must and no others; a vector directory plus a corpus run writes both reports, the HTML is well formed
and agrees with the text and TSV; bad input exits 2 with file:line.  usage: test_coverage.py CORPUS_DIR"""
import html.parser
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checklib import check, summary  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.path.join(ROOT, "build", "bin")
CROSSES = ["alu", "alu_op", "alu_op_mod", "alu_op_class", "alu_op_pattern", "alu_op_depth", "alu_mod_class", "fc",
           "fc_op_decision", "errors"]
ONE, TWO, HALF, MTWO, INF = 0x3F800000, 0x40000000, 0x3F000000, 0xC0000000, 0x7F800000


def run(tool, *args):
    return subprocess.run([os.path.join(BIN, tool), *args], capture_output=True, text=True)


def write(path, text):
    with open(path, "w") as fh:
        fh.write(text)
    return path


def vector(tmp, name, asm, temps, ints=()):
    """Assembles asm with usasm and writes a vector running it on the given temporaries (pixel -> {addr: rgba})."""
    s, h = os.path.join(tmp, name + ".s"), os.path.join(tmp, name + ".hex")
    p = run("usasm", write(s, asm), "-o", h)
    check(p.returncode == 0, f"{name}: usasm assembles it ({p.stderr.strip()})")
    words = [int(w, 16) for w in re.findall(r"0x[0-9a-fA-F]{8}", open(h).read())] if p.returncode == 0 else []
    n = len(words) // 6
    lines = ["usvec 1", f"name {name}", f"reg US_CODE_ADDR 0x{(n - 1) << 16:08x}",
             f"reg US_CODE_RANGE 0x{(n - 1) << 16:08x}"]
    lines += [f"int {i} 0x{v:08x}" for i, v in ints]
    for i in range(n):
        lines.append(f"inst {i} " + " ".join(f"0x{w:08x}" for w in words[6 * i:6 * i + 6]))
    lines.append("covered 0xf")
    for pix, regs in temps.items():
        for addr, rgba in regs.items():
            lines.append(f"temp {pix} {addr} " + " ".join(f"0x{v:08x}" for v in rgba))
    return write(os.path.join(tmp, name + ".vec"), "\n".join(lines) + "\n")


def tsv(out):
    """coverage.tsv: {cross: (hit, total)} and {cross: {bin: count}}."""
    totals, bins = {}, {c: {} for c in CROSSES}
    for line in open(os.path.join(out, "coverage.tsv")):
        f = line.rstrip("\n").split("\t")
        if f[0] == "cross":
            totals[f[1]] = (int(f[2]), int(f[3]))
        elif f[0] == "bin":
            bins.setdefault(f[1], {})[f[2]] = int(f[3])
    return totals, bins


def coverage_of(tmp, name, vec):
    out = os.path.join(tmp, "out-" + name)
    p = run("uscov", "--vectors", vec, "--out", out)
    check(p.returncode == 0, f"{name}: uscov runs ({p.stderr.strip()})")
    if p.returncode != 0:
        return {}, {c: {} for c in CROSSES}
    return tsv(out)


def expect_bins(name, bins, cross, want):
    got = bins.get(cross, {})
    check(got == want, f"{name}: {cross} hits exactly {want}, got {got}")


def one_mad(tmp):
    """One OUT: rgb MAD (no modifiers) on ones, twos, zeros and halves; alpha RCP of -t0.a (class before the
    modifier: one). All four pixels run, no loop."""
    asm = ("out rgb: mad o0.rgb, src0.rgb, src1.rgb, src2.rgb\n"
           "    alpha: rcp o0.a, -src0.a\n"
           "    src0=t0 src1=t1 src2=t2\n")
    temps = {p: {0: (ONE, TWO, ONE, ONE), 1: (0, 0, 0, 0), 2: (HALF,) * 4} for p in range(4)}
    totals, bins = coverage_of(tmp, "one_mad", vector(tmp, "one_mad", asm, temps))
    expect_bins("one_mad", bins, "alu_op", {"rgb:MAD": 1, "alpha:RCP": 1})
    expect_bins("one_mad", bins, "alu_op_mod", {"rgb:MAD x none": 1, "alpha:RCP x neg": 1})
    expect_bins("one_mad", bins, "alu_op_class",
                {"rgb:MAD x one": 1, "rgb:MAD x +normal": 1, "rgb:MAD x zero": 1, "alpha:RCP x one": 1})
    expect_bins("one_mad", bins, "alu_op_pattern", {"rgb:MAD x 0xf": 1, "alpha:RCP x 0xf": 1})
    expect_bins("one_mad", bins, "alu_op_depth", {"rgb:MAD x 0": 1, "alpha:RCP x 0": 1})
    expect_bins("one_mad", bins, "alu_mod_class", {"none x one": 1, "none x +normal": 1, "none x zero": 1,
                                                   "neg x one": 1})
    expect_bins("one_mad", bins, "alu", {"rgb:MAD x none x one x 0xf x 0": 1, "rgb:MAD x none x +normal x 0xf x 0": 1,
                                         "rgb:MAD x none x zero x 0xf x 0": 1, "alpha:RCP x neg x one x 0xf x 0": 1})
    for c in ("fc", "fc_op_decision", "errors"):
        expect_bins("one_mad", bins, c, {})
    check(totals.get("alu") == (4, 82188), f"one_mad: the full ALU cross is 4 of 82188 bins, got {totals.get('alu')}")
    check(totals.get("fc") == (0, 139), f"one_mad: the FC cross has 139 bins, none hit, got {totals.get('fc')}")
    check(totals.get("alu_op_mod") == (2, 102), f"one_mad: op x modifier is 2 of 102, got {totals.get('alu_op_mod')}")


def loop_twice(tmp):
    """LOOP of two iterations around one ALU: FC bins with their decisions and depths, ALU bins at depth 1."""
    asm = ("    loop END int=1 alu_wait\n"
           "BODY:\n"
           "    alu rgb: mad t3.rgb, src0.rgb, src0.111, src0.000  src0=t0\n"
           "END:\n"
           "    endloop BODY int=1 alu_wait\n"
           "    out rgb: mad o0.rgb, src0.rgb, src0.111, src0.000\n"
           "        alpha: mad o0.a, src0.a, src0.1, src0.0\n"
           "        src0=t1\n")
    temps = {p: {0: (ONE, TWO, ONE, ONE), 1: (MTWO, MTWO, MTWO, INF)} for p in range(4)}
    totals, bins = coverage_of(tmp, "loop_twice", vector(tmp, "loop_twice", asm, temps, ints=[(1, 2)]))
    expect_bins("loop_twice", bins, "fc", {"LOOP x no-jump x 0": 1, "ENDLOOP x jump x 1": 1, "ENDLOOP x no-jump x 1": 1})
    expect_bins("loop_twice", bins, "fc_op_decision", {"LOOP x no-jump": 1, "ENDLOOP x jump": 1, "ENDLOOP x no-jump": 1})
    expect_bins("loop_twice", bins, "alu_op_depth",
                {"rgb:MAD x 1": 2, "rgb:MAD x 0": 1, "alpha:MAD x 1": 2, "alpha:MAD x 0": 1})
    # body: A = t0.rgb (one, +normal), B = 1, C = 0; alpha (left out) MAD of src0.r = t0.r three times: one.
    # out: A = t1.rgb (-normal), B = 1, C = 0; alpha A = t1.a (inf), B = 1, C = 0.
    expect_bins("loop_twice", bins, "alu_op_class",
                {"rgb:MAD x one": 3, "rgb:MAD x +normal": 2, "rgb:MAD x zero": 3, "rgb:MAD x -normal": 1,
                 "alpha:MAD x one": 3, "alpha:MAD x inf": 1, "alpha:MAD x zero": 1})
    expect_bins("loop_twice", bins, "alu", {
        "rgb:MAD x none x one x 0xf x 1": 2, "rgb:MAD x none x +normal x 0xf x 1": 2,
        "rgb:MAD x none x zero x 0xf x 1": 2, "rgb:MAD x none x -normal x 0xf x 0": 1,
        "rgb:MAD x none x one x 0xf x 0": 1, "rgb:MAD x none x zero x 0xf x 0": 1,
        "alpha:MAD x none x one x 0xf x 1": 2, "alpha:MAD x none x one x 0xf x 0": 1,
        "alpha:MAD x none x inf x 0xf x 0": 1, "alpha:MAD x none x zero x 0xf x 0": 1})
    expect_bins("loop_twice", bins, "errors", {})


def if_half(tmp):
    """An IF that pixels 1 and 3 skip: the ALU inside runs with pattern 0x5 and its value classes come from the
    running pixels only (pixels 1 and 3 hold zeros, which must not show up there)."""
    asm = ("    alu rgb: mad _, src0.rrr, src0.rrr, src0.rrr  src0=t0  result=r.ne\n"
           "    if ENDIF alu_wait\n"
           "    alu rgb: mad t1.rgb, src0.rgb, src0.111, src0.hhh  src0=t0\n"
           "    endif alu_wait\n"
           "ENDIF:\n"
           "    out rgb: mad o0.rgb, src0.rgb, src0.111, src0.000\n"
           "        alpha: mad o0.a, src0.a, src0.1, src0.0\n"
           "        src0=t0\n")
    temps = {p: {0: (ONE,) * 4 if p in (0, 2) else (0,) * 4} for p in range(4)}
    totals, bins = coverage_of(tmp, "if_half", vector(tmp, "if_half", asm, temps))
    expect_bins("if_half", bins, "alu_op_pattern",
                {"rgb:MAD x 0xf": 2, "rgb:MAD x 0x5": 1, "alpha:MAD x 0xf": 2, "alpha:MAD x 0x5": 1})
    expect_bins("if_half", bins, "fc", {"JUMP x no-jump x 0": 2})
    got = {b: n for b, n in bins.get("alu", {}).items() if " x 0x5 x " in b}
    check(got == {"rgb:MAD x none x one x 0x5 x 0": 1, "rgb:MAD x none x +normal x 0x5 x 0": 1,
                  "alpha:MAD x none x one x 0x5 x 0": 1},
          f"if_half: inside the IF only the running pixels' classes: {got}")


class Html(html.parser.HTMLParser):
    """Tag balance (void elements aside), table ids, and the headline rows."""
    VOID = {"meta", "br", "hr", "img", "input", "link"}

    def __init__(self):
        super().__init__()
        self.stack, self.errors, self.tables, self.cells, self.rows = [], [], [], None, []

    def handle_starttag(self, tag, attrs):
        if tag in self.VOID:
            return
        self.stack.append(tag)
        a = dict(attrs)
        if tag == "table":
            self.tables.append(a.get("id"))
        if tag == "tr" and self.tables and self.tables[-1] == "headline":
            self.cells = []
        if tag in ("td", "th") and self.cells is not None:
            self.cells.append("")

    def handle_endtag(self, tag):
        if tag in self.VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes <{self.stack[-1] if self.stack else 'nothing'}>")
            return
        self.stack.pop()
        if tag == "tr" and self.cells is not None:
            self.rows.append(self.cells)
            self.cells = None

    def handle_data(self, data):
        if self.cells:
            self.cells[-1] += data


def reports(tmp, corpus):
    """A vector directory, the corpus and random programs: both reports, agreeing with the TSV; HTML well formed."""
    vdir = os.path.join(tmp, "vecs")
    os.makedirs(os.path.join(vdir, "sub"), exist_ok=True)
    for f in ("one_mad", "loop_twice", "if_half"):
        src = os.path.join(tmp, f + ".vec")
        if os.path.exists(src):
            dst = os.path.join(vdir, "sub" if f == "if_half" else "", f + ".vec")
            write(dst, open(src).read())
    write(os.path.join(vdir, "notes.txt"), "not a vector\n")
    out = os.path.join(tmp, "out-all")
    args = ["--vectors", vdir, "--program", corpus, "--seeds", "3", "--random", "40", "--seeds", "30", "--out", out]
    p = run("uscov", *args)
    check(p.returncode == 0, f"vectors + corpus + random: uscov runs ({p.stderr.strip()[-300:]})")
    check("3 vectors" in p.stdout, f"the vector directory is searched recursively for *.vec only: {p.stdout[:200]}")
    for c in CROSSES:
        check(re.search(rf"^\s+{c}\s.*\d+ / \d+\s+[\d.]+%$", p.stdout, re.M) is not None, f"headline printed for {c}")
    txt_path, html_path = os.path.join(out, "coverage.txt"), os.path.join(out, "coverage.html")
    check(os.path.exists(txt_path) and os.path.exists(html_path), "coverage.txt and coverage.html written")
    if not (os.path.exists(txt_path) and os.path.exists(html_path)):
        return
    totals, bins = tsv(out)
    txt = open(txt_path).read()
    for c in CROSSES:
        hit, total = totals.get(c, (-1, -1))
        check(re.search(rf"^== {c}: .*: {hit} / {total} bins hit", txt, re.M) is not None,
              f"coverage.txt shows {c} as {hit} / {total} like coverage.tsv")
        check(len(bins.get(c, {})) == hit, f"coverage.tsv lists {hit} hit bins of {c}")
    check(re.search(r"^  unhit \(\d+\):", txt, re.M) is not None, "coverage.txt lists unhit bins")
    tsv_lines = open(os.path.join(out, "coverage.tsv")).read().splitlines()
    rules = [ln.split("\t")[1:] for ln in tsv_lines if ln.startswith("rule\t")]
    check(rules and all(re.search(rf"^  {sp}: {rid}, {n} bins: ", txt, re.M) for sp, rid, n in rules),
          f"coverage.txt gives every exclusion rule with its bins as coverage.tsv does ({rules})")
    check("Hit bins that the rules say cannot exist: none" in txt, "coverage.txt: no bin that cannot exist was hit")
    m = re.search(r"(\d+) ALU/OUT, (\d+) FC", txt)
    rgb = sum(n for b, n in bins["alu_op"].items() if b.startswith("rgb:"))
    alpha = sum(n for b, n in bins["alu_op"].items() if b.startswith("alpha:"))
    check(m is not None and rgb == alpha == int(m.group(1)),
          f"each ALU instruction counts once per unit: rgb {rgb}, alpha {alpha}, ALU/OUT {m and m.group(1)}")
    check(m is not None and sum(bins["fc_op_decision"].values()) == int(m.group(2)), "each FC instruction counts once")
    h = Html()
    h.feed(open(html_path).read())
    h.close()
    check(not h.errors and not h.stack, f"coverage.html is well formed: {h.errors[:3]} open {h.stack[:5]}")
    check("headline" in h.tables and "rules" in h.tables, "coverage.html has the headline and rules tables")
    for c in CROSSES:
        check(f"table-{c}" in h.tables, f"coverage.html has the table of {c}")
    rows = {r[0]: r for r in h.rows if len(r) == 5 and r[0] in CROSSES}
    check(all(c in rows and (int(rows[c][2]), int(rows[c][3])) == totals[c] for c in CROSSES),
          "the HTML headline agrees with coverage.tsv")
    # Same inputs, same reports.
    out2 = os.path.join(tmp, "out-again")
    p = run("uscov", *args[:-1], out2)
    same = p.returncode == 0 and all(open(os.path.join(out, f)).read() == open(os.path.join(out2, f)).read()
                                     for f in ("coverage.txt", "coverage.html", "coverage.tsv"))
    check(same, "a second run with the same inputs writes the same reports")


def bad_input(tmp, corpus):
    bad = write(os.path.join(tmp, "bad.vec"), "usvec 1\nfrob 1\n")
    p = run("uscov", "--vectors", bad, "--out", os.path.join(tmp, "out-bad"))
    check(p.returncode == 2 and f"{bad}:2:" in p.stderr, f"a malformed vector exits 2 with file:line: {p.returncode} {p.stderr}")
    bdir = os.path.join(tmp, "baddir")
    os.makedirs(bdir, exist_ok=True)
    write(os.path.join(bdir, "a.vec"), open(os.path.join(tmp, "one_mad.vec")).read())
    write(os.path.join(bdir, "b.vec"), "usvec 1\ntemp 9 0 0x00000000 0x00000000 0x00000000 0x00000000\n")
    p = run("uscov", "--vectors", bdir, "--out", os.path.join(tmp, "out-bad2"))
    check(p.returncode == 2 and re.search(r"b\.vec:2: ", p.stderr), f"a bad vector in a directory: exit 2, file:line: {p.stderr}")
    hexf = write(os.path.join(tmp, "bad.hex"), "0x00000000,\n0xzz,\n")
    p = run("uscov", "--program", hexf, "--seeds", "1", "--out", os.path.join(tmp, "out-bad3"))
    check(p.returncode == 2 and f"{hexf}:2:" in p.stderr, f"a malformed hex program exits 2 with file:line: {p.stderr}")
    for args in (["--vectors", os.path.join(tmp, "missing.vec")], ["--program", corpus], ["--random", "40"],
                 ["--random", "0", "--seeds", "1"], ["--seeds", "3"], ["--frob"], []):
        p = run("uscov", *args, "--out", os.path.join(tmp, "out-bad4"))
        check(p.returncode == 2, f"uscov {' '.join(args)}: exit 2, got {p.returncode}")


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    corpus = sys.argv[1]
    with tempfile.TemporaryDirectory() as tmp:
        one_mad(tmp)
        loop_twice(tmp)
        if_half(tmp)
        reports(tmp, corpus)
        bad_input(tmp, corpus)
    return summary()


if __name__ == "__main__":
    sys.exit(main())
