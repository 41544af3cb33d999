#!/usr/bin/env python3
"""piglit's expectations on the golden model: vectors from corpus/piglit (Mesa 22.3.6's R500 programs with the
constants in force at each draw) and a checker that compares the model's colour with piglit's probes.

  piglit_vectors.py gen   [--corpus corpus/piglit] [--out build/vectors/piglit]
  piglit_vectors.py check [--dir build/vectors/piglit] [--corpus corpus/piglit] [--bin build/bin] [--jobs N]
                          [--report FILE] [--sample N] [--xfail FILE]

gen: for every captured test and every draw that a probe reads, NAME-dN.vec (vectors/FORMAT.md) loads the program
the way r500_emit_fs does (US_CONFIG, US_PIXSIZE, US_CODE_OFFSET/RANGE/ADDR, the instruction words through the
load port, US_FC_CTRL, US_FC_INT_CONST_n, the constants in force through GA_US_VECTOR_INDEX/DATA) and NO
expectations: the model's exact fp32 is not piglit's oracle. A program that reads no inputs gets one covered quad
with zero temporaries (every pixel of the draw computes the same colour); a program with inputs gets one vector per
sampled quad of the probed regions (NAME-dN-xXyY), its input temporaries valued from the captured vertices
(scripts/mesa/piglit_raster.py: bits equal at every vertex pass through, else the exact perspective-correct interpolant
at the pixel centre rounded once to fp32). Beside each vector NAME.checks (JSON): piglit's probes that read it
(render target 0, channels, expected colour, tolerance, the quad's pixels in the region). skipped.txt lists what
got no check, with the reason; index.json the vectors, each with its inputs class (none, constant, interpolated).

Which draw a probe reads: shader_runner's generated tests draw many small rects and probe them all after the last
draw, so "the last draw before the probe" is not enough. The commands before the probe are walked backwards: the
last draw or `clear` to touch a pixel is what the probe reads there; a probe whose region several draws cover is
checked against each of them (the same expected colour). `draw rect` is in NDC, `draw rect ortho` (or any rect after
an `ortho` command, where the vertex shader's matrix maps pixels) in window pixels, a rect after `ortho l r b t` in
that frame; a pixel is covered when its
centre is inside the rect (GL's rasterisation rule). Skipped, with the reason in skipped.txt: a probe that reads
the clear colour in any part (no shader result), a probe reaching a draw of points or lines, a probe over a draw
whose program can kill (TEXKILL) unless it covers the region over a clear (then a killed pixel reads the clear
colour; over another draw the draws would have to be combined), and draws
whose program samples a texture the stand-in cannot hold (scripts/mesa/piglit_textures.py: the others get the captured
texture as the vector's texture model). A `draw arrays`, and any draw of a test with clip
planes, covers the pixels whose centre is inside one of the triangles Mesa's SW TCL handed the rasteriser (after
its clipping).

check: runs `usim VEC` (with no expectations it prints the final state, us_state_dump) and converts render target
0 of each probed pixel as an RGBA8 UNORM render target stores it (clamp to [0, 1], NaN to 0, round(x * 255) to nearest, read back as
v / 255). piglit's rule (tests/util/piglit-util-gl.c, compare_pixels_float, used by piglit_probe_rect_rgb(a) through
shader_runner's probe commands): a channel fails when fabsf(probe - expected) > tolerance, computed in float; so it
passes when |read - expected| <= tolerance. A probed channel the program never writes fails with that reason.
Report: passes and failures by piglit test; a failure has the disassembly, the model's colour (fp32 and stored)
beside piglit's, and usim's silicon-rule lines. Expected failures, each with its reason: tb/piglit_xfail.txt. Exit 1 if any probe fails that is not listed there
or a listed test passes, 2 on bad input."""
import argparse
import concurrent.futures
import glob
import json
import math
import os
import re
import struct
import subprocess
import sys

import mesa_corpus
import piglit_results
import piglit_textures
import piglit_raster as praster
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib"))  # scripts/lib
import progress  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MAX_QUADS_PER_DRAW = 12


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def word_float(w):
    return struct.unpack("<f", struct.pack("<I", w))[0]


# ---- gen -------------------------------------------------------------------------------------------------------

def covered_pixels(rect, pixels, window):
    """[x0, x1) x [y0, y1) of the pixels whose centre is inside the rect."""
    x, y, w, h = rect[:4]          # `draw rect tex` adds the texture rect after it
    if isinstance(pixels, list):   # after `ortho l r b t`
        (l, r, b, t), (W, H) = pixels, window
        x, y, w, h = (x - l) / (r - l) * W, (y - b) / (t - b) * H, w / (r - l) * W, h / (t - b) * H
    elif not pixels:
        W, H = window
        x, y, w, h = (x + 1) / 2 * W, (y + 1) / 2 * H, w / 2 * W, h / 2 * H
    x0, x1 = sorted((x, x + w))
    y0, y1 = sorted((y, y + h))
    return (math.ceil(x0 - 0.5), math.ceil(x1 - 0.5), math.ceil(y0 - 0.5), math.ceil(y1 - 0.5))


