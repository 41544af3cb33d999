"""The piglit suite's verdicts in piglit's own results format, with a picture per test.

write(out_dir, name, tests) writes OUT_DIR/results.json (piglit's JSON results, version 10: the format Debian's
`piglit summary console|html` reads; a TestrunResult whose tests are TestResults) and OUT_DIR/images/*.png.
`tests` maps a piglit test path to {"verdict": pass|fail|skip, "out": text, "probes": [...], "window": [w, h]}
with each probe {"region": [x, y, w, h], "expect": [r, g, b(, a)], "pixels": {(x, y): [r, g, b, a] stored}}.

The pictures: for each test, the bounding box of its probed regions (GL window coordinates, origin bottom left,
drawn with y up), scaled by a whole factor to at least 128 pixels; a one-pixel probe in a box of 80 pixels or more is
drawn as a square of its colour (box / 40 across) in both pictures, so that it can be seen. `reference` fills each probed region with
piglit's expected colour; `rendered` colours each pixel the model computed there (RGBA8 as stored) and leaves the
rest of the region dark grey with a light diagonal (not sampled: a program with inputs is run on a few quads of
a region). Outside the probed regions both are mid grey. Alpha is not drawn. piglit's HTML shows them side by side
with their difference (templates/test_result.mako: image_ref, image_render)."""
import json
import os
import re

from PIL import Image

RESULTS_VERSION = 10          # piglit framework/backends/json.py CURRENT_JSON_VERSION (Debian's piglit)
STATUSES = ("pass", "warn", "dmesg-warn", "fail", "dmesg-fail", "timeout", "crash", "incomplete", "skip", "notrun")
OUTSIDE = (128, 128, 128)
UNSAMPLED = (40, 40, 40)
HATCH = (90, 90, 90)


def piglit_name(test):
    """piglit's name of a .shader_test: its path under tests/ or generated_tests/, '@'-separated, lower case."""
    t = re.sub(r"^(generated_)?tests/", "", test)
    t = re.sub(r"\.shader_test$", "", t)
    return t.replace("/", "@").lower()


def _to8(v):
    return max(0, min(255, int(round(v * 255))))


def pictures(probes, window):
    """(reference, rendered) PIL images of the probed regions' bounding box."""
    w, h = window
    pairs = [(p, [max(0, p["region"][0]), max(0, p["region"][1]), min(w, p["region"][0] + p["region"][2]),
                  min(h, p["region"][1] + p["region"][3])]) for p in probes]
    pairs = [(p, r) for p, r in pairs if r[2] > r[0] and r[3] > r[1]]
    probes, regions = [p for p, _ in pairs], [r for _, r in pairs] or [[0, 0, 1, 1]]
    x0, y0 = min(r[0] for r in regions), min(r[1] for r in regions)
    x1, y1 = max(r[2] for r in regions), max(r[3] for r in regions)
    bw, bh = x1 - x0, y1 - y0
    ref = Image.new("RGB", (bw, bh), OUTSIDE)
    ren = Image.new("RGB", (bw, bh), OUTSIDE)
    for p, r in zip(probes, regions):
        colour = tuple(_to8(c) for c in (list(p["expect"]) + [0, 0, 0])[:3])
        for y in range(r[1], r[3]):
            for x in range(r[0], r[2]):
                # image rows run top to bottom; GL's y runs bottom to top
                ref.putpixel((x - x0, bh - 1 - (y - y0)), colour)
                ren.putpixel((x - x0, bh - 1 - (y - y0)), HATCH if (x + y) % 4 == 0 else UNSAMPLED)
    for p in probes:
        for (x, y), rgba in p["pixels"].items():
            if x0 <= x < x1 and y0 <= y < y1 and rgba is not None:
                ren.putpixel((x - x0, bh - 1 - (y - y0)), tuple(_to8(c if c is not None else 0) for c in rgba[:3]))
    # A one-pixel probe in a large box would be a speck: draw it as a square, in both pictures alike.
    rad = min(bw, bh) // 80
    if rad:
        for p, r in zip(probes, regions):
            if r[2] - r[0] == 1 and r[3] - r[1] == 1:
                cx, cy = r[0] - x0, bh - 1 - (r[1] - y0)
                box = (max(0, cx - rad), max(0, cy - rad), min(bw - 1, cx + rad), min(bh - 1, cy + rad))
                ref.paste(ref.getpixel((cx, cy)), box[:2] + (box[2] + 1, box[3] + 1))
                ren.paste(ren.getpixel((cx, cy)), box[:2] + (box[2] + 1, box[3] + 1))
    scale = max(1, -(-128 // max(bw, bh)))
    if scale > 1:
        ref = ref.resize((bw * scale, bh * scale), Image.NEAREST)
        ren = ren.resize((bw * scale, bh * scale), Image.NEAREST)
    return ref, ren


def write(out_dir, name, tests, info=None):
    """Writes out_dir/results.json and out_dir/images/; returns the number of tests written."""
    img_dir = os.path.join(out_dir, "images")
    os.makedirs(img_dir, exist_ok=True)
    out = {}
    # piglit's totals (TestrunResult.calculate_group_totals): per group prefix of every test, and 'root'
    totals = {}

    def count(group, verdict):
        totals.setdefault(group, {"__type__": "Totals", **{st: 0 for st in STATUSES}})[verdict] += 1
    for test in sorted(tests):
        t = tests[test]
        pname = piglit_name(test)
        images = None
        if t.get("probes"):
            ref, ren = pictures(t["probes"], t.get("window") or [250, 250])
            base = os.path.join(os.path.abspath(img_dir), pname.replace("@", "__"))
            ref.save(base + "-ref.png")
            ren.save(base + "-render.png")
            images = [{"image_desc": "probed regions: piglit's expected colour (reference), the model's (rendered)",
                       "image_ref": base + "-ref.png", "image_render": base + "-render.png"}]
        out[pname] = {"__type__": "TestResult", "command": t.get("command", ""), "environment": "",
                      "err": "", "out": t.get("out", ""), "result": t["verdict"], "returncode": 0,
                      "subtests": {"__type__": "Subtests"}, "time": {"start": 0.0, "end": 0.0,
                                                                      "__type__": "TimeAttribute"},
                      "exception": None, "traceback": None, "dmesg": "", "images": images, "pid": []}
        group = pname
        while "@" in group:
            group = group.rsplit("@", 1)[0]
            count(group, t["verdict"])
        count("", t["verdict"])
        count("root", t["verdict"])
    result = {"__type__": "TestrunResult", "results_version": RESULTS_VERSION, "name": name,
              "uname": None, "time_elapsed": {"start": 0.0, "end": 0.0, "__type__": "TimeAttribute"},
              "options": {"profile": ["r500-model-piglit"], "env": {}}, "info": info or {}, "tests": out,
              "totals": totals}
    tmp = os.path.join(out_dir, "results.json.tmp")
    with open(tmp, "w") as fh:
        json.dump(result, fh, indent=1)
    os.replace(tmp, os.path.join(out_dir, "results.json"))
    return len(out)
