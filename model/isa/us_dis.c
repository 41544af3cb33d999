#include "isa/us_dis.h"

#include <stdio.h>
#include <string.h>

#include "isa/us_syntax.h"

/* Fields the readable form has printed, per dword; every other nonzero field is printed as word.field=value. */
typedef struct covered {
    uint32_t bits[6];
} covered_t;

static void cover(covered_t *c, unsigned word, uint32_t mask)
{
    c->bits[word] |= mask;
}

static const char *const wmask_rgb[8] = {"_", "r", "g", "rg", "b", "rb", "gb", "rgb"};

static void put_addr(us_strbuf_t *sb, char bank, unsigned addr, bool rel)
{
    if (rel)
        us_sb_printf(sb, "%c[aL+%u]", bank, addr);
    else
        us_sb_printf(sb, "%c%u", bank, addr);
}

/* A source address field: t<n>, c<n>, t[aL+n], c[aL+n] or an inline constant. */
static void put_source(us_strbuf_t *sb, unsigned addr, bool is_const, bool rel)
{
    if (!is_const && !rel && addr >= 128) {
        char buf[32];
        us_format_inline(addr & 127u, buf, sizeof buf);
        us_sb_puts(sb, buf);
    } else {
        put_addr(sb, is_const ? 'c' : 't', addr, rel);
    }
}

static void put_operand(us_strbuf_t *sb, unsigned sel, const unsigned *swz, unsigned nswz, unsigned mod)
{
    char s[16];
    int n = snprintf(s, sizeof s, "%s.", us_sel_names[sel & 3u]);
    for (unsigned i = 0; i < nswz; i++)
        s[n++] = us_swz_chars[swz[i] & 7u];
    s[n] = '\0';
    switch (mod & 3u) {
    case 1: us_sb_printf(sb, "-%s", s); break;
    case 2: us_sb_printf(sb, "|%s|", s); break;
    case 3: us_sb_printf(sb, "-|%s|", s); break;
    default: us_sb_puts(sb, s); break;
    }
}

static void put_common_flags(us_strbuf_t *sb, const us_decoded_t *d, covered_t *c, bool alpha_pred)
{
    if (d->cmn.tex_sem_wait) us_sb_puts(sb, " tex_sem_wait");
    if (d->cmn.alu_wait) us_sb_puts(sb, " alu_wait");
    if (d->cmn.nop) us_sb_puts(sb, " nop");
    if (d->cmn.last) us_sb_puts(sb, " last");
    if (d->cmn.write_inactive) us_sb_puts(sb, " write_inactive");
    if (d->cmn.rgb_pred_sel || d->cmn.rgb_pred_inv)
        us_sb_printf(sb, " rgb_pred=%s%s", d->cmn.rgb_pred_inv ? "!" : "", us_pred_names[d->cmn.rgb_pred_sel]);
    cover(c, 0, US_CMN_INST_TYPE_MASK | US_CMN_INST_TEX_SEM_WAIT_MASK | US_CMN_INST_ALU_WAIT_MASK |
                    US_CMN_INST_NOP_MASK | US_CMN_INST_LAST_MASK | US_CMN_INST_WRITE_INACTIVE_MASK |
                    US_CMN_INST_RGB_PRED_SEL_MASK | US_CMN_INST_RGB_PRED_INV_MASK);
    if (alpha_pred) {
        if (d->cmn.alpha_pred_sel || d->cmn.alpha_pred_inv)
            us_sb_printf(sb, " alpha_pred=%s%s", d->cmn.alpha_pred_inv ? "!" : "",
                         us_pred_names[d->cmn.alpha_pred_sel]);
        cover(c, 0, US_CMN_INST_ALPHA_PRED_SEL_MASK | US_CMN_INST_ALPHA_PRED_INV_MASK);
    }
}

