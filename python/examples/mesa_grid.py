#!/usr/bin/env python3
"""A Mesa-compiled fragment program on a 64 x 64 grid of quads (128 x 128 pixels), saved as a PNG.

Each pixel's t0 holds its position, t0.rg = (x, y) from -1 to 1 across the image (pixel centres), t0.b = 0,
t0.a = 1: the varying a vertex stage would hand the shader. The program (Mesa's dump layout, as in
../shared/corpus/mesa-fs) is loaded once into a Shader; each quad is one run of the golden model, and render
target 0's RGBA, clamped to [0, 1], is the picture. docs/python.md walks through it.

usage: mesa_grid.py [PROGRAM] [-o OUT.png] [--grid N] [--const R,G,B,A ...]"""
from __future__ import annotations

import argparse
import os
import struct
import time
import zlib

import numpy as np

import r500us

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT = os.path.join(os.path.dirname(ROOT), "shared", "corpus", "mesa-fs", "shadertoy_circle_smoothstep.fs.txt")


def quad_inputs(qx: int, qy: int, size: int) -> np.ndarray:
    """t0 of the quad's four pixels (0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right): shape (4, 1, 4)."""
    t0 = np.zeros((4, 1, 4), np.float32)
    for p in range(4):
        px, py = 2 * qx + (p & 1), 2 * qy + (p >> 1)
        t0[p, 0] = (2 * (px + 0.5) / size - 1, 2 * (py + 0.5) / size - 1, 0, 1)
    return t0


def render(program: r500us.Program, grid: int, constants: np.ndarray | None) -> np.ndarray:
    """The picture as (2 grid, 2 grid, 4) float32: render target 0 of every pixel."""
    shader = r500us.Shader.from_program(program, constants)
    size = 2 * grid
    image = np.zeros((size, size, 4), np.float32)
    for qy in range(grid):
        for qx in range(grid):
            run = shader.run(quad_inputs(qx, qy, size), max_records=0)
            if run.state.errors:
                raise SystemExit(f"quad ({qx}, {qy}) ended in {','.join(run.state.errors)}")
            out = run.state.out_f32[0]  # render target 0: (pixel, channel)
            image[2 * qy:2 * qy + 2, 2 * qx:2 * qx + 2] = out.reshape(2, 2, 4)
    return image


def to_rgba8(image: np.ndarray) -> np.ndarray:
    """Clamped to [0, 1] (NaN as 0) and rounded to 8 bits, as an RGBA8 render target stores it."""
    return np.round(np.clip(np.nan_to_num(image, nan=0.0), 0, 1) * 255).astype(np.uint8)


def write_png(path: str, rgba: np.ndarray) -> None:
    """An RGBA8 PNG with the standard library only (zlib): no imaging package needed."""
    h, w, _ = rgba.shape
    raw = b"".join(b"\0" + rgba[y].tobytes() for y in range(h))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("program", nargs="?", default=DEFAULT, help="a hex word list (Mesa corpus dump) or .s file")
    ap.add_argument("-o", "--out", default="mesa_grid.png")
    ap.add_argument("--grid", type=int, default=64, help="quads a side (default 64)")
    ap.add_argument("--const", action="append", default=[], help="constant 0, 1, ... as R,G,B,A")
    a = ap.parse_args()
    program = r500us.read_program(a.program)
    warnings = r500us.disassemble(program).warnings
    if warnings.total:
        print(f"{a.program}: {warnings.summary}")
    constants = np.array([[float(x) for x in c.split(",")] for c in a.const], np.float32) if a.const else None
    t = time.monotonic()
    image = render(program, a.grid, constants)
    write_png(a.out, to_rgba8(image))
    print(f"{a.out}: {2 * a.grid} x {2 * a.grid} pixels, {a.grid * a.grid} quads of {os.path.basename(a.program)} "
          f"in {time.monotonic() - t:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
