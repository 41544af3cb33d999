#!/usr/bin/env python3
"""make mesa-corpus: Mesa's own R500 compiler on piglit's shader tests, headless, captured as data.

Builds Debian's Mesa (r300 gallium driver and the radeon noop drm-shim, an RV515) with tb/mesa/r300-capture.patch,
cached under build/mesa/<version>-<patch sha>; selects the piglit shader tests whose fragment shader reads no
varyings and that need at most GL 2.1 / GLSL 1.20; runs each through shader_runner under the shim; and writes, per
captured test, corpus/piglit/tests/NAME.json (program words, constants as uploaded at each draw, the [test]
commands with piglit's probes and tolerances) and the deduplicated programs as corpus/piglit/programs/SHA.hex.
corpus/piglit/README.md says how the data was made. Python 3 standard library only, and tqdm (PyPI) for the
progress on standard error, when it is there (scripts/lib/progress.py): the Mesa build's ninja steps, then the tests
captured, each with done of total, rate, ETA and the tests not captured so far (a terminal: one line in place; a
log: a plain line every few seconds).
"""
import argparse
import collections
import concurrent.futures
import glob
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time

import mesa_textures
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib"))  # scripts/lib
import progress  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PIGLIT_DIRS = ["/usr/lib/x86_64-linux-gnu/piglit", "/usr/share/piglit"]
SHADER_RUNNER = "/usr/lib/x86_64-linux-gnu/piglit/bin/shader_runner"
FORMAT = "r500-piglit-capture 3"
# Debian packages: building Mesa, and piglit (checked with dpkg, installed only when missing).
DEBS = ["dpkg-dev", "meson", "ninja-build", "pkg-config", "gcc", "g++", "bison", "flex", "python3-mako",
        "python3-venv", "libdrm-dev", "libexpat1-dev", "libglvnd-dev", "zlib1g-dev", "libzstd-dev", "libelf-dev",
        "libwayland-dev", "wayland-protocols", "libx11-dev", "libxext-dev", "libxfixes-dev", "libxcb-glx0-dev",
        "libxcb-shm0-dev", "libx11-xcb-dev", "libxcb-dri2-0-dev", "libxcb-dri3-dev", "libxcb-present-dev",
        "libxshmfence-dev", "libxxf86vm-dev", "libxrandr-dev", "glslang-tools", "python3-yaml", "patch", "piglit",
        "debian-archive-keyring"]
MESON_OPTIONS = ["-Dgallium-drivers=r300", "-Dvulkan-drivers=", "-Dllvm=disabled", "-Dtools=drm-shim",
                 "-Degl=enabled", "-Dgbm=enabled", "-Dglvnd=true", "-Dglx=disabled", "-Dplatforms=",
                 "-Dbuildtype=release", "-Dvalgrind=disabled", "-Dlibunwind=disabled", "-Dgles1=disabled",
                 "-Dgles2=enabled", "-Dopengl=true", "-Dvideo-codecs=", "-Dgallium-va=disabled",
                 "-Dgallium-vdpau=disabled", "-Dgallium-xa=disabled", "-Dlmsensors=disabled", "-Dbuild-tests=false"]
# Options Mesa 25 no longer has.
MESON_OPTIONS_22 = ["-Dshared-glapi=enabled", "-Dgallium-nine=false", "-Dgallium-omx=disabled",
                    "-Dgallium-opencl=disabled"]
# The compilers the corpus is captured from: Debian's source package (pinned), the suite whose deb-src has it,
# the capture patch, and where the corpus goes. Mesa 25 needs meson >= 1.1 (bookworm has 1.0.1): from PyPI, in a
# venv of the build's own.
MESA_VERSIONS = {
    "22.3.6": {"deb": "22.3.6-1+deb12u2", "suites": ["bookworm", "bookworm-updates", "bookworm-security"],
               "patch": "tb/mesa/r300-capture.patch", "corpus": "corpus/piglit", "meson": "debian",
               "xfail": "tb/piglit_xfail.txt",
               "options": MESON_OPTIONS + MESON_OPTIONS_22},
    "25.0.7": {"deb": "25.0.7-2+deb13u1", "suites": ["trixie", "trixie-security"],
               "patch": "tb/mesa/r300-capture-25.0.patch", "corpus": "corpus/piglit-25.0.7", "meson": "pypi",
               "xfail": "tb/piglit_xfail-25.0.7.txt",
               "options": MESON_OPTIONS},
}
DEFAULT_MESA = "22.3.6"
MESON_PYPI = ["meson>=1.1,<2", "mako", "pyyaml", "packaging"]
PATCH = os.path.join(ROOT, MESA_VERSIONS[DEFAULT_MESA]["patch"])


def corpus_dir(version):
    return os.path.join(ROOT, MESA_VERSIONS[version]["corpus"])


# Debian's own tools (meson needs the system Python with mako, not a pyenv shim).
SYS_PATH = "/usr/sbin:/usr/bin:/sbin:/bin"


def log(msg):
    print(f"mesa-corpus: {msg}", flush=True)


def run(cmd, path=SYS_PATH, **kw):
    """subprocess.run with Debian's tools first on PATH (meson needs the system Python with mako, not a pyenv
    shim), or `path` (a venv's bin before them)."""
    kw.setdefault("check", True)
    env = dict(os.environ, PATH=path + ":" + os.environ.get("PATH", ""), DEBIAN_FRONTEND="noninteractive")
    return subprocess.run(cmd, env=env, **kw)


def sudo():
    return [] if os.geteuid() == 0 else ["sudo", "-n"]


# ---- dependencies and source ----------------------------------------------------------------------------------

def installed(pkg):
    p = subprocess.run(["dpkg-query", "-W", "-f=${Status}", pkg], capture_output=True, text=True)
    return "install ok installed" in p.stdout


def ensure_deps():
    missing = [p for p in DEBS if not installed(p)]
    if missing:
        log(f"installing Debian packages: {' '.join(missing)}")
        run(sudo() + ["apt-get", "update", "-qq"])
        run(sudo() + ["apt-get", "install", "-y", "-qq", "--no-install-recommends"] + missing,
            stdout=subprocess.DEVNULL)


def apt_options(apt_dir):
    """apt-get options for a sources list of the script's own (deb-src only): nothing under /etc/apt changes."""
    return ["-o", f"Dir::Etc::SourceList={apt_dir}/sources.list", "-o", "Dir::Etc::SourceParts=/nonexistent",
            "-o", f"Dir::State::Lists={apt_dir}/lists"]


