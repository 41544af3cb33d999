#!/usr/bin/env python3
"""Waivers are per rule (docs/spec.md section 9, vectors/FORMAT.md): a vector's one `unsafe NAME[,NAME...] REASON`
line names the silicon rules it breaks on purpose and the model-only error states its run ends in, and nothing
else waives anything.
- Every smoke vector and every probe vector waives exactly what it breaks: usim passes it (exit 0), and an
  independent count agrees: the `unsafe` line parsed here against the rules `usim --lint` reports, those the run
  reports and the flags of the vector's `expect errors` line (a planted wrong waiver fails both).
- Planted vectors: a breach with `# unsafe: ...` in a comment, with `name unsafe-x`, with `# not unsafe`, with a
  waiver of another rule, a waiver of a rule or error state not broken, a rule broken only on a path the run does
  not take: each fails (exit 1) naming the rule; the right waiver passes as `pass, unsafe (waived: ...)`; an error
  state unwaived fails; `usim --lint` exits 1 on an unwaived static breach or illegal word and 0 on a waived one.
- The reader refuses an unknown name, an empty list or name, a missing reason, a name twice and a second `unsafe`
  line with `file:line` and exit status 2.
- Planted bugs in a copy of the model (the reader waives everything whatever the list says; the verdict lets a
  waiver of a rule not broken pass; the static check left out of what a vector breaks) each fail a check here.
usage: test_waivers.py"""
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checklib import build_tool_copy, check, summary  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.path.join(ROOT, "build", "san", "bin")
OUT = "    out tex_sem_wait rgb: mad o0.rgb, src0.rgb, src0.111, src0.000  src0=t1\n"
PRESUB = ("    alu rgb: mad t1.rgb, src0.rgb, src0.111, src0.000  src0=t0\n"
          "    alu rgb: mad t2.rgb, srcp.rgb, src0.111, src0.000  src0=t1 src1=t3 srcp=sub\n")
# the same hazard on a path the run never takes (the jump always jumps): found statically, not on the run
UNTAKEN = "    fc jump SKIP func=0xff alu_wait\n" + PRESUB + "SKIP:\n" + OUT


def run(*argv):
    return subprocess.run([str(a) for a in argv], capture_output=True, text=True)


def names_known():
    """The rule names (model/isa/us_rules.c) and the error-state names (spec/state.txt), read from the sources."""
    with open(os.path.join(ROOT, "model", "isa", "us_rules.c")) as fh:
        rules = re.findall(r'^\s*\[US_RULE_\w+\] = \{"([\w-]+)"', fh.read(), re.M)
    with open(os.path.join(ROOT, "spec", "state.txt")) as fh:
        errors = [ln.split()[1].lower() for ln in fh if ln.startswith("error ")]
    return rules, errors


def waived_names(text):
    """The names of the vector's `unsafe` lines (a line whose first field, comments stripped, is `unsafe`)."""
    found = [ln.split("#")[0].split() for ln in text.splitlines()]
    return [set(f[1].split(",")) for f in found if f[:1] == ["unsafe"] and len(f) > 1]


def rule_counts(line):
    """{rule} of a summary line "...: N [static] silicon-rule breach(es): a 1, b 2[; ...]"."""
    m = re.search(r"silicon-rule breach(?:es)?: ([^;]*)", line)
    return {part.split()[0] for part in m.group(1).split(", ")} if m else set()


def breaks_of(usim, vec):
    """What a vector breaks, read from usim's words (not its verdict): the static rules of --lint's summary line,
    the rules of the run's summary line, the vector's `expect errors` flags. Also both runs' exit statuses."""
    lint, ran = run(usim, "--lint", vec), run(usim, vec)
    static = set().union(*[rule_counts(ln) for ln in lint.stdout.splitlines() if "static silicon-rule" in ln])
    on_run = set().union(*[rule_counts(ln) for ln in ran.stdout.splitlines()
                           if re.match(r"^\S+: \d+ silicon-rule breach", ln)])
    errors = set()
    for ln in open(vec):
        f = ln.split("#")[0].split()
        if f[:2] == ["expect", "errors"] and f[2] != "none":
            errors = set(f[2].split(","))
    return static | on_run | errors, lint, ran


