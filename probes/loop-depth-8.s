# probe loop-depth-8: control for loop-depth: 8 nested LOOPs, the model's default loop-stack depth
#
# Question. The model's loop stack holds 8 frames (docs/spec.md 3, spec/state.txt); a 9th push is the error
# loop_overflow, which ends the quad. CTM p.35 (fact 93): the stack sizes depend on partial or full flow-control
# mode (this vector sets US_FC_CTRL.FULL_FC_EN) and overflow is undefined in hardware; the size table is missing
# from the public copies (fact 94).
#
# Program: 8 LOOPs nested, level k (1..8) running KR = 2 (odd k, int constant 0) or 3 (even k, int
# constant 1) times. Every body adds 1 to t0.r when entered; the innermost body adds 1 to t0.g. The last
# instruction writes o0.rg = t0.rg (MAD x1 of small integers: exact).
# Iterations: level k's body runs P_k = KR_1 x ... x KR_k times: P = [2, 6, 12, 36, 72, 216, 432, 1296].
# If all 8 levels work: t0.r = sum P_k = 2072, t0.g = P_8 = 1296; o0 = (2072, 1296) =
#   (0x45018000, 0x44A20000).
# Distinct counts per level make a lost, reused or overwritten frame show as a different count.
# Readings:
#   model (depth 8 works, as it must if the stack has at least 8 frames): o0.r 0x45018000, o0.g 0x44A20000.
#   shallower (the stack holds fewer than 8 frames in this mode): undefined (fact 93); anything but the
#   model's o0 means the model's default depth is too deep for this mode. Not a value: no reading line.
#@ control-for loop-depth
#: model 8 nested LOOPs work
#@ int 0 0x00000002
#@ int 1 0x00000003
#= model out 0 r 0x45018000
#= model out 0 g 0x44A20000
#= model temp 0 r 0x45018000
#= model temp 0 g 0x44A20000
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
    alu
        rgb: mad t0.g, src0.g, src0.1, src0.1                 # t0.g += 1 (innermost)
        alpha: max.off _, src0.0, src0.0
        src0=t0
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
