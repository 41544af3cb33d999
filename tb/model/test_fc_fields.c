/* Every flow-control field outside Mesa's patterns, and the error states, against docs/spec.md.
 *
 * Each case assembles a small program, runs it on every pattern of per-pixel inputs that matters, and compares
 * per pixel what the spec's words say must happen (written out by hand in C below, never taken from the model):
 * the vote (JUMP_FUNC over ALU result, predicate and bool constant, JUMP_ANY, IGNORE_UNCOVERED), INCR/DECR,
 * CALL/RET through the address stack, REP/ENDREP/BREAKREP, merged ENDIFs (B_POP_CNT > 1), KR = 0, aL from KG/KB
 * through relative addressing, JUMP_GLOBAL with US_CODE_OFFSET, B_ELSE with B_OP0, WRITE_INACTIVE, LAST, killed
 * pixels in loops, and every error flag (each must end the quad with exactly that flag, never hang).
 * usage: test_fc_fields [seed] */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_rng.h"
#include "isa/us_asm.h"
#include "golden/us_model.h"

#define MAX_STEPS 2000000u /* the harness's own bound: a hang is a failure, not a stuck test */
#define MAX_REPORTS 10u
#define ACC_T 120u /* the accumulator temporary r of most programs */

static us_program_t program;
static us_shader_t shader;
static us_quad_t quad;
static unsigned ncases, runs, checks, failures, reports;
static const char *current_case = "";

