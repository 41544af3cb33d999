/* Mesa-shaped flow-control programs in the assembly language (docs/asm.md): if/else, nested ifs, else chains,
 * loops with break and continue at several IF depths, nested loops, loops inside ifs. Conditions come from the
 * ALU result of a compare, as Mesa writes them; t10 accumulates the result r, t9 and t8 count loops, c_k holds k.
 * Shared by tb/model/test_fc_glsl.c (each program against its GLSL meaning) and the vector generator (the Mesa
 * FC suite). Included, not linked: the strings are static. */
#ifndef US_MESA_FC_SRC_H
#define US_MESA_FC_SRC_H

/* ---- assembly fragments (t10 = r, c_k holds k in every channel) ---- */
#define ACC(ch, k) "    alu rgb: mad t10." #ch ", src0.rgb, src0.111, src1.rgb  src0=t10 src1=c" #k "\n"
#define ACC_A(k) "    alu alpha: mad t10.a, src0.a, src0.1, src1.a  src0=t10 src1=c" #k "\n"
#define ACC_T(ch, t) "    alu rgb: mad t10." #ch ", src0.rgb, src0.111, src1.rrr  src0=t10 src1=t" #t "\n"
#define SET_T(ch, t) "    alu rgb: mad t10." #ch ", src0.rrr, src0.111, src0.000  src0=t" #t "\n"
#define SET_A_T(t) "    alu alpha: mad t10.a, src0.r, src0.1, src0.0  src0=t" #t "\n"
#define INC(t) "    alu rgb: mad t" #t ".r, src0.rgb, src0.111, src0.111  src0=t" #t "\n"
#define ZERO(t) "    alu rgb: mad t" #t ".r, src0.000, src0.000, src0.000\n"
/* Mesa's generic IF: a MOV of the value with compare != 0, no register write */
#define COND_NE(t) "    alu rgb: mad _, src0.rgb, src0.111, src0.000  src0=t" #t "  result=r.ne\n"
/* Mesa's rewritten SLT/SGE/SEQ: a - b compared with 0 (red or alpha channel) */
#define COND(op, a, b)                                                                                            \
    "    alu rgb: mad _, src0.rgb, src0.111, -src1.rgb  src0=t" #a " src1=t" #b "  result=r." #op "\n"
#define COND_A(op, a, b)                                                                                          \
    "    alu alpha: mad _, src0.a, src0.1, -src1.a  src0=t" #a " src1=t" #b "  result=a." #op "\n"
#define OUT_R                                                                                                      \
    "    out rgb: mad o0.rgb, src0.rgb, src0.111, src0.000  alpha: mad o0.a, src0.a, src0.1, src0.0  src0=t10\n"
#define W " alu_wait\n"

static const char if_else_src[] =
    COND_NE(0)
    "    if_else ELSE" W
    "    alu rgb: mad t10.rgb, src0.rgb, src0.111, src0.000  src0=t1\n"
    ACC_A(1)
    "    else ENDIF" W
    "ELSE:\n"
    "    alu rgb: mad t10.rgb, src0.rgb, src0.111, src0.000  src0=t2\n"
    "    endif" W
    "ENDIF:\n"
    ACC(b, 3)
    OUT_R;

static const char if_src[] =
    COND(lt, 0, 1)
    "    if ENDIF" W
    ACC(r, 5)
    "    alu rgb: mad t10.g, src0.rrr, src0.111, src1.rrr  src0=t10 src1=t1\n"
    "    endif" W
    "ENDIF:\n"
    ACC(b, 1)
    OUT_R;

static const char empty_else_src[] =
    COND_A(ge, 0, 1)
    "    if_else ELSE" W
    ACC(r, 2)
    "    else ENDIF" W
    "ELSE:\n"
    "    endif" W
    "ENDIF:\n"
    ACC_T(g, 0)
    OUT_R;

static const char nested4_src[] =
    COND_NE(0)
    "    if_else E1" W
    ACC(r, 1)
    COND_NE(1)
    "    if_else E2" W
    ACC(r, 2)
    COND_NE(2)
    "    if_else E3" W
    ACC(r, 4)
    COND_A(ne, 3, 15)
    "    if_else E4" W
    ACC(g, 8)
    "    else F4" W
    "E4:\n"
    ACC(g, 16)
    "    endif" W
    "F4:\n"
    ACC(b, 1)
    "    else F3" W
    "E3:\n"
    COND_A(ne, 3, 15)
    "    if F3B" W
    ACC(g, 32)
    "    endif" W
    "F3B:\n"
    "    endif" W
    "F3:\n"
    "    else F2" W
    "E2:\n"
    ACC_A(2)
    COND_NE(2)
    "    if F2B" W
    COND_A(ne, 3, 15)
    "    if_else E2C" W
    ACC(b, 64)
    "    else F2C" W
    "E2C:\n"
    ACC(b, 128)
    "    endif" W
    "F2C:\n"
    "    endif" W
    "F2B:\n"
    "    endif" W
    "F2:\n"
    ACC(r, 8)
    "    else F1" W
    "E1:\n"
    COND_NE(1)
    "    if_else E1B" W
    ACC_A(1)
    "    else F1B" W
    "E1B:\n"
    "    endif" W
    "F1B:\n"
    "    endif" W
    "F1:\n"
    ACC(b, 3)
    OUT_R;

