#!/usr/bin/env python3
"""make rtl-coverage, the report: from the RTL coverage counts that make rtl-coverage's runs folded into Verilator
coverage files (tb/regress/regress.py --coverage-dir), lines and branches from --dat (the line-coverage build's
runs), toggles from --toggle-dat (the toggle build's, a smaller suite), writes into OUT
- merged.dat: the two together (verilator_coverage --write; of --toggle-dat only its toggles), when there are two;
- coverage.info: lcov's form, by verilator_coverage --write-info (every point of a source line, lines, branches and
  toggles alike, the line's count the smallest of them), and html/, genhtml's report of it;
- code.info and html-code/: lines and branches only, where unexercised code is easier to see (written here:
  verilator_coverage 5.006 writes no lcov branch records);
- annotated/: every source with its points' counts (verilator_coverage --annotate; '%000000' marks a point never
  hit);
- summary.txt (also printed): per SV file, lines, branches and toggle bits hit of those there are; uncovered.txt:
  every branch arm and statement block never hit, and every bit that never toggled, by file.
Lines: Verilator 5.006 counts statement blocks (an always block's body, an if's or case item's arm), each with the
span of lines it covers; a source line of procedural code belongs to the innermost span holding it, and is hit when
that block or arm ran (blank, comment and bare begin/end lines are not counted). Continuous assignments have no line
points, only toggles. Branches: every arm of an if (the implicit else too), of an if-else-if chain and of a case.
A point counts as hit when any instance, and any parameterisation, of its module hit it (Verilator already sums a
module's instances; variants such as us_ram__D100_W20 are summed here). A toggle point counts the changes of one bit.
Exit 1 when the counts are missing, malformed or empty, or when the core has no point of their kind hit (a run that
simulated nothing, wrote no counts, or came from the other build must not pass for a report); exit 2 on bad
arguments or a missing tool. While it works, standard error shows its steps done, rate and ETA (scripts/lib/progress.py;
make rtl-coverage's runs show theirs, tb/regress/regress.py).
usage: rtl_coverage.py --dat FILE [--runs-json FILE] [--toggle-dat FILE [--toggle-runs-json FILE]] --out DIR"""
import argparse
import collections
import json
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib"))  # scripts/lib
import progress  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HEADER = "# SystemC::Coverage-3"
KINDS = ("lines", "branches", "toggles")
# Where hits must show: the core (the top of every run: us_core.sv, its wiring, has toggles only, its stages lines).
CORE = "rtl/core/"


class CoverageError(Exception):
    pass


def kind_of(page, comment):
    """Verilator 5's point pages: v_line 'block' is a statement block; v_branch 'if'/'else' the arms of a plain
    if; v_line 'if'/'elsif'/'else'/'case' the arms of an if-else-if chain or a case; v_toggle one bit."""
    if page.startswith("v_toggle/"):
        return "toggles"
    if page.startswith("v_branch/"):
        return "branches"
    if page.startswith("v_line/"):
        return "lines" if comment == "block" else "branches"
    return None  # v_user (cover properties): the RTL has none


def read_points(path):
    """{(kind, file, line, column, comment, span): count} from a Verilator coverage file, variants summed."""
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            text = fh.read()
    except OSError as e:
        raise CoverageError(f"cannot read the coverage counts {path}: {e.strerror} (did any run write them?)") from None
    lines = text.split("\n")
    if lines[0] != HEADER:
        raise CoverageError(f"{path}: not a Verilator coverage file (its first line is not '{HEADER}')")
    points = collections.Counter()
    for n, line in enumerate(lines[1:], 2):
        if not line:
            continue
        m = re.fullmatch(r"C '(.*)' (\d+)", line)
        if not m:
            raise CoverageError(f"{path}:{n}: malformed point line")
        keys = dict(f.split("\x02", 1) for f in m.group(1).split("\x01") if "\x02" in f)
        kind = kind_of(keys.get("page", ""), keys.get("o", ""))
        if kind and "f" in keys:
            at = (kind, keys["f"], int(keys.get("l", 0)), int(keys.get("n", 0)), keys.get("o", ""), keys.get("S", ""))
            points[at] += int(m.group(2))
    if not points:
        raise CoverageError(f"{path}: no coverage points (a coverage build writes tens of thousands)")
    return points


