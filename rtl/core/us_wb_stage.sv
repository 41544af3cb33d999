// us_wb_stage: WB, the last stage (docs/rtl.md). For the instruction TA hands over:
//   - ALU and OUT (OMOD, clamp and the compares with zero made in TA): temporary writes (rgb and alpha ports),
//     output writes (render targets A-D by rgb and alpha, and W), predicate writes (not OUT) and the ALU result,
//     each only to the pixels in ctrl.writers and the channels the predicate lets through;
//   - TEX: the texel TA looked up (us_tex_mem's read register), written through the destination swizzle to the
//     rgb destination; TEXKILL kills the pixels with a negative coordinate;
//   - termination: errors, END_ADDR fallen through, LAST with every unkilled pixel ACTIVE and unmasked, and the
//     watchdog end the quad.
// The context state commits the effects at the end of the cycle, the temporaries take the writes, and the
// retire port registers the record.
module us_wb_stage #(
  parameter int unsigned NumCtx = 1,
  localparam int unsigned CtxW  = (NumCtx > 1) ? $clog2(NumCtx) : 1,
  localparam int unsigned TAddrW = $clog2(NumCtx * 128)
) (
  input  logic                           clk_i,
  input  logic                           rst_ni,

  // from the harness: the watchdog
  input  logic [31:0]                    watchdog_i,       // instructions a quad may retire before the error
  // from the load port: where the program ends
  input  us_isa_pkg::us_code_addr_t      lp_code_addr_i,
  input  us_isa_pkg::us_code_offset_t    lp_code_offset_i,
  // from TA (registered): the instruction in WB
  input  logic                           ta_valid_i,
  input  us_core_pkg::us_ctrl_t          ta_ctrl_i,
  input  logic [5:0][31:0]            ta_words_i,     // its words (us_id_stage keeps them)
  input  us_types_pkg::fp32_t [3:0][3:0] ta_coord_i,       // pixel, TEX coordinate s t r q
  input  us_types_pkg::fp32_t [3:0][3:0] ta_val_i,         // pixel, lane r g b a: the ALU result after OMOD, clamp
  input  us_types_pkg::chan_mask_t [3:0] ta_cmp_target_i,  // per pixel, lane: its value against the lane's TARGET op
  input  us_types_pkg::pix_mask_t        ta_cmp_result_i,  // per pixel: the ALU result's compare
  input  us_types_pkg::fp32_t [3:0][3:0] ta_texel_i,       // pixel, channel: the texel of a TEX lookup, through
                                                            // the destination swizzle (us_ta_stage)
  // from the context state: the view of the instruction's context
  input  us_types_pkg::pix_mask_t        ctx_killed_i,
  input  us_types_pkg::pix_mask_t        ctx_inactive_i,
  input  us_types_pkg::pix_mask_t        ctx_masked_i,
  input  us_types_pkg::chan_mask_t [3:0] ctx_pred_i,       // per pixel
  input  us_types_pkg::pix_mask_t        ctx_result_i,
  input  logic [31:0]                    ctx_retired_i,
  input  logic [us_fc_pkg::ErrCount-1:0] ctx_errors_i,

  // to the context state: what the instruction commits
  output logic                           wb_valid_o,
  output logic [CtxW-1:0]                wb_ctx_o,
  output us_types_pkg::pix_mask_t        wb_killed_o,      // killed after it
  output us_types_pkg::chan_mask_t [3:0] wb_pred_o,        // predicates after it
  output us_types_pkg::pix_mask_t        wb_result_o,      // ALU result after it
  output logic [us_fc_pkg::ErrCount-1:0] wb_errors_o,
  output logic                           wb_done_o,        // the quad ends
  // to the temporaries: the write port
  output us_types_pkg::chan_mask_t [3:0] wb_we_o,          // per pixel
  output logic [TAddrW-1:0]              wb_rgb_waddr_o,   // channels r g b (and TEX's four)
  output logic [TAddrW-1:0]              wb_alpha_waddr_o, // channel a
  output us_types_pkg::fp32_t [3:0][3:0] wb_wdata_o,       // pixel, channel
  // to the retire port: the record's effects (the masks per pixel)
  output us_types_pkg::chan_mask_t [3:0] wb_temp_rgb_mask_o,   // per pixel: rgb destination (TEX: all four)
  output us_types_pkg::pix_mask_t        wb_temp_alpha_mask_o, // alpha destination: channel a only
  output logic [3:0][2:0]                wb_out_rgb_mask_o,    // per pixel: render-target channels r g b
  output us_types_pkg::pix_mask_t        wb_out_alpha_mask_o,  // render-target channel a
  output us_types_pkg::pix_mask_t        wb_w_mask_o,
  output us_types_pkg::chan_mask_t [3:0] wb_pred_mask_o,
  output us_types_pkg::pix_mask_t        wb_result_mask_o,
  output us_types_pkg::fp32_t [3:0][3:0] wb_val_o,         // pixel, channel: the ALU result after OMOD, clamp
  output logic [1:0]                     wb_out_rgb_addr_o,   // render targets
  output logic [1:0]                     wb_out_alpha_addr_o
);

  // ---------------------------------------------------------------------------------------------------------
  // The instruction's views
  // ---------------------------------------------------------------------------------------------------------
  us_isa_pkg::us_cmn_inst_t       wb_cmn;
  us_isa_pkg::us_alu_rgb_inst_t   wb_rgb_inst;
  us_isa_pkg::us_alu_alpha_inst_t wb_alpha_inst;
  us_isa_pkg::us_tex_inst_t       wb_tex_inst;
  us_isa_pkg::us_tex_addr_t       wb_tex_addr;
  assign wb_cmn        = ta_words_i[0];
  assign wb_rgb_inst   = ta_words_i[3];
  assign wb_alpha_inst = ta_words_i[4];
  assign wb_tex_inst   = ta_words_i[1];
  assign wb_tex_addr   = ta_words_i[2];

  assign wb_valid_o          = ta_valid_i;
  assign wb_ctx_o            = CtxW'(ta_ctrl_i.ctx);
  assign wb_out_rgb_addr_o   = wb_rgb_inst.target;
  assign wb_out_alpha_addr_o = wb_alpha_inst.target;

  // ALU results: TA applied OMOD and clamp and made the compares with zero
  assign wb_val_o = ta_val_i;

  // ---------------------------------------------------------------------------------------------------------
  // TEX: the lookup's texel (TA addressed it), TEXKILL's compare
  // ---------------------------------------------------------------------------------------------------------
  logic                           wb_alu, wb_out, wb_tex_lookup, wb_texkill;

  // -0 counts as < 0 (TEXKILL); NaN never does; a negative denormal reads as -0.
  function automatic logic tex_negative(input us_types_pkg::fp32_t v);
    tex_negative = v[31] && v[30:0] <= us_fp_pkg::PosInf[30:0];
  endfunction

  // ---------------------------------------------------------------------------------------------------------
  // The instruction's effects
  // ---------------------------------------------------------------------------------------------------------
  us_types_pkg::pix_mask_t        wb_kill;
  us_types_pkg::pc_t              wb_end_pc;
  assign wb_alu        = ta_ctrl_i.kind == us_core_pkg::KindAlu || ta_ctrl_i.kind == us_core_pkg::KindOut;
  assign wb_out        = ta_ctrl_i.kind == us_core_pkg::KindOut;
  assign wb_texkill    = ta_ctrl_i.kind == us_core_pkg::KindTex &&
                         wb_tex_inst.inst == us_isa_pkg::US_TEX_INST_INST_TEXKILL;
  assign wb_tex_lookup = ta_ctrl_i.kind == us_core_pkg::KindTex &&
                         wb_tex_inst.inst != us_isa_pkg::US_TEX_INST_INST_NOP &&
                         wb_tex_inst.inst != us_isa_pkg::US_TEX_INST_INST_TEXKILL;
  assign wb_end_pc     = lp_code_addr_i.end_addr + lp_code_offset_i.offset_addr;