/* Which source parts the used operands read: bit s of *rgb / *alpha for the rgb / alpha address of src s. A
 * swizzle letter r, g or b reads the rgb address, a reads the alpha address; srcp reads src0 and src1. */
static void note_reads(unsigned sel, const unsigned *swz, unsigned nswz, unsigned *rgb, unsigned *alpha, bool *srcp)
{
    unsigned srcs = sel == 3 ? 3u : 1u << sel;
    if (sel == 3)
        *srcp = true;
    for (unsigned i = 0; i < nswz; i++) {
        if (swz[i] <= 2)
            *rgb |= srcs;
        else if (swz[i] == 3)
            *alpha |= srcs;
    }
}

static void dis_alu(us_strbuf_t *sb, const us_decoded_t *d, covered_t *c)
{
    const us_alu_rgb_addr_t *ra = &d->u.alu.rgb_addr;
    const us_alu_alpha_addr_t *aa = &d->u.alu.alpha_addr;
    const us_alu_rgb_inst_t *ri = &d->u.alu.rgb_inst;
    const us_alu_alpha_inst_t *ai = &d->u.alu.alpha_inst;
    const us_alu_rgba_inst_t *rgba = &d->u.alu.rgba_inst;
    bool out = d->type == US_TYPE_OUT;

    us_sb_puts(sb, out ? "out" : "alu");
    put_common_flags(sb, d, c, true);
    if (d->cmn.stat_we) us_sb_printf(sb, " stat=0x%x", d->cmn.stat_we);
    cover(c, 0, US_CMN_INST_STAT_WE_MASK);

    /* rgb: op.sat.omod dest, A, B, C */
    unsigned rsel[3] = {ri->rgb_sel_a, ri->rgb_sel_b, rgba->rgb_sel_c};
    unsigned rswz[3][3] = {{ri->red_swiz_a, ri->green_swiz_a, ri->blue_swiz_a},
                           {ri->red_swiz_b, ri->green_swiz_b, ri->blue_swiz_b},
                           {rgba->red_swiz_c, rgba->green_swiz_c, rgba->blue_swiz_c}};
    unsigned rmod[3] = {ri->rgb_mod_a, ri->rgb_mod_b, rgba->rgb_mod_c};
    unsigned rn = us_rgb_op_arity(rgba->rgb_op);
    for (unsigned i = rn; i < 3; i++)
        if (rsel[i] || rmod[i] || rswz[i][0] || rswz[i][1] || rswz[i][2])
            rn = i + 1;
    /* A part whose every field is zero is left out: the assembler writes zeros for a missing part. */
    bool rgb_zero = !rgba->rgb_op && !d->cmn.rgb_clamp && !ri->omod && !d->cmn.rgb_wmask && !rgba->rgb_addrd &&
                    !rgba->rgb_addrd_rel && !d->cmn.rgb_omask && !rsel[0] && !rsel[1] && !rsel[2] && !rmod[0] &&
                    !rmod[1] && !rmod[2] && !(rswz[0][0] | rswz[0][1] | rswz[0][2] | rswz[1][0] | rswz[1][1] |
                                               rswz[1][2] | rswz[2][0] | rswz[2][1] | rswz[2][2]);
    if (rgb_zero)
        rn = 0;
    bool any = false;
    if (!rgb_zero) {
    us_sb_printf(sb, "\n        rgb: %s%s%s%s ", us_rgb_op_names[rgba->rgb_op], d->cmn.rgb_clamp ? ".sat" : "",
                 ri->omod ? "." : "", us_omod_suffix[ri->omod]);
    if (d->cmn.rgb_wmask || rgba->rgb_addrd || rgba->rgb_addrd_rel) {
        put_addr(sb, 't', rgba->rgb_addrd, rgba->rgb_addrd_rel);
        us_sb_printf(sb, ".%s", wmask_rgb[d->cmn.rgb_wmask]);
        any = true;
    }
    if (d->cmn.rgb_omask) {
        if (out)
            us_sb_printf(sb, "%so%u.%s", any ? "+" : "", ri->target, wmask_rgb[d->cmn.rgb_omask]);
        else
            us_sb_printf(sb, "%sp.%s.%s", any ? "+" : "", wmask_rgb[d->cmn.rgb_omask], us_cmp_names[ri->target]);
        cover(c, 3, US_ALU_RGB_INST_TARGET_MASK);
        any = true;
    }
    if (!any) us_sb_puts(sb, "_");
    for (unsigned i = 0; i < rn; i++) {
        us_sb_puts(sb, ", ");
        put_operand(sb, rsel[i], rswz[i], 3, rmod[i]);
    }
    }

    /* alpha: op.sat.omod dest, A, B, C */
    unsigned asel[3] = {ai->alpha_sel_a, ai->alpha_sel_b, rgba->alpha_sel_c};
    unsigned aswz[3] = {ai->alpha_swiz_a, ai->alpha_swiz_b, rgba->alpha_swiz_c};
    unsigned amod[3] = {ai->alpha_mod_a, ai->alpha_mod_b, rgba->alpha_mod_c};
    unsigned an = us_alpha_op_arity(ai->alpha_op);
    for (unsigned i = an; i < 3; i++)
        if (asel[i] || amod[i] || aswz[i])
            an = i + 1;
    bool alpha_zero = !ai->alpha_op && !d->cmn.alpha_clamp && !ai->omod && !d->cmn.alpha_wmask && !ai->alpha_addrd &&
                      !ai->alpha_addrd_rel && !d->cmn.alpha_omask && !ai->w_omask && !asel[0] && !asel[1] &&
                      !asel[2] && !amod[0] && !amod[1] && !amod[2] && !aswz[0] && !aswz[1] && !aswz[2];
    if (alpha_zero)
        an = 0;
    any = false;
    if (!alpha_zero) {
    us_sb_printf(sb, "\n        alpha: %s%s%s%s ", us_alpha_op_names[ai->alpha_op], d->cmn.alpha_clamp ? ".sat" : "",
                 ai->omod ? "." : "", us_omod_suffix[ai->omod]);
    if (d->cmn.alpha_wmask || ai->alpha_addrd || ai->alpha_addrd_rel) {
        put_addr(sb, 't', ai->alpha_addrd, ai->alpha_addrd_rel);
        us_sb_puts(sb, d->cmn.alpha_wmask ? ".a" : "._");
        any = true;
    }
    if (d->cmn.alpha_omask) {
        if (out)
            us_sb_printf(sb, "%so%u.a", any ? "+" : "", ai->target);
        else
            us_sb_printf(sb, "%sp.a.%s", any ? "+" : "", us_cmp_names[ai->target]);
        cover(c, 4, US_ALU_ALPHA_INST_TARGET_MASK);
        any = true;
    }
    if (ai->w_omask) {
        us_sb_printf(sb, "%sw", any ? "+" : "");
        any = true;
    }
    if (!any) us_sb_puts(sb, "_");
    for (unsigned i = 0; i < an; i++) {
        us_sb_puts(sb, ", ");
        put_operand(sb, asel[i], &aswz[i], 1, amod[i]);
    }
    }
    cover(c, 0, US_CMN_INST_RGB_WMASK_MASK | US_CMN_INST_ALPHA_WMASK_MASK | US_CMN_INST_RGB_OMASK_MASK |
                    US_CMN_INST_ALPHA_OMASK_MASK | US_CMN_INST_RGB_CLAMP_MASK | US_CMN_INST_ALPHA_CLAMP_MASK);
    cover(c, 3, 0x1FFFFFFFu); /* A, B and OMOD */
    cover(c, 4, 0x1FFFFFFFu | US_ALU_ALPHA_INST_W_OMASK_MASK);
    cover(c, 5, 0xFFFFFFFFu);

    /* Sources: printed when not the unused encoding, or read by a used operand; src0=x when both parts agree. */
    unsigned rref = 0, aref = 0;
    bool pref = false;
    for (unsigned i = 0; i < rn; i++)
        note_reads(rsel[i], rswz[i], 3, &rref, &aref, &pref);
    for (unsigned i = 0; i < an; i++)
        note_reads(asel[i], &aswz[i], 1, &rref, &aref, &pref);
    if (rgba->rgb_op == US_ALU_RGBA_INST_RGB_OP_MDH || rgba->rgb_op == US_ALU_RGBA_INST_RGB_OP_MDV)
        rref |= 1u; /* src0 of the neighbours, whatever the select */
    if (ai->alpha_op == US_ALU_ALPHA_INST_ALPHA_OP_MDH || ai->alpha_op == US_ALU_ALPHA_INST_ALPHA_OP_MDV)
        aref |= 1u;
    unsigned raddr[3] = {ra->addr0, ra->addr1, ra->addr2}, rconst[3] = {ra->addr0_const, ra->addr1_const, ra->addr2_const};
    unsigned rrel[3] = {ra->addr0_rel, ra->addr1_rel, ra->addr2_rel};
    unsigned aaddr[3] = {aa->addr0, aa->addr1, aa->addr2}, aconst[3] = {aa->addr0_const, aa->addr1_const, aa->addr2_const};
    unsigned arel[3] = {aa->addr0_rel, aa->addr1_rel, aa->addr2_rel};
    us_strbuf_t line;
    us_sb_init(&line);
    for (unsigned s = 0; s < 3; s++) {
        bool rp = raddr[s] != US_UNUSED_SOURCE || rconst[s] || rrel[s] || (rref >> s & 1u);
        bool ap = aaddr[s] != US_UNUSED_SOURCE || aconst[s] || arel[s] || (aref >> s & 1u);
        if (rp && ap && raddr[s] == aaddr[s] && rconst[s] == aconst[s] && rrel[s] == arel[s]) {
            us_sb_printf(&line, " src%u=", s);
            put_source(&line, raddr[s], rconst[s], rrel[s]);
            continue;
        }
        if (rp) {
            us_sb_printf(&line, " src%u.rgb=", s);
            put_source(&line, raddr[s], rconst[s], rrel[s]);
        }
        if (ap) {
            us_sb_printf(&line, " src%u.a=", s);
            put_source(&line, aaddr[s], aconst[s], arel[s]);
        }
    }
    bool rsp = ra->srcp_op || (pref && (rref & 3u));
    bool asp = aa->srcp_op || (pref && (aref & 3u));
    if (rsp && asp && ra->srcp_op == aa->srcp_op)
        us_sb_printf(&line, " srcp=%s", us_srcp_names[ra->srcp_op]);
    else {
        if (rsp) us_sb_printf(&line, " srcp.rgb=%s", us_srcp_names[ra->srcp_op]);
        if (asp) us_sb_printf(&line, " srcp.a=%s", us_srcp_names[aa->srcp_op]);
    }
    if (ri->alu_wmask) {
        us_sb_printf(&line, " result=%s.%s", d->cmn.alu_result_sel ? "a" : "r", us_cmp_names[d->cmn.alu_result_op]);
        cover(c, 0, US_CMN_INST_ALU_RESULT_SEL_MASK | US_CMN_INST_ALU_RESULT_OP_MASK);
    }
    cover(c, 3, US_ALU_RGB_INST_ALU_WMASK_MASK);
    cover(c, 1, 0xFFFFFFFFu);
    cover(c, 2, 0xFFFFFFFFu);
    if (line.len) {
        us_sb_printf(sb, "\n       %s", line.data);
    }
    us_sb_free(&line);
}

