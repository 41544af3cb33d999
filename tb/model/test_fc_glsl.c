/* Mesa-shaped flow control against the GLSL meaning.
 *
 * Every program below is written with the named flow-control forms (the exact words Mesa emits, alu_wait on
 * every FC) and its conditions come from the ALU result, as Mesa writes them (a MAD with result=r.xx/a.xx).
 * Each program has a plain-C function that executes its GLSL meaning for one pixel; the quad must give, for every
 * pixel, exactly those output bits, for every combination of per-pixel inputs (so every pattern of which pixels
 * take each branch, and per-pixel break/continue iterations), end with no error flag and, where the count
 * follows from the words' documented jump rules, retire the expected number of instructions.
 * A second pass runs random combinations with some pixels uncovered (helper pixels): the covered ones must
 * still get the GLSL result.  usage: test_fc_glsl [seed] */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_rng.h"
#include "isa/us_asm.h"
#include "golden/us_model.h"

#define NIN 16u             /* t0..t15 start from the inputs; t10 is the result r, t9 and t8 loop counters */
#define MAX_STEPS 200000u   /* the harness's own bound, so a hang is reported, never waited for */
#define EXHAUSTIVE_MAX 70000u
#define UNCOVERED_RUNS 300u
#define MAX_REPORTS 12u

typedef struct inputs {
    float t[NIN][4];
} inputs_t;

typedef struct glsl_prog {
    const char *name;
    const char *src;
    unsigned variants;  /* input choices per pixel; every combination over the four pixels is run */
    const unsigned *kr; /* KR values written to US_FC_INT_CONST_1 (NULL: one run with 0) */
    unsigned nkr;
    void (*inputs)(unsigned variant, unsigned pixel, inputs_t *in);
    void (*meaning)(const inputs_t *in, unsigned kr, float r[4]);
    long (*retired)(const inputs_t in[US_NPIX], unsigned kr); /* NULL: the count is not checked */
} glsl_prog_t;

static unsigned checks, failures, reports;

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

static void set4(inputs_t *in, unsigned t, float r, float g, float b, float a)
{
    in->t[t][0] = r, in->t[t][1] = g, in->t[t][2] = b, in->t[t][3] = a;
}

/* A nonzero value for a true "!= 0" condition; odd pixels get negative ones (still != 0). */
static float truth(unsigned bit, unsigned pixel, unsigned k)
{
    return bit ? (pixel & 1u ? -(float)(k + 2u) : (float)(k + 2u)) : 0.0f;
}

#include "gen/us_mesa_fc_src.h"

/* ================= 1. if/else ================= */

static void if_else_inputs(unsigned v, unsigned p, inputs_t *in)
{
    set4(in, 0, truth(v, p, 0), 0, 0, 0);
    set4(in, 1, (float)p + 1, 2.0f * p + 1, 10.0f + p, 0);
    set4(in, 2, 20.0f + p, 30.0f + p, 40.0f + p, 0);
}

static void if_else_meaning(const inputs_t *in, unsigned kr, float r[4])
{
    (void)kr;
    if (in->t[0][0] != 0) {
        r[0] = in->t[1][0], r[1] = in->t[1][1], r[2] = in->t[1][2];
        r[3] += 1;
    } else {
        r[0] = in->t[2][0], r[1] = in->t[2][1], r[2] = in->t[2][2];
    }
    r[2] += 3;
}

/* IF jumps (to ELSE+1) when no pixel takes the then-part; ELSE jumps past ENDIF when none takes the else-part. */
static long if_else_retired(const inputs_t in[US_NPIX], unsigned kr)
{
    (void)kr;
    bool any_then = false, any_else = false;
    for (unsigned p = 0; p < US_NPIX; p++)
        in[p].t[0][0] != 0 ? (any_then = true) : (any_else = true);
    return 2 + (any_then ? 3 : 0) + (any_else ? 2 : 0) + 2;
}

/* ================= 2. if without else ================= */

