#include "golden/us_trace.h"

#include <stdio.h>
#include <string.h>

static const char chan_letters[4] = {'r', 'g', 'b', 'a'};

void us_fp_describe(char *buf, size_t size, uint32_t bits)
{
    float f;
    memcpy(&f, &bits, sizeof f);
    snprintf(buf, size, "%.9g", (double)f);
}

void us_errors_format(us_strbuf_t *sb, uint32_t errors)
{
    if (!errors) {
        us_sb_puts(sb, "none");
        return;
    }
    bool first = true;
    for (unsigned i = 0; i < US_ERR_COUNT; i++)
        if (errors >> i & 1u) {
            us_sb_printf(sb, "%s%s", first ? "" : ",", us_error_names[i]);
            first = false;
        }
}

static void put_mask(us_strbuf_t *sb, uint8_t mask)
{
    for (unsigned c = 0; c < 4; c++)
        if (mask >> c & 1u)
            us_sb_printf(sb, "%c", chan_letters[c]);
}

static void put_write(us_strbuf_t *sb, char kind, const us_write_t *w)
{
    for (unsigned p = 0; p < US_NPIX; p++) {
        if (!w->mask[p])
            continue;
        us_sb_printf(sb, " %c%u.p%u.", kind, w->addr, p);
        put_mask(sb, w->mask[p]);
        const char *sep = "=";
        for (unsigned c = 0; c < 4; c++)
            if (w->mask[p] >> c & 1u) {
                us_sb_printf(sb, "%s%08x", sep, w->val[p][c]);
                sep = ",";
            }
    }
}

void us_retire_format(us_strbuf_t *sb, const us_retire_t *r)
{
    us_sb_printf(sb, "%llu ctx=%u pc=%u next=%u%s run=%x>%x kill=%x", (unsigned long long)r->seq, r->ctx, r->pc,
                 r->next_pc, r->jumped ? " jump" : "", r->running_before, r->running_after, r->killed_after);
    put_write(sb, 't', &r->temp[0]);
    put_write(sb, 't', &r->temp[1]);
    put_write(sb, 'o', &r->out[0]);
    put_write(sb, 'o', &r->out[1]);
    for (unsigned p = 0; p < US_NPIX; p++)
        if (r->w_mask >> p & 1u)
            us_sb_printf(sb, " w.p%u=%08x", p, r->w_val[p]);
    for (unsigned p = 0; p < US_NPIX; p++)
        if (r->pred_mask[p])
            us_sb_printf(sb, " pred.p%u=%x/%x", p, r->pred_val[p], r->pred_mask[p]);
    if (r->result_mask)
        us_sb_printf(sb, " res=%x/%x", r->result_val, r->result_mask);
    if (us_inst_type(&r->inst) == US_TYPE_FC) {
        us_sb_printf(sb, " inact=%x cnt=%u,%u,%u,%u loop=%u", r->inactive_after, r->counter_after[0],
                     r->counter_after[1], r->counter_after[2], r->counter_after[3], r->loop_sp);
        if (r->loop_sp)
            us_sb_printf(sb, "[n=%u aL=%u m=%x b=%x c=%x]", r->loop_top.count, r->loop_top.al, r->loop_top.member,
                         r->loop_top.broken, r->loop_top.continued);
        us_sb_printf(sb, " astk=%u", r->addr_sp);
        if (r->addr_sp)
            us_sb_printf(sb, "[%u]", r->addr_top);
    }
    if (r->errors) {
        us_sb_puts(sb, " err=");
        us_errors_format(sb, r->errors);
    }
    if (r->done)
        us_sb_puts(sb, " end");
}

static void put_values(us_strbuf_t *sb, const uint32_t v[4], uint8_t mask)
{
    char d[4][32];
    for (unsigned c = 0; c < 4; c++) {
        if (mask >> c & 1u) {
            us_sb_printf(sb, " 0x%08x", v[c]);
            us_fp_describe(d[c], sizeof d[c], v[c]);
        } else {
            us_sb_puts(sb, " -");
            strcpy(d[c], "-");
        }
    }
    us_sb_printf(sb, "  # %s %s %s %s\n", d[0], d[1], d[2], d[3]);
}

void us_state_dump(us_strbuf_t *sb, const us_quad_t *q)
{
    for (unsigned a = 0; a < US_NTEMP; a++)
        for (unsigned p = 0; p < US_NPIX; p++)
            if (q->temp_written[a][p]) {
                us_sb_printf(sb, "temp %u %u", p, a);
                put_values(sb, q->temp[p][a], q->temp_written[a][p]);
            }
    for (unsigned t = 0; t < 4; t++)
        for (unsigned p = 0; p < US_NPIX; p++)
            if (q->out_written[t][p]) {
                us_sb_printf(sb, "out %u %u", t, p);
                put_values(sb, q->out[t][p], q->out_written[t][p]);
            }
    for (unsigned p = 0; p < US_NPIX; p++)
        if (q->w_written >> p & 1u) {
            char d[32];
            us_fp_describe(d, sizeof d, q->w[p]);
            us_sb_printf(sb, "w %u 0x%08x  # %s\n", p, q->w[p], d);
        }
    for (unsigned p = 0; p < US_NPIX; p++)
        us_sb_printf(sb, "pred %u 0x%x\n", p, q->pred[p]);
    us_sb_printf(sb, "alu_result 0x%x\nkilled 0x%x\nerrors ", q->alu_result, q->killed);
    us_errors_format(sb, q->errors);
    us_sb_printf(sb, "\nretired %llu\n", (unsigned long long)q->retired);
}
