#!/usr/bin/env python3
"""make wave's GTKWave save file, opened in GTKWave itself under Xvfb:
- a mismatch report (an injected fault, a run whose mismatch is past the first retire) through make wave gives a
  VCD and a save file; GTKWave loads every trace the save file names (none dropped), grouped IF, ID, OF/FC, EX,
  TA, WB, retire and one group per context;
- at the save file's marker the retire port shows the report's record (valid, seq, context, pc), and one clock
  edge earlier it does not; the instruction type reads as a name (translate filter), the one the model's
  disassembly in the report starts with; a planted wrong filter file makes that check fail;
- a screenshot of GTKWave's window (Xvfb's frame buffer) is not blank: many colours, a good part of the screen
  drawn, where the screen before GTKWave was one colour; it is kept as build/wave/screenshot.png;
- scripts/debug/gtkw.py refuses a file that is not a waveform and a waveform that lacks a signal, naming them (exit 2).
usage: test_wave_view.py"""
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checklib import check, summary  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
UNIT = 60  # seconds GTKWave may take to load and draw (it takes one or two)

QUERY = """set n [gtkwave::getVisibleNumTraces]
for {set i 0} {$i < $n} {incr i} {
  puts "TRACE\\t[gtkwave::getTraceNameFromIndex $i]\\t[gtkwave::getTraceValueAtMarkerFromIndex $i]"
}
gtkwave::setMarker [expr {[gtkwave::getMarker] - 2}]
for {set i 0} {$i < $n} {incr i} {
  puts "BEFORE\\t[gtkwave::getTraceNameFromIndex $i]\\t[gtkwave::getTraceValueAtMarkerFromIndex $i]"
}
gtkwave::/File/Quit
"""


def start_xvfb(fbdir):
    """An Xvfb on a free display (it picks the number), its frame buffer an XWD file in fbdir, the screen black
    (-br) until something draws."""
    r, w = os.pipe()
    p = subprocess.Popen(["Xvfb", "-displayfd", str(w), "-screen", "0", "1600x1000x24", "-fbdir", fbdir, "-br",
                          "-nolisten", "tcp"], pass_fds=(w,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(w)
    with os.fdopen(r) as fh:
        display = fh.readline().strip()
    if not display:
        p.kill()
        raise RuntimeError("Xvfb did not start")
    return p, ":" + display


def read_xwd(path):
    """(width, height, rows of (r, g, b) tuples) of a 24/32-bit TrueColor XWD file (Xvfb's frame buffer)."""
    data = open(path, "rb").read()
    hdr = struct.unpack(">25I", data[:100])
    header_size, width, height, byte_order = hdr[0], hdr[4], hdr[5], hdr[7]
    bpp, bpl, ncolors = hdr[11], hdr[12], hdr[19]
    masks = hdr[14:17]
    if bpp != 32:
        raise ValueError(f"{path}: {bpp} bits per pixel, expected 32")
    pixels = data[header_size + 12 * ncolors:]
    fmt = "<" if byte_order == 0 else ">"
    rows = []
    for y in range(height):
        line = struct.unpack(f"{fmt}{width}I", pixels[y * bpl:y * bpl + 4 * width])
        rows.append([tuple((v & m) >> (m & -m).bit_length() - 1 for m in masks) for v in line])
    return width, height, rows


def write_png(path, width, height, rows):
    raw = b"".join(b"\0" + bytes(c for px in row for c in px) for row in rows)

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    with open(path, "wb") as fh:
        fh.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)) +
                 chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))


def drawn(rows):
    """(distinct colours, share of pixels unlike the commonest colour) of a screen."""
    counts = {}
    for row in rows[::2]:
        for px in row[::2]:
            counts[px] = counts.get(px, 0) + 1
    total = sum(counts.values())
    return len(counts), 1 - max(counts.values()) / total


