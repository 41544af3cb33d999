// us_core: the shader core. NumCtx resident quads issued round robin into one pipeline, one instruction per
// context in flight (full interlock), every instruction the same stages (the stage plan is us_core_pkg::Stage*,
// with the optional registers of PipeRegs: 7 stages by default, 23 with PipeFpga; docs/rtl.md). Every memory reads
// through a register: its address is presented in one stage and its data used in the next.
//
//   IF   us_if_stage    pick the next ready context, present its PC to us_imem (with PipeDecode, IW: the words
//                       registered once more)
//   ID   us_id_stage    the instruction (us_imem's read register); decode and legality, code-window check;
//                       ALU/TEX present their source addresses (aL applied) to us_temp_rf and us_const_rf
//   OF   us_of_stage    the sources from the RAMs' read registers, constants and inline constants; FC resolves
//                       here (us_fc) and the context state commits its branch state, stacks and PC
//   EX   us_ex_stage    pre-subtract, swizzles, modifiers (us_operand, per pixel); us_ex_pixel per pixel:
//                       multipliers, selects, the transcendental unit, the dot product's window, adders, the dot
//                       product's last add, the result select; TEX projection (4 stages by default, 12 with
//                       PipeFpga)
//   TA   us_ta_stage    PROJ's division rounded, the scaling by the texture's size, the texel addresses presented
//                       to us_tex_mem; OMOD, clamp, the compares with zero of an ALU result (1 stage by default, 3
//                       with PipeFpga)
//   WB   us_wb_stage    the texel (us_tex_mem's read register); predicates, ALU result, outputs, W, TEXKILL,
//                       temporary writes, termination
//   us_retire           the retire record, registered the cycle after WB
//   us_ctx_state        every context's state and its next-state logic (launch, IF, OF, WB)
//
// This module only connects them: each wire is named after the unit that drives it (lp_ the load port, if_ id_
// ex_ wb_ the stages, ctx_ the context state, trf_ the temporaries). Everything is bit-exact with the C golden
// model (model/, docs/spec.md); the retire port carries the fields of its us_retire_t.
`include "us_assert.svh"
`include "generated/us_retire_ports.svh"

