#!/usr/bin/env python3
"""Docs drift check: every file, folder and make target a README or docs page names must exist.
Reads README.md, docs/*.md, vectors/*.md and every README.md below model/, tb/, rtl/, scripts/. Checks:
- paths under the project's folders (model/ rtl/ tb/ scripts/ docs/ spec/ vectors/ mk/ .ci/) exist, as written or
  relative to the page; `../shared/...` paths exist when the shared folder is there; build/ paths are outputs and
  are not checked; a path with a placeholder (<NAME>, N, *, {a,b}, [ch]) is checked up to the placeholder;
- a bare file name with a source extension (us_fc.c, cosim.cpp, test_cosim.py) exists somewhere in the project;
- a Markdown link to a local file ([x](page.md)) resolves, relative to the page;
- `make TARGET`, in inline code or a code block, names a target of the Makefile or mk/*.mk (a file target such as
  build/... is an output and is not checked).
Exit 1 listing page:line for each dangling name. usage: check_doc_refs.py [ROOT]"""
import glob
import os
import re
import subprocess
import sys

TOP = ("model", "rtl", "tb", "scripts", "docs", "spec", "vectors", "mk", ".ci")
SOURCE_EXT = ("c", "h", "cpp", "sv", "svh", "py", "mk", "ini", "vlt", "sh")
PATH = re.compile(r"(?<![\w./-])((?:\.\./shared/|(?:%s)/)[\w./<>*{},\[\]-]*)" % "|".join(re.escape(t) for t in TOP))
BARE = re.compile(r"(?<![\w/.<>-])([A-Za-z_][\w-]*\.(?:%s))(?![\w/])" % "|".join(SOURCE_EXT))
MAKE = re.compile(r"\bmake\s+((?:[A-Z_]+=\S+\s+)*)([a-z][\w-]*)(?![\w/-])")
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")
CODE_SPAN = re.compile(r"`([^`]+)`")
PLACEHOLDER = re.compile(r"[<*{\[]|(?<=[/_-])N(?=[/._-]|$)|(?<=ctx)N")


def pages(root):
    out = [os.path.join(root, "README.md")]
    out += sorted(glob.glob(os.path.join(root, "docs", "*.md")) + glob.glob(os.path.join(root, "vectors", "*.md")))
    for top in ("model", "tb", "rtl", "scripts"):
        out += sorted(glob.glob(os.path.join(root, top, "**", "README.md"), recursive=True))
    return [p for p in out if os.path.exists(p)]


def make_targets(root):
    names = set()
    for mk in [os.path.join(root, "Makefile")] + glob.glob(os.path.join(root, "mk", "*.mk")):
        with open(mk) as fh:
            for line in fh:
                m = re.match(r"^([\w./%$() -]+?)\s*::?(?!=)", line)
                if m and not line.startswith("\t"):
                    names.update(w for w in m.group(1).split() if re.fullmatch(r"[a-z][\w-]*", w))
                m = re.match(r"^\.PHONY:(.*)", line)
                if m:
                    names.update(m.group(1).split())
    return names


def all_files(root):
    try:
        out = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=root,
                             capture_output=True, text=True, check=True).stdout.split()
    except (OSError, subprocess.CalledProcessError):
        out = [os.path.relpath(os.path.join(d, f), root) for d, _, fs in os.walk(root) for f in fs]
    return {os.path.basename(p) for p in out}


def exists(root, page, path):
    stem = PLACEHOLDER.split(path, 1)[0]
    if stem != path:  # a pattern: its fixed folder part must exist
        stem = stem.rsplit("/", 1)[0] if "/" in stem else ""
        if not stem:
            return True
    path = stem.rstrip("/.,;:)")
    if path.startswith("../shared/"):
        shared = os.path.join(root, "..", "shared")
        return not os.path.isdir(shared) or os.path.exists(os.path.join(root, path))
    return os.path.exists(os.path.join(root, path)) or os.path.exists(os.path.join(os.path.dirname(page), path))


def check(root):
    targets, files, problems, counts = make_targets(root), all_files(root), [], [0, 0, 0]
    for page in pages(root):
        rel = os.path.relpath(page, root)
        fenced = False
        with open(page) as fh:
            for n, line in enumerate(fh, 1):
                if line.lstrip().startswith("```"):
                    fenced = not fenced
                    continue
                code = line if fenced else " ; ".join(CODE_SPAN.findall(line))
                for m in PATH.finditer(line):
                    counts[0] += 1
                    path = m.group(1).rstrip(".,;:")
                    if not exists(root, page, path):
                        problems.append(f"{rel}:{n}: {path} does not exist")
                for m in LINK.finditer(line):
                    if re.match(r"[a-z]+:", m.group(1)):
                        continue  # a URL
                    counts[0] += 1
                    if not os.path.exists(os.path.join(os.path.dirname(page), m.group(1))):
                        problems.append(f"{rel}:{n}: the link to {m.group(1)} goes nowhere")
                for m in BARE.finditer(line):
                    counts[1] += 1
                    if m.group(1) not in files:
                        problems.append(f"{rel}:{n}: no file is called {m.group(1)}")
                for m in MAKE.finditer(code):
                    counts[2] += 1
                    if m.group(2) not in targets:
                        problems.append(f"{rel}:{n}: make {m.group(2)}: no such target")
    return problems, counts, len(pages(root))


def main():
    here = os.path.dirname(os.path.abspath(__file__))  # scripts/checks
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.dirname(here))
    problems, counts, npages = check(root)
    for p in problems:
        print(p)
    print(f"check_doc_refs: {npages} pages, {counts[0]} paths, {counts[1]} file names, {counts[2]} make targets: "
          f"{'all exist' if not problems else f'{len(problems)} dangling'}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
