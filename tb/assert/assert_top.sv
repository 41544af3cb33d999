// The assertion bench's top (tb/assert/assert_bench.cpp drives it): the core's units that hold assertions, each
// on its own with every input a port of this top, so that a scenario can drive a unit into the condition its
// assertion forbids. NumCtx is 3, not a power of two, so that a context index can be out of range.
`include "generated/us_retire_ports.svh"

module assert_top
  import us_fc_pkg::*;
#(
  localparam int unsigned NumCtx  = 3,
  localparam int unsigned CtxW    = 2,
  localparam int unsigned LoopSpW = $clog2(DefaultLoopDepth + 1),
  localparam int unsigned AddrSpW = $clog2(DefaultAddrDepth + 1)
) (
  input  logic                                   clk_i,
  input  logic                                   rst_ni,

  // us_if_stage
  input  logic [NumCtx-1:0]                      if_running_i,
  input  logic [NumCtx-1:0]                      if_busy_i,
  output logic                                   if_issue_o,
  output logic [CtxW-1:0]                        if_pick_ctx_o,

  // us_ctx_state: launch, an issue, and an instruction in ID and in WB
  input  logic                                   ctx_launch_i,
  input  logic [CtxW-1:0]                        ctx_launch_ctx_i,
  input  logic                                   ctx_issue_i,
  input  logic [CtxW-1:0]                        ctx_issue_ctx_i,
  input  logic                                   ctx_id_valid_i,
  input  logic [CtxW-1:0]                        ctx_id_ctx_i,
  input  logic                                   ctx_id_fc_i,
  input  logic [LoopSpW-1:0]                     ctx_id_loop_sp_i,
  input  logic [AddrSpW-1:0]                     ctx_id_addr_sp_i,
  input  logic                                   ctx_wb_valid_i,
  input  logic [CtxW-1:0]                        ctx_wb_ctx_i,
  output logic [NumCtx-1:0]                      ctx_running_o,

  // us_temp_rf: write-back's and the input's writes, each into a context
  input  logic                                   trf_wb_valid_i,
  input  logic                                   trf_wb_we_i,
  input  logic [CtxW-1:0]                        trf_wb_ctx_i,
  input  logic                                   trf_tin_we_i,
  input  logic [CtxW-1:0]                        trf_tin_ctx_i,
  input  logic [6:0]                             trf_tin_addr_i,
  input  logic [31:0]                            trf_tin_data_i,
  input  logic                                   trf_rd_valid_i,   // ID holds an instruction of context trf_rd_ctx_i
  input  logic [CtxW-1:0]                        trf_rd_ctx_i,

  // us_rd_phases: three addresses read in three phases (with Lanes 1: us_temp_rf, us_const_rf)
  input  logic                                   rdp_start_i,
  input  logic [2:0][7:0]                        rdp_raddr_i,
  output logic [2:0][31:0]                       rdp_rdata_o,     // its RAM gives each address as the data

  // us_vram with Sweep (the FPGA configuration's instruction memory and constants): 16 words of 2 lanes
  input  logic                                   swp_we_i,
  input  logic [3:0]                             swp_waddr_i,
  input  logic [31:0]                            swp_wdata_i,
  input  logic                                   swp_clear_i,
  input  logic [3:0]                             swp_raddr_i,
  output logic [1:0][31:0]                       swp_rdata_o,
  output logic                                   swp_ready_o,

  // us_retire: the instruction in WB
  input  logic                                   ret_wb_valid_i,
  input  logic [3:0]                             ret_ctx_i,
  output logic                                   ret_valid_o
);

  // The stage plan's WB stage, for the bench's pipeline of issues and write-backs
  localparam int unsigned PlanWb /*verilator public_flat_rd*/ = us_core_pkg::issue_to_retire(us_core_pkg::PipeSim) - 1;
  logic unused_plan;
  assign unused_plan = PlanWb[0];

  // ---- us_if_stage (its instruction memory stays empty)
  logic                       if_valid;
  logic [CtxW-1:0]            if_ctx;
  logic [8:0]                 if_pc;
  logic [5:0][31:0]           if_words;
  logic                       if_imem_ready;
  us_if_stage #(
    .NumCtx(NumCtx)
  ) u_if_stage (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni),
    .lp_imem_we_i   (1'b0),
    .lp_imem_slot_i (9'd0),
    .lp_imem_dword_i(3'd0),
    .lp_imem_wdata_i(32'd0),
    .imem_ready_o   (if_imem_ready),
    .ctx_running_i  (if_running_i),
    .ctx_busy_i     (if_busy_i),
    .ctx_pc_i       ('0),
    .if_issue_o     (if_issue_o),
    .if_pick_ctx_o  (if_pick_ctx_o),
    .if_valid_o     (if_valid),
    .if_ctx_o       (if_ctx),
    .if_pc_o        (if_pc),
    .if_words_o     (if_words)
  );

  // ---- us_ctx_state (FC commits carry empty stacks but the pointers the scenario gives)
  logic [NumCtx-1:0]                    ctx_done, ctx_busy;
  logic [NumCtx-1:0][ErrCount-1:0]      ctx_errors;
  logic                                 ctx_clear;
  logic [NumCtx-1:0][8:0]               ctx_pc;
  us_frame_t [DefaultLoopDepth-1:0]     ctx_id_loop;
  logic [LoopSpW-1:0]                   ctx_id_loop_sp, ctx_wb_loop_sp;
  logic [DefaultAddrDepth-1:0][8:0]     ctx_id_addr;
  logic [AddrSpW-1:0]                   ctx_id_addr_sp, ctx_wb_addr_sp;
  logic [3:0]                           ctx_id_covered, ctx_id_killed, ctx_id_inactive, ctx_id_masked, ctx_id_result;
  logic [3:0][3:0]                      ctx_id_pred, ctx_wb_pred;
  logic [3:0][DefaultCounterBits-1:0]   ctx_id_counter, ctx_wb_counter;
  us_frame_t [DefaultLoopDepth-1:0]     ctx_of_loop;
  logic [LoopSpW-1:0]                   ctx_of_loop_sp;
  logic [3:0]                           ctx_of_covered, ctx_of_killed, ctx_of_inactive;
  logic [3:0][3:0]                      ctx_of_pred;
  logic [3:0]                           ctx_wb_killed, ctx_wb_inactive, ctx_wb_masked, ctx_wb_result;
  logic [3:0]                           ctx_wb_covered;
  logic [31:0]                          ctx_wb_retired;
  logic [ErrCount-1:0]                  ctx_wb_errors;
  us_frame_t                            ctx_wb_loop_top;
  logic [8:0]                           ctx_wb_addr_top;
  us_ctx_state #(
    .NumCtx(NumCtx)
  ) u_ctx_state (
    .clk_i            (clk_i),
    .rst_ni           (rst_ni),
    .launch_i         (ctx_launch_i),
    .launch_ctx_i     (ctx_launch_ctx_i),
    .launch_covered_i (4'hF),
    .clear_i          (1'b0),
    .clear_ctx_i      ('0),
    .code_addr_i      ('0),
    .code_offset_i    ('0),
    .if_issue_i       (ctx_issue_i),
    .if_pick_ctx_i    (ctx_issue_ctx_i),
    .if_valid_i       (ctx_id_valid_i),
    .if_ctx_i         (ctx_id_ctx_i),
    .id_valid_i       (ctx_id_valid_i),
    .id_ctx_i         (ctx_id_ctx_i),
    .of_next_pc_i     (9'd1),
    .of_fc_i          (ctx_id_fc_i),
    .of_fc_inactive_i (4'h0),
    .of_fc_counter_i  ('0),
    .of_fc_loop_i     ('0),
    .of_fc_loop_sp_i  (ctx_id_loop_sp_i),
    .of_fc_addr_i     ('0),
    .of_fc_addr_sp_i  (ctx_id_addr_sp_i),
    .wb_valid_i       (ctx_wb_valid_i),
    .wb_ctx_i         (ctx_wb_ctx_i),
    .wb_killed_i      (4'h0),
    .wb_pred_i        ('0),
    .wb_result_i      (4'h0),
    .wb_errors_i      ('0),
    .wb_done_i        (1'b0),
    .ctx_running_o    (ctx_running_o),
    .ctx_done_o       (ctx_done),
    .ctx_errors_o     (ctx_errors),
    .ctx_clear_o      (ctx_clear),
    .ctx_busy_o       (ctx_busy),
    .ctx_pc_o         (ctx_pc),
    .ctx_id_loop_o    (ctx_id_loop),
    .ctx_id_loop_sp_o (ctx_id_loop_sp),
    .ctx_id_covered_o (ctx_id_covered),
    .ctx_id_killed_o  (ctx_id_killed),
    .ctx_id_inactive_o(ctx_id_inactive),
    .ctx_id_masked_o  (ctx_id_masked),
    .ctx_id_pred_o    (ctx_id_pred),
    .ctx_of_loop_o    (ctx_of_loop),
    .ctx_of_loop_sp_o (ctx_of_loop_sp),
    .ctx_of_addr_o    (ctx_id_addr),
    .ctx_of_addr_sp_o (ctx_id_addr_sp),
    .ctx_of_covered_o (ctx_of_covered),
    .ctx_of_killed_o  (ctx_of_killed),
    .ctx_of_inactive_o(ctx_of_inactive),
    .ctx_of_pred_o    (ctx_of_pred),
    .ctx_of_result_o  (ctx_id_result),
    .ctx_of_counter_o (ctx_id_counter),
    .ctx_wb_covered_o (ctx_wb_covered),
    .ctx_wb_killed_o  (ctx_wb_killed),
    .ctx_wb_inactive_o(ctx_wb_inactive),
    .ctx_wb_masked_o  (ctx_wb_masked),
    .ctx_wb_pred_o    (ctx_wb_pred),
    .ctx_wb_result_o  (ctx_wb_result),
    .ctx_wb_retired_o (ctx_wb_retired),
    .ctx_wb_errors_o  (ctx_wb_errors),
    .ctx_wb_counter_o (ctx_wb_counter),
    .ctx_wb_loop_sp_o (ctx_wb_loop_sp),
    .ctx_wb_addr_sp_o (ctx_wb_addr_sp),
    .ctx_wb_loop_top_o(ctx_wb_loop_top),
    .ctx_wb_addr_top_o(ctx_wb_addr_top)
  );

  // ---- us_temp_rf (write-back writes pixel 0 red at address 0 of its context)
  logic [3:0][2:0][3:0][31:0] trf_rdata;
  us_temp_rf #(
    .NumCtx(NumCtx)
  ) u_temp_rf (
    .clk_i           (clk_i),
    .rst_ni          (rst_ni),
    .clear_i         (1'b0),
    .clear_ctx_i     ('0),
    .rd_valid_i      (trf_rd_valid_i),
    .rgb_raddr_i     ({3{trf_rd_ctx_i, 7'd5}}),
    .alpha_raddr_i   ({3{trf_rd_ctx_i, 7'd5}}),
    .wb_valid_i      (trf_wb_valid_i),
    .wb_we_i         ({15'h0, trf_wb_we_i}),
    .wb_rgb_waddr_i  ({trf_wb_ctx_i, 7'd0}),
    .wb_alpha_waddr_i({trf_wb_ctx_i, 7'd0}),
    .wb_wdata_i      ('0),
    .tin_we_i        (trf_tin_we_i),
    .tin_ctx_i       (trf_tin_ctx_i),
    .tin_addr_i      (trf_tin_addr_i),
    .tin_data_i      ({16{trf_tin_data_i}}),
    .trf_rdata_o     (trf_rdata)
  );

  // ---- us_retire (only the context matters here; the record's fields are left unconnected)
  // ---- us_rd_phases: a RAM's one read port behind it, the read register a clock after the address
  logic [7:0]       rdp_ram_raddr;
  logic [31:0]      rdp_ram_rdata;
  always_ff @(posedge clk_i) begin
    rdp_ram_rdata <= {24'h0, rdp_ram_raddr};
  end
  us_rd_phases #(
    .NumPorts(3), .Phases(3), .AddrW(8), .DataW(32)
  ) u_rd_phases (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .start_i    (rdp_start_i),
    .raddr_i    (rdp_raddr_i),
    .ram_raddr_o(rdp_ram_raddr),
    .ram_rdata_i(rdp_ram_rdata),
    .rdata_o    (rdp_rdata_o)
  );

  // ---- us_vram with Sweep: zero after the sweep, then what was written
  logic swp_rvalid;
  us_vram #(
    .Depth(16), .Width(32), .NumLanes(2), .NumRead(1), .Sweep(1'b1)
  ) u_sweep (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .clear_i    (swp_clear_i),
    .clear_seg_i(1'b0),
    .we_i       ({swp_we_i, swp_we_i}),
    .waddr_i    (swp_waddr_i),
    .wdata_i    ({swp_wdata_i, ~swp_wdata_i}),
    .raddr_i    (swp_raddr_i),
    .rdata_o    (swp_rdata_o),
    .rvalid_o   (swp_rvalid),
    .ready_o    (swp_ready_o)
  );

  us_core_pkg::us_ctrl_t ret_ctrl;
  always_comb begin
    ret_ctrl     = '0;
    ret_ctrl.ctx = ret_ctx_i;
  end
  /* verilator lint_off PINCONNECTEMPTY */
  us_retire #(
    .NumCtx(NumCtx)
  ) u_retire (
    .clk_i                  (clk_i),
    .rst_ni                 (rst_ni),
    .wb_ctrl_i              (ret_ctrl),
    .wb_words_i             ('0),
    .wb_valid_i             (ret_wb_valid_i),
    .wb_killed_i            ('0),
    .wb_pred_i              ('0),
    .wb_result_i            ('0),
    .wb_errors_i            ('0),
    .wb_done_i              (1'b0),
    .wb_temp_rgb_mask_i     ('0),
    .wb_temp_alpha_mask_i   ('0),
    .wb_wdata_i             ('0),
    .wb_out_rgb_mask_i      ('0),
    .wb_out_alpha_mask_i    ('0),
    .wb_out_rgb_addr_i      ('0),
    .wb_out_alpha_addr_i    ('0),
    .wb_w_mask_i            ('0),
    .wb_val_i               ('0),
    .wb_pred_mask_i         ('0),
    .wb_result_mask_i       ('0),
    .ctx_inactive_i         ('0),
    .ctx_masked_i           ('0),
    .ctx_retired_i          ('0),
    .ctx_counter_i          ('0),
    .ctx_loop_sp_i          ('0),
    .ctx_addr_sp_i          ('0),
    .ctx_loop_top_i         ('0),
    .ctx_addr_top_i         ('0),
    .retire_valid_o         (ret_valid_o),
    `US_RETIRE_OPEN
  );
  /* verilator lint_on PINCONNECTEMPTY */

  // The units' other outputs: this bench watches only their assertions.
  logic unused;
  assign unused = ^{ctx_wb_covered, if_imem_ready, if_valid, if_ctx, if_pc, if_words, ctx_done, ctx_busy, ctx_errors, ctx_clear, ctx_pc,
                    ctx_id_loop, ctx_id_loop_sp, ctx_wb_loop_sp, ctx_id_addr, ctx_id_addr_sp, ctx_wb_addr_sp,
                    ctx_id_covered, ctx_id_killed, ctx_id_inactive, ctx_id_masked, ctx_id_result, ctx_id_pred,
                    ctx_of_loop, ctx_of_loop_sp, ctx_of_covered, ctx_of_killed, ctx_of_inactive, ctx_of_pred,
                    ctx_wb_pred, ctx_id_counter, ctx_wb_counter, ctx_wb_killed, ctx_wb_inactive, ctx_wb_masked,
                    ctx_wb_result, ctx_wb_retired, ctx_wb_errors, ctx_wb_loop_top, ctx_wb_addr_top, trf_rdata,
                    swp_rvalid};

endmodule
