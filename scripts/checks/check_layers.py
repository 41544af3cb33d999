#!/usr/bin/env python3
"""The model's layering (model/README.md): each folder of model/ includes only itself and the folders below it.
Order, bottom to top: isa, golden, gen, then tools (the command-line front ends); a layer's generated/ folder is part
of it. A quoted include must name its folder (`#include "golden/us_model.h"`) unless the file is in the same folder.
Exit 1 naming file:line for an include that goes up the stack, names an unknown folder or a missing file; 0 when every
include points down.
usage: check_layers.py [ROOT]"""
import os
import re
import sys

LAYERS = ("isa", "golden", "gen", "tools")
GENERATED = "generated"
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def check(root):
    model = os.path.join(root, "model")
    problems, seen = [], 0
    found = sorted(d for d in os.listdir(model) if os.path.isdir(os.path.join(model, d)))
    for d in found:
        if d not in LAYERS:
            problems.append(f"model/{d}/: a folder that is not a layer (layers: {', '.join(LAYERS)})")
    for f in sorted(os.listdir(model)):
        if f.endswith((".c", ".h")):
            problems.append(f"model/{f}: a source outside the layer folders")
    for rank, layer in enumerate(LAYERS):
        folder = os.path.join(model, layer)
        if not os.path.isdir(folder):
            problems.append(f"model/{layer}/ is missing")
            continue
        # A layer's generated/ folder (what make gen writes from spec/) belongs to the layer.
        sources = [f for f in sorted(os.listdir(folder)) if f.endswith((".c", ".h"))]
        if os.path.isdir(os.path.join(folder, GENERATED)):
            sources += [os.path.join(GENERATED, f) for f in sorted(os.listdir(os.path.join(folder, GENERATED)))
                        if f.endswith((".c", ".h"))]
        for f in sources:
            here = os.path.dirname(os.path.join(folder, f))
            with open(os.path.join(folder, f)) as fh:
                for n, line in enumerate(fh, 1):
                    m = INCLUDE.match(line)
                    if not m:
                        continue
                    seen += 1
                    inc = m.group(1)
                    where = f"model/{layer}/{f}:{n}"
                    if "/" not in inc:
                        if not os.path.exists(os.path.join(here, inc)):
                            problems.append(f"{where}: \"{inc}\" is not in {os.path.relpath(here, root)}/ "
                                            "(name its folder)")
                        continue
                    top = inc.split("/", 1)[0]
                    if top not in LAYERS:
                        problems.append(f"{where}: \"{inc}\" is in no layer")
                    elif LAYERS.index(top) > rank:
                        problems.append(f"{where}: {layer} includes \"{inc}\", from {top}, a layer above it")
                    elif not os.path.exists(os.path.join(model, inc)):
                        problems.append(f"{where}: \"{inc}\" does not exist")
    return problems, seen


def main():
    here = os.path.dirname(os.path.abspath(__file__))  # scripts/checks
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.dirname(here))
    problems, seen = check(root)
    for p in problems:
        print(p)
    print(f"check_layers: {seen} includes in model/{{{','.join(LAYERS)}}}: "
          f"{'every one points down' if not problems else f'{len(problems)} problems'}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
