# probe max-signed-zero: which operand do MAX and MIN return for a +0/-0 pair?
#
# Question. CTM p.28 (fact 37) defines MAX = (A >= B) ? A : B and MIN = (A < B) ? A : B; p.42 (fact 133) says
# MIN/MAX of a +0/-0 pair return the second input. The model follows p.42 (docs/fp.md MIN, MAX).
#
# Inputs: constant 0 = (+0, -0, +0, -0). A = c0.rg, B = c0.gr, so channel r has (A, B) = (+0, -0) and
# channel g has (A, B) = (-0, +0). OMOD 7 (.off) so the chosen operand's sign reaches the output bit exactly
# (CTM p.42 fact 135).
#
# Readings (o0 = MAX, o1 = MIN; r = op(+0, -0), g = op(-0, +0)):
#   model (p.42: the second argument on a tie): MAX(+0,-0) = -0 0x80000000, MAX(-0,+0) = +0 0x00000000,
#     MIN(+0,-0) = -0 0x80000000, MIN(-0,+0) = +0 0x00000000.
#   p28-formula (MAX = A >= B ? A : B, MIN = A < B ? A : B, with -0 == +0): MAX's compare is true on a tie,
#     so MAX returns A: MAX(+0,-0) = +0 0x00000000, MAX(-0,+0) = -0 0x80000000; MIN's is false, so MIN
#     returns B as in the model: -0 0x80000000, +0 0x00000000.
#   ieee-ordered (IEEE 754-2019 maximum/minimum, -0 < +0): MAX = +0 in both, MIN = -0 in both.
# Why it discriminates: every reading differs from the model in at least one sign bit of o0 or o1.
#@ const 0 0x00000000 0x80000000 0x00000000 0x80000000
#: model CTM p.42 fact 133: the second input on a +0/-0 tie, MIN and MAX alike
#: p28-formula CTM p.28 facts 36-37 taken literally: MAX = A >= B ? A : B (A on a tie), MIN = A < B ? A : B
#: ieee-ordered IEEE 754-2019 maximum/minimum: -0 is below +0
#= model out 0 r 0x80000000
#= model out 0 g 0x00000000
#= model out 1 r 0x80000000
#= model out 1 g 0x00000000
#= p28-formula out 0 r 0x00000000
#= p28-formula out 0 g 0x80000000
#= ieee-ordered out 0 r 0x00000000
#= ieee-ordered out 0 g 0x00000000
#= ieee-ordered out 1 r 0x80000000
#= ieee-ordered out 1 g 0x80000000
    out
        rgb: max.off o0.rg, src0.rg0, src0.gr0       # r: MAX(+0, -0), g: MAX(-0, +0)
        alpha: max.off _, src0.0, src0.0             # writes nothing, reads no source
        src0=c0
    out tex_sem_wait
        rgb: min.off o1.rg, src0.rg0, src0.gr0       # r: MIN(+0, -0), g: MIN(-0, +0)
        alpha: max.off _, src0.0, src0.0
        src0=c0
