#!/usr/bin/env python3
"""scripts/mesa/piglit_results.py writes piglit's results format and the pictures right.

--structure (no piglit needed): three tests (pass, fail, skip) written to a temporary folder: results.json has
version 10, every test's result, and group totals that add up (root = every test); each probed test has a
reference and a rendered PNG; a probe at GL's bottom-left pixel is at the picture's bottom-left (GL's y runs up,
a picture's rows down) in piglit's expected colour (reference) and in the model's (rendered); a one-pixel probe
in a large box is drawn as a square in both; a probe outside the window does not shift the others' colours.
--piglit (Debian's piglit; exit 77, reported as skipped, without it): `piglit summary console` reads the file and
counts 1 pass, 1 fail and 1 skip.
usage: test_piglit_results.py --structure | --piglit"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts", "mesa"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import piglit_results  # noqa: E402
from checklib import check, summary  # noqa: E402
from PIL import Image  # noqa: E402

SKIP = 77
TESTS = {
    "tests/spec/glsl-1.10/execution/a-pass.shader_test": {
        "verdict": "pass", "out": "ok", "window": [250, 250],
        "probes": [{"region": [0, 0, 1, 1], "expect": [1.0, 0.0, 0.0], "pixels": {(0, 0): [1.0, 0.0, 0.0, 1.0]}},
                   {"region": [300, 300, 1, 1], "expect": [0.0, 0.0, 1.0], "pixels": {}},
                   {"region": [249, 249, 1, 1], "expect": [0.0, 1.0, 0.0], "pixels": {(249, 249): [0.0, 1.0, 0.0, 1]}}]},
    "tests/spec/glsl-1.10/execution/b-fail.shader_test": {
        "verdict": "fail", "out": "FAIL", "window": [250, 250],
        "probes": [{"region": [0, 0, 4, 4], "expect": [0.0, 1.0, 0.0, 1.0],
                    "pixels": {(x, y): [1.0, 0.0, 0.0, 1.0] for x in range(4) for y in range(4)}}]},
    "generated_tests/spec/glsl-1.20/c-skip.shader_test": {"verdict": "skip", "out": "not checked: x", "probes": []},
}


def structure():
    with tempfile.TemporaryDirectory() as tmp:
        n = piglit_results.write(tmp, "rtest", TESTS, {"mesa": "test"})
        res = json.load(open(os.path.join(tmp, "results.json")))
        check(n == 3 and res["results_version"] == 10 and res["name"] == "rtest", "version 10, three tests, named")
        names = sorted(res["tests"])
        check(names == ["spec@glsl-1.10@execution@a-pass", "spec@glsl-1.10@execution@b-fail", "spec@glsl-1.20@c-skip"],
              f"piglit's names (path under tests/ or generated_tests/, '@'-separated): {names}")
        root = res["totals"]["root"]
        check(root["pass"] == 1 and root["fail"] == 1 and root["skip"] == 1 and sum(
            v for k, v in root.items() if k != "__type__") == 3, f"root totals add up: {root}")
        check(res["totals"]["spec@glsl-1.10"]["pass"] == 1 and res["totals"]["spec"]["fail"] == 1,
              "group totals per prefix")
        a = res["tests"]["spec@glsl-1.10@execution@a-pass"]
        ref, ren = (Image.open(a["images"][0][k]) for k in ("image_ref", "image_render"))
        check(ref.size == ren.size == (250, 250), f"the box of the probes in the window, 250 x 250: {ref.size}")
        # bottom-left probe (GL 0, 0) at the picture's bottom-left; the top-right one at its top-right
        check(ref.getpixel((0, 249)) == (255, 0, 0) and ren.getpixel((0, 249)) == (255, 0, 0),
              f"GL (0, 0) at the picture's bottom-left, red: {ref.getpixel((0, 249))} {ren.getpixel((0, 249))}")
        check(ref.getpixel((249, 0)) == (0, 255, 0) and ren.getpixel((249, 0)) == (0, 255, 0),
              "GL (249, 249) at the top-right, green, after a probe outside the window (no shift of colours)")
        check(ref.getpixel((2, 247)) == (255, 0, 0), "a one-pixel probe drawn as a square")
        check(ref.getpixel((125, 125)) == piglit_results.OUTSIDE, "outside the probes: mid grey")
        b = res["tests"]["spec@glsl-1.10@execution@b-fail"]
        ref, ren = (Image.open(b["images"][0][k]) for k in ("image_ref", "image_render"))
        check(ref.size == (128, 128), f"a 4 x 4 region scaled to 128 x 128: {ref.size}")
        check(ref.getpixel((64, 64)) == (0, 255, 0) and ren.getpixel((64, 64)) == (255, 0, 0),
              "reference: piglit's colour; rendered: the model's")
        check(res["tests"]["spec@glsl-1.20@c-skip"]["images"] is None, "no picture without probes")
    return summary()


def piglit():
    exe = shutil.which("piglit")
    if not exe:
        print("skip: Debian's piglit is not installed (make mesa-corpus installs it)")
        return SKIP
    with tempfile.TemporaryDirectory() as tmp:
        piglit_results.write(tmp, "rtest", TESTS)
        p = subprocess.run([exe, "summary", "console", "-s", tmp], capture_output=True, text=True)
        text = p.stdout + p.stderr
        counts = {ln.split(":")[0].strip(): ln.split(":")[1].strip() for ln in text.splitlines() if ":" in ln}
        check(p.returncode == 0 and counts.get("pass") == "1" and counts.get("fail") == "1"
              and counts.get("skip") == "1", f"piglit summary console reads it: exit {p.returncode}, {text[-600:]}")
        bad = os.path.join(tmp, "results.json")
        data = json.load(open(bad))
        data["results_version"] = 3
        json.dump(data, open(bad, "w"))
        p = subprocess.run([exe, "summary", "console", "-s", tmp], capture_output=True, text=True)
        check(p.returncode != 0, "planted: a results file of version 3 is refused by piglit")
    return summary()


if __name__ == "__main__":
    if sys.argv[1:] == ["--structure"]:
        sys.exit(structure())
    if sys.argv[1:] == ["--piglit"]:
        sys.exit(piglit())
    sys.exit(__doc__)
