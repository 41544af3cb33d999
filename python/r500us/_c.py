"""The compiled model (r500us._native, cffi) and the small conversions every module shares. Every call into the
library goes through `lock`: the model keeps large state in static buffers (a parser's probe shader, a writer's
port state), so two threads must not be inside it at once."""
from __future__ import annotations

import threading
from typing import Any, Callable

import numpy as np

from ._native import ffi, lib
from .errors import R500Error

lock = threading.RLock()

CData = Any  # a cffi object (pointer, struct, array) of the model's C API

ERR_SIZE = 4200  # as usim's message buffers

RULE_NAMES: tuple[str, ...] = tuple(ffi.string(lib.us_rules[i].id).decode() for i in range(lib.US_RULE_COUNT))
RULE_PAGES: tuple[str, ...] = tuple(ffi.string(lib.us_rules[i].page).decode() for i in range(lib.US_RULE_COUNT))
RULE_WHAT: tuple[str, ...] = tuple(ffi.string(lib.us_rules[i].what).decode() for i in range(lib.US_RULE_COUNT))
ERROR_NAMES: tuple[str, ...] = tuple(ffi.string(lib.us_error_names[i]).decode() for i in range(lib.US_ERR_COUNT))


def _control_registers() -> dict[str, int]:
    regs = {}
    for r in range(lib.US_REG_COUNT):
        d = lib.us_regs[r]
        if d.word < 0 and d.count == 1:
            regs[ffi.string(d.name).decode().upper()] = d.addr
    return regs


REGISTERS: dict[str, int] = _control_registers()


def text_arg(text: str | bytes, where: str, error: type = R500Error) -> bytes:
    """Text for the C library: UTF-8 bytes with no NUL (C would stop reading there; us_read_file's message)."""
    data = text.encode() if isinstance(text, str) else bytes(text)
    nul = data.find(b"\0")
    if nul >= 0:
        line = data.count(b"\n", 0, nul) + 1
        raise error(f"{where}:{line}: NUL byte in a text file")
    return data


def read_file(path: str) -> bytes:
    """The file's bytes, read by the library's us_read_file (the tools' messages: missing file, NUL byte)."""
    err = ffi.new("char[]", ERR_SIZE)
    with lock:
        buf = lib.us_read_file(str(path).encode(), err, ERR_SIZE)
        if buf == ffi.NULL:
            raise R500Error(ffi.string(err).decode(errors="replace"))
        try:
            return ffi.string(buf)
        finally:
            lib.pyus_free(buf)


def strbuf(fill: Callable[[CData], None]) -> str:
    """Runs fill(sb) on a fresh us_strbuf_t and returns its text."""
    sb = ffi.new("us_strbuf_t *")
    with lock:
        lib.us_sb_init(sb)
        try:
            fill(sb)
            return ffi.string(sb.data).decode(errors="replace") if sb.data != ffi.NULL else ""
        finally:
            lib.us_sb_free(sb)


def array(field: CData, dtype: type, shape: tuple[int, ...]) -> np.ndarray:
    """A copy of a C array field as a numpy array."""
    return np.frombuffer(ffi.buffer(field), dtype=dtype).reshape(shape).copy()


def store(field: CData, a: np.ndarray) -> None:
    """Copies a numpy array into a C array field of the same size in bytes."""
    a = np.ascontiguousarray(a)
    size = ffi.sizeof(field)
    if a.nbytes != size:
        raise ValueError(f"{a.nbytes} bytes for a field of {size}")
    ffi.memmove(field, a, size)


def bits32(values: object, what: str) -> np.ndarray:
    """Float32 values or uint32 bit patterns as uint32 bits. float32 is taken bit for bit, uint32 as bits; other
    float types are rounded to float32 first (numpy's rounding); other integer types are refused as ambiguous."""
    a = np.asarray(values)
    if a.dtype == np.uint32:
        return np.ascontiguousarray(a)
    if a.dtype == np.float32:
        return np.ascontiguousarray(a).view(np.uint32)
    if a.dtype.kind == "f":
        return np.ascontiguousarray(a.astype(np.float32)).view(np.uint32)
    raise TypeError(f"{what}: give float32 values or uint32 bit patterns, not {a.dtype} "
                    "(an integer array is ambiguous: values or bits?)")


def error_names(mask: int) -> tuple[str, ...]:
    return tuple(n for i, n in enumerate(ERROR_NAMES) if mask >> i & 1)


def error_mask(names: tuple[str, ...] | list[str], what: str) -> int:
    mask = 0
    for n in names:
        if n not in ERROR_NAMES:
            raise ValueError(f"{what}: unknown error state {n!r} (one of {', '.join(ERROR_NAMES)})")
        mask |= 1 << ERROR_NAMES.index(n)
    return mask


def rule_names(mask: int) -> tuple[str, ...]:
    return tuple(n for i, n in enumerate(RULE_NAMES) if mask >> i & 1)


def rule_mask(names: tuple[str, ...] | list[str], what: str) -> int:
    mask = 0
    for n in names:
        if n not in RULE_NAMES:
            raise ValueError(f"{what}: unknown silicon rule {n!r} (one of {', '.join(RULE_NAMES)})")
        mask |= 1 << RULE_NAMES.index(n)
    return mask
