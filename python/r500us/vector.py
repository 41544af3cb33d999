"""Vectors (vectors/FORMAT.md): a program, its constants and control registers as the register writes that load a
real chip, the quad's inputs, and the exact expected results. Read with the library's strict parser (usim's
file:line messages), written with its writer (a vector usgen wrote comes back byte for byte)."""
from __future__ import annotations

import os
import re
import tempfile
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Mapping, Optional, Sequence, Union

import numpy as np

from . import _c
from ._c import CData, ffi, lib, lock
from .errors import RegisterError, VectorError
from .isa import Program, RuleReport

if TYPE_CHECKING:
    from .model import Run, StaticCheck

NPIX = 4
NTEMP: int = lib.US_NTEMP
NCONST: int = lib.US_NCONST
NTEX: int = lib.US_NTEX
TEX_MAX_DIM: int = lib.US_TEX_MAX_DIM
MAX_STACK: int = lib.US_MAX_STACK
MAX_WATCHDOG: int = lib.US_MAX_WATCHDOG
ArrayLike = Union[np.ndarray, Sequence[Any]]


@dataclass(frozen=True)
class Params:
    """The model parameters the RTL has as parameters too (docs/spec.md section 3): loop-stack frames and
    address-stack entries (1..64), branch-counter width (1..16 bits), the watchdog (1..2^24 instructions)."""
    loop_depth: int = lib.US_DEFAULT_LOOP_DEPTH
    addr_depth: int = lib.US_DEFAULT_ADDR_DEPTH
    counter_bits: int = lib.US_DEFAULT_COUNTER_BITS
    watchdog: int = 1 << 20

    def check(self) -> None:
        """Raises ValueError for a value out of the vector format's ranges (the model's arrays hold no more)."""
        for name, lo, hi in (("loop_depth", 1, MAX_STACK), ("addr_depth", 1, MAX_STACK), ("counter_bits", 1, 16),
                             ("watchdog", 1, MAX_WATCHDOG)):
            v = getattr(self, name)
            if not isinstance(v, (int, np.integer)) or not lo <= v <= hi:
                raise ValueError(f"param {name} {v!r} out of range ({lo}..{hi})")

    def _store(self, p: CData) -> None:
        self.check()
        p.loop_depth, p.addr_depth = self.loop_depth, self.addr_depth
        p.counter_bits, p.watchdog = self.counter_bits, self.watchdog

    @classmethod
    def _from_c(cls, p: CData) -> "Params":
        return cls(p.loop_depth, p.addr_depth, p.counter_bits, p.watchdog)


@dataclass(frozen=True)
class Waiver:
    """A vector's `unsafe` line: the silicon rules (names of model/isa/us_rules.h) and model-only error states it
    breaks on purpose, and why (at most 255 characters)."""
    rules: tuple[str, ...] = ()
    errors: tuple[str, ...] = ()
    reason: str = ""


@dataclass(eq=False)
class Texture:
    """One texture of the texture model (docs/spec.md section 6): texels as a (height, width, 4) uint32 array of
    float32 bit patterns, 1..16 texels a side."""
    texels: np.ndarray

    @property
    def width(self) -> int:
        return int(self.texels.shape[1])

    @property
    def height(self) -> int:
        return int(self.texels.shape[0])


def _mask_f32(values: np.ndarray) -> np.ndarray:
    return values.view(np.float32)


