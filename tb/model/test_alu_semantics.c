/* Directed tests of the ALU and TEX semantics of the golden model (docs/spec.md sections 3, 5, 6, 7 and 8).
 *
 * Every expected value is worked out by hand from the spec, with operands whose exact results are obvious (small
 * integers, powers of two, the special values); no expectation is computed by the model's own functions. Each test
 * runs a program on one quad and then compares the WHOLE quad state (every temporary of every pixel, outputs, W,
 * predicates, ALU result, kill/branch state, errors) with the expected one, so a write that should not happen
 * fails as surely as a wrong value. Temporaries start filled with a distinct background value per pixel, address
 * and channel, so a stray write or a wrong source address shows.
 *
 * usage: test_alu_semantics   (prints "N checks, M failures"; exit status 1 on any failure) */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa/us_asm.h"
#include "golden/us_model.h"

/* ---------------------------------------------------------------------------------------------------------- */
/* Values                                                                                                     */

#define POS_ZERO 0x00000000u
#define NEG_ZERO 0x80000000u
#define POS_INF 0x7F800000u
#define NEG_INF 0xFF800000u
#define QNAN 0x7FC12345u     /* a quiet NaN with a payload */
#define NEG_QNAN 0xFFC0BEEFu /* a negative quiet NaN with another payload */
#define CANON_NAN 0x7FFFFFFFu /* what a normal OMOD makes of every NaN */
#define DENORM 0x00000001u
#define NEG_DENORM 0x80000001u

/* Operand tails that make an op return its A operand: CMP.off with B = C = +0 (C >= 0 picks A, exactly: sign and
 * NaN payload included), and MAD with B = 1, C = +0 (A * 1 + 0, exact for the nonzero values used with it). */
#define PASS_RGB ", src0.000, src0.000"
#define PASS_A ", src0.0, src0.0"
#define TIMES1_RGB ", src0.111, src0.000"
#define TIMES1_A ", src0.1, src0.0"

typedef struct vec4 {
    uint32_t c[4];
} vec4_t;

/* The bits of an exactly representable literal (small integers, dyadic fractions): host conversion is exact. */
static uint32_t F(double d)
{
    float f = (float)d;
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

static vec4_t V(uint32_t r, uint32_t g, uint32_t b, uint32_t a)
{
    return (vec4_t){{r, g, b, a}};
}

static vec4_t VF(double r, double g, double b, double a)
{
    return V(F(r), F(g), F(b), F(a));
}

/* Background of temporary addr of pixel p: a plain number (2^23 + k) that differs everywhere. */
static uint32_t background(unsigned p, unsigned addr, unsigned c)
{
    return 0x4B000000u | p << 12 | addr << 4 | c;
}

/* ---------------------------------------------------------------------------------------------------------- */
/* Checks                                                                                                     */

static unsigned n_checks, n_failures;
static const char *current_test = "";

static void failf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "FAIL %s: ", current_test);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

static void check_u32(const char *what, uint32_t got, uint32_t want)
{
    n_checks++;
    if (got != want) {
        n_failures++;
        failf("%s: got 0x%08x, want 0x%08x", what, got, want);
    }
}

static void check_true(const char *what, bool ok)
{
    n_checks++;
    if (!ok) {
        n_failures++;
        failf("%s", what);
    }
}

/* ---------------------------------------------------------------------------------------------------------- */
/* The rig: a shader, the quad under test and the state it must end in                                       */

static struct {
    us_shader_t sh;
    us_quad_t q, want;
    us_program_t prog;
    bool ready; /* the program assembled */
} rig;

/* Assembles src into rig.prog (the shader is reset first); install() then loads it, possibly after patching. */
static bool assemble(const char *name, const char *src)
{
    char err[512];
    current_test = name;
    us_shader_init(&rig.sh);
    rig.ready = us_asm(src, name, &rig.prog, err, sizeof err) == 0;
    check_true("program assembles", rig.ready);
    if (!rig.ready)
        fprintf(stderr, "  %s\n", err);
    return rig.ready;
}

static void install(void)
{
    us_shader_load_program(&rig.sh, &rig.prog);
}

static bool load(const char *name, const char *src)
{
    if (!assemble(name, src))
        return false;
    install();
    return true;
}

/* A fresh quad with the given covered mask, temporaries at their background; the expectation starts equal. */
static void start_quad(uint8_t covered)
{
    us_quad_init(&rig.q, &rig.sh, covered, 0);
    for (unsigned p = 0; p < US_NPIX; p++)
        for (unsigned a = 0; a < US_NTEMP; a++)
            for (unsigned c = 0; c < 4; c++)
                rig.q.temp[p][a][c] = background(p, a, c);
    rig.want = rig.q;
    rig.want.done = true;
}

static void set_temp(unsigned p, unsigned addr, vec4_t v)
{
    for (unsigned c = 0; c < 4; c++)
        rig.q.temp[p][addr][c] = rig.want.temp[p][addr][c] = v.c[c];
}

static void set_temp_all(unsigned addr, vec4_t v)
{
    for (unsigned p = 0; p < US_NPIX; p++)
        set_temp(p, addr, v);
}

static void set_pred(unsigned p, uint8_t bits)
{
    rig.q.pred[p] = rig.want.pred[p] = bits;
}

static void set_killed_inactive(uint8_t killed, uint8_t inactive)
{
    rig.q.killed = rig.want.killed = killed;
    rig.q.inactive = rig.want.inactive = inactive;
}

static void set_alu_result(uint8_t bits)
{
    rig.q.alu_result = rig.want.alu_result = bits;
}

/* Constant n through the load port, as a driver loads it (GA_US_VECTOR_INDEX TYPE = constants, then R G B A). */
static void set_const(unsigned n, vec4_t v)
{
    us_shader_write(&rig.sh, GA_US_VECTOR_INDEX_ADDR, n | GA_US_VECTOR_INDEX_TYPE_MASK);
    for (unsigned c = 0; c < 4; c++)
        us_shader_write(&rig.sh, GA_US_VECTOR_DATA_ADDR, v.c[c]);
}

/* US_FC_INT_CONST[i]: loop count KR, initial aL KG, step KB. */
static void set_int_const(unsigned i, unsigned count, unsigned al, unsigned step)
{
    us_shader_write(&rig.sh, US_FC_INT_CONST_ADDR + 4u * i, count | al << 8 | step << 16);
}

static void want_temp(unsigned p, unsigned addr, uint8_t mask, vec4_t v)
{
    for (unsigned c = 0; c < 4; c++)
        if (mask >> c & 1u)
            rig.want.temp[p][addr][c] = v.c[c];
    rig.want.temp_written[addr][p] |= mask;
}

static void want_temp_all(unsigned addr, uint8_t mask, vec4_t v)
{
    for (unsigned p = 0; p < US_NPIX; p++)
        want_temp(p, addr, mask, v);
}

static void want_out(unsigned rt, unsigned p, uint8_t mask, vec4_t v)
{
    for (unsigned c = 0; c < 4; c++)
        if (mask >> c & 1u)
            rig.want.out[rt][p][c] = v.c[c];
    rig.want.out_written[rt][p] |= mask;
}

static void want_w(unsigned p, uint32_t v)
{
    rig.want.w[p] = v;
    rig.want.w_written |= (uint8_t)(1u << p);
}

/* Differences of one state array, reported one by one (at most a few per test). */
static unsigned report_budget;

static void diff(unsigned *bad, const char *what, unsigned i, unsigned j, unsigned k, uint32_t got, uint32_t want)
{
    if (got == want)
        return;
    if ((*bad)++ < 3 && report_budget) {
        report_budget--;
        failf("%s [%u][%u][%u]: got 0x%08x, want 0x%08x", what, i, j, k, got, want);
    }
}

static void check_area(const char *what, unsigned bad)
{
    n_checks++;
    if (bad) {
        n_failures++;
        failf("%s: %u difference(s)", what, bad);
    }
}

static void compare_temps(void)
{
    unsigned bad = 0, bad_mask = 0;
    for (unsigned p = 0; p < US_NPIX; p++)
        for (unsigned a = 0; a < US_NTEMP; a++) {
            for (unsigned c = 0; c < 4; c++)
                diff(&bad, "temp[pixel][addr][chan]", p, a, c, rig.q.temp[p][a][c], rig.want.temp[p][a][c]);
            diff(&bad_mask, "temp_written[pixel][addr]", p, a, 0, rig.q.temp_written[a][p],
                 rig.want.temp_written[a][p]);
        }
    check_area("temporaries", bad);
    check_area("temporary write masks", bad_mask);
}

static void compare_outputs(void)
{
    unsigned bad = 0, bad_mask = 0, bad_w = 0;
    for (unsigned rt = 0; rt < 4; rt++)
        for (unsigned p = 0; p < US_NPIX; p++) {
            for (unsigned c = 0; c < 4; c++)
                diff(&bad, "out[rt][pixel][chan]", rt, p, c, rig.q.out[rt][p][c], rig.want.out[rt][p][c]);
            diff(&bad_mask, "out_written[rt][pixel]", rt, p, 0, rig.q.out_written[rt][p], rig.want.out_written[rt][p]);
        }
    for (unsigned p = 0; p < US_NPIX; p++)
        diff(&bad_w, "w[pixel]", p, 0, 0, rig.q.w[p], rig.want.w[p]);
    diff(&bad_w, "w_written", 0, 0, 0, rig.q.w_written, rig.want.w_written);
    check_area("render targets", bad);
    check_area("render target write masks", bad_mask);
    check_area("W", bad_w);
}

static void compare_pixel_state(void)
{
    unsigned bad_pred = 0;
    for (unsigned p = 0; p < US_NPIX; p++)
        diff(&bad_pred, "pred[pixel]", p, 0, 0, rig.q.pred[p], rig.want.pred[p]);
    check_area("predicate bits", bad_pred);
    check_u32("ALU result bits", rig.q.alu_result, rig.want.alu_result);
    check_u32("killed mask", rig.q.killed, rig.want.killed);
    check_u32("inactive mask", rig.q.inactive, rig.want.inactive);
    check_u32("covered mask", rig.q.covered, rig.want.covered);
    check_u32("loop-stack depth", rig.q.loop_sp, rig.want.loop_sp);
    check_u32("error flags", rig.q.errors, rig.want.errors);
    check_true("quad ended", rig.q.done == rig.want.done);
}

static void compare_state(void)
{
    report_budget = 12;
    compare_temps();
    compare_outputs();
    compare_pixel_state();
}

/* Runs the quad to its end and compares everything. */
static void run_and_compare(void)
{
    if (!rig.ready)
        return;
    us_quad_run(&rig.q, &rig.sh);
    compare_state();
}

/* ---------------------------------------------------------------------------------------------------------- */
/* RGB and alpha ops (spec 5, the op table)                                                                   */

