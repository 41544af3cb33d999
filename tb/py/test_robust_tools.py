#!/usr/bin/env python3
"""The tools against hostile conditions (ASan/UBSan builds): output that cannot be written (a full device, a file
size limit) gives exit 2 and a message naming the path and the OS's reason, and leaves no partial file and the old
one untouched; strict numeric options; usgen's --prefix kept inside --out and whole; truncated vectors and
watchdogs past the ceiling refused with file:line; a long trace streamed in bounded memory; many labels.
usage: test_robust_tools.py CORPUS_DIR"""
import os
import resource
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checklib import check, summary  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.path.join(ROOT, "build", "san", "bin")
OPT_BIN = os.path.join(ROOT, "build", "bin")  # for the memory limit: ASan reserves terabytes of address space
ENOSPC = "No space left on device"
EFBIG = "File too large"
MAX_WATCHDOG = 16777216


def run(tool, *args, limit=None, stdout=None, bindir=BIN):
    """The tool; limit: a file size (bytes) past which writes fail with EFBIG instead of killing the process."""
    def lower_limit():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # ignored across exec: write() returns EFBIG
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    out = subprocess.PIPE if stdout is None else stdout
    return subprocess.run([os.path.join(bindir, tool), *args], stdout=out, stderr=subprocess.PIPE, text=True,
                          preexec_fn=lower_limit if limit is not None else None)


def full(tool, *args):
    """The tool with standard output on /dev/full."""
    with open("/dev/full", "w") as dev:
        return run(tool, *args, stdout=dev)


def write(path, text):
    Path(path).write_text(text)
    return path


def read(path):
    return Path(path).read_text()


OUT_INST = "out tex_sem_wait\n    rgb: sop o0.r\n    alpha: rcp _, src0.a\n    src0.a=t0\n"


def full_device(tmp, prog, vec):
    """Standard output or an output file on /dev/full: exit 2, the path and ENOSPC named on stderr."""
    src = os.path.join(tmp, "prog.s")
    p = run("usdis", prog)
    write(src, p.stdout)
    cov = os.path.join(tmp, "cov-full")
    cases = [
        (full("usdis", prog), "usdis: cannot write standard output"),
        (full("usim", "--program", prog, "--seed", "1"), "usim: cannot write standard output"),
        (full("usim", vec), "usim: cannot write standard output"),
        (run("usim", "--program", prog, "--seed", "1", "--emit-vector", "/dev/full"), "usim: cannot write /dev/full"),
        (run("usasm", src, "-o", "/dev/full"), "usasm: cannot write /dev/full"),
        (full("usasm", src, "-o", "-"), "usasm: cannot write standard output"),
        (full("usgen", "--knobs"), "usgen: cannot write standard output"),
        (full("uscov", "--random", "4", "--seeds", "1", "--out", cov), "uscov: cannot write standard output"),
        (full("usbringup", vec, "-o", os.path.join(tmp, "bringup-full")), "usbringup: cannot write standard output"),
    ]
    for p, msg in cases:
        check(p.returncode == 2 and f"{msg}: {ENOSPC}" in p.stderr,
              f"{msg}: exit 2 naming it and the reason ({p.returncode}: {p.stderr.strip()[-200:]})")
    p = run("usgen", "--random", "1", "--seed", "1", "--out", "/dev/full")
    check(p.returncode == 2 and "/dev/full" in p.stderr, f"usgen --out /dev/full: exit 2 ({p.stderr.strip()})")


def untouched(d, before, what):
    """d holds exactly the files of before (name -> text), unchanged: nothing partial, no temporary left."""
    now = {f: read(os.path.join(d, f)) for f in sorted(os.listdir(d))}
    differ = sorted(f for f in set(now) | set(before) if now.get(f) != before.get(f))
    check(now == before, f"{what}: the old files stay as they were and nothing else is left (differ: {differ})")