def query(display, save):
    """GTKWave on the save file with the query script: {name: value} at the marker and one edge before."""
    with tempfile.NamedTemporaryFile("w", suffix=".tcl", delete=False) as fh:
        fh.write(QUERY)
    try:
        p = subprocess.run(["gtkwave", "-S", fh.name, save], capture_output=True, text=True, timeout=UNIT,
                           env={**os.environ, "DISPLAY": display})
    finally:
        os.remove(fh.name)
    at, before, order = {}, {}, []
    for line in p.stdout.splitlines():
        parts = line.split("\t")
        if len(parts) == 3 and parts[0] in ("TRACE", "BEFORE"):
            (at if parts[0] == "TRACE" else before)[parts[1]] = parts[2]
            if parts[0] == "TRACE":
                order.append(parts[1])
    return at, before, order, p


def expected_traces(save):
    """What the save file asks GTKWave to show, in order: (name as GTKWave reports it, group or not)."""
    out = []
    for line in open(save):
        line = line.rstrip("\n")
        if line.startswith("-"):
            out.append(line[1:])
        elif line.startswith("#{"):
            out.append(line[2:line.index("}")])
        elif line.startswith("+{"):
            out.append(line[2:line.index("}")])
        elif line.startswith("TOP."):
            out.append(line.rsplit(".", 1)[1])
    return out


def make_report(tmp):
    """A mismatch report from an injected fault whose mismatch is not the first retire, at NUM_CTX 4."""
    for seed in range(1, 40):
        d = os.path.join(tmp, f"rep{seed}")
        os.makedirs(d)
        subprocess.run([os.path.join(ROOT, "build", "bin", "uscosim"), "--random", "40", "--seed", str(seed),
                        "--quads", "8", "--inject-flip", "4", "--quiet", "--report-dir", d],
                       capture_output=True, cwd=ROOT)
        reports = [f for f in os.listdir(d) if f.endswith(".json")]
        if reports:
            rep = json.load(open(os.path.join(d, reports[0])))
            if rep.get("seq", 0) > 0 and rep.get("context", 0) > 0:
                return os.path.join(d, reports[0]), rep
    raise RuntimeError("no seed of 1..39 gave a mismatch past the first retire of context 0")