static void test_mad(void)
{
    /* rgb A*B+C per channel, alpha the same on the alpha operands; src2 is the inline constant 0.5. */
    if (!load("mad", "alu rgb: mad t1.rgb, src0.rgb, src1.rgb, src2.rgb\n"
                     "    alpha: mad t2.a, src0.a, src1.a, src2.a\n"
                     "    src0=t0 src1=c0 src2=0.5\n"))
        return;
    set_const(0, VF(1, 2, -1, 3));
    start_quad(0xF);
    static const double t0[4][4] = {{1, 2, -1, 1}, {2, 3, -2, 2}, {3, 4, -3, 3}, {4, 5, -4, 4}};
    static const double rgb[4][3] = {{1.5, 4.5, 1.5}, {2.5, 6.5, 2.5}, {3.5, 8.5, 3.5}, {4.5, 10.5, 4.5}};
    static const double alpha[4] = {3.5, 6.5, 9.5, 12.5}; /* a*3 + 0.5 */
    for (unsigned p = 0; p < 4; p++) {
        set_temp(p, 0, VF(t0[p][0], t0[p][1], t0[p][2], t0[p][3]));
        want_temp(p, 1, 0x7, VF(rgb[p][0], rgb[p][1], rgb[p][2], 0));
        want_temp(p, 2, 0x8, VF(0, 0, 0, alpha[p]));
    }
    run_and_compare();
}

static void test_dp3_and_alpha_dp(void)
{
    /* DP3 in r, g, b; alpha DP copies the dot product; each unit then applies its own OMOD. */
    if (!load("dp3 + alpha dp", "alu rgb: dp3.x2 t1.rgb, src0.rgb, src1.rgb\n"
                                "    alpha: dp.d2 t2.a\n"
                                "    src0=t0 src1=c0\n"))
        return;
    set_const(0, VF(4, 5, 6, 1000));
    start_quad(0xF);
    for (unsigned p = 0; p < 4; p++)
        set_temp(p, 0, VF(1, 2, 3 + p, 100)); /* dot = 4 + 10 + 6 (3 + p) = 32 + 6p */
    static const double dot[4] = {32, 38, 44, 50};
    for (unsigned p = 0; p < 4; p++) {
        want_temp(p, 1, 0x7, VF(2 * dot[p], 2 * dot[p], 2 * dot[p], 0));
        want_temp(p, 2, 0x8, VF(0, 0, 0, dot[p] / 2));
    }
    run_and_compare();
}

static void test_dp4(void)
{
    /* The fourth product is the alpha unit's A times B: (-c0.a) * 0.5 = -4, not src0.a * src1.a = 56. */
    if (!load("dp4", "alu rgb: dp4 t1.rgb, src0.rgb, src1.rgb\n"
                     "    alpha: dp t1.a, -src1.a, src0.h\n"
                     "    src0=t0 src1=c0\n"))
        return;
    set_const(0, VF(4, 5, 6, 8));
    start_quad(0xF);
    set_temp_all(0, VF(1, 2, 3, 7));
    want_temp_all(1, 0xF, VF(28, 28, 28, 28)); /* (4 + 10) + (18 - 4) */
    run_and_compare();
}

static void test_d2a(void)
{
    /* (A.r B.r + A.g B.g) + C.b: C.r and C.g must not count. */
    if (!load("d2a", "alu rgb: d2a t1.rgb, src0.rgb, src1.rgb, src2.rgb\n"
                     "    alpha: dp t1.a\n"
                     "    src0=t0 src1=c0 src2=c1\n"))
        return;
    set_const(0, VF(4, 5, 6, 8));
    set_const(1, VF(100, 200, 9, 300));
    start_quad(0xF);
    set_temp_all(0, VF(1, 2, 3, 7));
    want_temp_all(1, 0xF, VF(23, 23, 23, 23)); /* 4 + 10 + 9 */
    run_and_compare();
}

static void test_min_max(void)
{
    if (!load("min/max", "alu rgb: min t1.rgb, src0.rgb, src1.rgb  alpha: max t1.a, src0.a, src1.a  src0=t0 src1=t2\n"
                         "alu rgb: max t3.rgb, src0.rgb, src1.rgb  alpha: min t3.a, src0.a, src1.a  src0=t0 src1=t2\n"))
        return;
    start_quad(0xF);
    set_temp_all(0, VF(1, -2, 3, -4));
    set_temp_all(2, VF(2, -3, 3, -5));
    want_temp_all(1, 0xF, VF(1, -3, 3, -4));
    want_temp_all(3, 0xF, VF(2, -2, 3, -5));
    run_and_compare();
}

/* CND: C > 0.5 ? A : B; CMP: C >= 0 ? A : B (NaN fails both; -0 and a negative denormal are >= 0). */
static void test_cnd_cmp(void)
{
    if (!load("cnd/cmp", "alu rgb: cnd t1.rgb, src0.rgb, src1.rgb, src2.rgb\n"
                         "    alpha: cmp t1.a, src0.a, src1.a, src2.a  src0=t0 src1=t2 src2=t3\n"
                         "alu rgb: cmp t4.rgb, src0.rgb, src1.rgb, src2.rgb\n"
                         "    alpha: cnd t4.a, src0.a, src1.a, src2.a  src0=t0 src1=t2 src2=t3\n"))
        return;
    start_quad(0xF);
    set_temp_all(0, VF(1, 2, 3, 4)); /* A */
    set_temp_all(2, VF(5, 6, 7, 8)); /* B */
    set_temp(0, 3, V(F(0.5), F(0.75), F(-1), NEG_ZERO));
    set_temp(1, 3, V(QNAN, POS_ZERO, NEG_ZERO, F(1)));
    set_temp(2, 3, V(POS_INF, NEG_INF, 0x3F000001u /* just above 0.5 */, QNAN));
    set_temp(3, 3, V(NEG_DENORM, DENORM, F(0.25), F(0.5)));
    /* t1: rgb CND, alpha CMP */
    want_temp(0, 1, 0xF, VF(5, 2, 7, 4));
    want_temp(1, 1, 0xF, VF(5, 6, 7, 4));
    want_temp(2, 1, 0xF, VF(1, 6, 3, 8));
    want_temp(3, 1, 0xF, VF(5, 6, 7, 4));
    /* t4: rgb CMP, alpha CND */
    want_temp(0, 4, 0xF, VF(1, 2, 7, 8));
    want_temp(1, 4, 0xF, VF(5, 2, 3, 4));
    want_temp(2, 4, 0xF, VF(1, 6, 3, 8));
    want_temp(3, 4, 0xF, VF(1, 2, 3, 8));
    run_and_compare();
}

static void test_frc(void)
{
    if (!load("frc", "alu rgb: frc t1.rgb, src0.rgb  alpha: frc t1.a, src0.a  src0=t0\n"))
        return;
    start_quad(0xF);
    set_temp_all(0, VF(2.5, -0.25, 3, -1.75));
    set_temp(1, 0, V(0xB0800000u /* -2^-30 */, F(-3), F(0.125), F(7.75)));
    want_temp_all(1, 0xF, V(F(0.5), F(0.75), POS_ZERO, F(0.25)));
    /* 1 - 2^-30 rounds to 1.0, which FRC never returns: the largest float below 1 instead */
    want_temp(1, 1, 0xF, V(0x3F7FFFFFu, POS_ZERO, F(0.125), F(0.75)));
    run_and_compare();
}

static void test_sop(void)
{
    /* rgb SOP takes the alpha unit's EX2 before the alpha OMOD (x2), then applies its own (/2). */
    if (!load("sop", "alu rgb: sop.d2 t1.rgb  alpha: ex2.x2 t1.a, src0.a  src0=t0\n"))
        return;
    start_quad(0xF);
    for (unsigned p = 0; p < 4; p++)
        set_temp(p, 0, VF(100, 100, 100, p & 1 ? 3 : 0)); /* EX2(0) = 1, EX2(3) = 8 */
    for (unsigned p = 0; p < 4; p++)
        want_temp(p, 1, 0xF, p & 1 ? VF(4, 4, 4, 16) : VF(0.5, 0.5, 0.5, 2));
    run_and_compare();
}

/* src0 of every pixel for the derivative tests: negative, so the modifiers show. */
static void set_derivative_sources(void)
{
    for (unsigned p = 0; p < 4; p++) {
        double base = 4.0 * p;
        set_temp(p, 0, VF(-(base + 1), -(base + 2), -(base + 3), -(base + 4)));
        set_temp(p, 2, VF(p + 1, p + 1, p + 1, p + 1)); /* B, per pixel */
        set_temp(p, 3, VF(1000, 1000, 1000, 1000));     /* what C's select (src2) would read */
    }
}

static void test_mdh(void)
{
    /* A' = -(src0 of pixel 0) = (1,2,3), alpha |-4| = 4; C' = |src0 of pixel 1| = (5,6,7), alpha -(-8) = 8.
     * A and C select src1/src2 with odd swizzles: ignored. Pixel 1 is killed: not written, its src0 still read. */
    if (!load("mdh", "alu rgb: mdh t1.rgb, -src1.bgr, src1.rgb, |src2.rrr|\n"
                     "    alpha: mdh t1.a, |src1.r|, src1.a, -src2.g\n"
                     "    src0=t0 src1=t2 src2=t3\n"))
        return;
    start_quad(0xF);
    set_derivative_sources();
    set_killed_inactive(0x2, 0);
    want_temp(0, 1, 0xF, VF(6, 8, 10, 12));  /* B = 1: (1+5, 2+6, 3+7, 4+8) */
    want_temp(2, 1, 0xF, VF(8, 12, 16, 20)); /* B = 3 */
    want_temp(3, 1, 0xF, VF(9, 14, 19, 24)); /* B = 4 */
    run_and_compare();
}

static void test_mdv(void)
{
    /* As MDH with pixel 2: C' = |src0 of pixel 2| = (9,10,11), alpha -(-12) = 12. Pixel 0 is killed and pixel 2
     * inactive: neither is written, both are read. */
    if (!load("mdv", "alu rgb: mdv t1.rgb, -src1.bgr, src1.rgb, |src2.rrr|\n"
                     "    alpha: mdv t1.a, |src1.r|, src1.a, -src2.g\n"
                     "    src0=t0 src1=t2 src2=t3\n"))
        return;
    start_quad(0xF);
    set_derivative_sources();
    set_killed_inactive(0x1, 0x4);
    want_temp(1, 1, 0xF, VF(11, 14, 17, 20)); /* B = 2: (2+9, 4+10, 6+11, 8+12) */
    want_temp(3, 1, 0xF, VF(13, 18, 23, 28)); /* B = 4 */
    run_and_compare();
}

/* Every operand is read before anything is written: rgb and alpha swap channels of the temporary they write,
 * and MDH writes the src0 it reads from pixels 0 and 1 (t2 = p + 1 everywhere: 1 * 1 + 2 = 3 on every pixel). */
static void test_reads_before_writes(void)
{
    if (!load("reads before writes",
              "alu rgb: cmp.off t0.rgb, src0.a" PASS_RGB " alpha: cmp.off t0.a, src0.r" PASS_A " src0=t0\n"
              "alu rgb: mdh t2.rgb, src0.rgb, src1.rgb, src0.rgb alpha: mdh t2.a, src0.a, src1.a, src0.a\n"
              "    src0=t2 src1=c0\n"))
        return;
    set_const(0, VF(1, 1, 1, 1));
    start_quad(0xF);
    set_temp_all(0, VF(1, 2, 3, 4));
    for (unsigned p = 0; p < 4; p++)
        set_temp(p, 2, VF(p + 1, p + 1, p + 1, p + 1));
    want_temp_all(0, 0xF, VF(4, 4, 4, 1));
    want_temp_all(2, 0xF, VF(3, 3, 3, 3));
    run_and_compare();
}

