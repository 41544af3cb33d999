"""assemble / disassemble against usasm and usdis: the same text, the same words, the same rule warnings and
fixes, on every Mesa corpus program and every smoke vector's loaded code."""
from __future__ import annotations

import os

import pytest

import r500us
from conftest import FIGURES
from usim_ref import corpus_programs, smoke_vectors, tool


def programs() -> list[tuple[str, str]]:
    """(id, kind:path): the corpus programs, and the smoke vectors (their loaded code)."""
    out = [(os.path.basename(p), "hex:" + p) for p in corpus_programs()]
    out += [(os.path.basename(p), "vec:" + p) for p in smoke_vectors()]
    return out


def load(spec: str, tmp_path) -> tuple[r500us.Program, str]:
    kind, path = spec.split(":", 1)
    if kind == "hex":
        return r500us.read_program(path), path
    prog = r500us.Shader.from_vector(r500us.Vector.read(path)).code()
    hexpath = str(tmp_path / (os.path.basename(path) + ".hex"))
    open(hexpath, "w").write(prog.hex())
    return r500us.read_program(hexpath), hexpath


def warning_lines(path: str, report: r500us.RuleReport) -> list[str]:
    return [f"{path}: warning: {d.text}" for d in report.diagnostics]


@pytest.mark.parametrize("spec", [s for _, s in programs()], ids=[i for i, _ in programs()])
def test_disassemble_and_assemble(spec: str, tmp_path) -> None:
    prog, path = load(spec, tmp_path)
    p = tool("usdis", path)
    dis = r500us.disassemble(prog)
    assert dis.text == p.stdout
    warn = [ln for ln in p.stderr.splitlines() if ": warning: " in ln]
    if len(dis.warnings.diagnostics) == dis.warnings.total:
        assert warning_lines(path, dis.warnings) == warn
    assert f"{len(dis.illegal)} illegal instruction" in p.stderr if dis.illegal else "illegal" not in p.stderr
    assert r500us.disassemble(prog, mesa=True).text == tool("usdis", path, "--mesa").stdout
    assert r500us.disassemble(prog, words=False).text == tool("usdis", path, "--no-words").stdout
    # Back through the assembler, word for word, as usasm does it.
    s = str(tmp_path / "prog.s")
    open(s, "w").write(dis.text)
    ref = tool("usasm", s, "-o", "-")
    asm = r500us.assemble_file(s)
    assert ref.returncode == 0 and asm.program.hex() == ref.stdout
    assert asm.program == prog
    assert warning_lines(s, asm.warnings) == [ln for ln in ref.stderr.splitlines() if ": warning: " in ln]
    # --fix-hazards: the same words and the same log.
    fixed_ref = tool("usasm", s, "-o", "-", "--fix-hazards")
    fixed = r500us.assemble_file(s, fix_hazards=True)
    assert fixed.program.hex() == fixed_ref.stdout
    assert [f"{s}: fixed: {ln}" for ln in fixed.fixes] == \
        [ln for ln in fixed_ref.stderr.splitlines() if ": fixed: " in ln]
    FIGURES["programs through usdis and usasm"] += 1
