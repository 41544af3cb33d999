"""Textures in the r500 capture: the texels an application uploads and the GPU copies the driver asks for, replayed
on the CPU (the drm-shim runs nothing), and the texture state at each draw.

The capture patches print (RADEON_DEBUG=fp):
  R500CAP texdata RES level=L x= y= z= w= h= d= format=PIPE_FORMAT_* bpp=B   then one `texrow HEX` per row
  R500CAP blit src=RES dst=RES src_level= dst_level= src_box=x,y,z,w,h,d dst_box=... src_format= dst_format= ...
  R500CAP copy src=RES dst=RES src_level= dst_level= src_box=x,y,z,w,h,d at=x,y,z
  R500CAP texfree RES                       a texture freed (its address may come back for a new one)
  R500CAP rt draw|clear RES level=L         a buffer a draw or clear writes (the GPU's rendering is not replayed)
  R500CAP tex UNIT res=RES target=T format= view_format= w= h= d= levels=A..B swizzle=... wrap=s,t,r
              filter=min,mag,mip compare=mode,func unnormalized= border=... regs=filter0,filter1,format0,1,2,border
Texture memory here is {(RES, level): {(x, y, z): texel bytes as hex}} with the format of the level. A blit converts
through floats (FORMATS below: the formats the selected tests use); a blit that scales, or from a format not listed,
leaves the destination unknown, and rendering into a level forgets its texels (a later upload writes them again).
A texdata record of a tiled texture names the linear texture it went through (`linear=`): the copy from it into the
texture that follows is the upload's own and is not replayed (the texels are already where they belong)."""
import struct

# PIPE_FORMAT name -> (bytes per texel, decode(bytes) -> [r, g, b, a] as floats or None, encode([r, g, b, a]) -> bytes)


def _unorm(bits, v):
    return v / ((1 << bits) - 1)


def _to_unorm(bits, x):
    x = 0.0 if x != x else min(1.0, max(0.0, x))
    return int(round(x * ((1 << bits) - 1)))


def _u8(order):
    """An 8-bit-per-channel UNORM format whose bytes are `order` (channel names, X = ignored) in memory order."""
    def dec(b):
        c = {ch: _unorm(8, b[i]) for i, ch in enumerate(order)}
        return [c.get("R", 0.0), c.get("G", 0.0), c.get("B", 0.0), c.get("A", 1.0)]

    def enc(rgba):
        m = dict(zip("RGBA", rgba))
        return bytes(_to_unorm(8, m.get(ch, 1.0)) if ch != "X" else 0xff for ch in order)
    return len(order), dec, enc


def _lum(order):
    """L8, A8, I8, L8A8: luminance into r, g, b; intensity into all four."""
    def dec(b):
        v = [_unorm(8, x) for x in b]
        if order == "L":
            return [v[0], v[0], v[0], 1.0]
        if order == "A":
            return [0.0, 0.0, 0.0, v[0]]
        if order == "I":
            return [v[0]] * 4
        return [v[0], v[0], v[0], v[1]]            # LA

    def enc(rgba):
        r, _, _, a = rgba
        vals = {"L": [r], "A": [a], "I": [r], "LA": [r, a]}[order]
        return bytes(_to_unorm(8, x) for x in vals)
    return len(order), dec, enc


def _f32(n):
    def dec(b):
        v = list(struct.unpack(f"<{n}f", b))
        return (v + [0.0, 0.0, 0.0, 1.0][n:])[:4]

    def enc(rgba):
        return struct.pack(f"<{n}f", *rgba[:n])
    return 4 * n, dec, enc


def _z(bits, total, shift):
    """A depth format: depth in r (the texture unit's comparison is not modelled)."""
    def dec(b):
        w = int.from_bytes(b, "little")
        return [_unorm(bits, (w >> shift) & ((1 << bits) - 1)), 0.0, 0.0, 1.0]

    def enc(rgba):
        return (_to_unorm(bits, rgba[0]) << shift).to_bytes(total, "little")
    return total, dec, enc


