/* Every Mesa corpus program on seeded random inputs (us_random_vector + us_vec_setup + us_quad_run):
 *
 * 1. every run ends normally: no error flag, done, a sane retired count (all of a straight-line program), and
 *    every output channel the program's OUT instructions write is written, and no other, for the pixels
 *    still running at the end;
 * 2. for the programs in the evaluator table, every output channel is compared with a plain-C evaluation of
 *    what the program computes (its GLSL meaning, read off the disassembly) in host double precision, from
 *    the same inputs (the set-up quad's temporaries, the shader's constants and texel tables);
 * 3. the same run in the bounds mode (golden/us_bound.h, docs/fp.md part C): on a stable run, every value the
 *    evaluator gives (the double, rounded once to fp32; a bit-moving channel's bits) lies inside the model's
 *    bound for that output channel, an independent check of the bounds on whole programs;
 * 4. per program: runs, checks, skips, max absolute/relative error, and the worst error as a fraction of its
 *    bound. Exit 1 on any failure.
 *
 * Tolerance. An output that only moves bits (MAX with OMOD 7, swizzle constants, texels) must match bit for
 * bit, denormals included (CTM p.42: MAX with OMOD 7 is a bit-exact copy). An arithmetic output must lie within an error bound carried through the evaluation next
 * to the value (bounded_t): every basic op adds half an ulp of its result (2^-24 relative, round to nearest
 * even) and 2^-126 absolute (FTZ); RCP and RSQ add their documented 1-2 ulp, taken as 2 ulp = 2^-22
 * relative, to the error their argument carried (mapped exactly: both are monotone); COS of 2 pi x adds its
 * documented 2^-20 absolute to 2 pi times its argument's error (its slope bound). (See expect_near for the
 * last bits of slack.) Why not one fixed tolerance: a relative 2^-20 fails a correct model wherever
 * the math is ill-conditioned (cos(2 pi y) with y ~ 50: one rounding of y, 2^-19, moves it by up to
 * 12 x 2^-20; a DP3 or a mix whose terms cancel) and is several times too loose where it is not.
 *
 * Degenerate inputs are excluded, not restricted away: the bounds hold for inputs that are zero (after DAZ)
 * or of magnitude 2^-40..2^40, where no intermediate overflows or goes denormal. An arithmetic channel with
 * an input outside that (NaN, inf, huge, tiny) is skipped and counted; bit-moving channels are compared
 * whatever the input. Also skipped: a CMP step whose argument lies within its error bound of 0 (either
 * side is right), and a bound wider than 2^-8 of max(|v|, 1) (nothing useful left to check).
 * Inputs are shaped on the odd seeds only: texture sizes 1..16 instead of 4x4, and, for the circle programs,
 * points near the circle they draw, for the texture programs coordinates next to texel edges (see
 * shape_circle_inputs, shape_texture_inputs).
 * usage: test_corpus CORPUS_DIR [seeds, at least 20; default 100] */
#define _POSIX_C_SOURCE 200809L /* opendir, readdir */
#include <dirent.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa/us_hex.h"
#include "golden/us_bound.h"
#include "golden/us_model.h"
#include "gen/us_random.h"
#include "gen/us_vec.h"

#define MIN_SEEDS 20u
#define DEFAULT_SEEDS 100u
#define MAX_PROGRAMS 256u
#define MAX_REPORTED_FAILURES 8u /* per program: enough to see a pattern */

enum { R, G, B, A };
static const char channel_name[4] = {'r', 'g', 'b', 'a'};

/* ------------------------------------------------------------------------------------------------------ */
/* fp32 bit patterns on the host side (the oracle may use host floating point; the model may not)          */

