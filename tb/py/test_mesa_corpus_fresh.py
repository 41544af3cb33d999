#!/usr/bin/env python3
"""The piglit corpora are not stale: each was made by its Mesa's current capture patch, and Mesa still captures it.
Each Mesa version of scripts/mesa/mesa_corpus.py MESA_VERSIONS has its corpus and patch (corpus/piglit and
tb/mesa/r300-capture.patch for 22.3.6, corpus/piglit-25.0.7 and tb/mesa/r300-capture-25.0.patch for 25.0.7); --mesa V
picks one (default: every version for --key, 22.3.6 for --recapture).

--key (needs no Mesa): the cache key of the checked-in corpus (summary.json, README.md and every tests/NAME.json:
the Mesa version and the patch's sha256) is the sha256 of tb/mesa/r300-capture.patch, so editing the patch without
`make mesa-corpus` fails. Planted faults: a copy of the patch with one byte changed, a copy of the corpus whose
summary names another sha, must fail.

--recapture N (needs the Mesa build cache build/mesa/<version>-<patch sha 12> and piglit's shader_runner; exits 77,
reported as skipped, when either is missing): N captured tests spread over corpus/piglit/index.json are run again
through shader_runner under the shim (scripts/mesa/mesa_corpus.py's capture_one and record) and each new tests/NAME.json
and programs/SHA.hex must equal the checked-in one, apart from the documented run-to-run noise (corpus/piglit/
README.md): a uniform constant's component that no uniform sets holds whatever the driver's buffer held. A
difference fails naming the test and its first differing field. Planted fault: one byte of a copy of a capture.
usage: test_mesa_corpus_fresh.py --key | --recapture N [--mesa V] [--mesa-dir DIR]"""
import argparse
import concurrent.futures
import copy
import hashlib
import json
import os
import re
import shutil
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts", "mesa"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mesa_corpus as mc  # noqa: E402
from checklib import check, summary  # noqa: E402

CORPUS = os.path.join(ROOT, "corpus", "piglit")   # set per version by main()
SKIP = 77  # tb/run_tests.py reports this exit status as skipped


# ---- the cache key --------------------------------------------------------------------------------------------

def key_problems(corpus, patch):
    """What in corpus disagrees with the patch file's sha256 (and the Mesa version with itself); [] when none."""
    sha = hashlib.sha256(open(patch, "rb").read()).hexdigest()
    summ = json.load(open(os.path.join(corpus, "summary.json")))
    probs = []
    if summ.get("patch_sha256") != sha:
        probs.append(f"summary.json: patch_sha256 {summ.get('patch_sha256')} but {os.path.relpath(patch, ROOT)} "
                     f"has sha256 {sha}: run make mesa-corpus")
    readme = open(os.path.join(corpus, "README.md")).read()
    m = re.search(r"r300-capture[-\w.]*\.patch` \(sha256 `([0-9a-f]{64})`\)", readme)
    if not m or m.group(1) != sha:
        probs.append(f"README.md: patch sha256 {m.group(1) if m else '(not found)'} but the patch has {sha}")
    if f"`mesa` {summ.get('mesa')}" not in readme:
        probs.append(f"README.md does not name the Mesa version of summary.json ({summ.get('mesa')})")
    for e in json.load(open(os.path.join(corpus, "index.json"))):
        t = json.load(open(os.path.join(corpus, "tests", e["name"] + ".json")))
        if t.get("patch_sha256") != sha or t.get("mesa") != summ.get("mesa"):
            probs.append(f"tests/{e['name']}.json: mesa {t.get('mesa')}, patch {t.get('patch_sha256')}")
            break
    return probs


