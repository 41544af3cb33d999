# probe inline-exp0: what do inline constants with exponent field 0 (codes 0..7) read as?
#
# Question. An ALU source address with bit 7 set and CONST = 0 is a 7-bit inline constant (CTM p.26, fact 15);
# its value format is on a page missing from the public copies (p.25, fact 16). The AMD register text says the
# format "includes denormals". Bits 6:3 are the exponent (bias 7), bits 2:0 the mantissa m.
#
# Readings and their expected values (derived by hand; hex is the fp32 bit pattern):
#   model (Mesa's encoder; docs/spec.md 2.1): every code is 2^(e-7) x (1 + m/8), exponent 0 included.
#     code 0 (0x80): 2^-7 x 1         = 0.0078125    = 0x3C000000  (exponent 127-7 = 120 = 0x78, fraction 0)
#     code 5 (0x85): 2^-7 x (1 + 5/8) = 0.0126953125 = 0x3C500000  (fraction 5/8 = 0x500000)
#   amd-denormal (the register text: exponent 0 is a denormal of the 7-bit format): code 0 = 0.0, code m =
#     2^(1-7) x m/8 = m x 2^-9.
#     code 0: +0.0                                    = 0x00000000
#     code 5: 5 x 2^-9 = 1.25 x 2^-7 = 0.009765625    = 0x3C200000  (fraction 1/4 = 0x200000)
#   Both readings give normal fp32 values (or +0), so no denormal reaches the output under either.
#
# Why it discriminates: MAX(s, s) with OMOD 7 is a bit-exact copy (CTM p.29 fact 51, p.42 fact 137), so the
# render target shows the constant itself: o0.rgb = code 0, o0.a = code 5. Every channel differs between the
# readings.
#
# HARDWARE-RULE EXCEPTION: this probe reads inline constants with exponent field 0 on purpose (the only probe
# that does).
#@ exempt inline-exp0
#: model Mesa encoder, docs/spec.md 2.1: 2^-7 x (1 + m/8) for exponent 0 too
#: amd-denormal AMD register text ("includes denormals"): code 0 = 0.0, code m = m x 2^-9
#= model out 0 r 0x3C000000
#= model out 0 g 0x3C000000
#= model out 0 b 0x3C000000
#= model out 0 a 0x3C500000
#= amd-denormal out 0 r 0x00000000
#= amd-denormal out 0 g 0x00000000
#= amd-denormal out 0 b 0x00000000
#= amd-denormal out 0 a 0x3C200000
    out tex_sem_wait
        rgb: max.off o0.rgb, src0.rgb, src0.rgb      # code 0 in r, g, b
        alpha: max.off o0.a, src1.a, src1.a          # code 5 in a
        src0=0.0078125 src1=0.0126953125