def exact(usim, vec, known):
    """'' when the vector waives exactly what it breaks and usim agrees; else what is wrong."""
    text = open(vec).read()
    lines = waived_names(text)
    if len(lines) > 1:
        return "more than one unsafe line"
    waived = lines[0] if lines else set()
    if waived - known:
        return f"unknown names {sorted(waived - known)}"
    breaks, lint, ran = breaks_of(usim, vec)
    last = ran.stdout.strip().splitlines()[-1] if ran.stdout.strip() else ""
    want_pass = f"pass, unsafe (waived: " if waived else ": pass ("
    if waived != breaks:
        return f"waives {sorted(waived)}, breaks {sorted(breaks)}; usim: {ran.returncode} {last}"
    if ran.returncode != 0 or want_pass not in last:
        return f"usim exit {ran.returncode}: {last}"
    if lint.returncode != 0:
        return f"usim --lint exit {lint.returncode}: {lint.stdout.strip()[-200:]}"
    return ""


def smoke_and_probes(tmp, usim, known):
    vecs = sorted(glob.glob(os.path.join(ROOT, "vectors", "smoke", "*.vec")))
    out = os.path.join(tmp, "probes")
    p = run(sys.executable, os.path.join(ROOT, "scripts", "generate", "probes.py"), "--out", out, "--bin", BIN,
            "--no-bringup")
    check(p.returncode == 0, f"scripts/generate/probes.py writes the probe vectors ({p.stderr.strip()[-300:]})")
    # a probe pending a model change is not held to the model yet (test_probes says which)
    data = json.load(open(os.path.join(out, "probes.json"))) if p.returncode == 0 else []
    pending = {d["name"] for d in data if d["pending"]}
    probes = sorted(v for v in glob.glob(os.path.join(out, "*.vec")) if os.path.basename(v)[:-4] not in pending)
    bad = [f"{os.path.relpath(v, tmp if v.startswith(tmp) else ROOT)}: {why}" for v in vecs + probes
           for why in [exact(usim, v, known)] if why]
    check(len(vecs) > 100 and len(probes) >= 10 and not bad, f"every one of {len(vecs)} smoke and {len(probes)} probe "
          f"vectors waives exactly what it breaks, usim and --lint pass it ({bad[:4]})")
    waived = [w for v in vecs + probes for w in waived_names(open(v).read())]
    rules, errors = names_known()
    seen = set().union(*waived) if waived else set()
    check(len(waived) >= 13 and seen & set(rules) and seen & set(errors), f"the check meets waived rules and error "
          f"states ({len(waived)} vectors with an unsafe line: {sorted(seen)})")
    # the check can fail: a smoke vector with one name taken off its line, and one with a name added
    src = os.path.join(ROOT, "vectors", "smoke", "unsafe-9002.vec")
    text = open(src).read()
    m = re.search(r"^unsafe ([\w,-]+) ", text, re.M)
    if check(m is not None and "," in m.group(1), "unsafe-9002 waives more than one rule"):
        less = os.path.join(tmp, "less.vec")
        more = os.path.join(tmp, "more.vec")
        with open(less, "w") as fh:
            fh.write(text.replace(m.group(0), "unsafe " + m.group(1).split(",", 1)[1] + " ", 1))
        with open(more, "w") as fh:
            fh.write(text.replace(m.group(0), "unsafe " + m.group(1) + ",watchdog ", 1))
        for path in (less, more):
            r = run(usim, path)
            check(exact(usim, path, known) and r.returncode == 1, f"a planted wrong waiver fails the independent "
                  f"count and usim ({os.path.basename(path)}: {r.returncode} {r.stdout.strip()[-200:]})")


def vector_from(tmp, name, src):
    """A vector with expectations around an assembled program (usim --emit-vector on seeded inputs)."""
    s, h, v = (os.path.join(tmp, name + ext) for ext in (".s", ".hex", ".vec"))
    with open(s, "w") as fh:
        fh.write(src)
    a = run(os.path.join(BIN, "usasm"), s, "-o", h)
    e = run(os.path.join(BIN, "usim"), "--program", h, "--seed", 1, "--emit-vector", v) if a.returncode == 0 else a
    check(a.returncode == 0 and e.returncode == 0, f"{name}: assembled and emitted ({a.stderr.strip()[-200:]})")
    return open(v).read() if e.returncode == 0 else None


def insert(text, line):
    """The vector with `line` as its line 2 (after `usvec 1`)."""
    return text.replace("usvec 1\n", "usvec 1\n" + line + "\n", 1)


