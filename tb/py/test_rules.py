"""The silicon-rule checker (docs/spec.md section 9): every rule fires on a minimal program that breaks it, statically
(usasm, usdis, usim --lint) and on a run (usim), naming the rule and its CTM page, and stays silent on the program's
fixed form; `usasm --fix-hazards` turns each fixable program into its hand-fixed form word for word and says what it
changed; without the flag usasm keeps every word. Also: the Mesa corpus and every smoke vector without an `unsafe`
line are clean, and a vector that breaks a rule it does not waive by name fails in usim (tb/py/test_waivers.py checks
the waivers themselves).

usage: test_rules.py CORPUS_DIR (the ASan/UBSan tools in build/san/bin)"""
import glob
import os
import re
import subprocess
import sys
import tempfile

from checklib import check, summary

BIN = "build/san/bin"
OUT = "    out tex_sem_wait rgb: mad o0.rgb, src0.rgb, src0.111, src0.000  src0=t1\n"

# rule: (page, bad program, hand-fixed program or None when no bit can fix it, checked on a run too)
CASES = {
    "presub-nop": ("p.26",
                   "    alu rgb: mad t1.rgb, src0.rgb, src0.111, src0.000  src0=t0\n"
                   "    alu rgb: mad t2.rgb, srcp.rgb, src0.111, src0.000  src0=t1 src1=t3 srcp=sub\n" + OUT,
                   "    alu nop rgb: mad t1.rgb, src0.rgb, src0.111, src0.000  src0=t0\n"
                   "    alu rgb: mad t2.rgb, srcp.rgb, src0.111, src0.000  src0=t1 src1=t3 srcp=sub\n" + OUT, True),
    "mdh-nop": ("p.26",
                "    alu rgb: mad t1.rgb, src0.rgb, src0.111, src0.000  src0=t0\n"
                "    alu rgb: mdh t2.rgb, src0.rgb, src1.rgb, src0.rgb  src0=t1 src1=t3\n" + OUT,
                "    alu nop rgb: mad t1.rgb, src0.rgb, src0.111, src0.000  src0=t0\n"
                "    alu rgb: mdh t2.rgb, src0.rgb, src1.rgb, src0.rgb  src0=t1 src1=t3\n" + OUT, True),
    "tex-sem": ("p.33",
                "    tex ld t1.rgba, t0.rgaa, tex0\n"
                "    alu rgb: mad t2.rgb, src0.rgb, src0.111, src0.000  src0=t1\n" + OUT,
                "    tex ld t1.rgba, t0.rgaa, tex0 acquire tex_sem_wait\n"
                "    alu tex_sem_wait rgb: mad t2.rgb, src0.rgb, src0.111, src0.000  src0=t1\n" + OUT, True),
    "tex-sem/acquired-no-wait": ("p.33",
                                 "    tex ld t1.rgba, t0.rgaa, tex0 acquire tex_sem_wait\n"
                                 "    alu rgb: mad t2.rgb, src0.rgb, src0.111, src0.000  src0=t1\n" + OUT,
                                 "    tex ld t1.rgba, t0.rgaa, tex0 acquire tex_sem_wait\n"
                                 "    alu tex_sem_wait rgb: mad t2.rgb, src0.rgb, src0.111, src0.000  src0=t1\n" + OUT,
                                 True),
    "acquire-wait": ("p.33",
                     "    tex ld t1.rgba, t0.rgaa, tex0 acquire\n"
                     "    alu tex_sem_wait rgb: mad t2.rgb, src0.rgb, src0.111, src0.000  src0=t1\n" + OUT,
                     "    tex ld t1.rgba, t0.rgaa, tex0 acquire tex_sem_wait\n"
                     "    alu tex_sem_wait rgb: mad t2.rgb, src0.rgb, src0.111, src0.000  src0=t1\n" + OUT, True),
    "last-out": ("p.23",
                 "    alu rgb: mad t2.rgb, src0.rgb, src0.111, src0.000  src0=t0\n",
                 "    alu rgb: mad t2.rgb, src0.rgb, src0.111, src0.000  src0=t0\n"
                 "    out tex_sem_wait rgb: mad _, src0.000, src0.000, src0.000  alpha: mad _, src0.0, src0.0, src0.0\n",
                 True),
    "last-wait": ("p.23", OUT.replace(" tex_sem_wait", ""), OUT, True),
    "alu-result-fc": ("p.32",
                      "    alu rgb: mad _, src0.rrr, src0.rrr, src0.rrr  src0=t0  result=r.ne\n"
                      "    fc jump 2 func=0x00 alu_wait\n"
                      "    if ENDIF alu_wait\n"
                      "    alu rgb: mad t1.rgb, src0.rgb, src0.111, src0.000  src0=t2\n"
                      "    endif alu_wait\n"
                      "ENDIF:\n" + OUT, None, True),
    "return-in-loop": ("p.36",
                       "    fc jump SUB func=0xff push alu_wait\n"
                       "    fc jump DONE func=0xff alu_wait\n"
                       "SUB:\n"
                       "    fc rep ENDR int=1 alu_wait\n"
                       "BODY:\n"
                       "    fc jump 0 func=0xff pop alu_wait\n"
                       "ENDR:\n"
                       "    fc endrep BODY func=0xff any int=1 alu_wait\n"
                       "    fc jump 0 func=0xff pop alu_wait\n"
                       "DONE:\n" + OUT, None, True),
    "break-kind": ("p.37",
                   "    fc rep ENDR int=1 alu_wait\n"
                   "BODY:\n"
                   "    fc breakloop DONE func=0xff b1=decr popcnt=0 alu_wait\n"
                   "ENDR:\n"
                   "    fc endrep BODY func=0xff any int=1 alu_wait\n"
                   "DONE:\n" + OUT,
                   "    fc rep ENDR int=1 alu_wait\n"
                   "BODY:\n"
                   "    fc breakrep DONE func=0xff b1=decr popcnt=0 alu_wait\n"
                   "ENDR:\n"
                   "    fc endrep BODY func=0xff any int=1 alu_wait\n"
                   "DONE:\n" + OUT, True),
    "inline-exp0": ("p.25-26",
                    "    alu rgb: mad t1.rgb, src0.rgb, src0.111, src0.000  src0=0.0078125\n" + OUT,
                    None, True),
}


