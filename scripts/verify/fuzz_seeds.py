#!/usr/bin/env python3
"""The seed corpus of the libFuzzer harnesses (tb/fuzz/), built into OUT/<harness>/ (never checked in), and a
dictionary per text harness (OUT/<harness>.dict: the words its seeds use, so mutations splice whole tokens).
- fuzz_hex: the Mesa corpus programs (SHARED/corpus/mesa-fs) and each smoke vector's program as a hex list;
- fuzz_asm: the code blocks of docs/asm.md, probes/*.s, and usdis of every fuzz_hex seed;
- fuzz_vec: vectors/smoke/*.vec, the example of vectors/FORMAT.md, a write of every control register by name (in
  its dictionary too, with every name an `unsafe` line may give);
- fuzz_exec: every fuzz_hex program (at most 64 instructions) behind a 20-byte header (tb/fuzz/fuzz_exec.c);
- every harness: the inputs it once failed on, tb/fuzz/regress/<harness>-*.
usage: fuzz_seeds.py --out DIR [--shared DIR] [--usdis PATH]"""
import argparse
import collections
import glob
import hashlib
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXEC_MAX_INST = 64  # FUZZ_MAX_INST of tb/fuzz/fuzz_exec.c
DICT_WORDS = 400


def hex_words(text):
    return [int(w, 16) for w in re.findall(r"0x[0-9a-fA-F]{1,8}\b", text)]


def vector_program(text):
    """The words of a vector's `inst` lines, in file order."""
    out = []
    for line in text.splitlines():
        f = line.split("#", 1)[0].split()
        if len(f) == 8 and f[0] == "inst":
            out += [int(w, 16) for w in f[2:]]
    return out


def hex_text(words):
    return "\n".join(",\n".join(f"0x{w:08x}" for w in words[i:i + 6]) + ",\n" for i in range(0, len(words), 6))


def disassemble(usdis, text):
    with tempfile.NamedTemporaryFile("w", suffix=".hex") as fh:
        fh.write(text)
        fh.flush()
        return subprocess.run([usdis, fh.name], capture_output=True, text=True, check=True).stdout


def asm_blocks(path):
    with open(path) as fh:
        return re.findall(r"^```asm\n(.*?)^```", fh.read(), re.S | re.M)


def register_names():
    """The control registers a vector's `reg` line may name (spec/isa.txt; the smoke vectors name only a few)."""
    with open(os.path.join(ROOT, "spec", "isa.txt")) as fh:
        regs = [line.split() for line in fh if line.startswith("reg ")]
    return [r[1] for r in regs if not any(k.startswith("word=") or k.startswith("count=") and k != "count=1"
                                          for k in r)]


def waiver_names():
    """What an `unsafe` line names: the silicon rules (model/isa/us_rules.c) and the error states (spec/state.txt)."""
    with open(os.path.join(ROOT, "model", "isa", "us_rules.c")) as fh:
        rules = re.findall(r'^\s*\[US_RULE_\w+\] = \{"([\w-]+)"', fh.read(), re.M)
    with open(os.path.join(ROOT, "spec", "state.txt")) as fh:
        errors = [line.split()[1].lower() for line in fh if line.startswith("error ")]
    return ["unsafe"] + rules + errors


def regress_input(path):
    """An input a harness once failed on (tb/fuzz/regress/HARNESS-WHAT.EXT); a .txt holds bytes as hex ('#' lines
    are comments), anything else is the input itself."""
    with open(path) as fh:
        text = fh.read()
    if not path.endswith(".txt"):
        return text
    return bytes.fromhex("".join(line for line in text.splitlines() if not line.startswith("#")))


def write(d, data):
    """One seed, named by its content (so duplicates fold)."""
    data = data.encode() if isinstance(data, str) else data
    with open(os.path.join(d, hashlib.sha1(data).hexdigest()[:16]), "wb") as fh:
        fh.write(data)


def write_dict(path, texts, always=()):
    """libFuzzer's dictionary format: one quoted token per line, the ones in always and the most frequent."""
    token = re.compile(r"[A-Za-z_][\w.]*|0x[0-9a-f]+|[=:,|\[\]+-]")
    count = collections.Counter(t for text in texts for t in token.findall(text)
                                if 1 < len(t) <= 32 or not t[0].isalnum())
    with open(path, "w") as fh:
        for tok in list(always) + [t for t, _ in count.most_common(DICT_WORDS) if t not in always]:
            fh.write('"%s"\n' % tok.replace("\\", "\\\\").replace('"', '\\"'))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--shared", default=os.path.join(ROOT, "..", "shared"))
    ap.add_argument("--usdis", default=os.path.join(ROOT, "build", "bin", "usdis"))
    a = ap.parse_args()
    shutil.rmtree(a.out, ignore_errors=True)
    dirs = {h: os.path.join(a.out, h) for h in ("fuzz_hex", "fuzz_asm", "fuzz_vec", "fuzz_exec")}
    for d in dirs.values():
        os.makedirs(d)

    programs = []  # (name, hex text)
    for p in sorted(glob.glob(os.path.join(a.shared, "corpus", "mesa-fs", "*.txt"))):
        with open(p) as fh:
            programs.append((p, fh.read()))
    vec_texts = []
    for p in sorted(glob.glob(os.path.join(ROOT, "vectors", "smoke", "*.vec"))):
        with open(p) as fh:
            vec_texts.append(fh.read())
        words = vector_program(vec_texts[-1])
        if words:
            programs.append((p, hex_text(words)))

    asm = asm_blocks(os.path.join(ROOT, "docs", "asm.md"))
    for p in sorted(glob.glob(os.path.join(ROOT, "probes", "*.s"))):
        with open(p) as fh:
            asm.append(fh.read())
    for i, (name, text) in enumerate(programs):
        write(dirs["fuzz_hex"], text)
        words = hex_words(text)[:6 * EXEC_MAX_INST]
        header = struct.pack("<BBBBI12x", 0x0F | (0x10 if i % 2 else 0) | (0x40 if i % 3 == 0 else 0), 0, 0, 0, i)
        write(dirs["fuzz_exec"], header + struct.pack(f"<{len(words)}I", *words))
        if os.path.exists(a.usdis):
            asm.append(disassemble(a.usdis, text))
    for text in asm:
        write(dirs["fuzz_asm"], text)
    with open(os.path.join(ROOT, "vectors", "FORMAT.md")) as fh:
        example = [b for b in re.findall(r"^```\n(.*?)^```", fh.read(), re.S | re.M) if b.startswith("usvec")]
    # one write of each control register by name, in the spec's order (the smoke vectors name only a few)
    registers = "usvec 1\n" + "".join(f"reg {r} 0x00000001\n" for r in register_names())
    for text in vec_texts + example + [registers]:
        write(dirs["fuzz_vec"], text)
    for p in sorted(glob.glob(os.path.join(ROOT, "tb", "fuzz", "regress", "*"))):
        write(dirs[os.path.basename(p).split("-")[0]], regress_input(p))
    write_dict(os.path.join(a.out, "fuzz_asm.dict"), asm)
    write_dict(os.path.join(a.out, "fuzz_vec.dict"), vec_texts, register_names() + waiver_names())
    for h, d in dirs.items():
        print(f"fuzz_seeds: {h}: {len(os.listdir(d))} seeds")
    return 0


if __name__ == "__main__":
    sys.exit(main())
