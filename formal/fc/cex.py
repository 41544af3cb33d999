#!/usr/bin/env python3
"""Print a counterexample of formal/fc.sby readably: the inputs of fc_check (the instruction decoded by the field
tables of docs/spec.md / ../shared/spec/regs, the context state) and every output of us_fc (dut) and us_fc_ref
(ref), marking the ones that differ.

usage: formal/fc/cex.py build/formal/fc_default/engine_0/trace.vcd
"""
import sys

OPS = ["JUMP", "LOOP", "ENDLOOP", "REP", "ENDREP", "BREAKLOOP", "BREAKREP", "CONTINUE"]
A_OPS = ["NONE", "POP", "PUSH", "rsv3"]
B_OPS = ["NONE", "DECR", "INCR", "rsv3"]
PRED_SEL = ["NONE", "RGBA", "RRRR", "GGGG", "BBBB", "AAAA", "rsv6", "rsv7"]
ERRS = ["loop_ovf", "loop_unf", "addr_ovf", "addr_unf", "counter_ovf", "watchdog", "pc_range", "illegal"]
FRAME_BITS = 37


def read_vcd(path):
    """Top-level signals of scope fc_check (not of its children) at the last time step: name -> (width, int)."""
    ids, values, scope = {}, {}, []
    with open(path) as f:
        for line in f:
            tok = line.split()
            if not tok:
                continue
            if tok[0] == "$scope":
                scope.append(tok[2])
            elif tok[0] == "$upscope":
                scope.pop()
            elif tok[0] == "$var":
                if scope == ["fc_check"]:
                    ids.setdefault(tok[3], []).append((tok[4], int(tok[2])))
            elif tok[0][0] == "b":
                for name, width in ids.get(tok[1], []):
                    bits = tok[0][1:].replace("x", "0").replace("z", "0")
                    values[name] = (width, int(bits, 2))
            elif tok[0][0] in "01xz" and len(tok) == 1:
                for name, width in ids.get(tok[0][1:], []):
                    values[name] = (width, 1 if tok[0][0] == "1" else 0)
    return values


def field(v, hi, lo):
    return (v >> lo) & ((1 << (hi - lo + 1)) - 1)


def frame(v):
    kb = field(v, 20, 13)
    return (f"count={field(v,36,29)} aL={field(v,28,21)} step={kb - 256 if kb & 128 else kb} "
            f"member={field(v,12,9):04b} broken={field(v,8,5):04b} continued={field(v,4,1):04b} rep={v & 1}")


def main():
    s = read_vcd(sys.argv[1])
    g = lambda n: s[n][1]
    cbits = s["counter_i"][0] // 4
    ldepth = s["loop_i"][0] // FRAME_BITS
    adepth = s["addr_i"][0] // 9
    print(f"parameters: LoopDepth={ldepth} AddrDepth={adepth} CounterBits={cbits}")
    fi, fa = g("fc_inst_i"), g("fc_addr_i")
    print(f"US_FC_INST 0x{fi:08x}: OP={OPS[field(fi,2,0)]} B_ELSE={field(fi,4,4)} JUMP_ANY={field(fi,5,5)} "
          f"A_OP={A_OPS[field(fi,7,6)]} JUMP_FUNC=0x{field(fi,15,8):02x} B_POP_CNT={field(fi,20,16)} "
          f"B_OP0={B_OPS[field(fi,25,24)]} B_OP1={B_OPS[field(fi,27,26)]} IGNORE_UNCOVERED={field(fi,28,28)}"
          + (f" reserved=0x{fi & 0xE0E00008:08x}" if fi & 0xE0E00008 else ""))
    ia = field(fa, 12, 8)
    kint = field(g("int_const_i"), 32 * ia + 31, 32 * ia)
    print(f"US_FC_ADDR 0x{fa:08x}: BOOL_ADDR={field(fa,4,0)} INT_ADDR={ia} JUMP_ADDR={field(fa,24,16)} "
          f"JUMP_GLOBAL={field(fa,31,31)}" + (f" reserved=0x{fa & 0x7E00E0E0:08x}" if fa & 0x7E00E0E0 else ""))
    print(f"bool=bit {field(fa,4,0)} of 0x{g('bool_const_i'):08x} = {field(g('bool_const_i'), field(fa,4,0), field(fa,4,0))}; "
          f"int_const[{ia}]: KR={field(kint,7,0)} KG={field(kint,15,8)} KB={field(kint,23,16)}")
    print(f"pred_sel={PRED_SEL[g('pred_sel_i')]} pred_inv={g('pred_inv_i')} pc={g('pc_i')} "
          f"code_offset={g('code_offset_i')}")
    print("pixel      " + "  ".join(f"p{p}" for p in range(4)))
    for n in ["covered_i", "killed_i", "alu_result_i", "inactive_i"]:
        print(f"{n:<11}" + "  ".join(f"{field(g(n),p,p):>2}" for p in range(4)))
    print(f"{'pred rgba':<11}" + "  ".join(f"{field(g('pred_i'),4*p+3,4*p):04b}"[::-1] for p in range(4)))
    print(f"{'counter_i':<11}" + "  ".join(f"{field(g('counter_i'),cbits*p+cbits-1,cbits*p):>2}" for p in range(4)))
    lsp, asp = g("loop_sp_i"), g("addr_sp_i")
    print(f"loop_sp_i={lsp}")
    for i in range(min(lsp, ldepth)):
        print(f"  loop_i[{i}] " + frame(field(g("loop_i"), FRAME_BITS * i + FRAME_BITS - 1, FRAME_BITS * i)))
    print(f"addr_sp_i={asp} " + " ".join(str(field(g("addr_i"), 9 * i + 8, 9 * i)) for i in range(min(asp, adepth))))
    print("outputs (dut = us_fc, ref = us_fc_ref):")
    for n in ["inactive", "counter", "loop_sp", "loop", "addr_sp", "addr", "jump", "next_pc", "errors"]:
        d, r = g("dut_" + n), g("ref_" + n)
        if n == "counter":
            show = lambda v: " ".join(str(field(v, cbits * p + cbits - 1, cbits * p)) for p in range(4))
        elif n == "inactive":
            show = lambda v: f"{v:04b} (p3..p0)"
        elif n == "errors":
            show = lambda v: ",".join(e for i, e in enumerate(ERRS) if v >> i & 1) or "-"
        elif n == "loop":
            show = lambda v, sp=g("dut_loop_sp"): "; ".join(
                f"[{i}] " + frame(field(v, FRAME_BITS * i + FRAME_BITS - 1, FRAME_BITS * i)) for i in range(min(sp, ldepth)))
        elif n == "addr":
            show = lambda v, sp=g("dut_addr_sp"): " ".join(str(field(v, 9 * i + 8, 9 * i)) for i in range(min(sp, adepth)))
        else:
            show = str
        mark = "   " if show(d) == show(r) else "<> "
        print(f"{mark}{n:<9} dut {show(d)}")
        if mark != "   ":
            print(f"{'':<12} ref {show(r)}")


if __name__ == "__main__":
    main()