def key_main(version):
    patch_file = mc.patch_path(version)
    probs = key_problems(CORPUS, patch_file)
    check(not probs, f"Mesa {version}: the corpus's cache key is the patch's sha256: " + "; ".join(probs))
    with tempfile.TemporaryDirectory() as tmp:
        patch = os.path.join(tmp, "r300-capture.patch")
        data = bytearray(open(patch_file, "rb").read())
        data[len(data) // 2] ^= 0x20
        open(patch, "wb").write(data)
        probs = key_problems(CORPUS, patch)
        check(any("summary.json" in p and "make mesa-corpus" in p for p in probs),
              f"planted: a patch with one byte changed fails ({probs[:1]})")
        corpus = os.path.join(tmp, "corpus")
        shutil.copytree(CORPUS, corpus, ignore=shutil.ignore_patterns("programs"))
        summ = json.load(open(os.path.join(corpus, "summary.json")))
        summ["patch_sha256"] = "0" * 64
        json.dump(summ, open(os.path.join(corpus, "summary.json"), "w"))
        probs = key_problems(corpus, patch_file)
        check(len(probs) == 1 and "summary.json: patch_sha256 000" in probs[0],
              f"planted: a summary naming another patch sha fails ({probs})")


# ---- the re-capture -------------------------------------------------------------------------------------------

WIDTH = {"float": 1, "int": 1, "uint": 1, "bool": 1, "vec2": 2, "ivec2": 2, "bvec2": 2, "mat2": 2,
         "vec3": 3, "ivec3": 3, "bvec3": 3, "mat3": 3, "mat2x3": 3, "mat4x3": 3}


def noise_from(rec):
    """The first component a uniform may leave unset: the narrowest uniform of the fragment shader (4 = none)."""
    widths = [WIDTH.get(t, 4) for t in re.findall(r"\buniform\s+(?:(?:lowp|mediump|highp)\s+)?(\w+)",
                                                   rec.get("fragment_shader", ""))]
    # A struct member or anything not a plain type may be narrower: allow from x's neighbour on.
    if any(t not in WIDTH and not re.match(r"(vec4|ivec4|bvec4|mat4|mat2x4|mat3x4|sampler)", t) for t in
           re.findall(r"\buniform\s+(?:(?:lowp|mediump|highp)\s+)?(\w+)", rec.get("fragment_shader", ""))):
        widths.append(1)
    # A [test] uniform command may set fewer components than its type has: piglit stops at the first value that
    # is not a plain number ("uniform vec4 arg0 0.5 -1.5 1.5, 0.0" in glsl-fs-mod sets three).
    for c in rec.get("commands", []):
        if c.get("op") != "uniform":
            continue
        n = 0
        for v in c.get("values", []):
            if re.fullmatch(r"[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?|0x[0-9a-fA-F]+", v):
                n += 1
            else:
                n += 1 if re.match(r"[-+]?\.?\d", v) else 0
                break
        widths.append(min(WIDTH.get(c.get("type"), 4), max(n, 1)))
    return min(widths, default=4)


def first_difference(old, new, path="", noise=None):
    """(path, old, new) of the first difference between two JSON values, skipping noise; None when equal."""
    if isinstance(old, dict) and isinstance(new, dict):
        for k in list(old) + [k for k in new if k not in old]:
            if k not in old or k not in new:
                return (f"{path}.{k}", old.get(k, "(absent)"), new.get(k, "(absent)"))
            d = first_difference(old[k], new[k], f"{path}.{k}", noise)
            if d:
                return d
        return None
    if isinstance(old, list) and isinstance(new, list):
        if len(old) != len(new):
            return (f"{path} (length)", len(old), len(new))
        for i, (a, b) in enumerate(zip(old, new)):
            d = first_difference(a, b, f"{path}[{i}]", noise)
            if d:
                return d
        return None
    if old != new and not (noise and noise(path)):
        return (path, old, new)
    return None


def compare(old, new):
    """The first difference between a checked-in capture and a new one, or None; the documented noise (a uniform
    constant's component from the narrowest uniform's width on, at index < the draw's program's externals) is
    allowed."""
    start = noise_from(old)

    def noise(path):
        m = re.fullmatch(r"\.draws\[(\d+)\]\.constants\.(\d+)\[(\d)\]", path)
        if not m:
            return False
        draw, index, comp = (int(x) for x in m.groups())
        prog = old["programs"][old["draws"][draw]["program"]]
        return index < prog["externals"] and comp >= start
    return first_difference(old, new, "", noise)


def spread(items, n):
    if n >= len(items):
        return items
    return [items[(i * len(items)) // n] for i in range(n)]


def recapture(names, kdir, info, corpus, jobs=4, timeout=30.0):
    """Re-captures the named tests; returns (name, problem) for every one that differs from corpus."""
    env = mc.shim_env(kdir)
    dirs = [d for d in mc.PIGLIT_DIRS if os.path.isdir(d)]
    work = []
    for name in names:
        old = json.load(open(os.path.join(corpus, "tests", name + ".json")))
        full = next((os.path.join(d, old["test"]) for d in dirs if os.path.exists(os.path.join(d, old["test"]))),
                    None)
        work.append((name, old, full))
    out = []

    def one(item):
        name, old, full = item
        if full is None:
            return name, f"{old['test']} is not in piglit's package"
        text = open(full, errors="replace").read()
        why, sinfo = mc.select(old["test"], text)
        if why:
            return name, f"no longer selected: {why}"
        r = mc.capture_one(old["test"], full, sinfo, text, env, timeout)
        if not r.get("captured"):
            return name, f"no longer captured: {r.get('reason')}"
        new = json.loads(mc.dump_json(mc.record(r, sinfo, info)))
        d = compare(old, new)
        if d:
            return name, f"first difference at {d[0] or '(top)'}: checked in {json.dumps(d[1])[:120]}, " \
                         f"now {json.dumps(d[2])[:120]}"
        for p in r["programs"]:
            f = os.path.join(corpus, "programs", p["sha"] + ".hex")
            body = open(f).read().split("\n", 1)[1] if os.path.exists(f) else None
            if body != p["hex"]:
                return name, f"programs/{p['sha']}.hex " + ("is missing" if body is None else "differs")
        return name, None

    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as ex:
        for name, prob in ex.map(one, work):
            if prob:
                out.append((name, prob))
    return out


def recapture_main(n, mesa_dir, jobs, version):
    kdir = mc.cached_build(mesa_dir, version)
    if not kdir:
        print(f"skip: no Mesa build cache {mesa_dir}/{mc.MESA_VERSIONS[version]['deb']}-{mc.patch_sha(version)[:12]} "
              f"(make mesa-corpus builds it)")
        return SKIP
    if not os.path.exists(mc.SHADER_RUNNER):
        print(f"skip: {mc.SHADER_RUNNER} is missing (Debian's piglit package)")
        return SKIP
    info = json.load(open(os.path.join(kdir, "stamp.json")))
    names = [e["name"] for e in json.load(open(os.path.join(CORPUS, "index.json")))]
    sample = spread(names, n)
    bad = recapture(sample, kdir, info, CORPUS, jobs)
    for name, prob in bad:
        check(False, f"{name}: {prob}")
    check(not bad, f"{len(sample)} tests spread over {os.path.relpath(CORPUS, ROOT)} re-captured under {os.path.relpath(kdir, ROOT)} "
                   f"equal the checked-in captures ({len(bad)} differ)")
    # Planted: one byte of a copy of a capture (an immediate or a program word) must be caught.
    victim = sample[len(sample) // 2]
    with tempfile.TemporaryDirectory() as tmp:
        corpus = os.path.join(tmp, "corpus")
        os.makedirs(os.path.join(corpus, "tests"))
        os.symlink(os.path.join(CORPUS, "programs"), os.path.join(corpus, "programs"))
        text = open(os.path.join(CORPUS, "tests", victim + ".json")).read()
        i = text.index('"words"')
        m = re.compile(r"\d").search(text, i)
        planted = text[:m.start()] + ("1" if text[m.start()] != "1" else "2") + text[m.end():]
        open(os.path.join(corpus, "tests", victim + ".json"), "w").write(planted)
        bad = recapture([victim], kdir, info, corpus, jobs)
        check(len(bad) == 1 and bad[0][0] == victim and "first difference at .programs[0].words" in bad[0][1],
              f"planted: one changed byte in a copy of {victim} fails naming the test and the field ({bad})")
    # The documented noise is allowed only where it is documented (a component piglit's uniform command leaves
    # unset holds whatever its buffer held, under either Mesa).
    t = json.load(open(os.path.join(CORPUS, "tests", "tests__spec__glsl-1.10__execution__builtins__glsl-fs-mod.json")))
    u = copy.deepcopy(t)
    d0 = u["draws"][0]["constants"]
    k = min(d0, key=int)
    d0[k][3] = "0x00007f05"
    check(compare(t, u) is None, "the w a uniform command leaves unset may vary between runs (glsl-fs-mod)")
    d0[k][2] = "0x3fc00001"
    check(compare(t, u) is not None, "its z may not")
    return summary()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--key", action="store_true")
    ap.add_argument("--recapture", type=int, default=0)
    ap.add_argument("--mesa-dir", default=os.path.join(ROOT, "build", "mesa"))
    ap.add_argument("--jobs", type=int, default=4)
    ap.add_argument("--mesa", choices=sorted(mc.MESA_VERSIONS), default=None)
    a = ap.parse_args()
    global CORPUS
    if a.key:
        for v in ([a.mesa] if a.mesa else sorted(mc.MESA_VERSIONS)):
            CORPUS = mc.corpus_dir(v)
            key_main(v)
        return summary()
    if a.recapture:
        v = a.mesa or mc.DEFAULT_MESA
        CORPUS = mc.corpus_dir(v)
        return recapture_main(a.recapture, a.mesa_dir, a.jobs, v)
    ap.error("--key or --recapture N")


if __name__ == "__main__":
    sys.exit(main())
