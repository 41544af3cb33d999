"""Planted differences are caught: one flipped bit in a vector's expected output fails the package's verdict as it
fails usim's (the same lines), and one flipped bit in a record or a final state is seen by the comparisons the
suite relies on (conftest.compare_records, compare_states)."""
from __future__ import annotations

import dataclasses
import os

import numpy as np

import r500us
from conftest import FIGURES, compare_records, compare_states
from usim_ref import SMOKE, usim


def test_flipped_expected_output_fails_like_usim(tmp_path) -> None:
    src = os.path.join(SMOKE, "mix-1.vec")
    vec = r500us.Vector.read(src)
    assert vec.run().verdict.passed
    t, p, c = np.argwhere(vec.expect.out_mask[..., None] >> np.arange(4) & 1)[0]
    vec.expect.out[t, p, c] ^= 1
    run = vec.run()
    assert not run.verdict.passed and run.verdict.differences == 1
    assert f"output {t} of pixel {p}.{'rgba'[c]}: expected 0x{int(vec.expect.out[t, p, c]):08x}" in run.verdict.report
    path = str(tmp_path / "planted.vec")
    vec.write(path)
    changed = [(a, b) for a, b in zip(open(src).read().splitlines(), open(path).read().splitlines()) if a != b]
    assert len(changed) == 1 and changed[0][1].startswith(f"expect out {t} {p} ")
    ref = usim(path)
    assert ref.status == 1 and run.verdict.lines(path) == ref.verdict
    FIGURES["planted differences caught"] += 1


def test_planted_trace_line_fails(tmp_path) -> None:
    src = next(os.path.join(SMOKE, f) for f in sorted(os.listdir(SMOKE))
               if "expect trace" in open(os.path.join(SMOKE, f)).read())
    vec = r500us.Vector.read(src)
    vec.expect_trace[1] = vec.expect_trace[1].replace("run=", "run=0", 1)
    run = vec.run()
    assert not run.verdict.passed and "trace line 1:" in run.verdict.report
    path = str(tmp_path / "trace.vec")
    vec.write(path)
    assert run.verdict.lines(path) == usim(path).verdict
    FIGURES["planted differences caught"] += 1


def test_flipped_record_bit_is_seen() -> None:
    path = os.path.join(SMOKE, "mix-1.vec")
    ref = usim(path, "--trace")
    run = r500us.Vector.read(path).run()
    assert compare_records(run.records, ref.records) == []
    r = run.records[0]
    values = r.temp[0].values.copy()
    p = int(np.nonzero(r.temp[0].mask)[0][0])
    c = int(np.nonzero(r.temp[0].mask[p] >> np.arange(4) & 1)[0][0])
    values[p, c] ^= 1 << 22
    bad = dataclasses.replace(r, temp=(dataclasses.replace(r.temp[0], values=values), r.temp[1]))
    diffs = compare_records([bad] + run.records[1:], ref.records)
    assert len(diffs) == 1 and "record 0: temp" in diffs[0]
    assert len(compare_records(run.records[:-1], ref.records)) == 1  # a record missing
    FIGURES["planted differences caught"] += 2


def test_flipped_state_bit_is_seen(tmp_path) -> None:
    src = os.path.join(SMOKE, "mix-1.vec")
    vec = r500us.Vector.read(src)
    bare = tmp_path / "bare.vec"
    bare.write_text("".join(ln for ln in open(src).read().splitlines(True) if not ln.startswith("expect ")))
    ref = usim(str(bare)).state
    run = vec.run()
    assert compare_states(run.state, ref) == []
    t, p, c = np.argwhere(run.state.out_mask[..., None] >> np.arange(4) & 1)[0]
    run.state.out[t, p, c] ^= 0x80000000
    assert len(compare_states(run.state, ref)) == 1
    FIGURES["planted differences caught"] += 1
