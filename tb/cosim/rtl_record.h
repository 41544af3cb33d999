// The retire port of the Verilated us_core as a us_retire_t, and the comparison of two records.
#ifndef RTL_RECORD_H
#define RTL_RECORD_H

#include <cstdint>
#include <string>
#include <vector>

extern "C" {
#include "golden/us_model.h"
}

// Packed SystemVerilog arrays arrive as one wide vector: element i of width w sits at bits [i*w +: w].
template <typename W> static inline uint64_t wide_bits(const W &wide, unsigned lo, unsigned width)
{
    uint64_t v = 0;
    for (unsigned b = 0; b < width; b++) {
        unsigned bit = lo + b;
        v |= (uint64_t)((wide[bit / 32] >> (bit % 32)) & 1u) << b;
    }
    return v;
}
static inline uint64_t narrow_bits(uint64_t v, unsigned lo, unsigned width)
{
    return (v >> lo) & (width >= 64 ? ~0ull : ((1ull << width) - 1));
}

// One difference: the field's name and, per pixel and channel where it has them, golden and RTL values.
struct FieldDiff {
    std::string field;  // e.g. "temp[0].val", "running_after"
    int pixel = -1, channel = -1;
    uint64_t golden = 0, rtl = 0;
};

// Compares every field, with the record's own rule that a slot's address and values mean something only where
// its mask is set (a write with an empty mask has no address). Returns the differences.
std::vector<FieldDiff> compare_records(const us_retire_t &golden, const us_retire_t &rtl);

#endif
