#!/usr/bin/env python3
"""docs/ctm.md places every fact of AMD's CTM Guide (../shared/reference/ctm-x1k-fp.md) and does not drift from it.
Fails naming the fact when a fact of the reference is missing from the table or listed twice, the table names a
fact the reference does not have, a page differs from the fact's page, a status is not one of those docs/ctm.md
defines, a paraphrase is longer than 12 words, a `departure` row has no entry in docs/spec.md's section
"Departures from the CTM guide" (or an entry there has no `departure` row), an `open` row names no probe, or a
`rule` row names no rule id or one the silicon-rule checker does not have. Then plants each fault once in a copy
of the two pages and checks that the check fails naming the fact.
usage: test_ctm_table.py REFERENCE [--root DIR]   (--root: only check the pages under DIR)"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checklib import check, summary  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
STATUSES = ("model", "rule", "departure", "n/a", "open", "partial")
# The rule ids of the silicon-rule checker (us_rules, us_lint) and the bring-up probes (make probes).
RULES = ("presub-nop", "mdh-nop", "tex-sem", "acquire-wait", "last-out", "last-wait", "alu-result-fc",
         "return-in-loop", "break-kind", "inline-exp0")
PROBES = ("max-signed-zero", "cmp-nan-operand", "inline-exp0", "loop-depth", "addr-depth", "frc-tiny-negative",
          "trans-specials", "tex-no-sem")
SPEC_SECTION = "## Departures from the CTM guide"
SPEC_ANCHOR = "spec.md#departures-from-the-ctm-guide"
PAGE = r"p\.\d+(?:[-/](?:p\.)?\d+)?"
MAX_WORDS = 12


def reference_facts(text):
    """{number: page} of the reference: lines 'N. text ... p.X'; a fact without a trailing page takes the last page
    its text names (117: 'on p.38-39 missing')."""
    facts = {}
    for line in text.splitlines():
        m = re.match(r"^(\d+)\.\s+(.*\S)\s*$", line)
        if not m:
            continue
        pages = re.findall(PAGE, m.group(2))
        end = re.search(r"\s(%s)$" % PAGE, m.group(2))
        facts[int(m.group(1))] = end.group(1) if end else (pages[-1] if pages else "")
    return facts


def table_rows(text):
    """[(number, page, paraphrase, status cell, where)] of the table rows of docs/ctm.md whose first cell is a
    number."""
    rows = []
    for line in text.splitlines():
        if not re.match(r"^\|\s*\d+\s*\|", line):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        cells += [""] * (5 - len(cells))
        rows.append((int(cells[0]), cells[1], cells[2], cells[3], cells[4]))
    return rows


def defined_statuses(text):
    """The statuses docs/ctm.md defines in its Status table (first cell in backticks)."""
    out = set()
    for line in text.splitlines():
        m = re.match(r"^\|\s*`([^`]+)`\s*\|", line)
        if m and m.group(1) in STATUSES:
            out.add(m.group(1))
    return out


def spec_entries(text):
    """Fact numbers with an entry ('**Fact N (p.X).**') in the spec's CTM-departures section."""
    if SPEC_SECTION not in text:
        return None
    section = text.split(SPEC_SECTION, 1)[1]
    section = re.split(r"^## ", section, maxsplit=1, flags=re.M)[0]
    return {int(n) for n in re.findall(r"^\*\*Fact (\d+)\b", section, flags=re.M)}


def problems(ref_text, table_text, spec_text):
    """Every problem, one message each, naming the fact ('fact N: ...')."""
    out = []
    facts = reference_facts(ref_text)
    if len(facts) < 100:
        out.append(f"the reference gives only {len(facts)} facts: not the CTM fact list?")
    defined = defined_statuses(table_text)
    for s in STATUSES:
        if s not in defined:
            out.append(f"docs/ctm.md does not define the status `{s}`")
    rows = table_rows(table_text)
    seen = {}
    for n, *_ in rows:
        seen[n] = seen.get(n, 0) + 1
    for n in sorted(facts):
        if n not in seen:
            out.append(f"fact {n}: missing from docs/ctm.md")
        elif seen[n] > 1:
            out.append(f"fact {n}: listed {seen[n]} times in docs/ctm.md")
    for n in sorted(set(seen) - set(facts)):
        out.append(f"fact {n}: in docs/ctm.md but not in the reference")
    entries = spec_entries(spec_text)
    if entries is None:
        out.append(f"docs/spec.md has no section '{SPEC_SECTION[3:]}'")
        entries = set()
    departures = set()
    for n, page, what, status_cell, _ in rows:
        if n in facts and page != facts[n]:
            out.append(f"fact {n}: page {page!r} in docs/ctm.md, {facts[n]!r} in the reference")
        words = len(what.split())
        if words > MAX_WORDS:
            out.append(f"fact {n}: the paraphrase has {words} words (at most {MAX_WORDS})")
        status = re.split(r"[\s:(]", status_cell, 1)[0]
        named = re.findall(r"`([^`]+)`", status_cell)
        if status not in STATUSES:
            out.append(f"fact {n}: status {status!r} is not one of {', '.join(STATUSES)}")
        elif status == "rule":
            if not named:
                out.append(f"fact {n}: a rule row names no rule id")
            for r in named:
                if r not in RULES:
                    out.append(f"fact {n}: rule id `{r}` is not a rule of the checker")
        elif status == "open":
            if not any(p in PROBES for p in named):
                out.append(f"fact {n}: an open row names no probe")
            for p in named:
                if p not in PROBES:
                    out.append(f"fact {n}: probe `{p}` is not a known probe")
        elif status == "departure":
            departures.add(n)
            if SPEC_ANCHOR not in status_cell:
                out.append(f"fact {n}: a departure row does not link {SPEC_ANCHOR}")
            if n not in entries:
                out.append(f"fact {n}: a departure without an entry in docs/spec.md '{SPEC_SECTION[3:]}'")
    for n in sorted(entries - departures):
        out.append(f"fact {n}: docs/spec.md '{SPEC_SECTION[3:]}' has an entry but docs/ctm.md no departure row")
    return out


