// us_id_stage: ID, the second stage (docs/rtl.md). For the instruction IF fetched:
//   - decode and legality: the generated field checks (us_isa_pkg::us_inst_words_ok) and the pairing rules of
//     us_inst_check (model/isa/us_inst.c), and the code window (US_CODE_RANGE); either error makes the
//     instruction KindNone, which only retires with its error; an FC instruction is KindFc, and OF applies it to
//     its context's state (us_fc in us_of_stage: from registers, so neither the instruction memory's read nor
//     decode lies on its path);
//   - ALU and TEX: the source addresses (aL applied, wrapping in their field) presented to the temporaries and
//     the constants, whose registered reads OF takes; which of them each source channel reads (a temporary, a
//     constant, an inline constant), the TEX coordinate swizzle, the pixels whose writes land and the
//     predicate's channel enables, registered for OF with the control (us_core_pkg::us_ctrl_t).
// With ReadPhases above 1 the RAMs read the source addresses over that many clocks (us_rd_phases): ID's registers
// hold the instruction for them (IF issues at most once in Beats >= ReadPhases clocks) and OF gets it ReadPhases
// clocks after ID, with the last read.
module us_id_stage #(
  parameter int unsigned NumCtx      = 1,
  parameter int unsigned LoopDepth   = us_fc_pkg::DefaultLoopDepth,
  parameter int unsigned ReadPhases  = 1,  // us_core_pkg::read_phases
  parameter bit          MemSweep    = 1'b0,  // the constants zeroed after reset, not valid bits (us_core)
  localparam int unsigned CtxW       = (NumCtx > 1) ? $clog2(NumCtx) : 1,
  localparam int unsigned TAddrW     = $clog2(NumCtx * 128),
  localparam int unsigned LoopSpW    = $clog2(LoopDepth + 1)
) (
  input  logic                                 clk_i,
  input  logic                                 rst_ni,

  // from the load port: constant writes and the registers ID reads
  input  logic                                 lp_const_we_i,
  input  logic [7:0]                           lp_const_idx_i,
  input  logic [1:0]                           lp_const_chan_i,
  input  logic [31:0]                          lp_const_wdata_i,
  output logic                                 const_ready_o,    // the constants writable (after the sweep)
  input  us_isa_pkg::us_code_range_t           lp_code_range_i,
  // from IF: the instruction
  input  logic                                 if_valid_i,
  input  logic [CtxW-1:0]                      if_ctx_i,
  input  us_types_pkg::pc_t                    if_pc_i,
  input  logic [5:0][31:0]                     if_words_i,
  // from the context state: the view of context if_ctx_i
  input  us_fc_pkg::us_frame_t [LoopDepth-1:0] ctx_loop_i,
  input  logic [LoopSpW-1:0]                   ctx_loop_sp_i,
  input  us_types_pkg::pix_mask_t              ctx_covered_i,
  input  us_types_pkg::pix_mask_t              ctx_killed_i,
  input  us_types_pkg::pix_mask_t              ctx_inactive_i,
  input  us_types_pkg::pix_mask_t              ctx_masked_i,
  input  us_types_pkg::chan_mask_t [3:0]       ctx_pred_i,       // per pixel
  // to the temporaries: read addresses {context, address}, source 0..2
  output logic [2:0][TAddrW-1:0]               id_rgb_taddr_o,   // channels r g b
  output logic [2:0][TAddrW-1:0]               id_alpha_taddr_o, // channel a
  // to OF (registered): the instruction, and what its sources read
  output logic                                 id_valid_o,
  output us_core_pkg::us_ctrl_t                id_ctrl_o,
  output logic [NumCtx-1:0][5:0][31:0]     id_words_o,       // each context's instruction in flight
  output logic [2:0][3:0]                      id_src_temp_o,    // source, channel: reads the temporary
  output logic [2:0][3:0]                      id_src_const_o,   // source, channel: reads the constant
  output us_types_pkg::fp32_t [2:0][3:0]       id_src_inline_o,  // source, channel: the inline constant, or 0
  output logic [3:0][1:0]                      id_tex_swz_o,     // TEX coordinate s t r q: source channel
  output us_types_pkg::fp32_t [5:0][3:0]       id_const_o        // the constants at the six source addresses
                                                                 // (us_const_rf's reads, valid in OF)
);

  localparam int unsigned LoopIdxW = (LoopDepth > 1) ? $clog2(LoopDepth) : 1;

  // ---------------------------------------------------------------------------------------------------------
  // The instruction's views
  // ---------------------------------------------------------------------------------------------------------
  us_isa_pkg::us_cmn_inst_t       id_cmn;
  us_isa_pkg::us_alu_rgb_addr_t   id_rgb_addr;
  us_isa_pkg::us_alu_alpha_addr_t id_alpha_addr;
  us_isa_pkg::us_alu_rgb_inst_t   id_rgb_inst;
  us_isa_pkg::us_alu_alpha_inst_t id_alpha_inst;
  us_isa_pkg::us_alu_rgba_inst_t  id_rgba_inst;
  us_isa_pkg::us_tex_inst_t       id_tex_inst;
  us_isa_pkg::us_tex_addr_t       id_tex_addr;
  assign id_cmn        = if_words_i[0];
  assign id_rgb_addr   = if_words_i[1];
  assign id_alpha_addr = if_words_i[2];
  assign id_rgb_inst   = if_words_i[3];
  assign id_alpha_inst = if_words_i[4];
  assign id_rgba_inst  = if_words_i[5];
  assign id_tex_inst   = if_words_i[1];
  assign id_tex_addr   = if_words_i[2];

  // The context's aL: the top frame's, 0 outside a loop.
  us_fc_pkg::us_frame_t    id_top;
  logic [7:0]              id_al;
  us_types_pkg::pix_mask_t id_running;
  assign id_top     = ctx_loop_i[LoopIdxW'(ctx_loop_sp_i - 1'b1)];
  assign id_al      = (ctx_loop_sp_i != '0) ? id_top.al : 8'd0;
  assign id_running = ~(ctx_killed_i | ctx_inactive_i | ctx_masked_i);

  // ---------------------------------------------------------------------------------------------------------
  // Legality: the generated field checks and the pairing rules of us_inst_check (model/isa/us_inst.c)
  // ---------------------------------------------------------------------------------------------------------
  logic id_legal, id_in_window, id_pairing_ok;
  logic id_rgb_select_op, id_alpha_select_op, id_alpha_trans_op, id_rgb_dot_op;
  assign id_rgb_select_op   = id_rgba_inst.rgb_op == us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_MIN ||
                              id_rgba_inst.rgb_op == us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_MAX ||
                              id_rgba_inst.rgb_op == us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_CND ||
                              id_rgba_inst.rgb_op == us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_CMP;
  assign id_alpha_select_op = id_alpha_inst.alpha_op == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_MIN ||
                              id_alpha_inst.alpha_op == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_MAX ||
                              id_alpha_inst.alpha_op == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_CND ||
                              id_alpha_inst.alpha_op == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_CMP;
  assign id_alpha_trans_op  = id_alpha_inst.alpha_op >= us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_EX2 &&
                              id_alpha_inst.alpha_op <= us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_COS;
  assign id_rgb_dot_op      = id_rgba_inst.rgb_op == us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_DP3 ||
                              id_rgba_inst.rgb_op == us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_DP4 ||
                              id_rgba_inst.rgb_op == us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_D2A;
  always_comb begin
    id_pairing_ok = 1'b1;
    if (id_cmn.type_f == us_isa_pkg::US_CMN_INST_TYPE_ALU || id_cmn.type_f == us_isa_pkg::US_CMN_INST_TYPE_OUT) begin
      // OMOD 7 (disabled) only beside a select op, unclamped (docs/spec.md section 5)
      if (id_rgb_inst.omod == us_isa_pkg::US_ALU_RGB_INST_OMOD_DISABLE && (!id_rgb_select_op || id_cmn.rgb_clamp)) begin
        id_pairing_ok = 1'b0;
      end
      if (id_alpha_inst.omod == us_isa_pkg::US_ALU_ALPHA_INST_OMOD_DISABLE &&
          (!id_alpha_select_op || id_cmn.alpha_clamp)) begin
        id_pairing_ok = 1'b0;
      end
      if (id_alpha_inst.alpha_op == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_DP && !id_rgb_dot_op) begin
        id_pairing_ok = 1'b0;
      end
      if (id_rgba_inst.rgb_op == us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_SOP && !id_alpha_trans_op) begin
        id_pairing_ok = 1'b0;
      end
    end
    if (id_cmn.type_f == us_isa_pkg::US_CMN_INST_TYPE_FC &&
        id_cmn.rgb_pred_sel == us_isa_pkg::US_CMN_INST_RGB_PRED_SEL_RGBA) begin
      id_pairing_ok = 1'b0;
    end
  end
  assign id_legal     = us_isa_pkg::us_inst_words_ok(if_words_i) && id_pairing_ok;
  assign id_in_window = 9'(if_pc_i - lp_code_range_i.code_addr) <= lp_code_range_i.code_size;

  // ---------------------------------------------------------------------------------------------------------
  // Sources: temporary (ADDR + aL if REL) mod 128, constant (ADDR + aL if REL) mod 256, inline constant when
  // bit 7 is set without CONST. A TEX instruction reads its coordinates through port 0.
  // ---------------------------------------------------------------------------------------------------------
  // The 7-bit inline constant 2^(e-7) x (1 + m/8), exponent 0 read as a normal number.
  function automatic us_types_pkg::fp32_t inline_constant(input logic [6:0] code);
    inline_constant = {1'b0, 8'({4'h0, code[6:3]} + 8'd120), code[2:0], 20'h0};
  endfunction

  logic [2:0][7:0]                     id_rgb_src_addr, id_alpha_src_addr;
  logic [2:0]                          id_rgb_src_const, id_alpha_src_const, id_rgb_src_rel, id_alpha_src_rel;
  logic [5:0][7:0]                     id_const_raddr;  // rgb sources 0..2, alpha sources 0..2
  us_types_pkg::temp_addr_t            id_tex_src, id_tex_dst;
  logic [3:0][1:0]                     id_tex_src_swz;

  assign id_rgb_src_addr    = {id_rgb_addr.addr2, id_rgb_addr.addr1, id_rgb_addr.addr0};
  assign id_rgb_src_const   = {id_rgb_addr.addr2_const, id_rgb_addr.addr1_const, id_rgb_addr.addr0_const};
  assign id_rgb_src_rel     = {id_rgb_addr.addr2_rel, id_rgb_addr.addr1_rel, id_rgb_addr.addr0_rel};
  assign id_alpha_src_addr  = {id_alpha_addr.addr2, id_alpha_addr.addr1, id_alpha_addr.addr0};
  assign id_alpha_src_const = {id_alpha_addr.addr2_const, id_alpha_addr.addr1_const, id_alpha_addr.addr0_const};
  assign id_alpha_src_rel   = {id_alpha_addr.addr2_rel, id_alpha_addr.addr1_rel, id_alpha_addr.addr0_rel};
  assign id_tex_src = id_tex_addr.src_addr + (id_tex_addr.src_addr_rel ? id_al[6:0] : 7'd0);
  assign id_tex_dst = id_tex_addr.dst_addr + (id_tex_addr.dst_addr_rel ? id_al[6:0] : 7'd0);
  assign id_tex_src_swz = {id_tex_addr.src_q_swiz, id_tex_addr.src_r_swiz, id_tex_addr.src_t_swiz,
                           id_tex_addr.src_s_swiz};

  always_comb begin
    for (int i = 0; i < 3; i++) begin
      id_rgb_taddr_o[i]   = TAddrW'({if_ctx_i, 7'(id_rgb_src_addr[i][6:0] + (id_rgb_src_rel[i] ? id_al[6:0] : 7'd0))});
      id_alpha_taddr_o[i] = TAddrW'({if_ctx_i,
                                     7'(id_alpha_src_addr[i][6:0] + (id_alpha_src_rel[i] ? id_al[6:0] : 7'd0))});
      id_const_raddr[i]     = id_rgb_src_addr[i] + (id_rgb_src_rel[i] ? id_al : 8'd0);
      id_const_raddr[3 + i] = id_alpha_src_addr[i] + (id_alpha_src_rel[i] ? id_al : 8'd0);
    end
    if (id_cmn.type_f == us_isa_pkg::US_CMN_INST_TYPE_TEX) begin
      id_rgb_taddr_o[0]   = TAddrW'({if_ctx_i, id_tex_src});
      id_alpha_taddr_o[0] = TAddrW'({if_ctx_i, id_tex_src});
    end
  end

  us_const_rf #(
    .NumReadPorts(6),
    .ReadPhases  (ReadPhases),
    .Sweep       (MemSweep)
  ) u_const_rf (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .start_i(if_valid_i),
    .we_i   (lp_const_we_i),
    .widx_i (lp_const_idx_i),
    .wchan_i(lp_const_chan_i),
    .wdata_i(lp_const_wdata_i),
    .raddr_i(id_const_raddr),
    .rdata_o(id_const_o),
    .ready_o(const_ready_o)
  );

  // What each source channel reads, the same for the four pixels: the temporary, the constant, or the inline
  // constant (0 when none: an inline code with CONST clear reads nothing else). OF combines them with the reads.
  logic [2:0][3:0]                id_src_temp, id_src_const;  // source, channel
  us_types_pkg::fp32_t [2:0][3:0] id_src_inline;
  always_comb begin
    for (int i = 0; i < 3; i++) begin
      for (int c = 0; c < 3; c++) begin
        id_src_temp[i][c]   = !id_rgb_src_const[i] && !id_rgb_src_addr[i][7];
        id_src_const[i][c]  = id_rgb_src_const[i];
        id_src_inline[i][c] = (!id_rgb_src_const[i] && id_rgb_src_addr[i][7]) ?
                              inline_constant(id_rgb_src_addr[i][6:0]) : 32'h0;
      end
      id_src_temp[i][3]   = !id_alpha_src_const[i] && !id_alpha_src_addr[i][7];
      id_src_const[i][3]  = id_alpha_src_const[i];
      id_src_inline[i][3] = (!id_alpha_src_const[i] && id_alpha_src_addr[i][7]) ?
                            inline_constant(id_alpha_src_addr[i][6:0]) : 32'h0;
    end
  end

  // ---------------------------------------------------------------------------------------------------------
  // What goes down the pipe
  // ---------------------------------------------------------------------------------------------------------
  // Channel enables of a predicate select (us_pred_channels in model/golden/us_quad_state.c): rgb RGBA per
  // channel, RRRR..AAAA one bit, NONE all; alpha RGBA reads the alpha bit.
  function automatic us_types_pkg::chan_mask_t pred_channels(input us_types_pkg::chan_mask_t bits,
                                                             input logic [2:0] rsel, input logic rinv,
                                                             input logic [2:0] asel, input logic ainv);
    us_types_pkg::chan_mask_t en;
    for (int c = 0; c < 3; c++) begin
      if (rsel == 3'd1) begin
        en[c] = bits[c] ^ rinv;
      end else if (rsel >= 3'd2) begin
        en[c] = bits[2'(rsel - 3'd2)] ^ rinv;
      end else begin
        en[c] = 1'b1;
      end
    end
    if (asel == 3'd1) begin
      en[3] = bits[3] ^ ainv;
    end else if (asel >= 3'd2) begin
      en[3] = bits[2'(asel - 3'd2)] ^ ainv;
    end else begin
      en[3] = 1'b1;
    end
    pred_channels = en;
  endfunction

  us_core_pkg::us_ctrl_t   id_ctrl;
  us_types_pkg::pix_mask_t id_writers;
  always_comb begin
    id_ctrl                = '0;
    id_ctrl.ctx            = 4'(if_ctx_i);
    id_ctrl.pc             = if_pc_i;
    id_ctrl.next_pc        = if_pc_i + 9'd1;
    id_ctrl.running_before = id_running;
    id_writers             = id_cmn.write_inactive ? 4'hF : id_running;
    if (id_cmn.type_f == us_isa_pkg::US_CMN_INST_TYPE_TEX && id_tex_inst.ignore_uncovered) begin
      id_writers = id_writers & ctx_covered_i;
    end
    id_ctrl.writers = id_writers;
    for (int p = 0; p < 4; p++) begin
      id_ctrl.en[p] = pred_channels(ctx_pred_i[p], id_cmn.rgb_pred_sel, id_cmn.rgb_pred_inv, id_cmn.alpha_pred_sel,
                                    id_cmn.alpha_pred_inv);
    end
    id_ctrl.rdst = id_rgba_inst.rgb_addrd + (id_rgba_inst.rgb_addrd_rel ? id_al[6:0] : 7'd0);
    id_ctrl.adst = id_alpha_inst.alpha_addrd + (id_alpha_inst.alpha_addrd_rel ? id_al[6:0] : 7'd0);
    if (!id_in_window) begin
      id_ctrl.kind = us_core_pkg::KindNone;
      id_ctrl.err[us_fc_pkg::ErrPcRange] = 1'b1;
    end else if (!id_legal) begin
      id_ctrl.kind = us_core_pkg::KindNone;
      id_ctrl.err[us_fc_pkg::ErrIllegalInst] = 1'b1;
    end else begin
      unique case (id_cmn.type_f)
        us_isa_pkg::US_CMN_INST_TYPE_ALU: id_ctrl.kind = us_core_pkg::KindAlu;
        us_isa_pkg::US_CMN_INST_TYPE_OUT: id_ctrl.kind = us_core_pkg::KindOut;
        us_isa_pkg::US_CMN_INST_TYPE_FC:  id_ctrl.kind = us_core_pkg::KindFc;  // OF adds its effects
        default: begin
          id_ctrl.kind = us_core_pkg::KindTex;
          id_ctrl.rdst = id_tex_dst;
        end
      endcase
    end
  end

  // Each context's instruction words, from its ID until its next instruction's: the stages after ID read them here
  // by the context in their control (one instruction in flight per context), instead of a copy in every stage
  // register. A context issues again only once its record is out, so the words stay until the last reader, the
  // retire register, has taken them.
  always_ff @(posedge clk_i) begin
    if (if_valid_i) begin
      id_words_o[if_ctx_i] <= if_words_i;
    end
  end

  // The instruction reaches OF with the last read phase; the registers hold it till then
  logic [ReadPhases-1:0] valid_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      valid_q <= '0;
    end else begin
      valid_q <= ReadPhases'({valid_q, if_valid_i});
    end
  end
  assign id_valid_o = valid_q[ReadPhases-1];

  always_ff @(posedge clk_i) begin
    if (if_valid_i) begin
      id_ctrl_o       <= id_ctrl;
      id_src_temp_o   <= id_src_temp;
      id_src_const_o  <= id_src_const;
      id_src_inline_o <= id_src_inline;
      id_tex_swz_o    <= id_tex_src_swz;
    end
  end

  // Instruction fields ID does not read (each is read in another stage).
  logic unused_fields;
  assign unused_fields = ^{lp_code_range_i, id_cmn, id_rgb_addr, id_alpha_addr, id_rgb_inst,
                           id_alpha_inst, id_rgba_inst, id_tex_inst, id_tex_addr, id_top};

endmodule
