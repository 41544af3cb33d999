// The load port, instruction memory and constant file against the C model's register port (us_shader_write):
// random sequences of register writes (the load port's index and data, the instruction banks, the control and
// int-constant registers, addresses that are no register), then every slot, constant and control register read
// back and compared; straight after each reset, the control registers against docs/spec.md's reset values. usage: bench [sequences] [writes-per-sequence] [seed]
#include <cstdio>
#include <cstdlib>
#include <memory>

#include "Vregs_top.h"
extern "C" {
#include "golden/us_model.h"
#include "gen/us_random.h"
}

static void tick(Vregs_top &t)
{
    t.clk_i = 0;
    t.eval();
    t.clk_i = 1;
    t.eval();
}

static uint32_t random_address(us_rng_t &r)
{
    static const uint32_t control[] = {US_CONFIG_ADDR,   US_PIXSIZE_ADDR,     US_FC_BOOL_CONST_ADDR,
                                       US_FC_CTRL_ADDR,  US_CODE_ADDR_ADDR,   US_CODE_RANGE_ADDR,
                                       US_CODE_OFFSET_ADDR};
    static const uint32_t bank[] = {US_CMN_INST_ADDR,     US_ALU_RGB_ADDR_ADDR,   US_ALU_ALPHA_ADDR_ADDR,
                                    US_ALU_RGB_INST_ADDR, US_ALU_ALPHA_INST_ADDR, US_ALU_RGBA_INST_ADDR};
    /* every register a driver writes, US_OUT_FMT_0..3 and US_W_FMT included (the bring-up export writes them), and
     * the load port: each, or a neighbour (a dword or a byte either side) */
    static const uint32_t every[] = {US_CONFIG_ADDR,         US_PIXSIZE_ADDR,      US_FC_BOOL_CONST_ADDR,
                                     US_FC_CTRL_ADDR,        US_CODE_ADDR_ADDR,    US_CODE_RANGE_ADDR,
                                     US_CODE_OFFSET_ADDR,    US_OUT_FMT_ADDR,      US_OUT_FMT_ADDR + 4u,
                                     US_OUT_FMT_ADDR + 8u,   US_OUT_FMT_ADDR + 12u, US_W_FMT_ADDR,
                                     US_FC_INT_CONST_ADDR,   US_FC_INT_CONST_ADDR + 4u * 31u,
                                     GA_US_VECTOR_INDEX_ADDR, GA_US_VECTOR_DATA_ADDR, US_CMN_INST_ADDR,
                                     US_ALU_RGBA_INST_ADDR + 4u * 511u};
    static const int32_t near[] = {0, -4, 4, -1, 1, -2, 2};
    unsigned k = us_rng_next(&r) % 100;
    if (k < 4)
        return every[us_rng_next(&r) % (sizeof every / sizeof every[0])] +
               (uint32_t)near[us_rng_next(&r) % (sizeof near / sizeof near[0])];
    if (k < 30) return GA_US_VECTOR_INDEX_ADDR;
    if (k < 70) return GA_US_VECTOR_DATA_ADDR;
    if (k < 80) return bank[us_rng_next(&r) % 6] + 4u * (us_rng_next(&r) % 512u);
    if (k < 88) return control[us_rng_next(&r) % 7];
    if (k < 94) return US_FC_INT_CONST_ADDR + 4u * (us_rng_next(&r) % 32u);
    return us_rng_next(&r) & 0xFFFFu; /* usually no register; sometimes unaligned inside a bank */
}

static uint32_t random_value(us_rng_t &r, uint32_t addr)
{
    if (addr == GA_US_VECTOR_INDEX_ADDR) /* index, kind and clamp, with stray bits now and then */
        return (us_rng_next(&r) % 512u) | (us_rng_next(&r) & 1u) << 16 | (us_rng_next(&r) % 4u == 0) << 17 |
               (us_rng_next(&r) % 8u == 0 ? us_rng_next(&r) & 0xFFFC0000u : 0u);
    return us_rng_float(&r);
}

