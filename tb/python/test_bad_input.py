"""Bad input raises a Python exception carrying the tool's own message (file:line where it has one), compared
with what usim, usasm and usdis print for the same file; what a program does wrong (an illegal word, a runaway
loop, a stack overflow) ends the run in a reported error state, as in usim; mutated vectors and random words never
crash the interpreter."""
from __future__ import annotations

import os
import random

import numpy as np
import pytest

import r500us
from conftest import FIGURES, compare_states
from usim_ref import SMOKE, tool, usim

BAD_VECTORS = {
    "unknown-keyword": ("usvec 1\nname x\nfoo 1\n", 3),
    "truncated": ("usvec 1\nname x", 2),
    "version": ("usvec 2\n", 1),
    "no-header": ("name x\n", 1),
    "short-hex": ("usvec 1\nreg US_CONFIG 0x2\n", 2),
    "unknown-register": ("usvec 1\nreg US_NOPE 0x00000002\n", 2),
    "not-a-register": ("usvec 1\nreg 0x1234 0x00000002\n", 2),
    "incomplete-expect": ("usvec 1\nexpect killed 0x0\n", 2),
    "unsafe-unknown-rule": ("usvec 1\nname x\nunsafe bogus-rule because\n", 3),
    "unsafe-no-reason": ("usvec 1\nname x\nunsafe tex-sem\n", 3),
    "watchdog-too-large": ("usvec 1\nparam watchdog 16777217\n", 2),
    "texel-first": ("usvec 1\ntexel 0 0 0 0x00000000 0x00000000 0x00000000 0x00000000\n", 2),
    "pixel-range": ("usvec 1\ntemp 4 0 0x00000000 0x00000000 0x00000000 0x00000000\n", 2),
    "expect-twice": ("usvec 1\nexpect temp 0 0 0x00000000 - - -\nexpect temp 0 0 0x00000000 - - -\n", 3),
    "empty": ("", 1),
}


def usim_message(path: str) -> str:
    p = tool("usim", path)
    assert p.returncode == 2
    return p.stderr.strip().split("\n")[0]


@pytest.mark.parametrize("case", sorted(BAD_VECTORS))
def test_bad_vector(case: str, tmp_path) -> None:
    text, line = BAD_VECTORS[case]
    path = str(tmp_path / f"{case}.vec")
    with open(path, "w") as f:
        f.write(text)
    expected = usim_message(path)
    with pytest.raises(r500us.VectorError) as e:
        r500us.Vector.read(path)
    assert str(e.value) == expected
    if case != "empty":
        assert (e.value.file, e.value.line) == (path, line)
    with pytest.raises(r500us.VectorError) as e2:
        r500us.Vector.parse(text, path)
    assert str(e2.value) == expected
    FIGURES["bad inputs matched to the tools' messages"] += 1


def test_broken_smoke_line(tmp_path) -> None:
    src = os.path.join(SMOKE, "mix-1.vec")
    lines = open(src).read().splitlines(True)
    n = next(i for i, ln in enumerate(lines) if ln.startswith("inst 1 "))
    lines[n] = lines[n].replace("0x", "0xZZ", 1)
    path = str(tmp_path / "mix-1-broken.vec")
    open(path, "w").write("".join(lines))
    with pytest.raises(r500us.VectorError) as e:
        r500us.Vector.read(path)
    assert str(e.value) == usim_message(path) and e.value.line == n + 1


def test_missing_file_and_nul(tmp_path) -> None:
    path = str(tmp_path / "absent.vec")
    with pytest.raises(r500us.VectorError) as e:
        r500us.Vector.read(path)
    assert str(e.value) == usim_message(path)
    nul = str(tmp_path / "nul.vec")
    open(nul, "wb").write(b"usvec 1\nname x\x00\n")
    with pytest.raises(r500us.VectorError) as e:
        r500us.Vector.read(nul)
    assert str(e.value) == usim_message(nul) and e.value.line == 2
    with pytest.raises(r500us.R500Error) as e:
        r500us.Vector.parse("usvec 1\nname x\x00\n", nul)
    assert str(e.value) == usim_message(nul)
    with pytest.raises(r500us.ProgramError):
        r500us.read_program(str(tmp_path / "absent.hex"))