def fetch_source(mesa_dir, version):
    """Debian's Mesa source package for `version` (MESA_VERSIONS) in build/mesa/src-VERSION, downloaded once from
    the deb-src of its suite; returns (dsc path, Debian version)."""
    spec = MESA_VERSIONS[version]
    sdir = os.path.join(mesa_dir, f"src-{version}")
    dsc = os.path.join(sdir, f"mesa_{spec['deb']}.dsc")
    if not os.path.exists(dsc):
        apt_dir = os.path.join(sdir, "apt")
        os.makedirs(os.path.join(apt_dir, "lists", "partial"), exist_ok=True)
        with open(os.path.join(apt_dir, "sources.list"), "w") as f:
            for suite in spec["suites"]:
                url = "http://deb.debian.org/debian" + ("-security" if suite.endswith("-security") else "")
                f.write(f"deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] {url} {suite} main\n")
        log(f"fetching Debian's source package mesa {spec['deb']} ({', '.join(spec['suites'])}) into {sdir}")
        run(["apt-get", "-qq"] + apt_options(apt_dir) + ["update"], stdout=subprocess.DEVNULL)
        run(["apt-get", "-qq"] + apt_options(apt_dir) + ["source", "--download-only", f"mesa={spec['deb']}"],
            cwd=sdir, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if not os.path.exists(dsc):
        sys.exit(f"mesa-corpus: {dsc} was not downloaded (is mesa {spec['deb']} still in Debian's archive?)")
    return dsc, spec["deb"]


def patch_path(version):
    return os.path.join(ROOT, MESA_VERSIONS[version]["patch"])


def patch_sha(version=DEFAULT_MESA):
    return hashlib.sha256(open(patch_path(version), "rb").read()).hexdigest()


def cached_build(mesa_dir, version=DEFAULT_MESA):
    """The key dir of the finished Mesa build for `version` and its current patch, or None (nothing is fetched)."""
    kdir = os.path.join(mesa_dir, f"{MESA_VERSIONS[version]['deb']}-{patch_sha(version)[:12]}")
    return kdir if os.path.exists(os.path.join(kdir, "stamp.json")) else None


def meson_command(mesa_dir, kind):
    """Debian's meson ("debian"), or one from PyPI in build/mesa/venv-meson ("pypi": Mesa 25 needs meson >= 1.1);
    returns (argv, PATH head)."""
    if kind == "debian":
        return ["meson"], SYS_PATH
    venv = os.path.join(mesa_dir, "venv-meson")
    if not os.path.exists(os.path.join(venv, "bin", "meson")):
        log(f"installing {' '.join(MESON_PYPI)} from PyPI into {venv}")
        run(["/usr/bin/python3", "-m", "venv", venv])
        run([os.path.join(venv, "bin", "pip"), "install", "-q"] + MESON_PYPI)
    return [os.path.join(venv, "bin", "meson")], os.path.join(venv, "bin") + ":" + SYS_PATH


def reuse(kdir):
    """The stamp of a finished build in kdir, or None."""
    stamp = os.path.join(kdir, "stamp.json")
    if not os.path.exists(stamp):
        return None
    info = json.load(open(stamp))
    log(f"reusing the Mesa build {kdir} (built in {info['build_seconds']:.0f} s)")
    return info


def compile_mesa(mesa_dir, kdir, version, meson_kind, what, jobs, t0, info):
    """meson setup and ninja install of kdir/src into kdir/build and kdir/install with the version's options,
    logged to kdir/build.log; then the stamp (info with the build's seconds). Exits naming the log on a failure."""
    src, bld, inst = (os.path.join(kdir, d) for d in ("src", "build", "install"))
    meson, path = meson_command(mesa_dir, meson_kind)
    log(f"configuring and building {what} (r300 + radeon drm-shim) in {bld}, nice -n 19")
    with open(os.path.join(kdir, "build.log"), "w") as f:
        run(["nice", "-n", "19"] + meson + ["setup", bld, f"--prefix={inst}", "--libdir=lib"]
            + MESA_VERSIONS[version]["options"], cwd=src, stdout=f, stderr=subprocess.STDOUT, path=path)
        rc = ninja_with_progress(["nice", "-n", "19", "ninja", "-C", bld, f"-j{jobs}", "install"], f, path,
                                 f"mesa-corpus: building {what}")
    if rc:
        sys.exit(f"mesa-corpus: the Mesa build failed, see {kdir}/build.log")
    info = dict(info, build_seconds=time.time() - t0)
    json.dump(info, open(os.path.join(kdir, "stamp.json"), "w"), indent=1)
    log(f"Mesa built in {info['build_seconds']:.0f} s")
    return info


NINJA_STATUS = re.compile(rb"^\[(\d+)/(\d+)\] ", re.M)  # ninja's status line (its NINJA_STATUS default, "[%f/%t] ")


def ninja_with_progress(cmd, log_file, path, what, poll=1.0):
    """Runs ninja with its output into log_file (open for writing), showing the steps done of its total, from the
    last status line in the log, as progress on standard error. Returns ninja's exit status."""
    env = dict(os.environ, PATH=path + ":" + os.environ.get("PATH", ""), DEBIAN_FRONTEND="noninteractive")
    env.pop("NINJA_STATUS", None)  # its default form, which NINJA_STATUS parses
    log_file.flush()
    p = subprocess.Popen(cmd, stdout=log_file, stderr=subprocess.STDOUT, env=env)
    bar = None
    try:
        with open(log_file.name, "rb") as rd:
            while True:
                ended = p.poll() is not None
                rd.seek(max(0, os.fstat(rd.fileno()).st_size - 65536))
                last = NINJA_STATUS.findall(rd.read())
                if last:
                    done, total = int(last[-1][0]), int(last[-1][1])
                    bar = bar or progress.Progress(total, what, unit="steps")
                    bar.goto(done, total, failed=int(ended and p.returncode != 0))
                if ended:
                    return p.returncode
                time.sleep(poll)
    finally:
        if bar:
            bar.close()
        if p.poll() is None:
            p.kill()
            p.wait()


def build_mesa(mesa_dir, jobs, version=DEFAULT_MESA):
    """The patched build, cached under build/mesa/<Debian version>-<patch sha 12>; returns (key dir, info)."""
    dsc, debver = fetch_source(mesa_dir, version)
    kdir = os.path.join(mesa_dir, f"{debver}-{patch_sha(version)[:12]}")
    info = reuse(kdir)
    if info:
        return kdir, info
    t0 = time.time()
    if os.path.exists(kdir):
        shutil.rmtree(kdir)
    os.makedirs(kdir)
    src, patch = os.path.join(kdir, "src"), patch_path(version)
    log(f"unpacking {os.path.basename(dsc)} and applying {os.path.relpath(patch, ROOT)}")
    run(["dpkg-source", "-x", dsc, src], stdout=subprocess.DEVNULL)
    run(["patch", "-p1", "-s", "-i", patch], cwd=src)
    return kdir, compile_mesa(mesa_dir, kdir, version, MESA_VERSIONS[version]["meson"], f"Mesa {debver}", jobs, t0,
                              {"version": debver, "patch_sha256": patch_sha(version)})


def tree_key(src):
    """A key of a Mesa source tree of the user's: its git HEAD, uncommitted changes and untracked files (or, outside
    git, every file's path and contents)."""
    h = hashlib.sha256()
    git = subprocess.run(["git", "-C", src, "rev-parse", "HEAD"], capture_output=True, text=True)
    if git.returncode == 0:
        h.update(git.stdout.encode())
        h.update(subprocess.run(["git", "-C", src, "diff", "HEAD"], capture_output=True).stdout)
        for rel in subprocess.run(["git", "-C", src, "ls-files", "-o", "--exclude-standard", "-z"],
                                  capture_output=True).stdout.split(b"\0"):
            if rel:
                h.update(rel + b"\0" + open(os.path.join(src.encode(), rel), "rb").read())
    else:
        for dirpath, dirs, files in sorted(os.walk(src)):
            dirs.sort()
            for fn in sorted(files):
                p = os.path.join(dirpath, fn)
                h.update(os.path.relpath(p, src).encode() + b"\0" + open(p, "rb").read())
    return h.hexdigest()


def build_local(mesa_dir, jobs, src_tree, version):
    """A Mesa tree of the user's (their change on top) with `version`'s capture patch, cached under
    build/mesa/local-<tree key 12>-<patch sha 12>; returns (key dir, info)."""
    if not os.path.isfile(os.path.join(src_tree, "meson.build")) or \
            not os.path.isdir(os.path.join(src_tree, "src", "gallium", "drivers", "r300")):
        sys.exit(f"mesa-corpus: {src_tree} is not a Mesa source tree (no meson.build and src/gallium/drivers/r300)")
    tkey = tree_key(src_tree)
    kdir = os.path.join(mesa_dir, f"local-{tkey[:12]}-{patch_sha(version)[:12]}")
    info = reuse(kdir)
    if info:
        return kdir, info
    t0 = time.time()
    if os.path.exists(kdir):
        shutil.rmtree(kdir)
    src = os.path.join(kdir, "src")
    log(f"copying {src_tree} (without .git) and applying {MESA_VERSIONS[version]['patch']}")
    shutil.copytree(src_tree, src, ignore=shutil.ignore_patterns(".git", "build", "_build"), symlinks=True)
    p = subprocess.run(["patch", "-p1", "--forward", "--fuzz=3", "-i", patch_path(version)], cwd=src,
                       capture_output=True, text=True)
    if p.returncode:
        sys.exit(f"mesa-corpus: the capture patch {MESA_VERSIONS[version]['patch']} does not apply to {src_tree}:\n"
                 f"{p.stdout}{p.stderr}(port it, as tb/mesa/r300-capture-25.0.patch was ported from the 22.3 one)")
    # a tree of today's Mesa needs today's meson: PyPI's
    return kdir, compile_mesa(mesa_dir, kdir, version, "pypi", src_tree, jobs, t0,
                              {"version": f"local {os.path.abspath(src_tree)} ({tkey[:12]})",
                               "patch_sha256": patch_sha(version)})


def shim_env(kdir):
    inst = os.path.join(kdir, "install")
    lib = os.path.join(inst, "lib")
    shim = os.path.join(lib, "libradeon_noop_drm_shim.so")
    if not os.path.exists(shim):
        shim = os.path.join(kdir, "build", "src", "amd", "drm-shim", "libradeon_noop_drm_shim.so")
    env = dict(os.environ)
    env.update({
        "LD_PRELOAD": shim,
        "LD_LIBRARY_PATH": lib,
        "MESA_LOADER_DRIVER_OVERRIDE": "r300",
        "LIBGL_DRIVERS_PATH": os.path.join(lib, "dri"),
        "__EGL_VENDOR_LIBRARY_FILENAMES": os.path.join(inst, "share", "glvnd", "egl_vendor.d", "50_mesa.json"),
        "PIGLIT_PLATFORM": "gbm",
        "WAFFLE_GBM_DEVICE": "/dev/dri/renderD128",
        # fp: the dump and the R500CAP records; notcl: vertex shading in software (Gallium's draw module), so
        # the vertices the rasteriser gets are on the CPU and captured (the fragment programs are the same).
        "RADEON_DEBUG": "fp,notcl",
        "MESA_SHADER_CACHE_DISABLE": "true",
        "DRM_SHIM_DEBUG": "",
    })
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    return env


# ---- the .shader_test files -----------------------------------------------------------------------------------

def split_sections(text):
    sections = []
    cur = None
    for line in text.splitlines():
        m = re.match(r"^\[([^\]]+)\]\s*$", line)
        if m:
            cur = [m.group(1).strip(), []]
            sections.append(cur)
        elif cur is not None:
            cur[1].append(line)
    return [(name, "\n".join(lines)) for name, lines in sections]


def strip_comments(src):
    src = re.sub(r"/\*.*?\*/", " ", src, flags=re.S)
    return re.sub(r"//[^\n]*", "", src)


def version_tuple(s):
    parts = s.split(".")
    return tuple(int(p) for p in parts[:2]) if all(p.isdigit() for p in parts[:2]) else (99, 99)


FS_INPUTS = ["gl_TexCoord", "gl_Color", "gl_SecondaryColor", "gl_FogFragCoord", "gl_FragCoord", "gl_FrontFacing",
             "gl_PointCoord"]
# Inputs the rasteriser makes without a vertex attribute to interpolate (the face bit, point-sprite coordinates):
# the capture has no model of them.
FS_INPUTS_NOT_INTERPOLATED = ("gl_FrontFacing", "gl_PointCoord")


def select(path, text):
    """(None, info) when the test is selected, else (reason, None)."""
    sections = split_sections(text)
    names = [n for n, _ in sections]
    if "require" not in names:
        return "no [require] section", None
    req = dict(sections)["require"]
    gl, glsl = (2, 0), (1, 10)
    exts = []
    size = None
    for raw in req.splitlines():
        line = raw.split("#")[0].strip()
        if not line:
            continue
        m = re.match(r"^GL\s+ES\s", line) or re.match(r"^GLSL\s+ES\s", line)
        if m:
            return "needs GL ES", None
        m = re.match(r"^GL\s*(>=|>|=)\s*([\d.]+)", line)
        if m:
            gl = version_tuple(m.group(2))
            if m.group(1) == ">":
                gl = (gl[0], gl[1] + 1)
            continue
        m = re.match(r"^GLSL\s*(>=|>|=)\s*([\d.]+)", line)
        if m:
            glsl = version_tuple(m.group(2))
            continue
        m = re.match(r"^SIZE\s+(\d+)\s+(\d+)", line)
        if m:
            size = [int(m.group(1)), int(m.group(2))]
            continue
        if re.match(r"^!?(GL|GLX|EGL)_\w+", line):
            exts.append(line)
            continue
        if line.startswith("GL_MAX_") or line.startswith("GL_") or line.startswith("GLSL_"):
            exts.append(line)
            continue
        if re.match(r"^(GL COMPAT|GL CORE)", line) or line in ("GL COMPAT", "GL CORE"):
            if "CORE" in line:
                return "needs a core profile", None
            continue
        exts.append(line)
    if gl > (2, 1):
        return "needs GL > 2.1", None
    if glsl[0] > 1 or glsl > (1, 20):
        return "needs GLSL > 1.20", None
    if any(n.startswith("fragment shader file") or n.endswith(" file") for n in names):
        return "shader from a file", None
    if any(n.startswith(("geometry shader", "tessellation", "compute shader")) for n in names):
        return "geometry, tessellation or compute stage", None
    fs = [s for n, s in sections if n == "fragment shader"]
    fp = [s for n, s in sections if n == "fragment program"]
    if fs and fp:
        return "both a GLSL fragment shader and an ARB fragment program", None
    if fp:
        # ARB_fragment_program assembly: Mesa translates it and the same r300 compiler builds it.
        if len(fp) > 1:
            return "more than one fragment program", None
        language, src = "arb_fp", re.sub(r"#[^\n]*", "", fp[0])
        if re.search(r"\bfragment\.facing\b", src):
            return "fragment program reads fragment.facing", None
        reads = sorted(set(re.findall(r"\bfragment\.(color|texcoord|fogcoord|position)\b", src)))
        if re.search(r"^\s*(TEX|TXP|TXB)\b", src, re.M):
            reads.append("texture")
    elif fs:
        if len(fs) > 1:
            return "more than one fragment shader", None
        language, src = "glsl", strip_comments(fs[0])
        m = re.search(r"#\s*version\s+(\d+)", src)
        if m and int(m.group(1)) > 120:
            return "fragment shader #version > 120", None
        reads = []
        if re.search(r"(^|[;\s}])varying\s", src) or \
                re.search(r"(^|[;\s}])(centroid\s+)?in\s+\w+\s+\w+\s*(\[.*?\])?\s*;", src):
            reads.append("varyings")
        used = [n for n in FS_INPUTS if re.search(r"\b" + n + r"\b", src)]
        for n in used:
            if n in FS_INPUTS_NOT_INTERPOLATED:
                return "fragment shader reads " + n, None
        reads += used
    elif "vertex program" in names:
        return "fixed-function fragment stage (an ARB vertex program alone)", None
    else:
        return "no GLSL fragment shader or ARB fragment program", None
    if "test" not in names:
        return "no [test] section", None
    cmds = dict(sections)["test"]
    if not re.search(r"^\s*draw\s", cmds, re.M):
        return "no draw command", None
    if not re.search(r"^\s*(relative\s+)?probe\s", cmds, re.M):
        return "no probe command", None
    return None, {"gl": "%d.%d" % gl, "glsl": "%d.%02d" % glsl, "extensions": exts, "size": size,
                  "language": language, "fs": (fp or fs)[0], "fs_reads": reads}


# ---- the [test] section: commands, draws and probes -----------------------------------------------------------

NUM = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"


def nums(s):
    return [float(x) for x in re.findall(NUM, s)]


def default_tolerance(bits=8):
    """piglit_set_tolerance_for_bits: 3 / 2^bits per channel (1.0 below 2 bits); shader_runner's FBO is RGBA8."""
    return [3.0 / (1 << bits) if bits >= 2 else 1.0] * 4


def parse_test_section(text, window):
    w, h = window
    tol = default_tolerance(8)
    cmds, probes = [], []
    ndraw = 0
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#")[0].strip()
        if not line:
            continue
        words = line.split()
        cmd = {"line": line}
        if words[0] == "uniform" and len(words) >= 3:
            cmd.update(op="uniform", type=words[1], name=words[2], values=words[3:])
        elif words[0] == "draw":
            cmd.update(op="draw", draw=ndraw)
            if len(words) > 1 and words[1] == "rect":
                flags = [x for x in words[2:] if not re.match(NUM, x)]
                cmd.update(kind="rect", flags=flags, rect=nums(" ".join(x for x in words[2:] if x not in flags)))
            else:
                cmd.update(kind=" ".join(words[1:2]), args=words[2:])
            ndraw += 1
        elif words[0] == "tolerance":
            v = nums(line)
            if len(v) == 4:
                tol = v
            elif len(v) == 1:
                tol = v * 4
            cmd.update(op="tolerance", values=v)
        elif words[0] == "clear" and len(words) >= 2 and words[1] == "color":
            cmd.update(op="clear color", values=nums(line))
        elif words[0] == "clear":
            cmd.update(op="clear")
        elif re.match(r"^(relative\s+)?probe\s", line):
            m = re.match(r"^(relative\s+)?probe\s+(all\s+|rect\s+)?(rgba|rgb)\b(.*)$", line)
            if not m:
                cmd.update(op="probe", unparsed=True)
            else:
                rel, scope, chans, rest = bool(m.group(1)), (m.group(2) or "").strip(), m.group(3), m.group(4)
                v = nums(rest)
                n = len(chans)
                if scope == "all":
                    region, expect = [0, 0, w, h], v[:n]
                elif scope == "rect":
                    region, expect = v[:4], v[4:4 + n]
                    if rel:
                        region = [region[0] * w, region[1] * h, region[2] * w, region[3] * h]
                else:
                    region, expect = [v[0], v[1], 1, 1], v[2:2 + n]
                    if rel:
                        # shader_runner: x = rx * render_width, y = ry * render_height (truncated to int),
                        # then x >= render_width becomes render_width - 1 (the same for y)
                        region = [min(int(v[0] * w), w - 1), min(int(v[1] * h), h - 1), 1, 1]
                region = [int(x) for x in region]
                probe = {"channels": chans, "region": region, "expect": expect,
                         "tolerance": tol[:n], "after_draw": ndraw - 1}
                cmd.update(op="probe", probe=len(probes))
                if len(expect) != n:
                    cmd["unparsed"] = True
                else:
                    probes.append(probe)
        else:
            cmd.update(op=words[0])
        cmds.append(cmd)
    return cmds, probes, ndraw


# ---- running one test and reading the capture -----------------------------------------------------------------

DUMP_WORD = re.compile(r"^(?:\d+)?\t([0-5])[: ][A-Z_ 0-9]*?:?\s*0x([0-9a-f]{8})")


def parse_dump_programs(stderr):
    """Every 'R500 Fragment Program:' block of RADEON_DEBUG=fp (with the patch: six words per instruction)."""
    progs = []
    cur = None
    inst = None
    for line in stderr.splitlines():
        if line.startswith("R500 Fragment Program:"):
            cur = []
            progs.append(cur)
            inst = None
            continue
        if cur is None or line.startswith("--------"):
            continue
        m = re.match(r"^(\d+)\t0:CMN_INST\s+0x([0-9a-f]{8})", line)
        if m:
            inst = [None] * 6
            inst[0] = int(m.group(2), 16)
            cur.append(inst)
            continue
        m = DUMP_WORD.match(line)
        if m and inst is not None:
            inst[int(m.group(1))] = int(m.group(2), 16)
        elif line.startswith("R500CAP") or (line and not line.startswith("\t") and not line[0].isdigit()):
            cur = None
    return progs


def parse_capture(stderr):
    """R500CAP records: programs as built, uploads in order, the draws with the constants in force."""
    programs = {}    # pointer -> program record
    consts = {}      # constant memory: index -> 4 words
    draws = []
    cur = None
    layout = []      # the SW TCL vertex: attribute n -> [kind, index] (the last "vlayout")
    batches = []     # vertex batches handed to the rasteriser since the last draw
    viewport_fixed = None
    texmem = mesa_textures.TextureMemory()
    textures = {}    # unit -> (texture, state) of the tex records before the next draw
    for line in stderr.splitlines():
        if not line.startswith("R500CAP "):
            continue
        f = line.split()
        tag = f[1]
        if texmem.record(f):
            continue
        if tag == "tex":
            unit, res, st = mesa_textures.tex_state(f)
            textures[unit] = (res, st)
            continue
        if tag == "program":
            kv = dict(x.split("=", 1) for x in f[3:])
            cur = {"ptr": f[2], "dummy": int(kv["dummy"]), "inst_end": int(kv["inst_end"]),
                   "pixsize": int(kv["pixsize"]), "fc_ctrl": kv["fc_ctrl"], "nconst": int(kv["nconst"]),
                   "externals": int(kv["externals"]), "int": [], "inst": [], "imm": {}, "state": {},
                   "inputs": []}
            programs[f[2]] = cur
        elif tag == "input":
            cur["inputs"].append({"temp": int(f[2]), "kind": f[3], "index": int(f[4])})
        elif tag == "vlayout":
            layout = []
        elif tag == "vattr":
            assert int(f[2]) == len(layout), f"{line!r} after {len(layout)} attributes"
            layout.append([f[3], int(f[4])])
        elif tag == "vbuf":
            kv = dict(x.split("=", 1) for x in f[2:])
            batches.append({"prim": int(kv["prim"]), "dwords": int(kv["dwords"]), "layout": [list(a) for a in layout],
                            "vertices": [], "indices": None})
        elif tag == "vtx":
            batches[-1]["vertices"].append(f[3:])
        elif tag == "idx":
            batches[-1]["indices"] = [int(x) for x in f[2:]]
        elif tag == "int":
            cur["int"].append(f[3])
        elif tag == "inst":
            cur["inst"].append(f[3:9])
        elif tag == "imm":
            cur["imm"][int(f[2])] = f[3:7]
        elif tag == "state":
            cur["state"][int(f[2])] = [int(f[3]), int(f[4])]
        elif tag == "end":
            cur = None
        elif tag == "viewport":          # the Mesa 25 patch replaced a 0 x 0 viewport with piglit's window
            viewport_fixed = [int(f[2]), int(f[3])]
        elif tag == "emit_fs":
            p = programs.get(f[2])
            if p:
                for i, v in p["imm"].items():
                    consts[i] = v
        elif tag == "const":
            consts[int(f[2])] = f[3:7]
        elif tag == "draw":
            kv = dict(x.split("=", 1) for x in f[2:])
            if kv.get("blit") == "1":          # the driver's own clear or blit through SW TCL, not a [test] draw
                batches = []
                textures = {}
                continue
            texs = {u: dict(st, data=texmem.snapshot(res, st["format"], *st["size"], *st["levels"]))
                    for u, (res, st) in textures.items()}
            textures = {}
            p = programs.get(kv["fs"])
            draws.append({"program": p, "mode": int(kv["mode"]), "count": int(kv["count"]),
                          "constants": {i: consts.get(i) for i in range(p["nconst"])} if p else {},
                          "batches": batches, "viewport_fixed": viewport_fixed, "textures": texs})
            batches = []
    return programs, draws


def dump_json(obj):
    """Indented JSON with every list of plain values on one line (a word quad, a probe's colour)."""
    text = json.dumps(obj, indent=1)
    flat = re.compile(r"\[\s*((?:(?:\"[^\"\n]*\"|[-+\w.]+)\s*,\s*)*(?:\"[^\"\n]*\"|[-+\w.]+))\s*\]")
    short = flat.sub(lambda m: "[" + re.sub(r"\s*,\s*", ", ", m.group(1)) + "]", text)
    return (short if json.loads(short) == obj else text) + "\n"


def hex_text(inst):
    return "\n".join(",\n".join(w for w in i) + "," for i in inst) + "\n"


def hex_text_blank(inst):
    return "\n\n".join("\n".join(w + "," for w in i) for i in inst) + "\n"


def run_test(path, env, timeout, window=(250, 250)):
    cmd = [SHADER_RUNNER, path, "-auto", "-fbo"]
    # piglit's window size, for the Mesa 25 patch's viewport (r300_swtcl_draw_vbo): under the shim Mesa 25 leaves
    # the GL viewport 0 x 0. The 22.3 patch does not read it.
    env = dict(env, R500CAP_WINDOW=f"{window[0]}x{window[1]}")
    try:
        p = subprocess.run(cmd, env=env, capture_output=True, text=True, errors="replace", timeout=timeout)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired as e:
        return "timeout", (e.stdout or b"").decode(errors="replace") if isinstance(e.stdout, bytes) else (e.stdout or ""), \
            (e.stderr or b"").decode(errors="replace") if isinstance(e.stderr, bytes) else (e.stderr or "")


def capture_one(rel, path, info, text, env, timeout):
    rc, out, err = run_test(path, env, timeout, info["size"] or [250, 250])
    res = {"rel": rel, "rc": rc}
    if rc == "timeout":
        res["reason"] = "timed out"
        return res
    if isinstance(rc, int) and rc < 0:
        res["reason"] = f"shader_runner crashed (signal {-rc})"
        if "R500CAP draw" not in err:
            return res
    if "PIGLIT: {\"result\": \"skip\"" in out or "'result': 'skip'" in out or '"result": "skip"' in out:
        res["reason"] = "piglit skipped it (a requirement the r300 driver lacks)"
        return res
    if "R500CAP program" not in err:
        res["reason"] = "no R500 program compiled" + (f" (exit {rc})" if rc else "")
        if "Using a dummy shader" in err or "Cannot translate" in err:
            res["reason"] = "Mesa's compiler failed (dummy shader)"
        res["tail"] = (out + err)[-400:]
        return res
    try:
        programs, draws = parse_capture(err)
    except (AssertionError, KeyError, ValueError, IndexError) as e:
        res["reason"] = f"capture records the script cannot read ({type(e).__name__}: {e})"
        return res
    res["compiled"] = not any(p["dummy"] for p in programs.values())
    dumps = parse_dump_programs(err)
    if not draws:
        res["reason"] = "no draw reached the driver"
        return res
    if any(d["program"] is None for d in draws):
        res["reason"] = "a draw with no captured program"
        return res
    if any(d["program"]["dummy"] for d in draws):
        m = re.search(r"r300compiler error: [^\n]*?\(\): ([^\n]*)", err)
        res["reason"] = "Mesa's compiler failed (dummy shader)" + (f": {m.group(1).strip()}" if m else "")
        return res
    window = info["size"] or [250, 250]
    sections = dict(split_sections(text))
    cmds, probes, ndraw = parse_test_section(sections.get("test", ""), window)
    # The dump (six words per instruction with the patch) must agree with the words the driver uploads.
    dump_words = {tuple(tuple(int(w, 16) for w in i) for i in p["inst"]) for p in programs.values()}
    dump_ok = all(tuple(tuple(x if x is not None else -1 for x in i) for i in d) in dump_words
                  for d in dumps if d) if dumps else False
    progs, prog_index = [], {}
    draw_recs = []
    tex_list, tex_index = [], {}
    for d in draws:
        p = d["program"]
        words = tuple(tuple(i) for i in p["inst"])
        if words not in prog_index:
            sha = hashlib.sha256(hex_text_blank(p["inst"]).encode()).hexdigest()[:16]
            prog_index[words] = len(progs)
            progs.append({"sha": sha, "hex": hex_text_blank(p["inst"]), "words": [list(i) for i in p["inst"]],
                          "instructions": len(p["inst"]), "pixsize": p["pixsize"], "fc_ctrl": p["fc_ctrl"],
                          "int_consts": p["int"], "nconst": p["nconst"], "externals": p["externals"],
                          "inputs": p["inputs"],
                          "immediates": {str(k): v for k, v in sorted(p["imm"].items())},
                          "state_consts": {str(k): v for k, v in sorted(p["state"].items())}})
        rec = {"program": prog_index[words], "mode": d["mode"], "vertices": d["count"],
               "constants": {str(k): v for k, v in sorted(d["constants"].items())}}
        # What the rasteriser got (SW TCL): kept where a vector needs it, for a program with inputs to interpolate,
        # a draw that is not a rect or a test with clip planes (the coverage comes from the triangles, clipped).
        kinds = [c.get("kind") for c in cmds if c["op"] == "draw"]
        clipped = any("CLIP_PLANE" in c.get("line", "") for c in cmds)
        if p["inputs"] or clipped or (len(draw_recs) < len(kinds) and kinds[len(draw_recs)] != "rect"):
            rec["rasteriser"] = d["batches"]
        # The textures the program samples (TEX_ID of its LD/PROJ/LODBIAS/LOD/DXDY instructions), each a
        # reference into the test's list of distinct textures, with the unit's state at this draw.
        units = sorted({(int(i[1], 16) >> 16) & 0xf for i in p["inst"]
                        if int(i[0], 16) & 3 == 3 and (int(i[1], 16) >> 22) & 7 not in (0, 2)})
        if units:
            rec["textures"] = {}
            for u in units:
                t = d["textures"].get(u)
                if t is None:
                    rec["textures"][str(u)] = None
                    continue
                body = {"target": t["target"], "format": t["format"], "size": t["size"], "levels": t["data"]}
                key = json.dumps(body, sort_keys=True)
                if key not in tex_index:
                    tex_index[key] = len(tex_list)
                    tex_list.append(body)
                rec["textures"][str(u)] = dict({k: v for k, v in t.items() if k != "data"},
                                               texture=tex_index[key])
        draw_recs.append(rec)
    if any(d["program"]["inputs"] and not d["batches"] for d in draws):
        res["reason"] = "a draw of a program with inputs has no vertex data (SW TCL capture)"
        return res
    fixed = [d["viewport_fixed"] for d in draws if d.get("viewport_fixed")]
    if fixed:
        res["viewport_fixed"] = fixed[0]
    res.update(textures=tex_list)
    res.update(captured=True, programs=progs, draws=draw_recs, commands=cmds, probes=probes,
               test_draws=ndraw, dump_agrees=dump_ok, window=window, piglit_exit=rc)
    if ndraw != len(draw_recs):
        res["draw_mismatch"] = True
    return res


# ---- the whole job --------------------------------------------------------------------------------------------

def record(r, sinfo, info):
    """The tests/NAME.json record of a captured result r (capture_one) of a selected test (select's info)."""
    return {
        "format": FORMAT,
        "test": r["rel"],
        "mesa": info["version"],
        "patch_sha256": info["patch_sha256"],
        "require": {"gl": sinfo["gl"], "glsl": sinfo["glsl"], "other": sinfo["extensions"]},
        "window": r["window"],
        "framebuffer": "RGBA8 FBO (shader_runner -fbo)",
        "language": sinfo["language"],
        "fragment_shader": sinfo["fs"],
        "fragment_shader_reads": sinfo["fs_reads"],
        "programs": [{k: v for k, v in p.items() if k != "hex"} for p in r["programs"]],
        "draws": r["draws"],
        "textures": r.get("textures", []),
        "commands": r["commands"],
        "probes": r["probes"],
        "notes": ([] if not r.get("draw_mismatch") else
                  [f"{r['test_draws']} draw commands in [test], {len(r['draws'])} draws reached the driver"])
        + ([] if not r.get("viewport_fixed") else
           ["the rasteriser's vertices were transformed with piglit's window as the viewport (%d x %d): under the "
            "drm-shim Mesa 25 leaves the GL viewport 0 x 0 (tb/mesa/r300-capture-25.0.patch)" % tuple(r["viewport_fixed"])]),
    }


LANGUAGES = ("glsl", "arb_fp", "other")


def source_language(text):
    """The fragment stage a .shader_test is written in: a GLSL [fragment shader], an ARB [fragment program], or
    neither (fixed function, a file, SPIR-V...)."""
    names = [n for n, _ in split_sections(text)]
    if "fragment program" in names and "fragment shader" not in names:
        return "arb_fp"
    return "glsl" if "fragment shader" in names else "other"


def find_tests():
    seen = {}
    for d in PIGLIT_DIRS:
        if not os.path.isdir(d):
            continue
        for dirpath, _, files in os.walk(d):
            for f in files:
                if f.endswith(".shader_test"):
                    full = os.path.join(dirpath, f)
                    rel = os.path.relpath(full, d)
                    seen.setdefault(rel, full)
    return sorted(seen.items())


def test_name(rel):
    name = rel[:-len(".shader_test")] if rel.endswith(".shader_test") else rel
    return re.sub(r"[^A-Za-z0-9_.+-]", "_", name.replace("/", "__"))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mesa", default=DEFAULT_MESA, choices=sorted(MESA_VERSIONS),
                    help="the Mesa whose r300 compiler captures (MESA_VERSIONS: source package, patch, corpus)")
    ap.add_argument("--out", default=None, help="the corpus folder (default: the version's, MESA_VERSIONS; "
                    "build/mesa/corpus-local with --mesa-src)")
    ap.add_argument("--mesa-src", default="", help="a Mesa source tree of your own (your change on top) to build "
                    "with --mesa's capture patch instead of Debian's package (docs/mesa.md)")
    ap.add_argument("--mesa-dir", default=os.path.join(ROOT, "build", "mesa"))
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--timeout", type=float, default=30.0)
    ap.add_argument("--limit", type=int, default=0, help="run only the first N selected tests (a quick look)")
    ap.add_argument("--match", default="", help="only tests whose path contains this")
    ap.add_argument("--no-deps", action="store_true", help="do not check or install Debian packages")
    ap.add_argument("--check", action="store_true",
                    help="only check the captured programs with build/bin/usdis and usim --lint")
    args = ap.parse_args()
    args.out = args.out or (os.path.join(args.mesa_dir, "corpus-local") if args.mesa_src else corpus_dir(args.mesa))
    if args.check:
        sys.exit(check(args.out, os.path.join(ROOT, "build", "bin"),
                       os.path.join(ROOT, MESA_VERSIONS[args.mesa]["xfail"])))

    if not args.no_deps:
        ensure_deps()
    if args.mesa_src:
        kdir, info = build_local(args.mesa_dir, args.jobs, args.mesa_src, args.mesa)
    else:
        kdir, info = build_mesa(args.mesa_dir, args.jobs, args.mesa)
    env = shim_env(kdir)

    tests = find_tests()
    log(f"found {len(tests)} piglit shader tests")
    reasons = collections.Counter()
    left = {}
    selected = []
    by_language = {lang: collections.Counter() for lang in LANGUAGES}
    bar = progress.Progress(len(tests), f"mesa-corpus {args.mesa}: select", unit="tests", fail_label="not selected")
    for rel, full in tests:
        if args.match and args.match not in rel:
            bar.update()
            continue
        text = open(full, errors="replace").read()
        by_language[source_language(text)]["found"] += 1
        why, sinfo = select(rel, text)
        if why:
            reasons["not selected: " + why] += 1
            left[rel] = "not selected: " + why
        else:
            selected.append((rel, full, sinfo, text))
            by_language[sinfo["language"]]["selected"] += 1
        bar.update(failed=bool(why))
    bar.close()
    if args.limit:
        selected = selected[:args.limit]
    log(f"selected {len(selected)} (GL <= 2.1, GLSL <= 1.20, one GLSL fragment shader or ARB fragment program, "
        f"draws and probes; "
        f"{sum(1 for s in selected if s[2]['fs_reads'])} of them read varyings)")

    t0 = time.time()
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as ex, \
            progress.Progress(len(selected), f"mesa-corpus {args.mesa}: capture", unit="tests",
                              fail_label="not captured") as bar:
        futs = [ex.submit(capture_one, rel, full, sinfo, text, env, args.timeout) for rel, full, sinfo, text in selected]
        for fut in concurrent.futures.as_completed(futs):
            bar.update(failed=not fut.result().get("captured"))
        results = [fut.result() for fut in futs]
    capture_seconds = time.time() - t0

    out_tests = os.path.join(args.out, "tests")
    out_progs = os.path.join(args.out, "programs")
    if not args.limit and not args.match:
        for d in (out_tests, out_progs):
            if os.path.isdir(d):
                shutil.rmtree(d)
    os.makedirs(out_tests, exist_ok=True)
    os.makedirs(out_progs, exist_ok=True)
    compiled = captured = 0
    dump_disagree = []
    draw_mismatch = []
    sel_info = {rel: (sinfo, text) for rel, _, sinfo, text in selected}
    index = []
    for r in results:
        lang = sel_info[r["rel"]][0]["language"]
        if r.get("compiled"):
            compiled += 1
            by_language[lang]["compiled"] += 1
        if not r.get("captured"):
            reasons[r["reason"]] += 1
            left[r["rel"]] = r["reason"]
            continue
        captured += 1
        by_language[lang]["captured"] += 1
        sinfo, text = sel_info[r["rel"]]
        if not r["dump_agrees"]:
            dump_disagree.append(r["rel"])
        if r.get("draw_mismatch"):
            draw_mismatch.append(r["rel"])
        for p in r["programs"]:
            with open(os.path.join(out_progs, p["sha"] + ".hex"), "w") as f:
                f.write(f"# Mesa {info['version']} r500 fragment program ({p['instructions']} instructions)\n")
                f.write(p["hex"])
        rec = record(r, sinfo, info)
        name = test_name(r["rel"])
        with open(os.path.join(out_tests, name + ".json"), "w") as f:
            f.write(dump_json(rec))
        index.append({"name": name, "test": r["rel"], "programs": [p["sha"] for p in r["programs"]],
                      "draws": len(r["draws"]), "probes": len(r["probes"])})

    summary = {
        "mesa": info["version"], "patch_sha256": info["patch_sha256"],
        "piglit": piglit_version(), "found": len(tests), "selected": len(selected), "compiled": compiled,
        "captured": captured, "programs": len(os.listdir(out_progs)),
        "by_language": {lang: {k: c[k] for k in ("found", "selected", "compiled", "captured")}
                        for lang, c in by_language.items()},
        "build_seconds": round(info["build_seconds"]), "capture_seconds": round(capture_seconds),
        "left_out": dict(sorted(reasons.items(), key=lambda kv: -kv[1])),
        "dump_disagrees": dump_disagree, "draw_count_differs": draw_mismatch,
    }
    if not args.limit and not args.match:
        with open(os.path.join(args.out, "summary.json"), "w") as f:
            json.dump(summary, f, indent=1)
            f.write("\n")
        # README.md names the patch by its sha256 (tb/py/test_mesa_corpus_fresh.py --key checks it): kept in step.
        readme = os.path.join(args.out, "README.md")
        if os.path.exists(readme):
            text = open(readme).read()
            new = re.sub(r"(r300-capture[-\w.]*\.patch` \(sha256 `)[0-9a-f]{64}(`\))", r"\g<1>" + info["patch_sha256"] + r"\2",
                         text)
            if new != text:
                with open(readme, "w") as f:
                    f.write(new)
        with open(os.path.join(args.out, "left-out.txt"), "w") as f:
            for rel in sorted(left):
                f.write(f"{rel}\t{left[rel]}\n")
        with open(os.path.join(args.out, "index.json"), "w") as f:
            json.dump(index, f, indent=0)
            f.write("\n")
    log(f"found {len(tests)}, selected {len(selected)}, compiled {compiled}, captured {captured} "
        f"({summary['programs']} distinct programs); capture took {capture_seconds:.0f} s")
    log("left out, by reason:")
    for why, n in summary["left_out"].items():
        print(f"  {n:6d}  {why}")
    if dump_disagree:
        log(f"{len(dump_disagree)} tests whose RADEON_DEBUG=fp dump differs from the uploaded words")
    if draw_mismatch:
        log(f"{len(draw_mismatch)} tests whose [test] draws and driver draws differ in number")


