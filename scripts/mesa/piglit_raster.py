"""The rasteriser's side of a piglit vector: which pixels a captured draw covers and the exact value of each
interpolated fragment-program input at a pixel centre, from the vertices Mesa's SW TCL handed the rasteriser
(corpus/piglit, `rasteriser` of a draw; scripts/mesa/mesa_corpus.py).

A vertex is dwords: window x, y, z and 1/w_clip first (Gallium's draw module after the viewport transform), then
the attributes of its layout, four floats each. A pixel (x, y) in GL window coordinates (origin bottom left, as
piglit probes) has its centre at (x + 0.5, y + 0.5). The value of an input at a pixel is the perspective-correct
interpolant (barycentric weights times 1/w, normalised), computed in exact rational arithmetic and rounded once to
the nearest fp32 (ties to even). An attribute with the same bits at every vertex of the draw is passed through
as those bits: exact whatever the interpolator does. With flat shading (`shade model flat`) a colour input is
the provoking vertex's (GL's default: the last vertex of the primitive), bit for bit. Where the value is not
settled (a quad whose two triangle splits give different values, points and lines, a non-finite attribute that
varies, back-face colours in the vertex), the caller is told why."""
import fractions
import math
import struct

F = fractions.Fraction

# PIPE_PRIM_* (Gallium, p_defines.h): the primitives the draw module hands a vbuf backend.
POINTS, LINES, LINE_LOOP, LINE_STRIP, TRIANGLES, TRIANGLE_STRIP, TRIANGLE_FAN, QUADS, QUAD_STRIP, POLYGON = range(10)


def word_float(w):
    return struct.unpack("<f", struct.pack("<I", w & 0xffffffff))[0]


def f32_bits(fr):
    """The fp32 nearest to the rational fr (ties to even), as a word: one rounding, no double rounding."""
    if fr == 0:
        return 0
    sign = 0x80000000 if fr < 0 else 0
    a = abs(fr)
    e = a.numerator.bit_length() - a.denominator.bit_length()
    if F(2) ** e > a:
        e -= 1
    e = max(e, -126)                       # below the smallest normal: the denormal grid (quantum 2^-149)
    q = F(2) ** (e - 23)                   # the grid spacing at this binade
    m = a / q
    n = math.floor(m)
    rem = m - n
    if rem > F(1, 2) or (rem == F(1, 2) and n & 1):
        n += 1
    if n == 1 << 24:                       # rounded up into the next binade
        n, e = 1 << 23, e + 1
    if e > 127:
        return sign | 0x7f800000
    if n < 1 << 23:                        # denormal
        return sign | n
    return sign | ((e + 127) << 23) | (n - (1 << 23))


def triangles(batch):
    """The batch's triangles as vertex-index triples, plus the quads as (a, b, c, d) to split both ways; or a
    reason string for primitives that are not filled polygons."""
    prim = batch["prim"]
    idx = batch["indices"] if batch["indices"] is not None else list(range(len(batch["vertices"])))
    tris, quads = [], []
    if prim == TRIANGLES:
        tris = [tuple(idx[i:i + 3]) for i in range(0, len(idx) - 2, 3)]
    elif prim == TRIANGLE_STRIP:
        tris = [tuple(idx[i:i + 3]) for i in range(len(idx) - 2)]
    elif prim in (TRIANGLE_FAN, POLYGON):
        tris = [(idx[0], idx[i], idx[i + 1]) for i in range(1, len(idx) - 1)]
    elif prim == QUADS:
        quads = [tuple(idx[i:i + 4]) for i in range(0, len(idx) - 3, 4)]
    elif prim == QUAD_STRIP:
        quads = [(idx[i], idx[i + 1], idx[i + 3], idx[i + 2]) for i in range(0, len(idx) - 3, 2)]
    else:
        return None, None, f"primitive {prim} (points or lines): no filled polygon"
    return tris, quads, None


