# probe exact-small-integers: is x * 1 - x exactly +0 for small integers and halves?
#
# Question. CTM p.41 (facts 123-124): the rounding "is fixed, not IEEE-exact, and differs between operations";
# "most ALU ops are accurate to within one bit on each input". Taken literally, MAD(x, 1, -x) may come out one
# ulp of x off zero, and the bounds mode (docs/fp.md part C) allows exactly that: every compare of such a result
# with 0 is then undecided, which is why most vectors of the Mesa flow-control suite are unstable (a loop counter
# compared with its limit when they are equal: `i < n` as MAD(i, 1, -n) against 0). If the chip is exact wherever
# IEEE rounding is exact (no rounding happens: x * 1 and x - x of small values), those compares are decided and
# the bounds could be narrowed for exact integer arithmetic.
#
# Inputs: constant 0 = (3, 1, 0.5, 7), constant 1 = (1, 2, 4, 1).
# o0 = c0 * 1 - c0 (MAD; OMOD x1 leaves normal results as they are); o1 = c0 * c1 - (c0 * c1 by hand:
# 3, 2, 2, 7), products and differences exact in IEEE.
#
# Readings (per channel r g b a):
#   model (IEEE, exact here): o0 = o1 = +0 0x00000000 in every channel.
#   one-bit-high (one ulp of the input above): o0 = 2^-22, 2^-23, 2^-24, 2^-21 = 0x34800000 0x34000000
#     0x33800000 0x35000000.
#   one-bit-low: the same below zero, 0xB4800000 0xB4000000 0xB3800000 0xB5000000.
# Why it discriminates: the readings differ in every channel of o0; o1 tells whether a multiply by a small integer
# other than 1 is exact too (any nonzero o1 is worth reporting, with its bits).
#@ const 0 0x40400000 0x3f800000 0x3f000000 0x40e00000
#@ const 1 0x3f800000 0x40000000 0x40800000 0x3f800000
#@ const 2 0x40400000 0x40000000 0x40000000 0x40e00000
#: model IEEE: x * 1 - x is exactly +0 (no rounding happens)
#: one-bit-high CTM p.41 taken literally: one ulp of the input above zero
#: one-bit-low CTM p.41 taken literally: one ulp of the input below zero
#= model out 0 r 0x00000000
#= model out 0 g 0x00000000
#= model out 0 b 0x00000000
#= model out 0 a 0x00000000
#= model out 1 r 0x00000000
#= model out 1 g 0x00000000
#= model out 1 b 0x00000000
#= model out 1 a 0x00000000
#= one-bit-high out 0 r 0x34800000
#= one-bit-high out 0 g 0x34000000
#= one-bit-high out 0 b 0x33800000
#= one-bit-high out 0 a 0x35000000
#= one-bit-low out 0 r 0xB4800000
#= one-bit-low out 0 g 0xB4000000
#= one-bit-low out 0 b 0xB3800000
#= one-bit-low out 0 a 0xB5000000
    out
        rgb: mad o0.rgb, src0.rgb, src0.111, -src0.rgb    # x * 1 - x
        alpha: mad o0.a, src0.a, src0.1, -src0.a
        src0=c0
    out tex_sem_wait
        rgb: mad o1.rgb, src0.rgb, src1.rgb, -src2.rgb    # x * y - (x y)
        alpha: mad o1.a, src0.a, src1.a, -src2.a
        src0=c0 src1=c1 src2=c2