FORMATS = {
    "PIPE_FORMAT_R8G8B8A8_UNORM": _u8("RGBA"), "PIPE_FORMAT_B8G8R8A8_UNORM": _u8("BGRA"),
    "PIPE_FORMAT_A8R8G8B8_UNORM": _u8("ARGB"), "PIPE_FORMAT_A8B8G8R8_UNORM": _u8("ABGR"),
    "PIPE_FORMAT_R8G8B8X8_UNORM": _u8("RGBX"), "PIPE_FORMAT_B8G8R8X8_UNORM": _u8("BGRX"),
    "PIPE_FORMAT_X8B8G8R8_UNORM": _u8("XBGR"), "PIPE_FORMAT_X8R8G8B8_UNORM": _u8("XRGB"),
    "PIPE_FORMAT_R8_UNORM": _u8("R"), "PIPE_FORMAT_R8G8_UNORM": _u8("RG"),
    "PIPE_FORMAT_L8_UNORM": _lum("L"), "PIPE_FORMAT_A8_UNORM": _lum("A"), "PIPE_FORMAT_I8_UNORM": _lum("I"),
    "PIPE_FORMAT_L8A8_UNORM": _lum("LA"),
    "PIPE_FORMAT_R32G32B32A32_FLOAT": _f32(4), "PIPE_FORMAT_R32G32B32_FLOAT": _f32(3),
    "PIPE_FORMAT_R32G32_FLOAT": _f32(2), "PIPE_FORMAT_R32_FLOAT": _f32(1),
    "PIPE_FORMAT_Z16_UNORM": _z(16, 2, 0), "PIPE_FORMAT_Z32_FLOAT": _f32(1),
    "PIPE_FORMAT_X8Z24_UNORM": _z(24, 4, 8), "PIPE_FORMAT_S8_UINT_Z24_UNORM": _z(24, 4, 8),
    "PIPE_FORMAT_Z24X8_UNORM": _z(24, 4, 0), "PIPE_FORMAT_Z24_UNORM_S8_UINT": _z(24, 4, 0),
}
TARGETS = {1: "1D", 2: "2D", 3: "3D", 4: "CUBE", 5: "RECT"}
WRAPS = {0: "repeat", 1: "clamp", 2: "clamp_to_edge", 3: "clamp_to_border", 4: "mirror_repeat",
         5: "mirror_clamp", 6: "mirror_clamp_to_edge", 7: "mirror_clamp_to_border"}
FILTERS = {0: "nearest", 1: "linear"}
MIPFILTERS = {0: "nearest", 1: "linear", 2: "none"}


def _kv(fields):
    return dict(f.split("=", 1) for f in fields if "=" in f)


def _box(s):
    return [int(v) for v in s.split(",")]


