"""The run API with numpy: float32 values and uint32 bits give the same run; a Shader runs many quads as one
vector each would (checked with usim on the written vectors); the structured record array and the dataclasses
agree; the bounds mode agrees with usbringup's expected.txt on every smoke vector."""
from __future__ import annotations

import os
import re

import numpy as np
import pytest

import r500us
from conftest import FIGURES, compare_records, compare_states
from usim_ref import CORPUS, smoke_vectors, tool, usim

CIRCLE = os.path.join(CORPUS, "shadertoy_circle.fs.txt")
needs_corpus = pytest.mark.skipif(not os.path.exists(CIRCLE), reason="no Mesa corpus beside the project")


@needs_corpus
def test_floats_and_bits_agree(tmp_path) -> None:
    prog = r500us.read_program(CIRCLE)
    rng = np.random.default_rng(1)
    inputs = rng.uniform(-1, 1, (4, 2, 4)).astype(np.float32)
    consts = np.array([[0.25, 0, 0, 0]], np.float32)
    a = r500us.run(prog, inputs, consts)
    b = r500us.run(prog, inputs.view(np.uint32), consts.view(np.uint32))
    assert a.state != r500us.Vector.from_program(prog).run().state  # the inputs matter
    assert a.state == b.state and a.trace_lines() == b.trace_lines()
    vec = r500us.Vector.from_program(prog, inputs, consts, name="circle")
    path = str(tmp_path / "circle.vec")
    vec.write(path)
    ref = usim(path, "--trace")
    assert compare_records(a.records, ref.records) == [] and compare_states(a.state, usim(path).state) == []
    assert np.array_equal(r500us.Vector.read(path).temp[:, :2], inputs.view(np.uint32))


@needs_corpus
def test_shader_runs_many_quads(tmp_path) -> None:
    prog = r500us.read_program(CIRCLE)
    consts = np.array([[0.5, 0, 0, 0]], np.float32)
    shader = r500us.Shader.from_program(prog, consts)
    assert r500us.Shader.from_program(prog, consts).code() == prog
    rng = np.random.default_rng(2)
    for i in range(20):
        inputs = rng.uniform(-1, 1, (4, 1, 4)).astype(np.float32)
        covered = int(rng.integers(1, 16))
        got = shader.run(inputs, covered=covered, max_records=0)
        assert got.records == [] and got.records_dropped == got.state.retired
        vec = r500us.Vector.from_program(prog, inputs, consts, covered=covered)
        path = str(tmp_path / f"q{i}.vec")
        vec.write(path)
        assert compare_states(got.state, usim(path).state) == []
    FIGURES["Shader quads checked with usim"] += 20


def test_record_array_and_dataclasses_agree() -> None:
    run = r500us.Vector.read(next(p for p in smoke_vectors() if "deep-" in p)).run()
    arr = run.record_array
    assert arr.dtype == r500us.RETIRE_DTYPE and len(arr) == len(run.records)
    for row, rec in zip(arr, run.records):
        assert row["pc"] == rec.pc and row["seq"] == rec.seq and np.array_equal(row["inst"], rec.words)
        assert np.array_equal(row["temp"]["val"][0], rec.temp[0].values)
    assert r500us.format_records(arr) == run.trace_lines()


_VALUE = re.compile(r"^0x([0-9A-Fa-f]{8})(?:\[0x([0-9A-Fa-f]{8}),0x([0-9A-Fa-f]{8})\])?$")


def bringup_bounds(path: str, out: str) -> tuple[dict, str]:
    """usbringup --force's expected.txt: {(kind, index, pixel, channel): (lo, hi)}, and its message."""
    p = tool("usbringup", path, "-o", out, "--force")
    assert p.returncode == 0, p.stderr
    got = {}
    for ln in open(os.path.join(out, "expected.txt")):
        body = ln.split("#")[0].split()
        if len(body) >= 4 and body[0] == "pixel" and body[2] in ("out", "temp"):
            pix, kind, idx = int(body[1]), body[2], int(body[3])
            for c, tok in enumerate(body[4:8]):
                m = _VALUE.match(tok)
                if m:
                    v = int(m[1], 16)
                    got[(kind, idx, pix, c)] = (int(m[2], 16), int(m[3], 16)) if m[2] else (v, v)
    return got, p.stderr


@pytest.mark.parametrize("path", smoke_vectors(), ids=os.path.basename)
def test_bounds_match_usbringup(path: str, tmp_path) -> None:
    run = r500us.Vector.read(path).run(bounds=True)
    b = run.bounds
    assert b is not None
    ref, msg = bringup_bounds(path, str(tmp_path / "bu"))
    for (kind, idx, pix, c), (lo, hi) in ref.items():
        mine = (b.out_lo[idx, pix, c], b.out_hi[idx, pix, c]) if kind == "out" else \
            (b.temp_lo[pix, idx, c], b.temp_hi[pix, idx, c])
        assert (int(mine[0]), int(mine[1])) == (lo, hi), (kind, idx, pix, c)
    st = run.state
    mask = st.out_mask[..., None] >> np.arange(4) & 1
    if b.unstable == 0:  # a stable run's exact outputs lie in their bounds
        assert np.all(r500us.Bounds.contains(b.out_lo, b.out_hi, st.out)[mask.astype(bool)])
    m = re.search(r"unstable at pc (\d+), pixel (\d+): (.*?)(?: \((\d+) such decisions?;.*)?$", msg, re.M)
    if m:
        assert (b.first_pc, b.first_pixel, b.why) == (int(m[1]), int(m[2]), m[3]) and b.unstable > 0
        assert m[4] is None or b.unstable == int(m[4])
    else:
        assert b.unstable == 0, msg
    FIGURES["bounds compared with usbringup (values)"] += len(ref)
