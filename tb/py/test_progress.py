#!/usr/bin/env python3
"""Progress on long work (scripts/lib/progress.py, usbringup --suite's own; issue 32 item 4), on small runs of two of
the instrumented commands, tb/regress/regress.py (make regress) and usbringup --suite (make bringup-suite):
- standard error not a terminal (a log): plain progress lines, at least one, each with done/total, the rate, the
  elapsed time, the ETA and the failures so far; the counts never go back, the last line is the whole; no carriage
  return;
- the machine-readable outputs hold none of it: regress's standard output, junit.xml, summary.txt and summary.json
  are byte-identical (but for the times they record) to a run with PROGRESS=0, which prints nothing on standard
  error; the bring-up suite's standard output, index.tsv and README.md carry no progress text;
- a run with failures (an injected fault) counts them: its last progress line says as many failed as summary.json;
- under a pseudo-terminal: carriage-return updates of one line (no newline between them) that end on the whole.
Every run's exit status is checked.
usage: test_progress.py SHARED (the shared folder: make regress needs its Mesa corpus)"""
import json
import os
import pty
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checklib import check, summary  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
REGRESS = [sys.executable, os.path.join(ROOT, "tb", "regress", "regress.py")]
# the sanitised build when there is one (make test makes it), as tb/py/test_bringup.py
SAN_BRINGUP = os.path.join(ROOT, "build", "san", "bin", "usbringup")
USBRINGUP = os.environ.get("USBRINGUP") or (SAN_BRINGUP if os.path.exists(SAN_BRINGUP) else
                                            os.path.join(ROOT, "build", "bin", "usbringup"))
RUNS = 40
# a plain progress line: DESC: DONE/TOTAL UNIT (P%), RATE, elapsed T, ETA T, N failed
LINE = re.compile(r"^(?P<desc>[^:\r\n]+): (?P<done>\d+)/(?P<total>\d+) (?P<unit>[a-z ]+) \((?P<pct>\d+)%\), "
                  r"(?:[\d.]+|\?) [a-z ]+/(?:s|min|h), elapsed [\d:]+, ETA (?:[\d:]+|\?), (?P<failed>\d+) failed$")
PROGRESS_TEXT = re.compile(r"\r|runs/s|runs/min|ETA |elapsed \d|field values/s|vectors/s")


def env_for(**kw):
    env = {k: v for k, v in os.environ.items() if k not in ("PROGRESS", "PROGRESS_INTERVAL")}
    env.update(kw)
    return env


def said(p):
    return f"exit {p.returncode}: {(p.stdout + p.stderr).strip()[-400:]}"


def lines_of(stderr, desc):
    """The progress lines of desc in stderr, parsed."""
    return [m for m in (LINE.match(ln) for ln in stderr.splitlines()) if m and m["desc"].startswith(desc)]


def check_log_lines(lines, what, total=None, failed=None):
    """At least one line; done never goes back and is at most total; the last is the whole."""
    if not check(lines, f"{what}: progress lines on standard error"):
        return
    done = [int(m["done"]) for m in lines]
    totals = {int(m["total"]) for m in lines}
    check(done == sorted(done) and all(d <= int(m["total"]) for d, m in zip(done, lines)),
          f"{what}: done never goes back nor past the total ({done})")
    check(total is None or totals == {total}, f"{what}: the total is {total} ({totals})")
    last = lines[-1]
    check(last["done"] == last["total"] and last["pct"] == "100", f"{what}: the last line is the whole ({last[0]})")
    check(failed is None or int(last["failed"]) == failed, f"{what}: the last line counts {failed} failed "
          f"({last[0]})")


def reports(out):
    """regress's reports with the times they record blanked: {name: text}."""
    got = {}
    for name in ("junit.xml", "summary.txt", "summary.json"):
        with open(os.path.join(out, name)) as fh:
            text = fh.read()
        if name == "summary.json":
            j = json.loads(text)
            j.pop("seconds", None)
            text = json.dumps(j, indent=1, sort_keys=True)
        got[name] = re.sub(r'time="[\d.]+"', 'time="T"', re.sub(r"\b\d+\.\d s\b", "T s", text))
    return got