# A line with nothing but these (and a comment) is not counted as a line of code.
NOT_CODE = re.compile(r"\s*((end|begin|else|endcase|end\s+else(\s+begin)?|else\s+begin|default\s*:)\s*)?(//.*)?")


def source_lines(f):
    try:
        with open(os.path.join(ROOT, f), errors="replace") as fh:
            return fh.read().split("\n")
    except OSError:
        return None


def span_lines(span):
    """'135,139-140' -> [135, 139, 140] (Verilator's S key: the lines a block or arm holds); [] if malformed."""
    out = []
    for part in span.split(","):
        m = re.fullmatch(r"(\d+)(?:-(\d+))?", part)
        if not m:
            return []
        out += range(int(m.group(1)), int(m.group(2) or m.group(1)) + 1)
    return out


def line_counts(points):
    """{file: {line: count}}: each line of code inside a block or arm span, counted by the innermost one."""
    spans = collections.defaultdict(list)
    for (kind, f, line, col, comment, span), count in points.items():
        held = span_lines(span) if kind != "toggles" else []
        if held:
            spans[f].append((max(held) - min(held), held, count))
    out = {}
    for f, ss in spans.items():
        text = source_lines(f)
        best = {}
        for _, held, count in sorted(ss, key=lambda s: -s[0]):  # widest first: the innermost is written last
            for n in held:
                if text is None or (n <= len(text) and not NOT_CODE.fullmatch(text[n - 1])):
                    best[n] = count
        out[f] = best
    return out


def tally(points, lines):
    """{file: {kind: [hit, total]}}"""
    out = collections.defaultdict(lambda: {k: [0, 0] for k in KINDS})
    for (kind, f, *_), count in points.items():
        if kind != "lines":
            out[f][kind][0] += count > 0
            out[f][kind][1] += 1
        else:
            out[f]  # a file whose only code is blocks still gets its row
    for f, counts in lines.items():
        out[f]["lines"] = [sum(1 for c in counts.values() if c), len(counts)]
    return out


def code_info(points, lines):
    """lcov records of lines (line_counts) and branches, one BRDA per arm at the line of its decision."""
    out = ["TN:verilator_coverage"]
    arms = collections.defaultdict(list)
    for (kind, f, line, col, comment, span), count in sorted(points.items(), key=lambda p: p[0][1:4]):
        if kind == "branches":
            arms[f].append((line, count))
    for f in sorted(set(lines) | set(arms)):
        out.append(f"SF:{f}")
        per_line = collections.Counter()
        for line, count in arms[f]:
            out.append(f"BRDA:{line},0,{per_line[line]},{count}")
            per_line[line] += 1
        out += [f"BRF:{len(arms[f])}", f"BRH:{sum(1 for _, c in arms[f] if c)}"]
        ls = lines.get(f, {})
        out += [f"DA:{n},{ls[n]}" for n in sorted(ls)]
        out += [f"LF:{len(ls)}", f"LH:{sum(1 for c in ls.values() if c)}", "end_of_record"]
    return "\n".join(out) + "\n"


def cell(hit, total):
    return f"{hit:>6}/{total:<6} {100.0 * hit / total:5.1f}%" if total else f"{'-':>6} {'':6} {'':6}"


