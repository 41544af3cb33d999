/* The texts of a bring-up export (us_bringup.h): register writes described field by field while they are replayed
 * into a shader, the program of the code window, the expected results (the vector's or the golden model's), the
 * inputs and the README with everything the writes leave at reset. */
#include <stdlib.h>
#include <string.h>

#include "gen/us_bringup.h"
#include "gen/us_vec_trace.h"
#include "golden/us_bound.h"
#include "golden/us_trace.h"
#include "isa/us_hex.h"

#define ALL_DWORDS 0x3Fu  /* the six dwords of an instruction slot */
#define ALL_CHANNELS 0xFu /* the four channels of a constant */

static const char chan_letter[4] = {'r', 'g', 'b', 'a'};
static const char *const type_name[4] = {"ALU", "OUT", "FC", "TEX"};

/* What the setup writes load, found while replaying them: the README lists what they leave at reset. */
typedef struct setup_facts {
    uint8_t slot_words[US_MAX_INST]; /* dwords written, bit d = dword d */
    uint8_t const_chans[US_NCONST];  /* channels written, bit c = channel c */
    bool reg_written[US_REG_COUNT];  /* single control registers */
    bool int_written[US_FC_INT_CONST_COUNT];
    bool data_before_index; /* a GA_US_VECTOR_DATA write relied on the reset position of the load port */
    bool index_seen;
} setup_facts_t;

/* ---------------------------------------------------------------- text helpers */

static void put_float(us_strbuf_t *sb, uint32_t bits)
{
    char d[32];
    us_fp_describe(d, sizeof d, bits);
    us_sb_puts(sb, d);
}

/* "0..3, 7, 9..255" for the indices set in flags (or "none"). */
static void put_ranges(us_strbuf_t *sb, const bool *flags, unsigned n)
{
    bool any = false;
    for (unsigned i = 0; i < n;) {
        if (!flags[i]) {
            i++;
            continue;
        }
        unsigned j = i;
        while (j + 1 < n && flags[j + 1])
            j++;
        us_sb_printf(sb, "%s%u", any ? ", " : "", i);
        if (j > i)
            us_sb_printf(sb, "..%u", j);
        any = true;
        i = j + 1;
    }
    if (!any)
        us_sb_puts(sb, "none");
}

static void put_pixels(us_strbuf_t *sb, uint8_t mask)
{
    if (!mask) {
        us_sb_puts(sb, "none");
        return;
    }
    us_sb_puts(sb, "pixels");
    for (unsigned p = 0; p < US_NPIX; p++)
        if (mask >> p & 1u)
            us_sb_printf(sb, " %u", p);
}

/* Every field of a control register value, as FIELD=VALUE (enum names where the table has them). */
static void put_fields(us_strbuf_t *sb, const us_reg_desc_t *reg, uint32_t value)
{
    for (unsigned i = 0; i < reg->n_fields; i++) {
        const us_field_desc_t *f = &reg->fields[i];
        uint32_t v = us_field_get(value, f);
        const char *name = us_field_value_name(f, v);
        us_sb_printf(sb, "%s%s=", i ? " " : "", f->name);
        if (name)
            us_sb_puts(sb, name);
        else if (f->is_signed && f->width < 32 && (v >> (f->width - 1u) & 1u))
            us_sb_printf(sb, "%lld", (long long)v - (1LL << f->width));
        else if (f->width > 9)
            us_sb_printf(sb, "0x%X", v);
        else
            us_sb_printf(sb, "%u", v);
    }
    if (value & ~reg->defined_bits)
        us_sb_printf(sb, " (undefined bits 0x%08X set)", value & ~reg->defined_bits);
}

/* Four expected values with their comparison rule: 0xVALUE (exact) or 0xVALUE[0xLO,0xHI] (any value between LO and
 * HI in fp32 order), '-' for a channel not written; then the decimal reading, "~N" for a bound N ulps wide. */
static void put_expected(us_strbuf_t *sb, const uint32_t *v, const us_iv_t *iv, unsigned n, uint8_t mask,
                         unsigned *nexact, unsigned *nbounded)
{
    for (unsigned c = 0; c < n; c++) {
        if (!(mask >> c & 1u)) {
            us_sb_puts(sb, " -");
            continue;
        }
        us_sb_printf(sb, " 0x%08X", v[c]);
        if (us_iv_exact(iv[c]) && iv[c].lo == v[c]) {
            (*nexact)++;
        } else {
            us_sb_printf(sb, "[0x%08X,0x%08X]", iv[c].lo, iv[c].hi);
            (*nbounded)++;
        }
    }
    us_sb_puts(sb, "  #");
    for (unsigned c = 0; c < n; c++) {
        us_sb_puts(sb, " ");
        if (!(mask >> c & 1u)) {
            us_sb_puts(sb, "-");
            continue;
        }
        put_float(sb, v[c]);
        if (!(us_iv_exact(iv[c]) && iv[c].lo == v[c]))
            us_sb_printf(sb, "~%llu", (unsigned long long)(us_iv_key(iv[c].hi) - us_iv_key(iv[c].lo)));
    }
    us_sb_puts(sb, "\n");
}

