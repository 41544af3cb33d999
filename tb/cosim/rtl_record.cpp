// Comparison of two retire records, field by field (docs/spec.md section 8).
#include "rtl_record.h"

#include <cstdio>
#include <cstring>

#include "generated/us_state_pack.h"

namespace {

struct Differ {
    std::vector<FieldDiff> out;
    void scalar(const char *name, uint64_t g, uint64_t r)
    {
        if (g != r)
            out.push_back({name, -1, -1, g, r});
    }
    void at(const char *name, int p, int c, uint64_t g, uint64_t r)
    {
        if (g != r)
            out.push_back({name, p, c, g, r});
    }
    // A field of a write slot, "kind[slot].field"; the name is made only for a difference.
    void slot(const char *kind, unsigned s, const char *field, int p, int c, uint64_t g, uint64_t r)
    {
        if (g == r)
            return;
        char name[32];
        snprintf(name, sizeof name, "%s[%u].%s", kind, s, field);
        out.push_back({name, p, c, g, r});
    }
};

void compare_write(Differ &d, const char *kind, unsigned slot, const us_write_t &g, const us_write_t &r)
{
    bool any_g = false, any_r = false;
    for (unsigned p = 0; p < US_NPIX; p++) {
        any_g |= g.mask[p] != 0;
        any_r |= r.mask[p] != 0;
        d.slot(kind, slot, "mask", (int)p, -1, g.mask[p], r.mask[p]);
        for (unsigned c = 0; c < 4; c++)
            if ((g.mask[p] & r.mask[p]) >> c & 1u)
                d.slot(kind, slot, "val", (int)p, (int)c, g.val[p][c], r.val[p][c]);
    }
    if (any_g && any_r)
        d.slot(kind, slot, "addr", -1, -1, g.addr, r.addr);
}

}  // namespace

void canonical(us_retire_t &r)
{
    r.result_val &= r.result_mask;
    for (unsigned p = 0; p < US_NPIX; p++) {
        if (!(r.w_mask >> p & 1u))
            r.w_val[p] = 0;
        if (!r.pred_mask[p])
            r.pred_val[p] = 0;
    }
    for (us_write_t *w : {&r.temp[0], &r.temp[1], &r.out[0], &r.out[1]}) {
        uint32_t any;
        static_assert(sizeof w->mask == sizeof any, "one mask byte per pixel");
        memcpy(&any, w->mask, sizeof any);
        if (!any)
            w->addr = 0;
    }
}

std::vector<FieldDiff> compare_records(const us_retire_t &g, const us_retire_t &r)
{
    // Records equal byte for byte have no field that differs: the common case, without the walk below. (Both sides
    // zero a record before filling it and make it canonical, so padding and unwritten addresses compare equal; any
    // other difference takes the walk, which decides.)
    if (memcmp(&g, &r, sizeof g) == 0)
        return {};
    Differ d;
    d.scalar("ctx", g.ctx, r.ctx);
    d.scalar("seq", g.seq, r.seq);
    d.scalar("pc", g.pc, r.pc);
    for (unsigned w = 0; w < 6; w++)
        d.at("inst", -1, (int)w, g.inst.w[w], r.inst.w[w]);
    d.scalar("next_pc", g.next_pc, r.next_pc);
    d.scalar("jumped", g.jumped, r.jumped);
    d.scalar("running_before", g.running_before, r.running_before);
    d.scalar("running_after", g.running_after, r.running_after);
    d.scalar("killed_after", g.killed_after, r.killed_after);
    d.scalar("inactive_after", g.inactive_after, r.inactive_after);
    for (unsigned s = 0; s < 2; s++)
        compare_write(d, "temp", s, g.temp[s], r.temp[s]);
    for (unsigned s = 0; s < 2; s++)
        compare_write(d, "out", s, g.out[s], r.out[s]);
    d.scalar("w_mask", g.w_mask, r.w_mask);
    for (unsigned p = 0; p < US_NPIX; p++) {
        if (g.w_mask & r.w_mask & (1u << p))
            d.at("w_val", (int)p, 3, g.w_val[p], r.w_val[p]);
        d.at("pred_mask", (int)p, -1, g.pred_mask[p], r.pred_mask[p]);
        if (g.pred_mask[p] && r.pred_mask[p])
            d.at("pred_val", (int)p, -1, g.pred_val[p], r.pred_val[p]);
        d.at("counter_after", (int)p, -1, g.counter_after[p], r.counter_after[p]);
    }
    d.scalar("result_mask", g.result_mask, r.result_mask);
    d.scalar("result_val", g.result_val & g.result_mask, r.result_val & r.result_mask);
    d.scalar("loop_sp", g.loop_sp, r.loop_sp);
    d.scalar("loop_top", us_frame_pack(g.loop_top), us_frame_pack(r.loop_top));
    d.scalar("addr_sp", g.addr_sp, r.addr_sp);
    d.scalar("addr_top", g.addr_top, r.addr_top);
    d.scalar("errors", g.errors, r.errors);
    d.scalar("done", g.done, r.done);
    return d.out;
}