def planted_vectors(tmp):
    """(label, text, exit status, words the last line must hold)."""
    base = vector_from(tmp, "presub", PRESUB + OUT)
    untaken = vector_from(tmp, "untaken", UNTAKEN)
    clean = open(os.path.join(ROOT, "vectors", "smoke", "alu-1001.vec")).read()
    dog = open(os.path.join(ROOT, "vectors", "smoke", "directed-watchdog.vec")).read()
    if base is None or untaken is None:
        return []
    no_dog = re.sub(r"^unsafe .*\n", "", dog, flags=re.M)
    fail = "FAIL, breaks presub-nop, not waived (docs/spec.md section 9)"
    return [
        ("a breach, no waiver", base, 1, [fail]),
        ("a breach, '# unsafe: ...' comment", insert(base, "# unsafe: on purpose"), 1, [fail]),
        ("a breach, '# not unsafe' comment", base + "# not unsafe\n", 1, [fail]),
        ("a breach, name unsafe-x", base.replace("usvec 1\n", "usvec 1\nname unsafe-x\n"), 1, [fail]),
        ("a breach, the wrong rule waived", insert(base, "unsafe tex-sem on purpose"), 1,
         ["breaks presub-nop, not waived", "waives tex-sem but does not break it"]),
        ("a breach waived with an error state not reached", insert(base, "unsafe presub-nop,watchdog on purpose"), 1,
         ["FAIL, waives watchdog but does not break it"]),
        ("a clean vector waiving a rule", insert(clean, "unsafe presub-nop on purpose"), 1,
         ["FAIL, waives presub-nop but does not break it"]),
        ("a clean vector waiving two", insert(clean, "unsafe mdh-nop,pc_range on purpose"), 1,
         ["FAIL, waives mdh-nop,pc_range but does not break them"]),
        ("a breach waived by name", insert(base, "unsafe presub-nop on purpose"), 0,
         ["pass, unsafe (waived: presub-nop)"]),
        ("a breach waived at the end", base + "unsafe presub-nop  on purpose, at the end  \n", 0,
         ["pass, unsafe (waived: presub-nop)"]),
        ("a breach on a path not taken, no waiver", untaken, 1, [fail]),
        ("a breach on a path not taken, waived", insert(untaken, "unsafe presub-nop on purpose"), 0,
         ["pass, unsafe (waived: presub-nop)"]),
        ("the watchdog, no waiver", no_dog, 1, ["FAIL, breaks watchdog, not waived"]),
        ("the watchdog, a comment", no_dog + "# unsafe: watchdog\n", 1, ["FAIL, breaks watchdog, not waived"]),
        ("the watchdog waived", dog, 0, ["pass, unsafe (waived: watchdog)"]),
    ]


def verdicts(tmp, usim, cases):
    """The cases whose exit status or words are not the ones wanted: [(label, what happened)]."""
    wrong = []
    for i, (label, text, status, words) in enumerate(cases):
        path = os.path.join(tmp, f"case{i}.vec")
        with open(path, "w") as fh:
            fh.write(text)
        r = run(usim, path)
        last = r.stdout.strip().splitlines()[-1] if r.stdout.strip() else r.stderr.strip()
        if r.returncode != status or not all(w in last for w in words):
            wrong.append((label, f"exit {r.returncode}: {last}"))
    return wrong


def lint_cases(tmp, usim):
    base = vector_from(tmp, "presub-lint", PRESUB + OUT)
    ill = open(os.path.join(ROOT, "vectors", "smoke", "error-illegal_inst.vec")).read()
    if base is None:
        return
    cases = [("unwaived", base, 1, "; not waived: presub-nop"),
             ("waived", insert(base, "unsafe presub-nop on purpose"), 0, "; waived: presub-nop"),
             ("waived, another rule", insert(base, "unsafe tex-sem on purpose"), 1, "; not waived: presub-nop"),
             ("an illegal word waived", ill, 0, "1 illegal instruction; waived: illegal_inst"),
             ("an illegal word unwaived", re.sub(r"^unsafe .*\n", "", ill, flags=re.M), 1,
              "1 illegal instruction; not waived: illegal_inst")]
    for label, text, status, words in cases:
        path = os.path.join(tmp, "lint.vec")
        with open(path, "w") as fh:
            fh.write(text)
        r = run(usim, "--lint", path)
        check(r.returncode == status and words in r.stdout, f"usim --lint, {label}: exit {status} with '{words}' "
              f"({r.returncode}: {r.stdout.strip()[-200:]})")