def run(*argv):
    return subprocess.run([str(a) for a in argv], capture_output=True, text=True)


def asm(tmp, name, src, *flags):
    s = os.path.join(tmp, name + ".s")
    h = os.path.join(tmp, name + ".hex")
    with open(s, "w") as f:
        f.write(src)
    p = run(f"{BIN}/usasm", s, "-o", h, *flags)
    words = open(h).read() if p.returncode == 0 else None
    return p, h, words


def rule_lines(text, rule):
    return [l for l in text.splitlines() if re.search(rf"\b{re.escape(rule)} \(CTM ", l)]


def vector_of(hex_path, vec_path):
    """A vector around the program: every REP runs once (int constant 1 = 1), no expectations."""
    words = [int(w, 16) for w in re.findall(r"0x[0-9a-fA-F]{8}", open(hex_path).read())]
    n = len(words) // 6
    lines = ["usvec 1", "name rules", f"reg US_CODE_ADDR 0x{(n - 1) << 16:08x}", f"reg US_CODE_RANGE 0x{(n - 1) << 16:08x}",
             "int 1 0x00000001", "covered 0xf"]
    for i in range(n):
        lines.append(f"inst {i} " + " ".join(f"0x{w:08x}" for w in words[6 * i:6 * i + 6]))
    with open(vec_path, "w") as f:
        f.write("\n".join(lines) + "\n")


