/* The register writes of a bring-up export, as a driver writes them (us_bringup.h): composed from the shader
 * state the vector's own writes leave, in the order of Mesa 22.3's r300 driver, and checked to load that state.
 *
 *   US_OUT_FMT_0..3        the fb_state atom (r300_emit_fb_state, written before the shader atoms): C4_32_FP with
 *                          R G B A for each render target the program writes, UNUSED for the others
 *   US_CONFIG, US_PIXSIZE, US_FC_CTRL, US_FC_INT_CONST_n, US_CODE_RANGE, US_CODE_OFFSET, US_CODE_ADDR,
 *   GA_US_VECTOR_INDEX/DATA for the program, the constants, US_W_FMT
 *                          r500_emit_fs (r300_fs.c) and the constant atoms that follow it
 */
#include <stdlib.h>
#include <string.h>

#include "gen/us_bringup.h"
#include "isa/us_access.h"
#include "isa/us_strbuf.h"

#define OUT_FMT_RGBA32F                                                                                           \
    (US_OUT_FMT_OUT_FMT_C4_32_FP | US_OUT_FMT_C0_SEL_RED << US_OUT_FMT_C0_SEL_LO | US_OUT_FMT_C1_SEL_GREEN << US_OUT_FMT_C1_SEL_LO |     \
     US_OUT_FMT_C2_SEL_BLUE << US_OUT_FMT_C2_SEL_LO | US_OUT_FMT_C3_SEL_ALPHA << US_OUT_FMT_C3_SEL_LO)

static void add(us_write_list_t *l, uint32_t addr, uint32_t value)
{
    l->w = us_xgrow(l->w, &l->cap, l->n + 1, sizeof *l->w);
    l->w[l->n].addr = addr;
    l->w[l->n].value = value;
    l->n++;
}

typedef struct program_facts {
    uint8_t targets;  /* render targets an OUT instruction writes */
    bool writes_w, has_fc;
    unsigned max_temp; /* highest temporary an instruction names (aL not added), as Mesa's max_temp_idx */
} program_facts_t;

static void scan_program(const us_shader_t *sh, const us_vector_t *v, unsigned first, unsigned size,
                         program_facts_t *f)
{
    memset(f, 0, sizeof *f);
    for (unsigned i = 0; i < size; i++) {
        const us_decoded_t *d = &sh->dec[(first + i) % US_MAX_INST];
        if (d->type == US_TYPE_FC) {
            f->has_fc = true;
            continue;
        }
        if (d->type == US_TYPE_OUT) {
            if (d->cmn.rgb_omask)
                f->targets |= (uint8_t)(1u << d->u.alu.rgb_inst.target);
            if (d->cmn.alpha_omask)
                f->targets |= (uint8_t)(1u << d->u.alu.alpha_inst.target);
            f->writes_w |= d->u.alu.alpha_inst.w_omask != 0;
        }
        us_access_t a;
        us_inst_access(d, &a);
        for (unsigned s = 0; s < 6; s++)
            if (us_src_channels(&a.src[s]) && us_src_is_temp(&a, s) && a.src[s].addr % US_NTEMP > f->max_temp)
                f->max_temp = a.src[s].addr % US_NTEMP;
        for (unsigned k = 0; k < 2; k++)
            if (a.dst[k].mask && a.dst[k].addr > f->max_temp)
                f->max_temp = a.dst[k].addr;
    }
    for (unsigned p = 0; p < US_NPIX; p++) /* the inputs must fit the frame too */
        for (unsigned t = 0; t < US_NTEMP; t++)
            if ((v->temp[p][t][0] | v->temp[p][t][1] | v->temp[p][t][2] | v->temp[p][t][3]) && t > f->max_temp)
                f->max_temp = t;
}

