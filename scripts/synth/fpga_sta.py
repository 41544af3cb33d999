#!/usr/bin/env python3
"""The longest register-to-register path of a part make fpga mapped, without placing or routing it: Yosys `sta` on
build/fpga/<part>/mapped.json with the ECP5 cell library's delays (LUT4, PFUMX, L6MUX21, CCU2C, flip-flops). Two
changes to the library make it see what nextpnr would: the block RAM (DP16KD), which the library leaves without
timing arcs, gets a clock-to-out of --bram-ns on every data output, so that paths from a RAM's read are counted; and
the flip-flop's asynchronous LSR-to-Q arc is left out, as it joins two register paths into one false path. The
delays are the cells' own, without routing: on the ECP5 routing adds one to three times as much (docs/rtl.md,
Timing closure). For the whole core, whose routing takes longer than make fpga's hour, this is how its critical
path was found.
usage: fpga_sta.py MAPPED_JSON [--top NAME] [--bram-ns NS]   (prints the path, latest arrival first; exit 2 on bad
input)"""
import argparse
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LIB = "/usr/share/yosys/ecp5"


def library(out_dir, bram_ps):
    """The cell library with the two changes, written to out_dir; returns the path of its cells_sim.v."""
    os.makedirs(out_dir, exist_ok=True)
    text = open(os.path.join(LIB, "cells_sim.v")).read()
    lsr = re.compile(r'^(\s*)if \(SRMODE == "ASYNC" && muxlsr\) \(LSR => Q\) = 0;.*$', re.M)
    if len(lsr.findall(text)) != 1:
        raise SystemExit("fpga_sta: the ECP5 library's TRELLIS_FF has no single LSR-to-Q arc to remove")
    text = lsr.sub(r"\1// (LSR => Q) left out: an asynchronous reset path joins two register paths", text)
    at = text.index("module DP16KD(")
    end = text.index("endmodule", at)
    arcs = ["specify"]
    for port in "AB":
        arcs += [f"  (posedge CLK{port} => (DO{port}{b} : 1'bx)) = {bram_ps};" for b in range(18)]
        arcs += [f"  $setup(AD{port}{b}, posedge CLK{port}, 0);" for b in range(14)]
        arcs += [f"  $setup(DI{port}{b}, posedge CLK{port}, 0);" for b in range(18)]
    text = text[:end] + "\n".join(arcs + ["endspecify", ""]) + text[end:]
    path = os.path.join(out_dir, "cells_sim.v")
    with open(path, "w") as fh:
        fh.write(text)
    for inc in ("cells_ff.vh", "cells_io.vh"):
        src = os.path.join(LIB, inc)
        if os.path.exists(src):
            with open(src) as fi, open(os.path.join(out_dir, inc), "w") as fo:
                fo.write(fi.read())
    return path


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("mapped")
    ap.add_argument("--top", help="the netlist's top module (default: the one named *_shell)")
    ap.add_argument("--bram-ns", type=float, default=4.0)
    a = ap.parse_args()
    if not os.path.isfile(a.mapped) or a.bram_ns < 0:
        print(f"fpga_sta: {a.mapped}: no such file (or --bram-ns below 0)", file=sys.stderr)
        return 2
    d = os.path.dirname(os.path.abspath(a.mapped))
    top = a.top
    if not top:
        m = re.search(r'"(\w+_shell)"\s*:\s*\{', open(a.mapped).read())
        if not m:
            print(f"fpga_sta: {a.mapped}: no *_shell module; name the top with --top", file=sys.stderr)
            return 2
        top = m.group(1)
    lib = library(os.path.join(d, "sta-lib"), int(a.bram_ns * 1000))
    log = os.path.join(d, "sta.log")
    with open(log, "w") as fh:
        p = subprocess.run(["yosys", "-p", f"read_json {os.path.basename(a.mapped)}; read_verilog -lib -specify "
                            f"-I{os.path.dirname(lib)} {lib} {LIB}/cells_bb.v; hierarchy -top {top}; sta"],
                           cwd=d, stdout=fh, stderr=subprocess.STDOUT)
    text = open(log, errors="replace").read()
    m = re.search(r"^Latest arrival time in '\S+' is (\d+):\n((?:\s+\d+ .*\n|\s+\\.*\n)+)", text, re.M)
    if p.returncode or not m:
        print(f"fpga_sta: yosys sta failed or found no path ({os.path.relpath(log, ROOT)})", file=sys.stderr)
        return 2
    print(f"{top}: longest path {int(m.group(1)) / 1000:.2f} ns of cell delay (no routing), latest first:")
    for line in m.group(2).splitlines():
        hop = re.match(r"\s+(\d+) (\S.*)$", line)  # a cell (a line with a wire or the clock input is not)
        if hop and not hop.group(2).startswith("\\"):
            print(f"  {int(hop.group(1)) / 1000:6.2f} ns  {hop.group(2)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
