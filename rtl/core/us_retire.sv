// us_retire: the retire port, one record per retired instruction, registered the cycle after WB (docs/rtl.md, The
// retire port). The record carries the fields of the C model's us_retire_t (spec/state.txt, the types
// us_fc_pkg::retire_*_t): what the instruction was, the pixels' running masks before and after it, every write it
// made with its per-pixel, per-channel mask (values zero where the mask is clear), and its context's branch state,
// stack depths and tops, errors and end. The co-simulation harness compares the RTL with the model through this
// port alone.
`include "us_assert.svh"
`include "generated/us_retire_ports.svh"

module us_retire #(
  parameter int unsigned NumCtx      = 1,
  parameter int unsigned LoopDepth   = us_fc_pkg::DefaultLoopDepth,
  parameter int unsigned AddrDepth   = us_fc_pkg::DefaultAddrDepth,
  parameter int unsigned CounterBits = us_fc_pkg::DefaultCounterBits,
  localparam int unsigned LoopSpW    = $clog2(LoopDepth + 1),
  localparam int unsigned AddrSpW    = $clog2(AddrDepth + 1)
) (
  input  logic                                       clk_i,
  input  logic                                       rst_ni,

  // from TA (its register): the control of the instruction in WB
  input  us_core_pkg::us_ctrl_t                      wb_ctrl_i,
  input  logic [5:0][31:0]                        wb_words_i,  // its words (us_id_stage keeps them)
  // from WB: its effects
  input  logic                                       wb_valid_i,
  input  us_types_pkg::pix_mask_t                    wb_killed_i,
  input  us_types_pkg::chan_mask_t [3:0]             wb_pred_i,
  input  us_types_pkg::pix_mask_t                    wb_result_i,
  input  logic [us_fc_pkg::ErrCount-1:0]             wb_errors_i,
  input  logic                                       wb_done_i,
  input  us_types_pkg::chan_mask_t [3:0]             wb_temp_rgb_mask_i,   // per pixel (TEX: all four channels)
  input  us_types_pkg::pix_mask_t                    wb_temp_alpha_mask_i, // channel a
  input  us_types_pkg::fp32_t [3:0][3:0]             wb_wdata_i,      // pixel, channel: the temporary writes
  input  logic [3:0][2:0]                            wb_out_rgb_mask_i,    // per pixel: channels r g b
  input  us_types_pkg::pix_mask_t                    wb_out_alpha_mask_i,  // channel a
  input  logic [1:0]                                 wb_out_rgb_addr_i,
  input  logic [1:0]                                 wb_out_alpha_addr_i,
  input  us_types_pkg::pix_mask_t                    wb_w_mask_i,
  input  us_types_pkg::fp32_t [3:0][3:0]             wb_val_i,        // pixel, channel: outputs and W
  input  us_types_pkg::chan_mask_t [3:0]             wb_pred_mask_i,
  input  us_types_pkg::pix_mask_t                    wb_result_mask_i,
  // from the context state: the view of the instruction's context
  input  us_types_pkg::pix_mask_t                    ctx_inactive_i,
  input  us_types_pkg::pix_mask_t                    ctx_masked_i,
  input  logic [31:0]                                ctx_retired_i,
  input  logic [3:0][CounterBits-1:0]                ctx_counter_i,
  input  logic [LoopSpW-1:0]                         ctx_loop_sp_i,
  input  logic [AddrSpW-1:0]                         ctx_addr_sp_i,
  input  us_fc_pkg::us_frame_t                       ctx_loop_top_i,
  input  us_types_pkg::pc_t                          ctx_addr_top_i,

  // to the harness: the record, its fields declared by the generated rtl/generated/us_retire_ports.svh (spec/state.txt)
  output logic                                       retire_valid_o,
  `US_RETIRE_PORTS
);

  // The masks as the record has them, one bit per channel: an alpha write touches only channel a, an output of
  // the rgb unit only r g b.
  us_types_pkg::chan_mask_t [3:0] temp_alpha_mask, out_rgb_mask, out_alpha_mask;  // per pixel
  always_comb begin
    for (int p = 0; p < 4; p++) begin
      temp_alpha_mask[p] = {wb_temp_alpha_mask_i[p], 3'b000};
      out_rgb_mask[p]    = {1'b0, wb_out_rgb_mask_i[p]};
      out_alpha_mask[p]  = {wb_out_alpha_mask_i[p], 3'b000};
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      retire_valid_o <= 1'b0;
    end else begin
      retire_valid_o <= wb_valid_i;
    end
  end

  // The rest of the record is read only while retire_valid_o is set, so it needs no reset.
  always_ff @(posedge clk_i) begin
    retire_ctx_o            <= wb_ctrl_i.ctx;
    retire_seq_o            <= ctx_retired_i;
    retire_pc_o             <= wb_ctrl_i.pc;
    retire_next_pc_o        <= wb_ctrl_i.next_pc;
    retire_inst_o           <= wb_words_i;
    retire_running_before_o <= wb_ctrl_i.running_before;
    retire_running_after_o  <= ~(wb_killed_i | ctx_inactive_i | ctx_masked_i);
    retire_killed_after_o   <= wb_killed_i;
    retire_temp_addr_o      <= {wb_ctrl_i.adst, wb_ctrl_i.rdst};
    retire_temp_mask_o      <= {temp_alpha_mask, wb_temp_rgb_mask_i};
    retire_out_addr_o       <= {wb_out_alpha_addr_i, wb_out_rgb_addr_i};
    retire_out_mask_o       <= {out_alpha_mask, out_rgb_mask};
    retire_w_mask_o         <= wb_w_mask_i;
    retire_pred_mask_o      <= wb_pred_mask_i;
    retire_pred_val_o       <= wb_pred_i;
    retire_result_mask_o    <= wb_result_mask_i;
    retire_result_val_o     <= wb_result_i;
    retire_jumped_o         <= wb_ctrl_i.jumped;
    retire_inactive_after_o <= ctx_inactive_i;
    retire_counter_after_o  <= ctx_counter_i;
    retire_loop_sp_o        <= ctx_loop_sp_i;
    retire_addr_sp_o        <= ctx_addr_sp_i;
    retire_loop_top_o       <= ctx_loop_top_i;
    retire_addr_top_o       <= ctx_addr_top_i;
    retire_errors_o         <= wb_errors_i;
    retire_done_o           <= wb_done_i;
    for (int p = 0; p < 4; p++) begin
      retire_w_val_o[p] <= wb_w_mask_i[p] ? wb_val_i[p][3] : 32'h0;
      for (int c = 0; c < 4; c++) begin
        retire_temp_val_o[0][p][c] <= wb_temp_rgb_mask_i[p][c] ? wb_wdata_i[p][c] : 32'h0;
        retire_temp_val_o[1][p][c] <= temp_alpha_mask[p][c] ? wb_wdata_i[p][c] : 32'h0;
        retire_out_val_o[0][p][c]  <= out_rgb_mask[p][c] ? wb_val_i[p][c] : 32'h0;
        retire_out_val_o[1][p][c]  <= out_alpha_mask[p][c] ? wb_val_i[p][c] : 32'h0;
      end
    end
  end

  logic unused_ctrl;  // what WB has already acted on
  assign unused_ctrl = ^{wb_ctrl_i.kind, wb_ctrl_i.err, wb_ctrl_i.writers, wb_ctrl_i.en};

  // A record's context indexes the harness's model quads (and the state arrays it came from).
  `US_ASSERT_IF(RetireCtxInRange, int'(retire_ctx_o) < int'(NumCtx), retire_valid_o)

endmodule