def one_rule(tmp, label, page, bad, fixed, on_run):
    rule = label.split("/")[0]
    tmp = os.path.join(tmp, label.replace("/", "_"))
    os.makedirs(tmp)
    p, bad_hex, bad_words = asm(tmp, rule, bad)
    check(p.returncode == 0, f"{rule}: the bad program assembles ({p.stderr.strip()})")
    if p.returncode:
        return
    hits = rule_lines(p.stderr, rule)
    check(hits and all(f"CTM {page}" in l for l in hits), f"{rule}: usasm warns, citing CTM {page} ({p.stderr.strip()})")
    others = [l for l in p.stderr.splitlines() if "warning:" in l and not rule_lines(l, rule)]
    check(not others, f"{rule}: no other rule fires on its minimal program ({others})")
    d = run(f"{BIN}/usdis", bad_hex)
    check(d.returncode == 0 and rule_lines(d.stderr, rule), f"{rule}: usdis warns too, exit 0 ({d.returncode}: "
          f"{d.stderr.strip()})")
    vec = os.path.join(tmp, rule + ".vec")
    vector_of(bad_hex, vec)
    lint = run(f"{BIN}/usim", "--lint", vec)
    check(lint.returncode == 1 and rule_lines(lint.stdout, rule), f"{rule}: usim --lint finds it, exit 1 "
          f"({lint.returncode}: {lint.stdout.strip()})")
    if on_run:
        r = run(f"{BIN}/usim", vec, "--trace")
        ran = [l for l in r.stdout.splitlines() if "silicon rule:" in l]
        check(r.returncode == 0 and rule_lines("\n".join(ran), rule), f"{rule}: the run reports it "
              f"({r.returncode}: {ran})")
        check(any(l.strip().startswith("! ") and rule_lines(l, rule) for l in r.stdout.splitlines()),
              f"{rule}: the trace marks the breach under its instruction")
    # Without the flag the words are the program as written: one instruction per instruction line of the source
    # (nothing inserted), and not the hand-fixed words (no bit set behind the writer's back).
    n_src = sum(1 for ln in bad.splitlines() if ln.startswith("    ") and ln.strip())
    n_hex = len([w for w in bad_words.replace(",", " ").split() if w.startswith("0x")]) // 6
    check(n_hex == n_src, f"{rule}: without --fix-hazards, {n_src} instructions as written ({n_hex} assembled)")
    if fixed is not None:
        _, _, fixed_plain = asm(tmp, rule + "_handfixed", fixed)
        check(fixed_plain is not None and bad_words != fixed_plain,
              f"{rule}: without --fix-hazards the words are not the fixed ones")
    if fixed is None:
        p3, _, _ = asm(tmp, rule + "_fix", bad, "--fix-hazards")
        check(p3.returncode == 0 and rule_lines(p3.stderr, rule) and "0 changes" in p3.stderr,
              f"{rule}: --fix-hazards cannot fix it and says so by the warning ({p3.stderr.strip()})")
        return
    pf, fixed_hex, fixed_words = asm(tmp, rule + "_hand", fixed)
    check(pf.returncode == 0 and "warning:" not in pf.stderr, f"{rule}: the fixed form is clean ({pf.stderr.strip()})")
    vector_of(fixed_hex, vec)
    lint = run(f"{BIN}/usim", "--lint", vec)
    check(lint.returncode == 0, f"{rule}: usim --lint is silent on the fixed form ({lint.stdout.strip()})")
    r = run(f"{BIN}/usim", vec)
    check(r.returncode == 0 and "silicon rule" not in r.stdout, f"{rule}: the fixed form runs clean, exit 0 "
          f"({r.returncode}: {r.stdout.strip()[:300]})")
    p4, _, auto = asm(tmp, rule + "_auto", bad, "--fix-hazards")
    check(auto is not None and auto == fixed_words, f"{rule}: --fix-hazards gives the hand-fixed words")
    check(p4.returncode == 0 and re.search(r"fixed: pc \d+: ", p4.stderr) and "warning:" not in p4.stderr,
          f"{rule}: --fix-hazards says what it changed and leaves no warning ({p4.stderr.strip()})")


def controls(tmp):
    # CTM p.26: no NOP is ever needed after a texture lookup (fact 22), and none for a source the previous
    # instruction does not write.
    for name, src in (("after_tex", "    tex ld t1.rgba, t0.rgaa, tex0 acquire tex_sem_wait\n"
                                    "    alu tex_sem_wait rgb: mad t2.rgb, srcp.rgb, src0.111, src0.000  src0=t1 "
                                    "src1=t3 srcp=sub\n" + OUT),
                      ("other_temp", "    alu rgb: mad t5.rgb, src0.rgb, src0.111, src0.000  src0=t0\n"
                                     "    alu rgb: mad t2.rgb, srcp.rgb, src0.111, src0.000  src0=t1 src1=t3 srcp=sub\n"
                                     + OUT),
                      ("unused_unit", "    alu rgb: mad t1.rgb, src0.rgb, src0.111, src0.000  src0=t0\n" + OUT)):
        p, _, _ = asm(tmp, name, src)
        check(p.returncode == 0 and "warning:" not in p.stderr, f"control {name}: no warning ({p.stderr.strip()})")


