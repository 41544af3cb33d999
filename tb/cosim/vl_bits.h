// Bit fields of Verilated ports: a packed SystemVerilog value arrives as an integer (up to 64 bits) or as a VlWide
// of 32-bit words, bit i in word i / 32.
#ifndef VL_BITS_H
#define VL_BITS_H

#include <algorithm>
#include <cstdint>

#include "verilated.h"

static inline uint64_t vl_mask(unsigned width) { return width >= 64 ? ~0ull : (1ull << width) - 1; }

template <typename T> static inline uint64_t vl_get(const T &v, unsigned lo, unsigned width)
{
    return ((uint64_t)v >> lo) & vl_mask(width);
}
template <std::size_t N> static inline uint64_t vl_get(const VlWide<N> &w, unsigned lo, unsigned width)
{
    if (width == 32 && lo % 32u == 0)  // a whole word (the records' values): no loop
        return w.at(lo / 32u);
    uint64_t v = 0;
    for (unsigned b = 0; b < width;) {
        unsigned bit = lo + b, n = std::min(32u - bit % 32u, width - b);
        v |= ((uint64_t)w.at(bit / 32u) >> (bit % 32u) & vl_mask(n)) << b;
        b += n;
    }
    return v;
}

template <typename T> static inline void vl_put(T &v, unsigned lo, unsigned width, uint64_t x)
{
    v = (T)(((uint64_t)v & ~(vl_mask(width) << lo)) | (x & vl_mask(width)) << lo);
}
template <std::size_t N> static inline void vl_put(VlWide<N> &w, unsigned lo, unsigned width, uint64_t x)
{
    for (unsigned b = 0; b < width;) {
        unsigned bit = lo + b, n = std::min(32u - bit % 32u, width - b);
        uint32_t m = (uint32_t)(vl_mask(n) << (bit % 32u));
        w.at(bit / 32u) = (w.at(bit / 32u) & ~m) | ((uint32_t)(x >> b << (bit % 32u)) & m);
        b += n;
    }
}

// dst = the field, converted to dst's type.
template <typename D, typename P> static inline void vl_load(D &dst, const P &port, unsigned lo, unsigned width)
{
    dst = static_cast<D>(vl_get(port, lo, width));
}

#endif