static const char else_chain_src[] =
    COND(lt, 0, 1)
    "    if_else E1" W
    ACC(r, 1)
    "    else F1" W
    "E1:\n"
    COND(lt, 0, 2)
    "    if_else E2" W
    ACC(r, 2)
    "    else F2" W
    "E2:\n"
    COND(lt, 0, 3)
    "    if_else E3" W
    ACC(r, 4)
    "    else F3" W
    "E3:\n"
    COND(lt, 0, 4)
    "    if_else E4" W
    ACC(r, 8)
    "    else F4" W
    "E4:\n"
    ACC(g, 1)
    "    endif" W
    "F4:\n"
    ACC(b, 2)
    "    endif" W
    "F3:\n"
    "    endif" W
    "F2:\n"
    "    endif" W
    "F1:\n"
    ACC_T(b, 0)
    OUT_R;

static const char brk1_src[] =
    "    loop END int=0" W
    "BODY:\n"
    COND(ge, 9, 1)
    "    if NEXT" W
    "    break EXIT popcnt=1" W
    "    endif" W
    "NEXT:\n"
    ACC(r, 1)
    ACC_T(g, 9)
    INC(9)
    "END:\n"
    "    endloop BODY" W
    "EXIT:\n"
    SET_T(b, 9)
    OUT_R;

static const char brk2_src[] =
    "    loop END int=0" W
    "BODY:\n"
    COND(ge, 9, 5)
    "    if N1" W
    "    break EXIT popcnt=1" W
    "    endif" W
    "N1:\n"
    COND_NE(1)
    "    if N2" W
    ACC(g, 1)
    COND(ge, 9, 2)
    "    if N3" W
    "    break EXIT popcnt=2" W
    "    endif" W
    "N3:\n"
    ACC(b, 1)
    "    endif" W
    "N2:\n"
    ACC(r, 1)
    INC(9)
    "END:\n"
    "    endloop BODY" W
    "EXIT:\n"
    SET_A_T(9)
    OUT_R;

static const char brk3_src[] =
    "    loop END int=0" W
    "BODY:\n"
    COND(ge, 9, 5)
    "    if N1" W
    "    break EXIT popcnt=1" W
    "    endif" W
    "N1:\n"
    COND_NE(1)
    "    if N2" W
    ACC(g, 1)
    COND_A(ne, 2, 15)
    "    if N3" W
    ACC(b, 1)
    COND(ge, 9, 3)
    "    if N4" W
    "    break EXIT popcnt=3" W
    "    endif" W
    "N4:\n"
    ACC(b, 10)
    "    endif" W
    "N3:\n"
    "    endif" W
    "N2:\n"
    ACC(r, 1)
    INC(9)
    "END:\n"
    "    endloop BODY" W
    "EXIT:\n"
    SET_A_T(9)
    OUT_R;

static const char cont1_src[] =
    "    loop END int=0" W
    "BODY:\n"
    COND(ge, 9, 5)
    "    if N1" W
    "    break EXIT popcnt=1" W
    "    endif" W
    "N1:\n"
    INC(9)
    ACC(g, 1)
    COND(eq, 9, 1)
    "    if N2" W
    "    continue END popcnt=1" W
    "    endif" W
    "N2:\n"
    ACC_T(r, 9)
    COND(eq, 9, 2)
    "    if N3" W
    "    continue END popcnt=1" W
    "    endif" W
    "N3:\n"
    ACC_T(b, 9)
    "END:\n"
    "    endloop BODY" W
    "EXIT:\n"
    SET_A_T(9)
    OUT_R;

static const char cont2_src[] =
    "    loop END int=0" W
    "BODY:\n"
    COND(ge, 9, 5)
    "    if N1" W
    "    break EXIT popcnt=1" W
    "    endif" W
    "N1:\n"
    INC(9)
    COND_NE(1)
    "    if_else E2" W
    ACC(g, 1)
    COND(ge, 9, 2)
    "    if N3" W
    "    continue END popcnt=2" W
    "    endif" W
    "N3:\n"
    ACC(b, 1)
    "    else F2" W
    "E2:\n"
    ACC_A(1)
    "    endif" W
    "F2:\n"
    ACC_T(r, 9)
    "END:\n"
    "    endloop BODY" W
    "EXIT:\n"
    OUT_R;

