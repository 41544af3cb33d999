#include "isa/us_inst.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

void us_decode(const us_inst_t *in, us_decoded_t *out)
{
    memset(out, 0, sizeof *out);
    us_cmn_inst_unpack(in->w[0], &out->cmn);
    out->type = out->cmn.type;
    switch (out->type) {
    case US_TYPE_ALU:
    case US_TYPE_OUT:
        us_alu_rgb_addr_unpack(in->w[1], &out->u.alu.rgb_addr);
        us_alu_alpha_addr_unpack(in->w[2], &out->u.alu.alpha_addr);
        us_alu_rgb_inst_unpack(in->w[3], &out->u.alu.rgb_inst);
        us_alu_alpha_inst_unpack(in->w[4], &out->u.alu.alpha_inst);
        us_alu_rgba_inst_unpack(in->w[5], &out->u.alu.rgba_inst);
        break;
    case US_TYPE_FC:
        us_fc_inst_unpack(in->w[2], &out->u.fc.inst);
        us_fc_addr_unpack(in->w[3], &out->u.fc.addr);
        break;
    default:
        us_tex_inst_unpack(in->w[1], &out->u.tex.inst);
        us_tex_addr_unpack(in->w[2], &out->u.tex.addr);
        us_tex_addr_dxdy_unpack(in->w[3], &out->u.tex.dxdy);
        break;
    }
}

void us_encode(const us_decoded_t *d, us_inst_t *out)
{
    memset(out, 0, sizeof *out);
    us_cmn_inst_t cmn = d->cmn;
    cmn.type = d->type & 3u;
    out->w[0] = us_cmn_inst_pack(&cmn);
    switch (cmn.type) {
    case US_TYPE_ALU:
    case US_TYPE_OUT:
        out->w[1] = us_alu_rgb_addr_pack(&d->u.alu.rgb_addr);
        out->w[2] = us_alu_alpha_addr_pack(&d->u.alu.alpha_addr);
        out->w[3] = us_alu_rgb_inst_pack(&d->u.alu.rgb_inst);
        out->w[4] = us_alu_alpha_inst_pack(&d->u.alu.alpha_inst);
        out->w[5] = us_alu_rgba_inst_pack(&d->u.alu.rgba_inst);
        break;
    case US_TYPE_FC:
        out->w[2] = us_fc_inst_pack(&d->u.fc.inst);
        out->w[3] = us_fc_addr_pack(&d->u.fc.addr);
        break;
    default:
        out->w[1] = us_tex_inst_pack(&d->u.tex.inst);
        out->w[2] = us_tex_addr_pack(&d->u.tex.addr);
        out->w[3] = us_tex_addr_dxdy_pack(&d->u.tex.dxdy);
        break;
    }
}

static uint32_t width_mask(unsigned width)
{
    return width >= 32 ? 0xFFFFFFFFu : (1u << width) - 1u;
}

uint32_t us_field_get(uint32_t word, const us_field_desc_t *f)
{
    return (word >> f->lo) & width_mask(f->width);
}

uint32_t us_field_put(uint32_t word, const us_field_desc_t *f, uint32_t value)
{
    uint32_t m = width_mask(f->width) << f->lo;
    return (word & ~m) | ((value << f->lo) & m);
}

bool us_field_value_legal(const us_field_desc_t *f, uint32_t value)
{
    if (value > width_mask(f->width))
        return false;
    if (f->n_values == 0)
        return true;
    for (unsigned i = 0; i < f->n_values; i++)
        if (f->values[i].value == value)
            return f->values[i].name != NULL;
    return false;
}

const char *us_field_value_name(const us_field_desc_t *f, uint32_t value)
{
    for (unsigned i = 0; i < f->n_values; i++)
        if (f->values[i].value == value)
            return f->values[i].name;
    return NULL;
}

