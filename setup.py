"""The build steps of `pip install .` that pyproject.toml cannot express (python/README.md, "How the build
compiles the C"): the model's C sources and the binding's helpers as static libraries (build_clib), and the cffi
module r500us._native linked against them (python/ffibuild.py)."""
import glob
import os

from setuptools import setup

# The model's layers, as the Makefile's MODEL_LAYERS; the flags of its CFLAGS. The model is compiled without
# -Werror here so that a newer compiler's new warning cannot stop an install (make test builds it with -Werror);
# the binding's own C is held to -Werror.
# A layer's generated/ folder (make gen) is part of the layer.
LAYERS = ("isa", "golden", "gen")
MODEL_SRCS = sorted(f for layer in LAYERS for f in glob.glob(f"model/{layer}/**/*.c", recursive=True))
# setuptools' build_clib recompiles a source newer than its object; every header is a dependency of every object.
HEADERS = sorted(f for layer in LAYERS for f in glob.glob(f"model/{layer}/**/*.h", recursive=True)) + \
    ["python/csrc/pyus.h"]
FLAGS = ["-std=c11", "-Wall", "-Wextra", "-O2"]
os.makedirs("build/python", exist_ok=True)

setup(
    libraries=[
        ("r500us_pyus", {"sources": ["python/csrc/pyus.c"], "include_dirs": ["model", "python/csrc"],
                         "cflags": FLAGS + ["-Werror"], "obj_deps": {"": HEADERS}}),
        ("r500us_model", {"sources": MODEL_SRCS, "include_dirs": ["model"], "cflags": FLAGS,
                          "obj_deps": {"": HEADERS}}),
    ],
    cffi_modules=["python/ffibuild.py:ffibuilder"],
    # setuptools' own build folders under build/python, apart from the Makefile's build/lib and build/obj; the
    # module relinked on every build (setuptools would skip it when only the static libraries changed).
    options={"build": {"build_base": "build/python"}, "egg_info": {"egg_base": "build/python"},
             "build_ext": {"force": True}},
)