static void test_alpha_mad(void)
{
    if (!load("alpha mad", "alu alpha: mad t1.a, src0.a, src1.a, src2.a  src0=t0 src1=c0 src2=1.0\n"))
        return;
    set_const(0, VF(-7, -7, -7, 3));
    start_quad(0xF);
    for (unsigned p = 0; p < 4; p++) {
        set_temp(p, 0, VF(-9, -9, -9, p + 1));
        want_temp(p, 1, 0x8, VF(0, 0, 0, 3.0 * (p + 1) + 1)); /* 4, 7, 10, 13 */
    }
    run_and_compare();
}

/* The transcendentals at exact points only (their accuracy is tested elsewhere). Even pixels get the first
 * operand, odd pixels the second. */
static void test_transcendentals(void)
{
    if (!load("transcendentals", "alu alpha: ex2 t1.a, src0.a  src0=t0\n"
                                 "alu alpha: ln2 t2.a, src0.a  src0=t3\n"
                                 "alu alpha: rcp t4.a, src0.a  src0=t5\n"
                                 "alu alpha: rsq t6.a, src0.a  src0=t7\n"
                                 "alu alpha: sin t8.a, src0.a  src0=t9\n"
                                 "alu alpha: cos t10.a, src0.a  src0=t9\n"))
        return;
    start_quad(0xF);
    for (unsigned p = 0; p < 4; p++) {
        bool odd = p & 1;
        set_temp(p, 0, VF(0, 0, 0, odd ? 3 : 0));
        set_temp(p, 3, VF(0, 0, 0, odd ? 8 : 1));
        set_temp(p, 5, VF(0, 0, 0, odd ? 0 : 2));
        set_temp(p, 7, VF(0, 0, 0, odd ? -1 : 4));
        set_temp(p, 9, VF(5, 5, 5, 0));
        want_temp(p, 1, 0x8, VF(0, 0, 0, odd ? 8 : 1));                      /* EX2(3) = 8, EX2(0) = 1 */
        want_temp(p, 2, 0x8, V(0, 0, 0, odd ? F(3) : POS_ZERO));            /* LN2(8) = 3, LN2(1) = 0 */
        want_temp(p, 4, 0x8, V(0, 0, 0, odd ? POS_INF : F(0.5)));          /* RCP(0) = inf, RCP(2) = 0.5 */
        want_temp(p, 6, 0x8, V(0, 0, 0, odd ? CANON_NAN : F(0.5)));        /* RSQ(-1) = NaN -> OMOD */
        want_temp(p, 8, 0x8, V(0, 0, 0, POS_ZERO));                         /* SIN(0) = 0 */
        want_temp(p, 10, 0x8, V(0, 0, 0, F(1)));                            /* COS(0) = 1 */
    }
    run_and_compare();
}

/* A reserved op is an illegal instruction: the quad ends with the error and the instruction writes nothing; the
 * instruction after it never runs. */
static void run_reserved_op(const char *name, unsigned dword, uint32_t op_mask, uint32_t op)
{
    if (!assemble(name, "alu rgb: mad t1.rgb, src0.rgb" TIMES1_RGB "\n"
                        "    alpha: mad t1.a, src0.a" TIMES1_A "  src0=t0\n"
                        "alu rgb: mad t2.rgb, src0.rgb" TIMES1_RGB "\n"
                        "    alpha: mad t2.a, src0.a" TIMES1_A "  src0=t0\n"))
        return;
    rig.prog.inst[0].w[dword] = (rig.prog.inst[0].w[dword] & ~op_mask) | op;
    install();
    start_quad(0xF);
    set_temp_all(0, VF(1, 2, 3, 4));
    rig.want.errors = US_ERR_ILLEGAL_INST;
    run_and_compare();
    check_u32("instructions retired", (uint32_t)rig.q.retired, 1);
}

static void test_reserved_ops(void)
{
    run_reserved_op("reserved RGB_OP 6", 5, US_ALU_RGBA_INST_RGB_OP_MASK, 6u << US_ALU_RGBA_INST_RGB_OP_LO);
    run_reserved_op("reserved ALPHA_OP 4", 4, US_ALU_ALPHA_INST_ALPHA_OP_MASK, 4u << US_ALU_ALPHA_INST_ALPHA_OP_LO);
}

/* ---------------------------------------------------------------------------------------------------------- */
/* Operands: swizzles, modifiers, address rules, constants, relative addressing, pre-subtract                 */

/* CMP.off with C = +0 returns A exactly (sign, NaN payload): the identity these tests read operands through. */
static void test_swizzles(void)
{
    if (!load("swizzles",
              "alu rgb: cmp.off t1.rgb, src0.gba" PASS_RGB " alpha: cmp.off t1.a, src0.r" PASS_A " src0=t0\n"
              "alu rgb: cmp.off t2.rgb, src0.0h1" PASS_RGB " alpha: cmp.off t2.a, src0.h" PASS_A " src0=t0\n"
              "alu rgb: cmp.off t3.rgb, src0._ar" PASS_RGB " alpha: cmp.off t3.a, src0._" PASS_A " src0=t0\n"
              "alu rgb: cmp.off t4.rgb, src0.a" PASS_RGB "   alpha: cmp.off t4.a, src0.1" PASS_A " src0=t0\n"
                          "alu alpha: cmp.off t5.a" PASS_A ", src0.0 src0=t0\n"
                          "alu alpha: cmp.off t6.a, src0.g" PASS_A " src0=t0\n"
                          "alu alpha: cmp.off t7.a, src0.b" PASS_A " src0=t0\n"
                          "alu alpha: cmp.off t8.a, src0.a" PASS_A " src0=t0\n"))
        return;
    start_quad(0xF);
    set_temp_all(0, VF(1, 2, 3, 4));
    want_temp_all(1, 0xF, VF(2, 3, 4, 1));
    want_temp_all(2, 0xF, VF(0, 0.5, 1, 0.5));
    want_temp_all(3, 0xF, V(POS_ZERO, F(4), F(1), POS_ZERO)); /* code 7 reads +0.0 */
    want_temp_all(4, 0xF, VF(4, 4, 4, 1));                    /* one letter is replicated */
    want_temp_all(5, 0x8, V(0, 0, 0, POS_ZERO));
    want_temp_all(6, 0x8, VF(0, 0, 0, 2));
    want_temp_all(7, 0x8, VF(0, 0, 0, 3));
    want_temp_all(8, 0x8, VF(0, 0, 0, 4));
    run_and_compare();
}

static void test_input_modifiers(void)
{
    if (!load("input modifiers",
              "alu rgb: cmp.off t1.rgb, -src0.rgb" PASS_RGB " alpha: cmp.off t1.a, -src0.a" PASS_A " src0=t0\n"
              "alu rgb: cmp.off t2.rgb, |src0.rgb|" PASS_RGB " alpha: cmp.off t2.a, |src0.a|" PASS_A " src0=t0\n"
              "alu rgb: cmp.off t3.rgb, -|src0.rgb|" PASS_RGB " alpha: cmp.off t3.a, -|src0.a|" PASS_A " src0=t0\n"
              "alu rgb: cmp.off t4.rgb, -src0.0h1" PASS_RGB " alpha: cmp.off t4.a, -src0.0" PASS_A "\n"
              "alu rgb: cmp.off t5.rgb, -|src0.0h1|" PASS_RGB " alpha: cmp.off t5.a, -|src0.h|" PASS_A "\n"
              "alu rgb: cmp.off t6.rgb, |src0.0h1|" PASS_RGB " alpha: cmp.off t6.a, -src0._" PASS_A "\n"))
        return;
    start_quad(0xF);
    for (unsigned p = 0; p < 4; p++)
        set_temp(p, 0, p & 1 ? V(NEG_ZERO, POS_ZERO, NEG_INF, POS_INF) : V(F(2), F(-3), QNAN, NEG_QNAN));
    for (unsigned p = 0; p < 4; p++) {
        if (p & 1) {
            want_temp(p, 1, 0xF, V(POS_ZERO, NEG_ZERO, POS_INF, NEG_INF));
            want_temp(p, 2, 0xF, V(POS_ZERO, POS_ZERO, POS_INF, POS_INF));
            want_temp(p, 3, 0xF, V(NEG_ZERO, NEG_ZERO, NEG_INF, NEG_INF));
        } else {
            want_temp(p, 1, 0xF, V(F(-2), F(3), 0xFFC12345u, 0x7FC0BEEFu));
            want_temp(p, 2, 0xF, V(F(2), F(3), QNAN, 0x7FC0BEEFu));
            want_temp(p, 3, 0xF, V(F(-2), F(-3), 0xFFC12345u, NEG_QNAN));
        }
    }
    want_temp_all(4, 0xF, V(NEG_ZERO, F(-0.5), F(-1), NEG_ZERO));
    want_temp_all(5, 0xF, V(NEG_ZERO, F(-0.5), F(-1), F(-0.5)));
    want_temp_all(6, 0xF, V(POS_ZERO, F(0.5), F(1), NEG_ZERO)); /* "_" reads +0.0, NEG makes it -0 */
    run_and_compare();
}

/* An rgb swizzle naming a reads the alpha address; an alpha swizzle naming r, g or b reads the rgb address. */
static void test_rgb_alpha_address_rule(void)
{
    if (!load("rgb/alpha address rule",
              "alu rgb: cmp.off t1.rgb, src0.arg" PASS_RGB " alpha: cmp.off t1.a, src0.g" PASS_A "\n"
              "    src0.rgb=t0 src0.a=t2\n"
              "alu rgb: cmp.off t3.rgb, src1.rga" PASS_RGB " alpha: cmp.off t3.a, src1.b" PASS_A "\n"
              "    src1.rgb=c0 src1.a=t2\n"))
        return;
    set_const(0, VF(10, 20, 30, 40));
    start_quad(0xF);
    set_temp_all(0, VF(1, 2, 3, 4));
    set_temp_all(2, VF(5, 6, 7, 8));
    want_temp_all(1, 0xF, VF(8, 1, 2, 2));
    want_temp_all(3, 0xF, VF(10, 20, 8, 30));
    run_and_compare();
}

static void test_constants(void)
{
    /* c5 and c255 from the load port (and c7 loaded with CLAMP: [-1, 1], NaN stores +0); inline constants:
     * code 0 (an unnamed source) = 2^-7, 10.0 = code 82, the largest code 127 = 2^8 * 1.875 = 480. */
    if (!load("constants",
              "alu rgb: cmp.off t1.rgb, src0.rgb, src1.000, src1.000\n"
              "    alpha: cmp.off t1.a, src0.a, src1.0, src1.0  src0=c5\n"
              "alu rgb: cmp.off t2.rgb, src0.rgb, src2.000, src2.000 alpha: cmp.off t2.a, src1.a, src2.0, src2.0\n"
              "    src1=10.0\n"
              "alu rgb: cmp.off t3.rgb, src0.rgb" PASS_RGB " alpha: cmp.off t3.a, src0.a" PASS_A "\n"
              "    src0.rgb=480.0 src0.a=0.0078125\n"
              "alu rgb: cmp.off t4.rgb, src0.rgb" PASS_RGB " alpha: cmp.off t4.a, src1.a" PASS_A "\n"
              "    src0=c255 src1.a=c7\n"))
        return;
    set_const(5, VF(1.5, -2, 1000, 0.125));
    set_const(255, VF(-1.25, 6, 7, 8));
    us_shader_write(&rig.sh, GA_US_VECTOR_INDEX_ADDR,
                    7u | GA_US_VECTOR_INDEX_TYPE_MASK | GA_US_VECTOR_INDEX_CLAMP_MASK);
    static const uint32_t unclamped[4] = {0x40A00000u /* 5 */, 0xC0400000u /* -3 */, QNAN, 0x3F000000u /* 0.5 */};
    for (unsigned c = 0; c < 4; c++)
        us_shader_write(&rig.sh, GA_US_VECTOR_DATA_ADDR, unclamped[c]);
    start_quad(0xF);
    want_temp_all(1, 0xF, VF(1.5, -2, 1000, 0.125));
    want_temp_all(2, 0xF, VF(0.0078125, 0.0078125, 0.0078125, 10));
    want_temp_all(3, 0xF, VF(480, 480, 480, 0.0078125));
    want_temp_all(4, 0xF, VF(-1.25, 6, 7, 0.5));
    check_u32("c7 loaded with CLAMP: r", rig.sh.konst[7][0], F(1));
    check_u32("c7 loaded with CLAMP: g", rig.sh.konst[7][1], F(-1));
    check_u32("c7 loaded with CLAMP: b (NaN)", rig.sh.konst[7][2], POS_ZERO);
    run_and_compare();
}