@dataclass(eq=False)
class State:
    """A quad's results: a run's final state, or a vector's expectations (vectors/FORMAT.md). Values are uint32
    float bit patterns; each *_f32 property views them as float32.

    temp (4, 128, 4): pixel, temporary, channel; temp_mask (4, 128): the channels written (bit 0 r .. 3 a);
    out (4, 4, 4): render target (0-3 = A-D), pixel, channel; out_mask (4, 4); w (4,) and w_mask (pixel mask);
    pred (4,): predicate bits per pixel; alu_result, killed: pixel masks; errors: the error states' names;
    retired: instructions retired (None in expectations without `expect retired`)."""
    temp: np.ndarray = field(default_factory=lambda: np.zeros((NPIX, NTEMP, 4), np.uint32))
    temp_mask: np.ndarray = field(default_factory=lambda: np.zeros((NPIX, NTEMP), np.uint8))
    out: np.ndarray = field(default_factory=lambda: np.zeros((4, NPIX, 4), np.uint32))
    out_mask: np.ndarray = field(default_factory=lambda: np.zeros((4, NPIX), np.uint8))
    w: np.ndarray = field(default_factory=lambda: np.zeros(NPIX, np.uint32))
    w_mask: int = 0
    pred: np.ndarray = field(default_factory=lambda: np.zeros(NPIX, np.uint8))
    alu_result: int = 0
    killed: int = 0
    errors: tuple[str, ...] = ()
    retired: Optional[int] = None

    @property
    def out_f32(self) -> np.ndarray:
        return _mask_f32(self.out)

    @property
    def temp_f32(self) -> np.ndarray:
        return _mask_f32(self.temp)

    @property
    def w_f32(self) -> np.ndarray:
        return _mask_f32(self.w)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return (np.array_equal(self.temp * (self.temp_mask[..., None] >> np.arange(4) & 1).astype(bool),
                               other.temp * (other.temp_mask[..., None] >> np.arange(4) & 1).astype(bool))
                and np.array_equal(self.temp_mask, other.temp_mask)
                and np.array_equal(self.out * (self.out_mask[..., None] >> np.arange(4) & 1).astype(bool),
                                   other.out * (other.out_mask[..., None] >> np.arange(4) & 1).astype(bool))
                and np.array_equal(self.out_mask, other.out_mask) and self.w_mask == other.w_mask
                and all(self.w[p] == other.w[p] for p in range(NPIX) if self.w_mask >> p & 1)
                and np.array_equal(self.pred, other.pred) and self.alu_result == other.alu_result
                and self.killed == other.killed and self.errors == other.errors and self.retired == other.retired)

    def _check(self, what: str) -> None:
        for name, shape in (("temp", (NPIX, NTEMP, 4)), ("temp_mask", (NPIX, NTEMP)), ("out", (4, NPIX, 4)),
                            ("out_mask", (4, NPIX)), ("w", (NPIX,)), ("pred", (NPIX,))):
            if np.shape(getattr(self, name)) != shape:
                raise ValueError(f"{what}.{name}: shape {np.shape(getattr(self, name))}, not {shape}")
        for name in ("w_mask", "alu_result", "killed"):
            if not 0 <= getattr(self, name) <= 15:
                raise ValueError(f"{what}.{name}: a pixel mask 0..15")
        if np.any(np.asarray(self.pred) > 15) or np.any(np.asarray(self.temp_mask) > 15) or \
                np.any(np.asarray(self.out_mask) > 15):
            raise ValueError(f"{what}: channel masks and predicate bits are 0..15")
        if self.retired is not None and not 0 <= self.retired <= 0xFFFFFFFF:
            raise ValueError(f"{what}.retired: 0..2^32-1")

    @classmethod
    def _from_quad(cls, q: CData) -> "State":
        return cls(temp=_c.array(q.temp, np.uint32, (NPIX, NTEMP, 4)),
                   temp_mask=_c.array(q.temp_written, np.uint8, (NTEMP, NPIX)).T.copy(),
                   out=_c.array(q.out, np.uint32, (4, NPIX, 4)),
                   out_mask=_c.array(q.out_written, np.uint8, (4, NPIX)),
                   w=_c.array(q.w, np.uint32, (NPIX,)), w_mask=q.w_written,
                   pred=_c.array(q.pred, np.uint8, (NPIX,)), alu_result=q.alu_result, killed=q.killed,
                   errors=_c.error_names(q.errors), retired=q.retired)

    def _to_quad(self, q: CData) -> None:
        self._check("state")
        _c.store(q.temp, np.asarray(self.temp, np.uint32))
        _c.store(q.temp_written, np.asarray(self.temp_mask, np.uint8).T)
        _c.store(q.out, np.asarray(self.out, np.uint32))
        _c.store(q.out_written, np.asarray(self.out_mask, np.uint8))
        _c.store(q.w, np.asarray(self.w, np.uint32))
        _c.store(q.pred, np.asarray(self.pred, np.uint8))
        q.w_written, q.alu_result, q.killed = self.w_mask, self.alu_result, self.killed
        q.errors = _c.error_mask(self.errors, "state.errors")
        q.retired = self.retired or 0

    @classmethod
    def _from_vec(cls, v: CData) -> "State":
        return cls(temp=_c.array(v.exp_temp, np.uint32, (NPIX, NTEMP, 4)),
                   temp_mask=_c.array(v.exp_temp_mask, np.uint8, (NTEMP, NPIX)).T.copy(),
                   out=_c.array(v.exp_out, np.uint32, (4, NPIX, 4)),
                   out_mask=_c.array(v.exp_out_mask, np.uint8, (4, NPIX)),
                   w=_c.array(v.exp_w, np.uint32, (NPIX,)), w_mask=v.exp_w_mask,
                   pred=_c.array(v.exp_pred, np.uint8, (NPIX,)), alu_result=v.exp_alu_result,
                   killed=v.exp_killed, errors=_c.error_names(v.exp_errors),
                   retired=v.exp_retired if v.has_retired else None)

    def _to_vec(self, v: CData) -> None:
        self._check("expect")
        v.has_expect = True
        _c.store(v.exp_temp, np.asarray(self.temp, np.uint32))
        _c.store(v.exp_temp_mask, np.asarray(self.temp_mask, np.uint8).T)
        _c.store(v.exp_out, np.asarray(self.out, np.uint32))
        _c.store(v.exp_out_mask, np.asarray(self.out_mask, np.uint8))
        _c.store(v.exp_w, np.asarray(self.w, np.uint32))
        _c.store(v.exp_pred, np.asarray(self.pred, np.uint8))
        v.exp_w_mask, v.exp_alu_result, v.exp_killed = self.w_mask, self.alu_result, self.killed
        v.exp_errors = _c.error_mask(self.errors, "expect errors")
        v.has_retired = self.retired is not None
        v.exp_retired = self.retired or 0


