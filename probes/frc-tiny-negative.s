# probe frc-tiny-negative: FRC of a tiny negative number, where 1 - |a| rounds to 1.0
#
# Question. CTM p.28 (fact 40): FRC = A - floor(A). For -1 < a < 0, floor(a) = -1 and the exact result 1 - |a|
# lies in (1 - 2^-24, 1) when |a| < 2^-24: not an fp32 value. The model rounds to nearest (ties to even) and
# then replaces 1.0 by 0x3F7FFFFF so the result stays in [0, 1) (docs/fp.md FRC).
#
# Inputs: constant 0 = (-2^-30 0xB0800000, -2^-25 0xB3000000, -2^-24 0xB3800000, 0). OMOD x1 (FRC cannot disable
# the OMOD; x1 leaves a normal value unchanged).
# Derivation: fp32 values just below 1.0 are spaced 2^-24 (1 - 2^-24 = 0x3F7FFFFF).
#   r: 1 - 2^-30 is 2^-30 below 1.0, less than half a spacing (2^-25): round-to-nearest gives 1.0.
#   g: 1 - 2^-25 is exactly half way between 0x3F7FFFFF and 1.0: ties to even gives 1.0 (fraction 0 is even).
#   b: 1 - 2^-24 = 0x3F7FFFFF exactly: every reading (control).
# Readings:
#   model (round to nearest even, then 1.0 -> 0x3F7FFFFF): r 0x3F7FFFFF, g 0x3F7FFFFF, b 0x3F7FFFFF.
#   rne-unclamped (A - floor(A) rounded to nearest even, no fix-up, as x - floor(x) in IEEE fp32): r 1.0
#     0x3F800000, g 1.0 0x3F800000, b 0x3F7FFFFF.
#   (A subtract that rounds toward zero, which CTM p.41 fact 123 allows, gives 0x3F7FFFFF in r and g as the
#   model does: this probe cannot tell it from the model; nor can it tell an exact 1 - |a| rounded to nearest
#   from rne-unclamped, which is the same value.)
# Why it discriminates: r and g differ between the two readings in the low 23 bits and the exponent.
#@ const 0 0xB0800000 0xB3000000 0xB3800000 0x00000000
#: model round to nearest even, then 1.0 is replaced by 0x3F7FFFFF (result in [0, 1))
#: rne-unclamped a - floor(a) rounded to nearest even, no fix-up: 1.0 can come out
#= model out 0 r 0x3F7FFFFF
#= model out 0 g 0x3F7FFFFF
#= model out 0 b 0x3F7FFFFF
#= rne-unclamped out 0 r 0x3F800000
#= rne-unclamped out 0 g 0x3F800000
    out tex_sem_wait
        rgb: frc o0.rgb, src0.rgb
        alpha: max.off _, src0.0, src0.0
        src0=c0
