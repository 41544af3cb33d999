"""Progress of long work on standard error (issue 32): how many of how many are done, the rate, the time left (ETA)
and the failures so far, for make regress, make rtl-coverage, make mesa-corpus and make fpga (make bringup-suite's
usbringup --suite prints the same line from C).

    with progress.Progress(len(jobs), "regress full", unit="runs") as bar:
        for r in results_as_they_come:
            bar.update(failed=r.failed)
            if r.failed:
                bar.write(f"FAIL {r.name}")   # the script's own line, on stdout, without tearing the bar

On a terminal (standard error a TTY) it is one line updated in place, drawn by tqdm (PyPI), redrawn every second so
that the elapsed time and the ETA move while a long item runs, and left showing the end:

    regress full:   8%|███                           | 1234/15286 runs, 3 failed [01:40<19:02, 12.3 runs/s]

Elsewhere (a log, a pipe, CI) it is a plain line every PROGRESS_INTERVAL seconds (5 unless set), and one at the end
(tqdm's own output there would be carriage returns on one endless line):

    regress full: 1234/15286 runs (8%), 12.3 runs/s, elapsed 01:40, ETA 19:02, 3 failed

It writes to standard error only: never to standard output (which scripts and tests read) nor into a report file
(JUnit, summary.txt, JSON). PROGRESS=0 turns it off; PROGRESS=log forces the plain lines and PROGRESS=tty the line
in place. Without tqdm installed (scripts/setup/install_deps.sh installs it) it is off, and says so once."""
import os
import sys
import threading

try:
    from tqdm import tqdm as _tqdm
except ImportError:  # pragma: no cover - install_deps.sh installs it
    _tqdm = None

INTERVAL = 5.0       # seconds between two plain lines (PROGRESS_INTERVAL)
TTY_REDRAW = 1.0     # seconds between two redraws of the line in place while nothing completes
# the bar takes the width the rest leaves; the failures come before the times, so a narrow terminal keeps them
TTY_FORMAT = "{desc}: {percentage:3.0f}%|{bar}| {n_fmt}/{total_fmt}{unit}{postfix} [{elapsed}<{remaining}, {rate_h}]"
LOG_FORMAT = ("{desc}: {n_fmt}/{total_fmt}{unit} ({percentage:.0f}%), {rate_h}, elapsed {elapsed}, "
              "ETA {remaining}{postfix}")
_said_missing = []


def mode(stream=None):
    """'tty', 'log' or 'off': PROGRESS if set, else 'tty' when stream (standard error) is a terminal."""
    want = os.environ.get("PROGRESS", "").strip().lower()
    if want in ("0", "off", "no", "false", "none"):
        return "off"
    if want in ("tty", "log"):
        return want
    stream = stream or sys.stderr
    try:
        tty = stream.isatty()
    except (AttributeError, ValueError):
        tty = False
    return "tty" if tty and os.environ.get("TERM") != "dumb" else "log"


def screen(stream):
    """(columns, rows) of the terminal stream, or 100 x 24 where it does not say (a pseudo-terminal of size 0)."""
    try:
        size = os.get_terminal_size(stream.fileno())
    except (AttributeError, ValueError, OSError):
        return 100, 24
    return (size.columns if size.columns > 0 else 100), (size.lines if size.lines > 0 else 24)


def interval():
    try:
        v = float(os.environ.get("PROGRESS_INTERVAL", INTERVAL))
    except ValueError:
        return INTERVAL
    return v if v > 0 else INTERVAL


def rate_text(rate, unit):
    """12.3 runs/s, 4.0 parts/min or 2.0 parts/h: the unit of time that gives a number of at least one."""
    if not rate:
        return f"?{unit}/s"
    for scale, per in ((1, "s"), (60, "min"), (3600, "h")):
        if rate * scale >= 1 or per == "h":
            return f"{rate * scale:.1f}{unit}/{per}"


class _Null:
    def write(self, s):
        pass

    def flush(self):
        pass


if _tqdm is not None:
    class _Bar(_tqdm):
        monitor_interval = 0  # no monitor thread: Progress redraws on its own clock

        @property
        def format_dict(self):
            d = super().format_dict
            rate = d.get("rate")
            if not rate and d.get("elapsed"):
                rate = (d["n"] - d.get("initial", 0)) / d["elapsed"]
            d["rate_h"] = rate_text(rate, d.get("unit", ""))
            return d