int main(int argc, char **argv)
{
    unsigned seqs = argc > 1 ? (unsigned)strtoul(argv[1], nullptr, 0) : 200u;
    unsigned writes = argc > 2 ? (unsigned)strtoul(argv[2], nullptr, 0) : 2000u;
    us_rng_t r = {argc > 3 ? strtoull(argv[3], nullptr, 0) : 1u};
    auto t = std::make_unique<Vregs_top>();
    static us_shader_t sh;
    unsigned long fails = 0, checks = 0;
    for (unsigned s = 0; s < seqs && fails < 10; s++) {
        us_shader_init(&sh);
        t->reg_we_i = 0;
        t->rst_ni = 0;
        tick(*t);
        t->rst_ni = 1;
        {
            /* Straight after reset, before any write: every control register and int constant as docs/spec.md
             * section 3 gives it (the register spec's defaults, 0, but US_CONFIG = 2, the documented departure),
             * in the RTL and in the model alike. */
            const uint32_t want[7] = {2u, 0u, 0u, 0u, 0u, 0u, 0u};
            const uint32_t rtl[7] = {t->config_o,     t->pixsize_o,  t->code_addr_o, t->code_range_o,
                                     t->code_offset_o, t->fc_ctrl_o, t->bool_const_o};
            const uint32_t mod[7] = {sh.config, sh.pixsize, sh.code_addr, sh.code_range, sh.code_offset, sh.fc_ctrl,
                                     sh.bool_const};
            for (unsigned k = 0; k < 7; k++, checks++)
                if ((rtl[k] != want[k] || mod[k] != want[k]) && fails++ < 10)
                    std::printf("seq %u: after reset, control register %u: rtl 0x%08x model 0x%08x, spec 0x%08x\n", s,
                                k, rtl[k], mod[k], want[k]);
            for (unsigned k = 0; k < 32; k++, checks++)
                if ((t->int_const_o[k] != 0u || sh.int_const[k] != 0u) && fails++ < 10)
                    std::printf("seq %u: after reset, int constant %u: rtl 0x%08x model 0x%08x, spec 0\n", s, k,
                                t->int_const_o[k], sh.int_const[k]);
        }
        for (unsigned w = 0; w < writes; w++) {
            uint32_t a = random_address(r), v = random_value(r, a);
            bool ok = us_shader_write(&sh, a, v);
            t->reg_we_i = 1;
            t->reg_addr_i = a;
            t->reg_wdata_i = v;
            t->clk_i = 0;
            t->eval();
            checks++;
            if (t->reg_bad_o != !ok && fails++ < 10)
                std::printf("seq %u write %u: address 0x%04x is %sa register for the model, reg_bad_o=%d\n", s, w, a,
                            ok ? "" : "not ", t->reg_bad_o);
            tick(*t);
        }
        t->reg_we_i = 0;
        for (unsigned i = 0; i < US_MAX_INST; i++) {
            t->imem_raddr_i = i;
            tick(*t);
            for (unsigned d = 0; d < 6; d++, checks++)
                if (t->imem_rdata_o[d] != sh.imem[i].w[d] && fails++ < 10)
                    std::printf("seq %u: slot %u dword %u: rtl 0x%08x model 0x%08x\n", s, i, d, t->imem_rdata_o[d],
                                sh.imem[i].w[d]);
        }
        for (unsigned i = 0; i < US_NCONST; i++) {
            t->const_raddr_i = i;
            tick(*t);  // a registered read, as the instruction memory's
            for (unsigned c = 0; c < 4; c++, checks++)
                if (t->const_rdata_o[c] != sh.konst[i][c] && fails++ < 10)
                    std::printf("seq %u: constant %u channel %u: rtl 0x%08x model 0x%08x\n", s, i, c,
                                t->const_rdata_o[c], sh.konst[i][c]);
        }
        const uint32_t rtl[7] = {t->config_o,     t->pixsize_o,  t->code_addr_o, t->code_range_o,
                                 t->code_offset_o, t->fc_ctrl_o, t->bool_const_o};
        const uint32_t mod[7] = {sh.config, sh.pixsize, sh.code_addr, sh.code_range, sh.code_offset, sh.fc_ctrl,
                                 sh.bool_const};
        for (unsigned k = 0; k < 7; k++, checks++)
            if (rtl[k] != mod[k] && fails++ < 10)
                std::printf("seq %u: control register %u: rtl 0x%08x model 0x%08x\n", s, k, rtl[k], mod[k]);
        for (unsigned k = 0; k < 32; k++, checks++)
            if (t->int_const_o[k] != sh.int_const[k] && fails++ < 10)
                std::printf("seq %u: int constant %u: rtl 0x%08x model 0x%08x\n", s, k, t->int_const_o[k],
                            sh.int_const[k]);
    }
    std::printf("regs: %u sequences of %u register writes, %lu checks, %lu failed\n", seqs, writes, checks, fails);
    return fails ? 1 : 0;
}