/* Inside a loop with aL = 125: t[aL+5] = t2, t[aL+10] = t7, t[aL+20] = t17, t[aL+3] = t0 (mod 128),
 * c[aL+200] = c69 (mod 256); REL on an inline constant (10.0, code 82) changes nothing. */
static void test_relative_addressing(void)
{
    if (!load("aL-relative addressing",
              "    loop END alu_wait\n"
              "BODY:\n"
              "    alu rgb: cmp.off t[aL+10].rgb, src0.rgb" PASS_RGB "\n"
              "        alpha: cmp.off t[aL+20].a, src1.a" PASS_A "\n"
              "        src0=t[aL+5] src1=c[aL+200]\n"
              "    alu rgb: cmp.off t[aL+3].rgb, src2.rgb" PASS_RGB "\n"
              "        alpha: cmp.off t3.a, src2.a" PASS_A "\n"
              "        rgb_addr.addr2=0xd2 rgb_addr.addr2_rel=1 alpha_addr.addr2=0xd2 alpha_addr.addr2_rel=1\n"
              "END:\n"
              "    endloop BODY alu_wait\n"))
        return;
    set_int_const(0, 1, 125, 0);
    set_const(69, VF(-1, -2, -3, 77));
    set_const(200, VF(-5, -6, -7, -8)); /* what c200 without aL would give */
    start_quad(0xF);
    for (unsigned p = 0; p < 4; p++) {
        set_temp(p, 2, VF(p + 1, p + 2, p + 3, p + 4));
        want_temp(p, 7, 0x7, VF(p + 1, p + 2, p + 3, 0));
    }
    want_temp_all(17, 0x8, VF(0, 0, 0, 77));
    want_temp_all(0, 0x7, VF(10, 10, 10, 0));
    want_temp_all(3, 0x8, VF(0, 0, 0, 10));
    run_and_compare();
}

/* srcp: NEG2 = 1 - 2 src0, SUB = src1 - src0, ADD = src1 + src0, NEG = 1 - src0; rgb and alpha each by their own
 * SRCP_OP. src0 = (3, 0.25, -2 | 5), src1 = (10, 1, 4 | 7). */
static void test_presubtract(void)
{
    if (!load("pre-subtract",
              "alu rgb: cmp.off t1.rgb, srcp.rgb" PASS_RGB " alpha: cmp.off t1.a, srcp.a" PASS_A "\n"
              "    src0=t0 src1=t2 srcp.rgb=neg2 srcp.a=sub\n"
              "alu rgb: cmp.off t3.rgb, srcp.rgb" PASS_RGB " alpha: cmp.off t3.a, srcp.a" PASS_A "\n"
              "    src0=t0 src1=t2 srcp.rgb=sub srcp.a=add\n"
              "alu rgb: cmp.off t4.rgb, srcp.rgb" PASS_RGB " alpha: cmp.off t4.a, srcp.a" PASS_A "\n"
              "    src0=t0 src1=t2 srcp.rgb=add srcp.a=neg\n"
              "alu rgb: cmp.off t5.rgb, srcp.rgb" PASS_RGB " alpha: cmp.off t5.a, srcp.a" PASS_A "\n"
              "    src0=t0 src1=t2 srcp.rgb=neg srcp.a=neg2\n"))
        return;
    start_quad(0xF);
    set_temp_all(0, VF(3, 0.25, -2, 5));
    set_temp_all(2, VF(10, 1, 4, 7));
    want_temp_all(1, 0xF, VF(-5, 0.5, 5, 2));     /* NEG2 | SUB */
    want_temp_all(3, 0xF, VF(7, 0.75, 6, 12));    /* SUB | ADD */
    want_temp_all(4, 0xF, VF(13, 1.25, 2, -4));   /* ADD | NEG */
    want_temp_all(5, 0xF, VF(-2, 0.75, 3, -9));   /* NEG | NEG2 */
    run_and_compare();
}

/* ---------------------------------------------------------------------------------------------------------- */
/* OMOD, clamp, US_CONFIG                                                                                     */

static void test_omod_scales(void)
{
    /* A * 1 + 0 with A = (3, -3, 0.5 | 3); every OMOD on each unit. */
    if (!load("omod scales",
              "alu rgb: mad.x2 t1.rgb, src0.rgb" TIMES1_RGB " alpha: mad.d8 t1.a, src0.a" TIMES1_A " src0=t0\n"
              "alu rgb: mad.x4 t2.rgb, src0.rgb" TIMES1_RGB " alpha: mad.d4 t2.a, src0.a" TIMES1_A " src0=t0\n"
              "alu rgb: mad.x8 t3.rgb, src0.rgb" TIMES1_RGB " alpha: mad.d2 t3.a, src0.a" TIMES1_A " src0=t0\n"
              "alu rgb: mad.d2 t4.rgb, src0.rgb" TIMES1_RGB " alpha: mad.x8 t4.a, src0.a" TIMES1_A " src0=t0\n"
              "alu rgb: mad.d4 t5.rgb, src0.rgb" TIMES1_RGB " alpha: mad.x4 t5.a, src0.a" TIMES1_A " src0=t0\n"
              "alu rgb: mad.d8 t6.rgb, src0.rgb" TIMES1_RGB " alpha: mad.x2 t6.a, src0.a" TIMES1_A " src0=t0\n"
              "alu rgb: mad.x2 t8.rgb, src0.rgb" TIMES1_RGB " alpha: mad.d4 t8.a, src0.a" TIMES1_A " src0=t7\n"))
        return;
    start_quad(0xF);
    set_temp_all(0, VF(3, -3, 0.5, 3));
    /* 2^127 x2 overflows to inf; -2^-125 /4 = -2^-127 is tiny: -0; a NaN -> 0x7FFFFFFF; alpha 2^-125 /4 -> +0 */
    set_temp_all(7, V(0x7F000000u, F(1), NEG_QNAN, 0x01000000u));
    set_temp(1, 7, V(0xFF000000u, F(-1), QNAN, 0x81000000u));
    want_temp_all(1, 0xF, VF(6, -6, 1, 0.375));
    want_temp_all(2, 0xF, VF(12, -12, 2, 0.75));
    want_temp_all(3, 0xF, VF(24, -24, 4, 1.5));
    want_temp_all(4, 0xF, VF(1.5, -1.5, 0.25, 24));
    want_temp_all(5, 0xF, VF(0.75, -0.75, 0.125, 12));
    want_temp_all(6, 0xF, VF(0.375, -0.375, 0.0625, 6));
    for (unsigned p = 0; p < 4; p++)
        want_temp(p, 8, 0xF, p == 1 ? V(NEG_INF, F(-2), CANON_NAN, NEG_ZERO) : V(POS_INF, F(2), CANON_NAN, POS_ZERO));
    run_and_compare();
}

/* OMOD 7 (.off) passes the selected operand through bit for bit: -0, NaN payloads and denormals (CTM p.29, p.42:
 * a bit-exact copy); only the compare reads a denormal as zero. The same ops with OMOD x1 flush the denormal and
 * canonicalise NaN. */
static void test_omod_off(void)
{
    if (!load("omod off",
              "alu rgb: min.off t1.rgb, src0.rgb, src1.rgb  alpha: max.off t1.a, src0.a, src1.a  src0=t0 src1=t2\n"
              "alu rgb: min t2.rgb, src0.rgb, src1.rgb      alpha: max t2.a, src0.a, src1.a      src0=t0 src1=t2\n"
              "alu rgb: cnd.off t3.rgb, src0.rgb, src1.rgb, src2.rgb alpha: cmp.off t3.a, src0.a, src1.a, src2.a\n"
              "    src0=t4 src1=t5 src2=t6\n"
              "alu rgb: cmp.off t7.rgb, src1.rgb, src0.rgb, src2.rgb alpha: cnd.off t7.a, src1.a, src0.a, src2.a\n"
              "    src0=t4 src1=t5 src2=t8\n"
              "alu rgb: max.off t9.rgb, src0.rgb, src1.rgb  alpha: min.off t9.a, src0.a, src1.a  src0=t4 src1=t10\n"))
        return;
    start_quad(0xF);
    set_temp_all(0, V(NEG_ZERO, F(1), NEG_DENORM, F(1)));
    set_temp_all(2, V(F(1), QNAN, F(1), NEG_QNAN));
    set_temp_all(4, V(NEG_QNAN, NEG_ZERO, DENORM, QNAN));
    set_temp_all(5, VF(1, 1, 1, 1));
    set_temp_all(6, VF(1, 1, 1, 0));
    set_temp_all(8, VF(-1, -1, -1, 0.5));
    set_temp_all(10, V(F(-1), F(-1), F(-1), F(5)));
    /* t2 is overwritten by the second instruction but was read by the first */
    want_temp_all(1, 0xF, V(NEG_ZERO, QNAN, NEG_DENORM, NEG_QNAN));
    want_temp_all(2, 0xF, V(NEG_ZERO, CANON_NAN, NEG_ZERO, CANON_NAN));
    want_temp_all(3, 0xF, V(NEG_QNAN, NEG_ZERO, DENORM, QNAN));
    want_temp_all(7, 0xF, V(NEG_QNAN, NEG_ZERO, DENORM, QNAN));
    /* max(NaN, -1) = -1 (NaN: the second operand); max(-0, -1) = -0; max(denormal, -1): the denormal reads as +0,
     * which is larger, and comes out as it went in; min(NaN, 5) = 5 */
    want_temp_all(9, 0xF, V(F(-1), NEG_ZERO, DENORM, F(5)));
    run_and_compare();
}

/* Clamp comes after OMOD: 0.75 x2 = 1.5 -> 1; alpha 1.5 /2 = 0.75 (clamping first would give 0.5); -0 and every
 * NaN clamp to +0; infinities to 1 and 0. */