/* Four channel values, '-' for a channel not given, then their decimal reading as a comment. */
static void put_channels(us_strbuf_t *sb, const uint32_t v[4], uint8_t mask)
{
    for (unsigned c = 0; c < 4; c++) {
        if (mask >> c & 1u)
            us_sb_printf(sb, " 0x%08X", v[c]);
        else
            us_sb_puts(sb, " -");
    }
    us_sb_puts(sb, "  #");
    for (unsigned c = 0; c < 4; c++) {
        us_sb_puts(sb, " ");
        if (mask >> c & 1u)
            put_float(sb, v[c]);
        else
            us_sb_puts(sb, "-");
    }
    us_sb_puts(sb, "\n");
}

/* ---------------------------------------------------------------- writes.txt */

/* The register at addr and its element index, or -1. The instruction banks share addresses between
 * instruction types (dword 1 is US_ALU_RGB_ADDR or US_TEX_INST); the caller picks by the slot's type. */
static int reg_at(uint32_t addr, unsigned *index)
{
    for (unsigned r = 0; r < US_REG_COUNT; r++) {
        const us_reg_desc_t *d = &us_regs[r];
        if (addr >= d->addr && addr < d->addr + 4u * d->count && (addr - d->addr) % 4u == 0) {
            *index = (addr - d->addr) / 4u;
            return (int)r;
        }
    }
    return -1;
}

/* The register of dword `word` of an instruction of `type`, or -1 when that type leaves the dword unused. */
static int dword_reg(unsigned type, unsigned word)
{
    return us_word_reg[type & 3u][word];
}

