/* Directed vectors (us_gen_directed.h). The flow-control programs use Mesa's words where Mesa has the case and
 * the fc form (docs/asm.md) where only another word reaches it; their conditions compare a per-pixel counter or
 * input with 0, so each pixel's path is fixed by its inputs. docs/spec.md section 4 is the semantics, and each
 * program's comment says which pixels do what and which bug would change which result. */
#include "gen/us_gen_directed.h"

#include <stdio.h>
#include <string.h>

#include "gen/us_gen.h"
#include "isa/us_asm.h"

/* ---- assembly fragments ---- */
#define W " alu_wait\n"
/* tT.r += 1 */
#define INC(t) "    alu rgb: mad t" #t ".r, src0.rgb, src0.111, src0.111  src0=t" #t "\n"
/* tT.CH = 1 */
#define SET1(t, ch) "    alu rgb: mad t" #t "." #ch ", src0.111, src0.111, src0.000\n"
/* ALU result: tA.r >= tB.r; the thresholds tB are half-integers and the counters tA integers, so the compare is
 * never close (the vector stays stable under the bounds of docs/fp.md part C, where an equality would not) */
#define GE(a, b) "    alu rgb: mad _, src0.rgb, src0.111, -src1.rgb  src0=t" #a " src1=t" #b "  result=r.ge\n"
/* ALU result: tT.r != 0 (Mesa's IF condition) */
#define NE(t) "    alu rgb: mad _, src0.rgb, src0.111, src0.000  src0=t" #t "  result=r.ne\n"
#define OUT(t)                                                                                                     \
    "    out rgb: mad o0.rgb, src0.rgb, src0.111, src0.000  alpha: mad o0.a, src0.a, src0.1, src0.0  src0=t" #t "\n"
/* TEXKILL of the pixels whose t3 has a negative channel */
#define KILL "    tex texkill t3._, t3.rgba, tex0\n"

/* ---- corner 1: B_OP INCR deactivates only pixels that voted (were running) and still run ---- */

/* Pixel 3 is killed first. Pixels 0 and 1 take the outer then-part, pixel 2 (t0.r = 0) the outer else-part: the
 * outer IF_ELSE stays and its B_OP0 INCR makes pixel 2 INACTIVE(0). In the then-part both voters (0, 1) have
 * t1.r = 0, so the inner IF_ELSE jumps to its else-part, and its B_OP1 INCR must only count pixel 2 up to 1 (it
 * did not vote). An INCR that also deactivates non-voters resets pixel 2's counter to 0: the inner ENDIF then
 * wakes it, the outer ELSE's B_ELSE puts it back to sleep with the others, nobody is left to run the outer
 * else-part, and pixel 2 never writes t2.b. The same INCR also marks the killed pixel 3 INACTIVE(0), which only
 * the trace shows (a killed pixel's branch state reaches no result). Expected: t2.g = 1 in pixels 0, 1; t2.b = 1
 * in pixel 2. */
static const char incr_inactive_src[] =
    KILL
    NE(0)
    "    if_else OELSE" W
    NE(1)
    "    if_else IELSE" W
    SET1(2, r)
    "    else IENDIF" W
    "IELSE:\n"
    SET1(2, g)
    "    endif" W
    "IENDIF:\n"
    "    else OENDIF" W
    "OELSE:\n"
    SET1(2, b)
    "    endif" W
    "OENDIF:\n"
    OUT(2);

/* Pixel 3 is a helper (uncovered) and Mesa's IF words ignore uncovered pixels in the decision, but pixel 3 still
 * runs, takes a want, and INCR deactivates it when it disagrees with the quad (CTM p.37, fact 112: "active
 * processors that disagree"). First IF_ELSE: the covered pixels (t0.r = 1) stay, the helper (t0.r = 0) wants
 * the else-part: it is deactivated and runs the else-part alone (t2.g). Second IF_ELSE: the covered pixels
 * (t1.r = 0) all jump to the else-part, the helper (t1.r = 1) wants the then-part, which the quad skips: it is
 * deactivated and runs neither part. Expected: t2.r = t2.a = 1 in pixels 0-2, t2.g = 1 in pixel 3. An INCR that
 * spares the helper because it did not count in the decision gives pixel 3 t2.r and t2.a instead. */