static const char nested_loops_src[] =
    "    loop OEND int=0" W
    "OBODY:\n"
    COND(ge, 8, 1)
    "    if O1" W
    "    break OEXIT popcnt=1" W
    "    endif" W
    "O1:\n"
    ZERO(9)
    "    alu rgb: mad t7.r, src0.rrr, src0.111, src1.rrr  src0=t2 src1=t8\n" /* limit = n + j */
    "    loop IEND int=0" W
    "IBODY:\n"
    COND(ge, 9, 7)
    "    if I1" W
    "    break IEXIT popcnt=1" W
    "    endif" W
    "I1:\n"
    ACC(r, 1)
    INC(9)
    "IEND:\n"
    "    endloop IBODY" W
    "IEXIT:\n"
    ACC(g, 1)
    ACC_T(b, 9)
    INC(8)
    "OEND:\n"
    "    endloop OBODY" W
    "OEXIT:\n"
    SET_A_T(8)
    OUT_R;

static const char kr_loop_src[] =
    "    loop END int=1" W
    "BODY:\n"
    COND(ge, 9, 1)
    "    if N1" W
    "    break EXIT popcnt=1" W
    "    endif" W
    "N1:\n"
    COND(lt, 9, 2)
    "    if_else E2" W
    ACC(g, 1)
    "    else F2" W
    "E2:\n"
    ACC(b, 1)
    "    endif" W
    "F2:\n"
    ACC(r, 1)
    INC(9)
    "END:\n"
    "    endloop BODY int=1" W
    "EXIT:\n"
    SET_A_T(9)
    OUT_R;

static const char all_if_src[] =
    "    loop END int=1" W
    "BODY:\n"
    COND(lt, 10, 1)
    "    if_else ELSE" W
    ACC(r, 1)
    "    else ENDIF" W
    "ELSE:\n"
    ACC(g, 1)
    "    endif" W
    "ENDIF:\n"
    "END:\n"
    "    endloop BODY int=1" W
    OUT_R;

static const char if_loop_src[] =
    COND_NE(1)
    "    if_else ELSE" W
    "    loop END int=0" W
    "BODY:\n"
    COND(ge, 9, 2)
    "    if N1" W
    "    break EXIT popcnt=1" W
    "    endif" W
    "N1:\n"
    ACC(r, 1)
    INC(9)
    "END:\n"
    "    endloop BODY" W
    "EXIT:\n"
    ACC(g, 1)
    "    else ENDIF" W
    "ELSE:\n"
    ACC(b, 1)
    "    endif" W
    "ENDIF:\n"
    SET_A_T(9)
    OUT_R;

static const char brk_then_src[] =
    "    loop END int=0" W
    "BODY:\n"
    COND(ge, 9, 1)
    "    if_else ELSE" W
    ACC(g, 10)
    "    break EXIT popcnt=1" W
    "    else ENDIF" W
    "ELSE:\n"
    ACC(r, 1)
    "    endif" W
    "ENDIF:\n"
    ACC(b, 1)
    INC(9)
    "END:\n"
    "    endloop BODY" W
    "EXIT:\n"
    SET_A_T(9)
    OUT_R;

static const char brk_else_src[] =
    "    loop END int=0" W
    "BODY:\n"
    COND(lt, 9, 1)
    "    if_else ELSE" W
    ACC(r, 1)
    "    else ENDIF" W
    "ELSE:\n"
    ACC(g, 1)
    COND(ge, 9, 2)
    "    if N2" W
    "    break EXIT popcnt=2" W
    "    endif" W
    "N2:\n"
    ACC(b, 1)
    "    endif" W
    "ENDIF:\n"
    INC(9)
    "END:\n"
    "    endloop BODY" W
    "EXIT:\n"
    SET_A_T(9)
    OUT_R;

static const char cont_outer_src[] =
    "    loop OEND int=0" W
    "OBODY:\n"
    COND(ge, 8, 3)
    "    if O1" W
    "    break OEXIT popcnt=1" W
    "    endif" W
    "O1:\n"
    INC(8)
    COND(eq, 8, 1)
    "    if O2" W
    "    continue OEND popcnt=1" W
    "    endif" W
    "O2:\n"
    ZERO(9)
    "    loop IEND int=0" W
    "IBODY:\n"
    COND(ge, 9, 2)
    "    if I1" W
    "    break IEXIT popcnt=1" W
    "    endif" W
    "I1:\n"
    ACC(r, 1)
    INC(9)
    "IEND:\n"
    "    endloop IBODY" W
    "IEXIT:\n"
    ACC_T(g, 8)
    "OEND:\n"
    "    endloop OBODY" W
    "OEXIT:\n"
    ACC_T(b, 9)
    OUT_R;