`ifdef US_FAULT_INJECT
  // Test hook, in the co-simulation harness's builds only (the Makefile defines US_FAULT_INJECT there, never for
  // lint or synthesis): the harness sets this register (Verilator public) to flip bits of the next red
  // temporary write of pixel 0, so that a run checks that the lockstep comparison catches it (uscosim
  // --inject-flip BIT).
  us_types_pkg::fp32_t dbg_flip_q /*verilator public_flat_rw*/;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      dbg_flip_q <= '0;
    end else if (ta_valid_i && wb_we_o[0][0]) begin
      dbg_flip_q <= '0;
    end
  end
`else
  // WB is combinational (its inputs are TA's register, its outputs the context state's, the temporaries' and the
  // retire port's); the clock and reset serve the test hook only.
  logic unused_clk;
  assign unused_clk = ^{clk_i, rst_ni};
`endif

  us_types_pkg::fp32_t [3:0][3:0] wb_wdata;
  always_comb begin
    wb_we_o              = '0;
    wb_wdata             = wb_val_o;
    wb_rgb_waddr_o       = TAddrW'({wb_ctx_o, ta_ctrl_i.rdst});
    wb_alpha_waddr_o     = TAddrW'({wb_ctx_o, ta_ctrl_i.adst});
    wb_kill              = '0;
    wb_pred_mask_o       = '0;
    wb_pred_o            = ctx_pred_i;
    wb_result_mask_o     = '0;
    wb_result_o          = ctx_result_i;
    wb_w_mask_o          = '0;
    wb_temp_rgb_mask_o   = '0;
    wb_temp_alpha_mask_o = '0;
    wb_out_rgb_mask_o    = '0;
    wb_out_alpha_mask_o  = '0;
    for (int p = 0; p < 4; p++) begin
      if (ta_valid_i && ta_ctrl_i.writers[p]) begin
        if (wb_alu) begin
          wb_we_o[p] = {wb_cmn.alpha_wmask == 1'b1, wb_cmn.rgb_wmask} & ta_ctrl_i.en[p];
          wb_temp_rgb_mask_o[p]   = {1'b0, wb_we_o[p][2:0]};
          wb_temp_alpha_mask_o[p] = wb_we_o[p][3];
          if (wb_out) begin
            wb_out_rgb_mask_o[p]   = wb_cmn.rgb_omask & ta_ctrl_i.en[p][2:0];
            wb_out_alpha_mask_o[p] = wb_cmn.alpha_omask == 1'b1 && ta_ctrl_i.en[p][3];
            wb_w_mask_o[p]         = wb_alpha_inst.w_omask == 1'b1 && ta_ctrl_i.en[p][3];
          end else begin
            wb_pred_mask_o[p] = {wb_cmn.alpha_omask == 1'b1, wb_cmn.rgb_omask} & ta_ctrl_i.en[p];
            for (int c = 0; c < 4; c++) begin
              if (wb_pred_mask_o[p][c]) begin
                wb_pred_o[p][c] = ta_cmp_target_i[p][c];
              end
            end
          end
          if (wb_rgb_inst.alu_wmask == 1'b1 && ta_ctrl_i.en[p][wb_cmn.alu_result_sel ? 3 : 0]) begin
            wb_result_mask_o[p] = 1'b1;
            wb_result_o[p]      = ta_cmp_result_i[p];
          end
        end else if (wb_texkill) begin
          wb_kill[p] = tex_negative(ta_coord_i[p][0]) || tex_negative(ta_coord_i[p][1]) ||
                       tex_negative(ta_coord_i[p][2]) || tex_negative(ta_coord_i[p][3]);
        end else if (wb_tex_lookup) begin
          wb_we_o[p] = {wb_cmn.alpha_wmask == 1'b1, wb_cmn.rgb_wmask} & ta_ctrl_i.en[p];
          wb_temp_rgb_mask_o[p] = wb_we_o[p];
        end
      end
    end
    if (wb_tex_lookup) begin
      wb_wdata         = ta_texel_i;
      wb_alpha_waddr_o = wb_rgb_waddr_o;
    end
    wb_killed_o = ctx_killed_i | wb_kill;

    // Termination: errors, END_ADDR fallen through, LAST with every unkilled pixel ACTIVE and unmasked, watchdog
    wb_errors_o = ctx_errors_i | ta_ctrl_i.err;
    wb_done_o   = 1'b0;
    if (wb_errors_o != '0) begin
      wb_done_o = 1'b1;
    end else if (!ta_ctrl_i.jumped && ta_ctrl_i.pc == wb_end_pc) begin
      wb_done_o = 1'b1;
    end else if (wb_cmn.last == 1'b1 && ((ctx_inactive_i | ctx_masked_i) & ~wb_killed_o) == 4'h0) begin
      wb_done_o = 1'b1;
    end else if (ctx_retired_i + 32'd1 >= watchdog_i) begin
      wb_errors_o[us_fc_pkg::ErrWatchdog] = 1'b1;
      wb_done_o = 1'b1;
    end
  end

  always_comb begin
    wb_wdata_o = wb_wdata;
`ifdef US_FAULT_INJECT
    wb_wdata_o[0][0] = wb_wdata[0][0] ^ (wb_we_o[0][0] ? dbg_flip_q : 32'h0);
`endif
  end

  // Instruction fields WB does not read (each is read in another stage).
  logic unused_fields;
  assign unused_fields = ^{ta_words_i, lp_code_addr_i, lp_code_offset_i, wb_cmn, wb_rgb_inst, wb_alpha_inst,
                           wb_tex_inst,
                           wb_tex_addr, ta_ctrl_i.ctx, ta_ctrl_i.next_pc, ta_ctrl_i.running_before};

endmodule