def size_limit(tmp, prog, vec):
    """A file size limit (a full disk's failing write): exit 2 naming the file, the old file untouched."""
    src = write(os.path.join(tmp, "prog.s"), run("usdis", prog).stdout)
    d = os.path.join(tmp, "limited")
    os.mkdir(d)
    old = {"out.hex": "old hex\n", "out.vec": "old vector\n"}
    for f, text in old.items():
        write(os.path.join(d, f), text)
    hexf, vecf = os.path.join(d, "out.hex"), os.path.join(d, "out.vec")
    p = run("usasm", src, "-o", hexf, limit=100)
    check(p.returncode == 2 and f"usasm: cannot write {hexf}: {EFBIG}" in p.stderr, f"usasm: {p.stderr.strip()}")
    p = run("usim", "--program", prog, "--seed", "1", "--emit-vector", vecf, limit=1000)
    check(p.returncode == 2 and f"usim: cannot write {vecf}: {EFBIG}" in p.stderr, f"usim: {p.stderr.strip()}")
    untouched(d, old, "usasm and usim --emit-vector past the limit")
    p = run("usasm", src, "-o", os.path.join(d, "new.hex"), limit=100)
    check(p.returncode == 2, "usasm: a new file past the limit fails")
    untouched(d, old, "a new file past the limit")

    bdir = os.path.join(tmp, "bringup")
    p = run("usbringup", vec, "-o", bdir)
    check(p.returncode == 0, f"usbringup exports ({p.stderr.strip()[-200:]})")
    exported = {f: read(os.path.join(bdir, f)) for f in os.listdir(bdir)}
    for f in exported:
        write(os.path.join(bdir, f), "old\n")
    p = run("usbringup", vec, "-o", bdir, limit=200)
    check(p.returncode == 2 and f"cannot write {bdir}/" in p.stderr and EFBIG in p.stderr,
          f"usbringup past the limit: exit 2 naming the file ({p.stderr.strip()[-200:]})")
    untouched(bdir, {f: "old\n" for f in exported}, "usbringup past the limit")
    os.remove(os.path.join(bdir, "README.txt"))
    os.mkdir(os.path.join(bdir, "README.txt"))  # the fourth file cannot be written: the first three stay old too
    p = run("usbringup", vec, "-o", bdir)
    check(p.returncode == 2 and f"cannot write {bdir}/README.txt: Is a directory" in p.stderr,
          f"usbringup with README.txt a directory: exit 2 naming it ({p.stderr.strip()[-200:]})")
    os.rmdir(os.path.join(bdir, "README.txt"))
    untouched(bdir, {f: "old\n" for f in exported if f != "README.txt"}, "usbringup failing at its fourth file")

    gdir = os.path.join(tmp, "gen")
    os.mkdir(gdir)
    p = run("usgen", "--random", "3", "--seed", "1", "--out", gdir, limit=1000)
    check(p.returncode == 2 and f"usgen: cannot write {gdir}/random-1.vec: {EFBIG} (0 vectors written before it)"
          in p.stderr, f"usgen past the limit: exit 2 naming the file, none counted ({p.stderr.strip()})")
    untouched(gdir, {}, "usgen past the limit")
    p = run("usgen", "--fields", "--out", gdir, limit=1000)
    check(p.returncode == 2 and f"usgen: cannot write {gdir}/fields-" in p.stderr and EFBIG in p.stderr,
          f"usgen --fields past the limit: exit 2 naming the file ({p.stderr.strip()})")
    untouched(gdir, {}, "usgen --fields past the limit")

    cdir = os.path.join(tmp, "cov")
    p = run("uscov", "--random", "4", "--seeds", "2", "--out", cdir, limit=1000)
    check(p.returncode == 2 and f"cannot write {cdir}/coverage.txt: {EFBIG}" in p.stderr,
          f"uscov past the limit: exit 2 naming the file ({p.stderr.strip()})")
    untouched(cdir, {}, "uscov past the limit")
    old = {"coverage.txt": "old\n", "coverage.html": "old\n"}
    for f, text in old.items():
        write(os.path.join(cdir, f), text)
    os.mkdir(os.path.join(cdir, "coverage.tsv"))  # the third report cannot be written: the first two stay old
    p = run("uscov", "--random", "4", "--seeds", "2", "--out", cdir)
    check(p.returncode == 2 and f"cannot write {cdir}/coverage.tsv: Is a directory" in p.stderr,
          f"uscov with coverage.tsv a directory: exit 2 naming it ({p.stderr.strip()})")
    os.rmdir(os.path.join(cdir, "coverage.tsv"))
    untouched(cdir, old, "uscov failing at its third report")


