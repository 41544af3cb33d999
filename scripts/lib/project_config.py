"""The project's configurations and regression suites (tb/config.mk), for every script: one reader, so a NUM_CTX
set or a suite size is written once. The same file is included by the Makefile."""
import dataclasses
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CONFIG = os.path.join(ROOT, "tb", "config.mk")


class ConfigError(Exception):
    pass


def read(path=CONFIG):
    """NAME -> list of words, from `NAME := value` lines."""
    out = {}
    with open(path) as fh:
        for n, line in enumerate(fh, 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            m = re.fullmatch(r"([A-Za-z_][A-Za-z0-9_]*)\s*:=\s*(.*)", line)
            if not m:
                raise ConfigError(f"{path}:{n}: expected NAME := value")
            if m.group(1) in out:
                raise ConfigError(f"{path}:{n}: {m.group(1)} is set twice")
            out[m.group(1)] = m.group(2).split()
    return out


def ints(name, cfg=None):
    cfg = cfg or read()
    if name not in cfg:
        raise ConfigError(f"{CONFIG}: {name} is not set")
    try:
        return [int(w) for w in cfg[name]]
    except ValueError:
        raise ConfigError(f"{CONFIG}: {name} must be whole numbers, not {' '.join(cfg[name])}") from None


def one_int(name, cfg=None):
    v = ints(name, cfg)
    if len(v) != 1:
        raise ConfigError(f"{CONFIG}: {name} must be one number")
    return v[0]


@dataclasses.dataclass(frozen=True)
class Suite:
    name: str
    vectors: tuple      # folders, relative to the project root
    corpus_seeds: int
    random: int
    random_len: int
    random_quads: int
    make: tuple         # make targets the suite needs first


def suites(cfg=None):
    cfg = cfg or read()
    out = {}
    for s in cfg.get("REGRESS_SUITES", []):
        k = f"SUITE_{s}_"
        out[s] = Suite(s, tuple(cfg.get(k + "VECTORS", [])), one_int(k + "CORPUS_SEEDS", cfg), one_int(k + "RANDOM", cfg),
                       one_int(k + "RANDOM_LEN", cfg), one_int(k + "RANDOM_QUADS", cfg), tuple(cfg.get(k + "MAKE", [])))
    return out
