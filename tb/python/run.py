#!/usr/bin/env python3
"""make test's entry to the r500us package's tests (tb/python/README.md): a virtual environment in build/pyvenv
with pytest, numpy and the build requirements from pip (once), the package installed into it with `pip install .`
(again whenever its sources changed: model/isa, golden, gen, python/, pyproject.toml, setup.py), then pytest on
tb/python. Exit status: pytest's.
usage: run.py [--corpus DIR] [PYTEST ARGS...]"""
import hashlib
import os
import subprocess
import sys
import venv

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
VENV = os.path.join(ROOT, "build", "pyvenv")
PY = os.path.join(VENV, "bin", "python")
STAMP = os.path.join(VENV, "r500us-sources.sha256")
NEEDS = {"pytest": "pytest", "numpy": "numpy", "cffi": "cffi", "setuptools": "setuptools>=61", "wheel": "wheel"}


def sources_hash() -> str:
    h = hashlib.sha256()
    files = ["pyproject.toml", "setup.py"]
    for top in ("model/isa", "model/golden", "model/gen", "python"):
        for d, dirs, names in os.walk(os.path.join(ROOT, top)):
            dirs[:] = sorted(x for x in dirs if x != "__pycache__" and not x.endswith(".egg-info"))
            files += [os.path.relpath(os.path.join(d, n), ROOT) for n in sorted(names)
                      if n.endswith((".c", ".h", ".py", ".toml", ".typed"))]
    for f in files:
        h.update(f.encode() + b"\0" + open(os.path.join(ROOT, f), "rb").read())
    return h.hexdigest()


def pip(*args: str) -> None:
    subprocess.run([PY, "-m", "pip", "install", "-q", "--disable-pip-version-check", *args], check=True, cwd=ROOT)


def main() -> int:
    args = sys.argv[1:]
    if args[:1] == ["--corpus"]:
        os.environ["R500US_CORPUS"] = args[1]
        args = args[2:]
    if not os.path.exists(PY):
        print("tb/python/run.py: making build/pyvenv", flush=True)
        venv.create(VENV, with_pip=True)
    missing = [spec for mod, spec in NEEDS.items()
               if subprocess.run([PY, "-c", f"import {mod}"], capture_output=True).returncode]
    if missing:
        print(f"tb/python/run.py: pip install {' '.join(missing)}", flush=True)
        pip(*missing)
    digest = sources_hash()
    if not os.path.exists(STAMP) or open(STAMP).read() != digest:
        print("tb/python/run.py: pip install . (builds the model's C into r500us._native)", flush=True)
        pip("--no-build-isolation", "--force-reinstall", "--no-deps", ".")
        with open(STAMP, "w") as f:
            f.write(digest)
    os.chdir(ROOT)
    return subprocess.run([PY, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tb/python", *args]).returncode


if __name__ == "__main__":
    sys.exit(main())
