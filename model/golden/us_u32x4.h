/* Four 32-bit lanes as one value, for the ALU's operand reads and write-back: the GCC and Clang vector extension
 * (SSE2 on x86-64, plain code elsewhere). Loads and stores go through memcpy, so any uint32_t array is a source
 * or a destination without aliasing or alignment questions. Internal to the ALU. */
#ifndef US_U32X4_H
#define US_U32X4_H

#include <stdint.h>
#include <string.h>

typedef uint32_t u32x4 __attribute__((vector_size(16)));

static inline u32x4 u32x4_load(const uint32_t *p)
{
    u32x4 v;
    memcpy(&v, p, sizeof v);
    return v;
}

static inline void u32x4_store(uint32_t *p, u32x4 v) { memcpy(p, &v, sizeof v); }

static inline u32x4 u32x4_splat(uint32_t x) { return (u32x4){x, x, x, x}; }

/* Rows r0..r3 (say, four pixels' r g b a) as columns (channel by channel, four pixels each). */
static inline void u32x4_transpose(u32x4 r0, u32x4 r1, u32x4 r2, u32x4 r3, u32x4 out[4])
{
    u32x4 lo01 = __builtin_shufflevector(r0, r1, 0, 4, 1, 5), hi01 = __builtin_shufflevector(r0, r1, 2, 6, 3, 7);
    u32x4 lo23 = __builtin_shufflevector(r2, r3, 0, 4, 1, 5), hi23 = __builtin_shufflevector(r2, r3, 2, 6, 3, 7);
    out[0] = __builtin_shufflevector(lo01, lo23, 0, 1, 4, 5);
    out[1] = __builtin_shufflevector(lo01, lo23, 2, 3, 6, 7);
    out[2] = __builtin_shufflevector(hi01, hi23, 0, 1, 4, 5);
    out[3] = __builtin_shufflevector(hi01, hi23, 2, 3, 6, 7);
}

#endif
