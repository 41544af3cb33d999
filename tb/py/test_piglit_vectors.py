#!/usr/bin/env python3
"""make test: piglit's probes on the golden model, with no Mesa build. Generates the piglit vectors from
corpus/piglit into a temporary folder, checks a spread sample (every vector if --all) with
scripts/mesa/piglit_vectors.py against build/bin/usim, and plants faults that the checker must catch:
 - a copy of one capture with a corrupted expected colour (piglit's number, moved by 4 tolerances) must fail;
 - the same copy with the expected colour moved by exactly the tolerance must pass (|d| <= tol is piglit's rule)
   and moved by a little more must fail: a wrong comparison (< for <=, or a missing RGBA8 rounding) is caught;
 - the unit rules: the RGBA8 conversion (clamp, NaN to 0, round to nearest) and a channel never written;
 - the rasteriser side (scripts/mesa/piglit_raster.py): its one rounding to fp32 is checked against the definition
   (no fp32 is nearer; a tie goes to the even one) on edge cases and random rationals, and a copy of a capture whose
   vertices are mirrored top to bottom (the wrong window orientation) must fail piglit's probes.
Expected values always come from piglit's files; the model's colour is never the oracle.
usage: test_piglit_vectors.py [--sample N] [--all]"""
import argparse
import copy
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts", "mesa"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import piglit_raster as praster  # noqa: E402
import piglit_vectors as pv  # noqa: E402
from checklib import check, summary  # noqa: E402

CORPUS = os.path.join(ROOT, "corpus", "piglit")
PV = os.path.join(ROOT, "scripts", "mesa", "piglit_vectors.py")
# A one-draw test whose program writes all of rgba from a uniform: the planted faults go into a copy of it.
VICTIM = "tests__spec__glsl-1.10__execution__glsl-fs-uniform-array-5"
# One triangle (draw arrays) with a different colour at each vertex, smooth and flat: the rasteriser faults go here.
SMOOTH = "generated_tests__spec__glsl-1.10__execution__interpolation__interpolation-none-gl_FrontColor-smooth-none"
FLAT = "generated_tests__spec__glsl-1.10__execution__interpolation__interpolation-none-gl_FrontColor-flat-none"
# An 8 x 8 RGBA8 texture of four colours (piglit's rgbw), sampled nearest: the texture stand-in's faults go here.
TEXTURED = "tests__spec__arb_fragment_program__texturing__tex-2d"
# Many rects, each probed: the per-probe expected failures go here.
MULTI = "generated_tests__spec__amd_shader_trinary_minmax__execution__built-in-functions__fs-max3-float-float-float"
# One draw whose program discards every pixel, over a green clear that piglit probes.
DISCARD = "tests__spec__glsl-1.10__execution__discard__glsl-fs-discard-03"


def run(*args):
    p = subprocess.run([sys.executable, PV, *args], capture_output=True, text=True, cwd=ROOT)
    return p.returncode, p.stdout + p.stderr


def one_test_corpus(tmp, name, edit, victim=VICTIM):
    """A corpus folder with one (edited) copy of a capture and its programs."""
    d = os.path.join(tmp, "corpus-" + name)
    os.makedirs(os.path.join(d, "tests"))
    shutil.copytree(os.path.join(CORPUS, "programs"), os.path.join(d, "programs"))
    with open(os.path.join(CORPUS, "tests", victim + ".json")) as fh:
        t = json.load(fh)
    edit(t)
    with open(os.path.join(d, "tests", victim + ".json"), "w") as fh:
        json.dump(t, fh)
    out = os.path.join(tmp, "vec-" + name)
    rc, text = run("gen", "--corpus", d, "--out", out)
    check(rc == 0, f"gen of the {name} copy: {text}")
    return d, out


