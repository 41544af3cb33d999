/* The shader unit's loadable state and its register-write port (GA_US_VECTOR_INDEX/DATA, US_* registers, the
 * instruction banks), so the writes that bring up a chip also load the model. */
#include <string.h>

#include "golden/us_model.h"

us_params_t us_default_params(void)
{
    return (us_params_t){.loop_depth = US_DEFAULT_LOOP_DEPTH, .addr_depth = US_DEFAULT_ADDR_DEPTH,
                         .counter_bits = US_DEFAULT_COUNTER_BITS, .watchdog = 1u << 20};
}

static void decode_slot(us_shader_t *sh, unsigned i)
{
    us_decode(&sh->imem[i], &sh->dec[i]);
    sh->illegal[i] = us_inst_check(&sh->imem[i], NULL, 0) != 0;
    us_alu_slot_make(&sh->imem[i], &sh->dec[i], &sh->alu_slot[i]);
}

void us_shader_init(us_shader_t *sh)
{
    memset(sh, 0, sizeof *sh);
    sh->config = 1u << US_CONFIG_ZERO_TIMES_ANYTHING_EQUALS_ZERO_LO;
    sh->params = us_default_params();
    /* every slot holds the same zero words: decode one, copy it (vector parsing inits a shader per register line) */
    decode_slot(sh, 0);
    for (unsigned i = 1; i < US_MAX_INST; i++) {
        sh->dec[i] = sh->dec[0];
        sh->illegal[i] = sh->illegal[0];
        sh->alu_slot[i] = sh->alu_slot[0];
    }
}

/* GA_US_VECTOR_INDEX.CLAMP: constants clamped to [-1, 1] as they are loaded; NaN loads as +0. */
static uint32_t clamp_pm1(uint32_t v)
{
    uint32_t mag = v & 0x7FFFFFFFu;
    if (mag > 0x7F800000u)
        return 0;
    if (mag > 0x3F800000u)
        return (v & 0x80000000u) | 0x3F800000u;
    return v;
}

static void vector_data(us_shader_t *sh, uint32_t value)
{
    if (sh->vec_const) {
        unsigned c = sh->vec_index & (US_NCONST - 1u);
        sh->konst[c][sh->vec_word] = sh->vec_clamp ? clamp_pm1(value) : value;
        if (++sh->vec_word == 4) {
            sh->vec_word = 0;
            sh->vec_index = (c + 1u) & (US_NCONST - 1u);
        }
    } else {
        unsigned i = sh->vec_index & (US_MAX_INST - 1u);
        sh->imem[i].w[sh->vec_word] = value;
        decode_slot(sh, i); /* each dword lands as it is written (rtl/us_load_port.sv too), a load cut short as well */
        if (++sh->vec_word == 6) {
            sh->vec_word = 0;
            sh->vec_index = (i + 1u) & (US_MAX_INST - 1u);
        }
    }
}

bool us_shader_write(us_shader_t *sh, uint32_t addr, uint32_t value)
{
    /* Instruction banks: dword d of slot i at bank_d + 4 i; the six banks are contiguous 2 KiB blocks. */
    static const uint32_t bank[6] = {US_CMN_INST_ADDR,      US_ALU_RGB_ADDR_ADDR,  US_ALU_ALPHA_ADDR_ADDR,
                                     US_ALU_RGB_INST_ADDR,  US_ALU_ALPHA_INST_ADDR, US_ALU_RGBA_INST_ADDR};
    for (unsigned d = 0; d < 6; d++)
        if (addr >= bank[d] && addr < bank[d] + 4u * US_MAX_INST && addr % 4u == 0) {
            unsigned i = (addr - bank[d]) / 4u;
            sh->imem[i].w[d] = value;
            decode_slot(sh, i);
            return true;
        }
    if (addr >= US_FC_INT_CONST_ADDR && addr < US_FC_INT_CONST_ADDR + 4u * US_FC_INT_CONST_COUNT && addr % 4u == 0) {
        sh->int_const[(addr - US_FC_INT_CONST_ADDR) / 4u] = value;
        return true;
    }
    if (addr >= US_OUT_FMT_ADDR && addr < US_OUT_FMT_ADDR + 4u * US_OUT_FMT_COUNT && addr % 4u == 0) {
        sh->out_fmt[(addr - US_OUT_FMT_ADDR) / 4u] = value;
        return true;
    }
    switch (addr) {
    case US_W_FMT_ADDR: sh->w_fmt = value; return true;
    case GA_US_VECTOR_INDEX_ADDR:
        sh->vec_index = (value & GA_US_VECTOR_INDEX_INDEX_MASK) >> GA_US_VECTOR_INDEX_INDEX_LO;
        sh->vec_const = (value & GA_US_VECTOR_INDEX_TYPE_MASK) != 0;
        sh->vec_clamp = (value & GA_US_VECTOR_INDEX_CLAMP_MASK) != 0;
        sh->vec_word = 0;
        return true;
    case GA_US_VECTOR_DATA_ADDR: vector_data(sh, value); return true;
    case US_CONFIG_ADDR: sh->config = value; return true;
    case US_PIXSIZE_ADDR: sh->pixsize = value; return true;
    case US_FC_BOOL_CONST_ADDR: sh->bool_const = value; return true;
    case US_FC_CTRL_ADDR: sh->fc_ctrl = value; return true;
    case US_CODE_ADDR_ADDR: sh->code_addr = value; return true;
    case US_CODE_RANGE_ADDR: sh->code_range = value; return true;
    case US_CODE_OFFSET_ADDR: sh->code_offset = value; return true;
    default: return false;
    }
}

void us_shader_load_program(us_shader_t *sh, const us_program_t *prog)
{
    us_shader_write(sh, GA_US_VECTOR_INDEX_ADDR, 0);
    for (unsigned i = 0; i < prog->count; i++)
        for (unsigned w = 0; w < 6; w++)
            us_shader_write(sh, GA_US_VECTOR_DATA_ADDR, prog->inst[i].w[w]);
    uint32_t last = prog->count ? prog->count - 1u : 0;
    us_shader_write(sh, US_CODE_OFFSET_ADDR, 0);
    us_shader_write(sh, US_CODE_ADDR_ADDR, last << US_CODE_ADDR_END_ADDR_LO);
    us_shader_write(sh, US_CODE_RANGE_ADDR, last << US_CODE_RANGE_CODE_SIZE_LO);
}

us_code_t us_shader_code(const us_shader_t *sh)
{
    unsigned offset = (sh->code_offset & US_CODE_OFFSET_OFFSET_ADDR_MASK) >> US_CODE_OFFSET_OFFSET_ADDR_LO;
    unsigned start = (sh->code_addr & US_CODE_ADDR_START_ADDR_MASK) >> US_CODE_ADDR_START_ADDR_LO;
    unsigned end = (sh->code_addr & US_CODE_ADDR_END_ADDR_MASK) >> US_CODE_ADDR_END_ADDR_LO;
    return (us_code_t){sh->imem, (start + offset) & (US_MAX_INST - 1u), (end + offset) & (US_MAX_INST - 1u), offset};
}