/* Names one write and says what it loads (from the shader state before it), then applies it to sh. */
static void describe_and_apply(us_shader_t *sh, uint32_t addr, uint32_t value, us_strbuf_t *name,
                               us_strbuf_t *what, setup_facts_t *facts)
{
    us_sb_clear(name);
    us_sb_clear(what);
    us_sb_puts(name, ""); /* both texts exist even when nothing is appended */
    us_sb_puts(what, "");
    unsigned index = 0;
    int r = reg_at(addr, &index);
    if (r < 0) {
        /* us_vec_parse refuses such writes; kept so a future vector form cannot crash the tool. */
        us_sb_puts(name, "(unknown)");
        us_sb_puts(what, "not a register of the shader unit");
        us_shader_write(sh, addr, value);
        return;
    }
    const us_reg_desc_t *reg = &us_regs[r];
    if (addr == GA_US_VECTOR_INDEX_ADDR) {
        bool is_const = (value & GA_US_VECTOR_INDEX_TYPE_MASK) != 0;
        uint32_t at = (value & GA_US_VECTOR_INDEX_INDEX_MASK) >> GA_US_VECTOR_INDEX_INDEX_LO;
        us_sb_puts(name, reg->name);
        if (is_const)
            us_sb_printf(what, "load port: constants from %u%s", at & (US_NCONST - 1u),
                         value & GA_US_VECTOR_INDEX_CLAMP_MASK ? ", clamped to [-1, 1]" : "");
        else
            us_sb_printf(what, "load port: instructions from slot %u", at);
        if (value & ~reg->defined_bits)
            us_sb_printf(what, " (undefined bits 0x%08X set)", value & ~reg->defined_bits);
        facts->index_seen = true;
        us_shader_write(sh, addr, value);
        return;
    }
    if (addr == GA_US_VECTOR_DATA_ADDR) {
        us_sb_puts(name, reg->name);
        if (!facts->index_seen)
            facts->data_before_index = true;
        if (sh->vec_const) {
            unsigned k = sh->vec_index & (US_NCONST - 1u), ch = sh->vec_word;
            us_sb_printf(what, "constant %u channel %c = ", k, chan_letter[ch]);
            put_float(what, value);
            us_shader_write(sh, addr, value);
            facts->const_chans[k] |= (uint8_t)(1u << ch);
            if (sh->konst[k][ch] != value) {
                us_sb_printf(what, " (stored clamped: 0x%08X = ", sh->konst[k][ch]);
                put_float(what, sh->konst[k][ch]);
                us_sb_puts(what, ")");
            }
        } else {
            unsigned slot = sh->vec_index & (US_MAX_INST - 1u), word = sh->vec_word;
            unsigned type = word == 0 ? value & US_CMN_INST_TYPE_MASK : us_inst_type(&sh->imem[slot]);
            int dr = dword_reg(type, word);
            us_sb_printf(what, "instruction %u dword %u (", slot, word);
            if (dr >= 0)
                us_sb_puts(what, us_regs[dr].name);
            else
                us_sb_printf(what, "unused by %s", type_name[type]);
            us_sb_puts(what, ")");
            facts->slot_words[slot] |= (uint8_t)(1u << word);
            us_shader_write(sh, addr, value);
        }
        return;
    }
    if (reg->word >= 0) {
        /* A direct write into an instruction bank: name it as the slot's current type has that dword. */
        unsigned word = (unsigned)reg->word;
        unsigned type = word == 0 ? value & US_CMN_INST_TYPE_MASK : us_inst_type(&sh->imem[index]);
        int dr = dword_reg(type, word);
        if (dr >= 0)
            reg = &us_regs[dr];
        us_sb_printf(name, "%s_%u", reg->name, index);
        us_sb_printf(what, "instruction %u dword %u, written directly to its bank", index, word);
        facts->slot_words[index] |= (uint8_t)(1u << word);
        us_shader_write(sh, addr, value);
        return;
    }
    if (reg->count > 1)
        us_sb_printf(name, "%s_%u", reg->name, index);
    else
        us_sb_puts(name, reg->name);
    if (addr >= US_FC_INT_CONST_ADDR && addr < US_FC_INT_CONST_ADDR + 4u * US_FC_INT_CONST_COUNT) {
        us_sb_printf(what, "loop constant %u (KR count, KG start aL, KB step): ", index);
        facts->int_written[index] = true;
    } else {
        static const struct {
            uint32_t addr;
            const char *what;
        } purpose[] = {
            {US_CONFIG_ADDR, "configuration"},
            {US_PIXSIZE_ADDR, "temporaries per pixel"},
            {US_FC_BOOL_CONST_ADDR, "boolean constants"},
            {US_FC_CTRL_ADDR, "flow-control mode"},
            {US_CODE_ADDR_ADDR, "first and last instruction"},
            {US_CODE_RANGE_ADDR, "code window"},
            {US_CODE_OFFSET_ADDR, "offset of the program's addresses"},
        };
        for (unsigned i = 0; i < sizeof purpose / sizeof purpose[0]; i++)
            if (purpose[i].addr == addr)
                us_sb_printf(what, "%s: ", purpose[i].what);
        facts->reg_written[r] = true;
    }
    put_fields(what, reg, value);
    us_shader_write(sh, addr, value);
}

/* Replays writes into sh (from reset, with the vector's parameters), collecting the facts; out (may be NULL)
 * gets one described line per write. */
static void replay_writes(us_strbuf_t *out, us_shader_t *sh, const us_reg_write_t *w, unsigned n,
                          const us_vector_t *v, setup_facts_t *facts)
{
    us_shader_init(sh);
    sh->params = v->params;
    us_strbuf_t name, what;
    us_sb_init(&name);
    us_sb_init(&what);
    for (unsigned i = 0; i < n; i++) {
        describe_and_apply(sh, w[i].addr, w[i].value, &name, &what, facts);
        if (!out)
            continue;
        us_sb_printf(out, "0x%04X 0x%08X %s", w[i].addr, w[i].value, name.data);
        us_sb_pad_to(out, 44);
        us_sb_printf(out, "# %s\n", what.data);
    }
    us_sb_free(&name);
    us_sb_free(&what);
}

static void make_writes(us_strbuf_t *out, const us_write_list_t *l, const us_vector_t *v, const char *vec_path,
                        setup_facts_t *facts)
{
    static us_shader_t sh;
    us_sb_printf(out, "# The register writes that load vector %s (%s) into an R500 as a driver writes them: %u writes.\n"
                      "# Order of Mesa's r300 driver: the render-target formats, then r500_emit_fs (US_CONFIG ... the\n"
                      "# program), the constants, US_W_FMT (docs/bringup.md). They load exactly what the vector's own\n"
                      "# setup lines load (checked when this file was written).\n",
                 v->name[0] ? v->name : "(unnamed)", vec_path, l->n);
    us_sb_puts(out, "# Apply them in this order, one 32-bit write each, after reset (README.txt).\n"
                    "# address value register  # what it loads\n");
    replay_writes(out, &sh, l->w, l->n, v, facts);
}