static void test_clamp(void)
{
    if (!load("clamp",
              "alu rgb: mad.sat.x2 t1.rgb, src0.rgb" TIMES1_RGB " alpha: mad.sat.d2 t1.a, src0.a" TIMES1_A " src0=t0\n"
              "alu rgb: cmp.sat t2.rgb, src0.rgb" PASS_RGB " alpha: cmp.sat t2.a, src0.a" PASS_A " src0=t3\n"))
        return;
    start_quad(0xF);
    set_temp_all(0, VF(0.75, 0.375, -0.25, 1.5));
    for (unsigned p = 0; p < 4; p++)
        set_temp(p, 3, p & 1 ? V(POS_INF, NEG_INF, F(0.5), F(1)) : V(NEG_ZERO, QNAN, F(2), NEG_QNAN));
    want_temp_all(1, 0xF, VF(1, 0.75, 0, 0.75));
    for (unsigned p = 0; p < 4; p++)
        want_temp(p, 2, 0xF, p & 1 ? VF(1, 0, 0.5, 1) : V(POS_ZERO, POS_ZERO, F(1), POS_ZERO));
    run_and_compare();
}

/* MAD 0 * inf, -0 * inf, 0 * NaN, 0 * -inf, each + (-0). US_CONFIG bit 1 (reset value 2): a zero times anything is
 * a zero of sign sign(a)^sign(b); with the bit clear, IEEE: NaN, which OMOD turns into 0x7FFFFFFF. */
static void run_zero_times_anything(const char *name, int config)
{
    if (!load(name, "alu rgb: mad t1.rgb, src0.rgb, src1.rgb, -src0.000 alpha: mad t1.a, src0.a, src1.a, -src0.0\n"
                    "    src0=t0 src1=t2\n"))
        return;
    if (config >= 0)
        check_true("US_CONFIG is a register", us_shader_write(&rig.sh, US_CONFIG_ADDR, (uint32_t)config));
    start_quad(0xF);
    set_temp_all(0, V(POS_ZERO, NEG_ZERO, POS_ZERO, DENORM));
    set_temp_all(2, V(POS_INF, POS_INF, QNAN, NEG_INF));
    bool legacy = config < 0 || (config & 2);
    const vec4_t ieee = V(CANON_NAN, CANON_NAN, CANON_NAN, CANON_NAN);
    want_temp_all(1, 0xF, legacy ? V(POS_ZERO, NEG_ZERO, POS_ZERO, NEG_ZERO) : ieee);
    run_and_compare();
}

static void test_us_config(void)
{
    run_zero_times_anything("0*inf after reset (legacy)", -1);
    run_zero_times_anything("0*inf with US_CONFIG = 0 (IEEE)", 0);
    run_zero_times_anything("0*inf with US_CONFIG = 2 (legacy)", 2);
}

/* ---------------------------------------------------------------------------------------------------------- */
/* Writes: masks, outputs, predicates, the ALU result, pixel gating                                           */

static void test_write_masks(void)
{
    static const char *const mask_name[8] = {"_", "r", "g", "rg", "b", "rb", "gb", "rgb"};
    char src[4096];
    size_t n = 0;
    for (unsigned m = 0; m < 8; m++) {
        char alpha_dest[16] = "_"; /* ALPHA_WMASK on the odd rows */
        if (m & 1)
            snprintf(alpha_dest, sizeof alpha_dest, "t%u.a", 10 + m);
        n += (size_t)snprintf(src + n, sizeof src - n,
                              "alu rgb: mad t%u.%s, src0.rgb" TIMES1_RGB " alpha: mad %s, src0.a" TIMES1_A " src0=t0\n",
                              10 + m, mask_name[m], alpha_dest);
    }
    /* rgb and alpha into the same temporary, and into different ones */
    n += (size_t)snprintf(src + n, sizeof src - n,
                          "alu rgb: mad t20.rg, src0.rgb" TIMES1_RGB " alpha: mad t20.a, src0.a" TIMES1_A " src0=t1\n"
                          "alu rgb: mad t21.b, src0.rgb" TIMES1_RGB " alpha: mad t22.a, src0.a" TIMES1_A " src0=t1\n");
    if (!load("write masks", src))
        return;
    start_quad(0xF);
    set_temp_all(0, VF(1, 2, 3, 4));
    set_temp_all(1, VF(5, 6, 7, 8));
    for (unsigned m = 0; m < 8; m++)
        want_temp_all(10 + m, (uint8_t)(m | (m & 1) << 3), VF(1, 2, 3, 4));
    want_temp_all(20, 0xB, VF(5, 6, 0, 8));
    want_temp_all(21, 0x4, VF(0, 0, 7, 0));
    want_temp_all(22, 0x8, VF(0, 0, 0, 8));
    run_and_compare();
}

/* OUT instructions: rgb to TARGET of US_ALU_RGB_INST with RGB_OMASK, alpha to the alpha TARGET, W from alpha;
 * an OUT can write a temporary too. Values differ per pixel. */
static void test_outputs(void)
{
    if (!load("outputs",
              "out rgb: mad o0.r, src0.rgb" TIMES1_RGB " alpha: mad o1.a, src0.a" TIMES1_A " src0=t0\n"
              "out rgb: mad o1.gb, src0.rgb" TIMES1_RGB " alpha: mad o2.a, src0.a" TIMES1_A " src0=t1\n"
              "out rgb: mad o2.rgb, src0.rgb" TIMES1_RGB " alpha: mad o3.a+w, src0.a" TIMES1_A " src0=t2\n"
              "out rgb: mad o3.rb+t5.g, src0.rgb" TIMES1_RGB " alpha: mad o0.a+t5.a, src0.a" TIMES1_A " src0=t3\n"
              "out rgb: mad o2.g, src0.rgb" TIMES1_RGB " alpha: mad w, src0.a" TIMES1_A " src0=t4\n"))
        return;
    start_quad(0xF);
    for (unsigned p = 0; p < 4; p++)
        for (unsigned t = 0; t < 5; t++)
            set_temp(p, t, VF(100 * t + 10 * p + 1, 100 * t + 10 * p + 2, 100 * t + 10 * p + 3, 100 * t + 10 * p + 4));
    for (unsigned p = 0; p < 4; p++) {
        double k = 10.0 * p;
        want_out(0, p, 0x1, VF(k + 1, 0, 0, 0));
        want_out(1, p, 0x8, VF(0, 0, 0, k + 4));
        want_out(1, p, 0x6, VF(0, 100 + k + 2, 100 + k + 3, 0));
        want_out(2, p, 0x8, VF(0, 0, 0, 100 + k + 4));
        want_out(2, p, 0x7, VF(200 + k + 1, 200 + k + 2, 200 + k + 3, 0));
        want_out(3, p, 0x8, VF(0, 0, 0, 200 + k + 4));
        want_out(3, p, 0x5, VF(300 + k + 1, 0, 300 + k + 3, 0));
        want_temp(p, 5, 0xA, VF(0, 300 + k + 2, 0, 300 + k + 4));
        want_out(0, p, 0x8, VF(0, 0, 0, 300 + k + 4));
        want_out(2, p, 0x2, VF(0, 400 + k + 2, 0, 0)); /* o2.g again: the later value */
        want_w(p, F(400 + k + 4));                     /* W again: the later value */
    }
    run_and_compare();
}

/* W_OMASK has no effect on an ALU instruction; RGB_OMASK/ALPHA_OMASK there write predicates, never outputs. */
static void test_w_omask_on_alu(void)
{
    if (!load("W_OMASK on ALU", "alu rgb: mad t1.rgb, src0.rgb" TIMES1_RGB "\n"
                                "    alpha: mad t1.a, src0.a" TIMES1_A "  alpha_inst.w_omask=1 src0=t0\n"))
        return;
    start_quad(0xF);
    set_temp_all(0, VF(1, 2, 3, 4));
    want_temp_all(1, 0xF, VF(1, 2, 3, 4));
    run_and_compare();
}

/* The predicate values for the compares: per pixel rgb and alpha, through CMP.off so -0 and NaN reach the
 * compare as they are (a denormal reads as a zero of its sign). */
static void set_compare_values(void)
{
    set_temp(0, 0, V(POS_ZERO, NEG_ZERO, QNAN, F(1)));
    set_temp(1, 0, V(F(1), F(-1), DENORM, NEG_ZERO));
    set_temp(2, 0, V(NEG_QNAN, F(2), NEG_DENORM, F(-2)));
    set_temp(3, 0, V(NEG_INF, POS_INF, F(-0.5), NEG_QNAN));
}

/* Predicate bits r g b a = bits 0..3; == and != treat +-0 (and denormals) as 0, NaN only satisfies !=. */
static void test_predicate_compares(void)
{
    static const struct {
        const char *op;
        uint8_t bits[4];
    } cases[4] = {
        {"eq", {0x3, 0xC, 0x4, 0x0}},
        {"lt", {0x0, 0x2, 0x8, 0x5}},
        {"ge", {0xB, 0xD, 0x6, 0x2}},
        {"ne", {0xC, 0x3, 0xB, 0xF}},
    };
    for (unsigned i = 0; i < 4; i++) {
        char src[512], name[64];
        snprintf(name, sizeof name, "predicate compare %s", cases[i].op);
        snprintf(src, sizeof src,
                 "alu rgb: cmp.off p.rgb.%s, src0.rgb" PASS_RGB " alpha: cmp.off p.a.%s, src0.a" PASS_A " src0=t0\n",
                 cases[i].op, cases[i].op);
        if (!load(name, src))
            continue;
        start_quad(0xF);
        set_compare_values();
        for (unsigned p = 0; p < 4; p++) {
            set_pred(p, (uint8_t)(~cases[i].bits[p] & 0xF)); /* every bit must change */
            rig.want.pred[p] = cases[i].bits[p];
        }
        run_and_compare();
    }
}

/* Only the named bits change; rgb and alpha use their own compare; OUT masks in an ALU write no output. */
static void test_predicate_partial(void)
{
    if (!load("predicate partial",
              "alu rgb: cmp.off p.g.lt, src0.rgb" PASS_RGB " alpha: cmp.off p.a.ne, src0.a" PASS_A " src0=t0\n"
              "alu rgb: cmp.off p.rb.ge, src0.rgb" PASS_RGB " src0=t0\n"))
        return;
    start_quad(0xF);
    set_compare_values();
    static const uint8_t start_bits[4] = {0x5, 0xA, 0x0, 0xF};
    /* g = lt(g), a = ne(a), then r = ge(r), b = ge(b):
     * p0: g(-0) 0, a(1) 1, r(+0) 1, b(NaN) 0 -> 0x9;  p1: g(-1) 1, a(-0) 0, r(1) 1, b(denorm) 1 -> 0x7
     * p2: g(2) 0, a(-2) 1, r(NaN) 0, b(-denorm) 1 -> 0xC;  p3: g(inf) 0, a(NaN) 1, r(-inf) 0, b(-0.5) 0 -> 0x8 */
    static const uint8_t end_bits[4] = {0x9, 0x7, 0xC, 0x8};
    for (unsigned p = 0; p < 4; p++) {
        set_pred(p, start_bits[p]);
        rig.want.pred[p] = end_bits[p];
    }
    run_and_compare();
}

/* Predicated writes. Predicates: p0 r, p1 g b, p2 a, p3 r g a. Each row: flags, rgb channels written per pixel,
 * alpha written per pixel (bit p). RGB_PRED_SEL RGBA is per channel; RRRR..AAAA replicate a bit; NONE always
 * (INV has no effect); ALPHA_PRED_SEL RGBA and AAAA read bit a. */
