#!/usr/bin/env python3
"""Planted RTL bugs against the checks that exist for them (make rtl-plants): each plant is a one-line change of
rtl/; on a copy of the tree (rtl/, model/, tb/cosim, the Makefile and its includes) the copy's uscosim is built
with the Makefile's own rules and the plant's check must fail, while the same check passes on the project's own
build first. A plant whose text no longer occurs exactly once fails (it has gone stale).
- frozen-rr: IF's round-robin pointer never moves (rtl/core/us_if_stage.sv). Check: tb/py/test_ipc.py (NUM_CTX 4
  and 8); the harness's assertion IfReadyIssuedInTime may stop a run first (tb/py/test_assertions.py plants the
  same on the assertion bench).
- plan-off-by-one: the stage plan (rtl/core/us_core_pkg.sv) one register longer than the stage modules. Check:
  tb/py/test_ipc.py: the harness's schedule check (records a cycle before the plan's depth), the assertion
  CtxWbOnPlan, and the depth the harness reports against the project's plan.
- the flow-control and OMOD corners of issue 15: the directed vectors named for each fail in lockstep (NUM_CTX 4);
  break-any-voters (a BREAK with JUMP_ANY that also counts the wants of killed and inactive members) is caught by
  directed-break-any-gone;
- the beats of the FPGA configuration (Lanes 1, build/cosim-fpga): hold-short (IF waits a clock too few between
  issues), texel-early (TA gathers a beat's texel from the read register a clock early), mdh-neighbour (a beat after
  the first reads pixel 2's first source as pixel 1's), texel-swizzle-ignored (TA gathers the texels without the
  destination swizzle), and its read phases (us_rd_phases): phase-last-held (the third source reads the first's
  values), phase-addr-stale (a phase presents the previous phase's addresses), and ride-delay-short (us_delay a clock
  short for the control word, beat and TEX coordinates beside EX), taread-early (the texels read at TaAddr's address
  instead of TaRead's register), operand-early (the pre-subtract's result past Operand's register), select-early (the
  dot product's result past Select's register), trans-prod-early (the transcendental unit's post segment past its
  product register), valid- split-early (the valid bit's candidates picked by the next clock's read address, us_vram),
  decode-valid-early (ID takes the instruction a clock before the decode register, PipeDecode, holds its words),
  coord-swizzle-ignored (PreAlign's TEX coordinates without the source swizzle), sweep-short (the memories' sweep
  after reset a word short, MemSweep). Check: the smoke vectors in lockstep on that harness (NUM_CTX 4, 4 quads each);
  at least one fails.
- unwritten-read: the instruction memory's and constants' valid bits ignored, so a word not written since reset
  reads as the RAM holds it. Check: directed-unloaded.
  Every run of a check starts the RTL from a random initial state (--rand-seed 1), as make regress's runs do: with
  Verilator's default, all zeros, a RAM never written reads as zero and neither memory plant would show.
- the corners no suite reached (issue 31): const-al-7bit (an aL-relative constant address adds aL's low seven bits
  only) and tex-dst-no-al (a TEX destination ignores DST_ADDR_REL), caught by the smoke suite's al-* vectors (from
  tb/py/test_al_sweep.py); addr-stack-short (the address stack overflows an entry early) and loop-stack-long (the
  loop stack overflows a frame late), caught by its limits-* vectors (from tb/py/test_stack_limits.py).
- the registers only a driver writes (issue 31 item 8): w-fmt-unknown (the load port flags US_W_FMT as no register),
  out-fmt-unknown (the same for US_OUT_FMT_0..3) and pixsize-wrong-address (US_PIXSIZE stored from 0x4608), checked
  by tb/py/test_bringup_replay.py: the bring-up suite (make bringup-suite) replayed from its writes.txt files.
- the RTL coverage holes (docs/testplan.md): LN2 of a NaN, the watchdog, the instruction banks, jumps relative to
  US_CODE_OFFSET and the pairing rules of the ID stage, each caught by its directed or error vector (named without
  the "directed-" prefix; error vectors by their whole name).
Builds take minutes each; results go to build/rtl-plants/summary.txt.
usage: rtl_plants.py [--only NAME] [--keep]"""
import argparse
import glob
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "build", "rtl-plants")
FC, IF_STAGE, OMOD = "rtl/us_fc.sv", "rtl/core/us_if_stage.sv", "rtl/fp/us_fp_omod.sv"
OF, TA, RD = "rtl/core/us_of_stage.sv", "rtl/core/us_ta_stage.sv", "rtl/us_rd_phases.sv"
ID, WB, TRANS, LOAD = "rtl/core/us_id_stage.sv", "rtl/core/us_wb_stage.sv", "rtl/fp/us_fp_trans_reduce.sv", \
    "rtl/us_load_port.sv"