/* ---------------------------------------------------------------- program.hex */

typedef struct code_window {
    unsigned first, size; /* slots first .. first + size - 1, mod 512 */
} code_window_t;

static code_window_t window_of(const us_shader_t *sh)
{
    code_window_t w;
    w.first = (sh->code_range & US_CODE_RANGE_CODE_ADDR_MASK) >> US_CODE_RANGE_CODE_ADDR_LO;
    w.size = ((sh->code_range & US_CODE_RANGE_CODE_SIZE_MASK) >> US_CODE_RANGE_CODE_SIZE_LO) + 1u;
    return w;
}

static unsigned window_slot(code_window_t w, unsigned i)
{
    return (w.first + i) % US_MAX_INST;
}

static void make_program(us_strbuf_t *f, const us_shader_t *sh, const setup_facts_t *facts)
{
    static us_program_t prog;
    code_window_t w = window_of(sh);
    unsigned last = window_slot(w, w.size - 1u);
    unsigned start = (sh->code_addr & US_CODE_ADDR_START_ADDR_MASK) >> US_CODE_ADDR_START_ADDR_LO;
    unsigned end = (sh->code_addr & US_CODE_ADDR_END_ADDR_MASK) >> US_CODE_ADDR_END_ADDR_LO;
    unsigned offset = sh->code_offset & US_CODE_OFFSET_OFFSET_ADDR_MASK;
    memset(&prog, 0, sizeof prog);
    bool missing[US_MAX_INST] = {false}, any_missing = false;
    for (unsigned i = 0; i < w.size; i++) {
        unsigned slot = window_slot(w, i);
        prog.inst[i] = sh->imem[slot];
        missing[slot] = facts->slot_words[slot] != ALL_DWORDS;
        any_missing |= missing[slot];
    }
    prog.count = w.size;
    us_sb_printf(f, "# The program: slots %u..%u%s, the code window of US_CODE_RANGE (CODE_ADDR=%u CODE_SIZE=%u),\n",
            w.first, last, last < w.first ? " (wrapping past 511)" : "", w.first, w.size - 1u);
    us_sb_printf(f, "# %u instructions in slot order. The quad starts at slot %u and ends at slot %u (US_CODE_ADDR START_ADDR=%u\n"
                    "# END_ADDR=%u, US_CODE_OFFSET %u). Six words per instruction, dword 0 = US_CMN_INST first.\n",
            w.size, (start + offset) % US_MAX_INST, (end + offset) % US_MAX_INST, start, end, offset);
    if (any_missing) {
        us_strbuf_t sb;
        us_sb_init(&sb);
        put_ranges(&sb, missing, US_MAX_INST);
        us_sb_printf(f, "# Slots the vector does not load in full (the model reads what it leaves as zero): %s\n", sb.data);
        us_sb_free(&sb);
    }
    us_hex_format(f, &prog);
}

/* ---------------------------------------------------------------- expected.txt */

/* The results to compare, from the vector's expectations or from the golden model's final state. */
typedef struct results {
    uint32_t temp[US_NPIX][US_NTEMP][4];
    uint8_t temp_mask[US_NTEMP][US_NPIX];
    uint32_t out[4][US_NPIX][4];
    uint8_t out_mask[4][US_NPIX];
    uint32_t w[US_NPIX];
    uint8_t w_mask, pred[US_NPIX], alu_result, killed;
    uint32_t errors;
    bool has_retired;
    uint64_t retired;
} results_t;

static void results_from_vector(results_t *r, const us_vector_t *v)
{
    memcpy(r->temp, v->exp_temp, sizeof r->temp);
    memcpy(r->temp_mask, v->exp_temp_mask, sizeof r->temp_mask);
    memcpy(r->out, v->exp_out, sizeof r->out);
    memcpy(r->out_mask, v->exp_out_mask, sizeof r->out_mask);
    memcpy(r->w, v->exp_w, sizeof r->w);
    memcpy(r->pred, v->exp_pred, sizeof r->pred);
    r->w_mask = v->exp_w_mask;
    r->alu_result = v->exp_alu_result;
    r->killed = v->exp_killed;
    r->errors = v->exp_errors;
    r->has_retired = v->has_retired;
    r->retired = v->exp_retired;
}

