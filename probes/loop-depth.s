# probe loop-depth: does a 9th nested LOOP work (loop-stack depth >= 9)?
#
# Question. The model's loop stack holds 8 frames (docs/spec.md 3, spec/state.txt); a 9th push is the error
# loop_overflow, which ends the quad. CTM p.35 (fact 93): the stack sizes depend on partial or full flow-control
# mode (this vector sets US_FC_CTRL.FULL_FC_EN) and overflow is undefined in hardware; the size table is missing
# from the public copies (fact 94).
#
# Program: 9 LOOPs nested, level k (1..9) running KR = 2 (odd k, int constant 0) or 3 (even k, int
# constant 1) times. Every body adds 1 to t0.r when entered; the innermost body adds 1 to t0.g. The last
# instruction writes o0.rg = t0.rg (MAD x1 of small integers: exact).
# Iterations: level k's body runs P_k = KR_1 x ... x KR_k times: P = [2, 6, 12, 36, 72, 216, 432, 1296, 2592].
# If all 9 levels work: t0.r = sum P_k = 4664, t0.g = P_9 = 2592; o0 = (4664, 2592) =
#   (0x4591C000, 0x45220000).
# Distinct counts per level make a lost, reused or overwritten frame show as a different count.
# Readings:
#   model (depth 8): the 9th LOOP overflows: the quad ends with loop_overflow before any output is written; t0 =
#     (8, 0): one entry into each of levels 1-8. On a chip the overflow is undefined: what reaches the render
#     target then is unknown (the lab clears it to a known pattern first, so "nothing written" shows).
#   depth9 (the stack holds 9 or more frames): o0 = (4664, 2592) = (0x4591C000, 0x45220000).
# Why it discriminates: only a chip with 9 working frames writes exactly o0 = (0x4591C000, 0x45220000);
# any other result (nothing, other counts, a hang) says depth 9 does not work. The probe tells nothing else
# about what an overflow does.
#@ control loop-depth-8
#: model 8 frames: the 9th LOOP is a loop_overflow error, the quad ends, nothing is output
#: depth9 9 or more frames: every level runs, the counts reach the output
#= model temp 0 r 0x41000000
#= model temp 0 g 0x00000000
#= model errors loop_overflow
#= depth9 errors none
#= depth9 temp 0 r 0x4591C000
#= depth9 temp 0 g 0x45220000
#= depth9 out 0 r 0x4591C000
#= depth9 out 0 g 0x45220000
#@ int 0 0x00000002
#@ int 1 0x00000003
    alu
        rgb: mad t0.rg, src0.000, src0.000, src0.000      # t0.rg = 0
        alpha: max.off _, src0.0, src0.0
        src0=t0
    loop E1 int=0 alu_wait            # level 1: 2 iterations
B1:
    alu
        rgb: mad t0.r, src0.r, src0.1, src0.1             # t0.r += 1
        alpha: max.off _, src0.0, src0.0
        src0=t0
    loop E2 int=1 alu_wait            # level 2: 3 iterations
B2:
    alu
        rgb: mad t0.r, src0.r, src0.1, src0.1             # t0.r += 1
        alpha: max.off _, src0.0, src0.0
        src0=t0
    loop E3 int=0 alu_wait            # level 3: 2 iterations
B3:
    alu
        rgb: mad t0.r, src0.r, src0.1, src0.1             # t0.r += 1
        alpha: max.off _, src0.0, src0.0
        src0=t0
    loop E4 int=1 alu_wait            # level 4: 3 iterations
B4:
    alu
        rgb: mad t0.r, src0.r, src0.1, src0.1             # t0.r += 1
        alpha: max.off _, src0.0, src0.0
        src0=t0
    loop E5 int=0 alu_wait            # level 5: 2 iterations
B5:
    alu
        rgb: mad t0.r, src0.r, src0.1, src0.1             # t0.r += 1
        alpha: max.off _, src0.0, src0.0
        src0=t0
    loop E6 int=1 alu_wait            # level 6: 3 iterations
B6:
    alu
        rgb: mad t0.r, src0.r, src0.1, src0.1             # t0.r += 1
        alpha: max.off _, src0.0, src0.0
        src0=t0
    loop E7 int=0 alu_wait            # level 7: 2 iterations
B7:
    alu
        rgb: mad t0.r, src0.r, src0.1, src0.1             # t0.r += 1
        alpha: max.off _, src0.0, src0.0
        src0=t0
    loop E8 int=1 alu_wait            # level 8: 3 iterations
B8:
    alu
        rgb: mad t0.r, src0.r, src0.1, src0.1             # t0.r += 1
        alpha: max.off _, src0.0, src0.0
        src0=t0
    loop E9 int=0 alu_wait            # level 9: 2 iterations
B9:
    alu
        rgb: mad t0.r, src0.r, src0.1, src0.1             # t0.r += 1
        alpha: max.off _, src0.0, src0.0
        src0=t0
    alu
        rgb: mad t0.g, src0.g, src0.1, src0.1                 # t0.g += 1 (innermost)
        alpha: max.off _, src0.0, src0.0
        src0=t0
E9:
    endloop B9 int=0 alu_wait
E8:
    endloop B8 int=1 alu_wait
E7:
    endloop B7 int=0 alu_wait
E6:
    endloop B6 int=1 alu_wait
E5:
    endloop B5 int=0 alu_wait
E4:
    endloop B4 int=1 alu_wait
E3:
    endloop B3 int=0 alu_wait
E2:
    endloop B2 int=1 alu_wait
E1:
    endloop B1 int=0 alu_wait
    out tex_sem_wait
        rgb: mad o0.rg, src0.rg0, src0.110, src0.000         # o0.rg = t0.rg
        alpha: max.off _, src0.0, src0.0
        src0=t0