static const char incr_helper_src[] =
    NE(0)
    "    if_else E1" W
    SET1(2, r)
    "    else N1" W
    "E1:\n"
    SET1(2, g)
    "    endif" W
    "N1:\n"
    NE(1)
    "    if_else E2" W
    SET1(2, b)
    "    else N2" W
    "E2:\n"
    "    alu alpha: mad t2.a, src0.1, src0.1, src0.0\n"
    "    endif" W
    "N2:\n"
    OUT(2);

/* A CONTINUE that does not jump, with B_OP0 INCR (not Mesa's word; a legal one). Three iterations; t9 counts
 * them, and a pixel continues when t9.r >= t0.r: pixel 0 (t0.r = 0.5) from iteration 1, pixel 1 (1.5) from
 * iteration 2, pixels 2 and 3 never. A pixel that continues voted but no longer runs after the op (it is masked
 * until the ENDLOOP): INCR must leave it alone, and the ENDLOOP lets it run the next iteration. Expected: t9.r = 3
 * everywhere; t10.r = 1 in pixel 1, 3 in pixels 2 and 3, unwritten in pixel 0. An INCR that deactivates it
 * leaves it INACTIVE after the ENDLOOP clears its continue, so it sits out the remaining iterations (pixel 0:
 * t9.r = 1). */
static const char incr_continue_src[] =
    "    loop END int=1" W
    "BODY:\n"
    INC(9)
    GE(9, 0)
    "    fc continue END func=0xf0 b0=incr ign_unc" W
    INC(10)
    "END:\n"
    "    endloop BODY int=1" W
    OUT(10);

/* ---- corner 2: BREAK with JUMP_ANY decides on the voters' wants ---- */

/* Four iterations, t9 counts them; the break wants when t9.r >= t0.r. Pixel 3 is a helper (uncovered; the
 * break ignores it in the decision) with t0.r = 0.5; pixel 0 is killed at the top of the first iteration; pixel 1
 * has t0.r = 2.5, pixel 2 never breaks (99.5). Iteration 1: only the helper wants: it breaks alone, the quad stays.
 * Iteration 2: nobody wants (the killed pixel 0 and the broken helper are members that are gone, but not
 * voters): the quad stays. Iteration 3: pixel 1 wants: the quad jumps out and every member leaves. Expected:
 * t10.r = 2 in pixels 1 and 2, t9.r = 3 there and 1 in pixel 3. Counting the members instead of the voters
 * leaves in iteration 1 (the helper) or 2 (the gone members); deciding as JUMP_ANY = 0 (all members gone) keeps
 * pixel 2 looping to the count (t10.r = 4). */
static const char break_any_src[] =
    "    loop END int=1" W
    "BODY:\n"
    KILL
    INC(9)
    GE(9, 0)
    "    fc breakloop EXIT func=0xf0 any ign_unc" W
    INC(10)
    "END:\n"
    "    endloop BODY int=1" W
    "EXIT:\n"
    OUT(10);

/* ---- corner 3: BREAK with JUMP_ANY = 0 counts killed members as gone ---- */

/* Mesa's `if (t9 >= t0) break;` in a loop of four. Pixel 0 is killed in the first iteration (after counting it),
 * pixel 1 breaks in iteration 1 (t0.r = 0.5), pixel 2 in iteration 2 (1.5), and pixel 3 is a helper that never
 * breaks (99.5).
 * In iteration 2 every covered member is broken or killed, so the quad jumps out and the helper leaves with
 * them. Expected: t10.r = 1 in pixels 2 and 3. A break that waits for the killed member too (or for the
 * helper) does not jump: the helper runs the rest of the loop alone (t10.r = 2 in pixel 3, more retired). */
static const char break_killed_src[] =
    "    loop END int=1" W
    "BODY:\n"
    INC(9)
    KILL
    GE(9, 0)
    "    if NEXT" W
    "    break EXIT popcnt=1" W
    "    endif" W
    "NEXT:\n"
    INC(10)
    "END:\n"
    "    endloop BODY int=1" W
    "EXIT:\n"
    OUT(10);