def al_relative_tex_sem(tmp):
    # A lookup into t[aL+4] read as t4 (aL = 0 in a LOOP of int constant 1) without ACQUIRE and WAIT: the static
    # check does not follow aL (docs/spec.md section 9) and stays silent; the run resolves aL and reports tex-sem.
    src = ("    fc loop ENDL int=1 alu_wait\n"
           "BODY:\n"
           "    tex ld t[aL+4].rgba, t0.rgaa, tex0\n"
           "    alu rgb: mad t2.rgb, src0.rgb, src0.111, src0.000  src0=t4\n"
           "ENDL:\n"
           "    fc endloop BODY func=0xff any int=1 alu_wait\n" + OUT)
    p, hex_path, _ = asm(tmp, "al_tex_sem", src)
    if not check(p.returncode == 0, f"aL-relative tex-sem: assembles ({p.stderr.strip()[-200:]})"):
        return
    check(not rule_lines(p.stderr, "tex-sem"), "aL-relative tex-sem: the static check does not see it (aL not "
          f"followed) ({p.stderr.strip()[-200:]})")
    vec = os.path.join(tmp, "al_tex_sem.vec")
    vector_of(hex_path, vec)
    r = run(f"{BIN}/usim", vec)
    ran = [ln for ln in r.stdout.splitlines() if "silicon rule:" in ln]
    # (a vector without expectations: usim prints the state and exits 0; the breach is reported on the run)
    check(r.returncode == 0 and any(re.search(r"pc 2 #\d+: tex-sem \(CTM p.33\)", ln) for ln in ran),
          f"aL-relative tex-sem: the run resolves aL and reports it at pc 2 ({r.returncode}: {ran})")


def illegal_word():
    # usim --lint on a program with an illegal word (Mesa 25's alpha-only instruction with RGB OMOD 7, CTM p.29)
    # fails naming the slot: "0 breaches" would read as clean
    prog = os.path.join("corpus", "piglit-25.0.7", "programs", "97b9ec4f65cbd3aa.hex")
    p = run(f"{BIN}/usim", "--lint", "--program", prog)
    check(p.returncode == 1 and "pc 1: illegal instruction: rgb OMOD 7" in p.stdout and "1 illegal instruction"
          in p.stdout, f"usim --lint fails on an illegal word, naming its pc ({p.returncode}: {p.stdout.strip()[-300:]})")


def corpus_and_smoke(corpus):
    for f in sorted(glob.glob(os.path.join(corpus, "*.txt"))):
        p = run(f"{BIN}/usdis", f)
        check(p.returncode == 0 and "warning:" not in p.stderr, f"Mesa corpus {os.path.basename(f)}: no silicon-rule "
              f"warning, exit 0 ({p.returncode}: "
              f"({p.stderr.strip()[:300]})")
    vecs = sorted(glob.glob("vectors/smoke/*.vec"))
    waived = [v for v in vecs if any(ln.split("#")[0].split()[:1] == ["unsafe"] for ln in open(v))]
    bad = [v for v in vecs if v not in waived and run("build/bin/usim", "--lint", v).returncode != 0]
    check(vecs and not bad, f"every smoke vector without an unsafe line passes usim --lint ({bad[:5]})")
    presets = [v for v in vecs if "/unsafe-" in v]
    lints = [run("build/bin/usim", "--lint", v) for v in presets]
    check(presets and all(p.returncode == 0 and re.search(r"\b[1-9]\d* static silicon-rule breach.*; waived: ", p.stdout)
                          for p in lints),
          "the unsafe-preset smoke vectors do break rules (the knob works), each waived (--lint exit 0)")


def unwaived_breach_fails(tmp):
    p, h, _ = asm(tmp, "unwaived", CASES["presub-nop"][1])
    vec = os.path.join(tmp, "unwaived.vec")
    r = run(f"{BIN}/usim", "--program", h, "--seed", "1", "--emit-vector", vec)
    check(r.returncode == 0 and "presub-nop" in r.stdout, f"usim --program reports the breach ({r.stdout[-300:]})")
    r = run(f"{BIN}/usim", vec)
    check(r.returncode == 1 and "FAIL, breaks presub-nop, not waived" in r.stdout, f"the emitted vector fails: "
          f"a breach it does not waive ({r.returncode}: {r.stdout.strip()[-300:]})")
    with open(vec, "a") as f:
        f.write("# unsafe: on purpose\n")
    r = run(f"{BIN}/usim", vec)
    check(r.returncode == 1 and "breaks presub-nop, not waived" in r.stdout, f"a comment saying unsafe waives "
          f"nothing ({r.returncode}: {r.stdout.strip()[-200:]})")
    with open(vec, "a") as f:
        f.write("unsafe presub-nop on purpose\n")
    r = run(f"{BIN}/usim", vec)
    check(r.returncode == 0 and "pass, unsafe (waived: presub-nop)" in r.stdout, f"waived by name, it passes as "
          f"unsafe ({r.returncode}: {r.stdout[-200:]})")


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        for rule, (page, bad, fixed, on_run) in CASES.items():
            one_rule(tmp, rule, page, bad, fixed, on_run)
        controls(tmp)
        unwaived_breach_fails(tmp)
        al_relative_tex_sem(tmp)
    corpus_and_smoke(sys.argv[1])
    illegal_word()
    return summary()


if __name__ == "__main__":
    sys.exit(main())