class Draw:
    """One captured draw as the rasteriser sees it."""

    def __init__(self, batches):
        self.why = None            # why coverage is unknown
        self.inputs_why = None     # why the inputs' values are unknown (coverage is known)
        self.polys = []        # (vertices [words], splits [[tri]]) per triangle or quad; the last vertex provokes
        self.layout = None
        for b in batches:
            if self.layout is None:
                self.layout = [tuple(a) for a in b["layout"]]
            elif [tuple(a) for a in b["layout"]] != self.layout:
                self.why = "the vertex layout changes within the draw"
                return
            tris, quads, why = triangles(b)
            if why:
                self.why = why
                return
            if any(k == "bcolor" for k, _ in self.layout):
                # Which colour the rasteriser picks per face is not modelled, and these layouts are the ones
                # where the SW TCL labels disagree with the data (glsl-link-varyings-3: the varying sits where the
                # layout says bcolor 1). Coverage is still known; the inputs are not.
                self.inputs_why = "back-face colours in the vertex (two-sided colour): not modelled"
            verts = [[int(w, 16) for w in v] for v in b["vertices"]]
            for t in tris:
                self.polys.append(([verts[i] for i in t], [[0, 1, 2]]))
            for qd in quads:
                self.polys.append(([verts[i] for i in qd], [[0, 1, 2], [0, 2, 3]]))
                self.polys[-1][1].extend([[0, 1, 3], [1, 2, 3]])

    def attribute(self, kind, index):
        """The dword offset of attribute (kind, index) in a vertex, or None."""
        off = 0
        for k, i in self.layout or []:
            if (k, i) == (kind, index):
                return off
            off += 1 if k == "psize" else 4
        return None

    def constant_bits(self, off):
        """The attribute's four words when every vertex of the draw holds the same ones, else None."""
        seen = {tuple(v[off:off + 4]) for verts, _ in self.polys for v in verts}
        return list(seen.pop()) if len(seen) == 1 else None

    def locate(self, x, y):
        """For the pixel (x, y): a list of (vertices, tri, weights) for each split of the polygon that covers its
        centre (one entry for a triangle, two for a quad), or [] when no polygon covers it."""
        px, py = F(2 * x + 1, 2), F(2 * y + 1, 2)
        for verts, splits in self.polys:
            found = []
            for tri in splits[:2] if len(splits) == 4 else splits:
                w = weights(verts, tri, px, py)
                if w:
                    found.append((tri, w))
            if not found:
                continue
            if len(splits) == 4:            # a quad: the other split too, to see whether the split matters
                alt = []
                for tri in splits[2:]:
                    w = weights(verts, tri, px, py)
                    if w:
                        alt.append((tri, w))
                return [(verts, found[0][0], found[0][1]), (verts, alt[0][0], alt[0][1])] if alt else []
            return [(verts, found[0][0], found[0][1])]
        return []

    def value(self, hits, off, flat=False):
        """The four interpolated words of the attribute at dword `off` (the provoking vertex's when flat), or a
        reason string."""
        if flat:
            return list(hits[0][0][-1][off:off + 4])
        results = set()
        for verts, tri, bary in hits:
            qs = [F(word_float(verts[i][3])) for i in tri]
            den = sum(b * q for b, q in zip(bary, qs))
            if den == 0:
                return "1/w sums to zero at the pixel"
            out = []
            for c in range(4):
                vals = [word_float(verts[i][off + c]) for i in tri]
                if not all(math.isfinite(v) for v in vals):
                    return "a non-finite attribute that varies over the triangle"
                out.append(f32_bits(sum(b * q * F(v) for b, q, v in zip(bary, qs, vals)) / den))
            results.add(tuple(out))
        if len(results) != 1:
            return "the quad's two triangle splits interpolate differently here"
        return list(results.pop())


def weights(verts, tri, px, py):
    """Barycentric weights of (px, py) in the triangle (inclusive of its edges), or None outside it."""
    (x0, y0), (x1, y1), (x2, y2) = [(F(word_float(verts[i][0])), F(word_float(verts[i][1]))) for i in tri]
    area = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0)
    if area == 0:
        return None
    b1 = ((px - x0) * (y2 - y0) - (x2 - x0) * (py - y0)) / area
    b2 = ((x1 - x0) * (py - y0) - (px - x0) * (y1 - y0)) / area
    b0 = 1 - b1 - b2
    if min(b0, b1, b2) < 0:
        return None
    return (b0, b1, b2)