static void put_target(us_strbuf_t *sb, unsigned target, const us_program_t *prog)
{
    if (prog && target <= prog->count)
        us_sb_printf(sb, " L%u", target);
    else
        us_sb_printf(sb, " %u", target);
}

/* Mesa's FC words (reference notes section 0); the popcnt bits vary for break and continue. */
static const struct {
    const char *name;
    uint32_t fc_inst, vary;
    bool has_int;
} named_fc[] = {
    {"if", 0x12000F00u, 0, false},        {"if_else", 0x1A000F00u, 0, false},
    {"else", 0x04010010u, 0, false},      {"endif", 0x01010020u, 0, false},
    {"loop", 0x10000001u, 0, true},       {"endloop", 0x1000FF22u, 0, true},
    {"break", 0x1400FF05u, US_FC_INST_B_POP_CNT_MASK, false},
    {"continue", 0x1400FF07u, US_FC_INST_B_POP_CNT_MASK, false},
};

static void dis_fc(us_strbuf_t *sb, const us_decoded_t *d, const us_inst_t *in, covered_t *c,
                   const us_program_t *prog, unsigned index)
{
    const us_fc_inst_t *fi = &d->u.fc.inst;
    const us_fc_addr_t *fa = &d->u.fc.addr;
    int named = -1;
    for (unsigned k = 0; k < sizeof named_fc / sizeof named_fc[0]; k++) {
        if ((in->w[2] & ~named_fc[k].vary) != named_fc[k].fc_inst)
            continue;
        if (fa->bool_addr || fa->jump_global || (fa->int_addr && !named_fc[k].has_int))
            continue;
        named = (int)k;
        break;
    }
    if (named >= 0) {
        us_sb_puts(sb, named_fc[named].name);
        bool endif_next = strcmp(named_fc[named].name, "endif") == 0 && fa->jump_addr == index + 1;
        if (!endif_next)
            put_target(sb, fa->jump_addr, prog);
        if (named_fc[named].vary && fi->b_pop_cnt)
            us_sb_printf(sb, " popcnt=%u", fi->b_pop_cnt);
        if (fa->int_addr)
            us_sb_printf(sb, " int=%u", fa->int_addr);
    } else {
        us_sb_printf(sb, "fc %s", us_fc_op_names[fi->op]);
        put_target(sb, fa->jump_addr, prog);
        us_sb_printf(sb, " func=0x%02x", fi->jump_func);
        if (fi->jump_any) us_sb_puts(sb, " any");
        if (fi->a_op == US_FC_INST_A_OP_PUSH) us_sb_puts(sb, " push");
        if (fi->a_op == US_FC_INST_A_OP_POP) us_sb_puts(sb, " pop");
        if (fi->b_op0) us_sb_printf(sb, " b0=%s", us_bop_names[fi->b_op0]);
        if (fi->b_op1) us_sb_printf(sb, " b1=%s", us_bop_names[fi->b_op1]);
        if (fi->b_pop_cnt) us_sb_printf(sb, " popcnt=%u", fi->b_pop_cnt);
        if (fi->b_else) us_sb_puts(sb, " else");
        if (fi->ignore_uncovered) us_sb_puts(sb, " ign_unc");
        if (fa->bool_addr) us_sb_printf(sb, " bool=%u", fa->bool_addr);
        if (fa->int_addr) us_sb_printf(sb, " int=%u", fa->int_addr);
        if (fa->jump_global) us_sb_puts(sb, " global");
    }
    put_common_flags(sb, d, c, false);
    cover(c, 2, 0xFFFFFFFFu);
    cover(c, 3, 0xFFFFFFFFu);
}