/* variant 0: x > y, 1: x < y, 2: x == y */
static void if_inputs(unsigned v, unsigned p, inputs_t *in)
{
    float y = 3.0f + (float)p;
    set4(in, 0, v == 0 ? y + 2 : v == 1 ? y - 4 : y, 0, 0, 0);
    set4(in, 1, y, 0, 0, 0);
    set4(in, 10, 1, 2, 3, 4);
}

static void if_meaning(const inputs_t *in, unsigned kr, float r[4])
{
    (void)kr;
    if (in->t[0][0] < in->t[1][0]) {
        r[0] += 5;
        r[1] = r[0] + in->t[1][0];
    }
    r[2] += 1;
}

static long if_retired(const inputs_t in[US_NPIX], unsigned kr)
{
    (void)kr;
    bool any = false;
    for (unsigned p = 0; p < US_NPIX; p++)
        any |= in[p].t[0][0] < in[p].t[1][0];
    return 2 + (any ? 3 : 0) + 2;
}

/* ================= 3. empty else, alpha-channel condition ================= */

static void empty_else_inputs(unsigned v, unsigned p, inputs_t *in)
{
    float y = 5.0f - (float)p;
    set4(in, 0, 7.0f + p, 0, 0, v == 0 ? y - 1 : v == 1 ? y + 3 : y);
    set4(in, 1, 0, 0, 0, y);
}

static void empty_else_meaning(const inputs_t *in, unsigned kr, float r[4])
{
    (void)kr;
    if (in->t[0][3] >= in->t[1][3]) {
        r[0] += 2;
    } else {
    }
    r[1] += in->t[0][0];
}

static long empty_else_retired(const inputs_t in[US_NPIX], unsigned kr)
{
    (void)kr;
    bool any_then = false, any_else = false;
    for (unsigned p = 0; p < US_NPIX; p++)
        in[p].t[0][3] >= in[p].t[1][3] ? (any_then = true) : (any_else = true);
    return 2 + (any_then ? 2 : 0) + (any_else ? 1 : 0) + 2;
}

/* ================= 4. IF/ELSE nested four deep, IFs inside ELSEs, an empty ELSE ================= */

/* bit k of the variant is condition k; condition 3 is t3.a != t15.a (t15.a = 0) */
static void nested4_inputs(unsigned v, unsigned p, inputs_t *in)
{
    for (unsigned k = 0; k < 3; k++)
        set4(in, k, truth(v >> k & 1u, p, k), 0, 0, 0);
    set4(in, 3, 0, 0, 0, truth(v >> 3 & 1u, p + 1u, 3));
}

static void nested4_meaning(const inputs_t *in, unsigned kr, float r[4])
{
    (void)kr;
    bool c0 = in->t[0][0] != 0, c1 = in->t[1][0] != 0, c2 = in->t[2][0] != 0, c3 = in->t[3][3] != 0;
    if (c0) {
        r[0] += 1;
        if (c1) {
            r[0] += 2;
            if (c2) {
                r[0] += 4;
                if (c3)
                    r[1] += 8;
                else
                    r[1] += 16;
                r[2] += 1;
            } else {
                if (c3)
                    r[1] += 32;
            }
        } else {
            r[3] += 2;
            if (c2) {
                if (c3)
                    r[2] += 64;
                else
                    r[2] += 128;
            }
        }
        r[0] += 8;
    } else {
        if (c1)
            r[3] += 1;
        else {
        }
    }
    r[2] += 3;
}

/* ================= 5. else-if chain: IF inside ELSE inside ELSE inside ELSE ================= */

static void else_chain_inputs(unsigned v, unsigned p, inputs_t *in)
{
    (void)p;
    set4(in, 0, (float)v, 0, 0, 0);
    for (unsigned k = 1; k <= 4; k++)
        set4(in, k, (float)k, 0, 0, 0);
}