static const struct {
    const char *flags;
    uint8_t rgb[4];
    uint8_t alpha;
} pred_rows[] = {
    {"rgb_pred=none alpha_pred=none", {7, 7, 7, 7}, 0xF},
    {"rgb_pred=!none alpha_pred=none", {7, 7, 7, 7}, 0xF},
    {"rgb_pred=rgba alpha_pred=rgba", {1, 6, 0, 3}, 0xC},
    {"rgb_pred=!rgba alpha_pred=!rgba", {6, 1, 7, 4}, 0x3},
    {"rgb_pred=rrrr alpha_pred=rrrr", {7, 0, 0, 7}, 0x9},
    {"rgb_pred=!rrrr alpha_pred=!rrrr", {0, 7, 7, 0}, 0x6},
    {"rgb_pred=gggg alpha_pred=gggg", {0, 7, 0, 7}, 0xA},
    {"rgb_pred=!gggg alpha_pred=!gggg", {7, 0, 7, 0}, 0x5},
    {"rgb_pred=bbbb alpha_pred=bbbb", {0, 7, 0, 0}, 0x2},
    {"rgb_pred=!bbbb alpha_pred=!bbbb", {7, 0, 7, 7}, 0xD},
    {"rgb_pred=aaaa alpha_pred=aaaa", {0, 0, 7, 7}, 0xC},
    {"rgb_pred=!aaaa alpha_pred=!aaaa", {7, 7, 0, 0}, 0x3},
    {"rgb_pred=rgba alpha_pred=rrrr", {1, 6, 0, 3}, 0x9},
    {"rgb_pred=!gggg alpha_pred=!bbbb", {7, 0, 7, 0}, 0xD},
    {"rgb_pred=bbbb alpha_pred=none", {0, 7, 0, 0}, 0xF},
};
#define N_PRED_ROWS (sizeof pred_rows / sizeof pred_rows[0])

static void set_write_predicates(void)
{
    static const uint8_t bits[4] = {0x1, 0x6, 0x8, 0xB};
    for (unsigned p = 0; p < 4; p++)
        set_pred(p, bits[p]);
}

static void test_predicated_writes(void)
{
    char src[8192];
    size_t n = 0;
    for (unsigned i = 0; i < N_PRED_ROWS; i++)
        n += (size_t)snprintf(src + n, sizeof src - n,
                              "alu rgb: mad t%u.rgb, src0.rgb" TIMES1_RGB " alpha: mad t%u.a, src0.a" TIMES1_A " "
                              "src0=t0 %s\n",
                              20 + i, 20 + i, pred_rows[i].flags);
    /* Outputs and W are predicated too: rgb (GGGG) on p1 p3, alpha and W (RRRR) on p0 p3. */
    n += (size_t)snprintf(src + n, sizeof src - n,
                          "out rgb: mad o0.rgb, src0.rgb" TIMES1_RGB " alpha: mad o1.a+w, src0.a" TIMES1_A " "
                          "src0=t0 rgb_pred=gggg alpha_pred=rrrr\n");
    /* A predicate write is itself predicated: g compares only where the r bit allows (p0, p3). */
    n += (size_t)snprintf(src + n, sizeof src - n,
                          "alu rgb: cmp.off p.g.eq, src0.rgb" PASS_RGB " src0=t1 rgb_pred=rrrr\n");
    if (!load("predicated writes", src))
        return;
    start_quad(0xF);
    set_write_predicates();
    set_temp_all(0, VF(1, 2, 3, 4));
    set_temp_all(1, VF(0, 0, 0, 0)); /* g == 0: the bit becomes 1 where written */
    for (unsigned i = 0; i < N_PRED_ROWS; i++)
        for (unsigned p = 0; p < 4; p++)
            want_temp(p, 20 + i, (uint8_t)(pred_rows[i].rgb[p] | (pred_rows[i].alpha >> p & 1u) << 3), VF(1, 2, 3, 4));
    for (unsigned p = 0; p < 4; p++) {
        if (p == 1 || p == 3)
            want_out(0, p, 0x7, VF(1, 2, 3, 4));
        if (p == 0 || p == 3) {
            want_out(1, p, 0x8, VF(1, 2, 3, 4));
            want_w(p, F(4));
        }
    }
    rig.want.pred[0] = 0x3; /* p0: r -> r g */
    rig.want.pred[3] = 0xB; /* p3: g already set */
    run_and_compare();
}

/* The ALU result: channel red or alpha of the final value compared with 0 (== < >= !=). Red per pixel: +0, 1,
 * NaN, -inf; alpha: 1, -0, -2, NaN. */
static void test_alu_result_ops(void)
{
    static const struct {
        const char *sel;
        uint8_t bits;
    } cases[8] = {
        {"r.eq", 0x1}, {"r.lt", 0x8}, {"r.ge", 0x3}, {"r.ne", 0xE},
        {"a.eq", 0x2}, {"a.lt", 0x4}, {"a.ge", 0x3}, {"a.ne", 0xD},
    };
    for (unsigned i = 0; i < 8; i++) {
        char src[512], name[64];
        snprintf(name, sizeof name, "ALU result %s", cases[i].sel);
        snprintf(src, sizeof src,
                 "alu rgb: cmp.off _, src0.rgb" PASS_RGB " alpha: cmp.off _, src0.a" PASS_A " "
                 "src0=t0 result=%s\n",
                 cases[i].sel);
        if (!load(name, src))
            continue;
        start_quad(0xF);
        set_compare_values();
        set_alu_result((uint8_t)(~cases[i].bits & 0xF));
        rig.want.alu_result = cases[i].bits;
        run_and_compare();
    }
}

/* The ALU result is gated like the write of its channel: by the running pixels and that channel's predicate (red:
 * RGB_PRED_SEL, alpha: ALPHA_PRED_SEL); OUT instructions set it too. Predicates: r on p0 p3, g on p1 p3, a on p2 p3;
 * p3 does not run. */
static void test_alu_result_gating(void)
{
    if (!load("ALU result gating",
              "alu rgb: cmp.off _, src0.rgb" PASS_RGB " alpha: cmp.off _, src0.a" PASS_A "\n"
              "    src0=t0 result=r.ne rgb_pred=rrrr alpha_pred=aaaa\n"
              "out rgb: cmp.off _, src0.rgb" PASS_RGB " alpha: cmp.off _, src0.a" PASS_A "\n"
              "    src0=t1 result=a.eq rgb_pred=rrrr alpha_pred=gggg\n"))
        return;
    start_quad(0xF);
    set_compare_values();            /* red != 0: p0 0, p1 1, p2 1, p3 1 */
    set_temp_all(1, VF(5, 5, 5, 0)); /* alpha == 0: 1 everywhere */
    set_write_predicates();
    set_killed_inactive(0, 0x8);
    set_alu_result(0x1);
    /* first: only p0 (r bit; its a bit is clear) -> 0: 0x0; second: only p1 (g bit) -> 1: 0x2 */
    rig.want.alu_result = 0x2;
    run_and_compare();
}

/* With clamping the ALU result compares the clamped value (CTM p.32). Even pixels: red and alpha -2, which clamp
 * to +0 (== 0 and >= 0 hold, < 0 and != 0 do not; unclamped it would be the other way round); odd pixels: red
 * 0.25 (x2: 0.5), alpha 3 (clamped to 1). */
static void test_alu_result_clamped(void)
{
    static const struct {
        const char *src;
        uint8_t bits;
    } cases[] = {
        {"alu rgb: mad.sat _, src0.rgb" TIMES1_RGB " src0=t0 result=r.eq\n", 0x5},
        {"alu rgb: mad.sat _, src0.rgb" TIMES1_RGB " src0=t0 result=r.lt\n", 0x0},
        {"alu rgb: mad.sat.x2 _, src0.rgb" TIMES1_RGB " src0=t0 result=r.ge\n", 0xF},
        {"alu alpha: mad.sat _, src0.a" TIMES1_A " src0=t0 result=a.ne\n", 0xA},
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char name[64];
        snprintf(name, sizeof name, "ALU result after clamp %u", i);
        if (!load(name, cases[i].src))
            continue;
        start_quad(0xF);
        for (unsigned p = 0; p < 4; p++) /* red: -2 on even pixels, 0.25 on odd; alpha: -2 even, 3 odd */
            set_temp(p, 0, p & 1 ? VF(0.25, 0, 0, 3) : VF(-2, 0, 0, -2));
        set_alu_result((uint8_t)(~cases[i].bits & 0xF));
        rig.want.alu_result = cases[i].bits;
        run_and_compare();
    }
}

/* Writes reach the running pixels only; with WRITE_INACTIVE all four, killed and inactive included. p0 runs,
 * p1 is inactive, p2 killed, p3 uncovered (a helper pixel: it runs). Temporaries, predicates, ALU result and
 * outputs alike. */
static void test_write_inactive(void)
{
    if (!load("write_inactive",
              "alu rgb: mad t1.rgb, src0.rgb" TIMES1_RGB " alpha: mad t1.a, src0.a" TIMES1_A " src0=t0\n"
              "alu rgb: mad t2.rgb, src0.rgb" TIMES1_RGB " alpha: mad t2.a, src0.a" TIMES1_A " src0=t0\n"
              "    write_inactive\n"
              "alu rgb: mad p.r.ne, src0.rgb" TIMES1_RGB " src0=t0 result=r.ne\n"
              "alu rgb: mad p.g.ne, src0.rgb" TIMES1_RGB " src0=t4 result=r.eq write_inactive\n"
              "out rgb: mad o0.rgb, src0.rgb" TIMES1_RGB " alpha: mad o0.a+w, src0.a" TIMES1_A " src0=t0\n"
              "out rgb: mad o1.rgb, src0.rgb" TIMES1_RGB " alpha: mad o1.a+w, src0.a" TIMES1_A " src0=t3\n"
              "    write_inactive\n"))
        return;
    start_quad(0x7);
    set_killed_inactive(0x4, 0x2);
    set_alu_result(0x0);
    for (unsigned p = 0; p < 4; p++) {
        set_temp(p, 0, VF(p + 1, p + 2, p + 3, p + 4));
        set_temp(p, 3, VF(p + 5, p + 6, p + 7, p + 8));
        set_temp(p, 4, VF(p == 1 || p == 2 ? 0 : 1, 1, 1, 1)); /* r == 0 on p1, p2 only */
    }
    for (unsigned p = 0; p < 4; p++) {
        bool runs = p == 0 || p == 3;
        if (runs) {
            want_temp(p, 1, 0xF, VF(p + 1, p + 2, p + 3, p + 4));
            want_out(0, p, 0xF, VF(p + 1, p + 2, p + 3, p + 4));
        }
        want_temp(p, 2, 0xF, VF(p + 1, p + 2, p + 3, p + 4));
        want_out(1, p, 0xF, VF(p + 5, p + 6, p + 7, p + 8));
        want_w(p, F(p + 8)); /* the second OUT overwrites the first's W where both write */
        rig.want.pred[p] = (uint8_t)((runs ? 0x1 : 0) | 0x2); /* r only where running; g everywhere */
    }
    rig.want.alu_result = 0x6; /* the write_inactive r == 0 overwrites all four: 1 on p1, p2 */
    run_and_compare();
}

