// us_ctx_state: the state of every resident context and its next-state logic (docs/rtl.md, Contexts).
//
// Per context: running, busy (an instruction in flight, from IF to WB), done, errors, PC, the retired count, the
// covered and killed masks, the branch state (inactive mask, counters), the loop and address stacks, the
// predicates and the ALU result. Four writers, applied in this order within a cycle, the later winning:
//   IF      marks the context it issues busy;
//   OF      commits the next PC and, for an FC instruction, the branch state and stacks us_fc computed, from a
//           register a cycle after OF (the commit register: us_fc's outputs need not reach the state in OF's
//           own clock; the context's next instruction issues after its WB, D cycles on, and nothing else writes
//           or reads these fields of a context with an instruction in flight);
//   WB      commits the pixel effects (killed, predicates, ALU result), errors and the retired count, frees the
//           context and ends its quad when the instruction says so;
//   launch  starts a quad in a context that is not running (the harness's port).
// A context has at most one instruction in flight, so ID and WB never write the same context in one cycle, and
// each reads the state its predecessor left: there is no forwarding.
//
// ID, OF and WB read the state of the context they hold through a view (a copy of that context's elements: Yosys
// cannot select a field of an element picked by a variable index), with the pixels its loop frames mask.
`include "us_assert.svh"

module us_ctx_state #(
  parameter int unsigned NumCtx      = 1,
  parameter logic [15:0] PipeRegs    = us_core_pkg::PipeSim,  // the stage plan's optional registers
  parameter int unsigned Beats       = 1,                      // clocks a quad-instruction takes in EX and TA
  parameter int unsigned LoopDepth   = us_fc_pkg::DefaultLoopDepth,
  parameter int unsigned AddrDepth   = us_fc_pkg::DefaultAddrDepth,
  parameter int unsigned CounterBits = us_fc_pkg::DefaultCounterBits,
  localparam int unsigned CtxW       = (NumCtx > 1) ? $clog2(NumCtx) : 1,
  localparam int unsigned LoopSpW    = $clog2(LoopDepth + 1),
  localparam int unsigned AddrSpW    = $clog2(AddrDepth + 1)
) (
  input  logic                                   clk_i,
  input  logic                                   rst_ni,

  // from the harness: a quad's launch, and the clear of a context's temporaries before it
  input  logic                                   launch_i,
  input  logic [CtxW-1:0]                        launch_ctx_i,
  input  us_types_pkg::pix_mask_t                launch_covered_i,
  input  logic                                   clear_i,
  input  logic [CtxW-1:0]                        clear_ctx_i,
  // from the registers: where a quad starts
  input  us_isa_pkg::us_code_addr_t              code_addr_i,
  input  us_isa_pkg::us_code_offset_t            code_offset_i,

  // from IF: the context issued this cycle
  input  logic                                   if_issue_i,
  input  logic [CtxW-1:0]                        if_pick_ctx_i,
  // from IF: the instruction in ID
  input  logic                                   if_valid_i,
  input  logic [CtxW-1:0]                        if_ctx_i,
  // from ID (the instruction in OF) and OF: what OF commits
  input  logic                                   id_valid_i,
  input  logic [CtxW-1:0]                        id_ctx_i,
  input  us_types_pkg::pc_t                      of_next_pc_i,
  input  logic                                   of_fc_i,          // an FC instruction: commit its branch state
  input  us_types_pkg::pix_mask_t                of_fc_inactive_i,
  input  logic [3:0][CounterBits-1:0]            of_fc_counter_i,  // per pixel
  input  us_fc_pkg::us_frame_t [LoopDepth-1:0]   of_fc_loop_i,
  input  logic [LoopSpW-1:0]                     of_fc_loop_sp_i,
  input  us_types_pkg::pc_t [AddrDepth-1:0]      of_fc_addr_i,
  input  logic [AddrSpW-1:0]                     of_fc_addr_sp_i,
  // from WB: what the instruction in WB commits
  input  logic                                   wb_valid_i,
  input  logic [CtxW-1:0]                        wb_ctx_i,
  input  us_types_pkg::pix_mask_t                wb_killed_i,
  input  us_types_pkg::chan_mask_t [3:0]         wb_pred_i,        // per pixel: predicate bits r g b a
  input  us_types_pkg::pix_mask_t                wb_result_i,
  input  logic [us_fc_pkg::ErrCount-1:0]         wb_errors_i,
  input  logic                                   wb_done_i,

  // to the harness: status
  output logic [NumCtx-1:0]                      ctx_running_o,    // launched and not ended
  output logic [NumCtx-1:0]                      ctx_done_o,       // ended (sticky until the next launch)
  output logic [NumCtx-1:0][us_fc_pkg::ErrCount-1:0] ctx_errors_o,
  // to the temporaries: a clear, of a context that is not running
  output logic                                   ctx_clear_o,
  // to IF
  output logic [NumCtx-1:0]                      ctx_busy_o,
  output us_types_pkg::pc_t [NumCtx-1:0]         ctx_pc_o,
  // to ID: the view of context if_ctx_i
  output us_fc_pkg::us_frame_t [LoopDepth-1:0]   ctx_id_loop_o,
  output logic [LoopSpW-1:0]                     ctx_id_loop_sp_o,
  output us_types_pkg::pix_mask_t                ctx_id_covered_o,
  output us_types_pkg::pix_mask_t                ctx_id_killed_o,
  output us_types_pkg::pix_mask_t                ctx_id_inactive_o,
  output us_types_pkg::pix_mask_t                ctx_id_masked_o,  // broken or continued in a frame
  output us_types_pkg::chan_mask_t [3:0]         ctx_id_pred_o,
  // to OF (FC): the view of context id_ctx_i
  output us_fc_pkg::us_frame_t [LoopDepth-1:0]   ctx_of_loop_o,
  output logic [LoopSpW-1:0]                     ctx_of_loop_sp_o,
  output us_types_pkg::pc_t [AddrDepth-1:0]      ctx_of_addr_o,
  output logic [AddrSpW-1:0]                     ctx_of_addr_sp_o,
  output us_types_pkg::pix_mask_t                ctx_of_covered_o,
  output us_types_pkg::pix_mask_t                ctx_of_killed_o,
  output us_types_pkg::pix_mask_t                ctx_of_inactive_o,
  output us_types_pkg::chan_mask_t [3:0]         ctx_of_pred_o,
  output us_types_pkg::pix_mask_t                ctx_of_result_o,
  output logic [3:0][CounterBits-1:0]            ctx_of_counter_o,
  // to WB and the retire port: the view of context wb_ctx_i (its FC state already the state after the
  // instruction, committed after OF)
  output us_types_pkg::pix_mask_t                ctx_wb_covered_o,
  output us_types_pkg::pix_mask_t                ctx_wb_killed_o,
  output us_types_pkg::pix_mask_t                ctx_wb_inactive_o,
  output us_types_pkg::pix_mask_t                ctx_wb_masked_o,
  output us_types_pkg::chan_mask_t [3:0]         ctx_wb_pred_o,
  output us_types_pkg::pix_mask_t                ctx_wb_result_o,
  output logic [31:0]                            ctx_wb_retired_o,
  output logic [us_fc_pkg::ErrCount-1:0]         ctx_wb_errors_o,
  output logic [3:0][CounterBits-1:0]            ctx_wb_counter_o,
  output logic [LoopSpW-1:0]                     ctx_wb_loop_sp_o,
  output logic [AddrSpW-1:0]                     ctx_wb_addr_sp_o,
  output us_fc_pkg::us_frame_t                   ctx_wb_loop_top_o,  // zero when the loop stack is empty
  output us_types_pkg::pc_t                      ctx_wb_addr_top_o   // zero when the address stack is empty
);

  localparam int unsigned LoopIdxW = (LoopDepth > 1) ? $clog2(LoopDepth) : 1;
  localparam int unsigned AddrIdxW = (AddrDepth > 1) ? $clog2(AddrDepth) : 1;

  // ---------------------------------------------------------------------------------------------------------
  // The state
  // ---------------------------------------------------------------------------------------------------------
  logic [NumCtx-1:0]                                run_q, run_d, busy_q, busy_d, done_q, done_d;
  logic [NumCtx-1:0][us_fc_pkg::ErrCount-1:0]       err_q, err_d;
  us_types_pkg::pc_t [NumCtx-1:0]                   pc_q, pc_d;
  logic [NumCtx-1:0][31:0]                          retired_q;
  us_types_pkg::pix_mask_t [NumCtx-1:0]             covered_q, covered_d, killed_q, killed_d;
  us_types_pkg::pix_mask_t [NumCtx-1:0]             inactive_q, inactive_d, result_q, result_d;
  logic [NumCtx-1:0][3:0][CounterBits-1:0]          counter_q;
  us_fc_pkg::us_frame_t [NumCtx-1:0][LoopDepth-1:0] loop_q;
  logic [NumCtx-1:0][LoopSpW-1:0]                   loop_sp_q, loop_sp_d;
  us_types_pkg::pc_t [NumCtx-1:0][AddrDepth-1:0]    addr_q;
  logic [NumCtx-1:0][AddrSpW-1:0]                   addr_sp_q, addr_sp_d;
  us_types_pkg::chan_mask_t [NumCtx-1:0][3:0]       pred_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      run_q      <= '0;
      busy_q     <= '0;
      done_q     <= '0;
      err_q      <= '0;
      pc_q       <= '0;
      covered_q  <= '0;
      killed_q   <= '0;
      inactive_q <= '0;
      result_q   <= '0;
      loop_sp_q  <= '0;
      addr_sp_q  <= '0;
    end else begin
      run_q      <= run_d;
      busy_q     <= busy_d;
      done_q     <= done_d;
      err_q      <= err_d;
      pc_q       <= pc_d;
      covered_q  <= covered_d;
      killed_q   <= killed_d;
      inactive_q <= inactive_d;
      result_q   <= result_d;
      loop_sp_q  <= loop_sp_d;
      addr_sp_q  <= addr_sp_d;
    end
  end

  // ---------------------------------------------------------------------------------------------------------
  // The commit register: what OF commits, a cycle later
  // ---------------------------------------------------------------------------------------------------------
  logic                                 cm_valid_q, cm_fc_q;
  logic [CtxW-1:0]                      cm_ctx_q;
  us_types_pkg::pc_t                    cm_next_pc_q;
  us_types_pkg::pix_mask_t              cm_inactive_q;
  logic [3:0][CounterBits-1:0]          cm_counter_q;
  us_fc_pkg::us_frame_t [LoopDepth-1:0] cm_loop_q;
  logic [LoopSpW-1:0]                   cm_loop_sp_q;
  us_types_pkg::pc_t [AddrDepth-1:0]    cm_addr_q;
  logic [AddrSpW-1:0]                   cm_addr_sp_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      cm_valid_q <= 1'b0;
    end else begin
      cm_valid_q <= id_valid_i;
    end
  end
  always_ff @(posedge clk_i) begin
    if (id_valid_i) begin
      cm_ctx_q     <= id_ctx_i;
      cm_next_pc_q <= of_next_pc_i;
      cm_fc_q      <= of_fc_i;
    end
    if (id_valid_i && of_fc_i) begin
      cm_inactive_q <= of_fc_inactive_i;
      cm_counter_q  <= of_fc_counter_i;
      cm_loop_q     <= of_fc_loop_i;
      cm_loop_sp_q  <= of_fc_loop_sp_i;
      cm_addr_q     <= of_fc_addr_i;
      cm_addr_sp_q  <= of_fc_addr_sp_i;
    end
  end

  // ---------------------------------------------------------------------------------------------------------
  // Next state: IF (busy), OF (PC, FC state), WB (everything else), launch
  // ---------------------------------------------------------------------------------------------------------
  always_comb begin
    run_d      = run_q;
    busy_d     = busy_q;
    done_d     = done_q;
    err_d      = err_q;
    pc_d       = pc_q;
    covered_d  = covered_q;
    killed_d   = killed_q;
    inactive_d = inactive_q;
    result_d   = result_q;
    loop_sp_d  = loop_sp_q;
    addr_sp_d  = addr_sp_q;

    if (if_issue_i) begin
      busy_d[if_pick_ctx_i] = 1'b1;
    end
    if (cm_valid_q) begin
      pc_d[cm_ctx_q] = cm_next_pc_q;
      if (cm_fc_q) begin
        inactive_d[cm_ctx_q] = cm_inactive_q;
        loop_sp_d[cm_ctx_q]  = cm_loop_sp_q;
        addr_sp_d[cm_ctx_q]  = cm_addr_sp_q;
      end
    end
    if (wb_valid_i) begin
      busy_d[wb_ctx_i]    = 1'b0;
      killed_d[wb_ctx_i]  = wb_killed_i;
      result_d[wb_ctx_i]  = wb_result_i;
      err_d[wb_ctx_i]     = wb_errors_i;
      if (wb_done_i) begin
        run_d[wb_ctx_i]  = 1'b0;
        done_d[wb_ctx_i] = 1'b1;
      end
    end
    if (launch_i && !run_q[launch_ctx_i]) begin
      run_d[launch_ctx_i]      = 1'b1;
      busy_d[launch_ctx_i]     = 1'b0;
      done_d[launch_ctx_i]     = 1'b0;
      err_d[launch_ctx_i]      = '0;
      pc_d[launch_ctx_i]       = code_addr_i.start_addr + code_offset_i.offset_addr;
      covered_d[launch_ctx_i]  = launch_covered_i;
      killed_d[launch_ctx_i]   = '0;
      inactive_d[launch_ctx_i] = '0;
      result_d[launch_ctx_i]   = '0;
      loop_sp_d[launch_ctx_i]  = '0;
      addr_sp_d[launch_ctx_i]  = '0;
    end
  end

  // The wide state (the stacks, counters, predicate bits, retired counts) is written in place, one context's
  // element under the same conditions and in the same order as above (a launch last), instead of through a copy
  // of every context's state each cycle.
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      retired_q <= '0;
      counter_q <= '0;
      loop_q    <= '0;
      addr_q    <= '0;
      pred_q    <= '0;
    end else begin
      if (cm_valid_q && cm_fc_q) begin
        counter_q[cm_ctx_q] <= cm_counter_q;
        loop_q[cm_ctx_q]    <= cm_loop_q;
        addr_q[cm_ctx_q]    <= cm_addr_q;
      end
      if (wb_valid_i) begin
        pred_q[wb_ctx_i]    <= wb_pred_i;
        retired_q[wb_ctx_i] <= ctx_wb_retired_o + 32'd1;
      end
      if (launch_i && !run_q[launch_ctx_i]) begin
        retired_q[launch_ctx_i] <= '0;
        counter_q[launch_ctx_i] <= '0;
        loop_q[launch_ctx_i]    <= '0;
        addr_q[launch_ctx_i]    <= '0;
        pred_q[launch_ctx_i]    <= '0;
      end
    end
  end

  assign ctx_running_o = run_q;
  assign ctx_done_o    = done_q;
  assign ctx_errors_o  = err_q;
  assign ctx_busy_o    = busy_q;
  assign ctx_pc_o      = pc_q;
  // A launch clears the temporaries first; a running quad's are never cleared under it.
  assign ctx_clear_o   = clear_i && !run_q[clear_ctx_i];

  // ---------------------------------------------------------------------------------------------------------
  // The views of ID's, OF's and WB's contexts
  // ---------------------------------------------------------------------------------------------------------
  // Pixels broken or continued in any frame of a loop stack.
  function automatic us_types_pkg::pix_mask_t masked_of(input us_fc_pkg::us_frame_t [LoopDepth-1:0] lp,
                                                        input logic [LoopSpW-1:0] sp);
    us_types_pkg::pix_mask_t m;
    m = '0;
    for (int i = 0; i < int'(LoopDepth); i++) begin
      if (LoopSpW'(i) < sp) begin
        m = m | us_frame_pkg::frame_masked(lp[i]);
      end
    end
    masked_of = m;
  endfunction

  assign ctx_id_loop_o     = loop_q[if_ctx_i];
  assign ctx_id_loop_sp_o  = loop_sp_q[if_ctx_i];
  assign ctx_id_covered_o  = covered_q[if_ctx_i];
  assign ctx_id_killed_o   = killed_q[if_ctx_i];
  assign ctx_id_inactive_o = inactive_q[if_ctx_i];
  assign ctx_id_masked_o   = masked_of(ctx_id_loop_o, ctx_id_loop_sp_o);
  assign ctx_id_pred_o     = pred_q[if_ctx_i];

  assign ctx_of_loop_o     = loop_q[id_ctx_i];
  assign ctx_of_loop_sp_o  = loop_sp_q[id_ctx_i];
  assign ctx_of_addr_o     = addr_q[id_ctx_i];
  assign ctx_of_addr_sp_o  = addr_sp_q[id_ctx_i];
  assign ctx_of_covered_o  = covered_q[id_ctx_i];
  assign ctx_of_killed_o   = killed_q[id_ctx_i];
  assign ctx_of_inactive_o = inactive_q[id_ctx_i];
  assign ctx_of_pred_o     = pred_q[id_ctx_i];
  assign ctx_of_result_o   = result_q[id_ctx_i];
  assign ctx_of_counter_o  = counter_q[id_ctx_i];

  us_fc_pkg::us_frame_t [LoopDepth-1:0] wb_loop;
  us_types_pkg::pc_t [AddrDepth-1:0]    wb_addr;
  assign wb_loop           = loop_q[wb_ctx_i];
  assign wb_addr           = addr_q[wb_ctx_i];
  assign ctx_wb_covered_o  = covered_q[wb_ctx_i];
  assign ctx_wb_killed_o   = killed_q[wb_ctx_i];
  assign ctx_wb_inactive_o = inactive_q[wb_ctx_i];
  assign ctx_wb_masked_o   = masked_of(wb_loop, ctx_wb_loop_sp_o);
  assign ctx_wb_pred_o     = pred_q[wb_ctx_i];
  assign ctx_wb_result_o   = result_q[wb_ctx_i];
  assign ctx_wb_retired_o  = retired_q[wb_ctx_i];
  assign ctx_wb_errors_o   = err_q[wb_ctx_i];
  assign ctx_wb_counter_o  = counter_q[wb_ctx_i];
  assign ctx_wb_loop_sp_o  = loop_sp_q[wb_ctx_i];
  assign ctx_wb_addr_sp_o  = addr_sp_q[wb_ctx_i];
  assign ctx_wb_loop_top_o = (ctx_wb_loop_sp_o != '0) ? wb_loop[LoopIdxW'(ctx_wb_loop_sp_o - 1'b1)] : '0;
  assign ctx_wb_addr_top_o = (ctx_wb_addr_sp_o != '0) ? wb_addr[AddrIdxW'(ctx_wb_addr_sp_o - 1'b1)] : '0;

  logic unused_regs;  // the code-window registers' other fields
  assign unused_regs = ^{code_addr_i, code_offset_i};

  // ---------------------------------------------------------------------------------------------------------
  // Invariants
  // ---------------------------------------------------------------------------------------------------------
  // us_fc stops a push at a full stack and a pop at an empty one (an error ends the quad), so no stack pointer
  // ever passes its depth: the views above index the frame below the pointer.
  for (genvar c = 0; c < NumCtx; c++) begin : g_assert_ctx
    `US_ASSERT(CtxLoopSpInDepth, loop_sp_q[c] <= LoopSpW'(LoopDepth))
    `US_ASSERT(CtxAddrSpInDepth, addr_sp_q[c] <= AddrSpW'(AddrDepth))
  end
  // The stage plan (us_core_pkg): an instruction issued in cycle n is in WB in cycle n + PlanWb, so a context's
  // write-back comes PlanWb - 1 cycles after the first cycle it is busy, and never earlier or later. A stage
  // register added or lost without the plan following breaks this (and the harness's schedule check).
`ifdef US_ASSERT_ON
  localparam int unsigned PlanWb = us_core_pkg::issue_to_record(PipeRegs, Beats) - 1;  // WB's stage in the plan
  localparam int unsigned AgeW   = $clog2(PlanWb + 1);
  logic [NumCtx-1:0][AgeW-1:0] age_q;  // per context: cycles busy so far
  for (genvar c = 0; c < NumCtx; c++) begin : g_age
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        age_q[c] <= '0;
      end else if (if_issue_i && int'(if_pick_ctx_i) == c) begin
        age_q[c] <= '0;
      end else if (busy_q[c] && int'(age_q[c]) < int'(PlanWb)) begin
        age_q[c] <= age_q[c] + AgeW'(1);
      end
    end
  end
`endif
  for (genvar c = 0; c < NumCtx; c++) begin : g_assert_plan
    `US_ASSERT_IF(CtxWbOnPlan,
                  (wb_valid_i && int'(wb_ctx_i) == c) == (int'(age_q[c]) == int'(PlanWb) - 1), busy_q[c])
    // ... so a context is never busy past its write-back, and only a running quad has an instruction in flight
    // (its write-back ends it or frees it). Both also close make formal's k-induction: without them a busy
    // context with nothing in flight would be a state the proof could start from.
    `US_ASSERT_IF(CtxBusyWithinPlan, int'(age_q[c]) < int'(PlanWb), busy_q[c])
    `US_ASSERT_IF(CtxBusyRunning, run_q[c], busy_q[c])
  end
  // Only an issued context reaches ID and WB, and IF issues only contexts below NumCtx (OF's is ID's, registered).
  `US_ASSERT_IF(CtxIdInRange, int'(if_ctx_i) < int'(NumCtx), if_valid_i)
  `US_ASSERT_IF(CtxWbInRange, int'(wb_ctx_i) < int'(NumCtx), wb_valid_i)

endmodule
