"""Programs: the hex word lists (and Mesa's corpus dumps), the assembler and disassembler, legality and the
static silicon-rule check (model/isa: us_hex, us_asm, us_dis, us_mesa, us_inst_check, us_rules)."""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Optional, Sequence, Union

import numpy as np

from . import _c
from ._c import CData, ffi, lib, lock
from .errors import AsmError, ProgramError, R500Error

MAX_INST: int = lib.US_MAX_INST


@dataclass(frozen=True)
class Diagnostic:
    """One breach of a silicon rule (docs/spec.md section 9, model/isa/us_rules.h).

    rule: the rule's short name ("presub-nop"); page: its CTM guide page ("p.26"); pc: the instruction slot;
    seq: the quad's retire index for a run's finding, None for a static one; message: what was found;
    text: the line the tools print ("pc 5: presub-nop (CTM p.26): ...")."""
    rule: str
    page: str
    pc: int
    seq: Optional[int]
    message: str
    text: str


@dataclass(frozen=True)
class RuleReport:
    """The silicon-rule findings of a static check or of a run: the first 64 kept with their text, every one
    counted (a loop repeating a breach counts it again but keeps its text once).

    diagnostics: the kept findings; total: every finding; counts: findings per rule name (rules with none left
    out); summary: the tools' line ("2 silicon-rule breaches: presub-nop 1, tex-sem 1")."""
    diagnostics: tuple[Diagnostic, ...]
    total: int
    counts: dict[str, int] = field(default_factory=dict)
    summary: str = ""

    @property
    def rules(self) -> tuple[str, ...]:
        """The rules breached, in the order of model/isa/us_rules.h."""
        return tuple(r for r in _c.RULE_NAMES if self.counts.get(r))

    @classmethod
    def _from_c(cls, ds: CData) -> "RuleReport":
        def text(d: CData) -> str:
            return _c.strbuf(lambda sb: lib.us_diag_format(sb, ffi.addressof(d)))
        diags = []
        for i in range(ds.nkept):
            d = ds.kept[i]
            diags.append(Diagnostic(rule=_c.RULE_NAMES[d.rule], page=_c.RULE_PAGES[d.rule], pc=d.pc,
                                    seq=None if d.seq == 2 ** 64 - 1 else d.seq,
                                    message=ffi.string(d.detail).decode(errors="replace"), text=text(d)))
        counts = {_c.RULE_NAMES[i]: ds.count[i] for i in range(lib.US_RULE_COUNT) if ds.count[i]}
        summary = _c.strbuf(lambda sb: lib.us_diags_summary(sb, ds))
        return cls(tuple(diags), ds.total, counts, summary)


@dataclass(frozen=True)
class IllegalWord:
    """An instruction that is not legal (docs/spec.md section 2): its slot and every reason, as usdis gives them."""
    index: int
    reason: str


class Program:
    """A program: up to 512 instructions of six 32-bit words (dword 0 = US_CMN_INST ... 5 = US_ALU_RGBA_INST).

    words is a read-only (n, 6) uint32 array; name is the file (or label) messages and rule findings name."""

    def __init__(self, words: Union[np.ndarray, Sequence[int], Sequence[Sequence[int]]], name: str = "<program>"):
        a = np.asarray(words)
        if a.dtype.kind not in "ui" or (a.size and (a.min() < 0 or a.max() > 0xFFFFFFFF)):
            raise ProgramError(f"{name}: instruction words are 32-bit unsigned integers")
        a = a.astype(np.uint32).reshape(-1)
        if a.size % 6:
            raise ProgramError(f"{name}: {a.size} words is not a whole number of instructions (6 words each)")
        if a.size // 6 > MAX_INST:
            raise ProgramError(f"{name}: more than {MAX_INST} instructions")
        a = a.reshape(-1, 6).copy()
        a.setflags(write=False)
        self.words: np.ndarray = a
        self.name = name

    def __len__(self) -> int:
        return int(self.words.shape[0])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Program) and np.array_equal(self.words, other.words)

    def __repr__(self) -> str:
        return f"Program({self.name!r}, {len(self)} instructions)"

    def _c(self) -> CData:
        p = ffi.new("us_program_t *")
        p.count = len(self)
        ffi.memmove(p.inst, np.ascontiguousarray(self.words), self.words.nbytes)
        return p

    @classmethod
    def _from_c(cls, p: CData, name: str) -> "Program":
        words = np.frombuffer(ffi.buffer(p.inst, p.count * 24), dtype=np.uint32)
        return cls(words, name)

    def hex(self) -> str:
        """The community hex list (`0x%08x,` a line, a blank line between instructions), as usasm writes it."""
        p = self._c()
        return _c.strbuf(lambda sb: lib.us_hex_format(sb, p))

    def disassemble(self, words: bool = True, mesa: bool = False) -> "Disassembly":
        """disassemble(self, ...)."""
        return disassemble(self, words=words, mesa=mesa)

    def check_rules(self) -> RuleReport:
        """The static silicon-rule check of the program as loaded at slot 0 (usasm's and usdis' warnings)."""
        p = self._c()
        ds = ffi.new("us_diags_t *")
        with lock:
            lib.us_diags_clear(ds)
            code = lib.us_code_of_program(p)
            lib.us_rules_check(ffi.new("us_code_t *", code), ds)
            return RuleReport._from_c(ds)

    def illegal(self) -> list[IllegalWord]:
        """The instructions that are not legal, with every reason (usdis flags them; a run stops at the first)."""
        out = []
        msg = ffi.new("char[]", 1024)
        with lock:
            for i in range(len(self)):
                inst = ffi.new("us_inst_t *")
                ffi.memmove(inst.w, np.ascontiguousarray(self.words[i]), 24)
                if lib.us_inst_check(inst, msg, 1024):
                    out.append(IllegalWord(i, ffi.string(msg).decode(errors="replace").strip()))
        return out