/* A pixel broken or continued in a frame of the loop stack is masked: not running, not written. */
static void test_masked_pixels(void)
{
    if (!load("masked pixels",
              "alu rgb: mad t1.rgb, src0.rgb" TIMES1_RGB " alpha: mad t1.a, src0.a" TIMES1_A " src0=t0\n"
              "alu rgb: mad t2.rgb, src0.rgb" TIMES1_RGB " alpha: mad t2.a, src0.a" TIMES1_A " src0=t0\n"
              "    write_inactive\n"))
        return;
    start_quad(0xF);
    const us_frame_t frame = {.count = 1, .member = 0xF, .broken = 0x4, .continued = 0x8};
    rig.q.loop[0] = rig.want.loop[0] = frame;
    rig.q.loop_sp = rig.want.loop_sp = 1;
    set_temp_all(0, VF(1, 2, 3, 4));
    want_temp(0, 1, 0xF, VF(1, 2, 3, 4));
    want_temp(1, 1, 0xF, VF(1, 2, 3, 4));
    want_temp_all(2, 0xF, VF(1, 2, 3, 4));
    run_and_compare();
}

/* ---------------------------------------------------------------------------------------------------------- */
/* TEX                                                                                                        */

/* Texel (x, y) channel c of the test textures: 100 (c + 1) + 10 y + x, never 0. */
static uint32_t texel_value(unsigned x, unsigned y, unsigned c)
{
    return F(100.0 * (c + 1) + 10.0 * y + x);
}

static void define_texture(unsigned id, unsigned width, unsigned height)
{
    us_texture_t *t = &rig.sh.tex[id];
    t->width = width;
    t->height = height;
    for (unsigned y = 0; y < height; y++)
        for (unsigned x = 0; x < width; x++)
            for (unsigned c = 0; c < 4; c++)
                t->texel[y * width + x][c] = texel_value(x, y, c);
}

static vec4_t texel(unsigned x, unsigned y)
{
    return V(texel_value(x, y, 0), texel_value(x, y, 1), texel_value(x, y, 2), texel_value(x, y, 3));
}

/* TEXKILL: any coordinate < 0 kills; -0 and a negative denormal count as < 0, NaN does not; the swizzle picks
 * the coordinates. */
static void test_texkill_values(void)
{
    if (!load("texkill values", "tex texkill t0._, t0.rgba, tex0\n"
                                "tex texkill t0._, t2.rrrr, tex0\n"))
        return;
    start_quad(0xF);
    set_temp(0, 0, VF(1, 1, 1, 1));
    set_temp(1, 0, V(F(1), NEG_ZERO, F(1), F(1)));
    set_temp(2, 0, V(QNAN, NEG_QNAN, F(1), F(1)));
    set_temp(3, 0, V(F(1), F(1), F(1), NEG_DENORM));
    set_temp(0, 2, VF(-2, 1, 1, 1));
    set_temp(1, 2, VF(1, 1, 1, 1));
    set_temp(2, 2, VF(1, -5, -5, -5)); /* only r is read */
    set_temp(3, 2, VF(1, 1, 1, 1));
    rig.want.killed = 0xB;
    run_and_compare();
}

/* TEXKILL acts on running pixels (all four with WRITE_INACTIVE), minus uncovered ones with IGNORE_UNCOVERED.
 * p1 is inactive, p3 uncovered; every coordinate is -1. */
static void run_texkill_pixels(const char *name, const char *flags, uint8_t killed)
{
    char src[256];
    snprintf(src, sizeof src, "tex texkill t0._, t0.rgba, tex0 %s\n", flags);
    if (!load(name, src))
        return;
    start_quad(0x7);
    set_killed_inactive(0, 0x2);
    set_temp_all(0, VF(-1, -1, -1, -1));
    rig.want.killed = killed;
    run_and_compare();
}

static void test_texkill_pixels(void)
{
    run_texkill_pixels("texkill running pixels", "", 0xD);
    run_texkill_pixels("texkill ign_unc", "ign_unc", 0x5);
    run_texkill_pixels("texkill write_inactive", "write_inactive", 0xF);
    run_texkill_pixels("texkill write_inactive ign_unc", "write_inactive ign_unc", 0x7);
}

/* LD with scaled coordinates on a 4x2 texture: texel (floor(S w), floor(T h)), clamped to the edge; NaN and
 * values below 1 give 0, +inf the last texel. R and Q are not used. */
static void test_ld_scaled(void)
{
    if (!load("ld scaled", "tex ld t1.rgba, t0.rgba, tex0\n"))
        return;
    define_texture(0, 4, 2);
    start_quad(0xF);
    set_temp(0, 0, VF(0.625, 0.75, -9, -9)); /* (2.5, 1.5) -> (2, 1) */
    set_temp(1, 0, VF(-0.5, 2.0, 9, 9));     /* (-2, 4) -> (0, 1) */
    set_temp(2, 0, V(QNAN, F(0.25), 0, 0));  /* (NaN, 0.5) -> (0, 0) */
    set_temp(3, 0, V(POS_INF, F(0.5), 0, 0)); /* (inf, 1) -> (3, 1) */
    want_temp(0, 1, 0xF, texel(2, 1));
    want_temp(1, 1, 0xF, texel(0, 1));
    want_temp(2, 1, 0xF, texel(0, 0));
    want_temp(3, 1, 0xF, texel(3, 1));
    run_and_compare();
}

static void test_ld_unscaled_and_npot(void)
{
    if (!load("ld unscaled / 5x3", "tex ld t2.rgba, t3.rgba, tex0 unscaled\n"
                                   "tex ld t4.rgba, t5.rgba, tex1\n"
                                   "tex ld t6.rgba, t7.rgba, tex0 unscaled\n"))
        return;
    define_texture(0, 4, 2);
    define_texture(1, 5, 3);
    start_quad(0xF);
    set_temp(0, 3, VF(2.5, 1.0, 0, 0));   /* (2, 1) */
    set_temp(1, 3, VF(3.75, 0.75, 0, 0)); /* (3, 0) */
    set_temp(2, 3, VF(7, -3, 0, 0));      /* (3, 0): clamped, below 1 -> 0 */
    set_temp(3, 3, VF(1.0, 1.5, 0, 0));   /* (1, 1) */
    set_temp(0, 5, VF(0.5, 0.5, 0, 0));       /* (2.5, 1.5) -> (2, 1) */
    set_temp(1, 5, VF(0.875, 0.875, 0, 0));   /* (4.375, 2.625) -> (4, 2) */
    set_temp(2, 5, VF(0.1875, 0.375, 0, 0));  /* (0.9375, 1.125) -> (0, 1) */
    set_temp(3, 5, VF(0.25, 0.125, 0, 0));    /* (1.25, 0.375) -> (1, 0) */
    want_temp(0, 2, 0xF, texel(2, 1));
    want_temp(1, 2, 0xF, texel(3, 0));
    want_temp(2, 2, 0xF, texel(3, 0));
    want_temp(3, 2, 0xF, texel(1, 1));
    want_temp(0, 4, 0xF, texel(2, 1));
    want_temp(1, 4, 0xF, texel(4, 2));
    want_temp(2, 4, 0xF, texel(0, 1));
    want_temp(3, 4, 0xF, texel(1, 0));
    set_temp(0, 7, V(NEG_INF, 0x7149F2CAu /* 1e30 */, 0, 0)); /* (0, 1) */
    set_temp(1, 7, V(F(65536), NEG_QNAN, 0, 0));              /* (3, 0) */
    set_temp(2, 7, V(NEG_ZERO, F(1.9375), 0, 0));             /* (0, 1) */
    set_temp(3, 7, V(F(3), DENORM, 0, 0));                    /* (3, 0) */
    want_temp(0, 6, 0xF, texel(0, 1));
    want_temp(1, 6, 0xF, texel(3, 0));
    want_temp(2, 6, 0xF, texel(0, 1));
    want_temp(3, 6, 0xF, texel(3, 0));
    run_and_compare();
}

/* PROJ: S and T times RCP(Q) (an IEEE multiply), then scaled; R is not used. */
static void test_proj(void)
{
    if (!load("proj", "tex proj t6.rgba, t7.rgba, tex0\n"))
        return;
    define_texture(0, 4, 2);
    start_quad(0xF);
    set_temp(0, 7, VF(1.25, 1.0, 9, 2));   /* (0.625, 0.5) -> (2.5, 1) -> (2, 1) */
    set_temp(1, 7, VF(0.5, 1.0, 9, 0));    /* RCP(0) = inf: (inf, inf) -> (3, 1) */
    set_temp(2, 7, VF(0, 1.0, 9, 0));      /* 0 * inf = NaN -> 0; inf -> 1 */
    set_temp(3, 7, VF(0.25, 0.75, 9, 2));  /* (0.125, 0.375) -> (0.5, 0.75) -> (0, 0) */
    want_temp(0, 6, 0xF, texel(2, 1));
    want_temp(1, 6, 0xF, texel(3, 1));
    want_temp(2, 6, 0xF, texel(0, 1));
    want_temp(3, 6, 0xF, texel(0, 0));
    run_and_compare();
}

/* DST swizzles, source swizzles, write masks, predicates, an undefined texture. All pixels sample texel (2, 1)
 * through coordinates (0.625, 0.75) of t0, or (b, a) of t11. */
static void test_tex_swizzles_and_masks(void)
{
    if (!load("tex swizzles and masks",
              "tex ld t8.rgba, t0.rgba, tex0 dst_swz=abgr\n"
              "tex ld t9.rgba, t0.rgba, tex0 dst_swz=ggar\n"
              "tex ld t10.rgba, t11.barg, tex0\n"
              "tex ld t12.rb, t0.rgba, tex0\n"
              "tex ld t13.a, t0.rgba, tex0\n"
              "tex ld t14._, t0.rgba, tex0\n"
              "tex ld t15.rgba, t0.rgba, tex7\n"
              "tex ld t16.rgba, t0.rgba, tex0 rgb_pred=rgba alpha_pred=!aaaa\n"))
        return;
    define_texture(0, 4, 2);
    start_quad(0xF);
    set_write_predicates(); /* p0 r, p1 g b, p2 a, p3 r g a */
    set_temp_all(0, VF(0.625, 0.75, 0, 0));
    set_temp_all(11, VF(0, 0, 0.625, 0.75));
    const vec4_t tx = texel(2, 1);
    want_temp_all(8, 0xF, V(tx.c[3], tx.c[2], tx.c[1], tx.c[0]));
    want_temp_all(9, 0xF, V(tx.c[1], tx.c[1], tx.c[3], tx.c[0]));
    want_temp_all(10, 0xF, tx);
    want_temp_all(12, 0x5, tx);
    want_temp_all(13, 0x8, tx);
    want_temp_all(15, 0xF, V(0, 0, 0, 0));
    static const uint8_t pred_mask[4] = {0x1 | 0x8, 0x6 | 0x8, 0x0, 0x3};
    for (unsigned p = 0; p < 4; p++)
        want_temp(p, 16, pred_mask[p], tx);
    run_and_compare();
}

/* TEX relative addressing inside a loop with aL = 10: t[aL+3] = t13, t[aL+120] = t2 (mod 128). TEX writes reach
 * running pixels (p1 inactive), and not uncovered ones under IGNORE_UNCOVERED (p3); WRITE_INACTIVE all four. */