# every covered member's want, running or not (vote()'s want without its running gate)
MEMBER_WANTS = "|(members & {" + ", ".join(
    f"fi.jump_func[{{alu_result_i[{p}], pred_bit[{p}], bool_const_i[fa.bool_addr]}}]" for p in (3, 2, 1, 0)) + "})"
LN2_NAN = "if (is_nan)      spec_res_o = qnan;\n" + " " * 8 + "else if (e_zero) spec_res_o = us_fp_pkg::NegInf;"
JUMP_ANY = "jump = (fi.jump_any == us_isa_pkg::US_FC_INST_JUMP_ANY_ANY) ? |(v.want & v.voters)\n" + " " * 70 + \
    ": ((members & ~gone) == 4'h0);"

# (name, what, file, text, replacement, NUM_CTX built, check: "ipc" or the directed vectors that must fail)
PLANTS = [
    ("frozen-rr", "the round-robin pointer never moves", IF_STAGE,
     "rr_q <= if_pick_ctx_o;", "rr_q <= rr_q;", (4, 8), "ipc"),
    ("plan-off-by-one", "the stage plan counts one register more than the stage modules hold",
     "rtl/core/us_core_pkg.sv", "issue_to_retire = 7 + opt_regs(",
     "issue_to_retire = 8 + opt_regs(", (4, 8), "ipc"),
    ("hold-short", "IF holds a clock too few between issues (FPGA configuration)", IF_STAGE,
     "hold_q <= 2'(Beats - 1);", "hold_q <= 2'(Beats - 2);", (4,), "fpga-smoke"),
    ("texel-early", "TA gathers a beat's texel from the read register a clock early (FPGA configuration)", TA,
     "if (tx_valid_q && int'(tx_beat_q) == b) begin", "if (tr_valid_q && int'(tr_beat_q) == b) begin", (4,),
     "fpga-smoke"),
    ("mdh-neighbour", "the beats read pixel 2's first source as pixel 1's (FPGA configuration)", OF,
     "of_nb_o <= {of_src[2][0], of_src[1][0], of_src[0][0]};", "of_nb_o <= {of_src[2][0], of_src[2][0], of_src[0][0]};",
     (4,), "fpga-smoke"),
    ("texel-swizzle-ignored", "TA gathers the texels without the destination swizzle (FPGA configuration)",
     "rtl/core/us_ta_stage.sv", "tx_tval[l][c] = tx_texel[l][tx_dst_swz[c]];", "tx_tval[l][c] = tx_texel[l][c];",
     (4,), "fpga-smoke"),
    ("taread-early", "us_tex_mem reads TaAddr's texel addresses, a clock before TaRead's register (FPGA "
     "configuration)", "rtl/core/us_ta_stage.sv", ".raddr_i  (tr_raddr_q),", ".raddr_i  (ad_raddr),", (4,),
     "fpga-smoke"),
    ("ride-delay-short", "the control word, beat and TEX coordinates reach DotRound a clock early (us_delay one "
     "clock short; FPGA configuration)", "rtl/core/us_ex_stage.sv", ".Delay(NumC - KEx1)", ".Delay(NumC - KEx1 - 1)", (4,),
     "fpga-smoke"),
    ("operand-early", "the operand selects read the pre-subtract's rounded result a clock early, past Operand's "
     "register (FPGA configuration)", "rtl/core/us_ex_stage.sv", ".srcp_i      (op_srcp_q[p]),",
     ".srcp_i      (ex1_srcp[p]),", (4,), "fpga-smoke"),
    ("select-early", "the dot product's rounded result reaches the result select a clock early, past Select's "
     "register (FPGA configuration)", "rtl/core/us_ex_pixel.sv", "rgb_o[c] = sl_dot_q;", "rgb_o[c] = dot;", (4,),
     "fpga-smoke"),
    ("trans-prod-early", "the transcendental unit's post segment adds to the interpolation's value a clock early, "
     "past the product's register (FPGA configuration)", "rtl/fp/us_fp_trans.sv", ".acc_i (prod_q.acc),",
     ".acc_i (interp_q.acc),", (4,), "fpga-smoke"),
    ("valid-split-early", "the temporaries' and constants' valid bit is picked among its candidates by the read "
     "address of the clock after instead of the registered one (FPGA configuration)", "rtl/us_vram.sv",
     "rvalid_bits[r] = cand_q[r][group_q[r]];", "rvalid_bits[r] = cand_q[r][CandW'(raddr_i[r] >> Split)];", (4,),
     "fpga-smoke"),
    ("decode-valid-early", "ID takes the instruction a clock before the decode register holds its words (PipeDecode; "
     "FPGA configuration)", IF_STAGE, "if_valid_o <= fe_valid_q;", "if_valid_o <= if_issue_o;", (4,), "fpga-smoke"),
    ("coord-swizzle-ignored", "PreAlign passes the TEX coordinates through without the source swizzle (FPGA "
     "configuration)", "rtl/core/us_ex_stage.sv", "s_coord[p][c] = of_coord_i[p][of_tex_swz_i[c]];",
     "s_coord[p][c] = of_coord_i[p][c];", (4,), "fpga-smoke"),
    ("phase-last-held", "the last read phase's values are taken from the first phase's hold (FPGA configuration)",
     RD, "rdata_o[(Phases - 1) * PhysPorts +: PhysPorts] = ram_rdata_i;",
     "rdata_o[(Phases - 1) * PhysPorts +: PhysPorts] = hold_q[0];", (4,), "fpga-smoke"),
    ("phase-addr-stale", "each read phase after the first presents the phase before's addresses (FPGA configuration)",
     RD, "ram_raddr_o = addr_q[k * int'(PhysPorts) +: PhysPorts];",
     "ram_raddr_o = addr_q[(k - 1) * int'(PhysPorts) +: PhysPorts];", (4,), "fpga-smoke"),
    ("sweep-short", "the sweep after reset stops a word short: the instruction memory's and constants' last words "
     "keep what the block RAM held (MemSweep; FPGA configuration)", "rtl/us_vram.sv",
     "assign sweeping = Sweep && sweep_q != (AddrW + 1)'(Depth);",
     "assign sweeping = Sweep && sweep_q != (AddrW + 1)'(Depth - 1);", (4,), "fpga-smoke"),
    ("unwritten-read", "a word of the instruction memory or the constants not written since reset reads as the RAM "
     "holds it, not as zero (the valid bits ignored)", "rtl/us_vram.sv",
     "rdata_o[r][l] = (rvalid_o[r] || !ZeroUnwritten) ? lane_rdata[l][r] : '0;", "rdata_o[r][l] = lane_rdata[l][r];",
     (4,), ["unloaded"]),
    ("incr-nonvoters", "INCR deactivates every pixel that did not want what the quad does (inactive, killed, masked)",
     FC, "disagree = running & ~(killed_i | inactive | masked) & (jump", "disagree = (jump", (4,), ["incr-inactive"]),
    ("break-any-members", "BREAK with JUMP_ANY counts the wants of all loop members (uncovered ones too)", FC,
     JUMP_ANY, JUMP_ANY.replace("|(v.want & v.voters)", "|(v.want & tf.member)"), (4,), ["break-any"]),
    ("break-any-voters", "BREAK with JUMP_ANY counts the wants of the covered loop members, killed and inactive ones "
     "too, instead of the voters'", FC, JUMP_ANY,
     JUMP_ANY.replace("|(v.want & v.voters)", MEMBER_WANTS), (4,), ["break-any-gone"]),
    ("break-killed", "killed loop members hold a BREAK with JUMP_ANY=ALL", FC,
     "gone    = tf.broken | killed_i | (brk", "gone    = tf.broken | (brk", (4,), ["break-killed"]),
    ("omod-min-normal", "OMOD flushes results at the smallest normal exponent", OMOD,
     "exp_b <= 9'd3", "exp_b <= 9'd4", (4,), ["omod-min-normal"]),
    # the RTL coverage holes closed by directed and error vectors (docs/testplan.md, RTL code coverage)
    ("ln2-nan", "LN2 forgets its NaN test (a positive NaN reads as +inf)", TRANS, LN2_NAN,
     LN2_NAN.replace("if (is_nan) ", "if (1'b0)   "), (4,), ["trans-special"]),
    ("watchdog-late", "the watchdog ends a quad one instruction late", WB,
     "ctx_retired_i + 32'd1 >= watchdog_i", "ctx_retired_i >= watchdog_i", (4,), ["watchdog"]),
    ("bank-dwords", "the instruction bank registers store into the wrong dword (bank 5 - d)", LOAD,
     "bank_dword = 3'(d);", "bank_dword = 3'(5 - d);", (4,), ["banks"]),
    ("jump-no-offset", "FC jump targets leave out US_CODE_OFFSET", FC,
     "target = fa.jump_addr + ((fa.jump_global", "target = fa.jump_addr + 9'd0 * ((fa.jump_global", (4,),
     ["relocated"]),
    ("alpha-omod-op", "alpha OMOD 7 is legal beside any op (unclamped)", ID,
     "(!id_alpha_select_op || id_cmn.alpha_clamp)", "(id_cmn.alpha_clamp)", (4,), ["error-alpha_omod_op"]),
    ("alpha-omod-clamp", "alpha OMOD 7 is checked against RGB_CLAMP instead of ALPHA_CLAMP", ID,
     "(!id_alpha_select_op || id_cmn.alpha_clamp)", "(!id_alpha_select_op || id_cmn.rgb_clamp)", (4,),
     ["error-alpha_omod_clamp"]),
    ("sop-pairing", "rgb SOP is refused only beside alpha DP (not beside the other non-transcendentals)", ID,
     "US_ALU_RGBA_INST_RGB_OP_SOP && !id_alpha_trans_op",
     "US_ALU_RGBA_INST_RGB_OP_SOP && id_alpha_inst.alpha_op == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_DP", (4,),
     ["error-sop_pairing"]),
    ("const-al-7bit", "an aL-relative constant address adds aL's low seven bits only (aL of 128 or more reads "
     "the wrong constant)", ID, "id_const_raddr[i]     = id_rgb_src_addr[i] + (id_rgb_src_rel[i] ? id_al : 8'd0);",
     "id_const_raddr[i]     = id_rgb_src_addr[i] + (id_rgb_src_rel[i] ? {1'b0, id_al[6:0]} : 8'd0);", (4,),
     ["al-from-130", "al-wrap-up"]),
    ("tex-dst-no-al", "a TEX destination ignores DST_ADDR_REL", ID,
     "assign id_tex_dst = id_tex_addr.dst_addr + (id_tex_addr.dst_addr_rel ? id_al[6:0] : 7'd0);",
     "assign id_tex_dst = id_tex_addr.dst_addr;", (4,), ["al-tex-dst"]),
    ("addr-stack-short", "the address stack overflows one entry early", FC,
     "if (32'(asp) >= AddrDepth) begin", "if (32'(asp) >= AddrDepth - 1) begin", (4,), ["limits-calls8"]),
    ("loop-stack-long", "the loop stack takes one frame more than it has before it overflows", FC,
     "if (32'(sp) >= LoopDepth) begin", "if (32'(sp) > LoopDepth) begin", (4,), ["limits-loops9"]),
    ("fc-pred-rgba", "the FC RGBA predicate rule reads ALPHA_PRED_SEL instead of RGB_PRED_SEL", ID,
     "id_cmn.rgb_pred_sel == us_isa_pkg::US_CMN_INST_RGB_PRED_SEL_RGBA) begin",
     "id_cmn.alpha_pred_sel == us_isa_pkg::US_CMN_INST_ALPHA_PRED_SEL_RGBA) begin", (4,), ["error-fc_pred_rgba"]),
    # the registers only a driver writes (issue 31 item 8): the bring-up suite's writes.txt replayed through the load
    # port; no vector's own setup lines write them, so the smoke suite passes on all three
    ("w-fmt-unknown", "the load port no longer knows US_W_FMT (reg_bad_o)", LOAD,
     "reg_addr_i != us_isa_pkg::US_CODE_OFFSET_ADDR && reg_addr_i != us_isa_pkg::US_W_FMT_ADDR &&",
     "reg_addr_i != us_isa_pkg::US_CODE_OFFSET_ADDR &&", (4,), "script:tb/py/test_bringup_replay.py"),
    ("out-fmt-unknown", "the load port no longer knows US_OUT_FMT_0..3 (reg_bad_o)", LOAD,
     "!out_fmt_hit) begin", "1'b1) begin", (4,), "script:tb/py/test_bringup_replay.py"),
    ("pixsize-wrong-address", "US_PIXSIZE is stored from 0x4608, not its own address 0x4604", LOAD,
     "us_isa_pkg::US_PIXSIZE_ADDR:       pixsize_q     <= reg_wdata_i;",
     "16'h4608:                          pixsize_q     <= reg_wdata_i;", (4,), "script:tb/py/test_bringup_replay.py"),
]
# The smoke suite's vectors a list check runs: the directed and error vectors, and the directed assembly programs'
# (al-*, limits-*; scripts/generate/smoke_suite.py)
DIRECTED_KINDS = ["directed", "error", "al", "limits"]
COPY = ["Makefile", "tb/config.mk", "mk", "model", "rtl", "tb/cosim", "scripts", "spec"]


