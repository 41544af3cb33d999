#!/usr/bin/env python3
"""make mesa-diff: two Mesa compilers' R500 programs for the same piglit tests, side by side.

For every test both corpora captured (scripts/mesa/mesa_corpus.py MESA_VERSIONS; corpus/piglit and
corpus/piglit-25.0.7 by default), the report gives
  - whether the programs differ, and by how much: instructions, temporaries (US_PIXSIZE), words;
  - the probe verdict on the golden model under each compiler (build/piglit/mesa-V/report.json, written by
    `make piglit-check`: pass, fail, xfail, or "no check" where piglit_vectors skipped every probe);
  - the silicon-rule checker's findings on each compiler's programs (usim --lint --program).
Then every probe failure and every rule breach of the newer compiler, with its classification from the newer
compiler's expected-failure list (tb/piglit_xfail-V.txt) or "unexplained".

  mesa_diff.py [--old 22.3.6] [--new 25.0.7] [--bin build/bin] [--out build/piglit/diff]

Writes OUT/report.txt and OUT/report.json. Exit 1 when a failure or breach of the newer compiler is unexplained, 2 on
bad input (a corpus or a piglit-check report missing)."""
import argparse
import collections
import concurrent.futures
import json
import os
import subprocess
import sys

import mesa_corpus

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def load_corpus(d):
    """test path -> its tests/NAME.json record, from the corpus folder d."""
    index = os.path.join(d, "index.json")
    if not os.path.exists(index):
        raise FileNotFoundError(f"{index}: no corpus there (make mesa-corpus)")
    out = {}
    for e in json.load(open(index)):
        out[e["test"]] = json.load(open(os.path.join(d, "tests", e["name"] + ".json")))
    return out


def load_verdicts(path):
    """test path -> pass / fail / xfail, from make piglit-check's report.json; tests with no check are absent."""
    if not os.path.exists(path):
        raise FileNotFoundError(f"{path}: run make piglit-check (or make regress SUITE=piglit) first")
    rep = json.load(open(path))
    out = {t: "pass" for t in rep.get("passing_tests", [])}
    out.update({t: "xpass" for t in rep.get("xpass_tests", [])})
    out.update({t: "fail" for t in rep["failing_tests"]})
    out.update({t: "xfail" for t in rep["xfail_tests"]})
    return out, rep


def model_colours(report_json, test, most=12):
    """The probe lines of a failing test in the piglit check's report.txt beside report_json: the vector, piglit's
    expected colour and the model's (fp32 and as stored)."""
    path = os.path.splitext(report_json)[0] + ".txt"
    if not os.path.exists(path):
        return []
    out, inside = [], False
    for ln in open(path):
        if ln.startswith(("FAIL ", "XFAIL ")):
            inside = ln.split(":")[0].split(" ", 1)[1].strip() == test
            continue
        if inside and ln.strip().startswith(("vector ", "piglit expects", "model fp32", "model as RGBA8", "- ")):
            out.append(ln.rstrip("\n"))
            if len(out) >= most:
                break
    return out


def load_xfail(version):
    path = os.path.join(ROOT, mesa_corpus.MESA_VERSIONS[version]["xfail"])
    out = {}
    if os.path.exists(path):
        for ln in open(path):
            if ln.strip() and not ln.startswith("#"):
                f = ln.rstrip("\n").split("\t", 2)      # test, probes P,Q..., reason
                out[f[0]] = f"{f[1]}: {f[2]}" if len(f) == 3 else f[-1]
    return out


def lint(corpus, shas, bindir):
    """sha -> the checker's findings on the program: every instruction usdis decodes as illegal (docs/spec.md
    section 2; the model stops there with illegal_inst) and every static silicon-rule breach usim --lint prints."""
    d = os.path.join(corpus, "programs")

    def one(sha):
        dis, p, illegal = mesa_corpus.program_findings(os.path.join(d, sha + ".hex"), bindir)
        if dis.returncode != 0:
            return sha, [f"usdis exited {dis.returncode}: {(dis.stderr or dis.stdout).strip()[-200:]}"]
        found = sorted({"illegal instruction: " + m for m in illegal})
        if p.returncode not in (0, 1):
            return sha, found + [f"usim --lint exited {p.returncode}: {(p.stderr or p.stdout).strip()[-200:]}"]
        return sha, found + [ln.split(": ", 1)[-1] for ln in (p.stdout + p.stderr).splitlines() if "warning" in ln]
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        return dict(pool.map(one, sorted(shas)))