/* ---- corner 4: OMOD on results at the bottom of the normal range ---- */

/* Each OMOD (x1 x2 x4 x8 /2 /4 /8) on 16 values around 2^-126 (t0: exponent fields 1-4 with both signs, a few
 * ulps above each power, the top of exponent 1, and denormals), through MAD x*1+0 (t1-t7) and through MAX(x, x)
 * (t8-t14, which passes a denormal to the OMOD unflushed); then MAD x*0.5+0 with x2 and x8 (t15, t16), where the
 * product of an exponent-1 value is below 2^-126, flushes in the MAD, and stays zero after the scale. The
 * scale is exact (docs/fp.md), so /2 flushes exponent field 1, /4 fields 1-2, /8 fields 1-3, to a zero of the
 * input's sign (CTM p.29, p.40: no denormal results), and keeps the next field up. */
#define OM(op, d, m, b3, b1)                                                                                       \
    "    alu rgb: " op m " t" #d ".rgb, src0.rgb, src0." b3 ", src0.000  alpha: " op m " t" #d ".a, src0.a, src0." b1 \
    ", src0.0  src0=t0\n"
#define MAD1(d, m) OM("mad", d, m, "111", "1")
#define MAX1(d, m) OM("max", d, m, "rgb", "a")
#define MADH(d, m) OM("mad", d, m, "hhh", "h")
static const char omod_min_normal_src[] =
    MAD1(1, "") MAD1(2, ".x2") MAD1(3, ".x4") MAD1(4, ".x8") MAD1(5, ".d2") MAD1(6, ".d4") MAD1(7, ".d8")
    MAX1(8, "") MAX1(9, ".x2") MAX1(10, ".x4") MAX1(11, ".x8") MAX1(12, ".d2") MAX1(13, ".d4") MAX1(14, ".d8")
    MADH(15, ".x2") MADH(16, ".x8")
    OUT(5);

/* ---- corner 5: the paired ops, rgb SOP and alpha DP, under every running pattern ---- */

/* rgb SOP is the alpha unit's transcendental and alpha DP the rgb unit's dot product (docs/spec.md section 5);
 * random programs pair them rarely, so under pixel patterns where only some pixels run they are almost never
 * seen. For each pattern k = 1..15 an IF on t(16+k).r != 0 (1.0 exactly in the pixels of bit k) runs two
 * instructions with the pixels of k: rgb SOP with transcendental k into t(32+k) (EX2 LN2 RCP RSQ SIN COS in turn,
 * each on inputs where it is exact: docs/fp.md B.5), the alpha unit scaling by OMOD x2, and a dot product (DP3 DP4
 * D2A in turn) into t(48+k), the rgb unit scaling by x2 and alpha DP taking the dot. Expected: t(32+k).rgb = f(a)
 * and .a = 2 f(a), t(48+k).rgb = 2 dot and .a = dot, in the pixels of k only. A SOP that takes the alpha result
 * after its OMOD, an alpha DP after the rgb OMOD, a DP4 without the alpha operands' product, a D2A adding the
 * wrong channel of C, or a paired op that writes pixels not running changes them. */
#define SD(c, op, a, dot, s, d)                                                                                    \
    NE(c)                                                                                                          \
    "    if P" #c W                                                                                                \
    "    alu rgb: sop t" #s ".rgb  alpha: " #op ".x2 t" #s ".a, src0.a  src0=t" #a "\n"                          \
    "    alu rgb: " #dot ".x2 t" #d ".rgb, src0.rgb, src1.rgb, src2.rgb  alpha: dp t" #d ".a, src0.a, src1.a"      \
    "  src0=t8 src1=t9 src2=t10\n"                                                                                 \
    "    endif" W                                                                                                  \
    "P" #c ":\n"