static const char if_loop_deep_src[] =
    COND_NE(1)
    "    if_else ELSE" W
    "    loop END int=0" W
    "BODY:\n"
    COND(ge, 9, 5)
    "    if N1" W
    "    break EXIT popcnt=1" W
    "    endif" W
    "N1:\n"
    INC(9)
    COND_NE(2)
    "    if N2" W
    ACC(g, 1)
    COND_A(ne, 2, 15)
    "    if N3" W
    COND(ge, 9, 3)
    "    if N4" W
    "    break EXIT popcnt=3" W
    "    endif" W
    "N4:\n"
    COND(eq, 9, 4)
    "    if N5" W
    "    continue END popcnt=3" W
    "    endif" W
    "N5:\n"
    ACC(b, 1)
    "    endif" W
    "N3:\n"
    "    endif" W
    "N2:\n"
    ACC(r, 1)
    "END:\n"
    "    endloop BODY" W
    "EXIT:\n"
    "    alu alpha: mad t10.a, src0.r, src0.1, src1.a  src0=t9 src1=t10\n"
    "    else ENDIF" W
    "ELSE:\n"
    ACC_A(100)
    "    endif" W
    "ENDIF:\n"
    ACC(b, 7)
    OUT_R;

static const char loop_if_loop_src[] =
    "    loop OEND int=0" W
    "OBODY:\n"
    COND(ge, 8, 5)
    "    if O1" W
    "    break OEXIT popcnt=1" W
    "    endif" W
    "O1:\n"
    INC(8)
    COND(ne, 8, 1)
    "    if O2" W
    ZERO(9)
    "    loop IEND int=0" W
    "IBODY:\n"
    COND(ge, 9, 4)
    "    if I1" W
    "    break IEXIT popcnt=1" W
    "    endif" W
    "I1:\n"
    INC(9)
    COND_NE(2)
    "    if I2" W
    COND(ge, 9, 3)
    "    if I3" W
    "    break IEXIT popcnt=2" W
    "    endif" W
    "I3:\n"
    "    endif" W
    "I2:\n"
    ACC(r, 1)
    "IEND:\n"
    "    endloop IBODY" W
    "IEXIT:\n"
    ACC_T(g, 9)
    "    endif" W
    "O2:\n"
    ACC(b, 1)
    "OEND:\n"
    "    endloop OBODY" W
    "OEXIT:\n"
    OUT_R;

static const char cont_brk_src[] =
    "    loop END int=0" W
    "BODY:\n"
    COND(ge, 9, 5)
    "    if N1" W
    "    break EXIT popcnt=1" W
    "    endif" W
    "N1:\n"
    INC(9)
    COND(eq, 9, 1)
    "    if N2" W
    "    continue END popcnt=1" W
    "    endif" W
    "N2:\n"
    COND_NE(2)
    "    if N3" W
    COND(ge, 9, 3)
    "    if N4" W
    "    break EXIT popcnt=2" W
    "    endif" W
    "N4:\n"
    "    endif" W
    "N3:\n"
    ACC_T(r, 9)
    ACC(g, 1)
    "END:\n"
    "    endloop BODY" W
    "EXIT:\n"
    ACC_T(b, 9)
    OUT_R;

typedef struct us_mesa_fc_prog {
    const char *name, *src;
} us_mesa_fc_prog_t;

/* Every program above, by name. */
static const us_mesa_fc_prog_t us_mesa_fc_progs[] = {
    {"if_else", if_else_src},
    {"if", if_src},
    {"empty_else", empty_else_src},
    {"nested4", nested4_src},
    {"else_chain", else_chain_src},
    {"brk1", brk1_src},
    {"brk2", brk2_src},
    {"brk3", brk3_src},
    {"cont1", cont1_src},
    {"cont2", cont2_src},
    {"nested_loops", nested_loops_src},
    {"kr_loop", kr_loop_src},
    {"all_if", all_if_src},
    {"if_loop", if_loop_src},
    {"brk_then", brk_then_src},
    {"brk_else", brk_else_src},
    {"cont_outer", cont_outer_src},
    {"if_loop_deep", if_loop_deep_src},
    {"loop_if_loop", loop_if_loop_src},
    {"cont_brk", cont_brk_src},
};

#endif
