# probe trans-specials: RCP, RSQ, EX2, LN2, SIN, COS of special inputs
#
# Question. The special-value rows of the transcendental table (CTM p.42) are missing from the public copies
# (fact 140); the model's values are docs/fp.md B.5. CTM p.29 (fact 45): RSQ has no implicit abs. Direct3D 9's
# ps rsq and log take the absolute value first and give infinity for a source of 0 (learn.microsoft.com,
# "rsq - ps", "log - ps"); a chip built to the SM3 text could follow that instead.
#
# Every result passes the OMOD (x1; the OMOD can only be disabled for MIN/MAX/CMP/CND, fact 50), which turns any
# NaN into 0x7FFFFFFF (fact 49): NaN results show as 0x7FFFFFFF under every reading, so this probe cannot see
# NaN payloads (QNAN(a) versus the default NaN). Where IEEE 754 (sinPi/cosPi for SIN/COS) defines the value, the
# model agrees with it on every case here, so IEEE is not a separate reading.
#
# Inputs: constant 0 = (+0, -0, +inf, -inf), constant 1 = (NaN 0x7FC12345, -1.0, 0, 0). One OUT instruction per
# case: the alpha unit computes f(A); rgb SOP copies it into one rgb channel, or the alpha result goes to a.
#
# Cases, target.channel: op(input) = model value [sm3-abs value where it differs], from docs/fp.md B.5:
#   o0.r  RCP(+0) = 0x7F800000
#   o0.g  RCP(-0) = 0xFF800000
#   o0.b  RCP(+inf) = 0x00000000
#   o0.a  RCP(-inf) = 0x80000000
#   o1.r  RSQ(+0) = 0x7F800000
#   o1.g  RSQ(-0) = 0xFF800000  [sm3-abs 0x7F800000]
#   o1.b  RSQ(-1) = 0x7FFFFFFF  [sm3-abs 0x3F800000]
#   o1.a  RSQ(-inf) = 0x7FFFFFFF  [sm3-abs 0x00000000]
#   o2.r  EX2(+inf) = 0x7F800000
#   o2.g  EX2(-inf) = 0x00000000
#   o2.b  SIN(+inf) = 0x7FFFFFFF
#   o2.a  SIN(-0) = 0x80000000
#   o3.r  LN2(+0) = 0xFF800000
#   o3.g  LN2(-1) = 0x7FFFFFFF  [sm3-abs 0x00000000]
#   o3.b  LN2(-inf) = 0x7FFFFFFF  [sm3-abs 0x7F800000]
#   o3.a  COS(-0) = 0x3F800000
#   w     EX2(NaN) = 0x7FFFFFFF
#
# Derivations (model, docs/fp.md B.5, then the OMOD x1): RCP(+-0) = +-inf, RCP(+-inf) = +-0; RSQ(+0) = +inf,
# RSQ(-0) = -inf, RSQ(negative) and RSQ(-inf) = NaN -> 0x7FFFFFFF; EX2(+inf) = +inf, EX2(-inf) = +0,
# EX2(NaN) = NaN -> 0x7FFFFFFF; LN2(+0) = -inf, LN2(negative), LN2(-inf) = NaN -> 0x7FFFFFFF; SIN(+inf) = NaN
# -> 0x7FFFFFFF; SIN(-0) = -0; COS(-0) = 1.0.
# sm3-abs (abs first): RSQ(-0) = RSQ(+0) = +inf 0x7F800000; RSQ(-1) = 1/sqrt(1) = 1.0 0x3F800000;
# RSQ(-inf) = 1/sqrt(+inf) = +0 0x00000000; LN2(-1) = log2(1) = +0 0x00000000; LN2(-inf) = log2(+inf) = +inf
# 0x7F800000. The other cases agree with the model (RCP of -0 is left at -inf: the Direct3D text does not
# settle the sign, and an abs-free RCP is what CTM p.29 describes).
# Why it discriminates: o1.g, o1.b, o1.a, o3.g and o3.b differ between the readings.
#@ const 0 0x00000000 0x80000000 0x7F800000 0xFF800000
#@ const 1 0x7FC12345 0xBF800000 0x00000000 0x00000000
#: model docs/fp.md B.5 (IEEE 754 values, no implicit abs), NaNs standardised by the OMOD
#: sm3-abs Direct3D 9 ps rsq/log text: the absolute value is taken first
#= model out 0 r 0x7F800000
#= model out 0 g 0xFF800000
#= model out 0 b 0x00000000
#= model out 0 a 0x80000000
#= model out 1 r 0x7F800000
#= model out 1 g 0xFF800000
#= sm3-abs out 1 g 0x7F800000
#= model out 1 b 0x7FFFFFFF
#= sm3-abs out 1 b 0x3F800000
#= model out 1 a 0x7FFFFFFF
#= sm3-abs out 1 a 0x00000000
#= model out 2 r 0x7F800000
#= model out 2 g 0x00000000
#= model out 2 b 0x7FFFFFFF
#= model out 2 a 0x80000000
#= model out 3 r 0xFF800000
#= model out 3 g 0x7FFFFFFF
#= sm3-abs out 3 g 0x00000000
#= model out 3 b 0x7FFFFFFF
#= sm3-abs out 3 b 0x7F800000
#= model out 3 a 0x3F800000
#= model w 0x7FFFFFFF
    out
        rgb: sop o0.r
        alpha: rcp _, src0.r
        src0=c0      # o0.r = RCP(+0)
    out
        rgb: sop o0.g
        alpha: rcp _, src0.g
        src0=c0      # o0.g = RCP(-0)
    out
        rgb: sop o0.b
        alpha: rcp _, src0.b
        src0=c0      # o0.b = RCP(+inf)
    out
        rgb: sop _
        alpha: rcp o0.a, src0.a
        src0=c0      # o0.a = RCP(-inf)
    out
        rgb: sop o1.r
        alpha: rsq _, src0.r
        src0=c0      # o1.r = RSQ(+0)
    out
        rgb: sop o1.g
        alpha: rsq _, src0.g
        src0=c0      # o1.g = RSQ(-0)
    out
        rgb: sop o1.b
        alpha: rsq _, src0.g
        src0=c1      # o1.b = RSQ(-1)
    out
        rgb: sop _
        alpha: rsq o1.a, src0.a
        src0=c0      # o1.a = RSQ(-inf)
    out
        rgb: sop o2.r
        alpha: ex2 _, src0.b
        src0=c0      # o2.r = EX2(+inf)
    out
        rgb: sop o2.g
        alpha: ex2 _, src0.a
        src0=c0      # o2.g = EX2(-inf)
    out
        rgb: sop o2.b
        alpha: sin _, src0.b
        src0=c0      # o2.b = SIN(+inf)
    out
        rgb: sop _
        alpha: sin o2.a, src0.g
        src0=c0      # o2.a = SIN(-0)
    out
        rgb: sop o3.r
        alpha: ln2 _, src0.r
        src0=c0      # o3.r = LN2(+0)
    out
        rgb: sop o3.g
        alpha: ln2 _, src0.g
        src0=c1      # o3.g = LN2(-1)
    out
        rgb: sop o3.b
        alpha: ln2 _, src0.a
        src0=c0      # o3.b = LN2(-inf)
    out
        rgb: sop _
        alpha: cos o3.a, src0.g
        src0=c0      # o3.a = COS(-0)
    out tex_sem_wait
        rgb: sop _
        alpha: ex2 w, src0.r
        src0=c1      # w = EX2(NaN)