static double value_of(uint32_t bits)
{
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

static uint32_t bits_of(float f)
{
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    return b;
}

/* Every op reads a denormal as a zero of the same sign (docs/spec.md, us_fp.h). */
static uint32_t daz_bits(uint32_t bits)
{
    return (bits & 0x7F800000u) ? bits : bits & 0x80000000u;
}

/* An input the error bounds hold for: zero after DAZ, or a magnitude in [2^-40, 2^40]. */
static bool usable_input(uint32_t bits, double *v)
{
    double x = value_of(daz_bits(bits)), m = fabs(x);
    if (!(m == 0.0 || (m >= 0x1p-40 && m <= 0x1p40)))
        return false; /* NaN fails both comparisons */
    *v = x;
    return true;
}

/* ------------------------------------------------------------------------------------------------------ */
/* A value and a bound on how far the model's fp32 evaluation of it may be (see the top comment)           */

#define FP32_ROUNDING 0x1p-24 /* half an ulp, relative: one basic op, round to nearest even */
#define FTZ_ABS 0x1p-126      /* a tiny result flushed to zero */
#define RCP_RSQ_REL 0x1p-22   /* 2 ulp, and an ulp is at most 2^-23 of the value */
#define SINCOS_ABS 0x1p-20    /* SIN/COS of 2 pi x, absolute */
#define TWO_PI 6.283185307179586

typedef struct bounded {
    double v, e;
} bounded_t;

static bounded_t exact(double v)
{
    return (bounded_t){v, 0.0};
}

/* One basic op: the exact result of the (already perturbed) operands, rounded once to fp32. */
static bounded_t rounded(double v, double carried)
{
    return (bounded_t){v, carried + FP32_ROUNDING * fabs(v) + FTZ_ABS};
}

static bounded_t b_add(bounded_t a, bounded_t b)
{
    return rounded(a.v + b.v, a.e + b.e);
}

static bounded_t b_mul(bounded_t a, bounded_t b)
{
    return rounded(a.v * b.v, fabs(a.v) * b.e + fabs(b.v) * a.e + a.e * b.e);
}

/* MAD: a multiply and an add, two roundings (docs/spec.md section 5). */
static bounded_t b_mad(bounded_t a, bounded_t b, bounded_t c)
{
    return b_add(b_mul(a, b), c);
}

/* Input modifier ABS: exact, and it never widens an error. */
static bounded_t b_abs(bounded_t a)
{
    return (bounded_t){fabs(a.v), a.e};
}

static double clamp01(double x)
{
    return fmin(fmax(x, 0.0), 1.0);
}

/* The clamp to [0, 1] (.sat): exact and monotone, so [v - e, v + e] maps through it; a value clamped with
 * room to spare is exactly 0 or 1. */
static bounded_t b_saturate(bounded_t a)
{
    double v = clamp01(a.v);
    return (bounded_t){v, fmax(v - clamp01(a.v - a.e), clamp01(a.v + a.e) - v)};
}

static double reciprocal(double x)
{
    return 1.0 / x;
}

static double reciprocal_sqrt(double x)
{
    return 1.0 / sqrt(x);
}

/* RCP or RSQ of an argument known to be positive. The function is monotone, so the argument's error maps
 * exactly through the ends of [v - e, v + e]; an interval reaching 0 has no usable bound (infinite). */
static bounded_t b_positive_transcendental(bounded_t a, double (*f)(double))
{
    double v = f(a.v);
    if (!(a.v - a.e > 0.0))
        return (bounded_t){v, INFINITY};
    double carried = fmax(fabs(f(a.v - a.e) - v), fabs(f(a.v + a.e) - v));
    return (bounded_t){v, carried + RCP_RSQ_REL * (fabs(v) + carried)};
}

/* COS of FRC(a): FRC is exact but for a tiny negative a (1 - |a| rounds, and 1.0 becomes 0x3F7FFFFF), at
 * most 2^-24; the period hides FRC's jump at integers; COS adds 2^-20 and has slope at most 2 pi. */
static bounded_t b_cos_2pi_frc(bounded_t a)
{
    double f = a.v - floor(a.v);
    return (bounded_t){cos(TWO_PI * f), TWO_PI * (a.e + 0x1p-24) + SINCOS_ABS};
}

static double smoothstep_cubic(double s)
{
    return s * (s * (3.0 - 2.0 * s));
}

/* s s (3 - 2 s) as the three MADs g = -2 s + 3, h = s g + 0, o = s h + 0, for s in [0, 1] (a saturated value).
 * Chaining b_mad would count s's error three times over as if independent (near s = 1 the cubic is flat, so
 * that is several times too loose); instead s's error goes through the exact cubic, monotone on [0, 1], and the
 * three roundings (2 s and + 0 are exact) multiply the result by (1 + d1)(1 + d2)(1 + d3). */
static bounded_t b_smoothstep_cubic(bounded_t s)
{
    double v = smoothstep_cubic(s.v);
    double lo = smoothstep_cubic(fmax(s.v - s.e, 0.0)), hi = smoothstep_cubic(fmin(s.v + s.e, 1.0));
    double carried = fmax(v - lo, hi - v);
    return (bounded_t){v, carried + 3.0 * FP32_ROUNDING * (v + carried) + 3.0 * FTZ_ABS};
}

/* ------------------------------------------------------------------------------------------------------ */
/* What an evaluator expects of each output channel of one pixel                                          */

typedef enum { EXPECT_NOTHING, EXPECT_BITS, EXPECT_NEAR, EXPECT_SKIP } expect_kind_t;
/* Why a channel is not compared: an input outside 2^-40..2^40 (NaN, inf, huge, tiny), or a bound that
 * decides nothing (a step argument within its bound of 0, a bound infinite or too wide). */
typedef enum { SKIP_INPUT, SKIP_BOUND } skip_reason_t;

typedef struct expect {
    expect_kind_t kind;
    uint32_t bits;    /* EXPECT_BITS */
    double v, tol;    /* EXPECT_NEAR: |model - v| <= tol */
    skip_reason_t why; /* EXPECT_SKIP */
} expect_t;

typedef struct pixel_expect {
    expect_t out[4][4]; /* render target, channel */
} pixel_expect_t;

static void expect_bits(expect_t *x, uint32_t bits)
{
    *x = (expect_t){.kind = EXPECT_BITS, .bits = bits};
}

static void expect_skip(expect_t *x, skip_reason_t why)
{
    *x = (expect_t){.kind = EXPECT_SKIP, .why = why};
}

/* A bound wider than 2^-8 of max(|v|, 1) (cos of a huge argument, a sum that cancels) would pass nearly
 * anything: such a channel is skipped as ill-conditioned rather than counted as checked. The factor 1 + 2^-20
 * covers the second-order terms the bound leaves out (a rounding's error on the error already carried);
 * 2^-40 |v| the host's double rounding. */
static void expect_near(expect_t *x, bounded_t b)
{
    if (!isfinite(b.v) || !isfinite(b.e))
        expect_skip(x, SKIP_BOUND);
    else if (b.e > 0x1p-8 * fmax(fabs(b.v), 1.0))
        expect_skip(x, SKIP_BOUND);
    else
        *x = (expect_t){.kind = EXPECT_NEAR, .v = b.v, .tol = b.e * (1.0 + 0x1p-20) + 0x1p-40 * fabs(b.v)};
}

/* step(d): CMP's "C >= 0 ? A : B" with A, B exact swizzle constants; undecidable within d's own bound. */
static void expect_step(expect_t *x, bounded_t d, uint32_t at_least_zero, uint32_t below_zero)
{
    if (!isfinite(d.v) || !isfinite(d.e) || fabs(d.v) <= d.e)
        expect_skip(x, SKIP_BOUND);
    else
        expect_bits(x, d.v > 0.0 ? at_least_zero : below_zero);
}

/* ------------------------------------------------------------------------------------------------------ */
/* The inputs one run starts from                                                                          */

typedef struct inputs {
    const us_quad_t *start; /* the quad as us_vec_setup made it, before it ran */
    const us_shader_t *sh;  /* constants and texel tables (running changes neither) */
} inputs_t;

#define BITS_ZERO 0x00000000u
#define BITS_ONE 0x3F800000u

static uint32_t temp_in(const inputs_t *in, unsigned p, unsigned addr, unsigned ch)
{
    return in->start->temp[p][addr][ch];
}

static uint32_t const_in(const inputs_t *in, unsigned index, unsigned ch)
{
    return in->sh->konst[index][ch];
}

/* Texel index along one axis (docs/spec.md section 6): S x size as one IEEE fp32 multiply (exact in double,
 * then rounded to float where it matters, below 16), floor, clamped to [0, size - 1]; NaN and below 1 give 0. */
static unsigned texel_index(uint32_t coord, unsigned size)
{
    double p = value_of(daz_bits(coord)) * size;
    if (isnan(p) || p <= 0.0)
        return 0;
    if (p >= 16.0)
        return size - 1u; /* every size is at most 16; +inf lands here too */
    double rounded_product = (float)p; /* 0 < p < 16: in range, so the conversion is defined */
    if (rounded_product < 1.0)
        return 0;
    unsigned i = (unsigned)floor(rounded_product);
    return i < size ? i : size - 1u;
}

/* Nearest texel of texture id at (S, T); a texture the vector does not define reads 0. */
static const uint32_t *texel_at(const inputs_t *in, unsigned id, uint32_t s, uint32_t t)
{
    static const uint32_t undefined_texture[4] = {0, 0, 0, 0};
    const us_texture_t *tx = &in->sh->tex[id];
    if (!tx->width || !tx->height)
        return undefined_texture;
    return tx->texel[texel_index(t, tx->height) * tx->width + texel_index(s, tx->width)];
}

/* ------------------------------------------------------------------------------------------------------ */
/* The evaluators: one per program, each the GLSL-level meaning of its disassembly                         */

/* o0.rgba = the fragment's colour after a MAX with itself and OMOD 7: the value's own bits, denormals included
 * (CTM p.42: a bit-preserving MOV). */
static void expect_passed_through(expect_t *out, const uint32_t v[4])
{
    for (unsigned c = 0; c < 4; c++)
        expect_bits(&out[c], v[c]);
}

/* texture.fs.txt, texture_cube.fs.txt, gl_teximage2d.fs.txt, matrix_cubesphere_cubemap.fs.txt:
 *     tex ld t0, t0.(rg..), tex0;  o0 = max(t0, t0)       =>  gl_FragColor = texture2D(tex0, t0.xy) */
static void eval_texture(const inputs_t *in, unsigned p, pixel_expect_t *x)
{
    expect_passed_through(x->out[0], texel_at(in, 0, temp_in(in, p, 0, R), temp_in(in, p, 0, G)));
}

/* texture_swizzle.fs.txt: tex ld t0.rgb (t0.a keeps its input); o0.rgb = t0.rbg, o0.a = t0.g (an alpha swizzle
 * naming g reads the rgb address)                                =>  gl_FragColor = texture2D(...).rbgg */
static void eval_texture_swizzle(const inputs_t *in, unsigned p, pixel_expect_t *x)
{
    const uint32_t *tx = texel_at(in, 0, temp_in(in, p, 0, R), temp_in(in, p, 0, G));
    const uint32_t v[4] = {tx[R], tx[B], tx[G], tx[G]};
    expect_passed_through(x->out[0], v);
}

/* texture_dual.fs.txt: t1 = tex0(t0.xy), t2 = tex1(t0.xy); srcp = t2 - t1 (SUB, one rounding);
 *     o0 = t0.r * srcp + t1 (MAD, every channel; the alpha's src2.r reads t0.r)
 *                                                                =>  gl_FragColor = mix(t1, t2, t0.x) */
static void eval_texture_dual(const inputs_t *in, unsigned p, pixel_expect_t *x)
{
    uint32_t s = temp_in(in, p, 0, R), t = temp_in(in, p, 0, G);
    const uint32_t *t1 = texel_at(in, 0, s, t), *t2 = texel_at(in, 1, s, t);
    double a, v1, v2;
    for (unsigned c = 0; c < 4; c++) {
        if (!usable_input(s, &a) || !usable_input(t1[c], &v1) || !usable_input(t2[c], &v2)) {
            expect_skip(&x->out[0][c], SKIP_INPUT);
            continue;
        }
        bounded_t diff = b_add(exact(v2), exact(-v1));
        expect_near(&x->out[0][c], b_mad(exact(a), diff, exact(v1)));
    }
}

/* shadertoy.fs.txt: o0 = max(t0.rg0, t0.rg0), o0.a = 1        =>  gl_FragColor = vec4(uv, 0, 1) */
static void eval_shadertoy(const inputs_t *in, unsigned p, pixel_expect_t *x)
{
    const uint32_t v[4] = {temp_in(in, p, 0, R), temp_in(in, p, 0, G), BITS_ZERO, BITS_ONE};
    expect_passed_through(x->out[0], v);
}

/* length(t0.xy) as Mesa compiles it: DP3 of (x, y, 0) with itself ((x x + y y) + 0 0), RSQ of its absolute
 * value, RCP. length(0) = RCP(RSQ(+0)) = RCP(+inf) = 0 exactly. False if an input is unusable. */
static bool length_of_t0(const inputs_t *in, unsigned p, bounded_t *len)
{
    double x, y;
    if (!usable_input(temp_in(in, p, 0, R), &x) || !usable_input(temp_in(in, p, 0, G), &y))
        return false;
    bounded_t dot = b_add(b_add(b_mul(exact(x), exact(x)), b_mul(exact(y), exact(y))), exact(0.0));
    if (dot.v == 0.0) {
        *len = exact(0.0);
        return true;
    }
    *len = b_positive_transcendental(b_positive_transcendental(b_abs(dot), reciprocal_sqrt), reciprocal);
    return true;
}

/* The circle programs and length.fs.txt write o0.gb = 0 (MAX of swizzle 0s) and o0.a = 1. */
static void expect_red_only(pixel_expect_t *x)
{
    expect_bits(&x->out[0][G], BITS_ZERO);
    expect_bits(&x->out[0][B], BITS_ZERO);
    expect_bits(&x->out[0][A], BITS_ONE);
}

/* length.fs.txt: o0.r = SOP of RCP(RSQ(|DP3(t0.rg0, t0.rg0)|))   =>  gl_FragColor = vec4(length(t0.xy), 0, 0, 1) */
static void eval_length(const inputs_t *in, unsigned p, pixel_expect_t *x)
{
    bounded_t len;
    if (length_of_t0(in, p, &len))
        expect_near(&x->out[0][R], len);
    else
        expect_skip(&x->out[0][R], SKIP_INPUT);
    expect_red_only(x);
}

/* shadertoy_circle.fs.txt: d = len - 0.5 (MAD len 1 -0.5); e = |d| + c0.r (MAD |d| 1 c0.r);
 *     o0.r = CMP(1, 0, e) = e >= 0 ? 1 : 0
 *     =>  gl_FragColor = vec4(step(0.0, abs(length(uv) - 0.5) + c0.r), 0, 0, 1) */
static void eval_circle(const inputs_t *in, unsigned p, pixel_expect_t *x)
{
    bounded_t len;
    double c;
    expect_red_only(x);
    if (!length_of_t0(in, p, &len) || !usable_input(const_in(in, 0, R), &c)) {
        expect_skip(&x->out[0][R], SKIP_INPUT);
        return;
    }
    bounded_t d = b_mad(len, exact(1.0), exact(-0.5));
    bounded_t e = b_mad(b_abs(d), exact(1.0), exact(c));
    expect_step(&x->out[0][R], e, BITS_ONE, BITS_ZERO);
}

/* shadertoy_circle_sin.fs.txt: y = c0.r len (MAD, + 0); f = FRC(y); o0.r = SOP of COS(f) = cos(2 pi f)
 *     => gl_FragColor = vec4(cos(k length(uv)), 0, 0, 1), Mesa folding 1/(2 pi) into c0.r = k/(2 pi) */
static void eval_circle_sin(const inputs_t *in, unsigned p, pixel_expect_t *x)
{
    bounded_t len;
    double c;
    expect_red_only(x);
    if (!length_of_t0(in, p, &len) || !usable_input(const_in(in, 0, R), &c)) {
        expect_skip(&x->out[0][R], SKIP_INPUT);
        return;
    }
    expect_near(&x->out[0][R], b_cos_2pi_frc(b_mad(exact(c), len, exact(0.0))));
}

/* shadertoy_circle_smoothstep.fs.txt: d = len - 0.5; s = sat(|d| 10 + 0); g = -2 s + 3; h = s g + 0;
 *     o0.rgb = s h + 0          =>  gl_FragColor = vec4(vec3(smoothstep(0.0, 0.1, abs(length(uv) - 0.5))), 1) */
static void eval_circle_smoothstep(const inputs_t *in, unsigned p, pixel_expect_t *x)
{
    bounded_t len;
    expect_bits(&x->out[0][A], BITS_ONE);
    if (!length_of_t0(in, p, &len)) {
        for (unsigned c = R; c <= B; c++)
            expect_skip(&x->out[0][c], SKIP_INPUT);
        return;
    }
    bounded_t d = b_mad(len, exact(1.0), exact(-0.5));
    bounded_t s = b_saturate(b_mad(b_abs(d), exact(10.0), exact(0.0)));
    bounded_t o = b_smoothstep_cubic(s);
    for (unsigned c = R; c <= B; c++)
        expect_near(&x->out[0][c], o);
}

/* (a b + c d) + 0 0: a DP3 whose third products are swizzle zeros. */
static void expect_dot2(expect_t *x, uint32_t a, uint32_t b, uint32_t c, uint32_t d)
{
    double va, vb, vc, vd;
    if (!usable_input(a, &va) || !usable_input(b, &vb) || !usable_input(c, &vc) || !usable_input(d, &vd)) {
        expect_skip(x, SKIP_INPUT);
        return;
    }
    expect_near(x, b_add(b_add(b_mul(exact(va), exact(vb)), b_mul(exact(vc), exact(vd))), exact(0.0)));
}

/* vertex_color_fp_render.fs.txt: o1.r = DP3(t0.rg0, t0.bg0), o1.g = DP3(t0.rr0, t0.gg0), o1.b = DP3(t0.bb0,
 * t0.gg0), o1.a = 1; o0 = (t0.rgb, 1)
 *     =>  gl_FragData[1] = vec4(c.r c.b + c.g c.g, 2 c.r c.g, 2 c.b c.g, 1), gl_FragData[0] = vec4(c.rgb, 1) */
static void eval_vertex_color(const inputs_t *in, unsigned p, pixel_expect_t *x)
{
    uint32_t r = temp_in(in, p, 0, R), g = temp_in(in, p, 0, G), b = temp_in(in, p, 0, B);
    const uint32_t colour[4] = {r, g, b, BITS_ONE};
    expect_passed_through(x->out[0], colour);
    expect_dot2(&x->out[1][R], r, b, g, g);
    expect_dot2(&x->out[1][G], r, g, r, g);
    expect_dot2(&x->out[1][B], b, g, b, g);
    expect_bits(&x->out[1][A], BITS_ONE);
}

/* vertex_color_fp_render_texture.fs.txt: t1 = tex0(S = t0.b, T = t0.g); o0 = (t0.rgb, 1); o1 = t1
 *     =>  gl_FragData[0] = vec4(c.rgb, 1), gl_FragData[1] = texture2D(tex0, c.bg) */
static void eval_vertex_color_texture(const inputs_t *in, unsigned p, pixel_expect_t *x)
{
    const uint32_t colour[4] = {temp_in(in, p, 0, R), temp_in(in, p, 0, G), temp_in(in, p, 0, B), BITS_ONE};
    expect_passed_through(x->out[0], colour);
    expect_passed_through(x->out[1], texel_at(in, 0, temp_in(in, p, 0, B), temp_in(in, p, 0, G)));
}

/* ------------------------------------------------------------------------------------------------------ */
/* Input shaping for some seeds                                                                           */

static double unit_random(us_rng_t *r)
{
    return us_rng_next(r) / 4294967296.0;
}

/* The circle programs draw around |uv| = 0.5; us_rng_float's inputs (|x| mostly 1/8..8) would almost never
 * land near it, leaving the smoothstep's ramp and the CMP's edge untested. So on the odd seeds each pixel's
 * t0.xy is a point at radius 0.3..0.7 and c0.r (ring half-width, or cos frequency) is in [-0.25, 0.25]. */
static void shape_circle_inputs(us_vector_t *v, us_rng_t *r)
{
    for (unsigned p = 0; p < US_NPIX; p++) {
        double radius = 0.3 + 0.4 * unit_random(r), angle = TWO_PI * unit_random(r);
        v->temp[p][0][R] = bits_of((float)(radius * cos(angle)));
        v->temp[p][0][G] = bits_of((float)(radius * sin(angle)));
    }
    /* c0 through the load port, after the vector's own constant writes */
    us_vec_add_write(v, GA_US_VECTOR_INDEX_ADDR, GA_US_VECTOR_INDEX_TYPE_MASK | 0u);
    us_vec_add_write(v, GA_US_VECTOR_DATA_ADDR, bits_of((float)(0.5 * unit_random(r) - 0.25)));
    for (unsigned c = G; c <= A; c++)
        us_vec_add_write(v, GA_US_VECTOR_DATA_ADDR, us_rng_float(r));
}

/* us_random_vector makes four 4x4 textures; the odd seeds use sizes 1..16 instead, so the scaling by a size
 * that is not a power of two (an inexact multiply) and clamping at both edges are exercised too. */
static void resize_textures(us_vector_t *v, us_rng_t *r)
{
    for (unsigned id = 0; id < 4; id++) {
        us_texture_t *tx = &v->tex[id];
        tx->width = 1u + us_rng_next(r) % US_TEX_MAX_DIM;
        tx->height = 1u + us_rng_next(r) % US_TEX_MAX_DIM;
        for (unsigned t = 0; t < tx->width * tx->height; t++)
            for (unsigned c = 0; c < 4; c++)
                tx->texel[t][c] = us_rng_float(r);
    }
}

/* A coordinate within 2 ulp of a texel edge n / size: where S x size, rounded to fp32, may land on n while
 * the exact product is below it (random coordinates practically never come this close). */
static uint32_t near_texel_edge(unsigned size, us_rng_t *r)
{
    unsigned n = 1u + us_rng_next(r) % size;
    uint32_t edge = bits_of((float)n / (float)size);
    return edge + (us_rng_next(r) % 5u) - 2u; /* a positive float: neighbouring bit patterns are neighbours */
}

/* The texture programs read S from t0.r (or t0.b) and T from t0.g: on the odd seeds, three pixels in four
 * get coordinates next to texel edges of texture 0. */
static void shape_texture_inputs(us_vector_t *v, us_rng_t *r)
{
    for (unsigned p = 0; p < US_NPIX; p++) {
        if (us_rng_next(r) % 4u == 0)
            continue;
        v->temp[p][0][R] = near_texel_edge(v->tex[0].width, r);
        v->temp[p][0][G] = near_texel_edge(v->tex[0].height, r);
        v->temp[p][0][B] = near_texel_edge(v->tex[0].width, r);
    }
}

/* ------------------------------------------------------------------------------------------------------ */
/* The table: which evaluator belongs to which program, and the program it was derived from               */

typedef struct evaluator {
    const char *file;
    uint32_t fingerprint; /* FNV-1a of the program's words: the evaluator is stale if the program changed */
    void (*eval)(const inputs_t *in, unsigned p, pixel_expect_t *x);
    void (*shape)(us_vector_t *v, us_rng_t *r); /* odd seeds, or NULL */
} evaluator_t;

static const evaluator_t evaluators[] = {
    {"gl_teximage2d.fs.txt", 0xDD0A4D3Au, eval_texture, shape_texture_inputs},
    {"length.fs.txt", 0x00665B49u, eval_length, NULL},
    {"matrix_cubesphere_cubemap.fs.txt", 0x70CB408Au, eval_texture, shape_texture_inputs},
    {"shadertoy.fs.txt", 0x31D53118u, eval_shadertoy, NULL},
    {"shadertoy_circle.fs.txt", 0x6465422Au, eval_circle, shape_circle_inputs},
    {"shadertoy_circle_sin.fs.txt", 0x68B193AAu, eval_circle_sin, shape_circle_inputs},
    {"shadertoy_circle_smoothstep.fs.txt", 0xEF116187u, eval_circle_smoothstep, shape_circle_inputs},
    {"texture.fs.txt", 0xDD0A4D3Au, eval_texture, shape_texture_inputs},
    {"texture_cube.fs.txt", 0xDD0A4D3Au, eval_texture, shape_texture_inputs},
    {"texture_dual.fs.txt", 0xE3DD88F7u, eval_texture_dual, shape_texture_inputs},
    {"texture_swizzle.fs.txt", 0xB17E64DFu, eval_texture_swizzle, shape_texture_inputs},
    {"vertex_color_fp_render.fs.txt", 0x4CEE2112u, eval_vertex_color, NULL},
    {"vertex_color_fp_render_texture.fs.txt", 0x7B32DC1Au, eval_vertex_color_texture, shape_texture_inputs},
};

static const evaluator_t *find_evaluator(const char *file)
{
    for (size_t i = 0; i < sizeof evaluators / sizeof evaluators[0]; i++)
        if (strcmp(evaluators[i].file, file) == 0)
            return &evaluators[i];
    return NULL;
}

static uint32_t fingerprint(const us_program_t *prog)
{
    uint32_t h = 2166136261u;
    for (unsigned i = 0; i < prog->count; i++)
        for (unsigned w = 0; w < 6; w++)
            for (unsigned k = 0; k < 4; k++)
                h = (h ^ ((prog->inst[i].w[w] >> (8 * k)) & 0xFFu)) * 16777619u;
    return h;
}

/* ------------------------------------------------------------------------------------------------------ */
/* What the program's OUT instructions write                                                              */

typedef struct out_masks {
    uint8_t required[4], allowed[4]; /* per render target: channels every running pixel must / may have */
    bool w_required, w_allowed;
    bool has_fc;
} out_masks_t;

/* A write is required when nothing can stop it: no flow control in the program, no predicate on the unit. */
static void collect_out_masks(const us_program_t *prog, out_masks_t *m)
{
    memset(m, 0, sizeof *m);
    for (unsigned i = 0; i < prog->count; i++)
        m->has_fc |= us_inst_type(&prog->inst[i]) == US_TYPE_FC;
    for (unsigned i = 0; i < prog->count; i++) {
        us_decoded_t d;
        us_decode(&prog->inst[i], &d);
        if (d.type != US_TYPE_OUT)
            continue;
        bool rgb_sure = !m->has_fc && d.cmn.rgb_pred_sel == US_CMN_INST_RGB_PRED_SEL_NONE;
        bool alpha_sure = !m->has_fc && d.cmn.alpha_pred_sel == US_CMN_INST_ALPHA_PRED_SEL_NONE;
        unsigned rt = d.u.alu.rgb_inst.target, at = d.u.alu.alpha_inst.target;
        m->allowed[rt] |= (uint8_t)d.cmn.rgb_omask;
        if (rgb_sure)
            m->required[rt] |= (uint8_t)d.cmn.rgb_omask;
        if (d.cmn.alpha_omask) {
            m->allowed[at] |= 8u;
            if (alpha_sure)
                m->required[at] |= 8u;
        }
        m->w_allowed |= d.u.alu.alpha_inst.w_omask != 0;
        m->w_required |= d.u.alu.alpha_inst.w_omask && alpha_sure;
    }
}

/* ------------------------------------------------------------------------------------------------------ */
/* Checking one run                                                                                       */

typedef struct stats {
    unsigned runs, exact_checks, near_checks, skipped[2], failures; /* skipped: by skip_reason_t */
    unsigned bound_checks, unstable_runs;
    double max_abs, max_rel, worst_ratio;
} stats_t;

typedef struct run_ctx {
    const char *file;
    uint64_t seed;
    stats_t *st;
} run_ctx_t;

static void fail(const run_ctx_t *rc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void fail(const run_ctx_t *rc, const char *fmt, ...)
{
    if (rc->st->failures++ >= MAX_REPORTED_FAILURES)
        return;
    va_list ap;
    va_start(ap, fmt);
    fflush(stdout);
    if (rc->seed)
        fprintf(stderr, "FAIL %s seed %llu: ", rc->file, (unsigned long long)rc->seed);
    else
        fprintf(stderr, "FAIL %s: ", rc->file);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

/* Part 1: the run ended normally and wrote what the program writes. */
static void check_ending(const run_ctx_t *rc, const us_program_t *prog, const out_masks_t *m, const us_quad_t *q,
                         uint64_t retired)
{
    if (q->errors)
        fail(rc, "error flags 0x%x", q->errors);
    if (!q->done)
        fail(rc, "quad not done");
    /* straight-line code retires every instruction once; with flow control, loop-free code at most once */
    if (retired != q->retired || retired == 0 || retired > prog->count || (!m->has_fc && retired != prog->count))
        fail(rc, "retired %llu (quad says %llu) for a %u-instruction program", (unsigned long long)retired,
             (unsigned long long)q->retired, prog->count);
    uint8_t running = us_quad_running(q);
    for (unsigned p = 0; p < US_NPIX; p++) {
        if (!(running >> p & 1u))
            continue;
        for (unsigned rt = 0; rt < 4; rt++) {
            uint8_t got = q->out_written[rt][p];
            if ((got & m->required[rt]) != m->required[rt] || (got & ~m->allowed[rt]))
                fail(rc, "pixel %u o%u written 0x%x, program writes 0x%x (0x%x surely)", p, rt, got, m->allowed[rt],
                     m->required[rt]);
        }
        bool w = q->w_written >> p & 1u;
        if ((m->w_required && !w) || (!m->w_allowed && w))
            fail(rc, "pixel %u W written %d", p, (int)w);
    }
}

static void compare_near(const run_ctx_t *rc, unsigned p, unsigned rt, unsigned c, const expect_t *x, uint32_t got)
{
    double g = value_of(got), err = fabs(g - x->v);
    stats_t *st = rc->st;
    st->near_checks++;
    if (!(err <= x->tol)) { /* NaN fails too */
        fail(rc, "pixel %u o%u.%c = %.9g (0x%08x), expected %.12g within %.3g (error %.3g)", p, rt, channel_name[c],
             g, got, x->v, x->tol, err);
        return;
    }
    /* absolute error says most below 1, relative error above */
    if (fabs(x->v) < 1.0)
        st->max_abs = fmax(st->max_abs, err);
    else
        st->max_rel = fmax(st->max_rel, err / fabs(x->v));
    if (x->tol > 0.0)
        st->worst_ratio = fmax(st->worst_ratio, err / x->tol);
}

/* The run in the bounds mode, when stable (else NULL): part 3. */
static const us_bounds_t *stable_bounds;

static void check_bound(const run_ctx_t *rc, unsigned p, unsigned rt, unsigned c, const expect_t *e)
{
    if (!stable_bounds || (e->kind != EXPECT_BITS && e->kind != EXPECT_NEAR))
        return;
    uint32_t v = e->kind == EXPECT_BITS ? e->bits : daz_bits(bits_of((float)e->v));
    us_iv_t iv = stable_bounds->out[rt][p][c];
    rc->st->bound_checks++;
    if (!us_iv_contains(iv, v))
        fail(rc, "pixel %u o%u.%c: the evaluator's %.9g (0x%08x) lies outside the bound [0x%08x, 0x%08x] "
             "(%.9g .. %.9g)", p, rt, channel_name[c], value_of(v), v, iv.lo, iv.hi, value_of(iv.lo),
             value_of(iv.hi));
}

/* One output channel of one pixel against its expectation. */
static void check_channel(const run_ctx_t *rc, unsigned p, unsigned rt, unsigned c, const expect_t *e, bool written,
                          uint32_t got)
{
    if (written)
        check_bound(rc, p, rt, c, e);
    if ((e->kind != EXPECT_NOTHING) != written) {
        fail(rc, "evaluator and program disagree on whether o%u.%c is written", rt, channel_name[c]);
    } else if (e->kind == EXPECT_SKIP) {
        rc->st->skipped[e->why]++;
    } else if (e->kind == EXPECT_BITS) {
        rc->st->exact_checks++;
        if (got != e->bits)
            fail(rc, "pixel %u o%u.%c = 0x%08x (%.9g), expected 0x%08x (%.9g)", p, rt, channel_name[c], got,
                 value_of(got), e->bits, value_of(e->bits));
    } else if (e->kind == EXPECT_NEAR) {
        compare_near(rc, p, rt, c, e, got);
    }
}

/* Part 2: every output channel of the running pixels against the evaluator. */
static void check_values(const run_ctx_t *rc, const evaluator_t *ev, const out_masks_t *m, const inputs_t *in,
                         const us_quad_t *q)
{
    uint8_t running = us_quad_running(q);
    for (unsigned p = 0; p < US_NPIX; p++) {
        if (!(running >> p & 1u))
            continue;
        pixel_expect_t x = {0}; /* EXPECT_NOTHING everywhere */
        ev->eval(in, p, &x);
        for (unsigned rt = 0; rt < 4; rt++)
            for (unsigned c = 0; c < 4; c++)
                check_channel(rc, p, rt, c, &x.out[rt][c], m->allowed[rt] >> c & 1u, q->out[rt][p][c]);
    }
}

/* ------------------------------------------------------------------------------------------------------ */
/* Running a program                                                                                      */

static us_vector_t vec;
static us_shader_t shader;
static us_quad_t quad, start_quad, bounded_quad;
static us_bounds_t bounds;

static void run_seed(const run_ctx_t *rc, const us_program_t *prog, const evaluator_t *ev, const out_masks_t *m)
{
    us_random_vector(&vec, prog, rc->seed);
    if (rc->seed & 1u) {
        us_rng_t r = {rc->seed * 0x9E3779B97F4A7C15ull + 7u};
        resize_textures(&vec, &r);
        if (ev && ev->shape)
            ev->shape(&vec, &r);
    }
    us_vec_setup(&vec, &shader, &quad);
    start_quad = quad;
    uint64_t retired = us_quad_run(&quad, &shader);
    rc->st->runs++;
    bounded_quad = start_quad;
    us_bounds_init(&bounds, &bounded_quad);
    while (us_quad_step_bounded(&bounded_quad, &shader, NULL, &bounds))
        ;
    rc->st->unstable_runs += bounds.unstable != 0;
    stable_bounds = bounds.unstable ? NULL : &bounds;
    check_ending(rc, prog, m, &quad, retired);
    if (ev) {
        const inputs_t in = {&start_quad, &shader};
        check_values(rc, ev, m, &in, &quad);
    }
    us_vec_free(&vec);
}

static bool load_program(const char *dir, const char *file, us_program_t *prog)
{
    char path[4096], err[512];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    char *text = us_read_file(path, err, sizeof err);
    if (!text) {
        fprintf(stderr, "FAIL %s\n", err);
        return false;
    }
    int rc = us_hex_parse(text, path, prog, err, sizeof err);
    free(text);
    if (rc < 0 || prog->count == 0) {
        fprintf(stderr, "FAIL %s\n", rc < 0 ? err : "empty program");
        return false;
    }
    return true;
}

/* Runs one file on every seed and prints its line; returns its failures. */
static unsigned run_program(const char *dir, const char *file, unsigned seeds, bool *evaluated)
{
    static us_program_t prog;
    stats_t st = {0};
    *evaluated = false;
    if (!load_program(dir, file, &prog))
        return 1;
    const evaluator_t *ev = find_evaluator(file);
    run_ctx_t rc = {file, 0, &st};
    if (ev && ev->fingerprint != fingerprint(&prog)) {
        fail(&rc, "the program is not the one the evaluator was written for (fingerprint 0x%08x, table 0x%08x)",
             fingerprint(&prog), ev->fingerprint);
        ev = NULL;
    }
    out_masks_t m;
    collect_out_masks(&prog, &m);
    for (unsigned s = 1; s <= seeds; s++) {
        rc.seed = s;
        run_seed(&rc, &prog, ev, &m);
    }
    *evaluated = ev != NULL && st.near_checks + st.exact_checks > 0;
    printf("%-38s %u runs, %u exact + %u toleranced checks, skipped %u (input) + %u (bound)", file, st.runs,
           st.exact_checks, st.near_checks, st.skipped[SKIP_INPUT], st.skipped[SKIP_BOUND]);
    if (st.near_checks)
        printf(", max err: abs %.3g (|v| < 1), rel %.3g (|v| >= 1), worst err/bound %.3f", st.max_abs, st.max_rel,
               st.worst_ratio);
    if (ev)
        printf("; inside the bounds mode's bounds: %u (unstable runs %u)", st.bound_checks, st.unstable_runs);
    printf("%s%s\n", ev ? "" : " (no evaluator: endings only)", st.failures ? "  FAILED" : "");
    fflush(stdout); /* keep the failure lines on stderr next to their program */
    if (st.failures > MAX_REPORTED_FAILURES)
        fprintf(stderr, "     ... %u failures in all\n", st.failures);
    return st.failures;
}

/* ------------------------------------------------------------------------------------------------------ */

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcmp(s + n - k, suffix) == 0;
}

/* The corpus files, sorted; returns how many (-1 if the directory cannot be read). */
static int list_corpus(const char *dir, char **names, unsigned cap)
{
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    unsigned n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL && n < cap)
        if (ends_with(e->d_name, ".fs.txt") && (names[n] = strdup(e->d_name)) != NULL)
            n++;
    closedir(d);
    qsort(names, n, sizeof names[0], compare_names);
    return (int)n;
}

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: %s CORPUS_DIR [seeds >= %u]\n", argv[0], MIN_SEEDS);
        return 2;
    }
    unsigned seeds = argc > 2 ? (unsigned)strtoul(argv[2], NULL, 0) : DEFAULT_SEEDS;
    if (seeds < MIN_SEEDS) {
        fprintf(stderr, "at least %u seeds\n", MIN_SEEDS);
        return 2;
    }
    static char *names[MAX_PROGRAMS];
    int n = list_corpus(argv[1], names, MAX_PROGRAMS);
    if (n <= 0) {
        fprintf(stderr, "FAIL %s: %s\n", argv[1], n < 0 ? "cannot read the directory" : "no *.fs.txt programs");
        return 1;
    }
    unsigned failures = 0, evaluated = 0;
    for (int i = 0; i < n; i++) {
        bool ev;
        failures += run_program(argv[1], names[i], seeds, &ev);
        evaluated += ev;
        free(names[i]);
    }
    if (evaluated < 3) { /* the value checks must not quietly vanish if the corpus changes */
        fprintf(stderr, "FAIL only %u programs evaluated (at least 3 wanted)\n", evaluated);
        failures++;
    }
    printf("%d programs x %u seeds, %u evaluated: %u failures\n", n, seeds, evaluated, failures);
    return failures ? 1 : 0;
}