static void else_chain_meaning(const inputs_t *in, unsigned kr, float r[4])
{
    (void)kr;
    float x = in->t[0][0];
    if (x < 1) {
        r[0] += 1;
    } else {
        if (x < 2) {
            r[0] += 2;
        } else {
            if (x < 3) {
                r[0] += 4;
            } else {
                if (x < 4)
                    r[0] += 8;
                else
                    r[1] += 1;
                r[2] += 2;
            }
        }
    }
    r[2] += x;
}

/* ================= 6. loop, break at IF depth 1 (Mesa's `if (!cond) break;`) ================= */

static void brk1_inputs(unsigned v, unsigned p, inputs_t *in)
{
    (void)p;
    set4(in, 1, (float)v, 0, 0, 0); /* n: the iteration that breaks */
}

static void brk1_meaning(const inputs_t *in, unsigned kr, float r[4])
{
    (void)kr;
    int i;
    for (i = 0; i < 255; i++) {
        if (i >= in->t[1][0])
            break;
        r[0] += 1;
        r[1] += (float)i;
    }
    r[2] = (float)i;
}

/* Iteration k runs while a pixel is left: COND, IF, (BREAK, ENDIF if some pixel breaks at k), 3 ALU, ENDLOOP;
 * the last one is COND, IF, BREAK (which jumps out). */
static long brk1_retired(const inputs_t in[US_NPIX], unsigned kr)
{
    (void)kr;
    int last = 0;
    for (unsigned p = 0; p < US_NPIX; p++)
        if (in[p].t[1][0] > last)
            last = (int)in[p].t[1][0];
    long n = 1;
    for (int k = 0; k < last; k++) {
        bool someone_breaks = false;
        for (unsigned p = 0; p < US_NPIX; p++)
            someone_breaks |= (int)in[p].t[1][0] == k;
        n += 2 + (someone_breaks ? 2 : 0) + 4;
    }
    return n + 3 + 2;
}

/* ================= 7. break at IF depth 2 ================= */

static void brk2_inputs(unsigned v, unsigned p, inputs_t *in)
{
    set4(in, 1, truth(v & 1u, p, 1), 0, 0, 0); /* a */
    set4(in, 2, (float)(v >> 1), 0, 0, 0);      /* n */
    set4(in, 5, 5, 0, 0, 0);
}

static void brk2_meaning(const inputs_t *in, unsigned kr, float r[4])
{
    (void)kr;
    int i;
    for (i = 0; i < 255; i++) {
        if (i >= 5)
            break;
        if (in->t[1][0] != 0) {
            r[1] += 1;
            if (i >= in->t[2][0])
                break;
            r[2] += 1;
        }
        r[0] += 1;
    }
    r[3] = (float)i;
}

/* ================= 8. break at IF depth 3 ================= */

static void brk3_inputs(unsigned v, unsigned p, inputs_t *in)
{
    set4(in, 1, truth(v & 1u, p, 1), 0, 0, 0);           /* a */
    set4(in, 2, 0, 0, 0, truth(v >> 1 & 1u, p + 1u, 2)); /* b (alpha) */
    set4(in, 3, v >> 2 ? 3.0f : 0.0f, 0, 0, 0);          /* n */
    set4(in, 5, 6, 0, 0, 0);
}

static void brk3_meaning(const inputs_t *in, unsigned kr, float r[4])
{
    (void)kr;
    int i;
    for (i = 0; i < 255; i++) {
        if (i >= 6)
            break;
        if (in->t[1][0] != 0) {
            r[1] += 1;
            if (in->t[2][3] != 0) {
                r[2] += 1;
                if (i >= in->t[3][0])
                    break;
                r[2] += 10;
            }
        }
        r[0] += 1;
    }
    r[3] = (float)i;
}

/* ================= 9. continue at IF depth 1, two CONT sites ================= */