def check_fails(name, check, cosim_dir):
    """Runs a plant's check against the uscosim builds in cosim_dir; returns (failed, what it said)."""
    if check == "ipc":
        p = subprocess.run([sys.executable, os.path.join(ROOT, "tb", "py", "test_ipc.py"), "--cosim-dir", cosim_dir],
                           capture_output=True, text=True, cwd=ROOT)
        fails = [ln for ln in p.stdout.splitlines() if ln.startswith("FAIL")]
        return p.returncode != 0, (fails[0][:400] if fails else p.stdout.strip()[-200:])
    # a test of tb/py run against this harness (USCOSIM): it must fail
    if isinstance(check, str) and check.startswith("script:"):
        p = subprocess.run([sys.executable, os.path.join(ROOT, check[len("script:"):])], capture_output=True, text=True,
                           cwd=ROOT, env=dict(os.environ, USCOSIM=os.path.join(cosim_dir, "ctx4", "uscosim")))
        fails = [ln for ln in (p.stdout + p.stderr).splitlines() if ln.startswith("FAIL")]
        return p.returncode == 1 and bool(fails), (fails[0][:300] if fails else f"exit {p.returncode}: "
                                                   f"{(p.stdout + p.stderr).strip()[-200:]}")
    failing = []
    smoke = os.path.join(ROOT, "vectors", "smoke")
    if check == "fpga-smoke":  # the FPGA configuration: any smoke vector that fails
        for vec in sorted(glob.glob(os.path.join(smoke, "*.vec"))):
            p = subprocess.run([os.path.join(cosim_dir, "ctx4", "uscosim"), vec, "--quads", "4", "--quiet",
                                "--rand-seed", "1", "--report-dir", OUT], capture_output=True, text=True, cwd=ROOT)
            if p.returncode not in (0, 1):
                return False, f"{os.path.basename(vec)}: exit {p.returncode}: {(p.stdout + p.stderr)[-300:]}"
            if p.returncode == 1:
                failing.append(os.path.basename(vec)[:-len(".vec")])
        return bool(failing), f"{len(failing)} smoke vectors fail: {', '.join(failing[:5])}" + \
            (" ..." if len(failing) > 5 else "")
    for vec in sorted(sum((glob.glob(os.path.join(smoke, f"{kind}-*.vec")) for kind in DIRECTED_KINDS), [])):
        p = subprocess.run([os.path.join(cosim_dir, "ctx4", "uscosim"), vec, "--quads", "4", "--quiet",
                            "--rand-seed", "1", "--report-dir", OUT], capture_output=True, text=True, cwd=ROOT)
        if p.returncode not in (0, 1):
            return False, f"{os.path.basename(vec)}: exit {p.returncode}: {(p.stdout + p.stderr)[-300:]}"
        if p.returncode == 1:
            name = os.path.basename(vec)[:-len(".vec")]
            failing.append(name[len("directed-"):] if name.startswith("directed-") else name)
    missed = [v for v in check if v not in failing]
    return not missed, f"failing: {', '.join(failing) or 'none'}" + (f"; not failing: {missed}" if missed else "")


