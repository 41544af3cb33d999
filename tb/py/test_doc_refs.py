#!/usr/bin/env python3
"""Docs do not drift: scripts/checks/check_doc_refs.py passes on the tree, and fails naming page:line when a page names
a file that does not exist (by path or by bare name, as tb/README.md once named uscosim.cpp) or a make target that does
not exist.
usage: test_doc_refs.py"""
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checklib import check, summary  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHECK = [sys.executable, os.path.join(ROOT, "scripts", "checks", "check_doc_refs.py")]


def planted(page, text):
    """check_doc_refs on a copy of the project (no build/, no .git) with text appended to page. The copy is of hard
    links (under build/, on the project's file system: 60 MB copied four times cost 20 s of make test under load);
    the page itself is written anew, so the tree's own file is never touched."""
    scratch = os.path.join(ROOT, "build")
    os.makedirs(scratch, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=scratch) as tmp:
        copy = os.path.join(tmp, "main")
        shutil.copytree(ROOT, copy, ignore=shutil.ignore_patterns("build", ".git"), copy_function=os.link)
        target = os.path.join(copy, page)
        with open(target) as fh:
            original = fh.read()
        os.unlink(target)  # a new file, not the hard link to the tree's page
        with open(target, "w") as fh:
            fh.write(original + text)
        return subprocess.run(CHECK + [copy], capture_output=True, text=True)


def main():
    p = subprocess.run(CHECK, capture_output=True, text=True)
    check(p.returncode == 0 and "all exist" in p.stdout, f"every name in the docs exists ({p.stdout.strip()[-300:]})")
    p = planted("README.md", "\nSee model/golden/us_nothing.c.\n")
    check(p.returncode == 1 and "README.md:" in p.stdout and "model/golden/us_nothing.c does not exist" in p.stdout,
          f"a path that does not exist fails, naming page and line ({p.stdout.strip()[:200]})")
    p = planted("tb/README.md", "\n- `uscosim.cpp`: the harness.\n")
    check(p.returncode == 1 and "tb/README.md:" in p.stdout and "no file is called uscosim.cpp" in p.stdout,
          "a bare file name that does not exist fails")
    p = planted("docs/rtl.md", "\nRun `make simulate` first.\n")
    check(p.returncode == 1 and "make simulate: no such target" in p.stdout, "a make target that does not exist fails")
    p = planted("docs/rtl.md", "\nThe words `make sense` in prose are not a target; neither is make believe.\n")
    check(p.returncode == 1 and "make sense" in p.stdout and "believe" not in p.stdout,
          "make targets are read from code only")
    return summary()


if __name__ == "__main__":
    sys.exit(main())
