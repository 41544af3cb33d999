// The comparison of two retire records (the RTL's comes from us_retire_unpack, us_state_pack.h).
#ifndef RTL_RECORD_H
#define RTL_RECORD_H

#include <cstdint>
#include <string>
#include <vector>

extern "C" {
#include "golden/us_model.h"
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

// A record's conventions made canonical on both sides: the result value, W values and predicate values only where
// written, and a write slot's address only where its mask has a bit (the RTL's port carries whatever its datapath
// held; the model names the render target of an OUT instruction that writes nothing). compare_records ignores all
// of these, so this changes no verdict; it lets equal records compare equal byte for byte.
void canonical(us_retire_t &r);

#endif