static void put_tex_reg(us_strbuf_t *sb, unsigned addr, bool rel, const unsigned swz[4])
{
    put_addr(sb, 't', addr, rel);
    us_sb_printf(sb, ".%c%c%c%c", us_chan_chars[swz[0]], us_chan_chars[swz[1]], us_chan_chars[swz[2]],
                 us_chan_chars[swz[3]]);
}

static void dis_tex(us_strbuf_t *sb, const us_decoded_t *d, covered_t *c)
{
    const us_tex_inst_t *ti = &d->u.tex.inst;
    const us_tex_addr_t *ta = &d->u.tex.addr;
    const us_tex_addr_dxdy_t *dd = &d->u.tex.dxdy;
    us_sb_printf(sb, "tex %s ", us_tex_op_names[ti->inst]);
    put_addr(sb, 't', ta->dst_addr, ta->dst_addr_rel);
    char mask[5];
    int n = 0;
    for (unsigned i = 0; i < 3; i++)
        if (d->cmn.rgb_wmask >> i & 1u)
            mask[n++] = us_chan_chars[i];
    if (d->cmn.alpha_wmask)
        mask[n++] = 'a';
    if (!n)
        mask[n++] = '_';
    mask[n] = '\0';
    us_sb_printf(sb, ".%s, ", mask);
    unsigned src[4] = {ta->src_s_swiz, ta->src_t_swiz, ta->src_r_swiz, ta->src_q_swiz};
    put_tex_reg(sb, ta->src_addr, ta->src_addr_rel, src);
    us_sb_printf(sb, ", tex%u", ti->tex_id);
    unsigned dst[4] = {ta->dst_r_swiz, ta->dst_g_swiz, ta->dst_b_swiz, ta->dst_a_swiz};
    if (dst[0] != 0 || dst[1] != 1 || dst[2] != 2 || dst[3] != 3)
        us_sb_printf(sb, " dst_swz=%c%c%c%c", us_chan_chars[dst[0]], us_chan_chars[dst[1]], us_chan_chars[dst[2]],
                     us_chan_chars[dst[3]]);
    if (dd->dx_addr || dd->dx_addr_rel || dd->dx_s_swiz || dd->dx_t_swiz || dd->dx_r_swiz || dd->dx_q_swiz) {
        unsigned s[4] = {dd->dx_s_swiz, dd->dx_t_swiz, dd->dx_r_swiz, dd->dx_q_swiz};
        us_sb_puts(sb, " dx=");
        put_tex_reg(sb, dd->dx_addr, dd->dx_addr_rel, s);
    }
    if (dd->dy_addr || dd->dy_addr_rel || dd->dy_s_swiz || dd->dy_t_swiz || dd->dy_r_swiz || dd->dy_q_swiz) {
        unsigned s[4] = {dd->dy_s_swiz, dd->dy_t_swiz, dd->dy_r_swiz, dd->dy_q_swiz};
        us_sb_puts(sb, " dy=");
        put_tex_reg(sb, dd->dy_addr, dd->dy_addr_rel, s);
    }
    if (ti->tex_sem_acquire) us_sb_puts(sb, " acquire");
    if (ti->ignore_uncovered) us_sb_puts(sb, " ign_unc");
    if (ti->unscaled) us_sb_puts(sb, " unscaled");
    put_common_flags(sb, d, c, true);
    cover(c, 0, US_CMN_INST_RGB_WMASK_MASK | US_CMN_INST_ALPHA_WMASK_MASK);
    cover(c, 1, 0xFFFFFFFFu);
    cover(c, 2, 0xFFFFFFFFu);
    cover(c, 3, 0xFFFFFFFFu);
}