module us_core #(
  parameter int unsigned NumCtx      = 1,
  parameter int unsigned LoopDepth   = us_fc_pkg::DefaultLoopDepth,
  parameter int unsigned AddrDepth   = us_fc_pkg::DefaultAddrDepth,
  parameter int unsigned CounterBits = us_fc_pkg::DefaultCounterBits,
  // The optional stage registers of the stage plan (us_core_pkg): PipeSim (none; D = 7) or PipeFpga (all; D = 23)
  parameter logic [15:0] PipeRegs    = us_core_pkg::PipeSim,
  // The pixels EX and TA take a clock: 4, 2 or 1 (a quad-instruction in Beats = 4 / Lanes clocks; us_core_pkg)
  parameter int unsigned Lanes       = 4,
  // How the instruction memory and the constants read as zero until written after reset: valid bits (0), or a
  // sweep that zeroes them in the 512 clocks after reset (1, the FPGA configuration: a block RAM has no reset, and
  // the valid bits were 3 k LUTs and the slowest read of both; us_vram). mem_ready_o tells when it is done.
  parameter bit          MemSweep    = 1'b0,
  localparam int unsigned Beats      = 4 / Lanes,
  localparam int unsigned CtxW       = (NumCtx > 1) ? $clog2(NumCtx) : 1,
  localparam int unsigned TAddrW     = $clog2(NumCtx * 128),
  localparam int unsigned LoopSpW    = $clog2(LoopDepth + 1),
  localparam int unsigned AddrSpW    = $clog2(AddrDepth + 1),
  // The cycles from issue to the retire record (us_core_pkg's stage plan), for the harness's schedule check
  localparam int unsigned IssueToRetire /*verilator public_flat_rd*/ = us_core_pkg::issue_to_record(PipeRegs, Beats),
  // The clocks the RAMs read the three source addresses in (one copy of each RAM for all three with Lanes 1)
  localparam int unsigned ReadPhases = us_core_pkg::read_phases(Beats),
  // The clocks between two issues at least, for the same check
  localparam int unsigned IssueEvery /*verilator public_flat_rd*/ = Beats
) (
  input  logic                                        clk_i,
  input  logic                                        rst_ni,

  // Register writes: instruction banks, GA_US_VECTOR_INDEX/DATA, US_* (us_load_port); none before mem_ready_o
  output logic                                        mem_ready_o,    // the memories' sweep after reset is done
  input  logic                                        reg_we_i,
  input  logic [15:0]                                 reg_addr_i,
  input  logic [31:0]                                 reg_wdata_i,
  output logic                                        reg_bad_o,

  // The texture model's storage (us_tex_mem)
  input  logic                                        tex_we_i,
  input  logic [11:0]                                 tex_waddr_i,
  input  us_types_pkg::fp32_t [3:0]                   tex_wdata_i,
  input  logic                                        tex_dim_we_i,
  input  logic [3:0]                                  tex_dim_id_i,
  input  logic [4:0]                                  tex_width_i,
  input  logic [4:0]                                  tex_height_i,

  // Instructions a quad may retire before the watchdog error
  input  logic [31:0]                                 watchdog_i,

  // A quad's inputs: clear a context's temporaries, write them (a context not running; nothing waits), launch it
  input  logic                                        clear_i,
  input  logic [CtxW-1:0]                             clear_ctx_i,
  input  logic                                        tin_we_i,
  input  logic [CtxW-1:0]                             tin_ctx_i,
  input  us_types_pkg::temp_addr_t                    tin_addr_i,
  input  us_types_pkg::fp32_t [3:0][3:0]              tin_data_i,     // pixel, channel: one address, 4 pixels
  input  logic                                        launch_i,
  input  logic [CtxW-1:0]                             launch_ctx_i,
  input  us_types_pkg::pix_mask_t                     launch_covered_i,

  // Status
  output logic [NumCtx-1:0]                           ctx_running_o,  // launched and not ended
  output logic [NumCtx-1:0]                           ctx_done_o,     // ended (sticky until the next launch)
  output logic [NumCtx-1:0][us_fc_pkg::ErrCount-1:0]  ctx_errors_o,   // enum us_error bits

  // Retire port: one record per retired instruction (model us_retire_t; us_retire), its fields declared by the
  // generated rtl/generated/us_retire_ports.svh (spec/state.txt)
  output logic                                        retire_valid_o,
  `US_RETIRE_PORTS
);

  // ===================================================================================================
  // Registers loaded by register writes
  // ===================================================================================================
  logic                        lp_imem_we, lp_const_we;
  us_types_pkg::pc_t           lp_imem_slot;
  logic [2:0]                  lp_imem_dword;
  logic [31:0]                 lp_imem_wdata, lp_const_wdata;
  logic [7:0]                  lp_const_idx;
  logic [1:0]                  lp_const_chan;
  us_isa_pkg::us_config_t      lp_config;
  us_isa_pkg::us_code_addr_t   lp_code_addr;
  us_isa_pkg::us_code_range_t  lp_code_range;
  us_isa_pkg::us_code_offset_t lp_code_offset;
  logic [31:0]                 lp_pixsize, lp_fc_ctrl, lp_bool_const;
  logic [31:0][31:0]           lp_int_const;

  us_load_port u_load_port (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .reg_we_i     (reg_we_i),
    .reg_addr_i   (reg_addr_i),
    .reg_wdata_i  (reg_wdata_i),
    .reg_bad_o    (reg_bad_o),
    .imem_we_o    (lp_imem_we),
    .imem_slot_o  (lp_imem_slot),
    .imem_dword_o (lp_imem_dword),
    .imem_wdata_o (lp_imem_wdata),
    .const_we_o   (lp_const_we),
    .const_idx_o  (lp_const_idx),
    .const_chan_o (lp_const_chan),
    .const_wdata_o(lp_const_wdata),
    .config_o     (lp_config),
    .pixsize_o    (lp_pixsize),
    .code_addr_o  (lp_code_addr),
    .code_range_o (lp_code_range),
    .code_offset_o(lp_code_offset),
    .fc_ctrl_o    (lp_fc_ctrl),
    .bool_const_o (lp_bool_const),
    .int_const_o  (lp_int_const)
  );

  // ===================================================================================================
  // Context state
  // ===================================================================================================
  logic                                 ctx_clear;
  logic [NumCtx-1:0]                    ctx_busy;
  us_types_pkg::pc_t [NumCtx-1:0]       ctx_pc;
  us_fc_pkg::us_frame_t [LoopDepth-1:0] ctx_id_loop, ctx_of_loop;
  logic [LoopSpW-1:0]                   ctx_id_loop_sp, ctx_of_loop_sp, ctx_wb_loop_sp;
  us_types_pkg::pc_t [AddrDepth-1:0]    ctx_of_addr;
  logic [AddrSpW-1:0]                   ctx_of_addr_sp, ctx_wb_addr_sp;
  us_types_pkg::pix_mask_t              ctx_id_covered, ctx_id_killed, ctx_id_inactive, ctx_id_masked;
  us_types_pkg::pix_mask_t              ctx_of_covered, ctx_of_killed, ctx_of_inactive, ctx_of_result;
  us_types_pkg::chan_mask_t [3:0]       ctx_id_pred, ctx_of_pred, ctx_wb_pred;
  logic [3:0][CounterBits-1:0]          ctx_of_counter, ctx_wb_counter;
  us_types_pkg::pix_mask_t              ctx_wb_killed, ctx_wb_inactive, ctx_wb_masked, ctx_wb_result;
  us_types_pkg::pix_mask_t              ctx_wb_covered;  // read by an assertion only
  logic [31:0]                          ctx_wb_retired;
  logic [us_fc_pkg::ErrCount-1:0]       ctx_wb_errors;
  us_fc_pkg::us_frame_t                 ctx_wb_loop_top;
  us_types_pkg::pc_t                    ctx_wb_addr_top;

  // The stages' wires the context state reads
  logic                                 if_issue, if_valid;
  logic [CtxW-1:0]                      if_pick_ctx, if_ctx;
  us_types_pkg::pc_t                    if_pc;
  logic [5:0][31:0]                     if_words;
  logic                                 id_valid;
  us_core_pkg::us_ctrl_t                id_ctrl;
  logic [NumCtx-1:0][5:0][31:0]     id_words;  // each context's instruction in flight (us_id_stage)
  logic [5:0][31:0]                  of_words;  // the instruction in OF's
  assign of_words = id_words[CtxW'(id_ctrl.ctx)];
  us_types_pkg::pc_t                    of_next_pc;
  logic                                 of_fc;
  us_types_pkg::pix_mask_t              of_fc_inactive;
  logic [3:0][CounterBits-1:0]          of_fc_counter;
  us_fc_pkg::us_frame_t [LoopDepth-1:0] of_fc_loop;
  logic [LoopSpW-1:0]                   of_fc_loop_sp;
  us_types_pkg::pc_t [AddrDepth-1:0]    of_fc_addr;
  logic [AddrSpW-1:0]                   of_fc_addr_sp;
  logic                                 wb_valid, wb_done;
  logic [CtxW-1:0]                      wb_ctx;
  us_types_pkg::pix_mask_t              wb_killed, wb_result;
  us_types_pkg::chan_mask_t [3:0]       wb_pred;
  logic [us_fc_pkg::ErrCount-1:0]       wb_errors;

  us_ctx_state #(
    .NumCtx     (NumCtx),
    .PipeRegs   (PipeRegs),
    .Beats      (Beats),
    .LoopDepth  (LoopDepth),
    .AddrDepth  (AddrDepth),
    .CounterBits(CounterBits)
  ) u_ctx_state (
    .clk_i            (clk_i),
    .rst_ni           (rst_ni),
    .launch_i         (launch_i),
    .launch_ctx_i     (launch_ctx_i),
    .launch_covered_i (launch_covered_i),
    .clear_i          (clear_i),
    .clear_ctx_i      (clear_ctx_i),
    .code_addr_i      (lp_code_addr),
    .code_offset_i    (lp_code_offset),
    .if_issue_i       (if_issue),
    .if_pick_ctx_i    (if_pick_ctx),
    .if_valid_i       (if_valid),
    .if_ctx_i         (if_ctx),
    .id_valid_i       (id_valid),
    .id_ctx_i         (CtxW'(id_ctrl.ctx)),
    .of_next_pc_i     (of_next_pc),
    .of_fc_i          (of_fc),
    .of_fc_inactive_i (of_fc_inactive),
    .of_fc_counter_i  (of_fc_counter),
    .of_fc_loop_i     (of_fc_loop),
    .of_fc_loop_sp_i  (of_fc_loop_sp),
    .of_fc_addr_i     (of_fc_addr),
    .of_fc_addr_sp_i  (of_fc_addr_sp),
    .wb_valid_i       (wb_valid),
    .wb_ctx_i         (wb_ctx),
    .wb_killed_i      (wb_killed),
    .wb_pred_i        (wb_pred),
    .wb_result_i      (wb_result),
    .wb_errors_i      (wb_errors),
    .wb_done_i        (wb_done),
    .ctx_running_o    (ctx_running_o),
    .ctx_done_o       (ctx_done_o),
    .ctx_errors_o     (ctx_errors_o),
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
    .ctx_of_addr_o    (ctx_of_addr),
    .ctx_of_addr_sp_o (ctx_of_addr_sp),
    .ctx_of_covered_o (ctx_of_covered),
    .ctx_of_killed_o  (ctx_of_killed),
    .ctx_of_inactive_o(ctx_of_inactive),
    .ctx_of_pred_o    (ctx_of_pred),
    .ctx_of_result_o  (ctx_of_result),
    .ctx_of_counter_o (ctx_of_counter),
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

  // ===================================================================================================
  // IF
  // ===================================================================================================
  // The harness writes no register before mem_ready_o; a write into either memory during its sweep fails
  // us_vram's assertion VramSweepNoWrite
  logic imem_ready, const_ready;
  assign mem_ready_o = imem_ready && const_ready;

  us_if_stage #(
    .NumCtx   (NumCtx),
    .Beats    (Beats),
    .DecodeReg(PipeRegs[us_core_pkg::PipeDecode]),
    .MemSweep (MemSweep)
  ) u_if_stage (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni),
    .lp_imem_we_i   (lp_imem_we),
    .lp_imem_slot_i (lp_imem_slot),
    .lp_imem_dword_i(lp_imem_dword),
    .lp_imem_wdata_i(lp_imem_wdata),
    .imem_ready_o   (imem_ready),
    .ctx_running_i  (ctx_running_o),
    .ctx_busy_i     (ctx_busy),
    .ctx_pc_i       (ctx_pc),
    .if_issue_o     (if_issue),
    .if_pick_ctx_o  (if_pick_ctx),
    .if_valid_o     (if_valid),
    .if_ctx_o       (if_ctx),
    .if_pc_o        (if_pc),
    .if_words_o     (if_words)
  );

  // ===================================================================================================
  // ID, and the temporaries it reads
  // ===================================================================================================
  logic [2:0][TAddrW-1:0]              id_rgb_taddr, id_alpha_taddr;
  logic [2:0][3:0]                     id_src_temp, id_src_const;
  us_types_pkg::fp32_t [2:0][3:0]      id_src_inline;
  logic [3:0][1:0]                     id_tex_swz;
  us_types_pkg::fp32_t [5:0][3:0]      id_const;
  us_types_pkg::fp32_t [3:0][2:0][3:0] trf_rdata;

  us_id_stage #(
    .NumCtx     (NumCtx),
    .LoopDepth  (LoopDepth),
    .ReadPhases (ReadPhases),
    .MemSweep   (MemSweep)
  ) u_id_stage (
    .clk_i           (clk_i),
    .rst_ni          (rst_ni),
    .lp_const_we_i   (lp_const_we),
    .lp_const_idx_i  (lp_const_idx),
    .lp_const_chan_i (lp_const_chan),
    .lp_const_wdata_i(lp_const_wdata),
    .const_ready_o   (const_ready),
    .lp_code_range_i (lp_code_range),
    .if_valid_i      (if_valid),
    .if_ctx_i        (if_ctx),
    .if_pc_i         (if_pc),
    .if_words_i      (if_words),
    .ctx_loop_i      (ctx_id_loop),
    .ctx_loop_sp_i   (ctx_id_loop_sp),
    .ctx_covered_i   (ctx_id_covered),
    .ctx_killed_i    (ctx_id_killed),
    .ctx_inactive_i  (ctx_id_inactive),
    .ctx_masked_i    (ctx_id_masked),
    .ctx_pred_i      (ctx_id_pred),
    .id_rgb_taddr_o  (id_rgb_taddr),
    .id_alpha_taddr_o(id_alpha_taddr),
    .id_valid_o      (id_valid),
    .id_ctrl_o       (id_ctrl),
    .id_words_o      (id_words),
    .id_src_temp_o   (id_src_temp),
    .id_src_const_o  (id_src_const),
    .id_src_inline_o (id_src_inline),
    .id_tex_swz_o    (id_tex_swz),
    .id_const_o      (id_const)
  );

  us_types_pkg::chan_mask_t [3:0] wb_we;
  logic [TAddrW-1:0]              wb_rgb_waddr, wb_alpha_waddr;
  us_types_pkg::fp32_t [3:0][3:0] wb_wdata;

  us_temp_rf #(
    .NumCtx    (NumCtx),
    .ReadPhases(ReadPhases)
  ) u_temp_rf (
    .clk_i           (clk_i),
    .rst_ni          (rst_ni),
    .clear_i         (ctx_clear),
    .clear_ctx_i     (clear_ctx_i),
    .rd_valid_i      (if_valid),
    .rgb_raddr_i     (id_rgb_taddr),
    .alpha_raddr_i   (id_alpha_taddr),
    .wb_valid_i      (wb_valid),
    .wb_we_i         (wb_we),
    .wb_rgb_waddr_i  (wb_rgb_waddr),
    .wb_alpha_waddr_i(wb_alpha_waddr),
    .wb_wdata_i      (wb_wdata),
    .tin_we_i        (tin_we_i),
    .tin_ctx_i       (tin_ctx_i),
    .tin_addr_i      (tin_addr_i),
    .tin_data_i      (tin_data_i),
    .trf_rdata_o     (trf_rdata)
  );

  // ===================================================================================================
  // OF
  // ===================================================================================================
  logic                                      of_valid;
  us_core_pkg::us_ctrl_t                     of_ctrl;
  logic [1:0]                                of_beat;
  us_types_pkg::fp32_t [Lanes-1:0][2:0][3:0] of_src;
  us_types_pkg::fp32_t [Lanes-1:0][3:0]      of_coord;
  us_types_pkg::fp32_t [2:0][3:0]            of_nb;
  logic [3:0][1:0]                           of_pre_pop;
  logic [3:0]                                of_pre_use;
  logic [3:0][1:0]                           of_tex_swz;

  us_of_stage #(
    .Lanes      (Lanes),
    .LoopDepth  (LoopDepth),
    .AddrDepth  (AddrDepth),
    .CounterBits(CounterBits)
  ) u_of_stage (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni),
    .lp_code_offset_i(lp_code_offset),
    .lp_bool_const_i(lp_bool_const),
    .lp_int_const_i (lp_int_const),
    .ctx_loop_i     (ctx_of_loop),
    .ctx_loop_sp_i  (ctx_of_loop_sp),
    .ctx_addr_i     (ctx_of_addr),
    .ctx_addr_sp_i  (ctx_of_addr_sp),
    .ctx_covered_i  (ctx_of_covered),
    .ctx_killed_i   (ctx_of_killed),
    .ctx_inactive_i (ctx_of_inactive),
    .ctx_pred_i     (ctx_of_pred),
    .ctx_result_i   (ctx_of_result),
    .ctx_counter_i  (ctx_of_counter),
    .id_valid_i     (id_valid),
    .id_ctrl_i      (id_ctrl),
    .id_words_i     (of_words),
    .id_src_temp_i  (id_src_temp),
    .id_src_const_i (id_src_const),
    .id_src_inline_i(id_src_inline),
    .id_tex_swz_i   (id_tex_swz),
    .id_const_i     (id_const),
    .trf_rdata_i    (trf_rdata),
    .of_next_pc_o   (of_next_pc),
    .of_fc_o        (of_fc),
    .of_fc_inactive_o(of_fc_inactive),
    .of_fc_counter_o(of_fc_counter),
    .of_fc_loop_o   (of_fc_loop),
    .of_fc_loop_sp_o(of_fc_loop_sp),
    .of_fc_addr_o   (of_fc_addr),
    .of_fc_addr_sp_o(of_fc_addr_sp),
    .of_valid_o     (of_valid),
    .of_ctrl_o      (of_ctrl),
    .of_beat_o      (of_beat),
    .of_src_o       (of_src),
    .of_coord_o     (of_coord),
    .of_tex_swz_o   (of_tex_swz),
    .of_nb_o        (of_nb),
    .of_pre_pop_o   (of_pre_pop),
    .of_pre_use_o   (of_pre_use)
  );

  // ===================================================================================================
  // EX: the pre-subtract, EX1, MulProd .. Select
  // ===================================================================================================
  logic                                     ex_valid;
  us_core_pkg::us_ctrl_t                    ex_ctrl;
  logic [1:0]                               ex_beat;
  us_types_pkg::fp32_t [Lanes-1:0][3:0]     ex_coord;
  us_types_pkg::fp32_t [Lanes-1:0][2:0]     ex_rgb;
  us_types_pkg::fp32_t [Lanes-1:0]          ex_alpha;
  logic [Lanes-1:0][us_fp_pkg::MulProdW-1:0] ex_s_prod, ex_t_prod;

  us_ex_stage #(
    .PipeRegs(PipeRegs),
    .Lanes   (Lanes),
    .NumCtx  (NumCtx)
  ) u_ex_stage (
    .clk_i           (clk_i),
    .rst_ni          (rst_ni),
    .lp_config_i     (lp_config),
    .id_words_i      (id_words),
    .of_valid_i      (of_valid),
    .of_ctrl_i       (of_ctrl),
    .of_beat_i       (of_beat),
    .of_src_i        (of_src),
    .of_coord_i      (of_coord),
    .of_tex_swz_i    (of_tex_swz),
    .of_nb_i         (of_nb),
    .of_pre_pop_i    (of_pre_pop),
    .of_pre_use_i    (of_pre_use),
    .ex_valid_o      (ex_valid),
    .ex_ctrl_o       (ex_ctrl),
    .ex_beat_o       (ex_beat),
    .ex_coord_o      (ex_coord),
    .ex_rgb_o        (ex_rgb),
    .ex_alpha_o      (ex_alpha),
    .ex_s_prod_o     (ex_s_prod),
    .ex_t_prod_o     (ex_t_prod)
  );

  // ===================================================================================================
  // TA
  // ===================================================================================================
  logic                           ta_valid;
  us_core_pkg::us_ctrl_t          ta_ctrl;
  us_types_pkg::fp32_t [3:0][3:0] ta_coord, ta_texel, ta_val;
  us_types_pkg::chan_mask_t [3:0] ta_cmp_target;
  us_types_pkg::pix_mask_t        ta_cmp_result;

  us_ta_stage #(
    .PipeRegs(PipeRegs),
    .Lanes   (Lanes),
    .NumCtx  (NumCtx)
  ) u_ta_stage (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni),
    .id_words_i     (id_words),
    .tex_we_i       (tex_we_i),
    .tex_waddr_i    (tex_waddr_i),
    .tex_wdata_i    (tex_wdata_i),
    .tex_dim_we_i   (tex_dim_we_i),
    .tex_dim_id_i   (tex_dim_id_i),
    .tex_width_i    (tex_width_i),
    .tex_height_i   (tex_height_i),
    .ex_valid_i     (ex_valid),
    .ex_ctrl_i      (ex_ctrl),
    .ex_beat_i      (ex_beat),
    .ex_coord_i     (ex_coord),
    .ex_rgb_i       (ex_rgb),
    .ex_alpha_i     (ex_alpha),
    .ex_s_prod_i    (ex_s_prod),
    .ex_t_prod_i    (ex_t_prod),
    .ta_valid_o     (ta_valid),
    .ta_ctrl_o      (ta_ctrl),
    .ta_coord_o     (ta_coord),
    .ta_val_o       (ta_val),
    .ta_cmp_target_o(ta_cmp_target),
    .ta_cmp_result_o(ta_cmp_result),
    .ta_texel_o     (ta_texel)
  );

  // ===================================================================================================
  // WB
  // ===================================================================================================
  us_types_pkg::chan_mask_t [3:0] wb_temp_rgb_mask, wb_pred_mask;
  logic [3:0][2:0]                wb_out_rgb_mask;
  us_types_pkg::pix_mask_t        wb_temp_alpha_mask, wb_out_alpha_mask, wb_w_mask, wb_result_mask;
  us_types_pkg::fp32_t [3:0][3:0] wb_val;
  logic [5:0][31:0]            ta_words;  // the instruction in WB's words
  assign ta_words = id_words[CtxW'(ta_ctrl.ctx)];
  logic [1:0]                     wb_out_rgb_addr, wb_out_alpha_addr;

  us_wb_stage #(
    .NumCtx(NumCtx)
  ) u_wb_stage (
    .clk_i               (clk_i),
    .rst_ni              (rst_ni),
    .watchdog_i          (watchdog_i),
    .lp_code_addr_i      (lp_code_addr),
    .lp_code_offset_i    (lp_code_offset),
    .ta_valid_i          (ta_valid),
    .ta_ctrl_i           (ta_ctrl),
    .ta_words_i          (ta_words),
    .ta_coord_i          (ta_coord),
    .ta_val_i            (ta_val),
    .ta_cmp_target_i     (ta_cmp_target),
    .ta_cmp_result_i     (ta_cmp_result),
    .ta_texel_i          (ta_texel),
    .ctx_killed_i        (ctx_wb_killed),
    .ctx_inactive_i      (ctx_wb_inactive),
    .ctx_masked_i        (ctx_wb_masked),
    .ctx_pred_i          (ctx_wb_pred),
    .ctx_result_i        (ctx_wb_result),
    .ctx_retired_i       (ctx_wb_retired),
    .ctx_errors_i        (ctx_wb_errors),
    .wb_valid_o          (wb_valid),
    .wb_ctx_o            (wb_ctx),
    .wb_killed_o         (wb_killed),
    .wb_pred_o           (wb_pred),
    .wb_result_o         (wb_result),
    .wb_errors_o         (wb_errors),
    .wb_done_o           (wb_done),
    .wb_we_o             (wb_we),
    .wb_rgb_waddr_o      (wb_rgb_waddr),
    .wb_alpha_waddr_o    (wb_alpha_waddr),
    .wb_wdata_o          (wb_wdata),
    .wb_temp_rgb_mask_o  (wb_temp_rgb_mask),
    .wb_temp_alpha_mask_o(wb_temp_alpha_mask),
    .wb_out_rgb_mask_o   (wb_out_rgb_mask),
    .wb_out_alpha_mask_o (wb_out_alpha_mask),
    .wb_w_mask_o         (wb_w_mask),
    .wb_pred_mask_o      (wb_pred_mask),
    .wb_result_mask_o    (wb_result_mask),
    .wb_val_o            (wb_val),
    .wb_out_rgb_addr_o   (wb_out_rgb_addr),
    .wb_out_alpha_addr_o (wb_out_alpha_addr)
  );

  // ===================================================================================================
  // Retire port
  // ===================================================================================================
  us_retire #(
    .NumCtx     (NumCtx),
    .LoopDepth  (LoopDepth),
    .AddrDepth  (AddrDepth),
    .CounterBits(CounterBits)
  ) u_retire (
    .clk_i                  (clk_i),
    .rst_ni                 (rst_ni),
    .wb_ctrl_i              (ta_ctrl),
    .wb_words_i             (ta_words),
    .wb_valid_i             (wb_valid),
    .wb_killed_i            (wb_killed),
    .wb_pred_i              (wb_pred),
    .wb_result_i            (wb_result),
    .wb_errors_i            (wb_errors),
    .wb_done_i              (wb_done),
    .wb_temp_rgb_mask_i     (wb_temp_rgb_mask),
    .wb_temp_alpha_mask_i   (wb_temp_alpha_mask),
    .wb_wdata_i             (wb_wdata),
    .wb_out_rgb_mask_i      (wb_out_rgb_mask),
    .wb_out_alpha_mask_i    (wb_out_alpha_mask),
    .wb_out_rgb_addr_i      (wb_out_rgb_addr),
    .wb_out_alpha_addr_i    (wb_out_alpha_addr),
    .wb_w_mask_i            (wb_w_mask),
    .wb_val_i               (wb_val),
    .wb_pred_mask_i         (wb_pred_mask),
    .wb_result_mask_i       (wb_result_mask),
    .ctx_inactive_i         (ctx_wb_inactive),
    .ctx_masked_i           (ctx_wb_masked),
    .ctx_retired_i          (ctx_wb_retired),
    .ctx_counter_i          (ctx_wb_counter),
    .ctx_loop_sp_i          (ctx_wb_loop_sp),
    .ctx_addr_sp_i          (ctx_wb_addr_sp),
    .ctx_loop_top_i         (ctx_wb_loop_top),
    .ctx_addr_top_i         (ctx_wb_addr_top),
    .retire_valid_o         (retire_valid_o),
    `US_RETIRE_CONNECT
  );

  // ===================================================================================================
  // Invariants across the units, each restated from docs/spec.md rather than taken from the unit that keeps
  // it (make formal proves them; formal/README.md)
  // ===================================================================================================
