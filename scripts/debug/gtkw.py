#!/usr/bin/env python3
"""A GTKWave save file for a waveform of us_core (make wave writes one beside each VCD/FST): the signals grouped by
pipeline stage (IF, ID, OF/FC, EX, TA, WB, retire) and per context, enums shown by name through translate filter files
made from spec/isa.txt and rtl/core/us_core_pkg.sv (instruction type, ALU ops, TEX ops, FC ops, the FC's jump and
branch-state ops), and for a mismatch report a marker on the clock edge whose retire record mismatched.

The signals come from the waveform's own header, so the file fits the NUM_CTX of the build that wrote it; a signal
of the layout below that the header lacks is an error (the RTL was renamed and this file was not), never a gap.
Fields of a wider vector (an opcode in an instruction word, one context's PC in the packed array) are GTKWave
composite traces: `#{name} (i)vector ...`, bit i counted from the vector's most significant bit.

usage: gtkw.py WAVE OUT.gtkw [--marker-cycle N]   (as a module: write_save_file)"""
import argparse
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib"))  # scripts/lib
import isa_table  # noqa: E402

CORE = "TOP.us_core"
HEX, DEC, BIN = 0x22, 0x24, 0x28           # GTKWave trace flags: hex, decimal, binary, each right-justified
TRANSLATED = 0x2000                         # shown through a translate filter file
GROUP_BEGIN, GROUP_END, BLANK = 0x800000, 0x1000000, 0x200  # a group's first and last lines


class SaveFileError(Exception):
    pass


def marker_time(cycle):
    """The dump time of the rising clock edge that ended harness cycle `cycle` (tb/cosim/cosim.cpp, eval_clock:
    cycle c's rising edge is dumped at 2c + 1 and the report names the cycle count after the tick): the retire
    record the report names is on the retire port from this time on."""
    return 2 * (cycle - 1) + 1


SPAN = 96  # time units the initial zoom (-4) shows


def end_time(wave):
    """The last time stamp of a VCD (its tail is enough); an FST's through fst2vcd would mean reading it all, so
    an FST counts as ending far away."""
    if wave.endswith(".fst"):
        return 1 << 62
    with open(wave, "rb") as fh:
        fh.seek(0, os.SEEK_END)
        fh.seek(max(0, fh.tell() - 65536))
        stamps = re.findall(rb"^#(\d+)", fh.read(), re.M)
    return int(stamps[-1]) if stamps else 0