static void results_from_quad(results_t *r, const us_quad_t *q)
{
    memcpy(r->temp, q->temp, sizeof r->temp);
    memcpy(r->temp_mask, q->temp_written, sizeof r->temp_mask);
    memcpy(r->out, q->out, sizeof r->out);
    memcpy(r->out_mask, q->out_written, sizeof r->out_mask);
    memcpy(r->w, q->w, sizeof r->w);
    memcpy(r->pred, q->pred, sizeof r->pred);
    r->w_mask = q->w_written;
    r->alu_result = q->alu_result;
    r->killed = q->killed;
    r->errors = q->errors;
    r->has_retired = true;
    r->retired = q->retired;
}

static void make_expected(us_strbuf_t *out, const results_t *r, const us_vector_t *v, bool from_model,
                          const us_bounds_t *bd, unsigned *nexact, unsigned *nbounded)
{
    us_sb_printf(out, "# Expected results of vector %s: %s\n", v->name[0] ? v->name : "(unnamed)",
                 from_model ? "the vector has no expect lines, so this is the golden model's final state\n"
                              "# (us_vec_setup + us_quad_run), not an independent expectation."
                            : "the vector's expect lines.");
    us_sb_puts(out, "# Each value carries its comparison rule (docs/bringup.md): 0xVALUE alone is exact (all 32 bits), as\n"
                    "# for selects, moves, texels and inputs, predicates, the ALU result, kills and errors;\n"
                    "# 0xVALUE[0xLO,0xHI] is the model's value and the bound a correct chip stays within (any fp32 from LO\n"
                    "# to HI, -0 below +0): arithmetic, whose rounding the CTM guide leaves within one bit on each input\n"
                    "# (p.41; docs/fp.md part C). The decimal after '#' is only for reading (~N: the bound is N ulps wide).\n"
                    "# '-': a channel not written. Render targets 0-3 are A-D. Pixel 0 top-left, 1 top-right, 2 bottom-left,\n"
                    "# 3 bottom-right. Predicate bits: r=1 g=2 b=4 a=8. To report a read-back, copy this file, put the\n"
                    "# values read in place of the expected ones (bounds may stay: they are ignored) and run\n"
                    "# usbringup --check FILE VECTOR.\n");
    for (unsigned p = 0; p < US_NPIX; p++) {
        us_sb_printf(out, "\n# pixel %u: %s%s\n", p, v->covered >> p & 1u ? "covered" : "not covered (helper pixel)",
                     r->killed >> p & 1u ? ", killed" : "");
        for (unsigned t = 0; t < 4; t++)
            if (r->out_mask[t][p]) {
                us_sb_printf(out, "pixel %u out %u", p, t);
                put_expected(out, r->out[t][p], bd->out[t][p], 4, r->out_mask[t][p], nexact, nbounded);
            }
        if (r->w_mask >> p & 1u) {
            us_sb_printf(out, "pixel %u w", p);
            put_expected(out, &r->w[p], &bd->w[p], 1, 1u, nexact, nbounded);
        }
        for (unsigned a = 0; a < US_NTEMP; a++)
            if (r->temp_mask[a][p]) {
                us_sb_printf(out, "pixel %u temp %u", p, a);
                put_expected(out, r->temp[p][a], bd->temp[p][a], 4, r->temp_mask[a][p], nexact, nbounded);
            }
        us_sb_printf(out, "pixel %u pred 0x%X  #", p, r->pred[p]);
        for (unsigned c = 0; c < 4; c++)
            us_sb_printf(out, " %c=%u", chan_letter[c], r->pred[p] >> c & 1u);
        us_sb_puts(out, "\n");
    }
    us_sb_puts(out, "\n# the quad\n");
    us_sb_printf(out, "quad alu_result 0x%X  # ", r->alu_result);
    put_pixels(out, r->alu_result);
    us_sb_printf(out, "\nquad killed 0x%X  # ", r->killed);
    put_pixels(out, r->killed);
    us_sb_puts(out, "\nquad errors ");
    us_errors_format(out, r->errors);
    us_sb_puts(out, "\n");
    if (r->has_retired)
        us_sb_printf(out, "quad retired %llu  # instructions retired\n", (unsigned long long)r->retired);
    if (!from_model && v->ntrace)
        us_sb_printf(out, "# The vector also gives the whole retire trace (%u expect trace lines): internal to the\n"
                          "# shader, for the RTL and the model; see the vector.\n", v->ntrace);
}

/* ---------------------------------------------------------------- inputs.txt */