def check_f32_rounding():
    """f32_bits against the definition of round-to-nearest-even, with neighbours as exact rationals."""
    import random
    from fractions import Fraction as F

    def val(w):
        return F(praster.word_float(w))
    cases = [F(1), F(-1, 3), F(1, 10), F(2) ** -149, F(3, 2) * F(2) ** -149, F(5, 2) * F(2) ** -149,
             F(2) ** -126 * F(2 ** 24 - 1, 2 ** 24), F(2) ** 128, F(2) ** 127 * (2 - F(2) ** -24),
             1 + F(2) ** -24, 1 + 3 * F(2) ** -24, F(125, 250) - 1, F(499, 250)]
    rng = random.Random(13)
    for _ in range(3000):
        cases.append(F(rng.randrange(-2 ** 40, 2 ** 40), rng.randrange(1, 2 ** 40)) * F(2) ** rng.randrange(-140, 100))
    bad = []
    for fr in cases:
        w = praster.f32_bits(fr)
        if (w & 0x7f800000) == 0x7f800000:
            ok = abs(fr) >= F(2) ** 127 * (2 - F(2) ** -24)        # overflow: at or past the rounding boundary
        else:
            d = abs(fr - val(w))
            sign, mag = w & 0x80000000, w & 0x7fffffff
            nb = [sign | (mag + k) for k in (1, -1) if 0 <= mag + k < 0x7f800000]
            ok = all(d < abs(fr - val(x)) or (d == abs(fr - val(x)) and (w & 1) == 0) for x in nb)
        if not ok:
            bad.append(f"{fr} -> 0x{w:08x}")
    check(not bad, f"f32_bits rounds to the nearest fp32, ties to even, over {len(cases)} cases: {bad[:5]}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sample", type=int, default=800)
    ap.add_argument("--all", action="store_true")
    ap.add_argument("--mesa", default="22.3.6", help="whose corpus gen and check run on (the plants use 22.3.6's)")
    a = ap.parse_args()
    mesa = ["--mesa", a.mesa]
    t0 = time.time()
    # The conversion and comparison rules, directly.
    check(pv.unorm8(float("nan")) == 0.0 and pv.unorm8(-3.0) == 0.0 and pv.unorm8(7.0) == 1.0, "unorm8 clamps, NaN 0")
    check(pv.unorm8(0.5) == 128 / 255 and pv.unorm8(0.25) == 64 / 255 and pv.unorm8(1 / 255 * 0.49) == 0.0,
          "unorm8 rounds x * 255 to nearest")
    check(pv.probe_passes(0.5, 0.5 + 0.01171875, 0.01171875), "|d| == tolerance passes (piglit: fail only if >)")
    check(not pv.probe_passes(0.5, 0.5 + 0.0118, 0.01171875), "|d| > tolerance fails")
    check_f32_rounding()
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "piglit")
        rc, text = run("gen", "--out", out, *mesa)
        check(rc == 0 and "vectors" in text, f"gen over Mesa {a.mesa}'s corpus: {text.strip()}")
        nvec = sum(1 for f in os.listdir(out) if f.endswith(".vec"))
        check(nvec > 21000, f"{nvec} vectors (the corpus gives 21409)")
        with open(os.path.join(out, "index.json")) as fh:
            kinds = [i["inputs"] for i in json.load(fh)]
        check(kinds.count("interpolated") > 900 and kinds.count("constant") > 10000,
              f"inputs: {kinds.count('constant')} constant, {kinds.count('interpolated')} interpolated vectors")
        for f in sorted(os.listdir(out))[:50]:
            if f.endswith(".vec"):
                with open(os.path.join(out, f)) as fh:
                    check(not any(ln.startswith("expect") for ln in fh), f"{f} has no exact expectations")
        args = ["check", "--dir", out, "--jobs", str(os.cpu_count() or 2), "--show", "0"] + mesa
        rc, text = run(*(args + ([] if a.all else ["--sample", str(a.sample)])))
        check(rc == 0, f"piglit probes on the model pass (except the version's tb/piglit_xfail*.txt): "
                       f"{text.strip()[-2000:]}")
        print("\n".join(ln for ln in text.strip().splitlines() if ln.startswith(("piglit probes", "  "))))

        # Planted faults in copies of one capture.
        with open(os.path.join(CORPUS, "tests", VICTIM + ".json")) as fh:
            tol = json.load(fh)["probes"][0]["tolerance"][1]

        def shift(by):
            def edit(t):
                t["probes"][0]["expect"][1] -= by
            return edit
        cases = [("corrupt", shift(4 * tol), 1), ("at-tolerance", shift(tol), 0),
                 ("past-tolerance", shift(tol + 1 / 1024), 1)]
        for name, edit, want in cases:
            d, vec = one_test_corpus(tmp, name, edit)
            rc, text = run("check", "--dir", vec, "--corpus", d, "--xfail", "")
            check(rc == want, f"planted {name}: exit {rc}, want {want}: {text.strip()[-600:]}")
            if want:
                check("FAIL tests/spec/glsl-1.10/execution/glsl-fs-uniform-array-5.shader_test" in text
                      and "disassembly:" in text, f"planted {name}: the report names the test and disassembles")

        def unwritten(t):   # the program writes rgba; clear ALPHA_OMASK (bit 18) of the OUT instruction
            w = int(t["programs"][0]["words"][0][0], 16)
            t["programs"][0]["words"][0][0] = f"0x{w & ~(1 << 18):08x}"
        d, vec = one_test_corpus(tmp, "unwritten", unwritten)
        rc, text = run("check", "--dir", vec, "--corpus", d, "--xfail", "")
        check(rc == 1 and "never writes" in text, f"a probed channel never written fails: {text.strip()[-600:]}")

        # The rasteriser side: the untouched copies pass; a top-to-bottom mirror of the vertices (the wrong window
        # orientation) and a lost `shade model flat` (smooth colours where the provoking vertex's are due) fail.
        def mirror(t):
            for d in t["draws"]:
                for b in d.get("rasteriser", []):
                    for v in b["vertices"]:
                        y = praster.word_float(int(v[1], 16))
                        v[1] = f"0x{praster.f32_bits(praster.F(t['window'][1]) - praster.F(y)):08x}"

        def unflat(t):
            t["commands"] = [c for c in t["commands"] if c["op"] != "shade"]
        for name, victim, edit, want in (("smooth", SMOOTH, lambda t: None, 0), ("mirrored", SMOOTH, mirror, 1),
                                         ("flat", FLAT, lambda t: None, 0), ("unflat", FLAT, unflat, 1)):
            d, vec = one_test_corpus(tmp, name, edit, victim)
            rc, text = run("check", "--dir", vec, "--corpus", d, "--xfail", "")
            check(rc == want, f"rasteriser copy {name}: exit {rc}, want {want}: {text.strip()[-400:]}")

        # The texture stand-in: the captured texture as the vector's texture model. The untouched copy passes;
        # one colour everywhere, and the rows upside down (GL's t runs from the first row uploaded), fail.
        def one_colour(t):
            lv = t["textures"][0]["levels"][0]
            lv["texels"] = [lv["texels"][0]] * len(lv["texels"])

        def upside_down(t):
            lv = t["textures"][0]["levels"][0]
            rows = [lv["texels"][i:i + lv["w"]] for i in range(0, len(lv["texels"]), lv["w"])]
            lv["texels"] = [x for r in reversed(rows) for x in r]
        for name, edit, want in (("textured", lambda t: None, 0), ("one-colour", one_colour, 1),
                                 ("upside-down", upside_down, 1)):
            d, vec = one_test_corpus(tmp, name, edit, TEXTURED)
            with open(os.path.join(vec, "index.json")) as fh:
                check(any(i["textured"] for i in json.load(fh)), f"texture copy {name}: the vectors carry texels")
            rc, text = run("check", "--dir", vec, "--corpus", d, "--xfail", "")
            check(rc == want, f"texture copy {name}: exit {rc}, want {want}: {text.strip()[-400:]}")

        # A draw that kills over a clear: the killed pixels read the clear colour. The untouched copy passes; a
        # clear colour other than the one piglit expects to show through fails.
        def other_clear(t):
            for c in t["commands"]:
                if c["op"] == "clear color":
                    c["values"] = [1.0, 0.0, 0.0, 0.0]
        for name, edit, want in (("discard", lambda t: None, 0), ("discard-red-clear", other_clear, 1)):
            d, vec = one_test_corpus(tmp, name, edit, DISCARD)
            rc, text = run("check", "--dir", vec, "--corpus", d, "--xfail", "")
            check(rc == want and (want == 0 or "killed, so the clear colour" in text),
                  f"kill copy {name}: exit {rc}, want {want}: {text.strip()[-400:]}")

        # The expected-failure list names probes: a listed probe that fails is XFAIL; another probe failing in the
        # same test fails the check; a listed probe that passes is XPASS; a line without its probes is bad input.
        def corrupt(*probes):
            def edit(t):
                for p in probes:
                    t["probes"][p]["expect"][1] = 1.0 - t["probes"][p]["expect"][1]
            return edit
        test_path = "generated_tests/spec/amd_shader_trinary_minmax/execution/built-in-functions/" \
                    "fs-max3-float-float-float.shader_test"
        xf = os.path.join(tmp, "xfail.txt")
        for name, edit, line, want, says in (
                ("listed-probe-fails", corrupt(0), "probes 0\tplanted", 0, "1 expected failures"),
                ("unlisted-probe-fails", corrupt(0, 1), "probes 0\tplanted", 1, "FAIL " + test_path),
                ("listed-probe-passes", lambda t: None, "probes 0\tplanted", 1, "XPASS"),
                ("no-probes-named", corrupt(0), "planted", 2, "xfail.txt:1:")):
            d, vec = one_test_corpus(tmp, name, edit, MULTI)
            with open(xf, "w") as fh:
                fh.write(f"{test_path}\t{line}\n")
            rc, text = run("check", "--dir", vec, "--corpus", d, "--xfail", xf)
            check(rc == want and says in text, f"expected-failure list, {name}: exit {rc}, want {want} and "
                  f"{says!r}: {text.strip()[-400:]}")
    print(f"{time.time() - t0:.1f} s")
    return summary()


if __name__ == "__main__":
    sys.exit(main())