static void cont1_inputs(unsigned v, unsigned p, inputs_t *in)
{
    static const float s1[3] = {0, 2, 5}, s2[3] = {2, 4, 6};
    (void)p;
    set4(in, 1, s1[v % 3u], 0, 0, 0);
    set4(in, 2, s2[v / 3u], 0, 0, 0);
    set4(in, 5, 6, 0, 0, 0);
}

static void cont1_meaning(const inputs_t *in, unsigned kr, float r[4])
{
    (void)kr;
    float i = 0;
    for (int guard = 0; guard < 255; guard++) {
        if (i >= 6)
            break;
        i += 1;
        r[1] += 1;
        if (i == in->t[1][0])
            continue;
        r[0] += i;
        if (i == in->t[2][0])
            continue;
        r[2] += i;
    }
    r[3] = i;
}

/* ================= 10. continue at IF depth 2, with an ELSE ================= */

static void cont2_inputs(unsigned v, unsigned p, inputs_t *in)
{
    static const float s[4] = {1, 3, 5, 6};
    set4(in, 1, truth(v & 1u, p, 1), 0, 0, 0);
    set4(in, 2, s[v >> 1], 0, 0, 0);
    set4(in, 5, 5, 0, 0, 0);
}

static void cont2_meaning(const inputs_t *in, unsigned kr, float r[4])
{
    (void)kr;
    float i = 0;
    for (int guard = 0; guard < 255; guard++) {
        if (i >= 5)
            break;
        i += 1;
        if (in->t[1][0] != 0) {
            r[1] += 1;
            if (i >= in->t[2][0])
                continue;
            r[2] += 1;
        } else {
            r[3] += 1;
        }
        r[0] += i;
    }
}

/* ================= 11. nested loops: break out of the inner loop only ================= */

static void nested_loops_inputs(unsigned v, unsigned p, inputs_t *in)
{
    static const float m[3] = {0, 1, 3};
    (void)p;
    set4(in, 1, m[v % 3u], 0, 0, 0);       /* m: outer iterations */
    set4(in, 2, (float)(v / 3u), 0, 0, 0); /* n: inner iterations are n + j */
}

static void nested_loops_meaning(const inputs_t *in, unsigned kr, float r[4])
{
    (void)kr;
    int j, i;
    for (j = 0; j < 255; j++) {
        if (j >= in->t[1][0])
            break;
        for (i = 0; i < 255; i++) {
            if (i >= in->t[2][0] + (float)j)
                break;
            r[0] += 1;
        }
        r[1] += 1;
        r[2] += (float)i;
    }
    r[3] = (float)j;
}

/* ================= 12. loop count from an int constant (KR), per-pixel break ================= */

static const unsigned kr_loop_kr[] = {1, 3, 8, 33};

static void kr_loop_inputs(unsigned v, unsigned p, inputs_t *in)
{
    static const float n[4] = {0, 2, 5, 40};
    (void)p;
    set4(in, 1, n[v % 4u], 0, 0, 0);          /* break at iteration n */
    set4(in, 2, v / 4u ? 3.0f : 0.0f, 0, 0, 0); /* x: the first x iterations take the then-part */
}

static void kr_loop_meaning(const inputs_t *in, unsigned kr, float r[4])
{
    unsigned i;
    for (i = 0; i < kr; i++) {
        if ((float)i >= in->t[1][0])
            break;
        if ((float)i < in->t[2][0])
            r[1] += 1;
        else
            r[2] += 1;
        r[0] += 1;
    }
    r[3] = (float)i;
}

/* ================= 13. a loop whose body is all IF (KR iterations) ================= */

static const unsigned all_if_kr[] = {0, 1, 4, 7};

static void all_if_inputs(unsigned v, unsigned p, inputs_t *in)
{
    (void)p;
    set4(in, 1, (float)v, 0, 0, 0); /* lim */
}

static void all_if_meaning(const inputs_t *in, unsigned kr, float r[4])
{
    for (unsigned k = 0; k < kr; k++) {
        if (r[0] < in->t[1][0])
            r[0] += 1;
        else
            r[1] += 1;
    }
}