static const char sop_dp_running_src[] =
    SD(17, ex2, 1, dp3, 33, 49)
    SD(18, ln2, 2, dp4, 34, 50)
    SD(19, rcp, 3, d2a, 35, 51)
    SD(20, rsq, 4, dp3, 36, 52)
    SD(21, sin, 5, dp4, 37, 53)
    SD(22, cos, 6, d2a, 38, 54)
    SD(23, ex2, 1, dp3, 39, 55)
    SD(24, ln2, 2, dp4, 40, 56)
    SD(25, rcp, 3, d2a, 41, 57)
    SD(26, rsq, 4, dp3, 42, 58)
    SD(27, sin, 5, dp4, 43, 59)
    SD(28, cos, 6, d2a, 44, 60)
    SD(29, ex2, 1, dp3, 45, 61)
    SD(30, ln2, 2, dp4, 46, 62)
    SD(31, rcp, 3, d2a, 47, 63)
    OUT(33);

/* ---- corner 6: BREAK with JUMP_ANY counts the voters' wants, not those of members that do not run ---- */

/* Two loops of three iterations. The break wants when the ALU result is set (JUMP_FUNC 0xF0). Loop 1 (t9, t10):
 * pixel 0 (t0.r = 0.5) sets its result in iteration 1 and is killed right after it, before the break: a covered
 * member that wants but is not a voter; pixel 1 (t0.r = 2.5) wants in iteration 3 and takes the quad out there.
 * Loop 2 (t11-t13, pixel 0 killed and no member): pixels 2 and 3 (t1.r = 1) run the then-part and go INACTIVE
 * at the ELSE with their result set; pixel 1 (t1.r = 0) runs the else-part, clears its result again (the CTM's
 * rule: an FC reads a result written since the previous FC, p.32), and the break finds one voter that does not
 * want and two inactive members that would: the quad stays. Expected: t9.r = 1 in pixel
 * 0 and 3 in pixels 1-3, t10.r = 2 in pixels 1-3; t11.r = 3 in pixels 1-3, t12.r = 3 in pixels 2 and 3, t13.r = 3
 * in pixel 1. A break that counts the killed member leaves loop 1 in iteration 1 (t9.r = 1, no t10); one that
 * counts the inactive members leaves loop 2 in iteration 1 (t11.r = 1, no t13). */
static const char break_any_gone_src[] =
    "    loop END1 int=1" W
    "BODY1:\n"
    INC(9)
    GE(9, 0)
    KILL
    "    fc breakloop EXIT1 func=0xf0 any ign_unc" W
    INC(10)
    "END1:\n"
    "    endloop BODY1 int=1" W
    "EXIT1:\n"
    "    loop END2 int=1" W
    "BODY2:\n"
    INC(11)
    NE(1)
    "    if_else E2" W
    INC(12)
    "    else N2" W
    "E2:\n"
    NE(1)
    "    fc breakloop EXIT2 func=0xf0 any ign_unc" W
    INC(13)
    "    endif" W
    "N2:\n"
    "END2:\n"
    "    endloop BODY2 int=1" W
    "EXIT2:\n"
    OUT(10);

/* ---- corner 7: the watchdog ends an endless loop ---- */

/* t9.r += 1 and an unconditional jump back (JUMP_FUNC 0xFF, every voter wants), for ever; the OUT after it is
 * never reached. The vector's watchdog is 61 instructions (docs/spec.md section 7, rule 4): the quad ends after
 * its 61st retired instruction, the 31st increment, with the watchdog flag and nothing else. Expected: t9.r = 31
 * in every pixel, no output, errors watchdog, 61 retired. */
static const char watchdog_src[] =
    "LOOP:\n"
    INC(9)
    "    fc jump LOOP func=0xff" W
    OUT(9);

/* ---- corner 8: the transcendentals' special inputs ---- */

/* EX2 LN2 RCP RSQ SIN COS (in that order, k = 0..5) of t1.a, t2.a and t3.a (j = 1..3) into t(10 + 3k + j - 1),
 * rgb SOP beside each, so both units write f(a). The twelve inputs (pixel p of tj): quiet NaN, negative NaN with
 * a payload, signalling NaN, +0; -0, +inf, -inf, -1; the smallest positive and the largest negative denormal, +4,
 * -4. Expected: docs/fp.md B.5's special values (NaN in, NaN out; the zeros and denormals; the infinities; a
 * negative finite LN2 or RSQ is NaN) and its exact results (EX2 of integers, LN2 and RCP of powers of two, RSQ
 * of 4, SIN and COS of multiples of 1/2), every NaN result written as 0x7FFFFFFF by the OMOD (CTM p.29). */