BAD_ASM = {
    "unknown-op": "    alu rgb: bogus t0.r, src0.rgb, src0.rgb, src0.rgb  src0=t0\n",
    "junk": "    alu\nnonsense here\n",
    "bad-label": "    fc jump NOWHERE func=0xff alu_wait\n",
    "empty": "# nothing\n",
}


@pytest.mark.parametrize("case", sorted(BAD_ASM))
def test_bad_assembly(case: str, tmp_path) -> None:
    path = str(tmp_path / f"{case}.s")
    open(path, "w").write(BAD_ASM[case])
    p = tool("usasm", path, "-o", str(tmp_path / "out.hex"))
    assert p.returncode == 2
    with pytest.raises(r500us.AsmError) as e:
        r500us.assemble_file(path)
    assert str(e.value) == p.stderr.strip()
    with pytest.raises(r500us.AsmError) as e2:
        r500us.assemble(BAD_ASM[case], path)
    assert str(e2.value) == p.stderr.strip()
    if case != "empty":
        assert e.value.file == path and e.value.line is not None
    FIGURES["bad inputs matched to the tools' messages"] += 1


BAD_HEX = {
    "not-hex": "0x00000000,\n0xZZ,\n",
    "partial": "0x0, 0x1, 0x2,\n",
    "too-long": "0x0,\n" * (6 * 513),
    "empty": "# no words\n",
}


@pytest.mark.parametrize("case", sorted(BAD_HEX))
def test_bad_hex(case: str, tmp_path) -> None:
    path = str(tmp_path / f"{case}.hex")
    open(path, "w").write(BAD_HEX[case])
    p = tool("usdis", path)
    assert p.returncode == 2
    with pytest.raises(r500us.ProgramError) as e:
        r500us.read_program(path)
    assert str(e.value) == p.stderr.strip()
    assert e.value.file == path and e.value.line is not None
    FIGURES["bad inputs matched to the tools' messages"] += 1


def test_python_side_errors() -> None:
    prog = r500us.assemble("    out tex_sem_wait rgb: max.off o0.rgb, src0.rgb, src0.rgb  src0=t0\n").program
    with pytest.raises(ValueError, match="watchdog"):
        r500us.run(prog, params=r500us.Params(watchdog=2 ** 24 + 1))
    with pytest.raises(ValueError, match="loop_depth"):
        r500us.Shader(r500us.Params(loop_depth=65))
    with pytest.raises(ValueError, match="inputs"):
        r500us.run(prog, inputs=np.zeros((3, 1, 4), np.float32))
    with pytest.raises(TypeError, match="ambiguous"):
        r500us.run(prog, inputs=np.zeros((4, 1, 4), np.int64))
    with pytest.raises(ValueError, match="constants"):
        r500us.run(prog, constants=np.zeros((257, 4), np.float32))
    with pytest.raises(r500us.RegisterError, match="unknown register"):
        r500us.Shader().write("US_NOPE", 1)
    with pytest.raises(r500us.RegisterError, match="not a register"):
        r500us.Shader().write(0x1234, 1)
    with pytest.raises(ValueError, match="texture"):
        r500us.Vector.from_program(prog, textures={0: np.zeros((17, 1, 4), np.float32)})
    with pytest.raises(r500us.VectorError, match="name"):
        r500us.Vector.from_program(prog, name="two words").text()
    with pytest.raises(r500us.AsmError, match=r"^x\.s:2: NUL byte"):
        r500us.assemble("    alu\n\x00\n", "x.s")
    with pytest.raises(r500us.ProgramError):
        r500us.Program([1, 2, 3])
    with pytest.raises(ValueError, match="shape"):
        r500us.Vector(temp=np.zeros((4, 4), np.uint32)).text()


def test_illegal_word_is_a_state(tmp_path) -> None:
    """A reserved opcode: disassembled as .inst with its reason (usdis' text), run to illegal_inst (usim's)."""
    path = str(tmp_path / "ill.hex")
    open(path, "w").write("0x0, 0x08020080, 0x08020080, 0x0, 0x0, 0x00000006,\n")
    prog = r500us.read_program(path)
    dis = r500us.disassemble(prog)
    p = tool("usdis", path)
    assert dis.text == p.stdout and ".inst" in dis.text and len(dis.illegal) == 1
    run = r500us.Vector.random(prog, 1).run()
    ref = usim("--program", path, "--seed", "1")
    assert run.state.errors == ("illegal_inst",) and compare_states(run.state, ref.state) == []