def whole_files(tmp, prog):
    """A file written in full: the umask's mode (not a temporary's 0600); through a link, the file it names."""
    src = write(os.path.join(tmp, "whole.s"), run("usdis", prog).stdout)
    d = os.path.join(tmp, "whole")
    os.mkdir(d)
    target = write(os.path.join(d, "target.hex"), "old\n")
    link = os.path.join(d, "link.hex")
    os.symlink("target.hex", link)
    old_mask = os.umask(0o022)
    try:
        fresh = os.path.join(d, "fresh.hex")
        p1 = run("usasm", src, "-o", fresh)
        p2 = run("usasm", src, "-o", link)
    finally:
        os.umask(old_mask)
    check(p1.returncode == 0 and os.stat(fresh).st_mode & 0o777 == 0o644, "a new file gets the umask's mode 0644")
    check(p2.returncode == 0 and os.path.islink(link) and read(target) == read(fresh),
          "through a symbolic link the file it names is replaced, the link stays")
    check(sorted(os.listdir(d)) == ["fresh.hex", "link.hex", "target.hex"], "no temporary left after success")


def gen_prefix(tmp):
    """--prefix: refused when it leaves --out or PREFIX-SEED would not fit; vectors written = vectors reported."""
    d = os.path.join(tmp, "prefix")
    os.mkdir(d)
    for prefix, what in (("p" * 70, "is too long"), ("../escape", "letters, digits"), ("a/b", "letters, digits"),
                         ("", "letters, digits"), (".hidden", "letters, digits"), ("a b", "letters, digits")):
        p = run("usgen", "--random", "3", "--seed", "1", "--out", d, "--prefix", prefix)
        check(p.returncode == 2 and f"--prefix '{prefix}'" in p.stderr and what in p.stderr,
              f"--prefix {prefix!r}: exit 2 ({p.stderr.strip()})")
    check(os.listdir(d) == [] and not os.path.exists(os.path.join(tmp, "escape-1.vec")),
          "refused prefixes write nothing")
    p = run("usgen", "--random", "1", "--seed", "1", "--out", os.path.join(tmp, "never"), "--prefix", "a/b")
    check(p.returncode == 2 and not os.path.exists(os.path.join(tmp, "never")), "nor make the --out directory")
    fits = "q" * 61  # q...-9 is 63 characters, q...-10 would be 64
    p = run("usgen", "--random", "2", "--seed", "9", "--out", d, "--prefix", fits)
    check(p.returncode == 2 and "is too long" in p.stderr and "(64 for seed 10)" in p.stderr and os.listdir(d) == [],
          f"a prefix too long for the last seed only is refused up front ({p.stderr.strip()})")
    p = run("usgen", "--random", "2", "--seed", "7", "--out", d, "--prefix", fits)
    check(p.returncode == 0 and sorted(os.listdir(d)) == [f"{fits}-7.vec", f"{fits}-8.vec"]
          and "usgen: 2 vectors" in p.stderr, f"a prefix that just fits: both written and counted ({p.stderr.strip()})")


BAD_NUMBERS = ["-1", "abc", "99999999999999999999999", "18446744073709551616", "", "+5", " 5", "5 ", "0x", "1e3"]


