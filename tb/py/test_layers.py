#!/usr/bin/env python3
"""The model's layering holds, and its checker catches a breach:
- scripts/checks/check_layers.py passes on the tree, and fails naming file:line on a copy with an include that goes up
  (golden -> gen), an unqualified include of another folder, a stray source in model/ or an unknown folder;
- no call circle in the golden model: the execution units (us_fc, us_alu, us_tex) and the shared quad state
  (us_quad_state) call nothing defined in the step loop (us_quad), read from their compiled objects with nm.
usage: test_layers.py"""
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checklib import check, summary  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHECK = [sys.executable, os.path.join(ROOT, "scripts", "checks", "check_layers.py")]


def run(root):
    return subprocess.run(CHECK + [root], capture_output=True, text=True)


def planted(edit):
    """check_layers on a copy of model/ with one breach planted by edit(copy_root)."""
    with tempfile.TemporaryDirectory() as tmp:
        shutil.copytree(os.path.join(ROOT, "model"), os.path.join(tmp, "model"))
        edit(tmp)
        return run(tmp)


def append(path, text):
    with open(path) as fh:
        lines = fh.read().splitlines(True)
    lines.insert(3, text)
    with open(path, "w") as fh:
        fh.writelines(lines)


def symbols(obj, kinds):
    """Names of obj's symbols of the nm types in kinds (T: defined code, U: undefined, that is called)."""
    p = subprocess.run(["nm", obj], capture_output=True, text=True, check=True)
    fields = [ln.split() for ln in p.stdout.splitlines()]
    return {f[-1] for f in fields if len(f) >= 2 and f[-2] in kinds}


def main():
    p = run(ROOT)
    check(p.returncode == 0 and "every one points down" in p.stdout, f"the tree is layered ({p.stdout.strip()[-200:]})")

    p = planted(lambda t: append(os.path.join(t, "model", "golden", "us_fc.c"), '#include "gen/us_vec.h"\n'))
    check(p.returncode == 1 and "model/golden/us_fc.c:4: golden includes \"gen/us_vec.h\", from gen, a layer above" in p.stdout,
          f"an upward include (golden -> gen) fails naming file:line ({p.stdout.strip()[:200]})")
    p = planted(lambda t: append(os.path.join(t, "model", "isa", "us_dis.c"), '#include "us_model.h"\n'))
    check(p.returncode == 1 and "model/isa/us_dis.c:4" in p.stdout and "name its folder" in p.stdout,
          "an unqualified include of another folder's header fails")
    p = planted(lambda t: open(os.path.join(t, "model", "stray.c"), "w").close())
    check(p.returncode == 1 and "model/stray.c" in p.stdout, "a source outside the layer folders fails")
    p = planted(lambda t: os.mkdir(os.path.join(t, "model", "misc")))
    check(p.returncode == 1 and "model/misc/" in p.stdout, "a folder that is no layer fails")

    # No call circle: the units and the shared state call nothing the step loop defines.
    obj = os.path.join(ROOT, "build", "san", "obj", "golden")
    if not os.path.isdir(obj):
        check(False, f"{obj} is missing (make test-build first)")
        return summary()
    loop = symbols(os.path.join(obj, "us_quad.o"), {"T"})
    check(len(loop) >= 3, f"the step loop defines its functions ({', '.join(sorted(loop))})")
    for unit in ("us_fc", "us_alu", "us_tex", "us_quad_state"):
        calls = symbols(os.path.join(obj, unit + ".o"), {"U"}) & loop
        check(not calls, f"{unit} calls nothing of the step loop us_quad ({', '.join(sorted(calls)) or 'none'})")
    return summary()


if __name__ == "__main__":
    sys.exit(main())
