// us_of_stage: OF, operand fetch (docs/rtl.md). The temporaries' and constants' reads that ID addressed land
// here, in the RAMs' read registers (us_temp_rf, us_const_rf); OF makes each pixel's source values from them and
// ID's choice per source channel (temporary, constant, inline constant, or 0) and the TEX coordinates (the
// temporary of source 0, which EX puts through the swizzle a beat at a time: Lanes pixels' multiplexers instead of
// four), decodes the pre-subtract (us_pre_ctl), and registers them with the control for PreAlign.
//
// FC resolves here: us_fc applies an FC instruction to its context's state (the view of the context in OF), from
// ID's registers, so neither the instruction memory's read nor decode lies on its path. The context state
// commits the result and the next PC a cycle later (its commit register); the context's next instruction issues
// after its WB, D cycles on, and WB reads these fields after the commit, so no cycle of any schedule depends on
// where FC resolves. The jump, the next PC and FC's errors join the control in OF's output register.
//
// With Lanes below 4, OF's output register is EX's beat register: the quad goes to PreAlign in Beats = 4 / Lanes
// beats on consecutive clocks, Lanes pixels each (beat b the pixels b x Lanes ..), the first loaded from the
// sources OF makes and the others shifted in from a register that holds the rest of the quad. The control, the
// pre-subtract's decode and pixels 0, 1 and 2's first source (MDH and MDV read them) stay for every beat. IF
// issues at most once every Beats clocks (its hold), so a quad never arrives while the one before is in beats.
// PreAlign thus reads registers only, with no beat multiplexer in its path.
module us_of_stage #(
  parameter int unsigned Lanes       = 4,  // the pixels a clock in EX (us_core_pkg, Lanes)
  parameter int unsigned LoopDepth   = us_fc_pkg::DefaultLoopDepth,
  parameter int unsigned AddrDepth   = us_fc_pkg::DefaultAddrDepth,
  parameter int unsigned CounterBits = us_fc_pkg::DefaultCounterBits,
  localparam int unsigned Beats      = 4 / Lanes,
  localparam int unsigned LoopSpW    = $clog2(LoopDepth + 1),
  localparam int unsigned AddrSpW    = $clog2(AddrDepth + 1)
) (
  input  logic                                      clk_i,
  input  logic                                      rst_ni,

  // from the load port: the registers FC reads
  input  us_isa_pkg::us_code_offset_t               lp_code_offset_i,
  input  logic [31:0]                               lp_bool_const_i,
  input  logic [31:0][31:0]                         lp_int_const_i,
  // from the context state: the view of the context of the instruction in OF (id_ctrl_i.ctx)
  input  us_fc_pkg::us_frame_t [LoopDepth-1:0]      ctx_loop_i,
  input  logic [LoopSpW-1:0]                        ctx_loop_sp_i,
  input  us_types_pkg::pc_t [AddrDepth-1:0]         ctx_addr_i,
  input  logic [AddrSpW-1:0]                        ctx_addr_sp_i,
  input  us_types_pkg::pix_mask_t                   ctx_covered_i,
  input  us_types_pkg::pix_mask_t                   ctx_killed_i,
  input  us_types_pkg::pix_mask_t                   ctx_inactive_i,
  input  us_types_pkg::chan_mask_t [3:0]            ctx_pred_i,       // per pixel
  input  us_types_pkg::pix_mask_t                   ctx_result_i,
  input  logic [3:0][CounterBits-1:0]               ctx_counter_i,

  // from ID (registered): the instruction, what its sources read, and the constants' read register
  input  logic                                      id_valid_i,
  input  us_core_pkg::us_ctrl_t                     id_ctrl_i,
  input  logic [5:0][31:0]                       id_words_i,       // its words (us_id_stage keeps them)
  input  logic [2:0][3:0]                           id_src_temp_i,    // source, channel
  input  logic [2:0][3:0]                           id_src_const_i,   // source, channel
  input  us_types_pkg::fp32_t [2:0][3:0]            id_src_inline_i,  // source, channel
  input  logic [3:0][1:0]                           id_tex_swz_i,     // TEX coordinate s t r q: source channel
  input  us_types_pkg::fp32_t [5:0][3:0]            id_const_i,       // rgb sources 0..2, alpha sources 0..2
  // from the temporaries: their read register
  input  us_types_pkg::fp32_t [3:0][2:0][3:0]       trf_rdata_i,      // pixel, source, channel

  // to the context state: what the instruction in OF commits (when id_valid_i), registered there
  output us_types_pkg::pc_t                         of_next_pc_o,
  output logic                                      of_fc_o,          // an FC instruction: commit of_fc_*
  output us_types_pkg::pix_mask_t                   of_fc_inactive_o,
  output logic [3:0][CounterBits-1:0]               of_fc_counter_o,
  output us_fc_pkg::us_frame_t [LoopDepth-1:0]      of_fc_loop_o,
  output logic [LoopSpW-1:0]                        of_fc_loop_sp_o,
  output us_types_pkg::pc_t [AddrDepth-1:0]         of_fc_addr_o,
  output logic [AddrSpW-1:0]                        of_fc_addr_sp_o,

  // to PreAlign (registered): a beat of the quad
  output logic                                      of_valid_o,
  output us_core_pkg::us_ctrl_t                     of_ctrl_o,
  output logic [1:0]                                of_beat_o,
  output us_types_pkg::fp32_t [Lanes-1:0][2:0][3:0] of_src_o,         // pixel of the beat, source, channel
  output us_types_pkg::fp32_t [Lanes-1:0][3:0]      of_coord_o,       // pixel of the beat: source 0's temporary,
                                                                      // channel r g b a (the TEX coordinates' read)
  output logic [3:0][1:0]                           of_tex_swz_o,     // TEX coordinate s t r q: its channel there
  output us_types_pkg::fp32_t [2:0][3:0]            of_nb_o,          // pixels 0 1 2: the first source
  output logic [3:0][1:0]                           of_pre_pop_o,     // channel: the pre-subtract op
  output logic [3:0]                                of_pre_use_o      // channel: a select reads srcp there
);

  // ---------------------------------------------------------------------------------------------------------
  // Flow control
  // ---------------------------------------------------------------------------------------------------------
  us_isa_pkg::us_cmn_inst_t       of_cmn;
  logic                           of_fc_jump;
  us_types_pkg::pc_t              of_fc_next_pc;
  logic [us_fc_pkg::ErrCount-1:0] of_fc_errors;
  assign of_cmn = id_words_i[0];

  us_fc #(
    .LoopDepth  (LoopDepth),
    .AddrDepth  (AddrDepth),
    .CounterBits(CounterBits)
  ) u_fc (
    .fc_inst_i    (id_words_i[2]),
    .fc_addr_i    (id_words_i[3]),
    .pred_sel_i   (of_cmn.rgb_pred_sel),
    .pred_inv_i   (of_cmn.rgb_pred_inv),
    .pc_i         (id_ctrl_i.pc),
    .code_offset_i(lp_code_offset_i.offset_addr),
    .bool_const_i (lp_bool_const_i),
    .int_const_i  (lp_int_const_i),
    .covered_i    (ctx_covered_i),
    .killed_i     (ctx_killed_i),
    .alu_result_i (ctx_result_i),
    .pred_i       (ctx_pred_i),
    .inactive_i   (ctx_inactive_i),
    .counter_i    (ctx_counter_i),
    .loop_i       (ctx_loop_i),
    .loop_sp_i    (ctx_loop_sp_i),
    .addr_i       (ctx_addr_i),
    .addr_sp_i    (ctx_addr_sp_i),
    .inactive_o   (of_fc_inactive_o),
    .counter_o    (of_fc_counter_o),
    .loop_o       (of_fc_loop_o),
    .loop_sp_o    (of_fc_loop_sp_o),
    .addr_o       (of_fc_addr_o),
    .addr_sp_o    (of_fc_addr_sp_o),
    .jump_o       (of_fc_jump),
    .next_pc_o    (of_fc_next_pc),
    .errors_o     (of_fc_errors)
  );

  // The control with FC's effects (ID decided the kind: an FC instruction that decoded, in the code window)
  us_core_pkg::us_ctrl_t of_ctrl;
  always_comb begin
    of_ctrl = id_ctrl_i;
    if (id_ctrl_i.kind == us_core_pkg::KindFc) begin
      of_ctrl.err     = of_fc_errors;
      of_ctrl.jumped  = of_fc_jump;
      of_ctrl.next_pc = of_fc_next_pc;
    end
  end
  assign of_next_pc_o = of_ctrl.next_pc;
  assign of_fc_o      = id_ctrl_i.kind == us_core_pkg::KindFc;

  logic unused_cmn;
  assign unused_cmn = ^{lp_code_offset_i, of_cmn};

  // ---------------------------------------------------------------------------------------------------------
  // Sources
  // ---------------------------------------------------------------------------------------------------------
  // What a source channel reads besides the temporary, the same for the four pixels: then
  // src = (temporary & mask) | other.
  us_types_pkg::fp32_t [2:0][3:0] of_mask, of_other;  // source, channel
  always_comb begin
    for (int i = 0; i < 3; i++) begin
      for (int c = 0; c < 4; c++) begin
        of_mask[i][c]  = {32{id_src_temp_i[i][c]}};
        of_other[i][c] = id_src_const_i[i][c] ? id_const_i[(c == 3) ? 3 + i : i][c] : id_src_inline_i[i][c];
      end
    end
  end

  us_types_pkg::fp32_t [3:0][2:0][3:0] of_src;
  us_types_pkg::fp32_t [3:0][3:0]      of_coord;
  always_comb begin
    for (int p = 0; p < 4; p++) begin
      of_src[p] = (trf_rdata_i[p] & of_mask) | of_other;
      for (int c = 0; c < 4; c++) begin
        of_coord[p][c] = trf_rdata_i[p][0][c];
      end
    end
  end

  logic [3:0][1:0] pre_pop;
  logic [3:0]      pre_use;
  us_pre_ctl u_pre_ctl (
    .rgb_addr_i  (id_words_i[1]),
    .alpha_addr_i(id_words_i[2]),
    .rgb_inst_i  (id_words_i[3]),
    .alpha_inst_i(id_words_i[4]),
    .rgba_inst_i (id_words_i[5]),
    .pop_o       (pre_pop),
    .use_o       (pre_use)
  );

  // ---------------------------------------------------------------------------------------------------------
  // The output register: a whole quad (Lanes 4), or its first beat and the rest held for the beats after
  // ---------------------------------------------------------------------------------------------------------
  logic       busy_q;  // beats 1 .. Beats - 1 of the quad to come
  logic [1:0] beat_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      of_valid_o <= 1'b0;
      busy_q     <= 1'b0;
      beat_q     <= '0;
    end else if (id_valid_i) begin
      of_valid_o <= 1'b1;
      busy_q     <= Beats > 1;
      beat_q     <= '0;
    end else begin
      of_valid_o <= busy_q;
      busy_q     <= busy_q && int'(beat_q) + 2 < int'(Beats);
      beat_q     <= busy_q ? beat_q + 2'd1 : beat_q;
    end
  end
  assign of_beat_o = beat_q;

  always_ff @(posedge clk_i) begin
    if (id_valid_i) begin  // held for every beat
      of_ctrl_o    <= of_ctrl;
      of_pre_pop_o <= pre_pop;
      of_pre_use_o <= pre_use;
      of_tex_swz_o <= id_tex_swz_i;
    end
  end

  // The rest of the quad, shifted down a beat at each clock: rest_*[k] is pixel k of what is not yet out.
  us_types_pkg::fp32_t [3:0][2:0][3:0] rest_src_q;  // (Yosys: no variables inside generate blocks)
  us_types_pkg::fp32_t [3:0][3:0]      rest_coord_q;
  logic                                unused_rest;
  if (Beats == 1) begin : g_one_beat
    assign rest_src_q   = '0;
    assign rest_coord_q = '0;
    assign unused_rest  = ^{rest_src_q, rest_coord_q};
    always_ff @(posedge clk_i) begin
      of_src_o   <= of_src;
      of_coord_o <= of_coord;
    end
    assign of_nb_o = {of_src_o[2][0], of_src_o[1][0], of_src_o[0][0]};
  end else begin : g_beats
    assign unused_rest = 1'b0;
    always_ff @(posedge clk_i) begin
      if (id_valid_i) begin
        of_nb_o <= {of_src[2][0], of_src[1][0], of_src[0][0]};
      end
      for (int k = 0; k < 4; k++) begin
        if (id_valid_i) begin
          rest_src_q[k]   <= (k + int'(Lanes) < 4) ? of_src[(k + int'(Lanes)) % 4] : '0;
          rest_coord_q[k] <= (k + int'(Lanes) < 4) ? of_coord[(k + int'(Lanes)) % 4] : '0;
        end else begin
          rest_src_q[k]   <= (k + int'(Lanes) < 4) ? rest_src_q[(k + int'(Lanes)) % 4] : '0;
          rest_coord_q[k] <= (k + int'(Lanes) < 4) ? rest_coord_q[(k + int'(Lanes)) % 4] : '0;
        end
      end
      for (int l = 0; l < int'(Lanes); l++) begin
        of_src_o[l]   <= id_valid_i ? of_src[l] : rest_src_q[l];
        of_coord_o[l] <= id_valid_i ? of_coord[l] : rest_coord_q[l];
      end
    end
  end

endmodule