def main():
    for tool in ("gtkwave", "Xvfb"):
        if not shutil.which(tool):
            print(f"test_wave_view: {tool} is missing (make deps installs gtkwave and xvfb)", file=sys.stderr)
            return 1
    with tempfile.TemporaryDirectory() as tmp:
        report_path, rep = make_report(tmp)
        p = subprocess.run(["make", "--no-print-directory", "wave", f"REPORT={report_path}"], capture_output=True,
                           text=True, cwd=ROOT)
        m = re.search(r"wave: (\S+\.gtkw):", p.stdout)
        save = os.path.join(ROOT, m.group(1)) if m else ""
        check(p.returncode == 0 and m and os.path.exists(save), f"make wave REPORT=... writes a save file beside the "
              f"waveform ({p.returncode}: {p.stdout[-300:]}{p.stderr[-300:]})")
        if not save:
            return summary()
        fbdir = os.path.join(tmp, "fb")
        os.makedirs(fbdir)
        xvfb, display = start_xvfb(fbdir)
        try:
            # The screenshot first, on a screen nothing has drawn on yet: blank before GTKWave, drawn after (a window
            # of an earlier GTKWave run could still be on the screen, and pass for one that drew nothing).
            shot = os.path.join(fbdir, "Xvfb_screen0")
            colours0, share0 = drawn(read_xwd(shot)[2])
            gw = subprocess.Popen(["gtkwave", save], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                  env={**os.environ, "DISPLAY": display})
            colours, share, deadline = 0, 0.0, time.time() + UNIT
            try:
                while time.time() < deadline and not (colours >= 16 and share >= 0.05):
                    time.sleep(1)
                    width, height, rows = read_xwd(shot)
                    colours, share = drawn(rows)
                time.sleep(1)  # the last of the drawing
                width, height, rows = read_xwd(shot)
                colours, share = drawn(rows)
            finally:
                gw.kill()
                gw.wait()
            png = os.path.join(ROOT, "build", "wave", "screenshot.png")
            write_png(png, width, height, rows)
            check(share0 < 0.001, f"the screen before GTKWave is blank ({colours0} colours, {share0:.2%} drawn: the "
                  "pointer at most), so the check can fail")
            check(colours >= 16 and share >= 0.05, f"GTKWave's screenshot is not blank: {colours} colours, "
                  f"{share:.0%} of the screen drawn ({os.path.relpath(png, ROOT)})")
            at, before, order, g = query(display, save)
            want = expected_traces(save)
            check(g.returncode == 0 and order == want and len(order) > 60, f"GTKWave (exit {g.returncode}) shows every "
                  f"trace the save file names, in its order "
                  f"({len(order)} shown, {len(want)} named; first missing: "
                  f"{next((w for w in want if w not in order), None)})")
            for group in ("IF", "ID", "OF/FC", "EX", "TA", "WB", "retire", "context 0"):
                check(group in order, f"a group '{group}'")
            kind = rep["disassembly"].split()[0].upper()
            check(at.get("retire valid") == "1" and at.get("retire seq") == str(rep["seq"]) and
                  at.get("retire ctx") == str(rep["context"]) and at.get("retire pc") == str(rep["pc"]),
                  f"at the marker the retire port shows the report's record: seq {rep['seq']}, context "
                  f"{rep['context']}, pc {rep['pc']} (GTKWave: valid {at.get('retire valid')}, seq "
                  f"{at.get('retire seq')}, ctx {at.get('retire ctx')}, pc {at.get('retire pc')})")
            check("retire valid" in before and (before.get("retire valid") == "0" or
                                                (before.get("retire seq"), before.get("retire ctx")) !=
                                                (str(rep["seq"]), str(rep["context"]))),
                  f"one clock edge before the marker it does not (valid "
                  f"{before.get('retire valid')}, seq {before.get('retire seq')}, ctx {before.get('retire ctx')})")
            check(at.get("retire type[1:0]") == kind, f"the retiring instruction's type reads as a name, the model's "
                  f"({kind}; GTKWave: {at.get('retire type[1:0]')})")
            named = [k for k in at if re.search(r"(rgb_op|alpha_op|type|FC op)\[", k)]
            check(named and all(re.fullmatch(r"[A-Z][A-Z0-9]*", at[k]) for k in named),
                  f"every opcode trace reads as an enum name ({', '.join(f'{k}={at[k]}' for k in named)})")
            # A planted wrong filter: the type names shifted by one must fail the type check.
            filt = os.path.join(os.path.dirname(save), "filters", "type.txt")
            good = open(filt).read()
            lines = [ln.split() for ln in good.splitlines() if not ln.startswith("#")]
            with open(filt, "w") as fh:
                fh.writelines(f"{v} {lines[(i + 1) % len(lines)][1]}\n" for i, (v, _) in enumerate(lines))
            bad, _, _, _ = query(display, save)
            with open(filt, "w") as fh:
                fh.write(good)
            check(bad.get("retire type[1:0]") not in (kind, None), f"a planted wrong filter file shows a wrong name "
                  f"({bad.get('retire type[1:0]')}), so the type check can fail")

        finally:
            xvfb.kill()
            xvfb.wait()

        # Bad input.
        junk = os.path.join(tmp, "junk.vcd")
        with open(junk, "w") as fh:
            fh.write("not a waveform\n")
        p = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "debug", "gtkw.py"), junk, junk + ".gtkw"],
                           capture_output=True, text=True)
        check(p.returncode == 2 and junk in p.stderr and not os.path.exists(junk + ".gtkw"),
              f"gtkw.py: a file that is not a waveform exits 2 naming it ({p.stderr.strip()})")
        vcd = os.path.splitext(save)[0] + ".vcd"
        cut = os.path.join(tmp, "cut.vcd")
        with open(vcd) as src, open(cut, "w") as dst:
            for line in src:
                if " rvfi" not in line and " retire_seq_o " not in line:
                    dst.write(line)
                if line.startswith("$enddefinitions"):
                    break
        p = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "debug", "gtkw.py"), cut, cut + ".gtkw"],
                           capture_output=True, text=True)
        check(p.returncode == 2 and "retire_seq_o" in p.stderr and not os.path.exists(cut + ".gtkw"),
              f"gtkw.py: a waveform without a signal it shows exits 2 naming the signal ({p.stderr.strip()[:160]})")
    return summary()


if __name__ == "__main__":
    sys.exit(main())