def numbers(tmp, prog):
    """Every numeric option: negative, non-numeric, overflowing values exit 2 naming the option."""
    out = os.path.join(tmp, "numbers")
    cases = [("usim", ["--program", prog, "--seed", "{}"], "--seed"),
             ("usim", ["--program", prog, "--seed", "1", "--repeat", "{}"], "--repeat"),
             ("usgen", ["--random", "{}", "--seed", "1", "--out", out], "--random"),
             ("usgen", ["--random", "1", "--seed", "{}", "--out", out], "--seed"),
             ("usgen", ["--random", "1", "--seed", "1", "--out", out, "--knob", "len={}"], "knob len"),
             ("uscov", ["--random", "{}", "--seeds", "1", "--out", out], "--random"),
             ("uscov", ["--random", "4", "--seeds", "{}", "--out", out], "--seeds")]
    for tool, args, opt in cases:
        bad = [n for n in BAD_NUMBERS
               if (lambda p: p.returncode != 2 or opt not in p.stderr)(run(tool, *[a.format(n) for a in args]))]
        check(not bad, f"{tool} {opt}: every bad number exits 2 naming the option (not: {bad})")
    for tool, args in (("usim", ["--program", prog, "--seed", "1", "--repeat", "0"]),
                       ("usgen", ["--random", "1000001", "--seed", "1", "--out", out]),
                       ("uscov", ["--random", "513", "--seeds", "1", "--out", out])):
        p = run(tool, *args)
        check(p.returncode == 2 and "is not a number from" in p.stderr,
              f"{tool} {args[-4:]}: out of range ({p.stderr})")
    p = run("usim", "--program", prog, "--seed", "0x10", "--repeat", "2")
    q = run("usim", "--program", prog, "--seed", "16")
    check(p.returncode == 0 and q.returncode == 0 and p.stdout == q.stdout,
          "decimal and 0x numbers are accepted and agree")
    check(not os.path.exists(out), "no refused usgen or uscov run wrote anything")


def truncated(tmp, prog):
    """A vector cut short: refused with file:line by every tool that reads vectors; a short trace fails."""
    vec = os.path.join(tmp, "whole.vec")
    p = run("usim", "--program", prog, "--seed", "3", "--emit-vector", vec)
    text = read(vec)
    lines = text.split("\n")[:-1]
    check(p.returncode == 0 and run("usim", vec).returncode == 0, "the whole vector passes")
    no_newline = write(os.path.join(tmp, "no-newline.vec"), text[:-1])
    k = next(i for i, line in enumerate(lines) if line.startswith("expect out"))
    mid_line = write(os.path.join(tmp, "mid-line.vec"), "\n".join(lines[:k]) + "\n" + lines[k][:20])
    for path, line in ((no_newline, len(lines)), (mid_line, k + 1)):
        msg = f"{path}:{line}: the last line does not end in a newline: the vector is truncated"
        for tool, args in (("usim", [path]), ("usbringup", [path, "-o", os.path.join(tmp, "tb")]),
                           ("uscov", ["--vectors", path, "--out", os.path.join(tmp, "tc")])):
            p = run(tool, *args)
            check(p.returncode == 2 and msg in p.stderr, f"{tool} {os.path.basename(path)}: {p.stderr.strip()[-200:]}")
    kill = lines.index("expect killed 0x0")
    cut = write(os.path.join(tmp, "cut.vec"), "\n".join(lines[:kill]) + "\n")
    p = run("usim", cut)
    check(p.returncode == 2 and f"{cut}:" in p.stderr and "incomplete: no 'expect killed'" in p.stderr,
          f"cut before expect killed: incomplete ({p.stderr.strip()})")
    ntrace = sum(line.startswith("expect trace") for line in lines)
    short = write(os.path.join(tmp, "short.vec"), "\n".join(lines[:-1]) + "\n")
    p = run("usim", short)
    check(lines[-1].startswith("expect trace") and p.returncode == 1 and
          f"trace: expected {ntrace - 1} retired instructions, got {ntrace}" in p.stdout,
          f"a trace cut at a line boundary fails ({p.stdout.strip()[-200:]})")


SPIN = "0x00000002, 0x0, 0x0000ff00, 0x00000000, 0x0, 0x0,\n"  # fc jump 0, func=0xff: for ever


def setup_lines(vec):
    return [x for x in read(vec).split("\n") if x and not x.startswith("expect")]