def stdout_text(text):
    return re.sub(r"\b\d+\.\d s\b", "T s", text)


def in_pty(argv, env):
    """(exit status, everything written to the terminal) of argv on a pseudo-terminal (stdout and stderr both)."""
    pid, fd = pty.fork()
    if pid == 0:
        try:
            os.chdir(ROOT)
            os.execve(argv[0], argv, env)
        finally:
            os._exit(127)
    out = b""
    while True:
        try:
            data = os.read(fd, 65536)
        except OSError:  # EIO: the child closed the terminal
            break
        if not data:
            break
        out += data
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    return os.waitstatus_to_exitcode(status), out.decode(errors="replace")


def check_tty(rc, text, desc, what):
    """Carriage-return updates of one line: two or more, no newline between the first and the last."""
    check(rc == 0, f"{what}: exit 0 under a pseudo-terminal ({rc}: {text[-300:]!r})")
    starts = [m.start() for m in re.finditer(re.escape("\r" + desc), text)]
    if not check(len(starts) >= 2, f"{what}: two or more carriage-return updates ({len(starts)}: {text[:300]!r})"):
        return
    span = text[starts[0]:starts[-1]]
    check("\n" not in span, f"{what}: the updates stay on one line (no newline between them: {span[:300]!r})")
    last = text[starts[-1] + 1:].split("\r")[0].split("\n")[0]
    m = re.search(r" (\d+)/(\d+) ", last)
    check(m is not None and m.group(1) == m.group(2), f"{what}: the last update is the whole ({last!r})")


def regress_checks(shared, tmp):
    out = os.path.join(tmp, "regress")
    cmd = REGRESS + ["--suite", "smoke", "--limit", str(RUNS), "--jobs", "2", "--ctx", "1", "--shared", shared,
                     "--out", out]
    # (a) a log: plain lines every 0.2 s
    p = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, env=env_for(PROGRESS_INTERVAL="0.2"))
    check(p.returncode == 0, f"regress, {RUNS} runs, standard error a pipe: exit 0 ({said(p)})")
    check_log_lines(lines_of(p.stderr, "regress smoke"), "regress (a log)", RUNS, 0)
    check("\r" not in p.stderr, "regress (a log): no carriage return on standard error")
    check(not PROGRESS_TEXT.search(p.stdout), f"regress: no progress text on standard output ({p.stdout[-300:]!r})")
    with_progress, out_with = reports(out), stdout_text(p.stdout)
    for name, text in with_progress.items():
        check(not PROGRESS_TEXT.search(text), f"regress: no progress text in {name}")
    # the same run with PROGRESS=0: nothing on standard error, the same standard output and reports
    p = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, env=env_for(PROGRESS="0"))
    check(p.returncode == 0 and p.stderr == "", f"regress with PROGRESS=0: exit 0, nothing on standard error "
          f"({said(p)})")
    check(stdout_text(p.stdout) == out_with, "regress: standard output byte-identical with and without progress "
          "(the times blanked)")
    without = reports(out)
    for name in with_progress:
        check(with_progress[name] == without[name], f"regress: {name} byte-identical with and without progress "
              "(the times blanked)")
    # failures so far: an injected fault fails the random runs
    p = subprocess.run(REGRESS + ["--suite", "smoke", "--limit", "6", "--jobs", "2", "--ctx", "1", "--kinds", "random",
                                  "--extra", "--inject-flip 3", "--shared", shared, "--out", out],
                       capture_output=True, text=True, cwd=ROOT, env=env_for(PROGRESS="log"))
    with open(os.path.join(out, "summary.json")) as fh:
        failed = json.load(fh)["failed"]
    check(p.returncode == 1 and failed > 0, f"regress with an injected fault: exit 1, runs failed ({failed}, "
          f"{said(p)})")
    check_log_lines(lines_of(p.stderr, "regress smoke"), "regress with failures (a log)", 6, failed)
    told = re.findall(r"^FAIL \S+$", p.stdout, re.M)  # as each run ends (the summary repeats them with the verdict)
    check(len(told) == failed and not PROGRESS_TEXT.search(p.stdout),
          f"regress with failures: standard output tells each failure, and no progress text ({len(told)} told)")
    # (b) a terminal
    rc, text = in_pty(cmd, env_for())
    check_tty(rc, text, "regress smoke", "regress (a terminal)")
    check(f"{RUNS} passed, 0 failed" in text, "regress (a terminal): the summary follows the line")


