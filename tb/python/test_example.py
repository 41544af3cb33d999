"""docs/python.md's example, python/examples/mesa_grid.py: a Mesa corpus program on a 64 x 64 grid of quads, saved
as a PNG. The file is a valid RGBA8 PNG of 128 x 128 pixels (chunks and CRCs checked here with zlib), shows the
program's picture (a ring of radius 0.5), and pixels of quads spread over the grid equal usim's outputs for the
same quads, stored as RGBA8."""
from __future__ import annotations

import os
import struct
import subprocess
import sys
import zlib

import numpy as np
import pytest

import r500us
from usim_ref import CORPUS, ROOT, usim

EXAMPLE = os.path.join(ROOT, "python", "examples", "mesa_grid.py")
PROGRAM = os.path.join(CORPUS, "shadertoy_circle_smoothstep.fs.txt")


def read_png(path: str) -> np.ndarray:
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    at, chunks = 8, []
    while at < len(data):
        n, = struct.unpack(">I", data[at:at + 4])
        kind, body = data[at + 4:at + 8], data[at + 8:at + 8 + n]
        crc, = struct.unpack(">I", data[at + 8 + n:at + 12 + n])
        assert zlib.crc32(kind + body) == crc
        chunks.append((kind, body))
        at += 12 + n
    assert [k for k, _ in chunks] == [b"IHDR", b"IDAT", b"IEND"]
    w, h, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", chunks[0][1])
    assert (depth, ctype, interlace) == (8, 6, 0)
    raw = np.frombuffer(zlib.decompress(chunks[1][1]), np.uint8).reshape(h, 1 + 4 * w)
    assert np.all(raw[:, 0] == 0)  # filter type None on every row
    return raw[:, 1:].reshape(h, w, 4)


@pytest.mark.skipif(not os.path.exists(PROGRAM), reason="no Mesa corpus beside the project")
def test_mesa_grid_png(tmp_path) -> None:
    out = str(tmp_path / "ring.png")
    p = subprocess.run([sys.executable, EXAMPLE, PROGRAM, "-o", out], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    img = read_png(out)
    assert img.shape == (128, 128, 4) and np.all(img[..., 3] == 255)
    grey = img[..., 0].astype(int)
    assert np.array_equal(grey, img[..., 1]) and np.array_equal(grey, img[..., 2])
    assert grey[64, 64] == 255 and grey[0, 0] == 255  # inside and outside the ring
    assert grey[64, 64 + 32] < 40 and grey[64 + 32, 64] < 40  # on it (radius 0.5 = 32 pixels)
    # Quads spread over the grid, run by usim from vectors the package writes, give the PNG's pixels.
    sys.path.insert(0, os.path.dirname(EXAMPLE))
    import mesa_grid
    prog = r500us.read_program(PROGRAM)
    for qx, qy in ((0, 0), (63, 63), (48, 32), (32, 16), (40, 40), (7, 50)):
        path = str(tmp_path / f"q{qx}_{qy}.vec")
        r500us.Vector.from_program(prog, mesa_grid.quad_inputs(qx, qy, 128)).write(path)
        st = usim(path).state
        for pix in range(4):
            bits = np.array([st["out"][(0, pix)][c] for c in range(4)], np.uint32)
            want = mesa_grid.to_rgba8(bits.view(np.float32))
            assert np.array_equal(img[2 * qy + (pix >> 1), 2 * qx + (pix & 1)], want), (qx, qy, pix)
