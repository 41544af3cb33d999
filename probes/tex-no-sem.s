# probe tex-no-sem: what does an ALU instruction read from a TEX destination without ACQUIRE/WAIT? (unsafe)
#
# THIS PROBE BREAKS A HARDWARE RULE ON PURPOSE (tex-sem, which its vector's `unsafe` line waives by name).
# CTM p.33 (facts 78-84): a TEX result may be read only after an ACQUIRE on the lookup (or a later one) and a WAIT
# on the reader; unprotected reads "may see data not yet written". Here the lookup into t1 has no ACQUIRE and the
# next instruction reads t1 with no WAIT.
#
# Program: t0 = (0.5, 0.5, 0, 0) (the centre of the one texel of texture 0), t1 = (-1, -1, -1, -1) (the old value);
# TEX LD t1 = texel (no ACQUIRE); ALU t2 = t1 (MAD x1, no WAIT): the unsafe read; TEX NOP with ACQUIRE and WAIT
# (fact 76: a TEX NOP can acquire; fact 83: it is released after all earlier lookups complete); the last OUT
# (TEX_SEM_WAIT) writes o0 = t2 (what the unsafe read saw) and o1 = t1 (the texel, read safely: a reference).
# Texture 0 is 1 x 1, texel (1.5, 2.25, 3.25, 4.5) = (0x3FC00000, 0x40100000, 0x40500000, 0x40900000).
# The coordinate is the centre of the texture, far from any texel edge (docs/bringup.md caveats).
#
# Readings:
#   model (sequential semantics, docs/spec.md 3): the ALU sees the texel: o0 = o1 = (1.5, 2.25, 3.25, 4.5).
#   old-value (the lookup has not landed when the ALU reads): o0 = (-1, -1, -1, -1) = 0xBF800000 each,
#     o1 = the texel. A chip may also land some channels and not others, or vary from run to run: any o0 that is
#     not the texel means unprotected reads can be stale on this chip; o1 checks that the lookup itself worked.
# Why it discriminates: every channel of o0 differs.
#@ exempt tex-sem
#@ texture 0 1 1
#@ texel 0 0 0 0x3FC00000 0x40100000 0x40500000 0x40900000
#: model sequential: every instruction sees every earlier write, the ALU reads the texel
#: old-value the unprotected ALU read sees t1 as it was before the lookup (-1)
#= model temp 0 r 0x3F000000
#= model temp 0 g 0x3F000000
#= model temp 0 b 0x00000000
#= model temp 0 a 0x00000000
#= model temp 1 r 0x3FC00000
#= model temp 1 g 0x40100000
#= model temp 1 b 0x40500000
#= model temp 1 a 0x40900000
#= model temp 2 r 0x3FC00000
#= model temp 2 g 0x40100000
#= model temp 2 b 0x40500000
#= model temp 2 a 0x40900000
#= model out 0 r 0x3FC00000
#= model out 0 g 0x40100000
#= model out 0 b 0x40500000
#= model out 0 a 0x40900000
#= model out 1 r 0x3FC00000
#= model out 1 g 0x40100000
#= model out 1 b 0x40500000
#= model out 1 a 0x40900000
#= old-value temp 2 r 0xBF800000
#= old-value temp 2 g 0xBF800000
#= old-value temp 2 b 0xBF800000
#= old-value temp 2 a 0xBF800000
#= old-value out 0 r 0xBF800000
#= old-value out 0 g 0xBF800000
#= old-value out 0 b 0xBF800000
#= old-value out 0 a 0xBF800000
    alu
        rgb: mad t0.rgb, src0.hh0, src0.111, src0.000      # t0.rgb = (0.5, 0.5, 0)
        alpha: mad t0.a, src0.0, src0.0, src0.0            # t0.a = 0
        src0=t0
    alu
        rgb: mad t1.rgb, src0.111, -src0.111, src0.000     # t1.rgb = -1 (the old value)
        alpha: mad t1.a, src0.1, -src0.1, src0.0           # t1.a = -1
        src0=t1
    tex ld t1.rgba, t0.rgaa, tex0                          # the lookup, NO acquire (unsafe)
    alu
        rgb: mad t2.rgb, src0.rgb, src0.111, src0.000      # t2 = t1 right after the lookup, NO wait (unsafe)
        alpha: mad t2.a, src0.a, src0.1, src0.0
        src0=t1
    tex nop t3._, t0.rgaa, tex0 acquire tex_sem_wait       # hold the semaphore until all lookups are done
    out
        rgb: mad o1.rgb, src0.rgb, src0.111, src0.000      # o1 = t1 (safe: after the acquire, with a wait)
        alpha: mad o1.a, src0.a, src0.1, src0.0
        src0=t1 tex_sem_wait
    out tex_sem_wait
        rgb: mad o0.rgb, src0.rgb, src0.111, src0.000      # o0 = t2, what the unsafe read saw
        alpha: mad o0.a, src0.a, src0.1, src0.0
        src0=t2