def bringup_checks(tmp):
    suite = os.path.join(tmp, "suite")
    cmd = [USBRINGUP, "--suite", suite, os.path.join(ROOT, "vectors", "smoke")]
    p = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, env=env_for(PROGRESS_INTERVAL="0.2"))
    check(p.returncode == 0, f"usbringup --suite vectors/smoke, standard error a pipe: exit 0 ({said(p)})")
    read, choose = lines_of(p.stderr, "bringup-suite read"), lines_of(p.stderr, "bringup-suite choose")
    check_log_lines(read, "bringup-suite read (a log)", None, 0)
    check_log_lines(choose, "bringup-suite choose (a log)", None, 0)
    check(not [ln for ln in p.stderr.splitlines() if not LINE.match(ln)] and "\r" not in p.stderr,
          f"bringup-suite (a log): standard error is progress lines alone ({p.stderr[:300]!r})")
    n = len(os.listdir(os.path.join(ROOT, "vectors", "smoke")))
    check(read and int(read[-1]["total"]) == 2 + sum(f.endswith(".vec") for f in os.listdir(
        os.path.join(ROOT, "vectors", "smoke"))), f"bringup-suite read: the total is the candidates and the two "
          f"sweeps ({read[-1][0] if read else None}; {n} files)")
    said_lines = p.stdout.splitlines()
    check(len(said_lines) >= 1 and said_lines[0].startswith("bring-up suite:") and not PROGRESS_TEXT.search(p.stdout),
          f"usbringup --suite: standard output is its summary, no progress text ({p.stdout[:300]!r})")
    for name in ("index.tsv", "README.md"):
        with open(os.path.join(suite, name)) as fh:
            check(not PROGRESS_TEXT.search(fh.read()), f"bringup-suite: no progress text in {name}")
    shutil.rmtree(suite)
    p = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, env=env_for(PROGRESS="0"))
    check(p.returncode == 0 and p.stderr == "" and p.stdout.startswith("bring-up suite:"),
          f"usbringup --suite with PROGRESS=0: exit 0, nothing on standard error ({said(p)})")
    shutil.rmtree(suite)
    rc, text = in_pty(cmd, env_for())
    check_tty(rc, text, "bringup-suite read", "bringup-suite (a terminal)")
    check("\x1b[K" in text and "bring-up suite:" in text, "bringup-suite (a terminal): the line is cleared to its "
          "end, and the summary follows")


def main():
    if len(sys.argv) != 2:
        print(__doc__.splitlines()[-1], file=sys.stderr)
        return 2
    shared = os.path.abspath(sys.argv[1])
    try:
        import tqdm  # noqa: F401
    except ImportError:
        print("test_progress: tqdm is not installed (bash scripts/setup/install_deps.sh)")
        return 77
    for need in (os.path.join(ROOT, "build", "cosim", "ctx1", "uscosim"), USBRINGUP):
        if not os.access(need, os.X_OK):
            print(f"test_progress: {need} is missing (make regress-harness tools)")
            return 77
    tmp = tempfile.mkdtemp(prefix="progress-")
    try:
        regress_checks(shared, tmp)
        bringup_checks(tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return summary()


if __name__ == "__main__":
    sys.exit(main())