int us_field_find(const us_reg_desc_t *reg, const char *name)
{
    for (unsigned i = 0; i < reg->n_fields; i++)
        if (strcasecmp(reg->fields[i].name, name) == 0)
            return (int)i;
    return -1;
}

/* Collects problem lines into a caller buffer. */
typedef struct problems {
    char *msg;
    size_t size, used;
    int count;
} problems_t;

static void problem(problems_t *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void problem(problems_t *p, const char *fmt, ...)
{
    p->count++;
    if (!p->msg || p->used + 1 >= p->size)
        return;
    if (p->used > 0)
        p->msg[p->used++] = '\n';
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(p->msg + p->used, p->size - p->used, fmt, ap);
    va_end(ap);
    if (n > 0)
        p->used += (size_t)n < p->size - p->used ? (size_t)n : p->size - p->used - 1;
}

static bool omod_op_ok(unsigned omod, bool is_selector_op)
{
    return omod != US_ALU_RGB_INST_OMOD_DISABLE || is_selector_op;
}

static bool rgb_is_selector(unsigned op)
{
    return op == US_ALU_RGBA_INST_RGB_OP_MIN || op == US_ALU_RGBA_INST_RGB_OP_MAX ||
           op == US_ALU_RGBA_INST_RGB_OP_CND || op == US_ALU_RGBA_INST_RGB_OP_CMP;
}

static bool alpha_is_selector(unsigned op)
{
    return op == US_ALU_ALPHA_INST_ALPHA_OP_MIN || op == US_ALU_ALPHA_INST_ALPHA_OP_MAX ||
           op == US_ALU_ALPHA_INST_ALPHA_OP_CND || op == US_ALU_ALPHA_INST_ALPHA_OP_CMP;
}

static bool alpha_is_transcendental(unsigned op)
{
    return op >= US_ALU_ALPHA_INST_ALPHA_OP_EX2 && op <= US_ALU_ALPHA_INST_ALPHA_OP_COS;
}

static void check_alu_pairing(const us_decoded_t *d, problems_t *p)
{
    unsigned rop = d->u.alu.rgba_inst.rgb_op, aop = d->u.alu.alpha_inst.alpha_op;
    if (!omod_op_ok(d->u.alu.rgb_inst.omod, rgb_is_selector(rop)))
        problem(p, "rgb OMOD 7 (disable) is only valid for MIN/MAX/CND/CMP");
    if (!omod_op_ok(d->u.alu.alpha_inst.omod, alpha_is_selector(aop)))
        problem(p, "alpha OMOD 7 (disable) is only valid for MIN/MAX/CND/CMP");
    if (d->u.alu.rgb_inst.omod == US_ALU_RGB_INST_OMOD_DISABLE && d->cmn.rgb_clamp)
        problem(p, "rgb OMOD 7 (disable) cannot be combined with RGB_CLAMP");
    if (d->u.alu.alpha_inst.omod == US_ALU_ALPHA_INST_OMOD_DISABLE && d->cmn.alpha_clamp)
        problem(p, "alpha OMOD 7 (disable) cannot be combined with ALPHA_CLAMP");
    if (aop == US_ALU_ALPHA_INST_ALPHA_OP_DP && rop != US_ALU_RGBA_INST_RGB_OP_DP3 &&
        rop != US_ALU_RGBA_INST_RGB_OP_DP4 && rop != US_ALU_RGBA_INST_RGB_OP_D2A)
        problem(p, "alpha DP needs an rgb dot product (DP3, DP4 or D2A)");
    if (rop == US_ALU_RGBA_INST_RGB_OP_SOP && !alpha_is_transcendental(aop))
        problem(p, "rgb SOP needs an alpha EX2/LN2/RCP/RSQ/SIN/COS");
}

int us_inst_check(const us_inst_t *in, char *msg, size_t msg_size)
{
    problems_t p = {msg, msg_size, 0, 0};
    if (msg && msg_size)
        msg[0] = '\0';
    unsigned type = us_inst_type(in);
    for (unsigned w = 0; w < 6; w++) {
        int r = us_word_reg[type][w];
        if (r < 0) {
            if (in->w[w])
                problem(&p, "dword %u is unused by this type but is 0x%08x", w, in->w[w]);
            continue;
        }
        const us_reg_desc_t *reg = &us_regs[r];
        uint32_t stray = in->w[w] & ~reg->defined_bits;
        if (stray)
            problem(&p, "%s: reserved bits 0x%08x set", reg->name, stray);
        for (unsigned f = 0; f < reg->n_fields; f++) {
            uint32_t v = us_field_get(in->w[w], &reg->fields[f]);
            if (!us_field_value_legal(&reg->fields[f], v))
                problem(&p, "%s.%s = %u is reserved or undefined", reg->name, reg->fields[f].name, v);
        }
    }
    us_decoded_t d;
    us_decode(in, &d);
    if (type == US_TYPE_FC && d.cmn.rgb_pred_sel == US_CMN_INST_RGB_PRED_SEL_RGBA)
        problem(&p, "FC predication must be a replicate mode (RRRR..AAAA), not RGBA");
    if (type == US_TYPE_ALU || type == US_TYPE_OUT)
        check_alu_pairing(&d, &p);
    return p.count;
}

static bool is_fc_op(const us_inst_t *in, unsigned op)
{
    return us_inst_type(in) == US_TYPE_FC &&
           ((in->w[2] & US_FC_INST_OP_MASK) >> US_FC_INST_OP_LO) == op;
}

bool us_loop_target_ok(const us_program_t *p, unsigned i)
{
    const us_inst_t *in = &p->inst[i];
    unsigned open_op = (in->w[2] & US_FC_INST_OP_MASK) >> US_FC_INST_OP_LO;
    unsigned close_op = open_op == US_FC_INST_OP_LOOP ? US_FC_INST_OP_ENDLOOP : US_FC_INST_OP_ENDREP;
    unsigned target = (in->w[3] & US_FC_ADDR_JUMP_ADDR_MASK) >> US_FC_ADDR_JUMP_ADDR_LO;
    if (target <= i || target >= p->count || !is_fc_op(&p->inst[target], close_op))
        return false;
    /* The loops opened in between must all close in between: the target is this loop's own end. */
    int depth = 0;
    for (unsigned k = i + 1; k < target; k++) {
        const us_inst_t *x = &p->inst[k];
        if (is_fc_op(x, US_FC_INST_OP_LOOP) || is_fc_op(x, US_FC_INST_OP_REP))
            depth++;
        else if (is_fc_op(x, US_FC_INST_OP_ENDLOOP) || is_fc_op(x, US_FC_INST_OP_ENDREP)) {
            if (--depth < 0)
                return false;
        }
    }
    return depth == 0;
}

unsigned us_rgb_op_arity(unsigned op)
{
    static const unsigned arity[16] = {3, 2, 2, 3, 2, 2, 3, 3, 3, 1, 0, 3, 3, 3, 3, 3};
    return arity[op & 15u];
}

unsigned us_alpha_op_arity(unsigned op)
{
    static const unsigned arity[16] = {3, 0, 2, 2, 3, 3, 3, 1, 1, 1, 1, 1, 1, 1, 3, 3};
    return arity[op & 15u];
}

void us_inst_for_each_field(const us_inst_t *in, void (*fn)(unsigned reg, unsigned field, uint32_t value, void *ctx),
                            void *ctx)
{
    unsigned type = us_inst_type(in);
    for (unsigned w = 0; w < 6; w++) {
        int r = us_word_reg[type][w];
        if (r < 0)
            continue;
        for (unsigned i = 0; i < us_regs[r].n_fields; i++)
            fn((unsigned)r, i, us_field_get(in->w[w], &us_regs[r].fields[i]), ctx);
    }
}