def shape(rec):
    """(instructions, temporaries, words) of a test's programs, summed over its draws' distinct programs."""
    progs = rec["programs"]
    return (sum(p["instructions"] for p in progs), max(p["pixsize"] for p in progs),
            tuple(tuple(tuple(i) for i in p["words"]) for p in progs))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--old", default="22.3.6", choices=sorted(mesa_corpus.MESA_VERSIONS))
    ap.add_argument("--new", default="25.0.7", choices=sorted(mesa_corpus.MESA_VERSIONS))
    ap.add_argument("--bin", default=os.path.join(ROOT, "build", "bin"))
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "piglit", "diff"))
    ap.add_argument("--new-corpus", default="", help="a corpus of your own in place of --new's checked-in one "
                    "(make mesa-corpus with --mesa-src; docs/mesa.md)")
    ap.add_argument("--new-report", default="", help="its piglit_vectors check --report JSON")
    a = ap.parse_args()
    dirs = {a.old: mesa_corpus.corpus_dir(a.old), a.new: a.new_corpus or mesa_corpus.corpus_dir(a.new)}
    report = {v: os.path.join(ROOT, "build", "piglit", f"mesa-{v}", "report.json") for v in (a.old, a.new)}
    if a.new_corpus:
        if not a.new_report:
            print("mesa-diff: --new-corpus needs --new-report (piglit_vectors.py check --report FILE.txt writes "
                  "FILE.json)", file=sys.stderr)
            return 2
        xfail_version, a.new = a.new, "local"
        dirs["local"], report["local"] = a.new_corpus, a.new_report
    else:
        xfail_version = a.new
    usim, usdis = os.path.join(a.bin, "usim"), os.path.join(a.bin, "usdis")
    for tool in (usim, usdis):
        if not os.access(tool, os.X_OK):
            print(f"mesa-diff: {tool} is missing (make tools)", file=sys.stderr)
            return 2
    try:
        corp = {v: load_corpus(dirs[v]) for v in (a.old, a.new)}
        verdicts = {}
        reports = {}
        for v in (a.old, a.new):
            verdicts[v], reports[v] = load_verdicts(report[v])
    except (OSError, ValueError, KeyError) as e:
        print(f"mesa-diff: {e}", file=sys.stderr)
        return 2
    findings = {v: lint(dirs[v], {p["sha"] for r in corp[v].values() for p in r["programs"]}, a.bin)
                for v in (a.old, a.new)}
    xfail_new = load_xfail(xfail_version)
    both = sorted(set(corp[a.old]) & set(corp[a.new]))
    only = {v: sorted(set(corp[v]) - set(corp[o])) for v, o in ((a.old, a.new), (a.new, a.old))}
    rows = []
    count = collections.Counter()
    d_inst = d_temp = 0
    for t in both:
        so, sn = shape(corp[a.old][t]), shape(corp[a.new][t])
        row = {"test": t, "instructions": [so[0], sn[0]], "temporaries": [so[1], sn[1]], "same_words": so[2] == sn[2],
               "verdict": [verdicts[a.old].get(t, "no check"), verdicts[a.new].get(t, "no check")],
               "breaches": [sorted({b for p in corp[v][t]["programs"] for b in findings[v][p["sha"]]})
                            for v in (a.old, a.new)]}
        rows.append(row)
        count["same words" if row["same_words"] else "programs differ"] += 1
        if not row["same_words"]:
            count["fewer instructions" if sn[0] < so[0] else "more instructions" if sn[0] > so[0]
                  else "same instruction count"] += 1
            count["fewer temporaries" if sn[1] < so[1] else "more temporaries" if sn[1] > so[1]
                  else "same temporaries"] += 1
        d_inst += sn[0] - so[0]
        d_temp += sn[1] - so[1]
        count[f"verdicts {row['verdict'][0]} -> {row['verdict'][1]}"] += 1
    # Every failure and breach of the newer compiler, explained by its expected-failure list or not.
    problems = []
    for t in sorted(corp[a.new]):
        v = verdicts[a.new].get(t)
        br = sorted({b for p in corp[a.new][t]["programs"] for b in findings[a.new][p["sha"]]})
        if v in ("fail", "xfail") or br:
            problems.append({"test": t, "verdict": v or "no check", "breaches": br,
                             "explained": xfail_new.get(t, "unexplained")})
    unexplained = [p for p in problems if p["explained"] == "unexplained"]
    lines = [f"Mesa {a.old} against Mesa {a.new}: piglit tests captured by both, by one only", "",
             f"  captured: {a.old} {len(corp[a.old])}, {a.new} {len(corp[a.new])}; both {len(both)}, "
             f"only {a.old} {len(only[a.old])}, only {a.new} {len(only[a.new])}",
             f"  programs: {count['same words']} tests with the same words, {count['programs differ']} differ "
             f"({count['fewer instructions']} fewer instructions, {count['more instructions']} more, "
             f"{count['same instruction count']} as many; {count['fewer temporaries']} fewer temporaries, "
             f"{count['more temporaries']} more)",
             f"  instructions over the {len(both)} tests: {sum(r['instructions'][0] for r in rows)} -> "
             f"{sum(r['instructions'][1] for r in rows)} ({d_inst:+d}); temporaries {d_temp:+d}", ""]
    for v in (a.old, a.new):
        rep = reports[v]
        lines.append(f"  Mesa {v} on the model: {rep['tests']} tests checked, {rep['probes_pass']} probes pass, "
                     f"{rep['probes_fail']} fail, {rep['probes_xfail']} expected failures; "
                     f"{sum(1 for s in findings[v].values() if s)} of {len(findings[v])} programs with an illegal "
                     "instruction or a static silicon-rule breach")
    lines += ["", "  verdicts (old -> new), tests captured by both:"]
    for k, n in sorted((k, n) for k, n in count.items() if k.startswith("verdicts")):
        lines.append(f"    {n:5d}  {k[len('verdicts '):]}")
    lines += ["", f"Mesa {a.new}: every probe failure and rule breach, with its explanation "
              f"({mesa_corpus.MESA_VERSIONS[xfail_version]['xfail']}):"]
    for p in problems:
        lines.append(f"  {p['verdict']:8s} {p['test']}")
        for b in p["breaches"]:
            lines.append(f"           breach: {b}")
        lines.append(f"           {p['explained']}")
    if not problems:
        lines.append("  none")
    lines += ["", f"{len(problems)} failures or breaches in Mesa {a.new}'s output, {len(unexplained)} unexplained"]
    # The evidence for each: the source, and both compilers' programs as usdis reads them (the model's colours are
    # in build/piglit/mesa-V/report.txt and the pictures in build/piglit/rNN).
    lines += ["", "Details", ""]
    for p in problems:
        t = p["test"]
        lines += [f"== {t}"]
        for v in (a.old, a.new):
            colours = model_colours(report[v], t)
            if colours:
                lines.append(f"  on the model, Mesa {v} (piglit check report):")
                lines += ["    " + ln.strip() for ln in colours]
        lines.append(f"  {corp[a.new][t].get('language', 'glsl')} source:")
        lines += ["    " + ln for ln in corp[a.new][t]["fragment_shader"].strip().splitlines()]
        for v in (a.old, a.new):
            if t not in corp[v]:
                lines.append(f"  Mesa {v}: not captured")
                continue
            for prog in corp[v][t]["programs"]:
                path = os.path.join(dirs[v], "programs", prog["sha"] + ".hex")
                dis = subprocess.run([usdis, path], capture_output=True, text=True).stdout
                lines.append(f"  Mesa {v} program {prog['sha']} ({prog['instructions']} instructions):")
                lines += ["    " + ln for ln in dis.rstrip().splitlines()]
        lines.append("")
    os.makedirs(a.out, exist_ok=True)
    with open(os.path.join(a.out, "report.txt"), "w") as fh:
        fh.write("\n".join(lines) + "\n")
    with open(os.path.join(a.out, "report.json"), "w") as fh:
        json.dump({"old": a.old, "new": a.new, "both": len(both), "only": only, "counts": dict(count),
                   "tests": rows, "problems": problems}, fh, indent=1)
    print("\n".join(lines[:lines.index("Details") - 1]))
    print(f"(details, with the sources and both programs: {os.path.relpath(os.path.join(a.out, 'report.txt'), ROOT)})")
    return 1 if unexplained else 0


if __name__ == "__main__":
    sys.exit(main())