def read_header(wave):
    """{full name without range: width} of a VCD or FST waveform (an FST's header through fst2vcd)."""
    if wave.endswith(".fst"):
        p = subprocess.Popen(["fst2vcd", "-f", wave], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        lines = p.stdout
    else:
        p, lines = None, open(wave, errors="replace")
    names, scope = {}, []
    try:
        for line in lines:
            t = line.split()
            if not t:
                continue
            if t[0] == "$scope" and len(t) >= 3:
                scope.append(t[2])
            elif t[0] == "$upscope" and scope:
                scope.pop()
            elif t[0] == "$var" and len(t) >= 5:
                names[".".join(scope + [t[4]])] = int(t[2])
            elif t[0] == "$enddefinitions":
                break
    finally:
        if p:
            p.kill()
            p.wait()
        else:
            lines.close()
    if not names:
        raise SaveFileError(f"{wave}: no signals in its header (not a waveform of uscosim?)")
    return names


def filter_files(folder):
    """Writes the translate filter files (value in hex as GTKWave shows it, then the name); {key: path}."""
    tables = {}
    isa = {(r.name, f.name): f for r in isa_table.parse(os.path.join(ROOT, "spec", "isa.txt")) for f in r.fields}

    def enum(reg, field):
        return [(v.value, v.name) for v in isa[(reg, field)].values if not v.reserved]

    tables["type"] = enum("US_CMN_INST", "TYPE")
    tables["rgb_op"] = enum("US_ALU_RGBA_INST", "RGB_OP")
    tables["alpha_op"] = enum("US_ALU_ALPHA_INST", "ALPHA_OP")
    tables["tex_op"] = enum("US_TEX_INST", "INST")
    tables["fc_op"] = enum("US_FC_INST", "OP")
    tables["fc_a_op"] = enum("US_FC_INST", "A_OP")
    tables["fc_b_op"] = enum("US_FC_INST", "B_OP0")
    tables["fc_jump"] = [(0, "fall-through"), (1, "JUMP")]
    text = open(os.path.join(ROOT, "rtl", "core", "us_core_pkg.sv")).read()
    m = re.search(r"typedef enum logic \[\d+:0\] \{(.*?)\} us_kind_e;", text, re.S)
    if not m:
        raise SaveFileError("rtl/core/us_core_pkg.sv: no us_kind_e enum to name the instruction kinds")
    kinds = re.findall(r"(Kind\w+)\s*=\s*\d+'d(\d+)", m.group(1))
    tables["kind"] = [(int(v), n[len("Kind"):].upper()) for n, v in kinds]
    os.makedirs(folder, exist_ok=True)
    paths = {}
    for key, values in tables.items():
        path = os.path.join(folder, f"{key}.txt")
        with open(path + ".tmp", "w") as fh:
            fh.write(f"# GTKWave translate filter: {key} (scripts/debug/gtkw.py)\n")
            fh.writelines(f"{v:X} {name}\n" for v, name in values)
        os.replace(path + ".tmp", path)
        paths[key] = os.path.abspath(path)
    return paths


class Layout:
    """Builds the trace lines against a waveform's header."""

    def __init__(self, names, filters):
        self.names, self.filters, self.lines, self.missing = names, filters, [], []

    def _vector(self, name):
        if name not in self.names:
            self.missing.append(name)
            return None
        w = self.names[name]
        return f"{name}[{w - 1}:0]" if w > 1 else name, w

    def trace(self, name, fmt=HEX, alias=None):
        v = self._vector(name)
        if v:
            self.lines += [f"@{fmt:x}", (f"+{{{alias}}} " if alias else "") + v[0]]

    def field(self, name, lo, width, alias, fmt=HEX, translate=None):
        """Bits lo .. lo + width - 1 of vector name as one trace, shown through filter `translate`."""
        v = self._vector(name)
        if not v:
            return
        full, w = v
        if lo + width > w:
            raise SaveFileError(f"{name} has {w} bits, not bits {lo + width - 1}:{lo}")
        if translate:
            self.lines.append(f"^{list(self.filters).index(translate) + 1} {self.filters[translate]}")
            fmt |= TRANSLATED
        if w == 1:  # a scalar: itself, under the alias
            self.lines += [f"@{fmt:x}", f"+{{{alias}}} {full}"]
            return
        bits = " ".join(f"({w - 1 - b}){full}" for b in range(lo + width - 1, lo - 1, -1))
        self.lines += [f"@{fmt:x}", f"#{{{alias}[{width - 1}:0]}} {bits}"]

    def group(self, title, body):
        """An open group: GTKWave hides the traces of a closed one from its own queries too."""
        self.lines += [f"@{GROUP_BEGIN | BLANK:x}", f"-{title}"]
        body()
        self.lines += [f"@{GROUP_END | BLANK:x}", f"-{title}"]


class F:
    """A field trace: bits lo .. lo + width - 1 of a vector, under a name, through a translate filter or not."""

    def __init__(self, signal, lo, width, alias, fmt=HEX, translate=None):
        self.signal, self.lo, self.width = signal, lo, width
        self.alias, self.fmt, self.translate = alias, fmt, translate


# The layout, in pipeline order: (group, scope below TOP.us_core or TOP itself, rows). A row is a signal with its
# format and an optional name, or an F.
LAYOUT = (
    ("clock, launch, contexts", "TOP", (
        ("clk_i", BIN), ("rst_ni", BIN), ("launch_i", BIN), ("launch_ctx_i", DEC), ("tin_we_i", BIN),
        ("ctx_running_o", BIN), ("ctx_done_o", BIN))),
    ("IF", "u_if_stage", (
        ("ready", BIN), ("rr_q", DEC), ("if_issue_o", BIN), ("if_pick_ctx_o", DEC), ("fetch_pc", DEC),
        ("if_valid_o", BIN, "IF valid"), ("if_ctx_o", DEC, "IF ctx"), ("if_pc_o", DEC, "IF pc"))),
    ("ID", "u_id_stage", (
        F("id_cmn", 0, 2, "ID type", translate="type"),
        F("id_rgba_inst", 0, 4, "ID rgb_op", translate="rgb_op"),
        F("id_alpha_inst", 0, 4, "ID alpha_op", translate="alpha_op"),
        F("id_tex_inst", 22, 3, "ID tex_op", translate="tex_op"),
        F("id_alpha_addr", 0, 3, "FC op", translate="fc_op"),
        F("id_alpha_addr", 6, 2, "FC a_op", translate="fc_a_op"),
        F("id_alpha_addr", 24, 2, "FC b_op0", translate="fc_b_op"),
        F("id_alpha_addr", 26, 2, "FC b_op1", translate="fc_b_op"),
        ("id_running", BIN), ("id_writers", BIN), ("id_legal", BIN), ("id_valid_o", BIN, "ID valid"))),
    ("OF/FC", "u_of_stage", (
        F("of_fc_jump", 0, 1, "FC jump", BIN, translate="fc_jump"),
        ("of_fc_next_pc", DEC), ("of_next_pc_o", DEC), ("of_fc_errors", BIN),
        ("id_src_temp_i", BIN), ("id_src_const_i", BIN), ("of_valid_o", BIN, "OF valid"))),
    ("EX", "u_ex_stage", (
        ("c_valid_q", BIN, "EX valid (bit k: k + 1 registers past PreAlign)"),
        F("ex1_rgba_inst", 0, 4, "EX1 rgb_op", translate="rgb_op"),
        F("ex1_alpha_inst", 0, 4, "EX1 alpha_op", translate="alpha_op"),
        ("ex1_tex", BIN),
        F("x_rgb_op_q", 0, 4, "MulProd rgb_op", translate="rgb_op"),
        F("x_alpha_op_q", 0, 4, "MulProd alpha_op", translate="alpha_op"),
        F("x_trans_op_q", 0, 4, "MulProd trans_op", translate="alpha_op"),
        F("dr_tex_inst", 22, 3, "DotRound tex_op", translate="tex_op"), ("dr_proj", BIN))),
    ("TA", "u_ta_stage", (
        ("ex_valid_i", BIN, "TaProj valid"), ("pj_proj", BIN), ("sc_valid_q", BIN, "TaScale valid"),
        ("ad_valid_q", BIN, "TaAddr valid"), ("ad_lookup", BIN), ("ad_raddr", HEX), ("tr_valid_q", BIN, "TaRead valid"),
        ("tr_raddr_q", HEX), ("ta_valid_o", BIN, "TA valid"))),
    ("WB", "u_wb_stage", (
        ("wb_valid_o", BIN, "WB valid"), ("wb_ctx_o", DEC, "WB ctx"), F("wb_cmn", 0, 2, "WB type", translate="type"),
        ("wb_we_o", BIN), ("wb_rgb_waddr_o", DEC), ("wb_alpha_waddr_o", DEC), ("wb_wdata_o", HEX),
        ("wb_killed_o", BIN), ("wb_pred_o", BIN), ("wb_done_o", BIN), ("wb_errors_o", BIN))),
    ("retire", "TOP", (
        ("retire_valid_o", BIN, "retire valid"), ("retire_seq_o", DEC, "retire seq"),
        ("retire_ctx_o", DEC, "retire ctx"), ("retire_pc_o", DEC, "retire pc"),
        F("retire_inst_o", 0, 2, "retire type", translate="type"),
        ("retire_next_pc_o", DEC), ("retire_jumped_o", BIN), ("retire_running_before_o", BIN),
        ("retire_running_after_o", BIN), ("retire_killed_after_o", BIN), ("retire_inactive_after_o", BIN),
        ("retire_temp_addr_o", HEX), ("retire_temp_mask_o", HEX), ("retire_errors_o", BIN), ("retire_done_o", BIN))),
)

# One group per context: (signal of u_ctx_state, bits per context, name, format); context k's bits start at k times
# the width.
CONTEXT = (("pc_q", 9, "pc", DEC), ("run_q", 1, "running", BIN), ("busy_q", 1, "busy", BIN),
           ("done_q", 1, "done", BIN), ("killed_q", 4, "killed", BIN), ("inactive_q", 4, "inactive", BIN),
           ("loop_sp_q", 4, "loop_sp", DEC), ("err_q", 8, "errors", BIN))


def stages(lay, num_ctx):
    """The layout: top-level ports, the stages in pipeline order, then one group per context."""
    def rows(scope, body):
        prefix = scope if scope == "TOP" else f"{CORE}.{scope}"
        for row in body:
            if isinstance(row, F):
                lay.field(f"{prefix}.{row.signal}", row.lo, row.width, row.alias, row.fmt, row.translate)
            else:
                lay.trace(f"{prefix}.{row[0]}", *row[1:])

    for title, scope, body in LAYOUT:
        lay.group(title, lambda: rows(scope, body))
    for k in range(num_ctx):
        lay.group(f"context {k}", lambda: rows("u_ctx_state", [F(s, w * k, w, f"ctx{k} {name}", fmt)
                                                              for s, w, name, fmt in CONTEXT]))


def write_save_file(wave, out, marker_cycle=None):
    """Writes the save file `out` (and its filter files in out's folder, filters/) for waveform `wave`."""
    names = read_header(wave)
    num_ctx = names.get(f"{CORE}.u_ctx_state.run_q")
    if not num_ctx:
        raise SaveFileError(f"{wave}: no {CORE}.u_ctx_state.run_q, so no NUM_CTX (not a waveform of us_core?)")
    lay = Layout(names, filter_files(os.path.join(os.path.dirname(os.path.abspath(out)), "filters")))
    stages(lay, num_ctx)
    if lay.missing:
        raise SaveFileError(f"{wave}: the waveform lacks {', '.join(lay.missing)} (scripts/debug/gtkw.py names signals "
                            "the RTL no longer has)")
    marker = marker_time(marker_cycle) if marker_cycle else -1
    # Zoom -4 shows about 90 time units (45 cycles) in a 1600-pixel window: the marker right of the middle, the
    # cycles that led to it before. GTKWave starts at 0 instead when the view would run past the dump's end.
    start = max(0, min(marker - 50, end_time(wave) - SPAN)) if marker_cycle else 0
    head = [f"[*] {os.path.basename(out)}: us_core, NUM_CTX {num_ctx} (scripts/debug/gtkw.py)",
            f'[dumpfile] "{os.path.abspath(wave)}"', f"[savefile] \"{os.path.abspath(out)}\"",
            f"[timestart] {start}", "[size] 1600 1000", "[pos] -1 -1",
            f"*-4.000000 {marker}" + " -1" * 26, "[sst_width] 200", "[signals_width] 260", "[sst_expanded] 0"]
    with open(out + ".tmp", "w") as fh:
        fh.write("\n".join(head + lay.lines) + "\n[pattern_trace] 1\n[pattern_trace] 0\n")
    os.replace(out + ".tmp", out)
    return num_ctx


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("wave")
    ap.add_argument("out")
    ap.add_argument("--marker-cycle", type=int)
    a = ap.parse_args()
    try:
        write_save_file(a.wave, a.out, a.marker_cycle)
    except (SaveFileError, isa_table.TableError, OSError) as e:
        print(f"gtkw: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