def harness(check):
    return "cosim-fpga" if check == "fpga-smoke" else "cosim"


def build(tree, ctxs, check):
    targets = [f"b/{harness(check)}/ctx{n}/uscosim" for n in ctxs]
    vlrt = os.path.join(ROOT, "build", "vlrt", "libverilated.a")  # the project's Verilator run-time, not a copy
    p = subprocess.run(["make", "--no-print-directory", "-j2", "-C", tree, "BUILD=b", "VERILATOR_EXTRA=-Wno-fatal", f"VLRT={vlrt}",
                        *targets], capture_output=True, text=True)
    return "" if p.returncode == 0 else f"building {targets} in {tree} failed: {(p.stdout + p.stderr)[-600:]}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", help="one plant by name")
    ap.add_argument("--keep", action="store_true", help="keep each plant's tree under build/rtl-plants")
    a = ap.parse_args()
    plants = [p for p in PLANTS if not a.only or p[0] == a.only]
    if not plants:
        print(f"rtl_plants: no plant named {a.only} ({', '.join(p[0] for p in PLANTS)})", file=sys.stderr)
        return 2
    os.makedirs(OUT, exist_ok=True)
    lines, bad = [], 0
    for name, what, rel, old, new, ctxs, check in plants:
        failed, said = check_fails(name, check, os.path.join(ROOT, "build", harness(check)))
        if failed:
            lines.append(f"FAIL {name}: the check already fails on the project's own build ({said})")
            bad += 1
            continue
        tree = os.path.join(OUT, name)
        shutil.rmtree(tree, ignore_errors=True)
        for item in COPY:
            src, dst = os.path.join(ROOT, item), os.path.join(tree, item)
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            (shutil.copytree if os.path.isdir(src) else shutil.copy)(src, dst)
        path = os.path.join(tree, rel)
        with open(path) as fh:
            text = fh.read()
        if text.count(old) != 1:
            lines.append(f"FAIL {name}: its text occurs {text.count(old)} times in {rel}, not once (stale plant)")
            bad += 1
            continue
        with open(path, "w") as fh:
            fh.write(text.replace(old, new))
        why = build(tree, ctxs, check)
        if why:
            lines.append(f"FAIL {name}: {why}")
            bad += 1
            print(lines[-1], flush=True)
            continue
        failed, said = check_fails(name, check, os.path.join(tree, "b", harness(check)))
        by = {"ipc": "test_ipc.py", "fpga-smoke": "the smoke vectors on the FPGA configuration"}.get(
            check if isinstance(check, str) else "", "the directed and error vectors")
        if isinstance(check, str) and check.startswith("script:"):
            by = check[len("script:"):]
        lines.append(f"{'ok' if failed else 'FAIL'} {name} ({what}): {'caught' if failed else 'NOT caught'} by {by}"
                     f" ({said})")
        bad += not failed
        print(lines[-1], flush=True)
        if not a.keep:
            shutil.rmtree(tree, ignore_errors=True)
    with open(os.path.join(OUT, "summary.txt"), "w") as fh:
        fh.write("\n".join(lines) + "\n")
    print("\n".join(ln for ln in lines if ln.startswith("FAIL")))
    print(f"{len(lines) - bad} of {len(lines)} plants caught")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