def subtract(cell, c):
    """cell minus rect c (both [x0, x1, y0, y1]): (the part inside c or None, the parts outside)."""
    x0, x1, y0, y1 = cell
    ix0, ix1, iy0, iy1 = max(x0, c[0]), min(x1, c[1]), max(y0, c[2]), min(y1, c[3])
    if ix0 >= ix1 or iy0 >= iy1:
        return None, [cell]
    rest = [r for r in ([x0, ix0, y0, y1], [ix1, x1, y0, y1], [ix0, ix1, y0, iy0], [ix0, ix1, iy1, y1])
            if r[0] < r[1] and r[2] < r[3]]
    return [ix0, ix1, iy0, iy1], rest


def split_by_triangles(cell, rd):
    """cell [x0, x1, y0, y1] split by the pixels whose centre a captured triangle covers: (covered runs as
    [x, y, w, 1], uncovered runs as cells)."""
    x0, x1, y0, y1 = cell
    inside, rest = [], []
    for y in range(y0, y1):
        x = x0
        while x < x1:
            cov = bool(rd.locate(x, y))
            e = x + 1
            while e < x1 and bool(rd.locate(e, y)) == cov:
                e += 1
            (inside.append([x, y, e - x, 1]) if cov else rest.append([x, e, y, y + 1]))
            x = e
    return inside, rest


def probe_draws(probe, events, window, draws=None, beneath=None):
    """Which draws a probe reads: ({draw index: [sub-region x, y, w, h, ...]}, None), or (None, reason). Walks the
    commands before the probe backwards: the last draw (or clear) to touch a pixel is what the probe reads there.
    A draw whose program can kill (TEXKILL) is read when it covers what is left of the region and a clear lies
    right beneath it: where it kills, the probe reads the clear colour, put in beneath[draw index]; over another
    draw, or over part of the region, the draws would have to be combined and the probe is skipped."""
    rx, ry, rw, rh = probe["region"]
    left = [[rx, rx + rw, ry, ry + rh]]
    got = {}
    evs = list(reversed(events))
    for k, ev in enumerate(evs):
        if not left:
            break
        if ev[0] == "clear":
            return None, f"region {probe['region']} reads the clear colour (in part or whole): no shader result"
        i, d = ev[1], ev[2]
        if draws and i < len(draws) and "programs" in probe and program_kills(probe["programs"][draws[i]["program"]]):
            why = (f"draw {i}'s program can kill (TEXKILL): where it does, what lies beneath shows through, "
                   "and the draws are not combined")
            if d.get("kind") != "rect" or d.get("clipped") or beneath is None:
                return None, why
            c = covered_pixels(d["rect"], d["pixels"], window)
            parts = [subtract(cell, c) for cell in left]
            if any(rest for _, rest in parts):
                return None, why + " (it covers part of the region)"
            def touches(e):     # a clear, a rect over part of what is left, any other draw (coverage unknown)
                return e[0] == "clear" or e[2].get("kind") != "rect" or any(
                    subtract(cell, covered_pixels(e[2]["rect"], e[2]["pixels"], window))[0] for cell in left)
            under = next((e for e in evs[k + 1:] if touches(e)), None)
            if under is None or under[0] != "clear":
                return None, why + (" (over the framebuffer's first contents)" if under is None else "")
            for inside, _ in parts:
                got.setdefault(i, []).append([inside[0], inside[2], inside[1] - inside[0], inside[3] - inside[2]])
            beneath[i] = under[1]
            return got, None
        if d.get("kind") != "rect" or d.get("clipped"):
            rz = draws[i].get("rasteriser") if draws and i < len(draws) else None
            rd = praster.Draw(rz) if rz is not None else None    # [] : every triangle was clipped away
            if rd is None or rd.why:
                return None, (f"draw {i} is `draw {d.get('kind')}`: its coverage is unknown "
                              f"({rd.why if rd else 'no captured vertices'})")
            nleft = []
            for cell in left:
                inside, rest = split_by_triangles(cell, rd)
                if inside:
                    got.setdefault(i, []).extend(inside)
                nleft += rest
            left = nleft
            continue
        c = covered_pixels(d["rect"], d["pixels"], window)
        nleft = []
        for cell in left:
            inside, rest = subtract(cell, c)
            if inside:
                got.setdefault(i, []).append([inside[0], inside[2], inside[1] - inside[0], inside[3] - inside[2]])
            nleft += rest
        left = nleft
    if left:
        return None, f"region {probe['region']} is not all covered by draws: part reads the clear colour"
    return got, None


