"""The package's exceptions. Each carries the library's message as the tools print it, and the file and line
it names when it names one ("x.vec:12: unknown keyword 'foo'" -> file "x.vec", line 12)."""
from __future__ import annotations

import re
from typing import Optional

_WHERE = re.compile(r"^(?P<file>[^:\n]+):(?P<line>\d+): ")


class R500Error(ValueError):
    """Bad input to the model: the message is the tool's (usasm, usdis, usim), with file:line where it has one.

    Attributes: message (str), file (str or None), line (int or None)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
        m = _WHERE.match(message)
        self.file: Optional[str] = m.group("file") if m else None
        self.line: Optional[int] = int(m.group("line")) if m else None


class AsmError(R500Error):
    """The assembler refused the source (docs/asm.md): usasm's message."""


class ProgramError(R500Error):
    """A hex word list the loader refused (usdis' message), or a program that cannot be loaded as given."""


class VectorError(R500Error):
    """A vector the reader refused (vectors/FORMAT.md), or one that cannot be written: usim's message."""


class RegisterError(R500Error):
    """A register write to an address that is not a register of the shader unit, or an unknown register name."""
