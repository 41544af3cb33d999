# probe dp-window-edge: does a dot-product term 2^25 below the largest survive when the two largest cancel?
#
# Question. CTM p.42 (fact 131): if the two largest terms of a dot product cancel exactly and the next largest
# is at least 2^25 smaller, the result is +0.0, not the sum of the rest. The project's design is an alignment
# window: a term whose exponent field is 25 or more below the largest term's reads as +0; at 24 below it
# survives. A wider window (or an exact adder) keeps the small term.
#
# Inputs: B = constant 0 = (1, -1, 1); A = constant 1 = (1, 1, 2^-25 0x33000000), constant 2 = (1, 1, 2^-24
# 0x33800000), constant 3 = (1, 1, -2^-25 0xB3000000). DP3 = A.r B.r + A.g B.g + A.b B.b: terms 1 (exponent
# field 127), -1 (127) and the small one (102 = 127 - 25, or 103 = 127 - 24). Every product is exact.
#   o0.r = DP3(c1, c0): small term 2^-25, 25 below.  o0.g = DP3(c2, c0): 2^-24, 24 below.
#   o0.b = DP3(c3, c0): -2^-25, 25 below (the sign of the result, if the term survives).
# Readings (derived from the rules):
#   model (window design, 25 below reads as +0): o0.r = 1 - 1 + 0 = +0 0x00000000; o0.g = 0 + 2^-24 =
#     0x33800000; o0.b = +0 0x00000000 (exact cancellation gives +0, docs/fp.md ADD).
#   wider (no window at 25, e.g. an exact sum): o0.r = 2^-25 0x33000000; o0.g = 0x33800000; o0.b = -2^-25
#     0xB3000000.
#   narrower (a window of 24: 24 below already reads as +0): o0.r = +0, o0.g = +0 0x00000000, o0.b = +0.
# Why it discriminates: o0.r and o0.b tell the model from wider; o0.g tells it from narrower.
#@ const 0 0x3F800000 0xBF800000 0x3F800000 0x00000000
#@ const 1 0x3F800000 0x3F800000 0x33000000 0x00000000
#@ const 2 0x3F800000 0x3F800000 0x33800000 0x00000000
#@ const 3 0x3F800000 0x3F800000 0xB3000000 0x00000000
#: model window design: a term 25 or more binades below the largest reads as +0
#: wider no window at 25 binades (an exact adder, or a wider window): the small term survives
#: narrower a 24-binade window: a term 24 below the largest already reads as +0
#= model out 0 r 0x00000000
#= model out 0 g 0x33800000
#= model out 0 b 0x00000000
#= wider out 0 r 0x33000000
#= wider out 0 b 0xB3000000
#= narrower out 0 g 0x00000000
    out
        rgb: dp3 o0.r, src0.rgb, src1.rgb                  # terms 1, -1, 2^-25
        alpha: max.off _, src0.0, src0.0
        src0=c1 src1=c0
    out
        rgb: dp3 o0.g, src0.rgb, src1.rgb                  # terms 1, -1, 2^-24
        alpha: max.off _, src0.0, src0.0
        src0=c2 src1=c0
    out tex_sem_wait
        rgb: dp3 o0.b, src0.rgb, src1.rgb                  # terms 1, -1, -2^-25
        alpha: max.off _, src0.0, src0.0
        src0=c3 src1=c0