def summary_text(points, lines, sources):
    """sources: [(what, runs text, dat)], the counts each measure comes from."""
    per_file = tally(points, lines)
    width = max(len(f) for f in per_file)
    out = ["RTL code coverage, hit/total per SV file, every instance:"]
    out += [f"  {what}: {runs} ({os.path.relpath(dat, ROOT)})" for what, runs, dat in sources]
    out += [f"{'file':<{width}}  " + "  ".join(f"{k:^20}" for k in KINDS)]
    total = {k: [0, 0] for k in KINDS}
    for f in sorted(per_file):
        out.append(f"{f:<{width}}  " + "  ".join(cell(*per_file[f][k]) for k in KINDS))
        for k in KINDS:
            total[k][0] += per_file[f][k][0]
            total[k][1] += per_file[f][k][1]
    out.append(f"{'total':<{width}}  " + "  ".join(cell(*total[k]) for k in KINDS))
    return "\n".join(out) + "\n", per_file


def bit_ranges(bits):
    """[0, 1, 2, 5] -> '0-2,5'"""
    out, start = [], None
    for i, b in enumerate(bits):
        if start is None:
            start = b
        if i + 1 == len(bits) or bits[i + 1] != b + 1:
            out.append(str(start) if start == b else f"{start}-{b}")
            start = None
    return ",".join(out)


def uncovered_text(points):
    """Every point never hit, by file: blocks and branches with their lines, toggles as signal[bits]."""
    by_file = collections.defaultdict(list)
    toggles = collections.defaultdict(lambda: collections.defaultdict(set))
    for (kind, f, line, col, comment, span), count in sorted(points.items(), key=lambda p: p[0][1:4]):
        if count:
            continue
        if kind == "toggles":
            m = re.fullmatch(r"(.*)\[(\d+)\]", comment)
            name, bit = (m.group(1), int(m.group(2))) if m else (comment, -1)
            toggles[f][(line, name)].add(bit)
        else:
            by_file[f].append(f"  {line}: {'block' if kind == 'lines' else 'branch ' + comment}"
                              + (f" (lines {span})" if span else ""))
    out = ["Points never hit (make rtl-coverage), at the line Verilator gives them. Block: a statement block;",
           "branch: an arm of an if (if, else: the else may be implicit), of an if-else-if chain (if, elsif, else) or",
           "a case item, with the lines the arm holds; toggle: signal[bits] that never changed, at their declaration.",
           ""]
    for f in sorted(set(by_file) | set(toggles)):
        out.append(f)
        out += by_file[f]
        for (line, name), bits in sorted(toggles[f].items()):
            out.append(f"  {line}: toggle {name}" + (f"[{bit_ranges(sorted(bits))}]" if -1 not in bits else ""))
    return "\n".join(out) + "\n"


def tool(argv, what):
    p = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True)
    if p.returncode:
        raise CoverageError(f"{what} failed (exit {p.returncode}): {(p.stdout + p.stderr).strip()[-800:]}")
    return p


def genhtml(info, html, title, *flags):
    shutil.rmtree(html, ignore_errors=True)
    tool(["genhtml", "--quiet", *flags, "--title", title, "--output-directory", html, info], "genhtml")
    if not os.path.exists(os.path.join(html, "index.html")):
        raise CoverageError(f"genhtml wrote no {html}/index.html")


def lcov_reports(dat, out, points, lines, step=lambda: None):
    """coverage.info and html/ (every point), code.info and html-code/ (lines and branches), annotated/; step() as
    each of those four ends."""
    info = os.path.join(out, "coverage.info")
    tool(["verilator_coverage", "--write-info", info, dat], "verilator_coverage --write-info")
    with open(info) as fh:
        if "\nSF:" not in "\n" + fh.read():
            raise CoverageError(f"{info}: verilator_coverage wrote no source file")
    step()
    genhtml(info, os.path.join(out, "html"), "R500 US RTL: every point (lines, branches, toggles)")
    step()
    code = os.path.join(out, "code.info")
    with open(code, "w") as fh:
        fh.write(code_info(points, lines))
    genhtml(code, os.path.join(out, "html-code"), "R500 US RTL: lines and branches", "--branch-coverage")
    step()
    ann = os.path.join(out, "annotated")
    shutil.rmtree(ann, ignore_errors=True)
    tool(["verilator_coverage", "--annotate", ann, "--annotate-all", dat], "verilator_coverage --annotate")
    step()