SPIN = "0x00000002, 0x0, 0x0000ff00, 0x00000000, 0x0, 0x0,\n"  # fc jump 0 func=0xff: forever


def test_runaway_program_hits_the_watchdog(tmp_path) -> None:
    """An endless loop at the largest watchdog (2^24 instructions) ends as the watchdog state, its records
    capped by max_records, the final state usim's."""
    prog = r500us.parse_hex(SPIN, "spin.hex")
    vec = r500us.Vector.from_program(prog, params=r500us.Params(watchdog=2 ** 24), name="spin")
    run = vec.run(max_records=1000)
    assert run.state.errors == ("watchdog",) and run.state.retired == 2 ** 24
    assert len(run.records) == 1000 and run.records_dropped == 2 ** 24 - 1000
    path = str(tmp_path / "spin.vec")
    vec.write(path)
    assert compare_states(run.state, usim(path).state) == []


def calls(n: int) -> str:
    """n nested calls (as tb/py/test_stack_limits.py): level k calls level k+1; each returns with POP."""
    src = "    fc jump S1 func=0xff push alu_wait\n    fc jump DONE func=0xff alu_wait\n"
    for k in range(1, n + 1):
        src += f"S{k}:\n"
        if k < n:
            src += f"    fc jump S{k + 1} func=0xff push alu_wait\n"
        src += "    fc jump 0 func=0xff pop alu_wait\n"
    return src + "DONE:\n    out tex_sem_wait rgb: max.off o0.rgb, src0.rgb, src0.rgb  src0=t0\n"


@pytest.mark.parametrize("depth,errors", [(8, ()), (9, ("addr_overflow",)), (70, ("addr_overflow",))])
def test_stack_overflow_is_a_state(depth: int, errors: tuple, tmp_path) -> None:
    prog = r500us.assemble(calls(depth), "calls.s").program
    vec = r500us.Vector.from_program(prog, name=f"calls{depth}")
    run = vec.run()
    assert run.state.errors == errors
    path = str(tmp_path / "calls.vec")
    vec.write(path)
    assert compare_states(run.state, usim(path).state) == []


def test_mutated_vectors_never_crash() -> None:
    """500 random byte mutations of smoke vectors: each is read (then run and written) or refused with a
    VectorError naming its file and line; nothing else happens."""
    rng = random.Random(32)
    paths = sorted(os.listdir(SMOKE))
    refused = 0
    for i in range(500):
        name = paths[rng.randrange(len(paths))]
        data = bytearray(open(os.path.join(SMOKE, name), "rb").read())
        for _ in range(rng.randint(1, 4)):
            pos = rng.randrange(len(data))
            op = rng.randrange(3)
            if op == 0:
                data[pos] = rng.choice(b"0123456789abcdefxZ -#\n\t\x00\xff")
            elif op == 1:
                del data[pos]
            else:
                data[pos:pos] = bytes([rng.randrange(256)])
        try:
            vec = r500us.Vector.parse(bytes(data), f"m{i}.vec")
        except r500us.R500Error as e:
            assert e.file == f"m{i}.vec" and e.line is not None, str(e)
            refused += 1
            continue
        vec.run(max_records=100)
        vec.text()
    assert 0 < refused < 500
    FIGURES["mutated vectors (read or refused)"] += 500


def test_random_words_never_crash() -> None:
    """200 programs of random words (mostly illegal): disassembled and run, each ends in a state."""
    rng = np.random.default_rng(7)
    for i in range(200):
        words = rng.integers(0, 2 ** 32, size=(int(rng.integers(1, 9)), 6), dtype=np.uint64).astype(np.uint32)
        if i % 2:
            words[:, 0] &= 0x3  # keep only the TYPE bits of dword 0: more of them legal
        prog = r500us.Program(words)
        r500us.disassemble(prog)
        r500us.disassemble(prog, mesa=True)
        run = r500us.Vector.from_program(prog, params=r500us.Params(watchdog=5000)).run(max_records=50)
        assert run.state.retired is not None and run.state.retired >= 1