class Progress:
    """total items, of which update() counts the ones done and the ones failed; desc names the work, unit its items
    (runs, tests, parts, vectors), fail_label what a failure is called. A context manager: close() draws the end.
    Thread-safe: update() and write() may come from any thread."""

    def __init__(self, total, desc, unit="items", fail_label="failed", stream=None):
        self.stream = stream or sys.stderr
        self.mode = mode(self.stream) if total else "off"
        if self.mode != "off" and _tqdm is None:
            if not _said_missing:
                _said_missing.append(1)
                print("progress: tqdm is not installed (bash scripts/setup/install_deps.sh): no progress shown",
                      file=self.stream, flush=True)
            self.mode = "off"
        self.failed, self.fail_label = 0, fail_label
        self._lock = threading.RLock()
        self._stop = threading.Event()
        self._thread = None
        self.bar = None
        if self.mode == "off":
            return
        tty = self.mode == "tty"
        self.bar = _Bar(total=total, desc=desc, unit=" " + unit, file=self.stream if tty else _Null(),
                        bar_format=TTY_FORMAT if tty else LOG_FORMAT, dynamic_ncols=tty, mininterval=0.5, miniters=1,
                        smoothing=0.1, leave=True, postfix=self._fails())
        if tty:  # the width at every redraw (a resized window), 100 where the terminal gives none
            self.bar.dynamic_ncols = screen
            self.bar.ncols, self.bar.nrows = screen(self.stream)
            self.bar.refresh()
        self._thread = threading.Thread(target=self._tick, args=(TTY_REDRAW if tty else interval(),), daemon=True)
        self._thread.start()

    def _fails(self):
        return f"{self.failed} {self.fail_label}"

    def _line(self, final=False):
        """The plain line: at the end, with the average rate over the whole run."""
        d = self.bar.format_dict
        if final:
            d["rate"] = None
            d["rate_h"] = rate_text(d["n"] / d["elapsed"] if d["elapsed"] else None, d["unit"])
        return self.bar.format_meter(**d)

    def _emit(self, final=False):
        self.stream.write(self._line(final) + "\n")
        self.stream.flush()

    def _tick(self, period):
        while not self._stop.wait(period):
            with self._lock:
                if self._stop.is_set():
                    return
                if self.mode == "tty":
                    self.bar.refresh()
                else:
                    self._emit()

    def update(self, n=1, failed=False):
        """n more items done; failed: True (one of them failed) or a number of failures among them."""
        if self.bar is None:
            self.failed += int(failed)
            return
        with self._lock:
            if failed:
                self.failed += int(failed)
                self.bar.set_postfix_str(self._fails(), refresh=False)
            self.bar.update(n)

    def goto(self, done, total=None, failed=None):
        """The count done (and total, failures) read from elsewhere, such as ninja's [done/total] status line."""
        if self.bar is None:
            return
        with self._lock:
            if total is not None and total != self.bar.total:
                self.bar.total = total
            if failed is not None and failed != self.failed:
                self.failed = failed
                self.bar.set_postfix_str(self._fails(), refresh=False)
            self.bar.update(done - self.bar.n)

    def iterate(self, items, failed=None):
        """Yields the items, each counted done when the loop asks for the next one (a `continue` counts too);
        failed(), when given, says the failures so far."""
        for n, item in enumerate(items, 1):
            yield item
            self.goto(n, failed=failed() if failed else None)

    def write(self, text, file=None):
        """A line of the script's own (to standard output unless file says) that does not tear the line in place."""
        file = file or sys.stdout
        with self._lock:
            if self.mode == "tty":
                _Bar.write(text, file=file)
                file.flush()
            else:
                file.write(text + "\n")
                file.flush()

    def close(self):
        if self.bar is None:
            return
        with self._lock:
            if self._stop.is_set():
                return
            self._stop.set()
            if self.mode == "log":
                self._emit(final=True)
                self.bar.close()
            else:
                self.bar.close()
                self.stream.flush()
        if self._thread is not threading.current_thread():
            self._thread.join()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False