/* Textures that TEX instructions in the code window sample (TEXKILL and NOP read none). */
static void sampled_textures(const us_shader_t *sh, bool used[US_NTEX])
{
    code_window_t w = window_of(sh);
    memset(used, 0, US_NTEX * sizeof used[0]);
    for (unsigned i = 0; i < w.size; i++) {
        const us_decoded_t *d = &sh->dec[window_slot(w, i)];
        unsigned op = d->u.tex.inst.inst;
        if (d->type == US_TYPE_TEX && op != US_TEX_INST_INST_NOP && op != US_TEX_INST_INST_TEXKILL)
            used[d->u.tex.inst.tex_id & (US_NTEX - 1u)] = true;
    }
}

static void make_inputs(us_strbuf_t *out, const us_vector_t *v, const bool used[US_NTEX])
{
    us_sb_printf(out, "# Inputs of vector %s that are not register writes. On an R500 the covered mask and the\n"
                      "# temporaries come from the rasterizer and its interpolators, the textures from the texture unit.\n"
                      "# Lines in the vector's own syntax (vectors/FORMAT.md); bit patterns are exact.\n",
                 v->name[0] ? v->name : "(unnamed)");
    us_sb_printf(out, "covered 0x%X  # ", v->covered);
    put_pixels(out, v->covered);
    us_sb_puts(out, " (0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right); an uncovered pixel still runs, as a helper\n");
    us_sb_puts(out, "# Temporaries at the start of the quad: temp PIXEL ADDRESS R G B A. Every temporary not listed is 0\n"
                    "# in all four channels.\n");
    for (unsigned p = 0; p < US_NPIX; p++)
        for (unsigned a = 0; a < US_NTEMP; a++) {
            const uint32_t *t = v->temp[p][a];
            if (t[0] | t[1] | t[2] | t[3]) {
                us_sb_printf(out, "temp %u %u", p, a);
                put_channels(out, t, 0xF);
            }
        }
    us_strbuf_t list;
    us_sb_init(&list);
    put_ranges(&list, used, US_NTEX);
    us_sb_printf(out, "# Textures: texture ID WIDTH HEIGHT, then texel ID X Y R G B A (fp32, one level, nearest texel,\n"
                      "# coordinates clamped: docs/spec.md section 6). TEX instructions of the program sample: %s.\n",
                 list.data);
    us_sb_free(&list);
    for (unsigned id = 0; id < US_NTEX; id++) {
        const us_texture_t *tx = &v->tex[id];
        if (!tx->width) {
            if (used[id])
                us_sb_printf(out, "# texture %u is sampled but not given: every lookup returns 0 in all channels\n", id);
            continue;
        }
        us_sb_printf(out, "texture %u %u %u\n", id, tx->width, tx->height);
        for (unsigned y = 0; y < tx->height; y++)
            for (unsigned x = 0; x < tx->width; x++) {
                us_sb_printf(out, "texel %u %u %u", id, x, y);
                put_channels(out, tx->texel[y * tx->width + x], 0xF);
            }
    }
}

/* ---------------------------------------------------------------- README.txt */