#define TR(op, d, j) "    alu rgb: sop t" #d ".rgb  alpha: " #op " t" #d ".a, src0.a  src0=t" #j "\n"
#define TR3(op, d0, d1, d2) TR(op, d0, 1) TR(op, d1, 2) TR(op, d2, 3)
static const char trans_special_src[] =
    TR3(ex2, 10, 11, 12) TR3(ln2, 13, 14, 15) TR3(rcp, 16, 17, 18) TR3(rsq, 19, 20, 21) TR3(sin, 22, 23, 24)
    TR3(cos, 25, 26, 27)
    OUT(13);

/* ---- corner 9: the instruction banks and US_PIXSIZE ---- */

/* Loaded through the instruction bank registers (US_CMN_INST_n .. US_ALU_RGBA_INST_n, dword 5 first and the
 * last slot first) instead of GA_US_VECTOR_INDEX/DATA, after a write of US_PIXSIZE = 1 (one temporary), which
 * has no effect (docs/spec.md section 3): t127 = t0 t1 + t2, t64 = t127 + t3, o0 = t64, every channel. Expected
 * from the inputs (small integers, exact): a program the banks did not load leaves slots of zeros, which write
 * t0, not t64. */
static const char banks_src[] =
    "    alu rgb: mad t127.rgb, src0.rgb, src1.rgb, src2.rgb  alpha: mad t127.a, src0.a, src1.a, src2.a"
    "  src0=t0 src1=t1 src2=t2\n"
    "    alu rgb: mad t64.rgb, src0.rgb, src0.111, src1.rgb  alpha: mad t64.a, src0.a, src0.1, src1.a"
    "  src0=t127 src1=t3\n"
    OUT(64);

/* ---- corner 10: a program loaded away from slot 0 ---- */

/* Loaded at slot 300 with US_CODE_OFFSET = 300, START_ADDR 2 and END_ADDR the last instruction (relative), the
 * code window US_CODE_RANGE exactly slots 302 to the end: two poison writes (t12) the start skips, a LOOP of
 * three with an IF inside (t10 counts in the pixels whose t1.r != 0, pixels 0 and 2), then a jump over a third
 * poison write. Every jump target is relative (JUMP_ADDR + OFFSET_ADDR, docs/spec.md section 4). Expected: t9.r
 * = 3 everywhere, t10.r = 3 in pixels 0 and 2, no t11 or t12, no error. An offset left out sends the first jump
 * (or the start) to slots outside the window: pc_range. */
static const char relocated_src[] =
    SET1(12, r)
    SET1(12, g)
    "    loop END int=1" W
    "BODY:\n"
    INC(9)
    NE(1)
    "    if SKIP" W
    INC(10)
    "    endif" W
    "SKIP:\n"
    "END:\n"
    "    endloop BODY int=1" W
    "    fc jump FIN func=0xff" W
    SET1(11, r)
    "FIN:\n"
    OUT(9);

/* ---- corner 11: what reset leaves in the instruction memory and the constants ---- */

/* Loaded at slot 509 with US_CODE_OFFSET = 509, three slots in the code window, and the last (slot 511, the
 * memory's last) never loaded; no constant is loaded. t1 = c255 x 1 + c0 reads the constants reset leaves, the
 * memory's first and last (docs/spec.md section 3: zero until loaded), and o0 = t1 + t0; slot 511, the end,
 * runs as the zeros reset left there. Expected: t1 = 0, o0 = t0's input, and slot 511's record of an all-zero
 * instruction. A memory that comes out of reset with anything but zero in its last word (a sweep one word short,
 * us_vram) changes t1 and o0, or slot 511's instruction. */
static const char unloaded_src[] =
    "    alu rgb: mad t1.rgb, src0.rgb, src0.111, src1.rgb  alpha: mad t1.a, src0.a, src0.1, src1.a"
    "  src0=c255 src1=c0\n"
    "    out rgb: mad o0.rgb, src0.rgb, src0.111, src1.rgb  alpha: mad o0.a, src0.a, src0.1, src1.a"
    "  src0=t1 src1=t0\n"
    "    out rgb: mad o1.rgb, src0.rgb, src0.111, src0.000  src0=t0\n"; /* slot 511: never loaded */