static void fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void fail(const char *fmt, ...)
{
    failures++;
    if (reports++ >= MAX_REPORTS)
        return;
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s: ", current_case);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

static uint32_t f2u(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

static float u2f(uint32_t u)
{
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

static void check(bool ok, const char *what, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void check(bool ok, const char *what, const char *fmt, ...)
{
    checks++;
    if (ok)
        return;
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    fail("%s: %s", what, msg);
}

static void check_u64(const char *what, const char *field, uint64_t got, uint64_t want)
{
    check(got == want, what, "%s is %llu (0x%llx), expected %llu (0x%llx)", field, (unsigned long long)got,
          (unsigned long long)got, (unsigned long long)want, (unsigned long long)want);
}

/* ---------------------------------------------------------------- harness */

static void begin_case(const char *name)
{
    current_case = name;
    reports = 0;
    ncases++;
}

/* c_k = (k, k, k, k) for every constant, loaded through the port (TYPE 1 = constants). */
static void load_constants(void)
{
    us_shader_write(&shader, GA_US_VECTOR_INDEX_ADDR, 1u << GA_US_VECTOR_INDEX_TYPE_LO);
    for (unsigned k = 0; k < US_NCONST; k++)
        for (unsigned c = 0; c < 4; c++)
            us_shader_write(&shader, GA_US_VECTOR_DATA_ADDR, f2u((float)k));
}

static bool assemble(const char *src)
{
    char err[512];
    if (us_asm(src, current_case, &program, err, sizeof err) == 0)
        return true;
    fail("does not assemble: %s", err);
    return false;
}

/* Assembles and loads at slot 0 with default parameters, constants c_k = k. */
static bool setup(const char *src)
{
    if (!assemble(src))
        return false;
    us_shader_init(&shader);
    us_shader_load_program(&shader, &program);
    load_constants();
    return true;
}

static void set_int_const(unsigned i, unsigned kr, unsigned kg, int kb)
{
    uint32_t v = (kr & 0xFFu) | (kg & 0xFFu) << 8 | ((uint32_t)kb & 0xFFu) << 16;
    us_shader_write(&shader, US_FC_INT_CONST_ADDR + 4u * i, v);
}

static void start(uint8_t covered)
{
    us_quad_init(&quad, &shader, covered, 0);
    runs++;
}

static void set_temp(unsigned p, unsigned t, float r, float g, float b, float a)
{
    quad.temp[p][t][0] = f2u(r), quad.temp[p][t][1] = f2u(g), quad.temp[p][t][2] = f2u(b), quad.temp[p][t][3] = f2u(a);
}

static float temp(unsigned p, unsigned t, unsigned c)
{
    return u2f(quad.temp[p][t][c]);
}

/* Runs to the end within the harness bound; a hang is reported as a failure. */
static bool run(const char *what)
{
    for (unsigned n = 0; n < MAX_STEPS; n++)
        if (!us_quad_step(&quad, &shader, NULL))
            return true;
    check(false, what, "did not end within %u steps", MAX_STEPS);
    return false;
}

static void check_errors(const char *what, uint32_t want)
{
    check(quad.done, what, "quad not ended");
    check(quad.errors == want, what, "error flags 0x%x, expected 0x%x", quad.errors, want);
}

/* Render target 0 of pixel p: exactly the channels in want_mask written, each with want[c]. */
static void check_out(const char *what, unsigned p, uint8_t want_mask, const float want[4])
{
    check(quad.out_written[0][p] == want_mask, what, "pixel %u: o0 channels written 0x%x, expected 0x%x", p,
          quad.out_written[0][p], want_mask);
    for (unsigned c = 0; c < 4; c++)
        if (want_mask >> c & 1u)
            check(quad.out[0][p][c] == f2u(want[c]), what, "pixel %u o0.%c = %g, expected %g", p, "rgba"[c],
                  (double)u2f(quad.out[0][p][c]), (double)want[c]);
}

/* Marks: o0 channels written as 1.0, one per reached point of a program. */
static void check_marks(const char *what, unsigned p, uint8_t want_mask)
{
    static const float ones[4] = {1, 1, 1, 1};
    check_out(what, p, want_mask, ones);
}

static void check_temp(const char *what, unsigned p, unsigned t, unsigned c, float want)
{
    check(quad.temp[p][t][c] == f2u(want), what, "pixel %u t%u.%c = %g, expected %g", p, t, "rgba"[c],
          (double)temp(p, t, c), (double)want);
}

/* A pixel's condition value: nonzero (odd pixels negative) for a true "!= 0", else +0. */
static float truth(bool bit, unsigned p)
{
    return bit ? (p & 1u ? -3.0f : 3.0f) : 0.0f;
}

#define MARK(ch) "    out rgb: mad o0." #ch ", src0.111, src0.111, src0.000\n"
#define ACC(ch, k) "    alu rgb: mad t120." #ch ", src0.rgb, src0.111, src1.rgb  src0=t120 src1=c" #k "\n"
#define ACC_A(k) "    alu alpha: mad t120.a, src0.a, src0.1, src1.a  src0=t120 src1=c" #k "\n"
#define INC(t) "    alu rgb: mad t" #t ".r, src0.rgb, src0.111, src0.111  src0=t" #t "\n"
#define RESULT_NE(t) "    alu rgb: mad _, src0.rgb, src0.111, src0.000  src0=t" #t "  result=r.ne\n"
#define RESULT(op, a, b)                                                                                          \
    "    alu rgb: mad _, src0.rgb, src0.111, -src1.rgb  src0=t" #a " src1=t" #b "  result=r." #op "\n"
#define OUT_ACC                                                                                                    \
    "    out rgb: mad o0.rgb, src0.rgb, src0.111, src0.000  alpha: mad o0.a, src0.a, src0.1, src0.0  src0=t120\n"
#define W " alu_wait\n"

static void check_acc_out(const char *what, unsigned p, float r, float g, float b, float a)
{
    const float want[4] = {r, g, b, a};
    check_out(what, p, 0xF, want);
}

/* ---------------------------------------------------------------- the vote */

typedef struct vote_cfg {
    unsigned func, bool_addr, pred_sel; /* pred_sel: 0 none, 2..5 rrrr..aaaa */
    uint32_t bool_const;
    bool pred_inv, any, ign;
    uint8_t covered;
    uint8_t pred[US_NPIX]; /* predicate bits r g b a */
    bool result[US_NPIX];  /* ALU result */
} vote_cfg_t;

static const char *const pred_names[6] = {"none", "rgba", "rrrr", "gggg", "bbbb", "aaaa"};

/* docs/spec.md 4, step 2: want[p] = JUMP_FUNC bit (alu << 2 | predicate << 1 | bool); all pixels run. */
static uint8_t want_mask(const vote_cfg_t *c)
{
    unsigned b = c->bool_const >> c->bool_addr & 1u;
    uint8_t want = 0;
    for (unsigned p = 0; p < US_NPIX; p++) {
        unsigned pred = (c->pred_sel ? c->pred[p] >> (c->pred_sel - 2u) & 1u : 0u) ^ c->pred_inv;
        unsigned idx = (unsigned)c->result[p] << 2 | pred << 1 | b;
        want |= (uint8_t)((c->func >> idx & 1u) << p);
    }
    return want;
}

static bool decision(uint8_t want, uint8_t voters, bool any)
{
    return any ? (want & voters) != 0 : voters == 0 || (want & voters) == voters;
}

static void random_vote(vote_cfg_t *c, unsigned func)
{
    static const unsigned sels[5] = {0, 2, 3, 4, 5};
    c->func = func;
    c->bool_addr = rnd() % 32u;
    c->bool_const = rnd();
    c->pred_sel = sels[rnd() % 5u];
    c->pred_inv = rnd() & 1u;
    c->any = rnd() & 1u;
    c->ign = rnd() & 1u;
    c->covered = (uint8_t)(rnd() & 0xFu);
    for (unsigned p = 0; p < US_NPIX; p++) {
        c->pred[p] = (uint8_t)(rnd() & 0xFu);
        c->result[p] = rnd() & 1u;
    }
}

/* Predicates from t0 (!= 0 per channel), ALU result from t1.r; a JUMP with INCR both ways; o0.r marks the
 * fall-through path, o0.g the target, o0.b the point after the ENDIF that brings everyone back. */
static void vote_program(const vote_cfg_t *c, char *buf, size_t size)
{
    snprintf(buf, size,
             "    alu rgb: mad p.rgb.ne, src0.rgb, src0.111, src0.000  alpha: mad p.a.ne, src0.a, src0.1, src0.0"
             "  src0=t0\n" RESULT_NE(1)
             "    fc jump SKIP func=0x%02x bool=%u rgb_pred=%s%s b0=incr b1=incr%s%s alu_wait\n" MARK(r)
             "SKIP:\n" MARK(g) "    endif" W MARK(b),
             c->func, c->bool_addr, c->pred_inv ? "!" : "", pred_names[c->pred_sel], c->any ? " any" : "",
             c->ign ? " ign_unc" : "");
}

static void vote_run(const vote_cfg_t *c)
{
    char src[1024], what[160];
    vote_program(c, src, sizeof src);
    if (!setup(src))
        return;
    us_shader_write(&shader, US_FC_BOOL_CONST_ADDR, c->bool_const);
    start(c->covered);
    for (unsigned p = 0; p < US_NPIX; p++) {
        set_temp(p, 0, (float)(c->pred[p] & 1u), (float)(c->pred[p] >> 1 & 1u), (float)(c->pred[p] >> 2 & 1u),
                 (float)(c->pred[p] >> 3 & 1u));
        set_temp(p, 1, c->result[p] ? 2.0f : 0.0f, 0, 0, 0);
    }
    snprintf(what, sizeof what, "func=0x%02x bool%u=%u pred=%s%s any=%d ign=%d covered=0x%x", c->func, c->bool_addr,
             c->bool_const >> c->bool_addr & 1u, c->pred_inv ? "!" : "", pred_names[c->pred_sel], c->any, c->ign,
             c->covered);
    if (!run(what))
        return;
    uint8_t want = want_mask(c), voters = (uint8_t)(c->ign ? c->covered : 0xFu);
    bool jump = decision(want, voters, c->any);
    check_errors(what, 0);
    check_u64(what, "retired", quad.retired, jump ? 6 : 7);
    for (unsigned p = 0; p < US_NPIX; p++) {
        bool wants = want >> p & 1u;
        /* INCR: a pixel whose wish disagrees with the quad waits (INACTIVE) until the ENDIF */
        uint8_t marks = (uint8_t)((!jump && !wants ? 1u : 0u) | (wants == jump ? 2u : 0u) | 4u);
        check_marks(what, p, marks);
    }
}

static void case_vote(void)
{
    begin_case("vote: JUMP_FUNC x ALU result x predicate x bool, JUMP_ANY, IGNORE_UNCOVERED, INCR both ways");
    vote_cfg_t c;
    for (unsigned func = 0; func < 256; func++)
        for (unsigned k = 0; k < 12; k++) {
            random_vote(&c, func);
            vote_run(&c);
        }
}

/* ---------------------------------------------------------------- predicates as IF conditions */

/* p.rgb from t0.rgb < 0, p.a from t0.a >= 0; the ALU result and bool are set at random and must not matter. */
static void pred_if_run(unsigned sel, bool inverted, unsigned pattern)
{
    char src[1024], what[96];
    snprintf(src, sizeof src,
             "    alu rgb: mad p.rgb.lt, src0.rgb, src0.111, src0.000  alpha: mad p.a.ge, src0.a, src0.1, src0.0"
             "  src0=t0\n" RESULT_NE(1)
             "    fc jump ELSE func=%s rgb_pred=%s%s b0=incr b1=incr alu_wait\n" MARK(r)
             "    else ENDIF" W "ELSE:\n" MARK(g) "    endif" W "ENDIF:\n" MARK(b),
             inverted ? "0xcc" : "0x33", inverted ? "!" : "", pred_names[sel]);
    if (!setup(src))
        return;
    us_shader_write(&shader, US_FC_BOOL_CONST_ADDR, rnd());
    start(0xF);
    unsigned ch = sel - 2u;
    bool any_then = false, any_else = false;
    for (unsigned p = 0; p < US_NPIX; p++) {
        bool bit = pattern >> p & 1u;
        float v[4];
        for (unsigned c = 0; c < 4; c++) {
            bool b = c == ch ? bit : (rnd() & 1u);
            v[c] = c < 3 ? (b ? -1.0f - (float)p : 2.0f + (float)p) : (b ? 3.0f : -3.0f);
        }
        set_temp(p, 0, v[0], v[1], v[2], v[3]);
        set_temp(p, 1, (float)(rnd() & 1u), 0, 0, 0);
        bit ? (any_then = true) : (any_else = true);
    }
    snprintf(what, sizeof what, "if (%s%s) pattern=0x%x", inverted ? "!!" : "", pred_names[sel], pattern);
    if (!run(what))
        return;
    check_errors(what, 0);
    check_u64(what, "retired", quad.retired, 3 + (any_then ? 2 : 0) + (any_else ? 2 : 0) + 1);
    for (unsigned p = 0; p < US_NPIX; p++)
        check_marks(what, p, (uint8_t)((pattern >> p & 1u ? 1u : 2u) | 4u));
}

static void case_pred_if(void)
{
    begin_case("predicate IF/ELSE: rgb_pred=rrrr..aaaa with func 0x33, and inverted with func 0xcc");
    for (unsigned sel = 2; sel <= 5; sel++)
        for (unsigned inv = 0; inv < 2; inv++)
            for (unsigned pattern = 0; pattern < 16; pattern++)
                pred_if_run(sel, inv, pattern);
}

/* ---------------------------------------------------------------- bool constants */

static void bool_run(unsigned n, bool set, bool aa, bool any)
{
    char src[512], what[96];
    snprintf(src, sizeof src, RESULT_NE(1) "    fc jump L func=%s bool=%u%s alu_wait\n" MARK(r) "L:\n" MARK(g),
             aa ? "0xaa" : "0x55", n, any ? " any" : "");
    if (!setup(src))
        return;
    /* every other bit the opposite way, so reading the wrong bit shows */
    us_shader_write(&shader, US_FC_BOOL_CONST_ADDR, set ? 1u << n : ~(1u << n));
    start(0xF);
    for (unsigned p = 0; p < US_NPIX; p++)
        set_temp(p, 1, (float)(rnd() & 1u), 0, 0, 0);
    snprintf(what, sizeof what, "func=%s bool%u=%d any=%d", aa ? "0xaa" : "0x55", n, set, any);
    if (!run(what))
        return;
    bool jump = aa ? set : !set;
    check_errors(what, 0);
    check_u64(what, "retired", quad.retired, jump ? 3 : 4);
    for (unsigned p = 0; p < US_NPIX; p++)
        check_marks(what, p, jump ? 2u : 3u);
}

static void case_bool(void)
{
    begin_case("bool constants: func 0xaa jumps iff bit BOOL_ADDR is set, 0x55 iff clear");
    static const unsigned addrs[] = {0, 1, 5, 17, 31};
    for (unsigned i = 0; i < 5; i++)
        for (unsigned set = 0; set < 2; set++)
            for (unsigned aa = 0; aa < 2; aa++)
                for (unsigned any = 0; any < 2; any++)
                    bool_run(addrs[i], set, aa, any);
}

/* ---------------------------------------------------------------- JUMP_ANY vs ALL, no branch op */

static void any_all_run(unsigned pattern, bool any, bool ign, uint8_t covered)
{
    char src[512], what[96];
    snprintf(src, sizeof src, RESULT_NE(1) "    fc jump L func=0xf0%s%s alu_wait\n" MARK(r) "L:\n" MARK(g),
             any ? " any" : "", ign ? " ign_unc" : "");
    if (!setup(src))
        return;
    start(covered);
    for (unsigned p = 0; p < US_NPIX; p++)
        set_temp(p, 1, truth(pattern >> p & 1u, p), 0, 0, 0);
    snprintf(what, sizeof what, "want=0x%x any=%d ign=%d covered=0x%x", pattern, any, ign, covered);
    if (!run(what))
        return;
    /* without a branch op nobody is left behind: every pixel follows the quad */
    bool jump = decision((uint8_t)pattern, ign ? covered : 0xFu, any);
    check_errors(what, 0);
    check_u64(what, "retired", quad.retired, jump ? 3 : 4);
    for (unsigned p = 0; p < US_NPIX; p++)
        check_marks(what, p, jump ? 2u : 3u);
}

static void case_any_all(void)
{
    begin_case("JUMP_ANY vs ALL with divergent pixels (and no voters)");
    for (unsigned pattern = 0; pattern < 16; pattern++)
        for (unsigned mode = 0; mode < 4; mode++)
            for (unsigned covered = 0; covered < 16; covered++)
                any_all_run(pattern, mode & 1u, mode >> 1, (uint8_t)covered);
}

/* ---------------------------------------------------------------- CALL / RET */

static void case_call_ret(void)
{
    begin_case("CALL/RET: jump with push, jump with pop, two call sites, then nested calls");
    static const char flat[] =
        "    fc jump SUB func=0xff push" W /* 0 */
        ACC(g, 1)                          /* 1 */
        "    fc jump SUB func=0xff push" W /* 2 */
        ACC(b, 1)                          /* 3 */
        "    fc jump END func=0xff" W      /* 4 */
        "SUB:\n" ACC(r, 1)                 /* 5 */
        "    alu rgb: mad t120.g, src0.rgb, src1.rgb, src0.000  src0=t120 src1=2.0\n" /* 6: g *= 2 */
        "    fc jump 0 func=0xff pop" W    /* 7 */
        "END:\n" OUT_ACC;                  /* 8 */
    if (setup(flat)) {
        start(0xF);
        if (run("two calls")) {
            check_errors("two calls", 0);
            /* 0 5 6 7 1 2 5 6 7 3 4 8 */
            check_u64("two calls", "retired", quad.retired, 12);
            check_u64("two calls", "address stack depth", quad.addr_sp, 0);
            for (unsigned p = 0; p < US_NPIX; p++)
                check_acc_out("two calls", p, 2, 2, 1, 0); /* g: (0*2 + 1) * 2 */
        }
    }
    static const char nested[] =
        "    fc jump S1 func=0xff push" W  /* 0 */
        "    fc jump S1 func=0xff push" W  /* 1 */
        "    fc jump END func=0xff" W      /* 2 */
        "S1:\n" ACC(r, 1)                  /* 3 */
        "    fc jump S2 func=0xff push" W  /* 4 */
        "    fc jump S2 func=0xff push" W  /* 5 */
        "    fc jump 0 func=0xff pop" W    /* 6 */
        "S2:\n" ACC(g, 1)                  /* 7 */
        "    fc jump 0 func=0xff pop" W    /* 8 */
        "END:\n" OUT_ACC;                  /* 9 */
    if (setup(nested)) {
        start(0xF);
        if (run("nested calls")) {
            check_errors("nested calls", 0);
            /* main 0,1,2,9 + per S1 call (3 4 5 6 + two S2 calls of 2) = 4 + 2 * 8 */
            check_u64("nested calls", "retired", quad.retired, 20);
            check_u64("nested calls", "address stack depth", quad.addr_sp, 0);
            for (unsigned p = 0; p < US_NPIX; p++)
                check_acc_out("nested calls", p, 2, 4, 0, 0);
        }
    }
}

/* A conditional call as the CTM describes it: CALL with JUMP_ANY and INCR on the jump leaves the pixels that do
 * not call INACTIVE(0); RET with DECR brings them back. */
static void case_conditional_call(void)
{
    begin_case("conditional CALL/RET with branch counters");
    static const char src[] =
        RESULT_NE(1)                                   /* 0 */
        "    fc jump SUB func=0xf0 any push b1=incr" W /* 1 */
        MARK(g)                                        /* 2 */
        "    fc jump END func=0xff" W                  /* 3 */
        "SUB:\n" MARK(r)                               /* 4 */
        "    fc jump 0 func=0xff any pop b1=decr popcnt=1" W /* 5 */
        "END:\n" MARK(b);                              /* 6 */
    if (!setup(src))
        return;
    for (unsigned pattern = 0; pattern < 16; pattern++) {
        char what[32];
        snprintf(what, sizeof what, "callers=0x%x", pattern);
        start(0xF);
        for (unsigned p = 0; p < US_NPIX; p++)
            set_temp(p, 1, truth(pattern >> p & 1u, p), 0, 0, 0);
        if (!run(what))
            continue;
        check_errors(what, 0);
        check_u64(what, "retired", quad.retired, pattern ? 7 : 5); /* no caller: the CALL does not jump */
        check_u64(what, "address stack depth", quad.addr_sp, 0);
        for (unsigned p = 0; p < US_NPIX; p++)
            check_marks(what, p, (uint8_t)((pattern >> p & 1u) | 6u));
    }
}

/* ---------------------------------------------------------------- REP / ENDREP / BREAKREP */

static void case_rep(void)
{
    begin_case("REP/ENDREP inside LOOP: KR iterations, aL of the enclosing loop, no step");
    static const char src[] =
        "    loop OEND int=1" W
        "OBODY:\n"
        "    fc rep REND int=2" W
        "RBODY:\n"
        "    alu rgb: mad t[aL+0].r, src0.rgb, src0.111, src0.111  src0=t[aL+0]\n" /* t[aL].r += 1 */
        ACC(g, 1)
        "REND:\n"
        "    fc endrep RBODY func=0xff any int=2" W
        "OEND:\n"
        "    endloop OBODY int=1" W
        "    fc rep REND2 int=3" W
        "RBODY2:\n"
        "    alu rgb: mad t[aL+0].b, src0.rgb, src0.111, src0.111  src0=t[aL+0]\n" /* top level: aL = 0 */
        "REND2:\n"
        "    fc endrep RBODY2 func=0xff any int=3" W
        OUT_ACC;
    if (!setup(src))
        return;
    set_int_const(1, 3, 5, 10); /* aL = 5, 15, 25 */
    set_int_const(2, 2, 99, 7); /* REP ignores KG and KB */
    set_int_const(3, 4, 50, 1);
    start(0xF);
    if (!run("rep"))
        return;
    check_errors("rep", 0);
    /* LOOP + 3 x (REP + 2 x 3 + ENDLOOP) + REP + 4 x 2 + OUT */
    check_u64("rep", "retired", quad.retired, 1 + 3 * 8 + 1 + 8 + 1);
    for (unsigned p = 0; p < US_NPIX; p++) {
        for (unsigned t = 0; t < 64; t++) {
            bool looped = t == 5 || t == 15 || t == 25;
            check_temp("rep", p, t, 0, looped ? 2.0f : 0.0f);
            check_temp("rep", p, t, 2, t == 0 ? 4.0f : 0.0f);
        }
        check_acc_out("rep", p, 0, 6, 0, 0);
    }
}

/* BREAKREP: per pixel through an IF (as Mesa's BRK), and uniform through a bool constant. */
static void breakrep_run(const unsigned n[US_NPIX], unsigned kr)
{
    static const char src[] =
        "    fc rep END int=3" W
        "BODY:\n" RESULT(ge, 9, 1)
        "    if N1" W
        "    fc breakrep EXIT func=0xff b1=decr popcnt=1 ign_unc" W
        "    endif" W
        "N1:\n" ACC(r, 1) INC(9)
        "END:\n"
        "    fc endrep BODY func=0xff any int=3" W
        "EXIT:\n" OUT_ACC;
    char what[64];
    snprintf(what, sizeof what, "kr=%u n=[%u %u %u %u]", kr, n[0], n[1], n[2], n[3]);
    if (!setup(src))
        return;
    set_int_const(3, kr, 0, 0);
    start(0xF);
    for (unsigned p = 0; p < US_NPIX; p++)
        set_temp(p, 1, (float)n[p], 0, 0, 0);
    if (!run(what))
        return;
    check_errors(what, 0);
    for (unsigned p = 0; p < US_NPIX; p++)
        check_acc_out(what, p, (float)(n[p] < kr ? n[p] : kr), 0, 0, 0);
}

static void breakrep_bool_run(bool set)
{
    static const char src[] =
        "    fc rep END int=3" W
        "BODY:\n" ACC(r, 1)
        "    fc breakrep EXIT func=0xaa bool=5 b1=decr popcnt=0" W
        ACC(g, 1)
        "END:\n"
        "    fc endrep BODY func=0xff any int=3" W
        "EXIT:\n" OUT_ACC;
    const char *what = set ? "bool 5 set" : "bool 5 clear";
    if (!setup(src))
        return;
    set_int_const(3, 4, 0, 0);
    us_shader_write(&shader, US_FC_BOOL_CONST_ADDR, set ? 1u << 5 : ~(1u << 5));
    start(0xF);
    if (!run(what))
        return;
    check_errors(what, 0);
    check_u64(what, "retired", quad.retired, set ? 4 : 1 + 4 * 4 + 1);
    for (unsigned p = 0; p < US_NPIX; p++)
        check_acc_out(what, p, set ? 1 : 4, set ? 0 : 4, 0, 0);
}

static void case_breakrep(void)
{
    begin_case("BREAKREP: per pixel inside an IF, and on a bool constant");
    static const unsigned nval[4] = {0, 2, 5, 9};
    static const unsigned krs[2] = {6, 1};
    for (unsigned k = 0; k < 2; k++)
        for (unsigned combo = 0; combo < 256; combo++) {
            const unsigned n[US_NPIX] = {nval[combo & 3u], nval[combo >> 2 & 3u], nval[combo >> 4 & 3u],
                                         nval[combo >> 6]};
            breakrep_run(n, krs[k]);
        }
    breakrep_bool_run(true);
    breakrep_bool_run(false);
}

/* ---------------------------------------------------------------- merged ENDIFs: B_POP_CNT > 1 */

/* The CTM's form: each IF jumps straight past the one merged ENDIF with B_OP1 DECR; the ENDIF pops all levels.
 * IF k (k = 0 outermost) must DECR by k on its jump, the number of the construct's IFs that incremented the
 * pixels already inactive, and the ENDIF by the number of IFs. `base` adds to every popcnt: 1 is the CTM's count
 * of nesting levels from 1, which only works when no pixel was inactive before the construct (top level). */
static void merged_program(char *buf, size_t size, bool in_outer_if, unsigned base)
{
    snprintf(buf, size,
             "%s" RESULT_NE(1)
             "    fc jump MERGED func=0x0f b0=incr b1=decr popcnt=%u" W ACC(r, 1) RESULT_NE(2)
             "    fc jump MERGED func=0x0f b0=incr b1=decr popcnt=%u" W ACC(r, 2) RESULT_NE(3)
             "    fc jump MERGED func=0x0f b0=incr b1=decr popcnt=%u" W ACC(r, 4)
             "    fc jump MERGED func=0x00 any b0=decr popcnt=3" W "MERGED:\n" ACC(g, 1) "%s" ACC(b, 1) OUT_ACC,
             in_outer_if ? RESULT_NE(4) "    if OUTER" W : "", base, base + 1u, base + 2u,
             in_outer_if ? "    endif" W "OUTER:\n" : "");
}

static void merged_expect(unsigned bits, bool in_outer_if, float r[3])
{
    bool e = !in_outer_if || (bits >> 3 & 1u), c1 = bits & 1u, c2 = bits >> 1 & 1u, c3 = bits >> 2 & 1u;
    r[0] = r[1] = r[2] = 0;
    if (e) {
        if (c1) {
            r[0] += 1;
            if (c2) {
                r[0] += 2;
                if (c3)
                    r[0] += 4;
            }
        }
        r[1] += 1;
    }
    r[2] += 1;
}

static void merged_run(bool in_outer_if, unsigned base)
{
    char src[2048], what[64];
    merged_program(src, sizeof src, in_outer_if, base);
    if (!setup(src))
        return;
    unsigned per_pixel = in_outer_if ? 16u : 8u;
    for (unsigned combo = 0; combo < per_pixel * per_pixel * per_pixel * per_pixel; combo++) {
        unsigned bits[US_NPIX];
        start(0xF);
        for (unsigned p = 0, c = combo; p < US_NPIX; p++, c /= per_pixel) {
            bits[p] = c % per_pixel;
            for (unsigned k = 0; k < 4; k++)
                set_temp(p, k + 1u, truth(bits[p] >> k & 1u, p), 0, 0, 0);
        }
        snprintf(what, sizeof what, "%s bits=[%x %x %x %x]", in_outer_if ? "in IF" : "top", bits[0], bits[1],
                 bits[2], bits[3]);
        if (!run(what))
            continue;
        check_errors(what, 0);
        for (unsigned p = 0; p < US_NPIX; p++) {
            float r[3];
            merged_expect(bits[p], in_outer_if, r);
            check_acc_out(what, p, r[0], r[1], r[2], 0);
        }
    }
}

static void case_merged_endif(void)
{
    begin_case("B_POP_CNT > 1: three IFs jumping past one merged ENDIF (popcnt 3)");
    merged_run(true, 0);
    merged_run(false, 1);
}

/* ---------------------------------------------------------------- KR = 0, and a LOOP the vote skips */

static void case_kr_zero(void)
{
    begin_case("KR = 0: LOOP and REP skipped (jump to their end, which pops the empty frame)");
    static const char src[] =
        ACC(r, 1)
        "    loop END int=4" W
        "BODY:\n" ACC(g, 1)
        "    alu rgb: mad t[aL+0].b, src0.111, src0.111, src0.000\n"
        "END:\n"
        "    endloop BODY int=4" W
        "    fc rep REND int=4" W
        "RBODY:\n" ACC(g, 1)
        "REND:\n"
        "    fc endrep RBODY func=0xff any int=4" W
        "    alu rgb: mad t[aL+1].b, src0.111, src0.111, src0.000\n" /* aL back to 0: writes t1 */
        OUT_ACC;
    if (!setup(src))
        return;
    set_int_const(4, 0, 7, 3);
    start(0xF);
    if (!run("kr=0"))
        return;
    check_errors("kr=0", 0);
    check_u64("kr=0", "retired", quad.retired, 7);
    check_u64("kr=0", "loop stack depth", quad.loop_sp, 0);
    for (unsigned p = 0; p < US_NPIX; p++) {
        check_acc_out("kr=0", p, 1, 0, 0, 0);
        check_temp("kr=0", p, 7, 2, 0);
        check_temp("kr=0", p, 1, 2, 1);
    }
}

/* LOOP with a vote: the loop is skipped when the decision says jump (JUMP_ANY = 0: every pixel wants). */
static void case_loop_vote(void)
{
    begin_case("LOOP skipped by its vote (func 0xf0, all pixels want)");
    static const char src[] =
        RESULT_NE(1)
        "    fc loop END func=0xf0 int=4" W
        "BODY:\n" ACC(r, 1)
        "END:\n"
        "    fc endloop BODY func=0xff any int=4" W
        OUT_ACC;
    if (!setup(src))
        return;
    set_int_const(4, 3, 0, 0);
    for (unsigned pattern = 0; pattern < 16; pattern++) {
        char what[32];
        snprintf(what, sizeof what, "want=0x%x", pattern);
        start(0xF);
        for (unsigned p = 0; p < US_NPIX; p++)
            set_temp(p, 1, truth(pattern >> p & 1u, p), 0, 0, 0);
        if (!run(what))
            continue;
        bool skipped = pattern == 0xFu;
        check_errors(what, 0);
        check_u64(what, "retired", quad.retired, skipped ? 4 : 2 + 3 * 2 + 1);
        for (unsigned p = 0; p < US_NPIX; p++)
            check_acc_out(what, p, skipped ? 0 : 3, 0, 0, 0);
    }
}

/* ---------------------------------------------------------------- aL from KG / KB, relative addressing */

typedef struct al_cfg {
    unsigned kr, kg;
    int kb;
} al_cfg_t;

/* The meaning, per pixel: each iteration t[aL].rgb = t[aL+1].rgb + c[aL+2], t[aL+5].a = t[aL+1].a + c[aL+2],
 * then t120.r += c[aL] (= aL); aL = KG + k KB in 8 bits, temporaries mod 128, constants mod 256. */
static void al_meaning(const al_cfg_t *c, float t[US_NTEMP][4])
{
    for (unsigned k = 0; k < c->kr; k++) {
        unsigned al = (c->kg + k * (unsigned)c->kb) & 0xFFu;
        float src[4], konst = (float)((al + 2u) & 0xFFu);
        memcpy(src, t[(al + 1u) % US_NTEMP], sizeof src);
        for (unsigned ch = 0; ch < 3; ch++)
            t[al % US_NTEMP][ch] = src[ch] + konst;
        t[(al + 5u) % US_NTEMP][3] = src[3] + konst;
        t[ACC_T][0] += (float)al;
    }
}

static void al_run(const al_cfg_t *c)
{
    static const char src[] =
        "    loop END int=1" W
        "BODY:\n"
        "    alu rgb: mad t[aL+0].rgb, src0.rgb, src0.111, src1.rgb  alpha: mad t[aL+5].a, src0.a, src0.1, src1.a"
        "  src0=t[aL+1] src1=c[aL+2]\n"
        "    alu rgb: mad t120.r, src0.rgb, src0.111, src1.rgb  src0=t120 src1=c[aL+0]\n"
        "END:\n"
        "    endloop BODY int=1" W
        OUT_ACC;
    static float want[US_NPIX][US_NTEMP][4];
    char what[64];
    snprintf(what, sizeof what, "KR=%u KG=%u KB=%d", c->kr, c->kg, c->kb);
    if (!setup(src))
        return;
    set_int_const(1, c->kr, c->kg, c->kb);
    start(0xF);
    for (unsigned p = 0; p < US_NPIX; p++)
        for (unsigned t = 0; t < US_NTEMP; t++) {
            for (unsigned ch = 0; ch < 4; ch++)
                want[p][t][ch] = t == ACC_T ? 0.0f : (float)(rnd() % 64u);
            set_temp(p, t, want[p][t][0], want[p][t][1], want[p][t][2], want[p][t][3]);
        }
    if (!run(what))
        return;
    check_errors(what, 0);
    for (unsigned p = 0; p < US_NPIX; p++) {
        al_meaning(c, want[p]);
        for (unsigned t = 0; t < US_NTEMP; t++)
            for (unsigned ch = 0; ch < 4; ch++)
                check_temp(what, p, t, ch, want[p][t][ch]);
        check_acc_out(what, p, want[p][ACC_T][0], want[p][ACC_T][1], want[p][ACC_T][2], want[p][ACC_T][3]);
    }
}

/* Nested frames: REP inherits aL, an inner LOOP has its own, popping it restores the outer one. */
static void al_nested(void)
{
    static const char src[] =
        "    loop OEND int=2" W
        "OBODY:\n"
        "    fc rep REND int=3" W
        "RBODY:\n"
        "    alu rgb: mad t[aL+0].r, src0.rgb, src0.111, src0.111  src0=t[aL+0]\n"
        "REND:\n"
        "    fc endrep RBODY func=0xff any int=3" W
        "    loop IEND int=4" W
        "IBODY:\n"
        "    alu rgb: mad t[aL+1].g, src0.rgb, src0.111, src1.rgb  src0=t[aL+1] src1=c[aL+0]\n"
        "IEND:\n"
        "    endloop IBODY int=4" W
        "    alu rgb: mad t[aL+2].b, src0.rgb, src0.111, src1.rgb  src0=t[aL+2] src1=c[aL+0]\n"
        "OEND:\n"
        "    endloop OBODY int=2" W
        "    alu rgb: mad t[aL+3].r, src0.111, src0.111, src0.111\n"
        OUT_ACC;
    if (!setup(src))
        return;
    set_int_const(2, 2, 20, 5);  /* outer aL 20, 25 */
    set_int_const(3, 2, 0, 0);   /* REP twice */
    set_int_const(4, 3, 60, -2); /* inner aL 60, 58, 56 */
    start(0xF);
    if (!run("nested aL"))
        return;
    check_errors("nested aL", 0);
    static float want[US_NTEMP][4];
    memset(want, 0, sizeof want);
    for (unsigned outer = 20; outer <= 25; outer += 5) {
        want[outer][0] += 2;
        for (unsigned inner = 60; inner >= 56; inner -= 2)
            want[inner + 1][1] += (float)inner;
        want[outer + 2][2] += (float)outer;
    }
    want[3][0] = 2; /* outside every loop aL is 0 */
    for (unsigned p = 0; p < US_NPIX; p++)
        for (unsigned t = 0; t < US_NTEMP; t++)
            for (unsigned ch = 0; ch < 4; ch++)
                check_temp("nested aL", p, t, ch, want[t][ch]);
}

static void case_al(void)
{
    begin_case("aL from KG (start) and KB (signed step) through t[aL+n] and c[aL+n], reads and writes");
    static const al_cfg_t cfgs[] = {{4, 10, 3}, {5, 40, -4}, {4, 126, 1}, {3, 254, 1}, {6, 250, -127}, {2, 0, 0}};
    for (unsigned i = 0; i < sizeof cfgs / sizeof cfgs[0]; i++)
        al_run(&cfgs[i]);
    al_nested();
}

/* ---------------------------------------------------------------- IGNORE_UNCOVERED in a loop */

/* With IGNORE_UNCOVERED on IF, BREAK and ENDLOOP (Mesa's words) only covered pixels decide: an uncovered pixel
 * whose condition holds breaks only when the IF does not jump, i.e. at the first iteration >= its own n where some
 * covered pixel breaks too, and leaves with the last covered one. Without the flag it is an ordinary pixel. */
static unsigned uncovered_exit(const unsigned n[US_NPIX], uint8_t covered, unsigned p)
{
    unsigned best = 0, last = 0;
    bool found = false;
    for (unsigned q = 0; q < US_NPIX; q++) {
        if (!(covered >> q & 1u))
            continue;
        last = n[q] > last ? n[q] : last;
        if (n[q] >= n[p] && (!found || n[q] < best))
            best = n[q], found = true;
    }
    return found ? best : last;
}

static const char ign_loop_src[] =
    "    loop END int=1" W
    "BODY:\n" RESULT(ge, 9, 1)
    "    if N1" W
    "    break EXIT popcnt=1" W
    "    endif" W
    "N1:\n" ACC(r, 1) INC(9)
    "END:\n"
    "    endloop BODY int=1" W
    "EXIT:\n" OUT_ACC;

static const char plain_loop_src[] =
    "    fc loop END int=1" W
    "BODY:\n" RESULT(ge, 9, 1)
    "    fc jump N1 func=0x0f b0=incr" W
    "    fc breakloop EXIT func=0xff b1=decr popcnt=1" W
    "    endif" W
    "N1:\n" ACC(r, 1) INC(9)
    "END:\n"
    "    fc endloop BODY func=0xff any int=1" W
    "EXIT:\n" OUT_ACC;

static void ign_loop_run(bool ign, const unsigned n[US_NPIX], uint8_t covered)
{
    char what[80];
    snprintf(what, sizeof what, "%s n=[%u %u %u %u] covered=0x%x", ign ? "ign_unc" : "plain", n[0], n[1], n[2], n[3],
             covered);
    start(covered);
    for (unsigned p = 0; p < US_NPIX; p++)
        set_temp(p, 1, (float)n[p], 0, 0, 0);
    if (!run(what))
        return;
    check_errors(what, 0);
    for (unsigned p = 0; p < US_NPIX; p++) {
        unsigned iterations = n[p];
        if (ign && covered == 0)
            iterations = 0; /* the LOOP has no voters: the decision is to jump, the loop is skipped */
        else if (ign && !(covered >> p & 1u))
            iterations = uncovered_exit(n, covered, p);
        check_acc_out(what, p, (float)iterations, 0, 0, 0);
    }
}

static void case_ign_loop(void)
{
    begin_case("IGNORE_UNCOVERED in a loop: uncovered pixels follow the covered ones");
    for (unsigned ign = 0; ign < 2; ign++) {
        if (!setup(ign ? ign_loop_src : plain_loop_src))
            continue;
        set_int_const(1, 20, 0, 0);
        for (unsigned covered = 0; covered < 16; covered++)
            for (unsigned combo = 0; combo < 256; combo++) {
                const unsigned n[US_NPIX] = {combo & 3u, (combo >> 2 & 3u) + 1u, combo >> 4 & 3u, (combo >> 6) * 2u};
                ign_loop_run(ign, n, (uint8_t)covered);
            }
    }
}

/* ---------------------------------------------------------------- JUMP_GLOBAL, US_CODE_OFFSET */

/* Loads the program at absolute slot `at` through the instruction banks and points US_CODE_* at it. */
static void load_at(unsigned at, unsigned start_rel)
{
    us_shader_init(&shader);
    for (unsigned i = 0; i < program.count; i++)
        for (unsigned w = 0; w < 6; w++) {
            static const uint32_t bank[6] = {US_CMN_INST_ADDR,     US_ALU_RGB_ADDR_ADDR,   US_ALU_ALPHA_ADDR_ADDR,
                                             US_ALU_RGB_INST_ADDR, US_ALU_ALPHA_INST_ADDR, US_ALU_RGBA_INST_ADDR};
            us_shader_write(&shader, bank[w] + 4u * ((at + i) % US_MAX_INST), program.inst[i].w[w]);
        }
    load_constants();
    unsigned last = program.count - 1u;
    us_shader_write(&shader, US_CODE_OFFSET_ADDR, at << US_CODE_OFFSET_OFFSET_ADDR_LO);
    us_shader_write(&shader, US_CODE_ADDR_ADDR,
                    start_rel << US_CODE_ADDR_START_ADDR_LO | last << US_CODE_ADDR_END_ADDR_LO);
    us_shader_write(&shader, US_CODE_RANGE_ADDR, at << US_CODE_RANGE_CODE_ADDR_LO | last << US_CODE_RANGE_CODE_SIZE_LO);
}

static void global_run(unsigned at)
{
    char src[2048], what[48];
    snprintf(src, sizeof src,
             ACC_A(50)                           /* 0: skipped by START_ADDR = 1 */
             ACC(r, 1)                           /* 1 */
             "    fc jump 5 func=0xff" W         /* 2: relative: lands on at + 5 */
             ACC(r, 100)                         /* 3 */
             ACC(r, 100)                         /* 4 */
             ACC(g, 1)                           /* 5 */
             "    fc jump %u func=0xff global" W /* 6: absolute at + 9 */
             ACC(g, 100)                         /* 7 */
             ACC(g, 100)                         /* 8 */
             "    fc jump SUB func=0xff push" W  /* 9: pushes the absolute at + 10 */
             "    loop LEND int=1" W             /* 10: relative target */
             "LBODY:\n" ACC(b, 1)                /* 11 */
             "LEND:\n"
             "    endloop LBODY int=1" W         /* 12 */
             "    fc jump END func=0xff" W       /* 13 */
             "SUB:\n" ACC(b, 10)                 /* 14 */
             "    fc jump 0 func=0xff pop" W     /* 15 */
             "END:\n" OUT_ACC,                   /* 16 */
             (at + 9u) % US_MAX_INST);
    snprintf(what, sizeof what, "offset %u", at);
    if (!assemble(src))
        return;
    load_at(at, 1);
    set_int_const(1, 3, 0, 0);
    start(0xF);
    if (!run(what))
        return;
    check_errors(what, 0);
    /* 1 2 5 6 9 14 15 10 (11 12) x 3 13 16 */
    check_u64(what, "retired", quad.retired, 8 + 6 + 2);
    for (unsigned p = 0; p < US_NPIX; p++)
        check_acc_out(what, p, 1, 1, 13, 0);
}

static void case_jump_global(void)
{
    begin_case("JUMP_GLOBAL with US_CODE_OFFSET != 0 (and START_ADDR != 0), code window at the offset");
    global_run(200);
    global_run(500); /* the window wraps past slot 511 */
}

/* ---------------------------------------------------------------- B_ELSE with B_OP0 */

/* `if (c1) {A} else if (c2) {B}` with one FC for `else if`: B_ELSE, then a vote on c2 with B_OP0 INCR (stay)
 * and B_OP1 DECR 1 (jump to the end, doing the ENDIF's work); one merged ENDIF pops both levels. c1 is a
 * predicate and c2 the ALU result, both set before the IF. When no pixel takes the then-part the IF jumps to
 * ELSE+1 (B_OP1 INCR, nobody left behind) and so skips the c2 vote: B then runs for every pixel. */
static void case_else_op0(void)
{
    begin_case("B_ELSE with B_OP0: else-if in one instruction");
    static const char src[] =
        "    alu rgb: mad p.r.ne, src0.rgb, src0.111, src0.000  alpha: mad _, src1.a, src1.1, src1.0"
        "  src0=t1 src1=t2  result=a.ne\n"
        "    fc jump ELSE1 func=0x33 rgb_pred=rrrr b0=incr b1=incr" W
        ACC(r, 1)
        "    fc jump END func=0x0f else b0=incr b1=decr popcnt=1" W
        "ELSE1:\n" ACC(g, 1)
        "    fc jump END func=0x00 any b0=decr popcnt=2" W
        "END:\n" ACC(b, 1) OUT_ACC;
    if (!setup(src))
        return;
    for (unsigned combo = 0; combo < 256; combo++) {
        unsigned c1 = combo & 0xFu, c2 = combo >> 4;
        char what[32];
        snprintf(what, sizeof what, "c1=0x%x c2=0x%x", c1, c2);
        start(0xF);
        for (unsigned p = 0; p < US_NPIX; p++) {
            set_temp(p, 1, truth(c1 >> p & 1u, p), 0, 0, 0);
            set_temp(p, 2, 0, 0, 0, truth(c2 >> p & 1u, p + 1u));
        }
        if (!run(what))
            continue;
        check_errors(what, 0);
        for (unsigned p = 0; p < US_NPIX; p++) {
            bool then = c1 >> p & 1u, elif = !then && (c2 >> p & 1u);
            if (c1 == 0)
                elif = true; /* the IF jumped over the c2 vote */
            check_acc_out(what, p, then ? 1 : 0, elif ? 1 : 0, 1, 0);
        }
    }
}

/* ---------------------------------------------------------------- WRITE_INACTIVE */

static void write_inactive_if(void)
{
    static const char src[] =
        "    tex texkill t3._, t3.rrrr, tex0\n"
        RESULT_NE(1)
        "    if ENDIF" W
        "    alu rgb: mad t20.r, src0.111, src0.111, src0.000\n"
        "    alu rgb: mad t21.r, src0.111, src0.111, src0.000 write_inactive\n"
        "    endif" W
        "ENDIF:\n"
        "    alu rgb: mad t22.r, src0.111, src0.111, src0.000\n";
    if (!setup(src))
        return;
    for (unsigned combo = 0; combo < 256; combo++) {
        unsigned cond = combo & 0xFu, killed = combo >> 4;
        char what[48];
        snprintf(what, sizeof what, "if: cond=0x%x killed=0x%x", cond, killed);
        start(0xF);
        for (unsigned p = 0; p < US_NPIX; p++) {
            set_temp(p, 1, truth(cond >> p & 1u, p), 0, 0, 0);
            set_temp(p, 3, killed >> p & 1u ? -1.0f : 1.0f, 0, 0, 0);
        }
        if (!run(what))
            continue;
        check_errors(what, 0);
        bool entered = (cond & ~killed & 0xFu) != 0; /* the IF jumps when no running pixel enters */
        for (unsigned p = 0; p < US_NPIX; p++) {
            bool alive = !(killed >> p & 1u), runs_then = alive && (cond >> p & 1u);
            check_temp(what, p, 20, 0, runs_then ? 1 : 0);
            check_temp(what, p, 21, 0, entered ? 1 : 0);
            check_temp(what, p, 22, 0, alive ? 1 : 0);
        }
    }
}

/* In a loop: broken (masked) pixels still get WRITE_INACTIVE writes while the loop runs. */
static void write_inactive_loop(void)
{
    static const char src[] =
        "    loop END int=1" W
        "BODY:\n" RESULT(ge, 9, 1)
        "    if N1" W
        "    break EXIT popcnt=1" W
        "    endif" W
        "N1:\n"
        "    alu rgb: mad t22.r, src0.rgb, src0.111, src0.111  src0=t22 write_inactive\n"
        "    alu rgb: mad t23.r, src0.rgb, src0.111, src0.111  src0=t23\n" INC(9)
        "END:\n"
        "    endloop BODY int=1" W
        "EXIT:\n"
        "    alu rgb: mad t24.r, src0.111, src0.111, src0.000\n";
    if (!setup(src))
        return;
    set_int_const(1, 5, 0, 0);
    for (unsigned combo = 0; combo < 256; combo++) {
        unsigned n[US_NPIX], most = 0;
        for (unsigned p = 0; p < US_NPIX; p++) {
            static const unsigned nval[4] = {0, 1, 3, 7};
            n[p] = nval[combo >> (2 * p) & 3u];
            unsigned iters = n[p] < 5 ? n[p] : 5;
            most = iters > most ? iters : most;
        }
        char what[48];
        snprintf(what, sizeof what, "loop: n=[%u %u %u %u]", n[0], n[1], n[2], n[3]);
        start(0xF);
        for (unsigned p = 0; p < US_NPIX; p++)
            set_temp(p, 1, (float)n[p], 0, 0, 0);
        if (!run(what))
            continue;
        check_errors(what, 0);
        for (unsigned p = 0; p < US_NPIX; p++) {
            check_temp(what, p, 22, 0, (float)most);
            check_temp(what, p, 23, 0, (float)(n[p] < 5 ? n[p] : 5));
        }
    }
}

static void case_write_inactive(void)
{
    begin_case("WRITE_INACTIVE: writes reach inactive, masked and killed pixels");
    write_inactive_if();
    write_inactive_loop();
}

/* ---------------------------------------------------------------- LAST */

/* LAST inside an IF, with pixels killed before the IF (they do not vote) or inside it by a WRITE_INACTIVE
 * TEXKILL that also kills INACTIVE pixels: only unkilled pixels that are INACTIVE keep the quad going. */
static void last_if_run(bool kill_inside, unsigned cond, unsigned killed)
{
    char src[1024], what[64];
    snprintf(src, sizeof src,
             "%s" RESULT_NE(1)                /* 0 (1) */
             "    if ENDIF" W "%s"            /* 1 (2), (3: the WRITE_INACTIVE kill) */
             MARK(r) "    last\n"            /* 2 (4) */
             "    endif" W                   /* 3 (5) */
             "ENDIF:\n" MARK(g),             /* 4 (6) */
             kill_inside ? "" : "    tex texkill t3._, t3.rrrr, tex0\n",
             kill_inside ? "    tex texkill t3._, t3.rrrr, tex0 write_inactive\n" : "");
    if (!setup(src))
        return;
    snprintf(what, sizeof what, "%s: cond=0x%x killed=0x%x", kill_inside ? "kill in IF" : "kill before", cond,
             killed);
    start(0xF);
    for (unsigned p = 0; p < US_NPIX; p++) {
        set_temp(p, 1, truth(cond >> p & 1u, p), 0, 0, 0);
        set_temp(p, 3, killed >> p & 1u ? -1.0f : 1.0f, 0, 0, 0);
    }
    if (!run(what))
        return;
    unsigned alive_at_if = kill_inside ? 0xFu : ~killed & 0xFu;
    bool reached = (cond & alive_at_if) != 0; /* else the IF jumps past the ENDIF */
    unsigned alive = reached || !kill_inside ? ~killed & 0xFu : 0xFu;
    bool ends = reached && (~cond & alive & 0xFu) == 0; /* no unkilled pixel INACTIVE */
    /* RESULT and IF; then the LAST mark ends it, or the mark, ENDIF and g mark run; an IF that jumps goes to the
     * g mark. The TEXKILL adds one wherever it is reached. */
    unsigned path = !reached ? 3u : ends ? 3u : 5u, kill = kill_inside && !reached ? 0u : 1u;
    check_errors(what, 0);
    check_u64(what, "retired", quad.retired, path + kill);
    for (unsigned p = 0; p < US_NPIX; p++) {
        bool a = alive >> p & 1u;
        uint8_t marks = (uint8_t)((reached && a && (cond >> p & 1u) ? 1u : 0u) | (a && !ends ? 2u : 0u));
        check_marks(what, p, marks);
    }
}

static void last_if(void)
{
    for (unsigned inside = 0; inside < 2; inside++)
        for (unsigned combo = 0; combo < 256; combo++)
            last_if_run(inside, combo & 0xFu, combo >> 4);
}

/* In a loop: LAST ends the quad only while no pixel is masked (broken). */
static void last_loop(void)
{
    static const char src[] =
        "    loop END int=1" W
        "BODY:\n" RESULT(ge, 9, 1)
        "    if N1" W
        "    break EXIT popcnt=1" W
        "    endif" W
        "N1:\n" ACC(r, 1) "    last\n" INC(9)
        "END:\n"
        "    endloop BODY int=1" W
        "EXIT:\n" OUT_ACC;
    if (!setup(src))
        return;
    set_int_const(1, 4, 0, 0);
    for (unsigned combo = 0; combo < 81; combo++) {
        unsigned n[US_NPIX];
        bool anyone_at_zero = false;
        for (unsigned p = 0, c = combo; p < US_NPIX; p++, c /= 3u) {
            n[p] = c % 3u * 2u; /* 0, 2, 4 */
            anyone_at_zero |= n[p] == 0;
        }
        char what[48];
        snprintf(what, sizeof what, "loop: n=[%u %u %u %u]", n[0], n[1], n[2], n[3]);
        start(0xF);
        for (unsigned p = 0; p < US_NPIX; p++)
            set_temp(p, 1, (float)n[p], 0, 0, 0);
        if (!run(what))
            continue;
        check_errors(what, 0);
        if (!anyone_at_zero) {
            /* LOOP, RESULT, IF (jumps: nobody breaks), the ALU with LAST: the quad ends there */
            check_u64(what, "retired", quad.retired, 4);
            for (unsigned p = 0; p < US_NPIX; p++) {
                check_temp(what, p, ACC_T, 0, 1);
                check_marks(what, p, 0);
            }
        } else {
            for (unsigned p = 0; p < US_NPIX; p++)
                check_acc_out(what, p, (float)n[p], 0, 0, 0);
        }
    }
}

static void case_last(void)
{
    begin_case("LAST: ends the quad when no unkilled pixel is INACTIVE or masked");
    last_if();
    last_loop();
}

/* ---------------------------------------------------------------- killed pixels, BREAK/CONTINUE forms */

/* Pixels killed inside a loop count as gone for BREAK: the quad leaves when the others have broken, and a loop
 * whose members all die ends at ENDLOOP (no voter wants to go back). */
static void case_killed_loop(void)
{
    begin_case("killed pixels in a loop: BREAK counts them as gone");
    static const char src[] =
        "    loop END int=1" W
        "BODY:\n" RESULT(ge, 9, 1)
        "    if N1" W
        "    break EXIT popcnt=1" W
        "    endif" W
        "N1:\n"
        "    alu rgb: mad t3.r, src0.rgb, src0.111, -src1.rrr  src0=t2 src1=t9\n" /* k - i - 0.5 < 0 iff i >= k */
        "    tex texkill t3._, t3.rrrr, tex0\n"
        ACC(r, 1) INC(9)
        "END:\n"
        "    endloop BODY int=1" W
        "EXIT:\n" OUT_ACC;
    if (!setup(src))
        return;
    set_int_const(1, 10, 0, 0);
    for (unsigned combo = 0; combo < 256; combo++) {
        unsigned n[US_NPIX], k[US_NPIX];
        for (unsigned p = 0; p < US_NPIX; p++) {
            n[p] = (combo >> (2 * p) & 3u) + 1u;
            k[p] = p + 1u;
        }
        char what[48];
        snprintf(what, sizeof what, "n=[%u %u %u %u] kill at 1 2 3 4", n[0], n[1], n[2], n[3]);
        start(0xF);
        for (unsigned p = 0; p < US_NPIX; p++) {
            set_temp(p, 1, (float)n[p], 0, 0, 0);
            set_temp(p, 2, (float)k[p] - 0.5f, 0, 0, 0);
        }
        if (!run(what))
            continue;
        check_errors(what, 0);
        for (unsigned p = 0; p < US_NPIX; p++) {
            bool survives = n[p] <= k[p]; /* breaks (at n) before the kill (at k) in iteration order */
            check(((quad.killed >> p) & 1u) == !survives, what, "pixel %u killed=%u", p, quad.killed >> p & 1u);
            if (survives)
                check_acc_out(what, p, (float)n[p], 0, 0, 0);
            else
                check_marks(what, p, 0);
        }
    }
}

/* BREAKLOOP and CONTINUE voting by themselves (no IF, no branch op): with JUMP_ANY = 0 the masks make them per
 * pixel; with JUMP_ANY = 1 the whole quad leaves (or skips to ENDLOOP) as soon as one voter wants to. Pixel p
 * breaks at iteration n[p] and continues (skipping g += 1) at iteration cont[p] (none: -1). */
static const int cont_at[US_NPIX] = {0, -1, 2, -1};

static void brk_vote_expect(bool any, const unsigned n[US_NPIX], unsigned p, float *r, float *g)
{
    unsigned stop = n[p] < 6 ? n[p] : 6;
    if (any)
        for (unsigned q = 0; q < US_NPIX; q++)
            stop = n[q] < stop ? n[q] : stop;
    *r = (float)stop, *g = 0;
    for (unsigned k = 0; k < stop; k++) {
        bool skip = (int)k == cont_at[p];
        if (any)
            for (unsigned q = 0; q < US_NPIX; q++)
                skip |= (int)k == cont_at[q];
        *g += skip ? 0.0f : 1.0f;
    }
}

static void brk_vote_run(bool any, const unsigned n[US_NPIX])
{
    char src[1024], what[48];
    snprintf(src, sizeof src,
             "    fc loop END int=1" W
             "BODY:\n" INC(9) RESULT(ge, 9, 1)
             "    fc breakloop EXIT func=0xf0%s" W
             ACC(r, 1) RESULT(eq, 9, 2)
             "    fc continue END func=0xf0%s" W
             ACC(g, 1)
             "END:\n"
             "    fc endloop BODY func=0xff any int=1" W
             "EXIT:\n" OUT_ACC,
             any ? " any" : "", any ? " any" : "");
    if (!setup(src))
        return;
    set_int_const(1, 6, 0, 0);
    snprintf(what, sizeof what, "any=%d n=[%u %u %u %u]", any, n[0], n[1], n[2], n[3]);
    start(0xF);
    for (unsigned p = 0; p < US_NPIX; p++) {
        set_temp(p, 1, (float)n[p] + 1.0f, 0, 0, 0);            /* i counts from 1: break when i >= n + 1 */
        set_temp(p, 2, (float)(cont_at[p] + 1), 0, 0, 0);       /* continue when i == cont + 1 (0: never) */
    }
    if (!run(what))
        return;
    check_errors(what, 0);
    for (unsigned p = 0; p < US_NPIX; p++) {
        float r, g;
        brk_vote_expect(any, n, p, &r, &g);
        check_acc_out(what, p, r, g, 0, 0);
    }
}

static void case_break_continue_votes(void)
{
    begin_case("BREAKLOOP/CONTINUE voting on their own: JUMP_ANY 0 (per pixel) and 1 (whole quad)");
    for (unsigned combo = 0; combo < 256; combo++) {
        static const unsigned nval[4] = {0, 2, 3, 7};
        const unsigned n[US_NPIX] = {nval[combo & 3u], nval[combo >> 2 & 3u], nval[combo >> 4 & 3u], nval[combo >> 6]};
        brk_vote_run(false, n);
        brk_vote_run(true, n);
    }
}

/* B_OP0 INCR on a CONTINUE that does not jump. Step 5 of docs/spec.md 4 runs after the op: the pixels that just
 * continued are masked, so not running, and "a broken or continued pixel keeps its branch state frozen until its
 * frame is popped or the ENDLOOP clears it". So the INCR leaves them alone and they run the next iteration: every
 * pixel that continues once skips exactly one increment. */
static void case_continue_incr(void)
{
    begin_case("CONTINUE with B_OP0 INCR: the continued (masked) pixels keep their branch state");
    static const char src[] =
        "    fc loop END int=1" W
        "BODY:\n" INC(9) RESULT(eq, 9, 2)
        "    fc continue END func=0xf0 b0=incr" W
        ACC(r, 1)
        "END:\n"
        "    fc endloop BODY func=0xff any int=1" W
        OUT_ACC;
    if (!setup(src))
        return;
    set_int_const(1, 4, 0, 0);
    for (unsigned combo = 0; combo < 256; combo++) {
        unsigned s[US_NPIX];
        for (unsigned p = 0; p < US_NPIX; p++)
            s[p] = combo >> (2 * p) & 3u; /* continue when i == s (i = 1..4; 0: never) */
        char what[48];
        snprintf(what, sizeof what, "continue at i=[%u %u %u %u]", s[0], s[1], s[2], s[3]);
        start(0xF);
        for (unsigned p = 0; p < US_NPIX; p++)
            set_temp(p, 2, (float)s[p], 0, 0, 0);
        if (!run(what))
            continue;
        check_errors(what, 0);
        for (unsigned p = 0; p < US_NPIX; p++)
            check_acc_out(what, p, s[p] ? 3 : 4, 0, 0, 0);
    }
}

/* ENDLOOP's own vote: it jumps back while the count lasts and the decision says so (here: any pixel still has
 * i < n, a do-while); every pixel follows the quad. */
static void case_endloop_vote(void)
{
    begin_case("ENDLOOP with its own condition (do-while on the ALU result, JUMP_ANY 1)");
    static const char src[] =
        "    fc loop END int=1" W
        "BODY:\n" ACC(r, 1) INC(9) RESULT(lt, 9, 1)
        "END:\n"
        "    fc endloop BODY func=0xf0 any int=1" W
        OUT_ACC;
    if (!setup(src))
        return;
    set_int_const(1, 5, 0, 0);
    for (unsigned combo = 0; combo < 256; combo++) {
        unsigned n[US_NPIX], most = 0;
        for (unsigned p = 0; p < US_NPIX; p++) {
            n[p] = (combo >> (2 * p) & 3u) * 3u; /* 0 3 6 9 */
            most = n[p] > most ? n[p] : most;
        }
        unsigned iters = most < 1 ? 1 : most > 5 ? 5 : most; /* at least once, at most KR */
        char what[48];
        snprintf(what, sizeof what, "n=[%u %u %u %u]", n[0], n[1], n[2], n[3]);
        start(0xF);
        for (unsigned p = 0; p < US_NPIX; p++)
            set_temp(p, 1, (float)n[p], 0, 0, 0);
        if (!run(what))
            continue;
        check_errors(what, 0);
        check_u64(what, "retired", quad.retired, 1 + iters * 4 + 1);
        for (unsigned p = 0; p < US_NPIX; p++)
            check_acc_out(what, p, (float)iters, 0, 0, 0);
    }
}

/* END_ADDR on an instruction that jumps: the quad goes on; it ends when that instruction falls through. */
static void case_end_on_jump(void)
{
    begin_case("END_ADDR on a jumping ENDLOOP: the quad ends only when it falls through");
    static const char src[] =
        "    fc loop END int=1" W
        "BODY:\n" ACC(r, 1)
        "END:\n"
        "    fc endloop BODY func=0xff any int=1" W;
    if (!setup(src))
        return;
    set_int_const(1, 3, 0, 0);
    start(0xF);
    if (!run("endloop last"))
        return;
    check_errors("endloop last", 0);
    check_u64("endloop last", "retired", quad.retired, 1 + 3 * 2);
    for (unsigned p = 0; p < US_NPIX; p++)
        check_temp("endloop last", p, ACC_T, 0, 3);
}

/* ---------------------------------------------------------------- error states */

/* Generated program: `depth` nested LOOPs of one iteration each, the innermost adding 1. */
static void nested_loops_program(char *buf, size_t size, unsigned depth)
{
    size_t n = 0;
    for (unsigned d = 0; d < depth; d++)
        n += (size_t)snprintf(buf + n, size - n, "    loop E%u int=1" W "B%u:\n", d, d);
    n += (size_t)snprintf(buf + n, size - n, ACC(r, 1));
    for (unsigned d = depth; d-- > 0;)
        n += (size_t)snprintf(buf + n, size - n, "E%u:\n    endloop B%u int=1" W, d, d);
    snprintf(buf + n, size - n, OUT_ACC);
}

static void loop_overflow_run(unsigned depth_param, unsigned depth)
{
    char src[8192], what[48];
    nested_loops_program(src, sizeof src, depth);
    snprintf(what, sizeof what, "loop_depth=%u nesting=%u", depth_param, depth);
    if (!setup(src))
        return;
    shader.params.loop_depth = depth_param;
    set_int_const(1, 1, 0, 0);
    start(0xF);
    if (!run(what))
        return;
    if (depth > depth_param) {
        check_errors(what, US_ERR_LOOP_OVERFLOW);
        check_u64(what, "retired", quad.retired, depth_param + 1u); /* the LOOP that overflows is the last */
    } else {
        check_errors(what, 0);
        for (unsigned p = 0; p < US_NPIX; p++)
            check_acc_out(what, p, 1, 0, 0, 0);
    }
}

static void case_loop_stack(void)
{
    begin_case("loop stack: nesting up to loop_depth works, one more is loop_overflow; ENDLOOP/BREAK alone underflow");
    static const unsigned params[] = {1, 2, 8, 20};
    for (unsigned i = 0; i < 4; i++) {
        loop_overflow_run(params[i], params[i]);
        loop_overflow_run(params[i], params[i] + 1u);
    }
    static const char *const alone[3] = {"    fc endloop 0 func=0xff any" W OUT_ACC,
                                         "    fc breakloop 1 func=0xff" W OUT_ACC,
                                         "    fc continue 1 func=0xff" W OUT_ACC};
    for (unsigned i = 0; i < 3; i++) {
        if (!setup(alone[i]))
            continue;
        start(0xF);
        if (run(alone[i])) {
            check_errors(alone[i], US_ERR_LOOP_UNDERFLOW);
            check_u64(alone[i], "retired", quad.retired, 1);
        }
    }
}

/* Unbounded recursion: a subroutine that calls itself. */
static void addr_overflow_run(unsigned depth_param)
{
    static const char src[] =
        "    fc jump SUB func=0xff push" W
        "SUB:\n" ACC(r, 1)
        "    fc jump SUB func=0xff push" W
        OUT_ACC;
    char what[32];
    snprintf(what, sizeof what, "addr_depth=%u", depth_param);
    if (!setup(src))
        return;
    shader.params.addr_depth = depth_param;
    start(0xF);
    if (!run(what))
        return;
    check_errors(what, US_ERR_ADDR_OVERFLOW);
    check_u64(what, "retired", quad.retired, 1u + 2u * depth_param); /* push number depth+1 is the last */
    for (unsigned p = 0; p < US_NPIX; p++)
        check_temp(what, p, ACC_T, 0, (float)depth_param);
}

static void case_addr_stack(void)
{
    begin_case("address stack: overflow on recursion, underflow on a RET without CALL");
    addr_overflow_run(1);
    addr_overflow_run(3);
    addr_overflow_run(8);
    static const char underflow[] = ACC(r, 1) "    fc jump 0 func=0xff pop" W OUT_ACC;
    if (setup(underflow)) {
        start(0xF);
        if (run("pop on empty stack")) {
            check_errors("pop on empty stack", US_ERR_ADDR_UNDERFLOW);
            check_u64("pop on empty stack", "retired", quad.retired, 2);
        }
    }
    /* A RET that does not jump pops nothing (the stack only moves on a jump). */
    static const char no_jump[] = ACC(r, 1) "    fc jump 0 func=0x00 pop" W OUT_ACC;
    if (setup(no_jump)) {
        start(0xF);
        if (run("pop without jump")) {
            check_errors("pop without jump", 0);
            for (unsigned p = 0; p < US_NPIX; p++)
                check_acc_out("pop without jump", p, 1, 0, 0, 0);
        }
    }
}

/* An outer IF leaves the pixels of `outside` INACTIVE(0); `inner` nested IFs that every other pixel enters
 * increment their counter once each. */
static void counter_program(char *buf, size_t size, unsigned inner)
{
    size_t n = (size_t)snprintf(buf, size, RESULT_NE(1) "    if OUT" W);
    for (unsigned d = 0; d < inner; d++)
        n += (size_t)snprintf(buf + n, size - n, RESULT_NE(2) "    if E%u" W, d);
    n += (size_t)snprintf(buf + n, size - n, ACC(r, 1));
    for (unsigned d = inner; d-- > 0;)
        n += (size_t)snprintf(buf + n, size - n, "    endif" W "E%u:\n", d);
    snprintf(buf + n, size - n, "    endif" W "OUT:\n" ACC(g, 1) OUT_ACC);
}

static void counter_run(unsigned bits, unsigned inner, unsigned outside)
{
    char src[4096], what[64];
    counter_program(src, sizeof src, inner);
    snprintf(what, sizeof what, "counter_bits=%u inner IFs=%u outside=0x%x", bits, inner, outside);
    if (!setup(src))
        return;
    shader.params.counter_bits = bits;
    start(0xF);
    for (unsigned p = 0; p < US_NPIX; p++) {
        set_temp(p, 1, truth(!(outside >> p & 1u), p), 0, 0, 0);
        set_temp(p, 2, 5, 0, 0, 0);
    }
    if (!run(what))
        return;
    /* counters only grow when some pixel is left outside and some other goes in */
    bool divergent = outside != 0 && outside != 0xFu;
    if (divergent && inner > (1u << bits) - 1u) {
        check_errors(what, US_ERR_COUNTER_OVERFLOW);
        /* 2 for the outer IF, then 2 per inner IF; the one that overflows is the last */
        check_u64(what, "retired", quad.retired, 2u + 2u * ((1u << bits) - 1u) + 2u);
        return;
    }
    check_errors(what, 0);
    for (unsigned p = 0; p < US_NPIX; p++)
        check_acc_out(what, p, outside >> p & 1u ? 0 : 1, 1, 0, 0);
}

static void case_counter(void)
{
    begin_case("branch counter: 2^width - 1 nested INCRs fit, one more is counter_overflow");
    for (unsigned outside = 0; outside < 16; outside++) {
        counter_run(2, 3, outside);
        counter_run(2, 4, outside);
        counter_run(1, 1, outside);
        counter_run(1, 2, outside);
        counter_run(3, 8, outside);
        counter_run(8, 9, outside);
    }
}

static void case_watchdog(void)
{
    begin_case("watchdog: endless jump, endless nested loops; a program as long as the watchdog ends cleanly");
    static const char spin[] = "L:\n    fc jump L func=0xff" W OUT_ACC;
    if (setup(spin)) {
        shader.params.watchdog = 1000;
        start(0xF);
        if (run("jump to itself")) {
            check_errors("jump to itself", US_ERR_WATCHDOG);
            check_u64("jump to itself", "retired", quad.retired, 1000);
        }
    }
    char src[4096];
    nested_loops_program(src, sizeof src, 4); /* 255^4 iterations with KR = 255 */
    if (setup(src)) {
        shader.params.watchdog = 5000;
        set_int_const(1, 255, 0, 0);
        start(0xF);
        if (run("nested loops")) {
            check_errors("nested loops", US_ERR_WATCHDOG);
            check_u64("nested loops", "retired", quad.retired, 5000);
        }
    }
    static const char three[] = ACC(r, 1) ACC(r, 1) OUT_ACC;
    for (unsigned wd = 2; wd <= 4; wd++) {
        char what[32];
        snprintf(what, sizeof what, "3 instructions, watchdog %u", wd);
        if (!setup(three))
            continue;
        shader.params.watchdog = wd;
        start(0xF);
        if (run(what)) {
            /* END_ADDR is checked before the watchdog */
            check_errors(what, wd < 3 ? US_ERR_WATCHDOG : 0);
            check_u64(what, "retired", quad.retired, wd < 3 ? wd : 3);
        }
    }
}

/* PC outside US_CODE_RANGE: a jump beyond the window, running off its end, a START_ADDR outside it, a global
 * jump that forgets the offset. The flag must be exactly pc_range; nothing past the fault may run. */
static void case_pc_range(void)
{
    begin_case("PC outside the code window");
    static const char jump_out[] = ACC(r, 1) "    fc jump 40 func=0xff" W OUT_ACC;
    if (setup(jump_out)) {
        start(0xF);
        if (run("jump to 40")) {
            check_errors("jump to 40", US_ERR_PC_RANGE);
            for (unsigned p = 0; p < US_NPIX; p++)
                check_marks("jump to 40", p, 0);
        }
    }
    /* three instructions, the window only two: the third must never run */
    static const char run_off[] = ACC(r, 1) ACC(r, 1) ACC(g, 1);
    if (setup(run_off)) {
        us_shader_write(&shader, US_CODE_ADDR_ADDR, 2u << US_CODE_ADDR_END_ADDR_LO);
        us_shader_write(&shader, US_CODE_RANGE_ADDR, 1u << US_CODE_RANGE_CODE_SIZE_LO);
        start(0xF);
        if (run("running off the window")) {
            check_errors("running off the window", US_ERR_PC_RANGE);
            for (unsigned p = 0; p < US_NPIX; p++) {
                check_temp("running off the window", p, ACC_T, 0, 2);
                check_temp("running off the window", p, ACC_T, 1, 0);
            }
        }
        us_shader_write(&shader, US_CODE_ADDR_ADDR, 2u << US_CODE_ADDR_START_ADDR_LO | 2u << US_CODE_ADDR_END_ADDR_LO);
        start(0xF);
        if (run("START_ADDR outside")) {
            check_errors("START_ADDR outside", US_ERR_PC_RANGE);
            for (unsigned p = 0; p < US_NPIX; p++)
                check_temp("START_ADDR outside", p, ACC_T, 1, 0);
        }
    }
    static const char global[] = ACC(r, 1) "    fc jump 2 func=0xff global" W OUT_ACC;
    if (assemble(global)) {
        load_at(100, 0);
        start(0xF);
        if (run("global jump without the offset")) {
            check_errors("global jump without the offset", US_ERR_PC_RANGE);
            for (unsigned p = 0; p < US_NPIX; p++) {
                check_temp("global jump without the offset", p, ACC_T, 0, 1);
                check_marks("global jump without the offset", p, 0);
            }
        }
    }
}

static void case_illegal(void)
{
    begin_case("illegal instruction word: illegal_inst, not executed");
    static const char src[] =
        ACC(r, 1)
        "    .inst 0x00000000, 0x08020080, 0x08020080, 0x00000000, 0x00000000, 0x00000006\n" /* RGB_OP 6 */
        OUT_ACC;
    if (!setup(src))
        return;
    start(0xF);
    if (!run("reserved RGB_OP"))
        return;
    check_errors("reserved RGB_OP", US_ERR_ILLEGAL_INST);
    for (unsigned p = 0; p < US_NPIX; p++) {
        check_temp("reserved RGB_OP", p, ACC_T, 0, 1);
        check_marks("reserved RGB_OP", p, 0);
    }
}

int main(int argc, char **argv)
{
    rng_state = argc > 1 ? strtoull(argv[1], NULL, 0) : 1u;
    void (*const cases[])(void) = {
        case_vote,         case_pred_if,         case_bool,          case_any_all,
        case_call_ret,     case_conditional_call, case_rep,          case_breakrep,
        case_merged_endif, case_kr_zero,         case_loop_vote,     case_al,
        case_ign_loop,     case_jump_global,     case_else_op0,      case_write_inactive,
        case_last,         case_killed_loop,     case_break_continue_votes, case_continue_incr,
        case_endloop_vote, case_end_on_jump,     case_loop_stack,    case_addr_stack,
        case_counter,      case_watchdog,        case_pc_range,      case_illegal,
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        unsigned before = failures;
        cases[i]();
        if (failures > before)
            fprintf(stderr, "  -> %u failures in: %s\n", failures - before, current_case);
    }
    printf("test_fc_fields: %u cases, %u quad runs, %u checks, %u failures\n", ncases, runs, checks, failures);
    return failures ? 1 : 0;
}
