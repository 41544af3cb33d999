# probe addr-depth-8: control for addr-depth: 8 nested CALLs (A_OP PUSH), the model's default address-stack depth
#
# Question. The model's address stack holds 8 return addresses (docs/spec.md 3, spec/state.txt); a 9th push
# (FC JUMP with A_OP PUSH) is the error addr_overflow, which ends the quad. CTM p.35 (fact 93): sizes depend on
# partial or full flow-control mode (this vector sets FULL_FC_EN), overflow is undefined in hardware.
#
# Program: slot 0 jumps over the subroutines to MAIN; MAIN clears t0.rg, calls S1 and ends with the OUT. Sk
# (k = 1..8) adds 2^(k-1) to t0.r on entry, calls S(k+1) (the last one calls nothing), adds 2^(k-1) to t0.g
# after the call returns, and returns (FC JUMP with A_OP POP). Calls and returns are unconditional
# (JUMP_FUNC 0xFF), so no branch counters are needed (CTM p.36 fact 96). The weights are inline constants
# 1, 2, 4, ..., 256 (exponent field 7..15, never 0).
# If all 8 levels work: t0.r = t0.g = 2^8 - 1 = 255; o0.rg = (255, 255) = 0x437F0000 each.
# A lost or overwritten return address skips the weight of the level it belongs to (or never ends): bit k-1 of
# t0.g says whether Sk returned to the right place.
# Readings:
#   model (depth 8 works): o0.r = o0.g = 0x437F0000. Anything else means fewer than 8 frames in this mode
#   (undefined overflow: no value to predict, so no reading line).
#@ control-for addr-depth
#: model 8 nested CALLs work
#= model out 0 r 0x437F0000
#= model out 0 g 0x437F0000
#= model temp 0 r 0x437F0000
#= model temp 0 g 0x437F0000
    fc jump MAIN func=0xff alu_wait                          # over the subroutines
S1:
    alu
        rgb: mad t0.r, src0.r, src0.1, src1.r              # t0.r += 1
        alpha: max.off _, src0.0, src0.0
        src0=t0 src1=1.0
    fc jump S2 func=0xff push alu_wait              # call S2
    alu
        rgb: mad t0.g, src0.g, src0.1, src1.r              # t0.g += 1
        alpha: max.off _, src0.0, src0.0
        src0=t0 src1=1.0
    fc jump 0 func=0xff pop alu_wait                       # return
S2:
    alu
        rgb: mad t0.r, src0.r, src0.1, src1.r              # t0.r += 2
        alpha: max.off _, src0.0, src0.0
        src0=t0 src1=2.0
    fc jump S3 func=0xff push alu_wait              # call S3
    alu
        rgb: mad t0.g, src0.g, src0.1, src1.r              # t0.g += 2
        alpha: max.off _, src0.0, src0.0
        src0=t0 src1=2.0
    fc jump 0 func=0xff pop alu_wait                       # return
S3:
    alu
        rgb: mad t0.r, src0.r, src0.1, src1.r              # t0.r += 4
        alpha: max.off _, src0.0, src0.0
        src0=t0 src1=4.0
    fc jump S4 func=0xff push alu_wait              # call S4
    alu
        rgb: mad t0.g, src0.g, src0.1, src1.r              # t0.g += 4
        alpha: max.off _, src0.0, src0.0
        src0=t0 src1=4.0
    fc jump 0 func=0xff pop alu_wait                       # return
S4:
    alu
        rgb: mad t0.r, src0.r, src0.1, src1.r              # t0.r += 8
        alpha: max.off _, src0.0, src0.0
        src0=t0 src1=8.0
    fc jump S5 func=0xff push alu_wait              # call S5
    alu
        rgb: mad t0.g, src0.g, src0.1, src1.r              # t0.g += 8
        alpha: max.off _, src0.0, src0.0
        src0=t0 src1=8.0
    fc jump 0 func=0xff pop alu_wait                       # return
S5:
    alu
        rgb: mad t0.r, src0.r, src0.1, src1.r              # t0.r += 16
        alpha: max.off _, src0.0, src0.0
        src0=t0 src1=16.0
    fc jump S6 func=0xff push alu_wait              # call S6
    alu
        rgb: mad t0.g, src0.g, src0.1, src1.r              # t0.g += 16
        alpha: max.off _, src0.0, src0.0
        src0=t0 src1=16.0
    fc jump 0 func=0xff pop alu_wait                       # return
S6:
    alu
        rgb: mad t0.r, src0.r, src0.1, src1.r              # t0.r += 32
        alpha: max.off _, src0.0, src0.0
        src0=t0 src1=32.0
    fc jump S7 func=0xff push alu_wait              # call S7
    alu
        rgb: mad t0.g, src0.g, src0.1, src1.r              # t0.g += 32
        alpha: max.off _, src0.0, src0.0
        src0=t0 src1=32.0
    fc jump 0 func=0xff pop alu_wait                       # return
S7:
    alu
        rgb: mad t0.r, src0.r, src0.1, src1.r              # t0.r += 64
        alpha: max.off _, src0.0, src0.0
        src0=t0 src1=64.0
    fc jump S8 func=0xff push alu_wait              # call S8
    alu
        rgb: mad t0.g, src0.g, src0.1, src1.r              # t0.g += 64
        alpha: max.off _, src0.0, src0.0
        src0=t0 src1=64.0
    fc jump 0 func=0xff pop alu_wait                       # return
S8:
    alu
        rgb: mad t0.r, src0.r, src0.1, src1.r              # t0.r += 128
        alpha: max.off _, src0.0, src0.0
        src0=t0 src1=128.0
    alu
        rgb: mad t0.g, src0.g, src0.1, src1.r              # t0.g += 128
        alpha: max.off _, src0.0, src0.0
        src0=t0 src1=128.0
    fc jump 0 func=0xff pop alu_wait                       # return
MAIN:
    alu
        rgb: mad t0.rg, src0.000, src0.000, src0.000        # t0.rg = 0
        alpha: max.off _, src0.0, src0.0
        src0=t0
    fc jump S1 func=0xff push alu_wait                       # call S1
    out tex_sem_wait
        rgb: mad o0.rg, src0.rg0, src0.110, src0.000         # o0.rg = t0.rg
        alpha: max.off _, src0.0, src0.0
        src0=t0
