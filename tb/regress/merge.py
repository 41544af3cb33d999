#!/usr/bin/env python3
"""make regress-merge DIR=...: the slices of one sharded regression (make regress SHARD=I/N, each in a folder of
its own below DIR, at any depth) put back together as the whole run would have written them: DIR/junit.xml with
every run in the order of the unsharded list, DIR/summary.txt and DIR/summary.json with the counts and every
failure's repro line. Exit 0 when every run passed, 1 when some failed, 2 when the slices do not make one whole
regression: a slice missing, one found twice, slices of different runs (suite, seed, options, run list), a slice
whose files are unreadable or disagree with each other.
usage: merge.py DIR"""
import json
import os
import sys
import xml.etree.ElementTree as ET


class MergeError(Exception):
    pass


# What must agree between slices of one regression (the run list's digest covers suite, seed, NUM_CTX, kinds, limit).
SAME = ("suite", "seed", "ctx", "kinds", "limit", "extra", "list")
NEEDED = ("shard", "seconds", "runs", "passed", "failed", "failures")


def find_slices(top):
    """Every slice's summary.json below top: {index: (folder, summary)}; refuses doubles and mixed runs."""
    slices, first = {}, None
    for folder, _, files in sorted(os.walk(top)):
        if "summary.json" not in files or os.path.abspath(folder) == os.path.abspath(top):
            continue
        path = os.path.join(folder, "summary.json")
        try:
            with open(path) as fh:
                s = json.load(fh)
        except (OSError, ValueError) as e:
            raise MergeError(f"{path}: not a regression summary ({e})")
        if not isinstance(s, dict) or not all(k in s for k in SAME + NEEDED):
            raise MergeError(f"{path}: not a regression summary (it lacks "
                             f"{', '.join(k for k in SAME + NEEDED if not isinstance(s, dict) or k not in s)})")
        shard = s["shard"]
        if not shard:
            raise MergeError(f"{path}: an unsharded regression's summary (run make regress SHARD=I/N into {top})")
        i, n = shard.get("index"), shard.get("count")
        if not isinstance(i, int) or not isinstance(n, int) or not 1 <= i <= n:
            raise MergeError(f"{path}: shard {json.dumps(shard)} is not I of N with 1 <= I <= N")
        if first is None:
            first = (path, s)
        else:
            for key in SAME + ("shard.count",):
                a = first[1]["shard"]["count"] if key == "shard.count" else first[1].get(key)
                b = n if key == "shard.count" else s.get(key)
                if a != b:
                    raise MergeError(f"{path} and {first[0]} are slices of different regressions: {key} "
                                     f"{json.dumps(b)} and {json.dumps(a)}")
        if i in slices:
            raise MergeError(f"shard {i} of {n} found twice: {slices[i][0]} and {folder}")
        slices[i] = (folder, s)
    if first is None:
        raise MergeError(f"{top}: no shard summaries below it (make regress SHARD=I/N REGRESS_OUT={top}/shard-I)")
    n = first[1]["shard"]["count"]
    missing = [str(i) for i in range(1, n + 1) if i not in slices]
    if missing:
        raise MergeError(f"{top}: shard{'s' if len(missing) > 1 else ''} {', '.join(missing)} of {n} missing "
                         f"(found {', '.join(str(i) for i in sorted(slices))})")
    return slices


def read_cases(folder, summary):
    """The slice's test cases from its junit.xml, checked against its summary's counts."""
    path = os.path.join(folder, "junit.xml")
    try:
        suite = ET.parse(path).getroot().find("testsuite")
    except (OSError, ET.ParseError) as e:
        raise MergeError(f"{path}: unreadable ({e})")
    cases = suite.findall("testcase") if suite is not None else []
    fails = sum(1 for c in cases if c.find("failure") is not None)
    if len(cases) != summary["passed"] + summary["failed"] or fails != summary["failed"]:
        raise MergeError(f"{path}: {len(cases)} runs, {fails} failed, but its summary.json says "
                         f"{summary['passed'] + summary['failed']} and {summary['failed']}")
    return cases


def write_all(top, files):
    """Every file whole or none: each is written beside itself and renamed once all are written."""
    tmps = []
    try:
        for name, data in files.items():
            tmp = os.path.join(top, f".{name}.merge-tmp")
            tmps.append(tmp)
            with open(tmp, "wb") as fh:
                fh.write(data)
        for name in files:
            os.replace(os.path.join(top, f".{name}.merge-tmp"), os.path.join(top, name))
    finally:
        for tmp in tmps:
            if os.path.exists(tmp):
                os.remove(tmp)


def merge(top):
    slices = find_slices(top)
    n = len(slices)
    first = slices[1][1]
    cases = {i: read_cases(*slices[i]) for i in slices}
    total = sum(len(c) for c in cases.values())
    if total != first["list"]["runs"]:
        raise MergeError(f"{top}: the shards hold {total} runs, the regression's list {first['list']['runs']}")
    # Run k of the whole list is run k // n of shard k % n + 1 (tb/regress/regress.py, shard_slice).
    ordered = [cases[k % n + 1][k // n] for k in range(total)]
    failures = [f for i in sorted(slices) for f in slices[i][1]["failures"]]
    order = {c.get("classname") + "/" + c.get("name"): k for k, c in enumerate(ordered)}
    failures.sort(key=lambda f: order.get(f["name"], total))
    wall = max(s["seconds"] for _, s in slices.values())
    summed = sum(s["seconds"] for _, s in slices.values())
    runs = {}
    for _, s in slices.values():
        for kind, count in s["runs"].items():
            runs[kind] = runs.get(kind, 0) + count

    root = ET.Element("testsuites", tests=str(total), failures=str(len(failures)), time=f"{wall:.1f}")
    suite = ET.SubElement(root, "testsuite", name="regress." + first["suite"], tests=str(total),
                          failures=str(len(failures)), time=f"{wall:.1f}")
    suite.extend(ordered)
    ET.indent(root)
    junit = b'<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root) + b"\n"
    lines = [f"regress {first['suite']}: seed {first['seed']}, NUM_CTX {' and '.join(map(str, first['ctx']))}, "
             f"{n} shards merged, {wall:.1f} s (the longest shard), {summed:.1f} s summed",
             "runs: " + ", ".join(f"{k} {v}" for k, v in sorted(runs.items())),
             f"{total - len(failures)} passed, {len(failures)} failed"]
    lines += [f"FAIL {f['name']} ({f['verdict']}): {f['repro']}" for f in failures]
    lines.append(f"reports: {top}/junit.xml, summary.txt; mismatch-*.txt/.json in the shard folders")
    text = "\n".join(lines) + "\n"
    merged = {"suite": first["suite"], "seed": first["seed"], "ctx": first["ctx"], "shards": n,
              "seconds": round(wall, 3), "seconds_summed": round(summed, 3), "runs": runs,
              "passed": total - len(failures), "failed": len(failures), "failures": failures}
    write_all(top, {"junit.xml": junit, "summary.txt": text.encode(),
                    "summary.json": json.dumps(merged, indent=1).encode() + b"\n"})
    print(text, end="")
    return 1 if failures else 0


def main():
    if len(sys.argv) != 2 or not os.path.isdir(sys.argv[1]):
        print("usage: merge.py DIR (the folder holding the shards' folders)", file=sys.stderr)
        return 2
    try:
        return merge(sys.argv[1].rstrip("/") or "/")
    except MergeError as e:
        print(f"regress-merge: {e}", file=sys.stderr)
        return 2
    except OSError as e:
        print(f"regress-merge: cannot write the merged reports: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