void us_bringup_driver_writes(const us_shader_t *sh, const us_vector_t *v, const uint8_t const_chans[US_NCONST],
                              us_write_list_t *l)
{
    memset(l, 0, sizeof *l);
    unsigned first = (sh->code_range & US_CODE_RANGE_CODE_ADDR_MASK) >> US_CODE_RANGE_CODE_ADDR_LO;
    unsigned size = ((sh->code_range & US_CODE_RANGE_CODE_SIZE_MASK) >> US_CODE_RANGE_CODE_SIZE_LO) + 1u;
    program_facts_t f;
    scan_program(sh, v, first, size, &f);

    for (unsigned t = 0; t < US_OUT_FMT_COUNT; t++)
        add(l, US_OUT_FMT_ADDR + 4u * t, f.targets >> t & 1u ? OUT_FMT_RGBA32F : US_OUT_FMT_OUT_FMT_UNUSED);
    add(l, US_CONFIG_ADDR, sh->config);
    /* Full flow control whenever the program has FC instructions: the model implements it, and partial mode's
     * limits (no loops or subroutines, shallow nesting) are not modelled. Mesa writes it for loops or deep
     * nesting; 0 without flow control, as here. Mesa also keeps PIXSIZE >= 1 in full mode. */
    unsigned pix = f.has_fc && f.max_temp < 1u ? 1u : f.max_temp;
    add(l, US_PIXSIZE_ADDR, pix);
    add(l, US_FC_CTRL_ADDR, f.has_fc ? US_FC_CTRL_FULL_FC_EN_MASK : 0u);
    for (unsigned i = 0; i < US_FC_INT_CONST_COUNT; i++)
        if (sh->int_const[i])
            add(l, US_FC_INT_CONST_ADDR + 4u * i, sh->int_const[i]);
    if (sh->bool_const)
        add(l, US_FC_BOOL_CONST_ADDR, sh->bool_const);
    add(l, US_CODE_RANGE_ADDR, sh->code_range);
    add(l, US_CODE_OFFSET_ADDR, sh->code_offset);
    add(l, US_CODE_ADDR_ADDR, sh->code_addr);
    for (unsigned i = 0; i < size; i++) {
        unsigned slot = (first + i) % US_MAX_INST;
        if (i == 0 || slot == 0) /* the load port's index: once, and again where the window wraps past 511 */
            add(l, GA_US_VECTOR_INDEX_ADDR, slot << GA_US_VECTOR_INDEX_INDEX_LO);
        for (unsigned w = 0; w < 6; w++)
            add(l, GA_US_VECTOR_DATA_ADDR, sh->imem[slot].w[w]);
    }
    for (unsigned k = 0; k < US_NCONST; k++) {
        if (!const_chans[k])
            continue;
        if (k == 0 || !const_chans[k - 1])
            add(l, GA_US_VECTOR_INDEX_ADDR, GA_US_VECTOR_INDEX_TYPE_MASK | k << GA_US_VECTOR_INDEX_INDEX_LO);
        for (unsigned c = 0; c < 4; c++)
            add(l, GA_US_VECTOR_DATA_ADDR, sh->konst[k][c]);
    }
    /* r300_fs.c: W24 from the shader when it writes depth, else W0 */
    add(l, US_W_FMT_ADDR, (f.writes_w ? US_W_FMT_W_FMT_W24 : US_W_FMT_W_FMT_W0) << US_W_FMT_W_FMT_LO |
                              US_W_FMT_W_SRC_US << US_W_FMT_W_SRC_LO);
}

int us_bringup_writes_check(const us_shader_t *sh, const us_write_list_t *l, char *err, size_t err_size)
{
    static us_shader_t re;
    us_shader_init(&re);
    re.params = sh->params;
    for (unsigned i = 0; i < l->n; i++)
        us_shader_write(&re, l->w[i].addr, l->w[i].value);
    unsigned first = (sh->code_range & US_CODE_RANGE_CODE_ADDR_MASK) >> US_CODE_RANGE_CODE_ADDR_LO;
    unsigned size = ((sh->code_range & US_CODE_RANGE_CODE_SIZE_MASK) >> US_CODE_RANGE_CODE_SIZE_LO) + 1u;
    for (unsigned i = 0; i < size; i++) {
        unsigned s = (first + i) % US_MAX_INST;
        if (memcmp(&re.imem[s], &sh->imem[s], sizeof re.imem[s])) {
            snprintf(err, err_size, "the export's writes load slot %u differently from the vector's", s);
            return 2;
        }
    }
    if (memcmp(re.konst, sh->konst, sizeof re.konst) || memcmp(re.int_const, sh->int_const, sizeof re.int_const) ||
        re.config != sh->config || re.code_addr != sh->code_addr || re.code_range != sh->code_range ||
        re.code_offset != sh->code_offset || re.bool_const != sh->bool_const) {
        snprintf(err, err_size, "the export's writes load constants or control registers differently from the "
                                "vector's");
        return 2;
    }
    return 0;
}