def input_vectors(test, prog, draw, draw_cmd, probes):
    """The vectors of a draw whose program reads interpolated inputs: one per sampled quad of the probed region
    (its corners and centre, at most MAX_QUADS_PER_DRAW), each pixel's inputs from the captured vertices
    (scripts/mesa/piglit_raster.py). Returns ([(quad name, "constant" or "interpolated", vector lines, {probe: pixel
    list}), ...], None) or (None, reason)."""
    rd = praster.Draw(draw.get("rasteriser") or [])
    if rd.why or rd.inputs_why:
        return None, rd.why or rd.inputs_why
    inputs = []
    for inp in prog["inputs"]:
        off = rd.attribute(inp["kind"], inp["index"])
        if off is None:
            return None, (f"input temp {inp['temp']} ({inp['kind']} {inp['index']}) is not an attribute of the "
                          f"vertices: the vertex stage does not write it")
        flat = draw_cmd.get("flat") and inp["kind"] == "color"
        inputs.append((inp, off, rd.constant_bits(off), flat))
    desc = "# inputs: " + ", ".join(f"t{i['temp']} = {i['kind']} {i['index']}" for i, _, _, _ in inputs)
    if all(c is not None for _, _, c, _ in inputs):
        # Every vertex holds the same bits: every pixel of the draw gets them whatever the interpolator does, and
        # computes the same colour (no input varies), so one quad stands for the draw, as with no inputs.
        lines = [desc + " (the same at every vertex of the draw: exact)", "covered 0xf"]
        lines += [f"temp {p} {inp['temp']} " + " ".join(f"0x{w:08x}" for w in c) + "  # " +
                  " ".join(f"{praster.word_float(w):.9g}" for w in c) for p in range(4) for inp, _, c, _ in inputs]
        return [(None, "constant", lines, {pi: [0] for pi, _, _, _ in probes})], None
    quads = []
    for _, _, _, parts in probes:
        for x, y, w, h in parts:
            for px, py in ((x, y), (x + w - 1, y), (x, y + h - 1), (x + w - 1, y + h - 1), (x + w // 2, y + h // 2)):
                q = (px & ~1, py & ~1)
                if q not in quads:
                    quads.append(q)
    made = []
    for qx, qy in quads[:MAX_QUADS_PER_DRAW]:
        lines, covered, pixels = [], 0, {}
        for p in range(4):
            x, y = qx + (p & 1), qy + (p >> 1)
            hits = rd.locate(x, y)
            inside = [pi for pi, _, _, parts in probes
                      if any(px <= x < px + pw and py <= y < py + ph for px, py, pw, ph in parts)]
            if not hits:
                if inside:
                    return None, f"pixel ({x}, {y}) is probed but no captured triangle covers its centre"
                continue
            covered |= 1 << p
            for pi in inside:
                pixels.setdefault(pi, []).append(p)
            for inp, off, const, flat in inputs:
                v = const if const is not None else rd.value(hits, off, flat)
                if isinstance(v, str):
                    return None, f"pixel ({x}, {y}), input temp {inp['temp']}: {v}"
                lines.append(f"temp {p} {inp['temp']} " + " ".join(f"0x{w:08x}" for w in v) + "  # " +
                             " ".join(f"{praster.word_float(w):.9g}" for w in v))
        if not pixels:
            continue
        head = [f"# quad at window ({qx}, {qy}): pixel p at ({qx} + p % 2, {qy} + p / 2), GL window coordinates;",
                desc + " (the exact interpolant at the pixel centre, rounded once to fp32)",
                f"covered 0x{covered:x}"]
        made.append((f"x{qx}y{qy}", "interpolated", head + lines, pixels))
    if not made:
        return None, "no sampled quad has a probed pixel"
    return made, None


def sanitize(name):
    return re.sub(r"[^A-Za-z0-9_.+-]", "_", name)


def hexw(s):
    return f"0x{int(s, 16) & 0xffffffff:08x}"


def program_kills(prog):
    """A TEXKILL instruction (US_TEX_INST.INST = 2): a pixel it kills keeps what an earlier draw left there."""
    return any(int(w[0], 16) & 3 == 3 and (int(w[1], 16) >> 22) & 7 == 2 for w in prog["words"])


def program_reads_texture(prog):
    """A TEX instruction that samples (LD, PROJ, LODBIAS, LOD, DXDY: US_TEX_INST.INST, spec/isa.txt); NOP and
    TEXKILL read no texel."""
    return any(int(w[0], 16) & 3 == 3 and (int(w[1], 16) >> 22) & 7 not in (0, 2) for w in prog["words"])


def vector_text(name, test, prog, draw, index, quad=None, tex=()):
    n = prog["instructions"]
    lines = ["usvec 1", f"name {name}",
             f"# piglit {test['test']}, draw {index} (program {prog['sha']}, Mesa {test['mesa']})",
             "# loaded as r500_emit_fs does; no expectations: piglit's probes are in the .checks file",
             "reg US_CONFIG 0x00000002",
             f"reg US_PIXSIZE 0x{prog['pixsize']:08x}",
             "reg US_CODE_OFFSET 0x00000000",
             f"reg US_CODE_RANGE 0x{(n - 1) << 16:08x}",
             f"reg US_CODE_ADDR 0x{(n - 1) << 16:08x}",
             f"reg US_FC_CTRL {hexw(prog['fc_ctrl'])}"]
    for i, v in enumerate(prog["int_consts"]):
        lines.append(f"int {i} {hexw(v)}")
    for i, ws in enumerate(prog["words"]):
        lines.append(f"inst {i} " + " ".join(hexw(w) for w in ws))
    for k in sorted(draw["constants"], key=int):
        ws = draw["constants"][k]
        if ws is None:
            ws = ["0"] * 4
            lines.append(f"# constant {k} was never uploaded before this draw: zero")
        vals = [hexw(w) for w in ws]
        lines.append(f"const {int(k)} " + " ".join(vals) + "  # " +
                     " ".join(f"{word_float(int(v, 16)):.9g}" for v in vals))
    if quad is None:
        lines.append("covered 0xf")
    else:
        lines += quad
    lines += tex
    return "\n".join(lines) + "\n"


def gen(corpus, out):
    os.makedirs(out, exist_ok=True)
    for old in glob.glob(os.path.join(out, "*.vec")) + glob.glob(os.path.join(out, "*.checks")):
        os.remove(old)
    skipped, index, used = [], [], set()
    nvec = nprobe = textured = 0
    tests = sorted(glob.glob(os.path.join(corpus, "tests", "*.json")))
    # standard error shows the tests done, rate, ETA and the items skipped so far (skipped.txt)
    bar = progress.Progress(len(tests), f"piglit vectors, {os.path.relpath(corpus, ROOT)}", unit="tests",
                            fail_label="skipped items")
    for path in bar.iterate(tests, failed=lambda: len(skipped)):
        tname = os.path.basename(path)[:-5]
        with open(path) as fh:
            t = json.load(fh)
        if t.get("format") != "r500-piglit-capture 3":
            raise SystemExit(f"{path}: not an r500-piglit-capture 3 file")
        draws_cmd, ortho, clip, flat = [], False, False, False
        clear_colour = [0.0, 0.0, 0.0, 0.0]     # GL's initial clear colour
        events, probe_events = [], {}
        for c in t["commands"]:
            if c["op"] == "ortho":
                # shader_runner: `ortho` maps window pixels; `ortho l r b t` maps [l, r] x [b, t] to the window
                args = [float(v) for v in re.findall(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?", c["line"])]
                ortho = args[:4] if len(args) == 4 else True
            elif c["op"] == "enable" and "CLIP_PLANE" in c["line"]:
                clip = True
            elif c["op"] == "clear":
                events.append(("clear", clear_colour))
            elif c["op"] == "clear color":
                clear_colour = (list(c.get("values", [])) + [0.0] * 4)[:4]
            elif c["op"] == "shade":
                flat = c["line"].split()[-1] == "flat"
            elif c["op"] == "draw":
                c = dict(c, flat=flat)
                c["pixels"] = ortho or "ortho" in c.get("flags", [])
                events.append(("draw", len(draws_cmd), c))
                draws_cmd.append(c)
            elif c["op"] == "probe" and "probe" in c:
                probe_events[c["probe"]] = list(events)
        if len(draws_cmd) != len(t["draws"]):
            skipped.append((tname, "all", f"{len(draws_cmd)} draw commands but {len(t['draws'])} driver draws"))
            continue
        if clip:       # the draw module clipped the triangles it handed the rasteriser: coverage comes from them
            for c in draws_cmd:
                c["clipped"] = True
        by_draw = {}
        for pi, p in enumerate(t["probes"]):
            under = {}
            got, why = probe_draws(dict(p, programs=t["programs"]), probe_events.get(pi, []), t["window"],
                                   t["draws"], under)
            if got is None:
                skipped.append((tname, f"probe {pi}", why))
                continue
            for di, parts in got.items():
                note = "" if len(got) == 1 else f"region split over draws {sorted(got)}: this part {parts}"
                by_draw.setdefault(di, []).append((pi, dict(p, beneath=under[di]) if di in under else p, note, parts))
        for di in sorted(by_draw):
            draw = t["draws"][di]
            prog = t["programs"][draw["program"]]
            tex = ()
            if program_reads_texture(prog):
                tex, why = piglit_textures.texture_lines(t, draw)
                if why:
                    skipped.append((tname, f"draw {di}", f"the program samples a texture: {why}"))
                    continue
            if prog.get("inputs"):
                made, why = input_vectors(t, prog, draw, draws_cmd[di], by_draw[di])
                if why:
                    skipped.append((tname, f"draw {di}", why))
                    continue
            else:
                made = [(None, "none", None, {pi: [0] for pi, _, _, _ in by_draw[di]})]
            textured += 1 if tex else 0
            for qname, interp, quad, pixels in made:
                name = sanitize(f"{tname}-d{di}" + (f"-{qname}" if qname else ""))
                assert name not in used, name
                used.add(name)
                with open(os.path.join(out, name + ".vec"), "w") as fh:
                    fh.write(vector_text(name, t, prog, draw, di, quad, tex))
                probes = [{"probe": pi, "line": next((c["line"] for c in t["commands"] if c.get("probe") == pi), ""),
                           "channels": p["channels"], "region": p["region"], "expect": p["expect"],
                           "tolerance": p["tolerance"], "note": note, "pixels": pixels[pi],
                           **({"killed_reads_clear": p["beneath"]} if "beneath" in p else {})}
                          for pi, p, note, _ in by_draw[di] if pi in pixels]
                checks = {"test": t["test"], "capture": os.path.relpath(path, ROOT), "draw": di,
                          "program": prog["sha"], "render_target": 0, "inputs": interp, "textured": bool(tex),
                          "probes": probes}
                with open(os.path.join(out, name + ".checks"), "w") as fh:
                    json.dump(checks, fh, indent=1)
                index.append({"vector": name, "test": t["test"], "draw": di, "probes": len(probes),
                              "inputs": interp, "textured": bool(tex)})
                nvec += 1
                nprobe += len(probes)
    bar.close()
    with open(os.path.join(out, "skipped.txt"), "w") as fh:
        for s in skipped:
            fh.write("\t".join(s) + "\n")
    with open(os.path.join(out, "index.json"), "w") as fh:
        json.dump(index, fh, indent=0)
    kinds = {k: sum(1 for i in index if i["inputs"] == k) for k in ("none", "constant", "interpolated")}
    print(f"piglit vectors: {len(tests)} tests, {nvec} vectors from {len({i['test'] for i in index})} tests "
          f"(inputs: {kinds['none']} none, {kinds['constant']} constant, {kinds['interpolated']} interpolated), "
          f"{nprobe} probe checks (a probe over several draws counts once per draw), {textured} textured draws, "
          f"{len(skipped)} skipped items (skipped.txt) -> {os.path.relpath(out, ROOT)}")
    return 0


# ---- check -----------------------------------------------------------------------------------------------------

def unorm8(x):
    """What an RGBA8 UNORM render target stores, read back as a float (glReadPixels GL_FLOAT): v / 255."""
    if math.isnan(x):
        return 0.0
    x = min(max(x, 0.0), 1.0)
    return math.floor(x * 255.0 + 0.5) / 255.0


def probe_passes(read, expect, tol):
    """piglit's compare_pixels_float: fail when fabsf(probe - expected) > tolerance, all in float."""
    return not (f32(abs(f32(f32(read) - f32(expect)))) > f32(tol))


OUT_RE = re.compile(r"^out 0 ([0-3])((?: (?:0x[0-9a-f]{8}|-)){4})")


def parse_out0(text):
    """pixel -> [word or None] * 4 of render target 0, from usim's final state."""
    res = {}
    for line in text.splitlines():
        m = OUT_RE.match(line)
        if m:
            res[int(m.group(1))] = [None if v == "-" else int(v, 16) for v in m.group(2).split()]
    return res


def check_one(vec, usim):
    with open(vec[:-4] + ".checks") as fh:
        ck = json.load(fh)
    p = subprocess.run([usim, vec], capture_output=True, text=True, timeout=120)
    out = p.stdout + p.stderr
    rules = [ln for ln in out.splitlines() if "silicon rule" in ln]
    res = {"vector": os.path.basename(vec)[:-4], "test": ck["test"], "draw": ck["draw"], "program": ck["program"],
           "rules": rules, "probes": [], "error": None, "inputs": ck.get("inputs", "none"), "capture": ck.get("capture")}
    if p.returncode not in (0, 1):
        res["error"] = f"usim exit {p.returncode}: {out.strip()[-500:]}"
    px = parse_out0(out)
    m = re.search(r"^errors (.*)$", out, re.M)
    if m and m.group(1).strip() != "none":
        res["error"] = (res["error"] or "") + f"model errors: {m.group(1).strip()}"
    m = re.search(r"^killed (0x[0-9a-f]+)", out, re.M)
    killed = int(m.group(1), 16) if m else 0
    colours = {tuple(v) for p, v in px.items() if not (killed >> p) & 1}
    res["stored"] = {pix: [None if w is None else unorm8(word_float(w)) for w in words] for pix, words in px.items()
                     if not (killed >> pix) & 1}
    for pr in ck["probes"]:
        r = {"probe": pr["probe"], "line": pr["line"], "expect": pr["expect"], "tolerance": pr["tolerance"],
             "region": pr["region"], "model": [], "stored": [], "fail": []}
        uniform = ck.get("inputs", "none") in ("none", "constant")
        clear = pr.get("killed_reads_clear")     # a draw that can kill, over a clear (gen's probe_draws)
        live = [p for p in range(4) if not (killed >> p) & 1]
        if uniform and killed not in (0, 0xf):
            r["fail"].append(f"the program reads no inputs, yet it killed pixels {killed:#x} of 0xf")
        if uniform and len([p for p in live if p in px]) != len(live):
            r["fail"].append(f"render target 0 written by {len([p for p in live if p in px])} of the {len(live)} "
                             "pixels not killed")
        if uniform and len(colours) > 1:
            r["fail"].append("the four pixels differ (the program reads no inputs)")
        for pix in pr.get("pixels", [0]):
            pix_killed = bool((killed >> (0 if uniform else pix)) & 1)
            at = "" if uniform else f"pixel {pix}: "
            if pix_killed and clear is None:
                r["fail"].append(f"{at}killed, and what lies beneath is not known")
                continue
            if pix_killed:
                # killed: the probe reads the clear colour, as the RGBA8 target stores it
                stored = [round(unorm8(clear[c]), 6) for c in range(len(pr["channels"]))]
                for c, name in enumerate(pr["channels"]):
                    if not probe_passes(unorm8(clear[c]), pr["expect"][c], pr["tolerance"][c]):
                        r["fail"].append(f"{at}{name}: killed, so the clear colour {clear[c]} shows, expected "
                                         f"{pr['expect'][c]}")
                if not r["model"] or (r["fail"] and not r.get("shown")):
                    r["model"], r["stored"] = ["killed: the clear colour"] * len(stored), stored
                    r["shown"] = bool(r["fail"])
                continue
            words = px.get(pix, [None] * 4)
            model, stored = [], []
            for c, name in enumerate(pr["channels"]):
                w = words[c]
                if w is None:
                    model.append(None)
                    stored.append(None)
                    r["fail"].append(f"{at}{name}: the program never writes it")
                    continue
                v = word_float(w)
                s = unorm8(v)
                model.append(f"0x{w:08x} ({v:.9g})")
                stored.append(round(s, 6))
                if not probe_passes(s, pr["expect"][c], pr["tolerance"][c]):
                    r["fail"].append(f"{at}{name}: read {s:.6f}, expected {pr['expect'][c]}, "
                                     f"|diff| {abs(s - pr['expect'][c]):.6f} > {pr['tolerance'][c]}")
            if not r["model"] or (r["fail"] and not r.get("shown")):
                r["model"], r["stored"] = model, stored
                r["shown"] = bool(r["fail"])
        if res["error"]:
            r["fail"].append(res["error"])
        res["probes"].append(r)
    return res


def disassembly(sha, corpus, usdis):
    path = os.path.join(corpus, "programs", sha + ".hex")
    p = subprocess.run([usdis, path], capture_output=True, text=True)
    return (p.stdout + p.stderr).rstrip()


QUAD_RE = re.compile(r"-x(\d+)y(\d+)$")


def results_for_piglit(by_test, xfail, a):
    """piglit_results.write's tests: per piglit test its verdict, a text of its probes, and the probed pixels."""
    tests = {}
    skipped = os.path.join(a.dir, "skipped.txt")
    index = os.path.join(a.corpus, "index.json")
    path_of = {e["name"]: e["test"] for e in json.load(open(index))} if os.path.exists(index) else {}
    if os.path.exists(skipped):
        for ln in open(skipped):
            f = ln.rstrip("\n").split("\t")
            if len(f) >= 2 and f[0] in path_of:
                t = tests.setdefault(path_of[f[0]], {"verdict": "skip", "out": "", "probes": []})
                t["out"] += f"not checked: {' '.join(f[1:])}\n"
    for test, rs in by_test.items():
        probes = {}
        lines = []
        bad = False
        window = None
        for r in rs:
            if window is None and r.get("capture"):
                try:
                    window = json.load(open(os.path.join(ROOT, r["capture"])))["window"]
                except (OSError, ValueError, KeyError):
                    window = None
            m = QUAD_RE.search(r["vector"])
            for pr in r["probes"]:
                bad |= bool(pr["fail"])
                lines.append(f"{'FAIL' if pr['fail'] else 'pass'} {r['vector']}: {pr['line']}: model {pr['stored']}"
                             + "".join(f"\n    - {f}" for f in pr["fail"]))
                p = probes.setdefault(pr["probe"], {"region": pr["region"], "expect": pr["expect"], "pixels": {},
                                                    "draws": set()})
                p["draws"].add(r["draw"])
                x, y, w, h = pr["region"]
                if m:          # a sampled quad: pixel k at (X + k % 2, Y + k // 2)
                    qx, qy = int(m.group(1)), int(m.group(2))
                    for k, rgba in r["stored"].items():
                        p["pixels"][(qx + k % 2, qy + k // 2)] = rgba
                elif 0 in r["stored"]:  # no inputs: one colour for the draw
                    for yy in range(y, y + h):
                        for xx in range(x, x + w):
                            p["pixels"][(xx, yy)] = r["stored"][0]
        for p in probes.values():
            if len(p["draws"]) > 1 and not any(QUAD_RE.search(r["vector"]) for r in rs):
                p["pixels"] = {}   # several draws share the region: which pixel is whose is not drawn
        out = "\n".join(lines)
        if test in xfail:
            out = (f"expected failure of probes {sorted(xfail[test][0])} ({os.path.relpath(a.xfail, ROOT)}): "
                   f"{xfail[test][1]}\n" + out)
        notes = tests.get(test, {}).get("out", "")      # probes gen skipped: checked only in part
        verdict = "fail" if bad else ("warn" if notes else "pass")
        out = (out + "\n" + notes).strip()
        tests[test] = {"verdict": verdict, "out": out, "window": window or [250, 250],
                       "probes": list(probes.values()),
                       "command": f"build/bin/usim {os.path.relpath(os.path.join(a.dir, rs[0]['vector'] + '.vec'), ROOT)}"}
    return tests


def read_xfail(path):
    """The expected failures: ({test: ({probe indices}, reason)}, None), or (None, 'file:line: message'). A line is
    the test's path, a tab, `probes P[,Q...]`, a tab, the reason."""
    out = {}
    if not path:
        return out, None
    for n, ln in enumerate(open(path), 1):
        if not ln.strip() or ln.startswith("#"):
            continue
        f = ln.rstrip("\n").split("\t", 2)
        m = re.fullmatch(r"probes (\d+(?:,\d+)*)", f[1]) if len(f) == 3 else None
        if not m or not f[2].strip() or f[0] in out:
            return None, (f"{path}:{n}: expected 'TEST<tab>probes P[,Q...]<tab>REASON' (each test once), got "
                          f"{ln.strip()[:80]!r}")
        out[f[0]] = ({int(p) for p in m.group(1).split(",")}, f[2])
    return out, None


def check(a):
    vecs = sorted(glob.glob(os.path.join(a.dir, "*.vec")))
    index = os.path.join(a.dir, "index.json")      # every vector with its test
    xfail, why = read_xfail(a.xfail)
    if why:
        print(f"piglit check: {why}", file=sys.stderr)
        return 2
    if a.sample and a.sample < len(vecs):
        vecs = vecs[::max(1, len(vecs) // a.sample)][:a.sample]
        # every vector of a listed test joins the sample, so that each listed probe is judged
        if os.path.exists(index):
            have = set(vecs)
            vecs += sorted(p for p in (os.path.join(a.dir, i["vector"] + ".vec") for i in json.load(open(index))
                                       if i["test"] in xfail) if p not in have)
    if not vecs:
        print(f"piglit check: no vectors in {a.dir}", file=sys.stderr)
        return 2
    usim, usdis = os.path.join(a.bin, "usim"), os.path.join(a.bin, "usdis")
    # standard error shows the vectors checked, rate, ETA and those with a probe failing unexpectedly so far
    with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as pool, \
            progress.Progress(len(vecs), f"piglit check, Mesa {a.mesa}", unit="vectors") as bar:
        futures = [pool.submit(check_one, v, usim) for v in vecs]
        for f in concurrent.futures.as_completed(futures):
            r = f.result()
            expected = xfail.get(r["test"], (set(), ""))[0]
            bar.update(failed=any(pr["fail"] and pr["probe"] not in expected for pr in r["probes"]))
        results = [f.result() for f in futures]
    by_test = {}
    for r in results:
        by_test.setdefault(r["test"], []).append(r)
    npass = nfail = nxfail = 0
    lines, fails_txt, pass_tests, fail_tests, xfail_tests, xpass_tests = [], [], [], [], [], []
    listed = os.path.relpath(a.xfail, ROOT) if a.xfail else ""
    for test in sorted(set(by_test) | set(xfail)):
        expected = xfail.get(test, (set(), ""))[0]
        bad, xbad, seen_fail, seen = [], [], set(), set()
        for r in by_test.get(test, []):
            for pr in r["probes"]:
                seen.add(pr["probe"])
                if not pr["fail"]:
                    npass += 1
                elif pr["probe"] in expected:
                    nxfail += 1
                    xbad.append((r, pr))
                    seen_fail.add(pr["probe"])
                else:
                    nfail += 1
                    bad.append((r, pr))
        # a listed probe that passes, or that no vector checks, is an unexpected pass: the list cannot go stale
        for p in sorted(expected - seen_fail):
            xpass_tests.append(test)
            fails_txt.append(f"XPASS {test}: probe {p} is listed in {listed} but "
                             + ("passes" if p in seen else "is not checked by any vector"))
        if test not in by_test:
            continue
        (fail_tests if bad else xfail_tests if xbad else pass_tests).append(test)
        for label, items in (("FAIL", bad), ("XFAIL", xbad)):
            if not items:
                continue
            fails_txt.append(f"XFAIL {test}: {xfail[test][1]}" if label == "XFAIL" else f"FAIL {test}")
            shown = set()
            for r, pr in items:
                fails_txt.append(f"  vector {r['vector']} (draw {r['draw']}), probe {pr['probe']}: {pr['line']}")
                fails_txt.append(f"    piglit expects {pr['expect']} +- {pr['tolerance']}")
                fails_txt.append(f"    model fp32     {pr['model']}")
                fails_txt.append(f"    model as RGBA8 {pr['stored']}")
                for f in pr["fail"]:
                    fails_txt.append(f"    - {f}")
                if r["vector"] not in shown:
                    shown.add(r["vector"])
                    for ln in r["rules"]:
                        fails_txt.append(f"    {ln}")
                    if a.corpus:
                        fails_txt.append("    disassembly:")
                        fails_txt += ["      " + ln for ln in disassembly(r["program"], a.corpus, usdis).splitlines()]
    xpass_tests = sorted(set(xpass_tests))
    lines.append(f"piglit probes on the golden model: {len(by_test)} tests, {len(results)} vectors, "
                 f"{npass + nfail + nxfail} probe checks: {npass} pass, {nfail} fail, {nxfail} expected failures; "
                 f"tests {len(pass_tests)} pass, {len(fail_tests)} fail, {len(xfail_tests)} expected failures, "
                 f"{len(xpass_tests)} unexpected passes")
    # Per source language (corpus tests/NAME.json "language"): tests checked, and passing every probe.
    lang_of = {}
    index = os.path.join(a.corpus, "index.json")
    if os.path.exists(index):
        for e in json.load(open(index)):
            rec = json.load(open(os.path.join(a.corpus, "tests", e["name"] + ".json")))
            lang_of[e["test"]] = rec.get("language", "glsl")
    for lang in sorted(set(lang_of.values())):
        checked = [t for t in by_test if lang_of.get(t) == lang]
        lines.append(f"  {lang}: {sum(1 for v in lang_of.values() if v == lang)} captured, {len(checked)} checked, "
                     f"{sum(1 for t in checked if t in pass_tests)} pass every probe")
    report = lines + [""] + fails_txt + ["", "PASS (every probe):"] + ["  " + t for t in pass_tests]
    if a.report:
        os.makedirs(os.path.dirname(os.path.abspath(a.report)), exist_ok=True)
        with open(a.report, "w") as fh:
            fh.write("\n".join(report) + "\n")
        with open(os.path.splitext(a.report)[0] + ".json", "w") as fh:
            json.dump({"tests": len(by_test), "vectors": len(results), "probes_pass": npass, "probes_fail": nfail,
                       "probes_xfail": nxfail, "by_language": lines[1:], "passing_tests": pass_tests, "failing_tests": fail_tests, "xfail_tests": xfail_tests,
                       "xpass_tests": xpass_tests}, fh, indent=1)
    if a.results:
        n = piglit_results.write(a.results, a.results_name or os.path.basename(a.results),
                                 results_for_piglit(by_test, xfail, a), {"mesa": a.mesa})
        lines[0] += f"; piglit results: {os.path.relpath(a.results, ROOT)} ({n} tests, with pictures)"
    print("\n".join(fails_txt[:a.show]) if fails_txt else "", end="\n" if fails_txt else "")
    print(lines[0] + (f" (report: {os.path.relpath(a.report, ROOT)})" if a.report else ""))
    print("\n".join(lines[1:]))
    return 1 if nfail or xpass_tests else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("gen")
    c = sub.add_parser("check")
    for p in (g, c):
        p.add_argument("--mesa", default=mesa_corpus.DEFAULT_MESA, choices=sorted(mesa_corpus.MESA_VERSIONS),
                       help="the compiler whose corpus is used: the defaults of --corpus, --out/--dir and --xfail")
        p.add_argument("--corpus", default=None)
    g.add_argument("--out", default=None)
    c.add_argument("--dir", default=None)
    c.add_argument("--bin", default=os.path.join(ROOT, "build", "bin"))
    c.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    c.add_argument("--report", default="")
    c.add_argument("--sample", type=int, default=0, help="check N vectors spread over the list")
    c.add_argument("--xfail", default=None, help="expected failures with reasons ('' for none)")
    c.add_argument("--show", type=int, default=200, help="report lines of failures printed on stdout")
    c.add_argument("--results", default="", help="also write piglit's results format with pictures into this folder")
    c.add_argument("--results-name", default="", help="the run's name in piglit's summaries (default: the folder's)")
    a = ap.parse_args()
    spec = mesa_corpus.MESA_VERSIONS[a.mesa]
    a.corpus = a.corpus if a.corpus is not None else mesa_corpus.corpus_dir(a.mesa)
    vec_dir = os.path.join(ROOT, "build", "vectors", "piglit", "mesa-" + a.mesa)
    if a.cmd == "gen":
        return gen(a.corpus, a.out or vec_dir)
    a.dir = a.dir or vec_dir
    a.xfail = a.xfail if a.xfail is not None else os.path.join(ROOT, spec["xfail"])
    return check(a)


if __name__ == "__main__":
    sys.exit(main())