/* LOOP, per iteration COND + IF (+ then and ELSE if any pixel takes it) (+ else and ENDIF if any pixel does)
 * + ENDLOOP; with KR = 0 the LOOP jumps to the ENDLOOP, which runs once. */
static long all_if_retired(const inputs_t in[US_NPIX], unsigned kr)
{
    long n = 1;
    for (unsigned k = 0; k < kr; k++) {
        bool any_then = false, any_else = false;
        for (unsigned p = 0; p < US_NPIX; p++)
            (float)k < in[p].t[1][0] ? (any_then = true) : (any_else = true);
        n += 2 + (any_then ? 2 : 0) + (any_else ? 2 : 0) + 1;
    }
    return n + (kr == 0 ? 1 : 0) + 1;
}

/* ================= 14. an IF (with ELSE) containing a loop ================= */

static void if_loop_inputs(unsigned v, unsigned p, inputs_t *in)
{
    static const float n[3] = {0, 1, 3};
    set4(in, 1, truth(v & 1u, p, 1), 0, 0, 0);
    set4(in, 2, n[v >> 1], 0, 0, 0);
}

static void if_loop_meaning(const inputs_t *in, unsigned kr, float r[4])
{
    (void)kr;
    int i = 0;
    if (in->t[1][0] != 0) {
        for (i = 0; i < 255; i++) {
            if (i >= in->t[2][0])
                break;
            r[0] += 1;
        }
        r[1] += 1;
    } else {
        r[2] += 1;
    }
    r[3] = (float)i;
}

/* ================= 15. break in the then-part of an IF/ELSE ================= */

static void brk_then_inputs(unsigned v, unsigned p, inputs_t *in)
{
    (void)p;
    set4(in, 1, (float)v, 0, 0, 0);
}

static void brk_then_meaning(const inputs_t *in, unsigned kr, float r[4])
{
    (void)kr;
    int i;
    for (i = 0; i < 255; i++) {
        if (i >= in->t[1][0]) {
            r[1] += 10;
            break;
        } else {
            r[0] += 1;
        }
        r[2] += 1;
    }
    r[3] = (float)i;
}

/* ================= 16. break at depth 2 inside an ELSE ================= */

static void brk_else_inputs(unsigned v, unsigned p, inputs_t *in)
{
    static const float n[3] = {0, 2, 3}, m[3] = {0, 1, 4};
    (void)p;
    set4(in, 1, n[v % 3u], 0, 0, 0);
    set4(in, 2, m[v / 3u], 0, 0, 0);
}

static void brk_else_meaning(const inputs_t *in, unsigned kr, float r[4])
{
    (void)kr;
    int i;
    for (i = 0; i < 255; i++) {
        if (i < in->t[1][0]) {
            r[0] += 1;
        } else {
            r[1] += 1;
            if (i >= in->t[2][0])
                break;
            r[2] += 1;
        }
    }
    r[3] = (float)i;
}

/* ================= 17. outer continue masking an inner loop ================= */

static void cont_outer_inputs(unsigned v, unsigned p, inputs_t *in)
{
    (void)p;
    set4(in, 1, (float)(v % 4u), 0, 0, 0); /* s: the outer iteration that continues */
    set4(in, 2, v / 4u ? 2.0f : 0.0f, 0, 0, 0); /* n: inner iterations */
    set4(in, 3, 3, 0, 0, 0);
}

static void cont_outer_meaning(const inputs_t *in, unsigned kr, float r[4])
{
    (void)kr;
    float j = 0, i = 0;
    for (int guard = 0; guard < 255; guard++) {
        if (j >= 3)
            break;
        j += 1;
        if (j == in->t[1][0])
            continue;
        for (i = 0; i < 255; i++) {
            if (i >= in->t[2][0])
                break;
            r[0] += 1;
        }
        r[1] += j;
    }
    r[2] += i;
}