def read(path):
    with open(path) as fh:
        return fh.read()


def check_tree(ref, root):
    """Prints the problems of the pages under root; the exit status."""
    found = problems(read(ref), read(os.path.join(root, "docs", "ctm.md")), read(os.path.join(root, "docs", "spec.md")))
    for p in found:
        print(f"FAIL: {p}")
    print(f"test_ctm_table: {len(found)} problems")
    return 1 if found else 0


def edit_row(text, fact, edit):
    """text with the table row of fact replaced by edit(row) (a list of lines; [] deletes it)."""
    out = []
    for line in text.splitlines(True):
        if re.match(r"^\|\s*%d\s*\|" % fact, line):
            out.extend(edit(line))
        else:
            out.append(line)
    return "".join(out)


def first_row(text, status):
    for n, _, _, cell, _ in table_rows(text):
        if cell.split(":")[0].split()[0] == status:
            return n
    return None


def planted(ref, table, spec):
    """This script with --root on a copy of docs/ctm.md and docs/spec.md holding the given texts."""
    with tempfile.TemporaryDirectory() as tmp:
        os.mkdir(os.path.join(tmp, "docs"))
        for name, text in (("ctm.md", table), ("spec.md", spec)):
            with open(os.path.join(tmp, "docs", name), "w") as fh:
                fh.write(text)
        return subprocess.run([sys.executable, os.path.abspath(__file__), ref, "--root", tmp],
                              capture_output=True, text=True)


def main():
    args = sys.argv[1:]
    if len(args) == 3 and args[1] == "--root":
        return check_tree(args[0], args[2])
    if len(args) != 1:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    ref = args[0]
    table, spec = read(os.path.join(ROOT, "docs", "ctm.md")), read(os.path.join(ROOT, "docs", "spec.md"))
    found = problems(read(ref), table, spec)
    check(not found, "docs/ctm.md places every fact of the reference once, as it should: "
          + ("; ".join(found[:10]) or "no problem"))
    facts = reference_facts(read(ref))
    check(len(facts) == 140 and sorted(facts) == list(range(1, 141)), f"the reference has facts 1..140 ({len(facts)})")

    # Each fault once, in a copy; the check must fail naming the fact.
    dep, opn, rul = first_row(table, "departure"), first_row(table, "open"), first_row(table, "rule")
    spec_without = re.sub(r"^\*\*Fact %d \(.*?(?=^\*\*Fact |\Z)" % dep, "", spec, count=1, flags=re.M | re.S)
    faults = [
        ("a missing fact", 17, edit_row(table, 17, lambda line: []), spec, "missing"),
        ("a fact listed twice", 17, edit_row(table, 17, lambda line: [line, line]), spec, "listed 2 times"),
        ("a fact the reference does not have", 141, table + "| 141 | p.42 | x | model | - |\n", spec,
         "not in the reference"),
        ("a wrong page", 17, edit_row(table, 17, lambda line: [line.replace("| p.26 |", "| p.99 |", 1)]), spec,
         "page 'p.99'"),
        ("an undefined status", 17, edit_row(table, 17, lambda line: [line.replace("| model |", "| maybe |", 1)]),
         spec, "status 'maybe'"),
        ("a paraphrase of 13 words", 17,
         edit_row(table, 17, lambda line: [line.replace("| Presubtract:", "| " + "w " * 12 + "Presubtract:", 1)]),
         spec, "words"),
        ("a departure without a spec entry", dep, table, spec_without, "without an entry"),
        ("a spec entry without a departure row", dep,
         edit_row(table, dep, lambda line: [re.sub(r"\| departure:[^|]*\|", "| model |", line, count=1)]), spec,
         "no departure row"),
        ("an open row without a probe", opn,
         edit_row(table, opn, lambda line: [re.sub(r"\| open:[^|]*\|", "| open |", line, count=1)]), spec,
         "names no probe"),
        ("an unknown rule id", rul, edit_row(table, rul, lambda line: [re.sub(r"\| rule `[^`]+`", "| rule `no-such-rule`",
                                                                              line, count=1)]), spec,
         "`no-such-rule` is not a rule"),
    ]
    for what, fact, t, s, msg in faults:
        p = planted(ref, t, s)
        named = [ln for ln in p.stdout.splitlines() if ln.startswith(f"FAIL: fact {fact}:") and msg in ln]
        check(p.returncode == 1 and named, f"{what} fails naming fact {fact} ({p.stdout.strip()[:300]})")
    p = planted(ref, table, spec)
    check(p.returncode == 0, f"the unchanged copy passes ({p.stdout.strip()[:300]})")
    return summary()


if __name__ == "__main__":
    sys.exit(main())
