# probe cmp-nan-operand: does a NaN in A or B (not C) change what CMP and CND return?
#
# Question. CTM p.28 (facts 38-39): CND = (C > 0.5) ? A : B, CMP = (C >= 0) ? A : B. CTM p.42 (fact 134): CND/CMP
# "return the second argument if either input is NaN". The model reads that as: only C decides, and a NaN C
# fails the compare, so it gives B; a NaN in A or B is just a value, returned when chosen (docs/fp.md CMP, CND).
# The other reading: any NaN among the inputs gives B.
#
# Inputs: constant 0 = (N, 1.0, 2.0, 0), N = 0x7FC12345 (a quiet NaN with a payload, so a bit-exact copy is
# visible). OMOD 7 (.off): the chosen operand reaches the output bit for bit (CTM p.42 fact 135).
#   A = c0.rgb = (N, 1, 2), B = c0.grg = (1, N, 1), C = c0.ggr = (1, 1, N); alpha A = N, B = 1, C = 1 (o0) and
#   A = 1, B = N, C = 1 (o1). C = 1.0 passes both compares (1 >= 0, 1 > 0.5), so it selects A.
#
# Readings (o0 = CMP in rgb, CND in a; o1 = CND in rgb, CMP in a):
#   model (only C decides): r: A = N 0x7FC12345; g: A = 1.0 0x3F800000; b: C is NaN, compare false, B = 1.0
#     0x3F800000; o0.a = CND(N, 1, 1) = N 0x7FC12345; o1.a = CMP(1, N, 1) = 1.0 0x3F800000.
#   any-nan-b (any NaN input gives B): r: B = 1.0 0x3F800000; g: B = N 0x7FC12345; b: B = 1.0 0x3F800000
#     (the same as the model: the control channel); o0.a = B = 1.0 0x3F800000; o1.a = B = N 0x7FC12345.
# Why it discriminates: channels r, g and a of both targets differ; channel b agrees (a NaN C gives B either way).
#@ const 0 0x7FC12345 0x3F800000 0x40000000 0x00000000
#: model only C decides (a NaN C fails the compare: B); a NaN A or B is returned bit for bit when chosen
#: any-nan-b CTM p.42 fact 134 read as: a NaN in any input gives B, the second argument
#= model out 0 r 0x7FC12345
#= model out 0 g 0x3F800000
#= model out 0 b 0x3F800000
#= model out 0 a 0x7FC12345
#= model out 1 r 0x7FC12345
#= model out 1 g 0x3F800000
#= model out 1 b 0x3F800000
#= model out 1 a 0x3F800000
#= any-nan-b out 0 r 0x3F800000
#= any-nan-b out 0 g 0x7FC12345
#= any-nan-b out 0 a 0x3F800000
#= any-nan-b out 1 r 0x3F800000
#= any-nan-b out 1 g 0x7FC12345
#= any-nan-b out 1 a 0x7FC12345
    out
        rgb: cmp.off o0.rgb, src0.rgb, src0.grg, src0.ggr
        alpha: cnd.off o0.a, src0.r, src0.g, src0.g
        src0=c0
    out tex_sem_wait
        rgb: cnd.off o1.rgb, src0.rgb, src0.grg, src0.ggr
        alpha: cmp.off o1.a, src0.g, src0.r, src0.g
        src0=c0