`ifdef US_ASSERT_ON
  // The channels a pixel's predicate lets a write through (docs/spec.md section 5; the register spec's
  // US_PRED_SEL values: 0 NONE, 1 RGBA, 2 RRRR, 3 GGGG, 4 BBBB, 5 AAAA).
  function automatic logic pred_gate(input us_types_pkg::chan_mask_t pred, input logic [2:0] sel, input logic inv,
                                     input logic [1:0] chan);
    unique case (sel)
      3'd0:    pred_gate = 1'b1;
      3'd1:    pred_gate = pred[chan] ^ inv;
      3'd2:    pred_gate = pred[0] ^ inv;
      3'd3:    pred_gate = pred[1] ^ inv;
      3'd4:    pred_gate = pred[2] ^ inv;
      3'd5:    pred_gate = pred[3] ^ inv;
      default: pred_gate = 1'b0;  // an illegal select never executes
    endcase
  endfunction

  // WB's writes to the temporaries reach only the pixels that run (all four with WRITE_INACTIVE; for TEX
  // without the uncovered ones under IGNORE_UNCOVERED), and in each only the channels both the write masks and
  // the predicate enable (docs/spec.md sections 5 and 6). The context's masks at WB are those its instruction
  // issued with: nothing else of the context is in flight, and only FC instructions change them.
  us_isa_pkg::us_cmn_inst_t wbv_cmn;
  us_isa_pkg::us_tex_inst_t wbv_tex;
  us_types_pkg::pix_mask_t  wbv_pixels;
  us_types_pkg::chan_mask_t [3:0] wbv_chans;
  assign wbv_cmn = ta_words[0];
  assign wbv_tex = ta_words[1];
  logic unused_wbv;  // the fields the write assertions do not read
  assign unused_wbv = ^{wbv_cmn, wbv_tex};
  always_comb begin
    wbv_pixels = (wbv_cmn.write_inactive == 1'b1) ? 4'hF : ~(ctx_wb_killed | ctx_wb_inactive | ctx_wb_masked);
    if (ta_ctrl.kind == us_core_pkg::KindTex && wbv_tex.ignore_uncovered == 1'b1) begin
      wbv_pixels = wbv_pixels & ctx_wb_covered;
    end
    for (int p = 0; p < 4; p++) begin
      for (int c = 0; c < 3; c++) begin
        wbv_chans[p][c] = wbv_cmn.rgb_wmask[c] && pred_gate(ctx_wb_pred[p], wbv_cmn.rgb_pred_sel,
                                                            wbv_cmn.rgb_pred_inv, 2'(c));
      end
      wbv_chans[p][3] = wbv_cmn.alpha_wmask == 1'b1 && pred_gate(ctx_wb_pred[p], wbv_cmn.alpha_pred_sel,
                                                                wbv_cmn.alpha_pred_inv, 2'd3);
    end
  end
  for (genvar p = 0; p < 4; p++) begin : g_assert_wb
    `US_ASSERT_IF(CoreWbWritesRunning, wb_valid && wbv_pixels[p], |wb_we[p])
    `US_ASSERT_IF(CoreWbWritesEnabled, (wb_we[p] & ~wbv_chans[p]) == '0, wb_valid)
  end
  // Every instruction in flight is its busy context's one: none reaches OF or WB for a context that is not busy
  // (with us_ctx_state's plan assertions, what closes make formal's k-induction).
  `US_ASSERT_IF(CoreOfBusy, ctx_busy[CtxW'(id_ctrl.ctx)], id_valid)
  `US_ASSERT_IF(CoreWbBusy, ctx_busy[CtxW'(ta_ctrl.ctx)], wb_valid)

  // Nothing outside the code window (US_CODE_RANGE, CODE_ADDR .. CODE_ADDR + CODE_SIZE mod 512) executes: its
  // record carries pc_range and it writes nothing (docs/spec.md section 7).
  logic wbv_in_window;
  assign wbv_in_window = 9'(ta_ctrl.pc - lp_code_range.code_addr) <= lp_code_range.code_size;
  `US_ASSERT_IF(CoreWbPcInWindow, wbv_in_window || (ta_ctrl.err[us_fc_pkg::ErrPcRange] && wb_we == '0),
                wb_valid)

  // The texture semaphore (CTM p.33): a TEX instruction's result is written before its context's next
  // instruction issues, so TEX_SEM_ACQUIRE and TEX_SEM_WAIT need no state in this pipeline. tex_pend_q is the
  // semaphore a context would hold: taken when its TEX instruction decodes, released at that instruction's WB.
  logic [NumCtx-1:0] tex_pend_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      tex_pend_q <= '0;
    end else begin
      for (int c = 0; c < int'(NumCtx); c++) begin
        if (wb_valid && int'(ta_ctrl.ctx) == c) begin
          tex_pend_q[c] <= 1'b0;
        end else if (id_valid && int'(id_ctrl.ctx) == c && id_ctrl.kind == us_core_pkg::KindTex) begin
          tex_pend_q[c] <= 1'b1;
        end
      end
    end
  end
  for (genvar c = 0; c < NumCtx; c++) begin : g_assert_tex
    `US_ASSERT_IF(CoreTexSemBeforeIssue, !tex_pend_q[c], if_issue && int'(if_pick_ctx) == c)
    // Only a context with its instruction in flight holds the semaphore (also what k-induction needs to close).
    `US_ASSERT_IF(CoreTexSemBusy, ctx_busy[c], tex_pend_q[c])
  end

  // An FC instruction pushes or pops at most one loop frame and one address (docs/spec.md section 4), and a stack
  // pointer never passes its depth (us_ctx_state's CtxLoopSpInDepth, CtxAddrSpInDepth).
  `US_ASSERT_IF(CoreFcLoopSpStep, of_fc_loop_sp == ctx_of_loop_sp || of_fc_loop_sp == ctx_of_loop_sp + 1'b1 ||
                                  of_fc_loop_sp == ctx_of_loop_sp - 1'b1, id_valid && of_fc)
  `US_ASSERT_IF(CoreFcAddrSpStep, of_fc_addr_sp == ctx_of_addr_sp || of_fc_addr_sp == ctx_of_addr_sp + 1'b1 ||
                                  of_fc_addr_sp == ctx_of_addr_sp - 1'b1, id_valid && of_fc)
`endif

  // Loaded for the driver's sake, not read by the pipeline (docs/spec.md section 3).
  logic unused_regs;
  assign unused_regs = ^{lp_pixsize, lp_fc_ctrl};

endmodule
