"""Running the golden model (model/golden): a shader unit loaded by register writes, quads run on it with the
silicon rules checked as they retire (us_quad_step_linted, as usim), their retire records (docs/spec.md section 8)
as dataclasses and a numpy structured array, the final state, and the bounds mode (golden/us_bound.h)."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any, Optional, Union

import numpy as np

from . import _c
from ._c import CData, ffi, lib, lock
from .errors import RegisterError
from .isa import Diagnostic, IllegalWord, Program, RuleReport
from .vector import NPIX, NTEMP, ArrayLike, Params, State, Vector, register_address

_RECORD_CHUNK = 4096


def _frame_dtype() -> np.dtype:
    names = ["count", "al", "step", "member", "broken", "continued", "rep"]
    fmts = ["u4", "u1", "u1", "u1", "u1", "u1", "?"]
    return np.dtype({"names": names, "formats": fmts, "offsets": [ffi.offsetof("us_frame_t", n) for n in names],
                     "itemsize": ffi.sizeof("us_frame_t")})


def _write_dtype() -> np.dtype:
    return np.dtype({"names": ["addr", "mask", "val"], "formats": ["u1", ("u1", (4,)), ("u4", (4, 4))],
                     "offsets": [ffi.offsetof("us_write_t", n) for n in ("addr", "mask", "val")],
                     "itemsize": ffi.sizeof("us_write_t")})


def _retire_dtype() -> np.dtype:
    wr, fr = _write_dtype(), _frame_dtype()
    fields = [("ctx", "u4"), ("pc", "u4"), ("next_pc", "u4"), ("seq", "u8"), ("inst", ("u4", (6,))),
              ("running_before", "u1"), ("running_after", "u1"), ("killed_after", "u1"), ("temp", (wr, (2,))),
              ("out", (wr, (2,))), ("w_mask", "u1"), ("w_val", ("u4", (4,))), ("pred_mask", ("u1", (4,))),
              ("pred_val", ("u1", (4,))), ("result_mask", "u1"), ("result_val", "u1"), ("jumped", "?"),
              ("inactive_after", "u1"), ("counter_after", ("u4", (4,))), ("loop_sp", "u4"), ("addr_sp", "u4"),
              ("loop_top", fr), ("addr_top", "u2"), ("errors", "u4"), ("done", "?")]
    return np.dtype({"names": [n for n, _ in fields], "formats": [f for _, f in fields],
                     "offsets": [ffi.offsetof("us_retire_t", n) for n, _ in fields],
                     "itemsize": ffi.sizeof("us_retire_t")})


RETIRE_DTYPE: np.dtype = _retire_dtype()
"""The layout of the C us_retire_t as a numpy structured dtype (Run.record_array); field names as in
model/golden/generated/us_state_gen.h ('inst' holds the six words)."""


@dataclass(frozen=True, eq=False)
class Write:
    """One write slot of a retired instruction: the temporary address or render target, the channels written per
    pixel (bit 0 r .. bit 3 a; all zero when the slot wrote nothing) and the values (pixel, channel) as bits."""
    addr: int
    mask: np.ndarray
    values: np.ndarray


@dataclass(frozen=True)
class Frame:
    """A loop-stack frame: iterations left, aL, its step, the member, broken and continued pixel masks, REP."""
    count: int
    al: int
    step: int
    member: int
    broken: int
    continued: int
    rep: bool


@dataclass(frozen=True, eq=False)
class Retire:
    """One retire record (docs/spec.md section 8), the fields usim --trace prints. Masks are pixel masks (bit p =
    pixel p) unless said otherwise; values are float32 bit patterns.

    temp: the rgb (and TEX) and alpha temporary writes; out: the rgb and alpha render-target writes; w, w_mask:
    W output; pred, pred_mask: per pixel, the predicate bits written and their new values; result,
    result_mask: the ALU-result bits; for FC instructions (is_fc) inactive_after, counters, loop_depth and
    loop_top, addr_depth and addr_top; errors: the error flags set; done: the quad ended with it."""
    seq: int
    ctx: int
    pc: int
    next_pc: int
    jumped: bool
    words: np.ndarray
    running_before: int
    running_after: int
    killed_after: int
    temp: tuple[Write, Write]
    out: tuple[Write, Write]
    w_mask: int
    w: np.ndarray
    pred_mask: np.ndarray
    pred: np.ndarray
    result_mask: int
    result: int
    is_fc: bool
    inactive_after: int
    counters: np.ndarray
    loop_depth: int
    loop_top: Optional[Frame]
    addr_depth: int
    addr_top: int
    errors: tuple[str, ...]
    done: bool

    @classmethod
    def _from_row(cls, r: np.void) -> "Retire":
        def wr(x: np.void) -> Write:
            return Write(int(x["addr"]), x["mask"].copy(), x["val"].copy())
        lt = r["loop_top"]
        loop_sp = int(r["loop_sp"])
        return cls(seq=int(r["seq"]), ctx=int(r["ctx"]), pc=int(r["pc"]), next_pc=int(r["next_pc"]),
                   jumped=bool(r["jumped"]), words=r["inst"].copy(), running_before=int(r["running_before"]),
                   running_after=int(r["running_after"]), killed_after=int(r["killed_after"]),
                   temp=(wr(r["temp"][0]), wr(r["temp"][1])), out=(wr(r["out"][0]), wr(r["out"][1])),
                   w_mask=int(r["w_mask"]), w=r["w_val"].copy(), pred_mask=r["pred_mask"].copy(),
                   pred=r["pred_val"].copy(), result_mask=int(r["result_mask"]), result=int(r["result_val"]),
                   is_fc=int(r["inst"][0]) & lib.US_CMN_INST_TYPE_MASK == lib.US_TYPE_FC,
                   inactive_after=int(r["inactive_after"]), counters=r["counter_after"].copy(), loop_depth=loop_sp,
                   loop_top=Frame(int(lt["count"]), int(lt["al"]), int(lt["step"]), int(lt["member"]),
                                  int(lt["broken"]), int(lt["continued"]), bool(lt["rep"])) if loop_sp else None,
                   addr_depth=int(r["addr_sp"]), addr_top=int(r["addr_top"]), errors=_c.error_names(int(r["errors"])),
                   done=bool(r["done"]))


def format_records(records: np.ndarray) -> list[str]:
    """The retire lines of records (RETIRE_DTYPE) as usim --trace prints them (us_retire_format)."""
    rec = np.ascontiguousarray(records, dtype=RETIRE_DTYPE)
    out = []
    for i in range(rec.shape[0]):
        c = ffi.from_buffer("us_retire_t *", rec[i:i + 1])
        out.append(_c.strbuf(lambda sb: lib.us_retire_format(sb, c)))
    return out


@dataclass(frozen=True, eq=False)
class Bounds:
    """The bounds mode's result (docs/fp.md part C): for every value, the interval [lo, hi] of fp32 values a
    correct chip may give (bit patterns; lo == hi is exact). Shapes as State's. unstable: the decisions the
    bounds could not settle (0: the vector is stable), the first at first_pc / first_pixel, why."""
    temp_lo: np.ndarray
    temp_hi: np.ndarray
    out_lo: np.ndarray
    out_hi: np.ndarray
    w_lo: np.ndarray
    w_hi: np.ndarray
    unstable: int
    first_pc: Optional[int]
    first_pixel: Optional[int]
    why: str

    @staticmethod
    def contains(lo: ArrayLike, hi: ArrayLike, value: ArrayLike) -> np.ndarray:
        """Whether each value lies in its interval, as us_iv_contains: an exact interval or a NaN value only
        matches the same bits; otherwise lo <= value <= hi in the fp32 order -inf < -0 < +0 < +inf."""
        lo, hi, v = (np.asarray(x, np.uint32) for x in (lo, hi, value))

        def key(x: np.ndarray) -> np.ndarray:
            return np.where(x >> 31 != 0, ~x, x | np.uint32(0x80000000))
        nan = (v & 0x7FFFFFFF) > 0x7F800000
        point = (lo == hi) | nan
        return np.where(point, v == lo, (key(v) >= key(lo)) & (key(v) <= key(hi)))

    @classmethod
    def _from_c(cls, b: CData) -> "Bounds":
        t = _c.array(b.temp, np.uint32, (NPIX, NTEMP, 4, 2))
        o = _c.array(b.out, np.uint32, (4, NPIX, 4, 2))
        w = _c.array(b.w, np.uint32, (NPIX, 2))
        return cls(t[..., 0].copy(), t[..., 1].copy(), o[..., 0].copy(), o[..., 1].copy(), w[:, 0].copy(),
                   w[:, 1].copy(), b.unstable, b.first_pc if b.unstable else None,
                   b.first_pixel if b.unstable else None, ffi.string(b.why).decode(errors="replace"))


@dataclass(frozen=True)
class Verdict:
    """usim's verdict on a vector's run (model/tools/usim.c judge()).

    has_expect: the vector has expectations (without, it passes nothing and fails nothing); passed; differences:
    how many items differ (us_vec_check) and report, their description; waivers_ok and waiver_problem: whether
    the vector's `unsafe` line names exactly what it breaks (us_vec_waivers_match); breaks_rules, breaks_errors:
    what it breaks (the static check of its loaded code, its run's findings, its final error states); waived:
    the names on its unsafe line."""
    has_expect: bool
    passed: bool
    differences: int
    report: str
    waivers_ok: bool
    waiver_problem: str
    breaks_rules: tuple[str, ...]
    breaks_errors: tuple[str, ...]
    waived: tuple[str, ...]
    retired: int

    def lines(self, path: str) -> list[str]:
        """The verdict as usim prints it for the vector at path (its last lines for a vector with expectations)."""
        if not self.has_expect:
            return [f"{path}: no expectations; final state:"]
        if self.differences:
            head = f"{path}: FAIL, {self.differences} difference{'' if self.differences == 1 else 's'}"
            return [head] + self.report.rstrip("\n").split("\n")
        if not self.waivers_ok:
            return [f"{path}: FAIL, {self.waiver_problem} (docs/spec.md section 9)"]
        if self.waived:
            return [f"{path}: pass, unsafe (waived: {','.join(self.waived)}) ({self.retired} instructions retired)"]
        return [f"{path}: pass ({self.retired} instructions retired)"]


@dataclass(eq=False)
class Run:
    """One quad's run.

    state: the final state; record_array: the first max_records retire records as a numpy structured array
    (RETIRE_DTYPE), records the same as dataclasses (made when first asked for); records_dropped: the records
    past max_records (counted, not kept); findings: the silicon-rule breaches the run reached (us_lint); pc,
    inactive: where it ended; bounds: the bounds mode's result when asked for; verdict: usim's verdict when the
    run was a vector's."""
    state: State
    record_array: np.ndarray
    records_dropped: int
    findings: RuleReport
    pc: int
    inactive: int
    bounds: Optional[Bounds] = None
    verdict: Optional[Verdict] = None

    @cached_property
    def records(self) -> list[Retire]:
        """The kept retire records as dataclasses."""
        return [Retire._from_row(row) for row in self.record_array]

    def trace_lines(self) -> list[str]:
        """The kept records as usim --trace's retire lines."""
        return format_records(self.record_array)


@dataclass(frozen=True)
class StaticCheck:
    """usim --lint on a vector: the static silicon-rule findings on its loaded code, the illegal instructions in
    the code window (slot numbers), and which of what it breaks its `unsafe` line waives and does not."""
    rules: RuleReport
    illegal: tuple[IllegalWord, ...]
    waived: tuple[str, ...]
    not_waived: tuple[str, ...]

    @property
    def clean(self) -> bool:
        """usim --lint's exit status 0: nothing breached that the vector does not waive."""
        return not self.not_waived


class Shader:
    """A shader unit: program memory, constants, control registers, textures, and the model parameters, loaded
    by register writes (docs/spec.md section 3). Quads run on it with run(); it can run any number of them."""

    def __init__(self, params: Optional[Params] = None) -> None:
        self._sh = ffi.new("us_shader_t *")
        with lock:
            lib.us_shader_init(self._sh)
            (params or Params())._store(self._sh.params)

    @classmethod
    def from_vector(cls, vector: Vector) -> "Shader":
        """The shader a vector's setup loads (us_vec_setup: reset, parameters, every write, the textures)."""
        sh = cls()
        v = vector._c()
        q = ffi.new("us_quad_t *")
        with lock:
            lib.us_vec_setup(v, sh._sh, q)
        return sh

    @classmethod
    def from_program(cls, program: Program, constants: Optional[ArrayLike] = None, **kw: Any) -> "Shader":
        """Vector.from_program(program, None, constants, **kw)'s shader."""
        return cls.from_vector(Vector.from_program(program, None, constants, **kw))

    @property
    def params(self) -> Params:
        return Params._from_c(self._sh.params)

    def write(self, reg: Union[str, int], value: int) -> None:
        """One register write (a control register's name of spec/isa.txt, or any US/GA address). Raises
        RegisterError for an address that is not a register of the shader unit."""
        addr = register_address(reg)
        if not 0 <= addr <= 0xFFFFFFFF or not 0 <= value <= 0xFFFFFFFF:
            raise ValueError("a register write is a 32-bit address and value")
        with lock:
            if not lib.us_shader_write(self._sh, addr, value):
                raise RegisterError(f"0x{addr:04x} is not a register of the shader unit")

    @property
    def constants(self) -> np.ndarray:
        """The 256 constants (256, 4) as uint32 bits (a copy)."""
        return _c.array(self._sh.konst, np.uint32, (256, 4))

    def code(self) -> Program:
        """The loaded code window, START_ADDR .. END_ADDR plus US_CODE_OFFSET, as a program."""
        with lock:
            code = lib.us_shader_code(self._sh)
        n = (code.end - code.start) % lib.US_MAX_INST + 1
        slots = [(code.start + i) % lib.US_MAX_INST for i in range(n)]
        imem = _c.array(self._sh.imem, np.uint32, (lib.US_MAX_INST, 6))
        return Program(imem[slots], "<loaded code>")

    def check_rules(self) -> RuleReport:
        """The static silicon-rule check of the loaded code (us_shader_code, us_rules_check)."""
        ds = ffi.new("us_diags_t *")
        with lock:
            lib.us_diags_clear(ds)
            code = ffi.new("us_code_t *", lib.us_shader_code(self._sh))
            lib.us_rules_check(code, ds)
            return RuleReport._from_c(ds)

    def run(self, inputs: Optional[ArrayLike] = None, *, covered: int = 0xF, ctx: int = 0,
            max_records: int = 65536, bounds: bool = False) -> Run:
        """Runs one quad to its end: inputs (4, N, 4) are the input temporaries 0..N-1 of pixels 0-3 (float32 or
        uint32 bits; the rest start at zero), covered the pixels present, ctx its context number (0..15).
        Nothing raises for what the program does: an illegal word, a stack overflow or a runaway program hitting
        the watchdog ends the quad in an error state (run.state.errors), as in usim."""
        if not 0 <= covered <= 15 or not 0 <= ctx <= 15:
            raise ValueError("covered: a pixel mask 0..15; ctx: 0..15")
        q = ffi.new("us_quad_t *")
        with lock:
            lib.us_quad_init(q, self._sh, covered, ctx)
        if inputs is not None:
            a = _c.bits32(inputs, "inputs")
            if a.ndim != 3 or a.shape[0] != NPIX or a.shape[2] != 4 or a.shape[1] > NTEMP:
                raise ValueError(f"inputs: shape (4, N, 4) with N <= {NTEMP}, not {a.shape}")
            full = np.zeros((NPIX, NTEMP, 4), np.uint32)
            full[:, :a.shape[1]] = a
            _c.store(q.temp, full)
        return _run_quad(self._sh, q, ffi.new("us_lint_t *"), max_records, bounds)


def _run_quad(sh: CData, q: CData, lint: CData, max_records: int, bounds: bool, cmp: CData = ffi.NULL) -> Run:
    """Runs q to its end on sh, as usim's run(): the first max_records records kept, every retire line fed to
    cmp (a us_trace_cmp_t, or NULL), the findings left in lint; then, when asked, the bounds mode from q's start."""
    if max_records < 0:
        raise ValueError("max_records: 0 or more")
    q0 = None
    if bounds:
        q0 = ffi.new("us_quad_t *")
        ffi.memmove(q0, q, ffi.sizeof("us_quad_t"))
    chunks = []
    with lock:
        lib.us_lint_init(lint)
        kept = 0
        while kept < max_records:
            n = min(_RECORD_CHUNK, max_records - kept)
            buf = np.zeros(n, RETIRE_DTYPE)
            got = lib.pyus_run(q, sh, lint, cmp, ffi.from_buffer("us_retire_t *", buf, require_writable=True), n, n)
            chunks.append(buf[:got])
            kept += got
            if got < n:
                break
        if not q.done:
            lib.pyus_run(q, sh, lint, cmp, ffi.NULL, 0, 2 ** 64 - 1)
        findings = RuleReport._from_c(ffi.addressof(lint.diags))
        bd = None
        if q0 is not None:
            b = ffi.new("us_bounds_t *")
            lib.us_bounds_init(b, q0)
            lib.pyus_run_bounded(q0, sh, b)
            bd = Bounds._from_c(b)
    arr = np.zeros(sum(len(c) for c in chunks), RETIRE_DTYPE)  # np.concatenate would drop the C padding
    at = 0
    for c in chunks:
        arr[at:at + len(c)] = c
        at += len(c)
    return Run(state=State._from_quad(q), record_array=arr, records_dropped=int(q.retired) - len(arr),
               findings=findings, pc=q.pc, inactive=q.inactive, bounds=bd)


def _run_vector(vector: Vector, *, max_records: int, bounds: bool) -> Run:
    v = vector._c()
    sh = ffi.new("us_shader_t *")
    q = ffi.new("us_quad_t *")
    cmp = ffi.new("us_trace_cmp_t *")
    lint = ffi.new("us_lint_t *")
    with lock:
        lib.us_vec_setup(v, sh, q)
        lib.us_trace_cmp_init(cmp, v)
        try:
            run = _run_quad(sh, q, lint, max_records, bounds, cmp if v.ntrace else ffi.NULL)
            breaks = lib.us_breaks_of(sh, ffi.addressof(lint.diags), q.errors, ffi.NULL)
            report, differences, why, ok = "", 0, "", True
            if v.has_expect:
                rep = ffi.new("us_strbuf_t *")
                lib.us_sb_init(rep)
                differences = lib.us_vec_check(v, q, cmp, rep)
                report = ffi.string(rep.data).decode(errors="replace") if rep.data != ffi.NULL else ""
                lib.us_sb_free(rep)
                why = _c.strbuf(lambda sb: lib.us_vec_waivers_match(v, breaks, sb))
                ok = not why
        finally:
            lib.us_trace_cmp_free(cmp)
    waived = _c.rule_names(v.waive.rules) + _c.error_names(v.waive.errors)
    run.verdict = Verdict(has_expect=bool(v.has_expect), passed=bool(v.has_expect) and not differences and ok,
                          differences=differences, report=report, waivers_ok=ok, waiver_problem=why,
                          breaks_rules=_c.rule_names(breaks.rules), breaks_errors=_c.error_names(breaks.errors),
                          waived=waived, retired=run.state.retired or 0)
    return run


def _lint_vector(vector: Vector) -> StaticCheck:
    sh = Shader.from_vector(vector)
    rules = sh.check_rules()
    with lock:
        code = lib.us_shader_code(sh._sh)
    illegal = []
    msg = ffi.new("char[]", 256)
    pc = code.start
    with lock:
        while True:
            if lib.us_inst_check(ffi.addressof(sh._sh.imem[pc]), msg, 256):
                illegal.append(IllegalWord(pc, ffi.string(msg).decode(errors="replace").split("\n")[0]))
            if pc == code.end:
                break
            pc = (pc + 1) % lib.US_MAX_INST
    broken_rules = set(rules.rules)
    broken_errors = {"illegal_inst"} if illegal else set()
    u = vector.unsafe
    wr, we = set(u.rules if u else ()), set(u.errors if u else ())
    order = list(_c.RULE_NAMES) + list(_c.ERROR_NAMES)
    waived = tuple(n for n in order if n in (broken_rules & wr) | (broken_errors & we))
    not_waived = tuple(n for n in order if n in (broken_rules - wr) | (broken_errors - we))
    return StaticCheck(rules, tuple(illegal), waived, not_waived)


def run(program: Program, inputs: Optional[ArrayLike] = None, constants: Optional[ArrayLike] = None, *,
        covered: int = 0xF, max_records: int = 65536, bounds: bool = False, **setup: Any) -> Run:
    """Runs program on one quad: Vector.from_program(program, inputs, constants, covered=..., **setup).run().
    inputs (4, N, 4): input temporaries of pixels 0-3; constants (K, 4): constants 0..K-1; float32 values or
    uint32 bit patterns. setup: textures, int_consts, bool_const, params (see Vector.from_program)."""
    vec = Vector.from_program(program, inputs, constants, covered=covered, **setup)
    return vec.run(max_records=max_records, bounds=bounds)


__all__ = ["RETIRE_DTYPE", "Write", "Frame", "Retire", "Bounds", "Verdict", "Run", "StaticCheck", "Shader", "run",
           "format_records", "Diagnostic"]