/* ---- the table ---- */

#define F0 0x00000000u
#define F1 0x3F800000u
#define FM1 0xBF800000u
#define F2 0x40000000u
#define F3 0x40400000u
#define H0 0x3F000000u  /* 0.5 */
#define H1 0x3FC00000u  /* 1.5 */
#define H2 0x40200000u  /* 2.5 */
#define H99 0x42C70000u /* 99.5 */

/* A small integer's fp32 bits (exact). */
static uint32_t int_bits(int n)
{
    float f = (float)n;
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

/* corner 5's inputs, by rule: per pixel p, t1..t6.a the arguments of EX2 LN2 RCP RSQ SIN COS (exact results:
 * 2^(p-1); p+1; 2^(1-p); 2^(1-p); +-1; +-1), t8 = (p+1, 2, 3, p+1), t9 = (1, p+1, 2, 3), t10 = (7, 0, p+5, 0)
 * (DP3 = 3p+9, DP4 = 6p+12, D2A = 4p+8), and t(16+k).r = 1 where bit p of pattern k is set. */
static void sop_dp_inputs(us_vector_t *v)
{
    static const uint32_t arg[6][US_NPIX] = {
        {0xBF800000u, 0x00000000u, 0x3F800000u, 0x40000000u}, /* EX2 of -1 0 1 2 */
        {0x40000000u, 0x40800000u, 0x41000000u, 0x41800000u}, /* LN2 of 2 4 8 16 */
        {0x3F000000u, 0x3F800000u, 0x40000000u, 0x40800000u}, /* RCP of 0.5 1 2 4 */
        {0x3E800000u, 0x3F800000u, 0x40800000u, 0x41800000u}, /* RSQ of 0.25 1 4 16 */
        {0x3E800000u, 0x3F400000u, 0xBE800000u, 0x3FA00000u}, /* SIN of 0.25 0.75 -0.25 1.25 turns */
        {0x00000000u, 0x3F000000u, 0x3F800000u, 0xBF000000u}, /* COS of 0 0.5 1 -0.5 turns */
    };
    for (unsigned p = 0; p < US_NPIX; p++) {
        int q = (int)p;
        for (unsigned i = 0; i < 6; i++)
            v->temp[p][1 + i][3] = arg[i][p];
        const uint32_t t8[4] = {int_bits(q + 1), int_bits(2), int_bits(3), int_bits(q + 1)};
        const uint32_t t9[4] = {int_bits(1), int_bits(q + 1), int_bits(2), int_bits(3)};
        const uint32_t t10[4] = {int_bits(7), 0u, int_bits(q + 5), 0u};
        memcpy(v->temp[p][8], t8, sizeof t8);
        memcpy(v->temp[p][9], t9, sizeof t9);
        memcpy(v->temp[p][10], t10, sizeof t10);
        for (unsigned k = 1; k < 16; k++)
            v->temp[p][16 + k][0] = k >> p & 1u ? int_bits(1) : 0u;
    }
}

/* corner 8's inputs: t1..t3.a of each pixel (the comment above trans_special_src) */
static void trans_special_inputs(us_vector_t *v)
{
    static const uint32_t arg[3][US_NPIX] = {
        {0x7FC00000u, 0xFFC00001u, 0x7F800001u, 0x00000000u}, /* qNaN, -NaN, sNaN, +0 */
        {0x80000000u, 0x7F800000u, 0xFF800000u, 0xBF800000u}, /* -0, +inf, -inf, -1 */
        {0x00000001u, 0x807FFFFFu, 0x40800000u, 0xC0800000u}, /* +denormal, -denormal, 4, -4 */
    };
    for (unsigned p = 0; p < US_NPIX; p++)
        for (unsigned j = 0; j < 3; j++)
            v->temp[p][1 + j][3] = arg[j][p];
}

/* How a vector loads its program. */
/* LOAD_HEAD: through the load port, all but the last slot (left as reset made it) */
enum { LOAD_PORT, LOAD_BANKS, LOAD_HEAD };

typedef struct directed {
    const char *name, *src;
    unsigned kr;     /* int constant 1: the loops' iteration count */
    uint8_t covered;
    uint32_t t[US_NPIX][4][4]; /* inputs t0..t3: pixel, temporary, r g b a (the rest 0) */
    void (*inputs)(us_vector_t *v); /* more inputs by rule, or NULL */
    unsigned watchdog;              /* param watchdog, 0: the default */
    unsigned load;                  /* LOAD_PORT or LOAD_BANKS (then US_PIXSIZE = 1 first) */
    unsigned base, start;           /* slot the program is loaded at (US_CODE_OFFSET), START_ADDR (relative) */
    const char *unsafe;             /* its `unsafe` line after the keyword: what it breaks on purpose, why; or NULL */
} directed_t;

static const directed_t directed[] = {
    {"incr-inactive", incr_inactive_src, 1, 0xF,
     {{{F1}, {F0}}, {{F1}, {F0}}, {{F0}, {F0}}, {{F1}, {F0}, {F0}, {FM1}}}, NULL, 0, LOAD_PORT, 0, 0, NULL},
    {"incr-helper", incr_helper_src, 1, 0x7,
     {{{F1}, {F0}}, {{F1}, {F0}}, {{F1}, {F0}}, {{F0}, {F1}}}, NULL, 0, LOAD_PORT, 0, 0, NULL},
    {"incr-continue", incr_continue_src, 3, 0xF,
     {{{H0}}, {{H1}}, {{H99}}, {{H99}}}, NULL, 0, LOAD_PORT, 0, 0, NULL},
    {"break-any", break_any_src, 4, 0x7,
     {{{H99}, {F0}, {F0}, {FM1}}, {{H2}}, {{H99}}, {{H0}}}, NULL, 0, LOAD_PORT, 0, 0, NULL},
    {"break-killed", break_killed_src, 4, 0x7,
     {{{H99}, {F0}, {F0}, {FM1}}, {{H0}}, {{H1}}, {{H99}}}, NULL, 0, LOAD_PORT, 0, 0, NULL},
    {"omod-min-normal", omod_min_normal_src, 1, 0xF,
     {{{0x00800000u, 0x00800001u, 0x00800003u, 0x80800000u}},
      {{0x80800001u, 0x00FFFFFFu, 0x01000000u, 0x81000001u}},
      {{0x01800000u, 0x81800005u, 0x01FFFFFFu, 0x02000000u}},
      {{0x82000001u, 0x007FFFFFu, 0x80000001u, 0x00800002u}}}, NULL, 0, LOAD_PORT, 0, 0, NULL},
    {"sop-dp-running", sop_dp_running_src, 1, 0xF, {{{F0}}}, sop_dp_inputs, 0, LOAD_PORT, 0, 0, NULL},
    {"break-any-gone", break_any_gone_src, 3, 0xF,
     {{{H0}, {F1}, {F0}, {FM1}}, {{H2}, {F0}}, {{H99}, {F1}}, {{H99}, {F1}}}, NULL, 0, LOAD_PORT, 0, 0, NULL},
    {"watchdog", watchdog_src, 1, 0xF, {{{F0}}}, NULL, 61, LOAD_PORT, 0, 0,
     "watchdog an endless loop that the model's watchdog ends; the hardware has no watchdog"},
    {"trans-special", trans_special_src, 1, 0xF, {{{F0}}}, trans_special_inputs, 0, LOAD_PORT, 0, 0, NULL},
    {"banks", banks_src, 1, 0xF,
     {{{F1, F2, F3, FM1}, {F2, F3, FM1, F1}, {F3, FM1, F1, F2}, {F1, F1, F1, F1}},
      {{F2, F2, F2, F2}, {F3, F3, F3, F3}, {FM1, F0, F1, F2}, {F0, F1, F2, F3}},
      {{F0, F1, F2, F3}, {F1, F1, F1, F1}, {F2, F2, F2, F2}, {FM1, FM1, FM1, FM1}},
      {{F3, F2, F1, F0}, {F0, F0, F0, F0}, {F1, F2, F3, F1}, {F2, FM1, F0, F1}}},
     NULL, 0, LOAD_BANKS, 0, 0, NULL},
    {"relocated", relocated_src, 3, 0xF, {{{F0}, {F1}}, {{F0}, {F0}}, {{F0}, {F1}}, {{F0}, {F0}}}, NULL, 0,
     LOAD_PORT, 300, 2, NULL},
    {"unloaded", unloaded_src, 1, 0xF,
     {{{F1, F2, F3, FM1}}, {{F2, F3, FM1, F1}}, {{F3, FM1, F1, F2}}, {{F1, F1, F1, F1}}}, NULL, 0, LOAD_HEAD, 509, 0,
     "last-out the program ends on the zeros reset leaves in slot 511, an ALU instruction (CTM p.23); that the "
     "instruction memory and constants read as zero after reset is this model's rule, not the CTM's"},
};
#define NDIRECTED (sizeof directed / sizeof directed[0])

unsigned us_gen_directed_count(void) { return (unsigned)NDIRECTED; }

const char *us_gen_directed_name(unsigned which) { return which < NDIRECTED ? directed[which].name : "?"; }

bool us_gen_directed_vector(unsigned which, us_vector_t *v, char *err, size_t err_size)
{
    static us_program_t p;
    if (which >= NDIRECTED) {
        snprintf(err, err_size, "no directed vector %u", which);
        return false;
    }
    const directed_t *d = &directed[which];
    if (us_asm_ex(d->src, d->name, &p, err, err_size, true) != 0)
        return false;
    us_gen_make_safe(&p);
    us_vec_init(v);
    snprintf(v->name, sizeof v->name, "directed-%s", d->name);
    if (d->watchdog)
        v->params.watchdog = d->watchdog;
    if (d->unsafe && us_waiver_parse(d->unsafe, &v->waive, err, err_size)) /* usim checks it names all it breaks */
        return false;
    us_vec_add_write(v, US_CONFIG_ADDR, 1u << US_CONFIG_ZERO_TIMES_ANYTHING_EQUALS_ZERO_LO);
    us_vec_add_write(v, US_FC_CTRL_ADDR, US_FC_CTRL_FULL_FC_EN_MASK);
    uint32_t last = p.count - 1u;
    if (d->base)
        us_vec_add_write(v, US_CODE_OFFSET_ADDR, d->base << US_CODE_OFFSET_OFFSET_ADDR_LO);
    us_vec_add_write(v, US_CODE_ADDR_ADDR, d->start << US_CODE_ADDR_START_ADDR_LO | last << US_CODE_ADDR_END_ADDR_LO);
    us_vec_add_write(v, US_CODE_RANGE_ADDR, (d->base + d->start) << US_CODE_RANGE_CODE_ADDR_LO |
                                                (last - d->start) << US_CODE_RANGE_CODE_SIZE_LO);
    us_vec_add_write(v, US_FC_INT_CONST_ADDR, 0xFFu);
    us_vec_add_write(v, US_FC_INT_CONST_ADDR + 4u, d->kr);
    if (d->load == LOAD_BANKS) { /* the banks in dword order 5..0, each from the last slot down */
        static const uint32_t bank[6] = {US_CMN_INST_ADDR,      US_ALU_RGB_ADDR_ADDR, US_ALU_ALPHA_ADDR_ADDR,
                                         US_ALU_RGB_INST_ADDR, US_ALU_ALPHA_INST_ADDR, US_ALU_RGBA_INST_ADDR};
        us_vec_add_write(v, US_PIXSIZE_ADDR, 1u << US_PIXSIZE_PIX_SIZE_LO);
        for (unsigned w = 6; w-- > 0;)
            for (unsigned i = p.count; i-- > 0;)
                us_vec_add_write(v, bank[w] + 4u * (d->base + i), p.inst[i].w[w]);
    } else {
        static us_program_t head;
        head = p;
        if (d->load == LOAD_HEAD)
            head.count--;
        us_vec_add_program(v, &head, d->base);
    }
    v->covered = d->covered;
    for (unsigned px = 0; px < US_NPIX; px++)
        memcpy(v->temp[px], d->t[px], sizeof d->t[px]);
    if (d->inputs)
        d->inputs(v);
    return true;
}