static void make_readme(us_strbuf_t *out, const us_vector_t *v, const char *vec_path, const us_shader_t *sh,
                        const setup_facts_t *facts, unsigned nwrites, bool from_model, unsigned model_diffs,
                        const us_strbuf_t *diff_report)
{
    const char *name = v->name[0] ? v->name : "(unnamed)";
    code_window_t w = window_of(sh);
    us_sb_printf(out, "Replaying vector %s (%s) on an R500\n\n", name, vec_path);
    us_sb_puts(out, "Files: writes.txt (the register writes, in order), program.hex (the program they load, for\n"
                    "reading), inputs.txt (what the rasterizer and the texture unit must supply), expected.txt (the\n"
                    "results to compare). docs/bringup.md in the repository explains the flow.\n\n");

    us_sb_puts(out, "1. Reset. The writes start from the shader unit's reset state as the model defines it (docs/spec.md\n"
                    "   section 3): US_CONFIG = 0x00000002 (what Mesa writes), every other register, instruction slot and\n"
                    "   constant 0, the load port at instruction slot 0. The AMD register tables give 0 as the default of\n"
                    "   every field (US_CONFIG too) and say nothing of the instruction and constant memories after a\n"
                    "   reset, so before the writes set what this vector leaves at reset to these values. It leaves:\n");
    us_sb_puts(out, "   - registers:");
    bool any = false;
    for (unsigned r = 0; r < US_REG_COUNT; r++) {
        const us_reg_desc_t *reg = &us_regs[r];
        if (reg->word >= 0 || reg->count != 1 || reg->addr == GA_US_VECTOR_INDEX_ADDR ||
            reg->addr == GA_US_VECTOR_DATA_ADDR || facts->reg_written[r])
            continue;
        us_sb_printf(out, "\n       %s (0x%04X) = 0x%08X", reg->name, reg->addr,
                     reg->addr == US_CONFIG_ADDR ? 1u << US_CONFIG_ZERO_TIMES_ANYTHING_EQUALS_ZERO_LO : 0u);
        any = true;
    }
    us_sb_puts(out, any ? "\n" : " none\n");
    bool int_left[US_FC_INT_CONST_COUNT];
    for (unsigned i = 0; i < US_FC_INT_CONST_COUNT; i++)
        int_left[i] = !facts->int_written[i];
    us_sb_puts(out, "   - US_FC_INT_CONST_n (0 each), n = ");
    put_ranges(out, int_left, US_FC_INT_CONST_COUNT);
    bool const_left[US_NCONST];
    for (unsigned i = 0; i < US_NCONST; i++)
        const_left[i] = facts->const_chans[i] != ALL_CHANNELS;
    us_sb_puts(out, "\n   - constants, in full or in part (0 in each channel left): ");
    put_ranges(out, const_left, US_NCONST);
    bool slot_left[US_MAX_INST] = {false};
    for (unsigned i = 0; i < w.size; i++)
        slot_left[window_slot(w, i)] = facts->slot_words[window_slot(w, i)] != ALL_DWORDS;
    us_sb_puts(out, "\n   - instruction slots of the code window, in full or in part (0 in each dword left): ");
    put_ranges(out, slot_left, US_MAX_INST);
    us_sb_puts(out, "\n");
    if (facts->data_before_index)
        us_sb_puts(out, "   - the load port: a GA_US_VECTOR_DATA write comes before any GA_US_VECTOR_INDEX write, so\n"
                        "     write GA_US_VECTOR_INDEX = 0x00000000 (instructions, slot 0) first.\n");

    us_sb_printf(out, "\n2. Writes. Apply the %u lines of writes.txt in file order, each one 32-bit register write of\n"
                      "   VALUE to ADDRESS (the first two columns; the name and comment are for reading). They are what\n"
                      "   Mesa's r300 driver writes, in its order: US_OUT_FMT_0..3 (fp32 RGBA for each render target\n"
                      "   the program writes, UNUSED for the others), US_CONFIG, US_PIXSIZE, US_FC_CTRL, the loop\n"
                      "   constants, US_CODE_RANGE/OFFSET/ADDR, the program, the constants, US_W_FMT. The\n"
                      "   GA_US_VECTOR_DATA writes go through the load port: each stores the next dword after the last\n"
                      "   GA_US_VECTOR_INDEX write, so keep the order and write nothing else to the port in between.\n",
                 nwrites);

    us_sb_puts(out, "\n3. Inputs (inputs.txt). Draw one 2x2 quad with the covered mask given; the temporaries listed must\n"
                    "   hold exactly those bit patterns when the shader starts (set the rasterizer's interpolators, or\n"
                    "   an earlier pass, to produce them), and every other temporary 0. Bind each texture as fp32 RGBA,\n"
                    "   one mip level, nearest filtering, clamp to edge, so that a lookup returns the texel the model\n"
                    "   picks (docs/spec.md section 6).\n");
    const us_params_t d = us_default_params();
    us_sb_printf(out, "   Model parameters the results assume: loop stack %u, address stack %u, branch counter %u bits,\n"
                      "   watchdog %u instructions%s.\n",
                 v->params.loop_depth, v->params.addr_depth, v->params.counter_bits, v->params.watchdog,
                 memcmp(&v->params, &d, sizeof d) == 0 ? " (the defaults)" : " (not all the defaults)");

    us_sb_puts(out, "\n4. Compare (expected.txt). Each value has its rule: 0xVALUE alone is exact (compare all 32 bits);\n"
                    "   0xVALUE[0xLO,0xHI] passes for any fp32 from LO to HI (arithmetic: the CTM guide promises one bit\n"
                    "   on each input, not IEEE rounding). Never compare the decimal. The render targets are fp32 per\n"
                    "   channel (US_OUT_FMT above). W goes to the depth buffer as 24-bit fixed point (US_W_FMT W24, as\n"
                    "   Mesa sets it): compare W after that conversion, or from a debug read-back. Only covered pixels\n"
                    "   that are not killed are written; uncovered (helper) and killed pixels must leave the buffers\n"
                    "   unchanged. Temporaries, predicates, the ALU result, errors and the retired count are internal:\n"
                    "   compare them where a debug read-back or a simulation (uscosim) shows them. To check a read-back:\n"
                    "   copy expected.txt, put the values read in place of the expected ones, and run\n"
                    "   usbringup --check THAT_FILE VECTOR (docs/bringup.md).\n");
    if (from_model)
        us_sb_puts(out, "\nThe vector has no expect lines: expected.txt is the golden model's final state.\n");
    else if (model_diffs == 0)
        us_sb_puts(out, "\nThe golden model, run on this vector, agrees with expected.txt.\n");
    else
        us_sb_printf(out, "\nWARNING: the golden model, run on this vector, differs from its expect lines (%u differences):\n%s",
                     model_diffs, diff_report->data);
}