def runs_text(path):
    """'N runs of suite S, seed K' from regress.py's merged.json ('? runs' without one)."""
    if not path:
        return "? runs"
    with open(path) as fh:
        got = json.load(fh)
    return f"{got.get('runs', '?')} runs" + (f" of suite {got['suite']}, seed {got.get('seed', '?')}"
                                            if "suite" in got else "")


def hits_core(points, kinds, dat):
    if not any(c for p, c in points.items() if p[1].startswith(CORE) and p[0] in kinds):
        raise CoverageError(f"{dat}: no {' or '.join(kinds)} point of the core ({CORE}) was hit: the runs "
                            "simulated nothing, or the counts come from the wrong build")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dat", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--runs-json", help="regress.py's merged.json: how many runs the counts hold")
    ap.add_argument("--toggle-dat", help="the toggle build's counts (without it the report has no toggles)")
    ap.add_argument("--toggle-runs-json")
    a = ap.parse_args()
    missing = [t for t in ("verilator_coverage", "genhtml") if not shutil.which(t)]
    if missing:
        print(f"rtl_coverage: {' and '.join(missing)} not found (make deps installs verilator and lcov)",
              file=sys.stderr)
        return 2
    dat, out = os.path.abspath(a.dat), os.path.abspath(a.out)
    # standard error shows the report's steps done (the counts read, the toggles read and merged, lcov's info,
    # the two genhtml reports, the annotated sources, the summary), rate, ETA and a failure
    bar = progress.Progress(8 if a.toggle_dat else 6, "rtl-coverage report", unit="steps")
    try:
        code = read_points(dat)
        hits_core(code, ("lines", "branches"), dat)
        bar.update()
        points = collections.Counter({p: c for p, c in code.items() if p[0] != "toggles"})
        sources = [("lines and branches", runs_text(a.runs_json), dat)]
        os.makedirs(out, exist_ok=True)
        both = os.path.join(out, "merged.dat")  # where the two are merged, when there are two
        tdat = os.path.abspath(a.toggle_dat) if a.toggle_dat else None
        if tdat and both in (dat, tdat):
            raise CoverageError(f"{both} is where the report merges --dat and --toggle-dat: give the counts from "
                                "elsewhere")
        if both != dat and os.path.exists(both):  # a stale one from a report with toggles
            os.remove(both)
        if not tdat:
            both = dat
        else:
            toggles = read_points(tdat)
            hits_core(toggles, ("toggles",), tdat)
            points.update({p: c for p, c in toggles.items() if p[0] == "toggles"})
            sources.append(("toggles", runs_text(a.toggle_runs_json), tdat))
            only = os.path.join(out, "toggles.dat")  # the toggle build's toggles alone: its suite is not SUITE
            with open(tdat, encoding="utf-8", errors="surrogateescape") as fi, \
                    open(only, "w", encoding="utf-8", errors="surrogateescape") as fo:
                fo.writelines(line for n, line in enumerate(fi) if not n or "\x01page\x02v_toggle/" in line)
            bar.update()
            tool(["verilator_coverage", "--write", both, dat, only], "verilator_coverage --write")
            os.remove(only)
            bar.update()
        lines = line_counts(points)
        lcov_reports(both, out, points, lines, bar.update)
    except (CoverageError, OSError, ValueError) as e:
        bar.update(0, failed=True)
        bar.close()
        print(f"rtl_coverage: {e}", file=sys.stderr)
        return 1
    text, _ = summary_text(points, lines, sources)
    with open(os.path.join(out, "summary.txt"), "w") as fh:
        fh.write(text)
    with open(os.path.join(out, "uncovered.txt"), "w") as fh:
        fh.write(uncovered_text(points))
    bar.update()
    bar.close()
    rel = os.path.relpath(out, ROOT)
    print(text + f"reports: {rel}/summary.txt, uncovered.txt, html/index.html, html-code/index.html, annotated/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