/* ================= 18. an IF containing a loop with break and continue at IF depth 3 =================
 * The pixels that skip the outer IF are not loop members: the DECR by popcnt of a BREAK or CONTINUE that jumps
 * must undo exactly the INCRs of the three IFs it skips, or they come back early or never. */

/* variant 0: e false; else e true and (a, b) from bits 0-1 of v-1, (n, s) from the rest */
static void if_loop_deep_inputs(unsigned v, unsigned p, inputs_t *in)
{
    static const float n[3] = {1, 3, 2}, s[3] = {9, 2, 2};
    static const unsigned a[3] = {1, 1, 0}, b[3] = {1, 0, 1};
    unsigned k = v ? v - 1u : 0u;
    set4(in, 1, truth(v != 0, p, 1), 0, 0, 0);
    set4(in, 2, truth(a[k % 3u], p, 2), 0, 0, truth(b[k % 3u], p + 1u, 3));
    set4(in, 3, n[k / 3u], 0, 0, 0);
    set4(in, 4, s[k / 3u], 0, 0, 0);
    set4(in, 5, 5, 0, 0, 0);
}

static void if_loop_deep_meaning(const inputs_t *in, unsigned kr, float r[4])
{
    (void)kr;
    if (in->t[1][0] != 0) {
        float i = 0;
        for (int guard = 0; guard < 255; guard++) {
            if (i >= 5)
                break;
            i += 1;
            if (in->t[2][0] != 0) {
                r[1] += 1;
                if (in->t[2][3] != 0) {
                    if (i >= in->t[3][0])
                        break;
                    if (i == in->t[4][0])
                        continue;
                    r[2] += 1;
                }
            }
            r[0] += 1;
        }
        r[3] += i;
    } else {
        r[3] += 100;
    }
    r[2] += 7;
}

/* ================= 19. an IF inside a loop containing a loop: break at depth 2 in the inner loop =================
 * Pixels skipping the IF are members of the outer loop but not of the inner one. */

static void loop_if_loop_inputs(unsigned v, unsigned p, inputs_t *in)
{
    static const float n[3] = {9, 1, 2};
    set4(in, 1, (float)(v % 3u), 0, 0, 0);           /* s: the outer iteration that skips the inner loop */
    set4(in, 2, truth(v / 3u != 0, p, 2), 0, 0, 0); /* a */
    set4(in, 3, n[v / 3u], 0, 0, 0);                 /* n */
    set4(in, 4, 2, 0, 0, 0);
    set4(in, 5, 2, 0, 0, 0);
}

static void loop_if_loop_meaning(const inputs_t *in, unsigned kr, float r[4])
{
    (void)kr;
    float j = 0;
    for (int guard = 0; guard < 255; guard++) {
        if (j >= 2)
            break;
        j += 1;
        if (j != in->t[1][0]) {
            float i = 0;
            for (int guard2 = 0; guard2 < 255; guard2++) {
                if (i >= 2)
                    break;
                i += 1;
                if (in->t[2][0] != 0) {
                    if (i >= in->t[3][0])
                        break;
                }
                r[0] += 1;
            }
            r[1] += i;
        }
        r[2] += 1;
    }
}

/* ================= 20. continue before a break in the same iteration =================
 * A BREAK that finds the other members continued (not broken) must not leave the loop: they run on. */

static void cont_brk_inputs(unsigned v, unsigned p, inputs_t *in)
{
    static const float n[3] = {9, 2, 3};
    set4(in, 1, (float)(v % 3u) + 1.0f, 0, 0, 0);     /* s: the iteration that continues */
    set4(in, 2, truth(v / 3u != 0, p, 2), 0, 0, 0); /* a */
    set4(in, 3, n[v / 3u], 0, 0, 0);                 /* n */
    set4(in, 5, 5, 0, 0, 0);
}