/* Runs the quad to its end, comparing its retire lines with the vector's expected trace when cmp is given. */
static void run_model(const us_shader_t *sh, us_quad_t *q, us_bounds_t *bd, us_trace_cmp_t *cmp)
{
    us_retire_t r;
    us_strbuf_t sb;
    us_sb_init(&sb);
    while (us_quad_step_bounded(q, sh, cmp ? &r : NULL, bd)) {
        if (!cmp)
            continue;
        us_sb_clear(&sb);
        us_retire_format(&sb, &r);
        us_trace_cmp_line(cmp, sb.data);
    }
    us_sb_free(&sb);
}

void us_bringup_make(us_bringup_t *b, const us_vector_t *v, const char *vec_path)
{
    static us_shader_t sh;
    static us_quad_t q;
    static setup_facts_t facts;
    static results_t res;
    memset(&facts, 0, sizeof facts);
    memset(b, 0, sizeof *b);
    us_sb_init(&b->writes);
    us_sb_init(&b->program);
    us_sb_init(&b->expected);
    us_sb_init(&b->inputs);
    us_sb_init(&b->readme);
    us_strbuf_t report;
    us_sb_init(&report);
    /* The state the vector's own writes load, then a driver's writes for it, checked to load the same. */
    static us_shader_t vsh;
    static setup_facts_t vfacts;
    memset(&vfacts, 0, sizeof vfacts);
    replay_writes(NULL, &vsh, v->writes, v->nwrites, v, &vfacts);
    us_write_list_t list;
    us_bringup_driver_writes(&vsh, v, vfacts.const_chans, &list);
    if (us_bringup_writes_check(&vsh, &list, b->error, sizeof b->error)) {
        free(list.w);
        us_sb_free(&report);
        return;
    }
    make_writes(&b->writes, &list, v, vec_path, &facts);
    b->nwrites = list.n;
    free(list.w);

    /* The golden model, with bounds: the expected results when the vector has none, a cross-check when it has. */
    static us_bounds_t bounds;
    us_vec_setup(v, &sh, &q);
    us_bounds_init(&bounds, &q);
    us_trace_cmp_t cmp;
    us_trace_cmp_init(&cmp, v);
    run_model(&sh, &q, &bounds, v->ntrace > 0 ? &cmp : NULL);
    b->unstable = bounds.unstable;
    b->unstable_pc = bounds.first_pc;
    b->unstable_pixel = bounds.first_pixel;
    snprintf(b->unstable_why, sizeof b->unstable_why, "%s", bounds.why);
    b->from_model = !v->has_expect;
    if (v->has_expect) {
        results_from_vector(&res, v);
        b->model_diffs = us_vec_check(v, &q, &cmp, &report);
    } else {
        results_from_quad(&res, &q);
    }
    make_expected(&b->expected, &res, v, b->from_model, &bounds, &b->nexact, &b->nbounded);
    bool used[US_NTEX];
    sampled_textures(&sh, used);
    make_inputs(&b->inputs, v, used);
    make_readme(&b->readme, v, vec_path, &sh, &facts, b->nwrites, b->from_model, b->model_diffs, &report);
    make_program(&b->program, &sh, &facts);
    code_window_t w = window_of(&sh);
    b->ninst = w.size;
    b->first_slot = w.first;
    b->last_slot = window_slot(w, w.size - 1u);
    us_trace_cmp_free(&cmp);
    us_sb_free(&report);
}

void us_bringup_free(us_bringup_t *b)
{
    us_sb_free(&b->writes);
    us_sb_free(&b->program);
    us_sb_free(&b->expected);
    us_sb_free(&b->inputs);
    us_sb_free(&b->readme);
}
