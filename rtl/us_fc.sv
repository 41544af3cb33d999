// us_fc: one flow-control instruction applied to the flow-control state of a context, combinationally: the
// vote, B_ELSE, the op (JUMP, LOOP/REP, ENDLOOP/ENDREP, BREAKLOOP/BREAKREP, CONTINUE), the address stack and
// INCR/DECR, exactly as docs/spec.md section 4 and model/golden/us_fc.c. The pipeline holds the state per context
// and feeds it through here in its decode stage; an overflow or underflow sets its error bit and stops the
// instruction where the C model stops it (earlier effects stay).
module us_fc #(
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

  localparam int unsigned LoopSpW = $clog2(LoopDepth + 1);
  localparam int unsigned AddrSpW = $clog2(AddrDepth + 1);
  localparam int unsigned LoopIdxW = (LoopDepth > 1) ? $clog2(LoopDepth) : 1;
  localparam int unsigned AddrIdxW = (AddrDepth > 1) ? $clog2(AddrDepth) : 1;
  localparam logic [CounterBits-1:0] CounterMax = '1;

  us_isa_pkg::us_fc_inst_t fi;
  us_isa_pkg::us_fc_addr_t fa;
  assign fi = fc_inst_i;
  assign fa = fc_addr_i;

  // Pixels broken or continued in any frame on the stack.
  function automatic logic [3:0] masked_of(input us_fc_pkg::us_frame_t [LoopDepth-1:0] lp,
                                           input logic [LoopSpW-1:0] sp);
    logic [3:0] m;
    m = '0;
    for (int i = 0; i < int'(LoopDepth); i++) begin
      if (LoopSpW'(i) < sp) begin
        m = m | us_frame_pkg::frame_masked(lp[i]);
      end
    end
    masked_of = m;
  endfunction

  // The vote of the running pixels: want mask, voters and the decision.
  logic [3:0] pred_bit;
  always_comb begin
    for (int p = 0; p < 4; p++) begin
      pred_bit[p] = ((pred_sel_i >= 3'd2 && pred_sel_i <= 3'd5) ? pred_i[p][2'(pred_sel_i - 3'd2)] : 1'b0) ^ pred_inv_i;
    end
  end

  typedef struct packed {
    logic [3:0] want;
    logic [3:0] voters;
    logic       decision;
  } vote_t;

  function automatic vote_t vote(input logic [3:0] running);
    vote_t v;
    v.want = '0;
    for (int p = 0; p < 4; p++) begin
      v.want[p] = running[p] & fi.jump_func[{alu_result_i[p], pred_bit[p], bool_const_i[fa.bool_addr]}];
    end
    v.voters   = running & (fi.ignore_uncovered == us_isa_pkg::US_FC_INST_IGNORE_UNCOVERED_IGNORE ? covered_i : 4'hF);
    v.decision = (fi.jump_any == us_isa_pkg::US_FC_INST_JUMP_ANY_ANY) ? |(v.want & v.voters)
                                                            : (v.voters == 4'h0 || (v.want & v.voters) == v.voters);
    vote = v;
  endfunction

  // Fields the unit does not read (reserved bits, and the fields of other instruction words).
  logic unused_bits;
  assign unused_bits = ^{fi.unused_31_29, fi.unused_23_21, fi.unused_3_3, fa.unused_30_25, fa.unused_15_13,
                         fa.unused_7_5};

  // Working values of the instruction (module scope: Yosys cannot size block-local packed arrays).
  logic [3:0]             inactive, running, masked, wake, disagree, unmasked_inactive, leaving;
  logic [3:0]             gone, members;
  logic [3:0][CounterBits-1:0] counter;
  us_fc_pkg::us_frame_t [LoopDepth-1:0] lp;
  us_fc_pkg::us_frame_t   f, tf;  // a new frame; the top frame (Yosys cannot index a field of lp[top])
  logic [LoopSpW-1:0]     sp;
  logic [AddrDepth-1:0][8:0] as;
  logic [AddrSpW-1:0]     asp;
  vote_t                  v;
  logic                   jump, stop, brk;
  logic [8:0]             target;
  logic [23:0]            kint;  // KR, KG, KB of the int constant
  logic [1:0]             bop;
  logic [LoopIdxW-1:0]    top;  // index of the top frame (meaningful when sp > 0)


  always_comb begin
    inactive = inactive_i;
    counter  = counter_i;
    wake     = '0;
    disagree = '0;
    unmasked_inactive = '0;
    bop      = 2'd0;
    kint     = int_const_i[fa.int_addr][23:0];
    lp       = loop_i;
    sp       = loop_sp_i;
    as       = addr_i;
    asp      = addr_sp_i;
    errors_o = '0;
    jump     = 1'b0;
    stop     = 1'b0;
    f        = '0;
    gone     = '0;
    members  = '0;
    leaving  = '0;
    brk      = 1'b0;
    top      = LoopIdxW'(sp - 1'b1);
    tf       = lp[0];  // lp[top], as a multiplexer: a computed index reads as a multiplier
    for (int k = 1; k < int'(LoopDepth); k++) begin
      if (top == LoopIdxW'(k)) tf = lp[k];
    end

    // 1. B_ELSE, from the state before it.
    masked  = masked_of(lp, sp);
    running = ~(killed_i | inactive | masked);
    if (fi.b_else == us_isa_pkg::US_FC_INST_B_ELSE_ON) begin
      for (int p = 0; p < 4; p++) begin
        wake[p] = ~masked[p] & inactive[p] & (counter[p] == '0);
        if (running[p]) begin
          counter[p] = '0;
        end
      end
      inactive = (inactive | running) & ~wake;
    end

    // 2. The vote.
    running = ~(killed_i | inactive | masked);
    v      = vote(running);
    target = fa.jump_addr + ((fa.jump_global == us_isa_pkg::US_FC_ADDR_JUMP_GLOBAL_GLOBAL) ? 9'd0 : code_offset_i);

    // 3. The op.
    unique case (fi.op)
      us_isa_pkg::US_FC_INST_OP_JUMP: jump = v.decision;
      us_isa_pkg::US_FC_INST_OP_LOOP, us_isa_pkg::US_FC_INST_OP_REP: begin
        f.rep   = (fi.op == us_isa_pkg::US_FC_INST_OP_REP);
        f.count = kint[7:0];
        f.al    = f.rep ? ((sp != '0) ? tf.al : 8'd0) : kint[15:8];
        f.step  = f.rep ? 8'd0 : kint[23:16];
        jump    = (f.count == 8'd0) || v.decision;
        if (jump) begin
          f.count = 8'd0;  // the loop is skipped: its ENDLOOP finds the count exhausted
        end else begin
          f.member = running;
        end
        if (32'(sp) >= LoopDepth) begin
          errors_o[us_fc_pkg::ErrLoopOverflow] = 1'b1;
          stop = 1'b1;
        end else begin
          for (int k = 0; k < int'(LoopDepth); k++) begin
            if (LoopIdxW'(sp) == LoopIdxW'(k)) lp[k] = f;
          end
          sp     = sp + 1'b1;
        end
      end
      us_isa_pkg::US_FC_INST_OP_ENDLOOP, us_isa_pkg::US_FC_INST_OP_ENDREP: begin
        if (sp == '0) begin
          errors_o[us_fc_pkg::ErrLoopUnderflow] = 1'b1;
          stop = 1'b1;
        end else begin
          tf.continued = '0;
          if (tf.count != 8'd0) begin
            tf.count = tf.count - 8'd1;
          end
          if (!tf.rep) begin
            tf.al = tf.al + tf.step;
          end
          for (int k = 0; k < int'(LoopDepth); k++) begin
            if (top == LoopIdxW'(k)) lp[k] = tf;
          end
          // continued pixels run again and vote
          masked  = masked_of(lp, sp);
          running = ~(killed_i | inactive | masked);
          v       = vote(running);
          jump    = (tf.count != 8'd0) && v.decision;
          if (!jump) begin
            for (int p = 0; p < 4; p++) begin
              if (tf.member[p]) begin
                counter[p] = '0;
              end
            end
            inactive = inactive & ~tf.member;
            sp       = sp - 1'b1;
          end
        end
      end
      default: begin  // BREAKLOOP, BREAKREP, CONTINUE
        if (sp == '0) begin
          errors_o[us_fc_pkg::ErrLoopUnderflow] = 1'b1;
          stop = 1'b1;
        end else begin
          brk     = (fi.op != us_isa_pkg::US_FC_INST_OP_CONTINUE);
          leaving = running & v.want;
          if (brk) begin
            tf.broken = tf.broken | leaving;
          end else begin
            tf.continued = tf.continued | leaving;
          end
          for (int k = 0; k < int'(LoopDepth); k++) begin
            if (top == LoopIdxW'(k)) lp[k] = tf;
          end
          gone    = tf.broken | killed_i | (brk ? 4'h0 : tf.continued);
          members = tf.member &
                    (fi.ignore_uncovered == us_isa_pkg::US_FC_INST_IGNORE_UNCOVERED_IGNORE ? covered_i : 4'hF);
          jump = (fi.jump_any == us_isa_pkg::US_FC_INST_JUMP_ANY_ANY) ? |(v.want & v.voters)
                                                                      : ((members & ~gone) == 4'h0);
          if (jump && brk) begin
            for (int p = 0; p < 4; p++) begin
              if (tf.member[p]) begin
                counter[p] = '0;
              end
            end
            inactive = inactive & ~tf.member;
            sp       = sp - 1'b1;
          end
        end
      end
    endcase

    // 4. The address stack, when jumping.
    if (!stop && jump && fi.a_op == us_isa_pkg::US_FC_INST_A_OP_PUSH) begin
      if (32'(asp) >= AddrDepth) begin
        errors_o[us_fc_pkg::ErrAddrOverflow] = 1'b1;
        stop = 1'b1;
      end else begin
        for (int k = 0; k < int'(AddrDepth); k++) begin
          if (AddrIdxW'(asp) == AddrIdxW'(k)) as[k] = pc_i + 9'd1;
        end
        asp     = asp + 1'b1;
      end
    end else if (!stop && jump && fi.a_op == us_isa_pkg::US_FC_INST_A_OP_POP) begin
      if (asp == '0) begin
        errors_o[us_fc_pkg::ErrAddrUnderflow] = 1'b1;
        stop = 1'b1;
      end else begin
        asp    = asp - 1'b1;
        target = as[0];
        for (int k = 1; k < int'(AddrDepth); k++) begin
          if (AddrIdxW'(asp) == AddrIdxW'(k)) target = as[k];
        end
      end
    end

    // 5. The branch op.
    if (!stop) begin
      bop               = jump ? fi.b_op1 : fi.b_op0;
      masked            = masked_of(lp, sp);
      unmasked_inactive = inactive & ~masked;
      if (bop == us_isa_pkg::US_FC_INST_B_OP0_INCR) begin
        for (int p = 0; p < 4; p++) begin
          if (unmasked_inactive[p]) begin
            if (counter[p] == CounterMax) begin
              errors_o[us_fc_pkg::ErrCounterOverflow] = 1'b1;
            end else begin
              counter[p] = counter[p] + 1'b1;
            end
          end
        end
        // pixels that voted, still run and disagree with what the quad does stop here
        disagree = running & ~(killed_i | inactive | masked) & (jump ? ~v.want : v.want);
        for (int p = 0; p < 4; p++) begin
          if (disagree[p]) begin
            counter[p] = '0;
          end
        end
        inactive = inactive | disagree;
      end else if (bop == us_isa_pkg::US_FC_INST_B_OP0_DECR) begin
        for (int p = 0; p < 4; p++) begin
          if (unmasked_inactive[p]) begin
            if (32'(counter[p]) < 32'(fi.b_pop_cnt)) begin
              counter[p]  = '0;
              inactive[p] = 1'b0;
            end else begin
              counter[p] = counter[p] - CounterBits'(fi.b_pop_cnt);
            end
          end
        end
      end
    end

    jump_o     = jump && !stop;
    next_pc_o  = (jump && !stop) ? target : pc_i + 9'd1;
    inactive_o = inactive;
    counter_o  = counter;
    loop_o     = lp;
    loop_sp_o  = sp;
    addr_o     = as;
    addr_sp_o  = asp;
  end

endmodule