static void cont_brk_meaning(const inputs_t *in, unsigned kr, float r[4])
{
    (void)kr;
    float i = 0;
    for (int guard = 0; guard < 255; guard++) {
        if (i >= 5)
            break;
        i += 1;
        if (i == in->t[1][0])
            continue;
        if (in->t[2][0] != 0) {
            if (i >= in->t[3][0])
                break;
        }
        r[0] += i;
        r[1] += 1;
    }
    r[2] += i;
}

/* ================= the table ================= */
#define PROG(n, v, kr, nkr, ret) {#n, n##_src, v, kr, nkr, n##_inputs, n##_meaning, ret}
static const glsl_prog_t progs[] = {
    PROG(if_else, 2, NULL, 0, if_else_retired),
    PROG(if, 3, NULL, 0, if_retired),
    PROG(empty_else, 3, NULL, 0, empty_else_retired),
    PROG(nested4, 16, NULL, 0, NULL),
    PROG(else_chain, 5, NULL, 0, NULL),
    PROG(brk1, 6, NULL, 0, brk1_retired),
    PROG(brk2, 8, NULL, 0, NULL),
    PROG(brk3, 8, NULL, 0, NULL),
    PROG(cont1, 9, NULL, 0, NULL),
    PROG(cont2, 8, NULL, 0, NULL),
    PROG(nested_loops, 9, NULL, 0, NULL),
    PROG(kr_loop, 8, kr_loop_kr, 4, NULL),
    PROG(all_if, 6, all_if_kr, 4, all_if_retired),
    PROG(if_loop, 6, NULL, 0, NULL),
    PROG(brk_then, 5, NULL, 0, NULL),
    PROG(brk_else, 9, NULL, 0, NULL),
    PROG(cont_outer, 8, NULL, 0, NULL),
    PROG(if_loop_deep, 10, NULL, 0, NULL),
    PROG(loop_if_loop, 9, NULL, 0, NULL),
    PROG(cont_brk, 9, NULL, 0, NULL),
};
#define NPROGS (sizeof progs / sizeof progs[0])

/* ================= harness ================= */
static us_program_t program;
static us_shader_t shader;
static us_quad_t quad;