@dataclass(frozen=True)
class Assembly:
    """What the assembler gives: the program, the static rule warnings (usasm prints them to stderr) and, with
    fix_hazards, one line per bit it changed."""
    program: Program
    warnings: RuleReport
    fixes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Disassembly:
    """The disassembler's text (docs/asm.md, or Mesa's dump layout), the static rule warnings and the illegal
    instructions (printed as `.inst` with their reasons in the text)."""
    text: str
    warnings: RuleReport
    illegal: tuple[IllegalWord, ...]


def assemble(source: Union[str, bytes], filename: str = "<asm>", *, fix_hazards: bool = False) -> Assembly:
    """Assembles docs/asm.md text (usasm). Raises AsmError with "filename:line: message" on bad input, and for a
    source with no instructions. fix_hazards: sets the NOP/semaphore bits the rules ask for (usasm --fix-hazards)."""
    src = _c.text_arg(source, filename, AsmError)
    p = ffi.new("us_program_t *")
    err = ffi.new("char[]", _c.ERR_SIZE)
    with lock:
        if lib.us_asm(src, filename.encode(), p, err, _c.ERR_SIZE):
            raise AsmError(ffi.string(err).decode(errors="replace"))
        if p.count == 0:
            raise AsmError(f"{filename}: no instructions")
        fixes: tuple[str, ...] = ()
        if fix_hazards:
            log = _c.strbuf(lambda sb: lib.us_rules_fix(p, sb))
            fixes = tuple(line for line in log.split("\n") if line)
        program = Program._from_c(p, filename)
    return Assembly(program, program.check_rules(), fixes)


def assemble_file(path: Union[str, os.PathLike[str]], *, fix_hazards: bool = False) -> Assembly:
    """assemble() on a file's text; messages name the path as usasm does."""
    try:
        data = _c.read_file(os.fspath(path))
    except R500Error as e:
        raise AsmError(e.message) from None
    return assemble(data, os.fspath(path), fix_hazards=fix_hazards)


def parse_hex(text: Union[str, bytes], filename: str = "<hex>") -> Program:
    """A hex word list (the corpus' *.fs.txt, usasm's output): words separated by commas or white space, '#'
    comments, six words an instruction. Raises ProgramError with "filename:line: message" (usdis' message)."""
    data = _c.text_arg(text, filename, ProgramError)
    p = ffi.new("us_program_t *")
    err = ffi.new("char[]", _c.ERR_SIZE)
    with lock:
        if lib.us_hex_parse(data, filename.encode(), p, err, _c.ERR_SIZE):
            raise ProgramError(ffi.string(err).decode(errors="replace"))
        return Program._from_c(p, filename)


def read_program(path: Union[str, os.PathLike[str]]) -> Program:
    """A program file: assembly when the name ends in .s (warnings dropped: use assemble_file), else a hex word
    list such as a Mesa corpus dump (../shared/corpus/mesa-fs/*.fs.txt)."""
    path = os.fspath(path)
    if path.endswith(".s"):
        return assemble_file(path).program
    try:
        data = _c.read_file(path)
    except R500Error as e:
        raise ProgramError(e.message) from None
    return parse_hex(data, path)


def disassemble(program: Union[Program, np.ndarray, Sequence[int]], *, words: bool = True,
                mesa: bool = False) -> Disassembly:
    """The program as docs/asm.md text (usdis; with words, a comment line of each instruction's hex words first),
    or with mesa=True in the layout of Mesa's r500FragmentProgramDump (usdis --mesa). An illegal instruction is
    written as `.inst` with its words and reasons; it never raises for a bad word."""
    prog = program if isinstance(program, Program) else Program(program)
    p = prog._c()
    if mesa:
        text = _c.strbuf(lambda sb: lib.us_mesa_dump(sb, p))
    else:
        text = _c.strbuf(lambda sb: lib.us_dis_program(sb, p, words))
    warnings = prog.check_rules() if len(prog) else RuleReport((), 0, {}, "no silicon-rule breaches")
    return Disassembly(text, warnings, tuple(prog.illegal()))


def disassemble_inst(words: Sequence[int], pc: int = 0) -> str:
    """One instruction on one line, as usim --trace prints it under each retire line."""
    inst = ffi.new("us_inst_t *")
    a = np.asarray(words, dtype=np.uint64)
    if a.shape != (6,) or a.max() > 0xFFFFFFFF:
        raise ValueError("an instruction is six 32-bit words")
    ffi.memmove(inst.w, a.astype(np.uint32), 24)
    text = _c.strbuf(lambda sb: lib.us_dis_inst(sb, inst, ffi.NULL, pc))
    return text.replace("\n", " ")
