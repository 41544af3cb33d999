// us_if_stage: IF, the first stage (docs/rtl.md, Scheduling). It picks the first ready context after the one it
// issued last (round robin; after reset context 0 counts as the last), reads that context's instruction slot
// from the instruction memory (us_imem, registered read) and hands the instruction to ID the next cycle.
//
// A context is ready while it runs and has no instruction in flight; IF issues in every cycle one is (a quad's
// input temporaries have a write port of their own, us_temp_rf). So a ready context waits at most NumCtx - 1
// cycles. With Lanes below 4 (us_core_pkg, Lanes) a quad-instruction takes Beats clocks of EX and TA, and IF
// holds Beats - 1 clocks after each issue: a ready context waits at most NumCtx x Beats - 1 cycles.
//
// With DecodeReg (us_core_pkg::PipeDecode) the instruction reaches ID a clock later, through a register of the
// words behind us_imem's read register (stage IW): the block RAM's clock-to-out and decode were one clock, the
// whole core's deepest logic (docs/rtl.md). The context's state that ID reads cannot change in that clock: the
// context is busy from its issue until its record is out (us_ctx_state), so nothing writes it.
`include "us_assert.svh"

module us_if_stage #(
  parameter int unsigned NumCtx    = 1,
  parameter int unsigned Beats     = 1,     // clocks a quad-instruction takes in EX and TA (us_core_pkg, Lanes)
  parameter bit          DecodeReg = 1'b0,  // the words registered once more before ID (us_core_pkg::PipeDecode)
  parameter bit          MemSweep  = 1'b0,  // the instruction memory zeroed after reset, not valid bits (us_core)
  localparam int unsigned CtxW     = (NumCtx > 1) ? $clog2(NumCtx) : 1
) (
  input  logic                          clk_i,
  input  logic                          rst_ni,

  // from the load port: instruction memory writes
  input  logic                          lp_imem_we_i,
  input  us_types_pkg::pc_t             lp_imem_slot_i,
  input  logic [2:0]                    lp_imem_dword_i,
  input  logic [31:0]                   lp_imem_wdata_i,
  output logic                          imem_ready_o,  // the instruction memory writable (after the sweep)
  // from the context state
  input  logic [NumCtx-1:0]             ctx_running_i,
  input  logic [NumCtx-1:0]             ctx_busy_i,
  input  us_types_pkg::pc_t [NumCtx-1:0] ctx_pc_i,

  // to the context state: the context issued this cycle (it becomes busy)
  output logic                          if_issue_o,
  output logic [CtxW-1:0]               if_pick_ctx_o,
  // to ID (registered): the instruction, its context and PC
  output logic                          if_valid_o,
  output logic [CtxW-1:0]               if_ctx_o,
  output us_types_pkg::pc_t             if_pc_o,
  output logic [5:0][31:0]              if_words_o
);

  logic [NumCtx-1:0] ready;
  logic [CtxW-1:0]   rr_q;     // the context issued last
  us_types_pkg::pc_t fetch_pc;

  logic [1:0]        hold_q;   // clocks before IF may issue again
  assign ready = (hold_q == 2'd0) ? ctx_running_i & ~ctx_busy_i : '0;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      hold_q <= '0;
    end else if (if_issue_o) begin
      hold_q <= 2'(Beats - 1);
    end else if (hold_q != 2'd0) begin
      hold_q <= hold_q - 2'd1;
    end
  end

  always_comb begin
    if_issue_o    = 1'b0;
    if_pick_ctx_o = rr_q;
    for (int i = int'(NumCtx); i >= 1; i--) begin  // the lowest offset after rr_q wins
      if (ready[(int'(rr_q) + i) % int'(NumCtx)]) begin
        if_issue_o    = 1'b1;
        if_pick_ctx_o = CtxW'((int'(rr_q) + i) % int'(NumCtx));
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rr_q <= '0;
    end else if (if_issue_o) begin
      rr_q <= if_pick_ctx_o;
    end
  end

  assign fetch_pc = ctx_pc_i[if_pick_ctx_o];

  logic                  fe_valid_q;
  logic [CtxW-1:0]       fe_ctx_q;
  us_types_pkg::pc_t     fe_pc_q;
  logic [5:0][31:0]      fe_words;  // us_imem's read register: the slot fe_pc_q
  us_imem #(
    .Sweep(MemSweep)
  ) u_imem (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .we_i    (lp_imem_we_i),
    .wslot_i (lp_imem_slot_i),
    .wdword_i(lp_imem_dword_i),
    .wdata_i (lp_imem_wdata_i),
    .raddr_i (fetch_pc),
    .rdata_o (fe_words),
    .ready_o (imem_ready_o)
  );

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      fe_valid_q <= 1'b0;
      fe_ctx_q   <= '0;
      fe_pc_q    <= '0;
    end else begin
      fe_valid_q <= if_issue_o;
      fe_ctx_q   <= if_pick_ctx_o;
      fe_pc_q    <= fetch_pc;
    end
  end

  if (DecodeReg) begin : g_decode_reg
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        if_valid_o <= 1'b0;
        if_ctx_o   <= '0;
        if_pc_o    <= '0;
      end else begin
        if_valid_o <= fe_valid_q;
        if_ctx_o   <= fe_ctx_q;
        if_pc_o    <= fe_pc_q;
      end
    end
    always_ff @(posedge clk_i) begin
      if (fe_valid_q) begin
        if_words_o <= fe_words;
      end
    end
  end else begin : g_no_decode_reg
    assign if_valid_o = fe_valid_q;
    assign if_ctx_o   = fe_ctx_q;
    assign if_pc_o    = fe_pc_q;
    assign if_words_o = fe_words;
  end

  // ---------------------------------------------------------------------------------------------------------
  // Invariants: the scheduling contract (tb/cosim/cosim_sched.h checks the same from the core's ports). They read
  // readiness from the inputs again, not through `ready`, so that a slip in the pick logic cannot hide itself.
  // ---------------------------------------------------------------------------------------------------------
`ifdef US_ASSERT_ON
  localparam int unsigned MaxWait = NumCtx * Beats;
  localparam int unsigned WaitW   = $clog2(MaxWait + 1);
  logic [NumCtx-1:0]            ready_chk;
  logic [NumCtx-1:0][WaitW-1:0] wait_q;  // cycles each ready context has waited so far
  assign ready_chk = ctx_running_i & ~ctx_busy_i;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      wait_q <= '0;
    end else begin
      for (int c = 0; c < int'(NumCtx); c++) begin
        if (!ready_chk[c] || (if_issue_o && int'(if_pick_ctx_o) == c)) begin
          wait_q[c] <= '0;
        end else if (int'(wait_q[c]) < int'(MaxWait)) begin
          wait_q[c] <= wait_q[c] + WaitW'(1);
        end
      end
    end
  end
`endif

  // A context with an instruction in flight would read state its predecessor has not written yet.
  `US_ASSERT_IF(IfPickReady, ready_chk[if_pick_ctx_o], if_issue_o)
  // Round robin passes every other context at most once before it comes back to a ready one.
  for (genvar c = 0; c < NumCtx; c++) begin : g_assert_wait
    `US_ASSERT_IF(IfReadyIssuedInTime, int'(wait_q[c]) < int'(MaxWait), ready_chk[c])
  end

endmodule