static void fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void fail(const char *fmt, ...)
{
    failures++;
    if (reports++ >= MAX_REPORTS)
        return;
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

/* c_k = (k, k, k, k) for every constant, through the load port (TYPE 1 = constants). */
static void load_constants(us_shader_t *sh)
{
    us_shader_write(sh, GA_US_VECTOR_INDEX_ADDR, 1u << GA_US_VECTOR_INDEX_TYPE_LO);
    for (unsigned k = 0; k < US_NCONST; k++)
        for (unsigned c = 0; c < 4; c++)
            us_shader_write(sh, GA_US_VECTOR_DATA_ADDR, f2u((float)k));
}

static bool load(const glsl_prog_t *g)
{
    char err[512];
    if (us_asm(g->src, g->name, &program, err, sizeof err) != 0) {
        fail("%s: does not assemble: %s", g->name, err);
        return false;
    }
    us_shader_init(&shader);
    us_shader_load_program(&shader, &program);
    load_constants(&shader);
    us_shader_write(&shader, US_FC_INT_CONST_ADDR, 0xFFu); /* Mesa: every loop uses int 0 = 255 iterations */
    return true;
}

/* Runs to the end under the harness's own step bound. */
static bool run_quad(void)
{
    for (unsigned n = 0; n < MAX_STEPS; n++)
        if (!us_quad_step(&quad, &shader, NULL))
            return true;
    return false;
}

static void describe(char *buf, size_t size, const unsigned v[US_NPIX], unsigned kr, uint8_t covered)
{
    snprintf(buf, size, "kr=%u variants=[%u %u %u %u] covered=0x%x", kr, v[0], v[1], v[2], v[3], covered);
}

/* One quad: inputs of every pixel, the run, then every channel of o0 against the meaning. */
static void run_case(const glsl_prog_t *g, const unsigned v[US_NPIX], unsigned kr, uint8_t covered)
{
    static inputs_t in[US_NPIX];
    char what[128];
    describe(what, sizeof what, v, kr, covered);
    us_shader_write(&shader, US_FC_INT_CONST_ADDR + 4u, kr);
    us_quad_init(&quad, &shader, covered, 0);
    for (unsigned p = 0; p < US_NPIX; p++) {
        memset(&in[p], 0, sizeof in[p]);
        g->inputs(v[p], p, &in[p]);
        for (unsigned t = 0; t < NIN; t++)
            for (unsigned c = 0; c < 4; c++)
                quad.temp[p][t][c] = f2u(in[p].t[t][c]);
    }
    checks++;
    if (!run_quad()) {
        fail("%s %s: no end after %u steps", g->name, what, MAX_STEPS);
        return;
    }
    checks++;
    if (quad.errors)
        fail("%s %s: error flags 0x%x", g->name, what, quad.errors);
    if (g->retired && covered == 0xFu) {
        long want = g->retired(in, kr);
        checks++;
        if ((long)quad.retired != want)
            fail("%s %s: retired %llu, expected %ld", g->name, what, (unsigned long long)quad.retired, want);
    }
    for (unsigned p = 0; p < US_NPIX; p++) {
        if (!(covered >> p & 1u))
            continue;
        float r[4];
        memcpy(r, in[p].t[10], sizeof r);
        g->meaning(&in[p], kr, r);
        checks++;
        if (quad.out_written[0][p] != 0xFu)
            fail("%s %s pixel %u: o0 channels written 0x%x", g->name, what, p, quad.out_written[0][p]);
        for (unsigned c = 0; c < 4; c++) {
            checks++;
            if (quad.out[0][p][c] != f2u(r[c]))
                fail("%s %s pixel %u channel %c: expected %g (0x%08x), got %g (0x%08x)", g->name, what, p,
                     "rgba"[c], (double)r[c], f2u(r[c]), (double)u2f(quad.out[0][p][c]), quad.out[0][p][c]);
        }
    }
}

static unsigned combinations(unsigned variants)
{
    return variants * variants * variants * variants;
}

static void decode_combo(unsigned combo, unsigned variants, unsigned v[US_NPIX])
{
    for (unsigned p = 0; p < US_NPIX; p++, combo /= variants)
        v[p] = combo % variants;
}

/* Every combination of per-pixel inputs, all pixels covered; then random ones with helper pixels. */
static unsigned run_program(const glsl_prog_t *g)
{
    unsigned runs = 0, total = combinations(g->variants);
    if (total > EXHAUSTIVE_MAX) {
        fail("%s: %u combinations, more than the exhaustive bound", g->name, total);
        return 0;
    }
    if (!load(g))
        return 0;
    unsigned nkr = g->kr ? g->nkr : 1u;
    for (unsigned k = 0; k < nkr; k++) {
        unsigned kr = g->kr ? g->kr[k] : 0u;
        unsigned v[US_NPIX];
        for (unsigned combo = 0; combo < total; combo++, runs++) {
            decode_combo(combo, g->variants, v);
            run_case(g, v, kr, 0xFu);
        }
        for (unsigned n = 0; n < UNCOVERED_RUNS; n++, runs++) {
            decode_combo(rnd() % total, g->variants, v);
            run_case(g, v, kr, (uint8_t)(1u + rnd() % 14u));
        }
    }
    return runs;
}

int main(int argc, char **argv)
{
    rng_state = argc > 1 ? strtoull(argv[1], NULL, 0) : 1u;
    unsigned runs = 0;
    for (unsigned i = 0; i < NPROGS; i++) {
        unsigned before = failures;
        reports = 0;
        runs += run_program(&progs[i]);
        if (failures > before)
            fprintf(stderr, "%s: %u failures\n", progs[i].name, failures - before);
    }
    printf("test_fc_glsl: %zu programs, %u quad runs (per-pixel input patterns), %u checks, %u failures\n",
           NPROGS, runs, checks, failures);
    return failures ? 1 : 0;
}
