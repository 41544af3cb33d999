#!/usr/bin/env python3
"""The design's source manifest, rtl/us_core.f, is complete and in order: every .sv under rtl/ is listed exactly once
and every listed file exists; the packages come first, each after every package it names; and the tools use it (the
Makefile, scripts/synth/synth.py, scripts/synth/fpga.py). Planted faults (a file left out, one listed twice, a package
after its user, a missing file) are caught.
usage: test_manifest.py"""
import glob
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checklib import check, summary  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MANIFEST = os.path.join(ROOT, "rtl", "us_core.f")


def entries(text):
    """The manifest's paths: one per line, // starts a comment."""
    return [ln.split("//", 1)[0].strip() for ln in text.splitlines() if ln.split("//", 1)[0].strip()]


def problems(files, on_disk, read):
    """What is wrong with a manifest listing `files`, given the .sv files on disk and a reader of their text."""
    out = []
    for f in sorted(set(on_disk) - set(files)):
        out.append(f"{f} is not listed")
    for f in sorted({f for f in files if files.count(f) > 1}):
        out.append(f"{f} is listed {files.count(f)} times")
    for f in files:
        if f not in on_disk:
            out.append(f"{f} does not exist")
    pkgs = [f for f in files if f.endswith("_pkg.sv")]
    first_module = next((i for i, f in enumerate(files) if not f.endswith("_pkg.sv")), len(files))
    for f in pkgs:
        if files.index(f) > first_module:
            out.append(f"package {f} comes after the module {files[first_module]}")
    where = {os.path.basename(f)[:-3]: files.index(f) for f in pkgs}
    for i, f in enumerate(files):
        if f not in on_disk:
            continue
        for name in sorted(set(re.findall(r"\b(us_\w+_pkg)::", read(f)))):
            if name not in where:
                out.append(f"{f} names {name}, which the manifest does not list")
            elif where[name] > i:
                out.append(f"{f} names {name}, listed after it")
    return out


def main():
    text = open(MANIFEST).read()
    files = entries(text)
    on_disk = sorted(os.path.relpath(f, ROOT) for f in glob.glob(os.path.join(ROOT, "rtl", "**", "*.sv"),
                                                                   recursive=True))
    read = lambda f: open(os.path.join(ROOT, f)).read()  # noqa: E731
    found = problems(files, on_disk, read)
    check(not found, f"rtl/us_core.f lists every .sv under rtl/ once, packages first in dependency order ({found})")
    check(len(files) == len(on_disk) and files[0].endswith("_pkg.sv"),
          f"{len(files)} files listed, {len(on_disk)} on disk, a package first")

    make = open(os.path.join(ROOT, "Makefile")).read()
    check("RTL_MANIFEST := rtl/us_core.f" in make and "-f $(RTL_MANIFEST)" in make and "wildcard rtl/" not in make,
          "the Makefile takes the design's sources from the manifest (lint and every Verilator build), not a wildcard")
    synth = open(os.path.join(ROOT, "scripts", "synth", "synth.py")).read()
    fpga = open(os.path.join(ROOT, "scripts", "synth", "fpga.py")).read()
    globbing = re.compile(r"^import glob|\bglob\.glob\(|^from glob ", re.M)
    check('"us_core.f"' in synth and not globbing.search(synth),
          "scripts/synth/synth.py reads the manifest, not a glob")
    check("synth.sources()" in fpga and not globbing.search(fpga), "scripts/synth/fpga.py reads it through synth.py")

    # Planted faults
    module = next(f for f in files if not f.endswith("_pkg.sv"))
    check(any("is not listed" in p for p in problems([f for f in files if f != module], on_disk, read)),
          "a file left out is caught")
    check(any("listed 2 times" in p for p in problems(files + [module], on_disk, read)), "a file listed twice is caught")
    check(any("does not exist" in p for p in problems(files + ["rtl/us_nothing.sv"], on_disk, read)),
          "a listed file that does not exist is caught")
    late = [f for f in files if f != "rtl/us_types_pkg.sv"]
    late.insert(late.index("rtl/core/us_core_pkg.sv") + 1, "rtl/us_types_pkg.sv")
    check(any("names us_types_pkg, listed after it" in p for p in problems(late, on_disk, read)),
          "a package listed after a package that names it is caught")
    after = [f for f in files if f != "rtl/core/us_core_pkg.sv"] + ["rtl/core/us_core_pkg.sv"]
    check(any("comes after the module" in p for p in problems(after, on_disk, read)),
          "a package listed among the modules is caught")
    return summary()


if __name__ == "__main__":
    sys.exit(main())
