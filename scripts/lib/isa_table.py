"""Reader for spec/isa.txt, the project's ISA table (format described at the top of that file)."""
import re
from dataclasses import dataclass, field as dc_field

TYPES = ("ALU", "OUT", "FC", "TEX")


class TableError(Exception):
    pass


@dataclass
class EnumValue:
    name: str
    value: int
    reserved: bool = False


@dataclass
class Field:
    name: str
    hi: int
    lo: int
    signed: bool = False
    values: list = dc_field(default_factory=list)

    @property
    def width(self):
        return self.hi - self.lo + 1

    @property
    def legal(self):
        """Legal values: the non-reserved enum values, or every value when there is no enum."""
        if not self.values:
            return None
        return [v.value for v in self.values if not v.reserved]


@dataclass
class Register:
    name: str
    word: int = -1          # instruction dword index, -1 for a control register
    types: tuple = ()
    addr: int = 0
    count: int = 1
    fields: list = dc_field(default_factory=list)
    line: int = 0

    @property
    def defined_mask(self):
        m = 0
        for f in self.fields:
            m |= ((1 << f.width) - 1) << f.lo
        return m


def parse(path):
    regs = []
    with open(path) as fh:
        for n, raw in enumerate(fh, 1):
            line = raw.split("#", 1)[0].split()
            if not line:
                continue
            where = f"{path}:{n}"
            if line[0] == "reg":
                if len(line) < 2:
                    raise TableError(f"{where}: reg needs a name")
                reg = Register(line[1], line=n)
                for kv in line[2:]:
                    k, _, v = kv.partition("=")
                    if k == "word":
                        reg.word = int(v)
                    elif k == "types":
                        reg.types = tuple(v.split(","))
                        for t in reg.types:
                            if t not in TYPES:
                                raise TableError(f"{where}: unknown instruction type {t}")
                    elif k == "addr":
                        reg.addr = int(v, 0)
                    elif k == "count":
                        reg.count = int(v)
                    else:
                        raise TableError(f"{where}: unknown key {k}")
                regs.append(reg)
            elif line[0] == "field":
                if not regs:
                    raise TableError(f"{where}: field before any reg")
                if len(line) < 3:
                    raise TableError(f"{where}: field needs a name and bits")
                m = re.fullmatch(r"(\d+)(?::(\d+))?", line[2])
                if not m:
                    raise TableError(f"{where}: bad bit range {line[2]}")
                hi = int(m.group(1))
                lo = int(m.group(2)) if m.group(2) else hi
                if lo > hi or hi > 31:
                    raise TableError(f"{where}: bad bit range {line[2]}")
                f = Field(line[1], hi, lo)
                for tok in line[3:]:
                    if tok == "signed":
                        f.signed = True
                        continue
                    name, _, val = tok.partition("=")
                    if not val:
                        raise TableError(f"{where}: bad enum value {tok}")
                    v = int(val, 0)
                    if v >= (1 << f.width):
                        raise TableError(f"{where}: value {v} does not fit {f.width} bits")
                    reserved = name == "reserved"
                    if not reserved and any(e.name == name for e in f.values):
                        raise TableError(f"{where}: duplicate enum name {name}")
                    if any(e.value == v for e in f.values):
                        raise TableError(f"{where}: duplicate enum value {v}")
                    f.values.append(EnumValue(name, v, reserved))
                reg = regs[-1]
                for other in reg.fields:
                    if other.name == f.name:
                        raise TableError(f"{where}: duplicate field {f.name}")
                    if not (f.hi < other.lo or f.lo > other.hi):
                        raise TableError(f"{where}: {f.name} overlaps {other.name}")
                reg.fields.append(f)
            else:
                raise TableError(f"{where}: unknown item {line[0]}")
    return regs
