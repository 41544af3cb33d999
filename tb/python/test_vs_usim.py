"""The package against usim, an independent run of the same model: for every vector of vectors/smoke, every
retire record field by field (and as usim --trace's text, with its disassembly), the run's silicon-rule findings,
the verdict, the final state (usim's dump of the vector without its expect lines) and the vector written back byte
for byte; usim --lint's static check on each; and the Mesa corpus programs on seeded inputs (usim --program)."""
from __future__ import annotations

import os

import pytest

import r500us
from conftest import FIGURES, compare_records, compare_states
from usim_ref import corpus_programs, smoke_vectors, tool, usim

SMOKE = smoke_vectors()


def test_smoke_suite_is_there() -> None:
    assert len(SMOKE) >= 250, "vectors/smoke holds the checked-in suite"


@pytest.mark.parametrize("path", SMOKE, ids=os.path.basename)
def test_smoke_vector(path: str, tmp_path) -> None:
    ref = usim(path, "--trace")
    vec = r500us.Vector.read(path)
    run = vec.run(max_records=10 ** 7)
    assert run.records_dropped == 0
    assert compare_records(run.records, ref.records) == []
    assert run.trace_lines() == [r.line for r in ref.records]
    assert [r500us.disassemble_inst(r.words, r.pc) for r in run.records] == [r.disasm for r in ref.records]
    found = [f"{path}: silicon rule: {d.text}" for d in run.findings.diagnostics]
    if run.findings.total:
        found.append(f"{path}: {run.findings.summary}")
    assert found == ref.rule_lines
    assert run.verdict is not None and run.verdict.lines(path) == ref.verdict
    assert run.verdict.passed == (ref.status == 0)
    # The final state: usim prints it for the same vector without its expectations.
    bare = tmp_path / os.path.basename(path)
    bare.write_text("".join(ln for ln in open(path).read().splitlines(True) if not ln.startswith("expect ")))
    ref_state = usim(str(bare)).state
    assert ref_state is not None and compare_states(run.state, ref_state) == []
    # Written back byte for byte (usgen wrote it).
    assert vec.text() == open(path).read()
    FIGURES["smoke vectors"] += 1
    FIGURES["smoke retire records"] += len(ref.records)


@pytest.mark.parametrize("path", SMOKE, ids=os.path.basename)
def test_smoke_lint(path: str) -> None:
    p = tool("usim", "--lint", path)
    chk = r500us.Vector.read(path).check_rules()
    lines = p.stdout.splitlines()
    assert [f"{path}: warning: {d.text}" for d in chk.rules.diagnostics] == \
        [ln for ln in lines if ln.startswith(f"{path}: warning: ")]
    assert [f"{path}: error: pc {i.index}: illegal instruction: {i.reason} (docs/spec.md section 2)"
            for i in chk.illegal] == [ln for ln in lines if ln.startswith(f"{path}: error: ")]
    last = lines[-1]
    assert (f"not waived: {','.join(chk.not_waived)}" in last) == bool(chk.not_waived)
    assert (f"; waived: {','.join(chk.waived)}" in last) == bool(chk.waived)
    assert p.returncode == (0 if chk.clean else 1)
    FIGURES["usim --lint checks"] += 1


CORPUS = corpus_programs()


@pytest.mark.skipif(not CORPUS, reason="no Mesa corpus beside the project (../shared/corpus/mesa-fs)")
@pytest.mark.parametrize("path", CORPUS, ids=os.path.basename)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_corpus_program_seeded(path: str, seed: int) -> None:
    ref = usim("--program", path, "--seed", str(seed), "--trace")
    assert ref.status == 0
    run = r500us.Vector.random(r500us.read_program(path), seed).run()
    assert compare_records(run.records, ref.records) == []
    assert compare_states(run.state, ref.state) == []
    FIGURES["corpus runs"] += 1
    FIGURES["corpus retire records"] += len(ref.records)