def watchdog(tmp, prog):
    """param watchdog: 1..2^24; the ceiling in the --help; a long trace streamed in bounded memory."""
    vec = os.path.join(tmp, "short.vec")  # a program that ends at once: a missed refusal fails quickly
    run("usim", "--program", prog, "--seed", "1", "--emit-vector", vec)
    setup = setup_lines(vec)
    for value in (str(MAX_WATCHDOG + 1), "0xffffffff", "0", "4294967296"):
        path = write(os.path.join(tmp, f"wd-{value}.vec"), "\n".join(setup + [f"param watchdog {value}"]) + "\n")
        p = run("usim", path)
        check(p.returncode == 2 and f"{path}:{len(setup) + 1}:" in p.stderr, f"watchdog {value} refused ({p.stderr})")
        if value == "0xffffffff":
            check(f"watchdog 1..{MAX_WATCHDOG}" in p.stderr, f"the message gives the range ({p.stderr.strip()})")
    spin = write(os.path.join(tmp, "spin.hex"), SPIN)
    vec = os.path.join(tmp, "spin.vec")
    run("usim", "--program", spin, "--seed", "1", "--emit-vector", vec)
    ok = write(os.path.join(tmp, "wd-ok.vec"), "\n".join(setup_lines(vec) + ["param watchdog 3"]) + "\n")
    p = run("usim", ok)
    check(p.returncode == 0 and "retired 3" in p.stdout, f"watchdog 3 ends the spin after 3 ({p.stdout[-100:]})")
    for tool in ("usim", "usbringup", "uscov"):
        p = run(tool, "--help")
        check(p.returncode == 0 and f"watchdog is at most {MAX_WATCHDOG}" in p.stdout,
              f"{tool} --help gives the watchdog ceiling on stdout, exit 0 ({p.returncode})")
    # 2^20 trace lines (about 100 MB if kept) within 64 MB of address space: printed and emitted as they come
    def small_memory():
        resource.setrlimit(resource.RLIMIT_AS, (64 << 20, 64 << 20))
    p = subprocess.run([os.path.join(OPT_BIN, "usim"), "--program", spin, "--seed", "1", "--trace", "--emit-vector",
                        "/dev/null"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                       preexec_fn=small_memory)
    check(p.returncode == 0 and "1048576 quad-instructions" in p.stderr,
          f"usim --trace --emit-vector of 2^20 instructions in 64 MB ({p.returncode}: {p.stderr[-200:]})")


def many_labels(tmp):
    """100,000 labels: the jump finds the one naming slot 1, and a duplicate at the end is still found."""
    n = 100000
    labels = "".join(f"l{i}:\n" for i in range(n))
    src = write(os.path.join(tmp, "labels.s"), labels + "fc jump target\ntarget:\n" + OUT_INST)
    hexf = os.path.join(tmp, "labels.hex")
    p = run("usasm", src, "-o", hexf)
    d = run("usdis", hexf, "--no-words") if p.returncode == 0 else p
    check(p.returncode == 0 and d.returncode == 0 and "fc jump L1 " in d.stdout,
          f"{n} labels assemble, the jump to slot 1 ({p.stderr[-200:]})")
    dup = write(os.path.join(tmp, "dup.s"), labels + f"fc jump l{n - 1}\nl{n // 2}:\n" + OUT_INST)
    p = run("usasm", dup, "-o", hexf)
    check(p.returncode == 2 and f"{dup}:{n + 2}: label 'l{n // 2}' already defined at line {n // 2 + 1}" in p.stderr,
          f"a duplicate among {n} labels is named with both lines: {p.stderr.strip()[-200:]}")
    und = write(os.path.join(tmp, "und.s"), labels + f"fc jump l{n}\n" + OUT_INST)
    p = run("usasm", und, "-o", hexf)
    check(p.returncode == 2 and f"{und}:{n + 1}: undefined label 'l{n}'" in p.stderr,
          f"an undefined label among {n} is named: {p.stderr.strip()[-200:]}")


def main():
    prog = os.path.join(sys.argv[1], "length.fs.txt")
    if not os.path.isfile(prog):
        print(f"{prog} is missing")
        return 77
    with tempfile.TemporaryDirectory() as tmp:
        vec = os.path.join(tmp, "length.vec")
        p = run("usim", "--program", prog, "--seed", "1", "--emit-vector", vec)
        check(p.returncode == 0, f"usim --emit-vector writes a vector ({p.stderr.strip()[-200:]})")
        for part in (full_device, size_limit):
            sub = os.path.join(tmp, part.__name__)
            os.mkdir(sub)
            part(sub, prog, vec)
        for part in (whole_files, numbers, truncated, watchdog):
            sub = os.path.join(tmp, part.__name__)
            os.mkdir(sub)
            part(sub, prog)
        for part in (gen_prefix, many_labels):
            sub = os.path.join(tmp, part.__name__)
            os.mkdir(sub)
            part(sub)
    return summary()


if __name__ == "__main__":
    sys.exit(main())