static void test_tex_relative_and_pixels(void)
{
    if (!load("tex relative / pixels",
              "    loop END alu_wait\n"
              "BODY:\n"
              "    tex ld t[aL+3].rgba, t[aL+120].rgba, tex0\n"
              "    tex ld t20.rgba, t[aL+120].rgba, tex0 ign_unc\n"
              "    tex ld t21.rgba, t2.rgba, tex0 write_inactive\n"
              "END:\n"
              "    endloop BODY alu_wait\n"))
        return;
    set_int_const(0, 1, 10, 0);
    define_texture(0, 4, 2);
    start_quad(0x7);
    set_killed_inactive(0, 0x2);
    set_temp(0, 2, VF(0.625, 0.75, 0, 0));
    set_temp(1, 2, VF(0, 0, 0, 0));
    set_temp(2, 2, VF(0.25, 0.25, 0, 0));
    set_temp(3, 2, VF(0.875, 0, 0, 0));
    static const unsigned x[4] = {2, 0, 1, 3}, y[4] = {1, 0, 0, 0};
    for (unsigned p = 0; p < 4; p++) {
        if (p != 1)
            want_temp(p, 13, 0xF, texel(x[p], y[p]));
        if (p != 1 && p != 3)
            want_temp(p, 20, 0xF, texel(x[p], y[p]));
        want_temp(p, 21, 0xF, texel(x[p], y[p]));
    }
    /* the loop frame pops at ENDLOOP and makes its members (p0, p2, p3) ACTIVE again; p1 stays inactive */
    run_and_compare();
}

/* ---------------------------------------------------------------------------------------------------------- */
/* The retire record (spec 8)                                                                                 */

static void check_write_record(const char *what, const us_write_t *w, unsigned addr, const uint8_t mask[4],
                               const vec4_t val[4])
{
    char buf[128];
    bool any = false;
    for (unsigned p = 0; p < 4; p++) {
        any |= mask[p] != 0;
        snprintf(buf, sizeof buf, "%s mask pixel %u", what, p);
        check_u32(buf, w->mask[p], mask[p]);
        for (unsigned c = 0; c < 4; c++)
            if (mask[p] >> c & 1u) {
                snprintf(buf, sizeof buf, "%s value pixel %u channel %u", what, p, c);
                check_u32(buf, w->val[p][c], val[p].c[c]);
            }
    }
    if (any) {
        snprintf(buf, sizeof buf, "%s address", what);
        check_u32(buf, w->addr, addr);
    }
}

static const uint8_t NO_MASK[4] = {0, 0, 0, 0};
static const vec4_t NO_VAL[4];

static void check_record_common(const us_retire_t *r, unsigned pc, uint8_t running_before, uint8_t running_after,
                                uint8_t killed_after, bool done)
{
    check_u32("record pc", r->pc, pc);
    check_u32("record seq", (uint32_t)r->seq, pc);
    check_u32("record next_pc", r->next_pc, pc + 1);
    check_true("record not jumped", !r->jumped);
    for (unsigned w = 0; w < 6; w++)
        check_u32("record instruction word", r->inst.w[w], rig.prog.inst[pc].w[w]);
    check_u32("record running before", r->running_before, running_before);
    check_u32("record running after", r->running_after, running_after);
    check_u32("record killed after", r->killed_after, killed_after);
    check_u32("record errors", r->errors, 0);
    check_true(done ? "record done" : "record not done", r->done == done);
}

static void check_no_pred_or_result(const us_retire_t *r)
{
    for (unsigned p = 0; p < 4; p++)
        check_u32("record predicate mask", r->pred_mask[p], 0);
    check_u32("record ALU-result mask", r->result_mask, 0);
}

/* The values of t0 in the retire-record program: (p+1, p+2, p+3, p+4). */
static vec4_t retire_value(unsigned p)
{
    return VF(p + 1, p + 2, p + 3, p + 4);
}

static void retire_values(vec4_t val[4])
{
    for (unsigned p = 0; p < 4; p++)
        val[p] = retire_value(p);
}

/* 0: t1.rg where the r bit is set (p0, p2), t2.a on every running pixel (p0..p2). */
static void check_retire_temp_writes(void)
{
    us_retire_t r;
    vec4_t val[4];
    retire_values(val);
    check_true("step 0 runs", us_quad_step(&rig.q, &rig.sh, &r));
    check_record_common(&r, 0, 0x7, 0x7, 0x0, false);
    check_write_record("step 0 rgb temp", &r.temp[0], 1, (const uint8_t[4]){0x3, 0, 0x3, 0}, val);
    check_write_record("step 0 alpha temp", &r.temp[1], 2, (const uint8_t[4]){0x8, 0x8, 0x8, 0}, val);
    check_write_record("step 0 rgb out", &r.out[0], 0, NO_MASK, NO_VAL);
    check_write_record("step 0 alpha out", &r.out[1], 0, NO_MASK, NO_VAL);
    check_u32("step 0 W mask", r.w_mask, 0);
    check_no_pred_or_result(&r);
}

/* 1: o1.gb, o2.a and W on p0..p2. */
static void check_retire_out_writes(void)
{
    us_retire_t r;
    vec4_t val[4];
    retire_values(val);
    check_true("step 1 runs", us_quad_step(&rig.q, &rig.sh, &r));
    check_record_common(&r, 1, 0x7, 0x7, 0x0, false);
    check_write_record("step 1 rgb temp", &r.temp[0], 0, NO_MASK, NO_VAL);
    check_write_record("step 1 alpha temp", &r.temp[1], 0, NO_MASK, NO_VAL);
    check_write_record("step 1 rgb out", &r.out[0], 1, (const uint8_t[4]){0x6, 0x6, 0x6, 0}, val);
    check_write_record("step 1 alpha out", &r.out[1], 2, (const uint8_t[4]){0x8, 0x8, 0x8, 0}, val);
    check_u32("step 1 W mask", r.w_mask, 0x7);
    for (unsigned p = 0; p < 3; p++)
        check_u32("step 1 W value", r.w_val[p], val[p].c[3]);
    check_no_pred_or_result(&r);
}

/* 2: predicates r g (t3 = (-1, 1, 0 | p) < 0: r 1, g 0) and a (== 0: p0 only); ALU result a != 0: p1, p2. */
static void check_retire_predicate_writes(void)
{
    us_retire_t r;
    check_true("step 2 runs", us_quad_step(&rig.q, &rig.sh, &r));
    check_record_common(&r, 2, 0x7, 0x7, 0x0, false);
    check_write_record("step 2 rgb temp", &r.temp[0], 0, NO_MASK, NO_VAL);
    static const uint8_t new_bits[3] = {0x9, 0x1, 0x1};
    for (unsigned p = 0; p < 4; p++) {
        check_u32("step 2 predicate mask", r.pred_mask[p], p < 3 ? 0xB : 0);
        if (p < 3)
            check_u32("step 2 predicate bits written", r.pred_val[p] & 0xB, new_bits[p]);
    }
    check_u32("step 2 ALU-result mask", r.result_mask, 0x7);
    check_u32("step 2 ALU-result bits", r.result_val & 0x7, 0x6);
}

/* 3: TEXKILL kills p1; 4: LD to t5 on p0 and p2, the last instruction: the quad ends. */
static void check_retire_tex(void)
{
    us_retire_t r;
    check_true("step 3 runs", us_quad_step(&rig.q, &rig.sh, &r));
    check_record_common(&r, 3, 0x7, 0x5, 0x2, false);
    check_write_record("step 3 temp", &r.temp[0], 0, NO_MASK, NO_VAL);
    check_no_pred_or_result(&r);

    check_true("step 4 runs", us_quad_step(&rig.q, &rig.sh, &r));
    check_record_common(&r, 4, 0x5, 0x5, 0x2, true);
    const vec4_t tx[4] = {texel(2, 1), texel(2, 1), texel(2, 1), texel(2, 1)};
    check_write_record("step 4 tex temp", &r.temp[0], 5, (const uint8_t[4]){0xF, 0, 0xF, 0}, tx);
    check_write_record("step 4 alpha temp slot", &r.temp[1], 0, NO_MASK, NO_VAL);
    check_true("no step after the end", !us_quad_step(&rig.q, &rig.sh, &r));
}

/* The state the five steps leave: the records and the quad must agree. */
static void want_retire_final_state(void)
{
    static const uint8_t pred_after[4] = {0x9, 0x1, 0x1, 0x0};
    for (unsigned p = 0; p < 3; p++) {
        vec4_t v = retire_value(p);
        if (p != 1)
            want_temp(p, 1, 0x3, v);
        want_temp(p, 2, 0x8, v);
        want_out(1, p, 0x6, v);
        want_out(2, p, 0x8, v);
        want_w(p, v.c[3]);
        if (p != 1)
            want_temp(p, 5, 0xF, texel(2, 1));
    }
    for (unsigned p = 0; p < 4; p++)
        rig.want.pred[p] = pred_after[p];
    rig.want.alu_result = 0x6;
    rig.want.killed = 0x2;
}

static void test_retire_record(void)
{
    if (!load("retire record",
              "alu rgb: mad t1.rg, src0.rgb" TIMES1_RGB " alpha: mad t2.a, src0.a" TIMES1_A " src0=t0 rgb_pred=rrrr\n"
              "out rgb: mad o1.gb, src0.rgb" TIMES1_RGB " alpha: mad o2.a+w, src0.a" TIMES1_A " src0=t0\n"
              "alu rgb: cmp.off p.rg.lt, src0.rgb" PASS_RGB " alpha: cmp.off p.a.eq, src0.a" PASS_A "\n"
              "    src0=t3 result=a.ne\n"
              "tex texkill t0._, t4.rgba, tex0\n"
              "tex ld t5.rgba, t6.rgba, tex0\n"))
        return;
    define_texture(0, 4, 2);
    start_quad(0xF);
    set_killed_inactive(0, 0x8); /* p3 does not run */
    set_pred(0, 0x1);
    set_pred(1, 0x0);
    set_pred(2, 0x1);
    for (unsigned p = 0; p < 4; p++) {
        set_temp(p, 0, retire_value(p));
        set_temp(p, 3, VF(-1, 1, 0, p));
        set_temp(p, 4, VF(1, 1, 1, p == 1 ? -1 : 1)); /* kills p1 */
        set_temp(p, 6, VF(0.625, 0.75, 0, 0));        /* texel (2, 1) */
    }
    check_retire_temp_writes();
    check_retire_out_writes();
    check_retire_predicate_writes();
    check_retire_tex();
    want_retire_final_state();
    compare_state();
}

/* ---------------------------------------------------------------------------------------------------------- */

int main(void)
{
    /* ops */
    test_mad();
    test_dp3_and_alpha_dp();
    test_dp4();
    test_d2a();
    test_min_max();
    test_cnd_cmp();
    test_frc();
    test_sop();
    test_mdh();
    test_mdv();
    test_reads_before_writes();
    test_alpha_mad();
    test_transcendentals();
    test_reserved_ops();
    /* operands */
    test_swizzles();
    test_input_modifiers();
    test_rgb_alpha_address_rule();
    test_constants();
    test_relative_addressing();
    test_presubtract();
    /* output modifiers */
    test_omod_scales();
    test_omod_off();
    test_clamp();
    test_us_config();
    /* writes */
    test_write_masks();
    test_outputs();
    test_w_omask_on_alu();
    test_predicate_compares();
    test_predicate_partial();
    test_predicated_writes();
    test_alu_result_ops();
    test_alu_result_gating();
    test_alu_result_clamped();
    test_write_inactive();
    test_masked_pixels();
    /* TEX */
    test_texkill_values();
    test_texkill_pixels();
    test_ld_scaled();
    test_ld_unscaled_and_npot();
    test_proj();
    test_tex_swizzles_and_masks();
    test_tex_relative_and_pixels();
    /* retire record */
    test_retire_record();

    printf("test_alu_semantics: %u checks, %u failures\n", n_checks, n_failures);
    return n_failures ? 1 : 0;
}