_NAME = re.compile(r"^[^\s#]{0,63}$")


def register_address(reg: Union[str, int]) -> int:
    """A control register's address from its name in spec/isa.txt (any case), or an address as given."""
    if isinstance(reg, str):
        addr = _c.REGISTERS.get(reg.upper())
        if addr is None:
            raise RegisterError(f"unknown register '{reg}' (a control register name of spec/isa.txt, or an address)")
        return addr
    return int(reg)


@dataclass(eq=False)
class Vector:
    """One test of the shader (vectors/FORMAT.md).

    writes (n, 2) uint32: the setup as register writes (address, value) in file order: `reg`, `int`, `bool`,
    `inst` and `const` lines all become writes; temp (4, 128, 4) uint32: the quad's input temporaries (pixel,
    address, channel); covered: the pixels present; textures: id -> Texture; params; name; unsafe: the waiver;
    expect: the expected results (None: a vector without expectations); expect_trace: expected retire lines."""
    writes: np.ndarray = field(default_factory=lambda: np.zeros((0, 2), np.uint32))
    temp: np.ndarray = field(default_factory=lambda: np.zeros((NPIX, NTEMP, 4), np.uint32))
    covered: int = 0xF
    textures: dict[int, Texture] = field(default_factory=dict)
    params: Params = field(default_factory=Params)
    name: str = ""
    unsafe: Optional[Waiver] = None
    expect: Optional[State] = None
    expect_trace: list[str] = field(default_factory=list)

    # --- reading
    @classmethod
    def parse(cls, text: Union[str, bytes], filename: str = "<vector>") -> "Vector":
        """Parses vector text. Raises VectorError with usim's "filename:line: message" on anything the format
        refuses (a truncated last line, an unknown keyword, a bad number, incomplete expectations, ...)."""
        data = _c.text_arg(text, filename, VectorError)
        v = _new_cvec()
        err = ffi.new("char[]", _c.ERR_SIZE)
        with lock:
            if lib.us_vec_parse(data, filename.encode(), v, err, _c.ERR_SIZE):
                raise VectorError(ffi.string(err).decode(errors="replace"))
            return cls._from_c(v)

    @classmethod
    def read(cls, path: Union[str, os.PathLike[str]]) -> "Vector":
        """Reads and parses a .vec file; errors name the path as usim does."""
        path = os.fspath(path)
        try:
            data = _c.read_file(path)
        except Exception as e:
            raise VectorError(str(e)) from None
        return cls.parse(data, path)

    @classmethod
    def _from_c(cls, v: CData) -> "Vector":
        writes = np.frombuffer(ffi.buffer(v.writes, v.nwrites * 8), dtype=np.uint32).reshape(-1, 2).copy() \
            if v.nwrites else np.zeros((0, 2), np.uint32)
        textures = {}
        for i in range(NTEX):
            t = v.tex[i]
            if t.width:
                tex = _c.array(t.texel, np.uint32, (TEX_MAX_DIM * TEX_MAX_DIM, 4))
                textures[i] = Texture(tex[:t.width * t.height].reshape(t.height, t.width, 4).copy())
        unsafe = None
        if v.waive.rules or v.waive.errors:
            unsafe = Waiver(_c.rule_names(v.waive.rules), _c.error_names(v.waive.errors),
                            ffi.string(v.waive.why).decode(errors="replace"))
        return cls(writes=writes, temp=_c.array(v.temp, np.uint32, (NPIX, NTEMP, 4)), covered=v.covered,
                   textures=textures, params=Params._from_c(v.params), name=ffi.string(v.name).decode(),
                   unsafe=unsafe, expect=State._from_vec(v) if v.has_expect else None,
                   expect_trace=[ffi.string(v.trace[i]).decode(errors="replace") for i in range(v.ntrace)])

    # --- building
    @classmethod
    def from_program(cls, program: Program, inputs: Optional[ArrayLike] = None,
                     constants: Optional[ArrayLike] = None, *, covered: int = 0xF,
                     textures: Optional[Mapping[int, ArrayLike]] = None,
                     int_consts: Optional[Mapping[int, int]] = None, bool_const: int = 0,
                     params: Optional[Params] = None, name: str = "") -> "Vector":
        """A vector that loads program at slot 0 and runs exactly it, as a driver would (the writes of
        us_random_vector: US_CONFIG 2, full flow control, US_CODE_*), then the constants through the load port.

        inputs: the input temporaries, (4, N, 4) for the four pixels (N <= 128), float32 values or uint32 bits;
        constants: (K, 4), K <= 256, written from constant 0; textures: id -> (height, width, 4) texels;
        int_consts: US_FC_INT_CONST_n values (default {0: 0xFF}, what Mesa writes); bool_const:
        US_FC_BOOL_CONST."""
        if len(program) == 0:
            raise VectorError(f"{program.name}: no instructions")
        last = len(program) - 1
        w: list[tuple[int, int]] = [
            (lib.US_CONFIG_ADDR, 2), (lib.US_FC_CTRL_ADDR, lib.US_FC_CTRL_FULL_FC_EN_MASK),
            (lib.US_CODE_OFFSET_ADDR, 0), (lib.US_CODE_ADDR_ADDR, last << lib.US_CODE_ADDR_END_ADDR_LO),
            (lib.US_CODE_RANGE_ADDR, last << lib.US_CODE_RANGE_CODE_SIZE_LO),
            (lib.US_FC_BOOL_CONST_ADDR, int(bool_const) & 0xFFFFFFFF)]
        for n, value in sorted((int_consts if int_consts is not None else {0: 0xFF}).items()):
            if not 0 <= n < 32 or not 0 <= value <= 0xFFFFFFFF:
                raise ValueError(f"int constant {n}: index 0..31, a 32-bit value")
            w.append((lib.US_FC_INT_CONST_ADDR + 4 * n, value))
        w.append((lib.GA_US_VECTOR_INDEX_ADDR, 0))
        w.extend((lib.GA_US_VECTOR_DATA_ADDR, int(x)) for x in program.words.reshape(-1))
        if constants is not None:
            k = _c.bits32(constants, "constants")
            if k.ndim != 2 or k.shape[1] != 4 or k.shape[0] > NCONST:
                raise ValueError(f"constants: shape (K, 4) with K <= {NCONST}, not {k.shape}")
            w.append((lib.GA_US_VECTOR_INDEX_ADDR, lib.GA_US_VECTOR_INDEX_TYPE_MASK))
            w.extend((lib.GA_US_VECTOR_DATA_ADDR, int(x)) for x in k.reshape(-1))
        vec = cls(writes=np.array(w, dtype=np.uint32).reshape(-1, 2), covered=covered,
                  params=params or Params(), name=name)
        if inputs is not None:
            vec.set_inputs(inputs)
        for tid, texels in (textures or {}).items():
            vec.set_texture(tid, texels)
        return vec

    @classmethod
    def random(cls, program: Program, seed: int) -> "Vector":
        """usim --program P --seed N's vector: random constants, inputs, covered mask and four 4x4 textures
        made from the seed (us_random_vector), no expectations."""
        if not 0 <= seed < 2 ** 64:
            raise ValueError("seed: 0 to 2^64-1")
        v = _new_cvec()
        with lock:
            lib.us_random_vector(v, program._c(), seed)
            return cls._from_c(v)

    def set_inputs(self, inputs: ArrayLike, first: int = 0) -> None:
        """Sets input temporaries first.. of the four pixels from a (4, N, 4) array (float32 or uint32 bits)."""
        a = _c.bits32(inputs, "inputs")
        if a.ndim != 3 or a.shape[0] != NPIX or a.shape[2] != 4 or not 0 <= first <= first + a.shape[1] <= NTEMP:
            raise ValueError(f"inputs: shape (4, N, 4) within the {NTEMP} temporaries, not {a.shape}")
        self.temp = np.array(self.temp, np.uint32)
        self.temp[:, first:first + a.shape[1], :] = a

    def set_texture(self, tid: int, texels: ArrayLike) -> None:
        """Sets texture tid (0..15) from a (height, width, 4) array, 1..16 texels a side."""
        self.textures[tid] = Texture(_texels(tid, texels, ValueError).copy())

    def add_write(self, reg: Union[str, int], value: int) -> None:
        """Appends a register write (a name of spec/isa.txt or an address) to the setup."""
        addr = register_address(reg)
        self.writes = np.vstack([np.asarray(self.writes, np.uint32).reshape(-1, 2),
                                 np.array([[addr, value]], np.uint32)])

    def _c(self) -> CData:
        """The vector as the library's us_vector_t (freed with it)."""
        if not _NAME.match(self.name) or len(self.name.encode()) > 63:
            raise VectorError(f"vector name {self.name!r}: up to 63 characters, no white space or '#'")
        v = _new_cvec()
        probe = ffi.new("us_shader_t *")
        with lock:
            v.name = self.name.encode()
            self.params._store(v.params)
            if self.unsafe is not None:
                u = self.unsafe
                v.waive.rules = _c.rule_mask(u.rules, "unsafe")
                v.waive.errors = _c.error_mask(u.errors, "unsafe")
                reason = u.reason.encode()
                if not (v.waive.rules or v.waive.errors) or not u.reason.strip() or len(reason) > 255 \
                        or "\n" in u.reason:
                    raise VectorError("unsafe: at least one rule or error state, and a reason of 1 to 255 "
                                      "characters on one line")
                v.waive.why = reason
            writes = np.asarray(self.writes)
            if writes.ndim != 2 or writes.shape[1] != 2 or writes.dtype.kind not in "ui" or \
                    (writes.size and (writes.min() < 0 or writes.max() > 0xFFFFFFFF)):
                raise VectorError("writes: an (n, 2) array of 32-bit addresses and values")
            lib.us_shader_init(probe)
            for addr, value in writes.astype(np.uint32).tolist():
                if not lib.us_shader_write(probe, addr, value):
                    raise RegisterError(f"0x{addr:04x} is not a register of the shader unit")
                lib.us_vec_add_write(v, addr, value)
            if not 0 <= self.covered <= 15:
                raise VectorError("covered: a pixel mask 0..15")
            v.covered = self.covered
            temp = np.asarray(self.temp)
            if temp.shape != (NPIX, NTEMP, 4):
                raise VectorError(f"temp: shape (4, {NTEMP}, 4), not {temp.shape}")
            _c.store(v.temp, _c.bits32(temp, "temp"))
            for tid, tex in self.textures.items():
                t = _texels(tid, tex.texels, VectorError)
                v.tex[tid].height, v.tex[tid].width = t.shape[0], t.shape[1]
                flat = np.zeros((TEX_MAX_DIM * TEX_MAX_DIM, 4), np.uint32)
                flat[:t.shape[0] * t.shape[1]] = t.reshape(-1, 4)
                _c.store(v.tex[tid].texel, flat)
            if self.expect is not None:
                self.expect._to_vec(v)
            for line in self.expect_trace:
                if "\n" in line or len(line) > 1000:
                    raise VectorError("expect trace: one line of at most 1000 characters each")
                if lib.pyus_vec_add_trace(v, _c.text_arg(line, "expect trace", VectorError)):
                    raise MemoryError("expect trace")
                v.has_expect = True
        return v

    # --- writing
    def text(self) -> str:
        """The vector as the library's writer puts it (us_vec_write, then the expect trace lines): a vector usgen
        wrote reads back and writes out byte for byte."""
        v = self._c()
        q = None
        if self.expect is not None:
            q = ffi.new("us_quad_t *")
            self.expect._to_quad(q)
        out, n = ffi.new("char **"), ffi.new("size_t *")
        with lock:
            if lib.pyus_vec_text(v, q if q is not None else ffi.NULL, out, n):
                raise VectorError("cannot make the vector's text (out of memory)")
            try:
                text = ffi.unpack(out[0], n[0]).decode()
            finally:
                lib.pyus_free(out[0])
        if self.expect is not None and self.expect.retired is None:
            text = re.sub(r"(?m)^expect retired \d+\n", "", text, count=1)
        return text

    def write(self, path: Union[str, os.PathLike[str]]) -> None:
        """Writes text() to path, whole or not at all (a temporary file renamed into place)."""
        path = os.fspath(path)
        text = self.text()
        fd, tmp = tempfile.mkstemp(prefix=".vec-", dir=os.path.dirname(os.path.abspath(path)))
        try:
            with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
                f.write(text)
            os.replace(tmp, path)
        except BaseException:
            if os.path.exists(tmp):
                os.unlink(tmp)
            raise

    def with_expect(self, run: "Run") -> "Vector":
        """A copy with a run's final state as its expectations (what usim --emit-vector writes, without trace)."""
        return replace(self, expect=replace(run.state), expect_trace=[])

    # --- running
    def run(self, *, max_records: int = 65536, bounds: bool = False) -> "Run":
        """Runs the vector as usim does (model/tools/usim.c): reset, the writes, the inputs, then the quad to its
        end with the silicon rules checked on the way; the retire lines compared with expect_trace as they retire;
        then the verdict (run.verdict). max_records: the first records kept (run.records); bounds: also the
        bounds mode (run.bounds)."""
        from .model import _run_vector
        return _run_vector(self, max_records=max_records, bounds=bounds)

    def check_rules(self) -> "StaticCheck":
        """usim --lint: the static silicon-rule check of the loaded code, the illegal words in the code window,
        and what the vector does not waive."""
        from .model import _lint_vector
        return _lint_vector(self)


def _texels(tid: int, texels: object, error: type) -> np.ndarray:
    """A texture's texels as uint32 bits, checked: an id 0..15, shape (H, W, 4), 1..16 texels a side."""
    t = _c.bits32(texels, f"texture {tid}")
    if not 0 <= tid < NTEX or t.ndim != 3 or t.shape[2] != 4 or \
            not (1 <= t.shape[0] <= TEX_MAX_DIM and 1 <= t.shape[1] <= TEX_MAX_DIM):
        raise error(f"texture {tid}: an id 0..{NTEX - 1} and shape (H, W, 4), 1..{TEX_MAX_DIM} texels a side")
    return t


def _new_cvec() -> CData:
    v = ffi.new("us_vector_t *")
    lib.us_vec_init(v)
    return ffi.gc(v, lib.us_vec_free)


def parse_vector(text: Union[str, bytes], filename: str = "<vector>") -> Vector:
    """Vector.parse."""
    return Vector.parse(text, filename)


def read_vector(path: Union[str, os.PathLike[str]]) -> Vector:
    """Vector.read."""
    return Vector.read(path)


__all__ = ["Params", "Waiver", "Texture", "State", "Vector", "parse_vector", "read_vector", "register_address",
           "RuleReport"]
