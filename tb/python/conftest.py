"""Shared helpers of the r500us package's tests (tb/python/README.md): the comparison of the package's records
and states with usim's parsed text, and the figures the run ends with."""
from __future__ import annotations

import os
import sys
from collections import Counter

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

FIGURES: Counter = Counter()


def record_fields(r) -> dict:
    """A package Retire as the fields usim_ref.parse_retire_line gives for a retire line."""
    def writes(slots):
        out = []
        for w in slots:
            for p in range(4):
                m = int(w.mask[p])
                if m:
                    out.append((w.addr, p, m, tuple(int(w.values[p][c]) for c in range(4) if m >> c & 1)))
        return out
    f = {"seq": r.seq, "ctx": r.ctx, "pc": r.pc, "next": r.next_pc, "jump": r.jumped, "run_before": r.running_before,
         "run_after": r.running_after, "kill": r.killed_after, "temp": writes(r.temp), "out": writes(r.out),
         "w": [(p, int(r.w[p])) for p in range(4) if r.w_mask >> p & 1],
         "pred": [(p, int(r.pred[p]), int(r.pred_mask[p])) for p in range(4) if r.pred_mask[p]],
         "res": (r.result, r.result_mask) if r.result_mask else None, "fc": None, "err": r.errors,
         "end": r.done}
    if r.is_fc:
        t = r.loop_top
        f["fc"] = {"inact": r.inactive_after, "cnt": tuple(int(x) for x in r.counters), "loop": r.loop_depth,
                   "top": None if t is None else (t.count, t.al, t.member, t.broken, t.continued),
                   "astk": r.addr_depth, "astk_top": r.addr_top if r.addr_depth else None}
    return f


def compare_records(pkg_records, ref_records) -> list[str]:
    """Every difference between the package's records and usim's, field by field (empty when equal)."""
    diffs = []
    if len(pkg_records) != len(ref_records):
        diffs.append(f"{len(pkg_records)} records, usim {len(ref_records)}")
    for a, b in zip(pkg_records, ref_records):
        fa = record_fields(a)
        for k, v in b.fields.items():
            if fa[k] != v:
                diffs.append(f"record {b.fields['seq']}: {k}: package {fa[k]!r}, usim {v!r}")
    return diffs


def state_fields(st) -> dict:
    """A package State as usim_ref.parse_state gives usim's final-state dump."""
    out: dict = {"temp": {}, "out": {}, "w": {}, "pred": {}}
    for p in range(4):
        for a in range(st.temp_mask.shape[1]):
            m = int(st.temp_mask[p, a])
            if m:
                out["temp"][(p, a)] = tuple(int(st.temp[p, a, c]) if m >> c & 1 else None for c in range(4))
    for t in range(4):
        for p in range(4):
            m = int(st.out_mask[t, p])
            if m:
                out["out"][(t, p)] = tuple(int(st.out[t, p, c]) if m >> c & 1 else None for c in range(4))
    out["w"] = {p: int(st.w[p]) for p in range(4) if st.w_mask >> p & 1}
    out["pred"] = {p: int(st.pred[p]) for p in range(4)}
    out.update(alu_result=st.alu_result, killed=st.killed, errors=tuple(st.errors), retired=st.retired)
    return out


def compare_states(pkg_state, ref_state: dict) -> list[str]:
    fa = state_fields(pkg_state)
    return [f"{k}: package {fa[k]!r}, usim {v!r}" for k, v in ref_state.items() if fa[k] != v] + \
        [f"{k}: package has it, usim not" for k in fa if k not in ref_state]


def f32(bits) -> np.ndarray:
    return np.asarray(bits, np.uint32).view(np.float32)


def pytest_terminal_summary(terminalreporter) -> None:
    if FIGURES:
        terminalreporter.write_line("r500us against the tools: " + ", ".join(f"{k} {v}" for k, v in
                                                                             sorted(FIGURES.items())))