def program_findings(path, bindir):
    """What the checker says of one program file: (usdis's run, usim --lint's run, the reasons usdis gives for its
    illegal instructions)."""
    dis = subprocess.run([os.path.join(bindir, "usdis"), path], capture_output=True, text=True)
    lint = subprocess.run([os.path.join(bindir, "usim"), "--lint", "--program", path], capture_output=True, text=True)
    return dis, lint, re.findall(r"# illegal: (.*)", dis.stdout)


def check(out, bindir, xfail_file=None):
    """usdis and usim --lint over every captured program: how many disassemble, how many are legal, the warnings.
    A program with a finding fails the check unless every test that runs it is in the version's expected-failure
    list (xfail_file), whose line says why; those are listed as explained."""
    progs = sorted(glob.glob(os.path.join(out, "programs", "*.hex")))
    explained_tests = set()
    if xfail_file and os.path.exists(xfail_file):
        explained_tests = {ln.split("\t", 1)[0] for ln in open(xfail_file) if ln.strip() and not ln.startswith("#")}
    tests_of = collections.defaultdict(set)
    index = os.path.join(out, "index.json")
    if os.path.exists(index):
        for e in json.load(open(index)):
            for sha in e["programs"]:
                tests_of[sha].add(e["test"])
    dis_ok = legal = clean = 0
    warnings = collections.Counter()
    examples = {}
    unexplained, explained = [], []
    bar = progress.Progress(len(progs), f"mesa-corpus {os.path.relpath(out, ROOT)}: check", unit="programs",
                            fail_label="unexplained")
    for f in progs:
        p, lint, illegal = program_findings(f, bindir)
        found = p.returncode != 0
        if p.returncode == 0:
            dis_ok += 1
        if p.returncode == 0 and not re.search(r"^\s*\.inst\b", p.stdout, re.M):
            legal += 1
        else:
            found = True
            for m in illegal:
                warnings["illegal: " + m] += 1
                examples.setdefault("illegal: " + m, f"{os.path.basename(f)}: {m}")
        lines = [ln for ln in (p.stderr + lint.stderr + lint.stdout).splitlines()
                 if "warning" in ln or re.search(r"\b[1-9]\d* static silicon-rule breach", ln)]
        if lint.returncode == 0 and not lines:
            clean += 1
        else:
            found = True
        for ln in set(lines):
            m = re.search(r"warning: pc \d+: ([\w-]+)", ln)
            key = m.group(1) if m else ln.split(": ", 1)[-1]
            warnings[key] += 1
            examples.setdefault(key, f"{os.path.basename(f)}: {ln}")
        if found:
            sha = os.path.basename(f)[:-4]
            users = tests_of.get(sha, set())
            (explained if users and users <= explained_tests else unexplained).append(sha)
        # what fails the check: a program usdis cannot read, or a finding no expected failure explains
        bar.update(failed=p.returncode != 0 or bool(unexplained) and unexplained[-1] == os.path.basename(f)[:-4])
    bar.close()
    print(f"check: {len(progs)} programs; {dis_ok} disassemble, {legal} legal (no .inst), "
          f"{clean} pass usim --lint with no silicon-rule warning; {len(explained)} with a finding explained in "
          f"{os.path.relpath(xfail_file, ROOT) if xfail_file else '(no list)'}, {len(unexplained)} unexplained")
    for k, n in warnings.most_common():
        print(f"  {n:5d}  {k}    e.g. {examples[k]}")
    for sha in unexplained:
        print(f"  unexplained: programs/{sha}.hex (tests: {', '.join(sorted(tests_of.get(sha, []))) or 'none'})")
    return 0 if not unexplained and dis_ok == len(progs) else 1


def piglit_version():
    p = subprocess.run(["dpkg-query", "-W", "-f=${Version}", "piglit"], capture_output=True, text=True)
    return p.stdout.strip()


if __name__ == "__main__":
    main()
