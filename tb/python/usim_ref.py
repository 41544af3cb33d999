"""The independent side of the package's tests: usim, usasm and usdis run as programs, and their text parsed
here, from the formats docs/spec.md section 8 and model/golden/us_trace.c print, without the package."""
from __future__ import annotations

import os
import re
import subprocess
from dataclasses import dataclass, field
from typing import Optional

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.path.join(ROOT, "build", "bin")
SMOKE = os.path.join(ROOT, "vectors", "smoke")
CORPUS = os.environ.get("R500US_CORPUS") or os.path.join(os.path.dirname(ROOT), "shared", "corpus", "mesa-fs")
CHANNELS = "rgba"


def tool(name: str, *args: str, stdin: Optional[str] = None) -> subprocess.CompletedProcess:
    return subprocess.run([os.path.join(BIN, name), *args], capture_output=True, text=True, input=stdin)


def _mask(letters: str) -> int:
    return sum(1 << CHANNELS.index(c) for c in letters)


@dataclass
class TraceRecord:
    """One usim --trace retire line, parsed; the disassembly line and the '!' breach lines under it."""
    line: str
    fields: dict
    disasm: str = ""
    breaches: list[str] = field(default_factory=list)


_HEAD = re.compile(r"^(\d+) ctx=(\d+) pc=(\d+) next=(\d+)( jump)? run=([0-9a-f]+)>([0-9a-f]+) kill=([0-9a-f]+)$")
_WRITE = re.compile(r"^([to])(\d+)\.p(\d)\.([rgba]+)=([0-9a-f,]+)$")
_LOOP = re.compile(r"^loop=(\d+)(?:\[n=(\d+) aL=(\d+) m=([0-9a-f]+) b=([0-9a-f]+) c=([0-9a-f]+)\])?$")
_ASTK = re.compile(r"^astk=(\d+)(?:\[(\d+)\])?$")


def parse_retire_line(line: str) -> dict:
    """The fields of one retire line: the head, the writes in order, and the FC, error and end parts."""
    toks = re.findall(r"\S+\[[^\]]*\]|\S+", line)  # a loop frame "loop=1[n=2 aL=14 ...]" is one token
    i = 0
    while not toks[i].startswith("kill="):
        i += 1
    m = _HEAD.match(" ".join(toks[:i + 1]))
    if not m:
        raise ValueError(f"not a retire line: {line}")
    f: dict = {"seq": int(m[1]), "ctx": int(m[2]), "pc": int(m[3]), "next": int(m[4]), "jump": bool(m[5]),
               "run_before": int(m[6], 16), "run_after": int(m[7], 16), "kill": int(m[8], 16),
               "temp": [], "out": [], "w": [], "pred": [], "res": None, "fc": None, "err": (), "end": False}
    for t in toks[i + 1:]:
        w = _WRITE.match(t)
        if w:
            vals = tuple(int(x, 16) for x in w[5].split(","))
            f["temp" if w[1] == "t" else "out"].append((int(w[2]), int(w[3]), _mask(w[4]), vals))
        elif t.startswith("w.p"):
            p, v = t[3:].split("=")
            f["w"].append((int(p), int(v, 16)))
        elif t.startswith("pred.p"):
            p, rest = t[6:].split("=")
            val, mask = rest.split("/")
            f["pred"].append((int(p), int(val, 16), int(mask, 16)))
        elif t.startswith("res="):
            val, mask = t[4:].split("/")
            f["res"] = (int(val, 16), int(mask, 16))
        elif t.startswith("inact="):
            f["fc"] = {"inact": int(t[6:], 16)}
        elif t.startswith("cnt="):
            f["fc"]["cnt"] = tuple(int(x) for x in t[4:].split(","))
        elif t.startswith("loop="):
            lm = _LOOP.match(t)
            f["fc"]["loop"] = int(lm[1])
            f["fc"]["top"] = None if lm[2] is None else (int(lm[2]), int(lm[3]), int(lm[4], 16), int(lm[5], 16),
                                                         int(lm[6], 16))
        elif t.startswith("astk="):
            am = _ASTK.match(t)
            f["fc"]["astk"] = int(am[1])
            f["fc"]["astk_top"] = None if am[2] is None else int(am[2])
        elif t.startswith("err="):
            f["err"] = tuple(t[4:].split(","))
        elif t == "end":
            f["end"] = True
        else:
            raise ValueError(f"unknown token {t!r} in {line}")
    return f


@dataclass
class UsimRun:
    """usim's stdout for a run: the retire records (with --trace), the run's breach lines, the verdict lines and
    the final-state dump (for a program, or a vector without expectations)."""
    status: int
    records: list[TraceRecord]
    rule_lines: list[str]
    verdict: list[str]
    state: Optional[dict]
    stderr: str


def parse_state(lines: list[str]) -> dict:
    """usim's final-state dump (us_state_dump): temp and out channel values, W, predicates, masks, errors."""
    st: dict = {"temp": {}, "out": {}, "w": {}, "pred": {}}
    for ln in lines:
        body = ln.split("#")[0].split()
        k = body[0]
        if k in ("temp", "out"):
            a, b = int(body[1]), int(body[2])
            st[k][(a, b)] = tuple(None if x == "-" else int(x, 16) for x in body[3:7])
        elif k == "w":
            st["w"][int(body[1])] = int(body[2], 16)
        elif k == "pred":
            st["pred"][int(body[1])] = int(body[2], 16)
        elif k in ("alu_result", "killed"):
            st[k] = int(body[1], 16)
        elif k == "errors":
            st[k] = () if body[1] == "none" else tuple(body[1].split(","))
        elif k == "retired":
            st[k] = int(body[1])
        else:
            raise ValueError(f"not a state line: {ln}")
    return st


_STATE = re.compile(r"^(temp \d+ \d+ |out \d+ \d+ |w \d+ 0x|pred \d+ 0x|alu_result 0x|killed 0x|errors [a-z_,]+$|"
                    r"retired \d+$)")


def usim(*args: str) -> UsimRun:
    """Runs build/bin/usim with args (and --trace) and parses what it prints."""
    p = tool("usim", *args)
    records: list[TraceRecord] = []
    rule_lines, verdict, state_lines = [], [], []
    in_state = False
    for ln in p.stdout.split("\n"):
        if not ln:
            continue
        if in_state:
            state_lines.append(ln)
        elif ln[0].isdigit():
            records.append(TraceRecord(ln, parse_retire_line(ln)))
        elif ln.startswith("      ! "):
            records[-1].breaches.append(ln[8:])
        elif ln.startswith("      "):
            records[-1].disasm = ln[6:]
        elif ": silicon rule: " in ln or re.search(r": \d+ silicon-rule breach", ln):
            rule_lines.append(ln)
        elif ln.endswith("no expectations; final state:"):
            verdict.append(ln)
            in_state = True
        elif _STATE.match(ln):
            state_lines.append(ln)
        else:
            verdict.append(ln)
    return UsimRun(p.returncode, records, rule_lines, verdict, parse_state(state_lines) if state_lines else None,
                   p.stderr)


def smoke_vectors() -> list[str]:
    return sorted(os.path.join(SMOKE, f) for f in os.listdir(SMOKE) if f.endswith(".vec"))


def corpus_programs() -> list[str]:
    if not os.path.isdir(CORPUS):
        return []
    return sorted(os.path.join(CORPUS, f) for f in os.listdir(CORPUS) if f.endswith(".txt"))