/* Every nonzero field the readable form did not print, as word.field=value. */
static void put_escapes(us_strbuf_t *sb, const us_inst_t *in, const covered_t *c)
{
    unsigned type = us_inst_type(in);
    for (unsigned w = 0; w < 6; w++) {
        int r = us_word_reg[type][w];
        if (r < 0)
            continue;
        const us_reg_desc_t *reg = &us_regs[r];
        for (unsigned f = 0; f < reg->n_fields; f++) {
            const us_field_desc_t *fd = &reg->fields[f];
            uint32_t v = us_field_get(in->w[w], fd);
            uint32_t m = (fd->width >= 32 ? 0xFFFFFFFFu : (1u << fd->width) - 1u) << fd->lo;
            if (!v || (c->bits[w] & m) == m)
                continue;
            const char *name = us_field_value_name(fd, v);
            char lower[40];
            size_t i = 0;
            for (const char *p = fd->name; *p && i + 1 < sizeof lower; p++)
                lower[i++] = (char)(*p >= 'A' && *p <= 'Z' ? *p + 32 : *p);
            lower[i] = '\0';
            if (name) {
                char lname[40];
                for (i = 0; name[i] && i + 1 < sizeof lname; i++)
                    lname[i] = (char)(name[i] >= 'A' && name[i] <= 'Z' ? name[i] + 32 : name[i]);
                lname[i] = '\0';
                us_sb_printf(sb, " %s.%s=%s", us_word_name(r), lower, lname);
            } else {
                us_sb_printf(sb, " %s.%s=%u", us_word_name(r), lower, v);
            }
        }
    }
}