class TextureMemory:
    """The texels each texture level holds, replayed from the capture records in order."""

    def __init__(self):
        self.levels = {}        # (res, level) -> {"format": name, "texels": {(x, y, z): hex}}
        self.pending = None     # the texdata record whose rows are being read: [key, x, y, z, w, d, bpp, row]
        self.own_copy = None    # (linear texture, texture): the copy an upload through a linear texture makes

    def _level(self, res, level, fmt):
        lv = self.levels.get((res, level))
        if lv is None or lv["format"] != fmt:
            lv = self.levels[(res, level)] = {"format": fmt, "texels": {}, "unknown": None}
        return lv

    def record(self, f):
        """Consumes one R500CAP record's fields (f[1] is the tag); True when it was a texture record."""
        tag = f[1]
        if tag == "texdata":
            kv = _kv(f[3:])
            lv = self._level(f[2], int(kv["level"]), kv["format"])
            lv["unknown"] = None
            lin = kv.get("linear", "(nil)")
            self.own_copy = (lin, f[2]) if lin not in ("(nil)", "0x0", "0") else None
            self.pending = [lv, int(kv["x"]), int(kv["y"]), int(kv["z"]), int(kv["w"]), int(kv["h"]),
                            int(kv["bpp"]), 0]
            return True
        if tag == "texrow":
            lv, x0, y0, z0, w, h, bpp, row = self.pending
            data = f[2]
            for i in range(len(data) // (2 * bpp)):
                lv["texels"][(x0 + i, y0 + row % h, z0 + row // h)] = data[2 * bpp * i:2 * bpp * (i + 1)]
            self.pending[7] += 1
            return True
        if tag == "texfree":
            for key in [k for k in self.levels if k[0] == f[2]]:
                del self.levels[key]
            return True
        if tag == "rt":
            kv = _kv(f[4:])
            lv = self.levels.get((f[3], int(kv["level"])))
            if lv is not None:
                lv["texels"] = {}
                lv["unknown"] = f"rendered to by a {f[2]} (the GPU's rendering is not replayed)"
            return True
        if tag in ("blit", "copy"):
            kv = _kv(f[2:])
            sb = _box(kv["src_box"])
            src = self.levels.get((kv["src"], int(kv["src_level"])))
            if tag == "copy":
                if self.own_copy == (kv["src"], kv["dst"]):
                    self.own_copy = None
                    return True
                db = _box(kv["at"]) + sb[3:]
                sfmt = dfmt = src["format"] if src else None
            else:
                db, sfmt, dfmt = _box(kv["dst_box"]), kv["src_format"], kv["dst_format"]
            if dfmt is None:
                lv = self.levels.get((kv["dst"], int(kv["dst_level"])))
                if lv is not None:
                    lv["texels"], lv["unknown"] = {}, "a copy from a texture the capture never saw written"
                return True
            dst = self._level(kv["dst"], int(kv["dst_level"]), dfmt)
            why = None
            if src is None or src["unknown"]:
                why = "its source was never written" if src is None else src["unknown"]
            elif sb[3:] != db[3:]:
                why = f"a scaling blit ({sb[3:]} -> {db[3:]})"
            elif sfmt not in FORMATS or dfmt not in FORMATS or src["format"] not in FORMATS:
                why = f"a blit between formats this replay does not convert ({sfmt} -> {dfmt})"
            elif FORMATS[sfmt][0] != FORMATS[src["format"]][0]:
                why = f"a blit reading {src['format']} as {sfmt}"
            if why:
                dst["texels"], dst["unknown"] = {}, why
                return True
            _, dec, _ = FORMATS[sfmt]
            _, _, enc = FORMATS[dfmt]
            same = src["format"] == sfmt == dfmt
            dst["unknown"] = None      # what it leaves out, a missing texel says
            for z in range(sb[5]):
                for y in range(sb[4]):
                    for x in range(sb[3]):
                        t = src["texels"].get((sb[0] + x, sb[1] + y, sb[2] + z))
                        key = (db[0] + x, db[1] + y, db[2] + z)
                        if t is None:
                            dst["texels"].pop(key, None)
                        elif same:
                            dst["texels"][key] = t
                        else:
                            dst["texels"][key] = enc(dec(bytes.fromhex(t))).hex()
            return True
        return False

    def snapshot(self, res, fmt, w, h, d, first, last):
        """The levels first..last of texture RES as stored: [{"level", "w", "h", "d", "texels": [hex, row-major
        from (0, 0, 0)] or None, "why": reason when None}]."""
        out = []
        for lvl in range(first, last + 1):
            lw, lh = max(1, w >> lvl), max(1, h >> lvl)
            ld = max(1, d >> lvl) if d > 1 else d
            lv = self.levels.get((res, lvl))
            rec = {"level": lvl, "w": lw, "h": lh, "d": ld, "texels": None}
            if lv is None:
                rec["why"] = "no upload or copy wrote it"
            elif lv["unknown"]:
                rec["why"] = lv["unknown"]
            elif lv["format"] != fmt:
                rec["why"] = f"written as {lv['format']}, sampled as {fmt}"
            else:
                texels = [lv["texels"].get((x, y, z)) for z in range(ld) for y in range(lh) for x in range(lw)]
                if None in texels:
                    rec["why"] = f"{texels.count(None)} of {len(texels)} texels never written"
                else:
                    rec["texels"] = texels
            out.append(rec)
        return out


def tex_state(f):
    """The fields of an R500CAP tex record: (unit, res, state dict without the texels)."""
    kv = _kv(f[3:])
    first, last = (int(v) for v in kv["levels"].split(".."))
    wrap = [int(v) for v in kv["wrap"].split(",")]
    flt = [int(v) for v in kv["filter"].split(",")]
    cmp_ = [int(v) for v in kv["compare"].split(",")]
    return int(f[2]), kv["res"], {
        "target": TARGETS.get(int(kv["target"]), kv["target"]), "format": kv["format"],
        "view_format": kv["view_format"], "size": [int(kv["w"]), int(kv["h"]), int(kv["d"])],
        "levels": [first, last], "swizzle": [int(v) for v in kv["swizzle"].split(",")],
        "wrap": [WRAPS.get(v, str(v)) for v in wrap],
        "filter": {"min": FILTERS.get(flt[0], str(flt[0])), "mag": FILTERS.get(flt[1], str(flt[1])),
                   "mip": MIPFILTERS.get(flt[2], str(flt[2]))},
        "compare": {"mode": cmp_[0], "func": cmp_[1]}, "unnormalized": int(kv["unnormalized"]),
        "border": kv["border"].split(","),
        "regs": dict(zip(["TX_FILTER0", "TX_FILTER1", "TX_FORMAT0", "TX_FORMAT1", "TX_FORMAT2", "TX_BORDER_COLOR"],
                         kv["regs"].split(",")))}
