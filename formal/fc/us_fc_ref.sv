// us_fc_ref: a reference of us_fc (one flow-control instruction applied to the flow-control state of a context)
// for the formal check formal/fc/fc_check.sv, in the manner of riscv-formal's instruction checks.
//
// Written from the specification only, not from rtl/us_fc.sv or model/golden/us_fc.c: docs/spec.md section 3
// (machine state: running, masked, aL), section 4 (flow control) and section 7 (errors); the field tables
// ../shared/spec/regs/us_fc_inst.txt, us_fc_addr.txt, us_fc_bool_const.txt, us_fc_int_const.txt,
// us_code_offset.txt; the CTM Guide facts of ../shared/reference/ctm-x1k-fp.md (printed pages, "CTM p.N").
// Every spec amendment this check led to (docs/spec.md section 4) is followed here and marked "(amended)": the C
// model was read only after a counterexample, to settle what the spec left open, and the settled rule is spec text.
//
// Deliberately unlike an RTL implementation: one procedural always_comb block that walks the spec's steps in the
// spec's order (1. B_ELSE, 2. vote, 3. op, 4. address stack, 5. branch op, 6. target), updating a working copy
// of the context state as the text does, each step quoting the sentence it implements. Same ports as us_fc.
module us_fc_ref #(
  parameter int unsigned LoopDepth   = us_fc_pkg::DefaultLoopDepth,
  parameter int unsigned AddrDepth   = us_fc_pkg::DefaultAddrDepth,
  parameter int unsigned CounterBits = us_fc_pkg::DefaultCounterBits
) (
  // the instruction
  input  logic [31:0]            fc_inst_i,
  input  logic [31:0]            fc_addr_i,
  input  logic [2:0]             pred_sel_i,   // us_isa_pkg::US_CMN_INST.RGB_PRED_SEL
  input  logic                   pred_inv_i,   // us_isa_pkg::US_CMN_INST.RGB_PRED_INV
  input  logic [8:0]             pc_i,
  // registers it reads
  input  logic [8:0]             code_offset_i,
  input  logic [31:0]            bool_const_i,
  input  logic [31:0][31:0]      int_const_i,
  // pixel state
  input  logic [3:0]             covered_i,
  input  logic [3:0]             killed_i,
  input  logic [3:0]             alu_result_i,
  input  logic [3:0][3:0]        pred_i,       // predicate bits r g b a of each pixel
  // the state it updates
  input  logic [3:0]             inactive_i,
  input  logic [3:0][CounterBits-1:0] counter_i,
  input  us_fc_pkg::us_frame_t [LoopDepth-1:0] loop_i,
  input  logic [$clog2(LoopDepth+1)-1:0] loop_sp_i,
  input  logic [AddrDepth-1:0][8:0] addr_i,
  input  logic [$clog2(AddrDepth+1)-1:0] addr_sp_i,
  output logic [3:0]             inactive_o,
  output logic [3:0][CounterBits-1:0] counter_o,
  output us_fc_pkg::us_frame_t [LoopDepth-1:0] loop_o,
  output logic [$clog2(LoopDepth+1)-1:0] loop_sp_o,
  output logic [AddrDepth-1:0][8:0] addr_o,
  output logic [$clog2(AddrDepth+1)-1:0] addr_sp_o,
  // outcome
  output logic                   jump_o,
  output logic [8:0]             next_pc_o,
  output logic [us_fc_pkg::ErrCount-1:0] errors_o
);

  import us_fc_pkg::*;
  import us_isa_pkg::*;

  localparam int unsigned LoopSpW = $clog2(LoopDepth + 1);
  localparam int unsigned AddrSpW = $clog2(AddrDepth + 1);
  localparam logic [CounterBits-1:0] CounterMax = '1;  // 2^width - 1

  // The instruction's two words by their field tables (us_fc_inst.txt, us_fc_addr.txt).
  us_fc_inst_t inst;
  us_fc_addr_t addr_word;
  assign inst      = us_fc_inst_t'(fc_inst_i);
  assign addr_word = us_fc_addr_t'(fc_addr_i);

  // Section 3: "A pixel is masked when it is broken or continued in any frame on the loop stack". Frames at and
  // above the stack pointer are not on the stack and are never read.
  function automatic logic [3:0] masked_by(input us_frame_t [LoopDepth-1:0] frames,
                                           input logic [LoopSpW-1:0] depth);
    logic [3:0] m;
    m = '0;
    for (int unsigned i = 0; i < LoopDepth; i++)
      if (i < depth) m = m | frames[i].broken | frames[i].continued;
    return m;
  endfunction

  // Section 3: "A pixel is running when it is not killed, ACTIVE, and not masked".
  function automatic logic [3:0] running_of(input logic [3:0] inactive, input logic [3:0] masked);
    return ~killed_i & ~inactive & ~masked;
  endfunction

  // Working state: the text's "state", updated step by step.
  logic [3:0]                    st_inactive;
  logic [3:0][CounterBits-1:0]   st_counter;
  us_frame_t [LoopDepth-1:0]     st_loop;
  logic [LoopSpW-1:0]            st_loop_sp;
  logic [AddrDepth-1:0][8:0]     st_addr;
  logic [AddrSpW-1:0]            st_addr_sp;
  logic [ErrCount-1:0]           st_errors;
  logic                          stopped;      // a stack error stopped the instruction (section 4, amended)

  // Values the steps name.
  logic [3:0]      masked0, running0;           // before the instruction
  logic            bool_bit;                    // step 2's bool
  logic [3:0]      predicate;                   // step 2's predicate[p]
  logic [3:0]      want;                        // step 2's want[p]
  logic [3:0]      at_vote;                     // the pixels running at the vote (the ones that have a want)
  logic            decision;
  logic            quad_jumps;
  logic            popped_target;               // step 4: the target is a popped address
  logic [8:0]      popped_addr;
  logic [8:0]      target;
  logic [3:0]      masked_now, running_now;
  logic [7:0]      kr, kg, kb;
  logic [1:0]      b_op;
  int unsigned     top;
  logic [2:0]      jf_index;

  // Step 2's vote over the pixels `running` (a function: ENDLOOP/ENDREP votes again).
  // "Voters = running pixels, minus the uncovered ones if IGNORE_UNCOVERED. JUMP_ANY = 0: the decision is to
  // jump if there are no voters or every voter wants to; JUMP_ANY = 1: if any voter wants to."
  // (us_fc_inst.txt JUMP_ANY: "If no pixels are active, jump" / "If no pixels are active, do not jump".)
  function automatic logic vote(input logic [3:0] running, input logic [3:0] wants);
    logic [3:0] v;
    v = running & (inst.ignore_uncovered == US_FC_INST_IGNORE_UNCOVERED_IGNORE ? covered_i : 4'b1111);
    if (inst.jump_any == US_FC_INST_JUMP_ANY_ANY) return (v & wants) != 4'b0000;
    else                                          return (v & ~wants) == 4'b0000;
  endfunction

  always_comb begin : fc_steps
    // ---- The context state as it comes in.
    st_inactive = inactive_i;
    st_counter  = counter_i;
    st_loop     = loop_i;
    st_loop_sp  = loop_sp_i;
    st_addr     = addr_i;
    st_addr_sp  = addr_sp_i;
    st_errors   = '0;
    stopped     = 1'b0;
    quad_jumps  = 1'b0;
    popped_target = 1'b0;
    popped_addr = '0;
    top         = 0;

    masked0  = masked_by(st_loop, st_loop_sp);
    running0 = running_of(st_inactive, masked0);

    // ---- 1. B_ELSE. "B_ELSE (if set), from the state before it: running pixels become INACTIVE(0); unmasked
    // INACTIVE(0) pixels become ACTIVE." (us_fc_inst.txt B_ELSE; CTM p.37, fact 114.)
    if (inst.b_else == US_FC_INST_B_ELSE_ON) begin
      for (int p = 0; p < 4; p++) begin
        if (running0[p]) begin
          st_inactive[p] = 1'b1;
          st_counter[p]  = '0;
        end else if (!masked0[p] && inactive_i[p] && counter_i[p] == '0) begin
          st_inactive[p] = 1'b0;
        end
      end
    end

    // ---- 2. Vote. "bool = bit BOOL_ADDR of US_FC_BOOL_CONST." (us_fc_bool_const.txt KBOOL, us_fc_addr.txt
    // BOOL_ADDR.)
    bool_bit = bool_const_i[addr_word.bool_addr];
    // "The predicate of pixel p is the predicate bit RGB_PRED_SEL names (RRRR r, GGGG g, BBBB b, AAAA a; NONE
    // reads 0), inverted by RGB_PRED_INV." (CTM p.35, fact 89: FC uses RGB_PRED_SEL/RGB_PRED_INV, replicate
    // modes only.) Predicate bits r g b a are bits 0..3 (section 8).
    for (int p = 0; p < 4; p++) begin
      case (pred_sel_i)
        US_CMN_INST_RGB_PRED_SEL_RRRR: predicate[p] = pred_i[p][0];
        US_CMN_INST_RGB_PRED_SEL_GGGG: predicate[p] = pred_i[p][1];
        US_CMN_INST_RGB_PRED_SEL_BBBB: predicate[p] = pred_i[p][2];
        US_CMN_INST_RGB_PRED_SEL_AAAA: predicate[p] = pred_i[p][3];
        default:                       predicate[p] = 1'b0;  // NONE (RGBA and 6-7 are illegal for FC, section 2)
      endcase
      predicate[p] = predicate[p] ^ pred_inv_i;
    end
    // "For each running pixel, want[p] = bit ((alu_result[p] << 2) | (predicate[p] << 1) | bool) of JUMP_FUNC."
    // (us_fc_inst.txt JUMP_FUNC; CTM p.36, fact 100.)
    for (int p = 0; p < 4; p++) begin
      jf_index = {alu_result_i[p], predicate[p], bool_bit};
      want[p]  = inst.jump_func[jf_index];
    end
    masked_now = masked_by(st_loop, st_loop_sp);
    at_vote    = running_of(st_inactive, masked_now);
    decision   = vote(at_vote, want);

    // ---- 3. The op. "The op (below) decides whether the quad jumps."
    kr = int_const_i[addr_word.int_addr][7:0];    // us_fc_int_const.txt KR: iterations, unsigned
    kg = int_const_i[addr_word.int_addr][15:8];   // KG: initial aL, unsigned
    kb = int_const_i[addr_word.int_addr][23:16];  // KB: aL step, signed 8 bits (spec "Departures" table)
    case (inst.op)
      // "JUMP: jumps on the decision."
      US_FC_INST_OP_JUMP: quad_jumps = decision;

      // "LOOP, REP: push a frame: count = KR of US_FC_INT_CONST[INT_ADDR]; LOOP: aL = KG, step = KB (signed 8
      // bits); REP: aL = the enclosing aL, step 0. If KR = 0 or the decision says jump, the loop is skipped: the
      // frame gets count 0 and no members, and the quad jumps to the target [...]. Else members = the running
      // pixels and the quad falls through. Overflow is an error." (CTM p.37, facts 104, 115.)
      US_FC_INST_OP_LOOP, US_FC_INST_OP_REP: begin
        if (st_loop_sp == LoopSpW'(LoopDepth)) begin
          st_errors[ErrLoopOverflow] = 1'b1;
          stopped = 1'b1;
        end else begin
          top = int'(st_loop_sp);
          quad_jumps = (kr == 8'd0) || decision;
          st_loop[top].count     = quad_jumps ? 8'd0 : kr;
          // Section 3: "aL is the aL of the top frame (0 with an empty stack)".
          st_loop[top].al        = (inst.op == US_FC_INST_OP_LOOP) ? kg
                                 : (st_loop_sp == '0) ? 8'd0 : st_loop[top - 1].al;
          st_loop[top].step      = (inst.op == US_FC_INST_OP_LOOP) ? kb : 8'd0;
          st_loop[top].member    = quad_jumps ? 4'b0000 : at_vote;
          st_loop[top].broken    = 4'b0000;
          st_loop[top].continued = 4'b0000;
          st_loop[top].rep       = (inst.op == US_FC_INST_OP_REP);
          st_loop_sp = st_loop_sp + 1'b1;
        end
      end

      // "ENDLOOP, ENDREP: clear the top frame's continued mask; count - 1 (if not 0); the step is added to aL
      // unless the top frame is a REP frame (the frame's REP flag decides, not the op [...]); vote again
      // (continued pixels run again); jump back to the target if the count is not 0 and the decision says so;
      // else pop the frame and fall through. Empty stack: error." (CTM p.37, facts 103, 105; amended: the REP
      // flag, not the op.)
      US_FC_INST_OP_ENDLOOP, US_FC_INST_OP_ENDREP: begin
        if (st_loop_sp == '0) begin
          st_errors[ErrLoopUnderflow] = 1'b1;
          stopped = 1'b1;
        end else begin
          top = int'(st_loop_sp) - 1;
          st_loop[top].continued = 4'b0000;
          if (st_loop[top].count != 8'd0) st_loop[top].count = st_loop[top].count - 8'd1;
          if (!st_loop[top].rep) st_loop[top].al = st_loop[top].al + st_loop[top].step;
          masked_now = masked_by(st_loop, st_loop_sp);
          at_vote    = running_of(st_inactive, masked_now);
          decision   = vote(at_vote, want);
          if (st_loop[top].count != 8'd0 && decision) begin
            quad_jumps = 1'b1;
          end else begin
            // "Popping a frame [...] makes every member ACTIVE again with counter 0."
            for (int p = 0; p < 4; p++)
              if (st_loop[top].member[p]) begin
                st_inactive[p] = 1'b0;
                st_counter[p]  = '0;
              end
            st_loop_sp = st_loop_sp - 1'b1;
          end
        end
      end

      // "BREAKLOOP, BREAKREP: running pixels that want to become broken in the top frame. JUMP_ANY = 0: the quad
      // jumps (to the end, popping the frame) when every member of the frame (only the covered ones under
      // IGNORE_UNCOVERED) is broken or killed; the other members leave with them. JUMP_ANY = 1: when any voter
      // wants to. Empty stack: error (loop-stack underflow)." "BREAKLOOP and BREAKREP act the same." (CTM p.37,
      // facts 106, 108; the empty stack amended.)
      // "CONTINUE: the same with the continued mask: the quad jumps (to the ENDLOOP/ENDREP, nothing popped) when
      // every member (covered ones under IGNORE_UNCOVERED) is broken, continued or killed; JUMP_ANY = 1: when any
      // voter wants to. Empty stack: error (loop-stack underflow)." (CTM p.37, fact 107.)
      US_FC_INST_OP_BREAKLOOP, US_FC_INST_OP_BREAKREP, US_FC_INST_OP_CONTINUE: begin
        if (st_loop_sp == '0) begin
          st_errors[ErrLoopUnderflow] = 1'b1;
          stopped = 1'b1;
        end else begin
          top = int'(st_loop_sp) - 1;
          if (inst.op == US_FC_INST_OP_CONTINUE)
            st_loop[top].continued = st_loop[top].continued | (at_vote & want);
          else
            st_loop[top].broken    = st_loop[top].broken | (at_vote & want);
          if (inst.jump_any == US_FC_INST_JUMP_ANY_ANY)
            quad_jumps = decision;
          else if (inst.op == US_FC_INST_OP_CONTINUE)   // "broken, continued or killed"
            quad_jumps = (st_loop[top].member
                          & (inst.ignore_uncovered == US_FC_INST_IGNORE_UNCOVERED_IGNORE ? covered_i : 4'b1111)
                          & ~(st_loop[top].broken | st_loop[top].continued | killed_i)) == 4'b0000;
          else                                          // "broken or killed"
            quad_jumps = (st_loop[top].member
                          & (inst.ignore_uncovered == US_FC_INST_IGNORE_UNCOVERED_IGNORE ? covered_i : 4'b1111)
                          & ~(st_loop[top].broken | killed_i)) == 4'b0000;
          if (quad_jumps && inst.op != US_FC_INST_OP_CONTINUE) begin
            // "Popping a frame [...] makes every member ACTIVE again with counter 0."
            for (int p = 0; p < 4; p++)
              if (st_loop[top].member[p]) begin
                st_inactive[p] = 1'b0;
                st_counter[p]  = '0;
              end
            st_loop_sp = st_loop_sp - 1'b1;
          end
        end
      end
      default: ;
    endcase

    // ---- 4. Address stack. "if the quad jumps: A_OP PUSH pushes PC+1; A_OP POP pops the address to jump to
    // (instead of the target). Overflow and underflow are errors." (us_fc_inst.txt A_OP; CTM p.35 fact 90,
    // p.37 fact 109.)
    if (!stopped && quad_jumps) begin
      if (inst.a_op == US_FC_INST_A_OP_PUSH) begin
        if (st_addr_sp == AddrSpW'(AddrDepth)) begin
          st_errors[ErrAddrOverflow] = 1'b1;
          stopped = 1'b1;
        end else begin
          st_addr[st_addr_sp] = pc_i + 9'd1;
          st_addr_sp = st_addr_sp + 1'b1;
        end
      end else if (inst.a_op == US_FC_INST_A_OP_POP) begin
        if (st_addr_sp == '0) begin
          st_errors[ErrAddrUnderflow] = 1'b1;
          stopped = 1'b1;
        end else begin
          st_addr_sp    = st_addr_sp - 1'b1;
          popped_addr   = st_addr[st_addr_sp];
          popped_target = 1'b1;
        end
      end
    end

    // ---- 5. Branch op. "B_OP1 if the quad jumps, else B_OP0." (us_fc_inst.txt B_OP0/B_OP1; CTM p.37 fact 110.)
    b_op = quad_jumps ? inst.b_op1 : inst.b_op0;
    masked_now  = masked_by(st_loop, st_loop_sp);
    running_now = running_of(st_inactive, masked_now);
    if (!stopped && b_op == US_FC_INST_B_OP0_INCR) begin
      // "INCR adds 1 to the counter of every unmasked INACTIVE pixel (past 2^width - 1 is an error), ..."
      for (int p = 0; p < 4; p++)
        if (st_inactive[p] && !masked_now[p]) begin
          if (st_counter[p] == CounterMax) st_errors[ErrCounterOverflow] = 1'b1;
          else                             st_counter[p] = st_counter[p] + 1'b1;
        end
      // "... then makes INACTIVE(0) every pixel that was running at the vote (so has a want [...]), is still
      // running after step 3 (not just broken or continued) and whose want disagrees with what the quad does (at
      // ENDLOOP and ENDREP, "the vote" is the second one [...])." (CTM p.37 fact 112; the second vote amended.)
      // "A branch-counter overflow does not stop anything: that pixel's counter stays at 2^width - 1 and INCR
      // goes on [...]" (amended).
      for (int p = 0; p < 4; p++)
        if (at_vote[p] && running_now[p] && want[p] != quad_jumps) begin
          st_inactive[p] = 1'b1;
          st_counter[p]  = '0;
        end
    end else if (!stopped && b_op == US_FC_INST_B_OP0_DECR) begin
      // "DECR subtracts B_POP_CNT from the counter of every unmasked INACTIVE pixel and makes ACTIVE, with
      // counter 0, those that would go below 0." (CTM p.37 fact 111; "with counter 0" amended.)
      for (int p = 0; p < 4; p++)
        if (st_inactive[p] && !masked_now[p]) begin
          // Compared as integers: B_POP_CNT (5 bits) can exceed a narrow counter's range.
          if (32'(st_counter[p]) < 32'(inst.b_pop_cnt)) begin
            st_inactive[p] = 1'b0;
            st_counter[p]  = '0;
          end else begin
            st_counter[p] = st_counter[p] - CounterBits'(inst.b_pop_cnt);
          end
        end
    end

    // ---- 6. "The target is JUMP_ADDR, plus OFFSET_ADDR unless JUMP_GLOBAL (mod 512)." (us_fc_addr.txt
    // JUMP_ADDR/JUMP_GLOBAL, us_code_offset.txt OFFSET_ADDR.)
    target = addr_word.jump_addr
           + ((addr_word.jump_global == US_FC_ADDR_JUMP_GLOBAL_GLOBAL) ? 9'd0 : code_offset_i);

    // ---- The outcome. "When the quad does not jump, the next PC is PC + 1 (mod 512)." (CTM p.23, fact 3.)
    // "An overflow or underflow of a stack stops the instruction at the step that raises it: what the earlier
    // steps did stays [...], nothing later happens [...] and the quad does not jump." (amended; section 7: the
    // error then ends the quad.) Each error above sets `stopped`, which skips steps 4 and 5 and the jump.
    jump_o      = quad_jumps && !stopped;
    next_pc_o   = !jump_o ? pc_i + 9'd1 : popped_target ? popped_addr : target;
    inactive_o  = st_inactive;
    counter_o   = st_counter;
    loop_o      = st_loop;
    loop_sp_o   = st_loop_sp;
    addr_o      = st_addr;
    addr_sp_o   = st_addr_sp;
    errors_o    = st_errors;
  end

endmodule