static void dis_raw(us_strbuf_t *sb, const us_inst_t *in, const char *why)
{
    us_sb_printf(sb, ".inst 0x%08x, 0x%08x, 0x%08x, 0x%08x, 0x%08x, 0x%08x", in->w[0], in->w[1], in->w[2], in->w[3],
                 in->w[4], in->w[5]);
    us_sb_puts(sb, "  # illegal: ");
    for (const char *p = why; *p; p++) {
        if (*p == '\n')
            us_sb_puts(sb, "; ");
        else
            us_sb_printf(sb, "%c", *p);
    }
}

void us_dis_inst(us_strbuf_t *sb, const us_inst_t *in, const us_program_t *prog, unsigned index)
{
    char why[1024];
    if (us_inst_check(in, why, sizeof why)) {
        dis_raw(sb, in, why);
        return;
    }
    unsigned type = us_inst_type(in);
    if (prog && type == US_TYPE_FC && index < prog->count) {
        unsigned op = (in->w[2] & US_FC_INST_OP_MASK) >> US_FC_INST_OP_LO;
        if ((op == US_FC_INST_OP_LOOP || op == US_FC_INST_OP_REP) && !us_loop_target_ok(prog, index)) {
            dis_raw(sb, in, op == US_FC_INST_OP_LOOP ? "LOOP target is not its matching ENDLOOP"
                                                     : "REP target is not its matching ENDREP");
            return;
        }
    }
    us_decoded_t d;
    us_decode(in, &d);
    covered_t c;
    memset(&c, 0, sizeof c);
    switch (type) {
    case US_TYPE_ALU:
    case US_TYPE_OUT: dis_alu(sb, &d, &c); break;
    case US_TYPE_FC: dis_fc(sb, &d, in, &c, prog, index); break;
    default: dis_tex(sb, &d, &c); break;
    }
    put_escapes(sb, in, &c);
}

static bool is_target(const us_program_t *prog, unsigned addr)
{
    for (unsigned i = 0; i < prog->count; i++) {
        const us_inst_t *in = &prog->inst[i];
        if (us_inst_type(in) == US_TYPE_FC &&
            (in->w[3] & US_FC_ADDR_JUMP_ADDR_MASK) >> US_FC_ADDR_JUMP_ADDR_LO == addr)
            return true;
    }
    return false;
}

void us_dis_program(us_strbuf_t *sb, const us_program_t *prog, bool words)
{
    for (unsigned i = 0; i <= prog->count; i++) {
        if (is_target(prog, i))
            us_sb_printf(sb, "L%u:\n", i);
        if (i == prog->count)
            break;
        const us_inst_t *in = &prog->inst[i];
        if (words)
            us_sb_printf(sb, "    # %u: %08x %08x %08x %08x %08x %08x\n", i, in->w[0], in->w[1], in->w[2], in->w[3],
                         in->w[4], in->w[5]);
        us_sb_puts(sb, "    ");
        us_dis_inst(sb, in, prog, i);
        us_sb_puts(sb, "\n");
    }
}
