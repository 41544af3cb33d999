#!/usr/bin/env python3
"""usasm(usdis(p)) == p, word for word, for every program of the Mesa corpus (ASan/UBSan builds of the tools).
Also: no corpus instruction may need the raw .inst fallback (Mesa only writes legal words)."""
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.path.join(ROOT, "build", "san", "bin")


def words(text):
    return [int(w, 16) for w in re.findall(r"0x[0-9a-fA-F]+", text)]


def main():
    corpus = sys.argv[1]
    files = sorted(f for f in os.listdir(corpus) if f.endswith(".txt"))
    bad = 0
    ninst = 0
    with tempfile.TemporaryDirectory() as tmp:
        for f in files:
            src = os.path.join(corpus, f)
            dis = subprocess.run([os.path.join(BIN, "usdis"), src], capture_output=True, text=True)
            if dis.returncode != 0:
                print(f"{f}: usdis failed: {dis.stderr.strip()}")
                bad += 1
                continue
            if ".inst" in dis.stdout or dis.stderr:
                print(f"{f}: a Mesa instruction was printed raw or flagged: {dis.stderr.strip()}")
                bad += 1
            s = os.path.join(tmp, f + ".s")
            h = os.path.join(tmp, f + ".hex")
            open(s, "w").write(dis.stdout)
            asm = subprocess.run([os.path.join(BIN, "usasm"), s, "-o", h], capture_output=True, text=True)
            if asm.returncode != 0:
                print(f"{f}: usasm failed: {asm.stderr.strip()}")
                bad += 1
                continue
            a, b = words(open(src).read()), words(open(h).read())
            ninst += len(a) // 6
            if a != b:
                i = next(i for i in range(min(len(a), len(b))) if a[i] != b[i]) if len(a) == len(b) else -1
                print(f"{f}: words differ (first at word {i})")
                bad += 1
    print(f"{len(files)} programs, {ninst} instructions, {bad} failed")
    return 1 if bad or not files else 0


if __name__ == "__main__":
    sys.exit(main())
