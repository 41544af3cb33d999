"""The piglit vectors' texture stand-in: a captured texture (scripts/mesa/mesa_textures.py) as the vector's texture
model.

The model's texture model (docs/spec.md section 6) is one level of at most 16 x 16 texels, sampled nearest with
the coordinate clamped to the texture; the texture unit itself (filtering, wrapping, mipmaps, depth comparison)
is outside the pipelines this project models. A sampled unit becomes `texture U W H` and `texel U X Y R G B A`
lines when what the test does reaches the same texel as the unit would:
  - a 2D or RECT texture, or a 1D one (one row: the model's T picks row 0 whatever it is), one level sampled
    (mip filter none, or one level in the view);
  - nearest minification and magnification (bilinear blends four texels: not in the texture model);
  - at most 16 x 16 texels, in a format FORMATS decodes (the view's format, of the texture's size), every texel
    written by the capture;
  - no depth comparison: r300 compiles the comparison into the program and the unit returns the depth, in
    channels TX_FORMAT1 picks, not decoded here.
Wrap modes: the model clamps. clamp_to_edge is the same; repeat and mirror_repeat agree for coordinates in [0, 1)
(a coordinate outside would wrap on the chip): a probe failure, not a silent pass, shows a test that relies on it.
Each texel is what the texture unit hands the shader for that format: UNORM v as the fp32 nearest to v / (2^n - 1),
floats as stored, through the view's swizzle (PIPE_SWIZZLE_X..W, 0, 1)."""
import struct

import mesa_textures

MAX_SIZE = 16        # docs/spec.md section 6: 1..16 texels each way


def texel_words(hexbytes, fmt, swizzle):
    _, dec, _ = mesa_textures.FORMATS[fmt]
    rgba = dec(bytes.fromhex(hexbytes))
    pick = [rgba[s] if s < 4 else (0.0 if s == 4 else 1.0) for s in swizzle]
    # fp32 as stored for float formats (NaN, infinities and -0 kept); v / (2^n - 1) rounded once more from the
    # double, which is never an fp32 tie, for UNORM
    return [struct.unpack("<I", struct.pack("<f", v))[0] for v in pick]


def unit_problem(unit, tex, texture):
    """Why the unit cannot be the texture model's texture, or None."""
    if tex is None:
        return f"unit {unit}: no texture state captured at this draw"
    if tex["target"] not in ("1D", "2D", "RECT"):
        return f"unit {unit}: a {tex['target']} texture (the texture model is 2D; a 1D texture is one row of it)"
    first, last = tex["levels"]
    if tex["filter"]["mip"] != "none" and last > first:
        return f"unit {unit}: mipmapped ({tex['filter']['mip']} between levels {first}..{last}): one level modelled"
    if tex["filter"]["min"] != "nearest" or tex["filter"]["mag"] != "nearest":
        return (f"unit {unit}: {tex['filter']['min']} / {tex['filter']['mag']} filtering: the texture model "
                "samples the nearest texel only")
    w, h, _ = texture["size"]
    lw, lh = max(1, w >> first), max(1, h >> first)
    if lw > MAX_SIZE or lh > MAX_SIZE:
        return f"unit {unit}: {lw} x {lh} texels (the texture model holds at most {MAX_SIZE} x {MAX_SIZE})"
    if tex["compare"]["mode"]:
        # r300 compiles the comparison into the fragment program (the texture unit returns the depth); which
        # channels carry a depth texel's value is TX_FORMAT1's business, not decoded here
        return f"unit {unit}: a depth texture for a shadow sampler (the depth's channels are not modelled)"
    fmt = tex["view_format"]
    if fmt not in mesa_textures.FORMATS:
        return f"unit {unit}: format {fmt} is not decoded (mesa_textures.FORMATS)"
    if mesa_textures.FORMATS[fmt][0] != mesa_textures.FORMATS.get(tex["format"], (0,))[0]:
        return f"unit {unit}: a {fmt} view of a {tex['format']} texture"
    lv = texture["levels"][0]
    if lv["texels"] is None:
        return f"unit {unit}: level {first}'s texels are unknown ({lv.get('why')})"
    return None


def texture_lines(test, draw):
    """(vector lines, None) for the draw's sampled units, or (None, reason)."""
    lines = []
    for unit, tex in sorted(draw.get("textures", {}).items(), key=lambda kv: int(kv[0])):
        texture = test["textures"][tex["texture"]] if tex is not None else None
        why = unit_problem(unit, tex, texture)
        if why:
            return None, why
        lv = texture["levels"][0]
        fmt = tex["view_format"]
        lines.append(f"# texture unit {unit}: {tex['target']} {texture['size'][0]} x {texture['size'][1]} "
                     f"{fmt}, swizzle {tex['swizzle']}, wrap {tex['wrap'][:2]}, nearest (captured)")
        lines.append(f"texture {unit} {lv['w']} {lv['h']}")
        for i, t in enumerate(lv["texels"][:lv["w"] * lv["h"]]):
            words = texel_words(t, fmt, tex["swizzle"])
            lines.append(f"texel {unit} {i % lv['w']} {i // lv['w']} " + " ".join(f"0x{w:08x}" for w in words))
    if not draw.get("textures"):
        return None, "the program samples a texture and the capture has no texture state"
    return lines, None