def refusals(tmp, usim):
    head = "usvec 1\nname refused\n"
    inst = "inst 0 0x00000005 0x08020080 0x08020080 0x00000000 0x00000000 0x00000000\n"
    cases = [("unknown", "unsafe presub_nop on purpose\n", "unknown rule or error state 'presub_nop'"),
             ("bare", "unsafe\n", "expected: unsafe NAME[,NAME...] REASON"),
             ("no reason", "unsafe presub-nop\n", "gives no reason"),
             ("no reason, a comment", "unsafe presub-nop # on purpose\n", "gives no reason"),
             ("empty list", "unsafe , on purpose\n", "an empty name"),
             ("trailing comma", "unsafe presub-nop, on purpose\n", "an empty name"),
             ("twice", "unsafe tex-sem,tex-sem on purpose\n", "'tex-sem' is named twice"),
             ("too long", "unsafe tex-sem " + "x" * 256 + "\n", "longer than 255"),
             ("a second line", "unsafe tex-sem on purpose\nunsafe presub-nop too\n", "a second unsafe line")]
    for label, lines, words in cases:
        path = os.path.join(tmp, "refused.vec")
        with open(path, "w") as fh:
            fh.write(head + lines + inst)
        line = 3 + lines.count("\n") - 1
        for argv in ([usim, path], [usim, "--lint", path]):
            r = run(*argv)
            check(r.returncode == 2 and f"{path}:{line}: " in r.stderr and words in r.stderr,
                  f"{' '.join(os.path.basename(str(a)) for a in argv)}, {label}: exit 2 with {path}:{line}: {words} "
                  f"({r.returncode}: {r.stderr.strip()[-200:]})")


# A bug each, planted in a copy of the model: (what, file, text, replacement)
PLANTS = [("the reader waives every rule and error state whatever the list says", "model/gen/us_waiver.c",
           "        w->rules |= r;\n        w->errors |= e;\n",
           "        w->rules |= r | ((1u << US_RULE_COUNT) - 1u);\n        w->errors |= e | ((1u << US_ERR_COUNT) - 1u);\n"),
          ("the verdict lets a waiver of a rule not broken pass", "model/gen/us_vec_rules.c",
           "return !(miss_r | miss_e | extra_r | extra_e);", "return !(miss_r | miss_e);"),
          ("what a vector breaks leaves the static check out", "model/gen/us_vec_rules.c",
           "return (us_breaks_t){us_diags_rules(st) | us_diags_rules(run_diags), errors};",
           "return (us_breaks_t){us_diags_rules(run_diags), errors};")]


def plants(tmp, cases, known):
    tree = os.path.join(tmp, "tree")
    os.makedirs(os.path.join(tree, "tb"))
    shutil.copy(os.path.join(ROOT, "Makefile"), tree)
    shutil.copy(os.path.join(ROOT, "tb", "config.mk"), os.path.join(tree, "tb"))
    for d in ("mk", "model"):
        shutil.copytree(os.path.join(ROOT, d), os.path.join(tree, d))
    usim = build_tool_copy(tree, "usim")
    check(not verdicts(tmp, usim, cases), "the unplanted copy gives every planted vector its verdict")
    smoke = sorted(glob.glob(os.path.join(ROOT, "vectors", "smoke", "*.vec")))
    for what, rel, old, new in PLANTS:
        path = os.path.join(tree, rel)
        orig = open(path).read()
        if not check(old in orig, f"planting '{what}': the text is there"):
            continue
        with open(path, "w") as fh:
            fh.write(orig.replace(old, new, 1))
        try:
            planted = build_tool_copy(tree, "usim")
            wrong = verdicts(tmp, planted, cases)
            smoke_wrong = [v for v in smoke if run(planted, v).returncode != 0]
        finally:
            with open(path, "w") as fh:
                fh.write(orig)
        print(f"planted: {what}: {len(wrong)} planted vectors get another verdict, e.g. {wrong[:1]}; "
              f"{len(smoke_wrong)} smoke vectors fail")
        check(wrong, f"planted: {what}: a planted vector gets another verdict ({wrong[:2]}; smoke vectors failing: "
              f"{len(smoke_wrong)})")


def main():
    rules, errors = names_known()
    known = set(rules) | set(errors)
    check(len(rules) == 10 and len(errors) == 8, f"10 rule names and 8 error states read ({rules}, {errors})")
    usim = os.path.join(BIN, "usim")
    with tempfile.TemporaryDirectory() as tmp:
        smoke_and_probes(tmp, usim, known)
        cases = planted_vectors(tmp)
        check(len(cases) == 15, f"the planted vectors are made ({len(cases)})")
        wrong = verdicts(tmp, usim, cases)
        for label, what in wrong:
            check(False, f"{label}: {what}")
        check(cases and not wrong, f"each of {len(cases)} planted vectors gets its verdict")
        lint_cases(tmp, usim)
        refusals(tmp, usim)
        plants(tmp, cases, known)
    return summary()


if __name__ == "__main__":
    sys.exit(main())
