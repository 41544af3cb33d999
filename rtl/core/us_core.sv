// us_core: the shader core. NumCtx resident quads issued round robin into one pipeline, one instruction per
// context in flight (full interlock), every instruction the same seven stages (docs/rtl.md):
//
//   IF   pick the next ready context, read its instruction slot (us_imem, registered read)
//   ID   decode and legality, code-window check; FC resolves here (us_fc) and commits the context's branch
//        state, stacks and PC; ALU/TEX read their sources (us_temp_rf, us_const_rf, inline constants, aL)
//   EX1  pre-subtract, swizzles, modifiers (us_operand, per pixel)
//   EX2  multipliers, selects; transcendental unit starts   } us_ex_pixel, per pixel
//   EX3  adders                                             }
//   EX4  dot-product add, result select; TEX projection     }
//   WB   OMOD, clamp, predicates, ALU result, outputs, W, texture lookup, TEXKILL, temporary writes,
//        termination; the retire record is registered here and appears on the retire port the next cycle
//
// Everything is bit-exact with the C golden model (model/, docs/spec.md); the retire port carries the fields of
// its us_retire_t.
module us_core #(
  parameter int unsigned NumCtx      = 1,
  parameter int unsigned LoopDepth   = us_fc_pkg::DefaultLoopDepth,
  parameter int unsigned AddrDepth   = us_fc_pkg::DefaultAddrDepth,
  parameter int unsigned CounterBits = us_fc_pkg::DefaultCounterBits,
  localparam int unsigned CtxW       = (NumCtx > 1) ? $clog2(NumCtx) : 1,
  localparam int unsigned TAddrW     = $clog2(NumCtx * 128),
  localparam int unsigned LoopSpW    = $clog2(LoopDepth + 1),
  localparam int unsigned AddrSpW    = $clog2(AddrDepth + 1)
) (
  input  logic                         clk_i,
  input  logic                         rst_ni,

  // Register writes: instruction banks, GA_US_VECTOR_INDEX/DATA, US_* (us_load_port)
  input  logic                         reg_we_i,
  input  logic [15:0]                  reg_addr_i,
  input  logic [31:0]                  reg_wdata_i,
  output logic                         reg_bad_o,

  // The texture model's storage (us_tex_mem)
  input  logic                         tex_we_i,
  input  logic [11:0]                  tex_waddr_i,
  input  logic [3:0][31:0]             tex_wdata_i,
  input  logic                         tex_dim_we_i,
  input  logic [3:0]                   tex_dim_id_i,
  input  logic [4:0]                   tex_width_i,
  input  logic [4:0]                   tex_height_i,

  // Instructions a quad may retire before the watchdog error
  input  logic [31:0]                  watchdog_i,

  // A quad's inputs: clear a context's temporaries, write them (held until tin_ready_o), launch it
  input  logic                         clear_i,
  input  logic [CtxW-1:0]              clear_ctx_i,
  input  logic                         tin_we_i,
  input  logic [CtxW-1:0]              tin_ctx_i,
  input  logic [6:0]                   tin_addr_i,
  input  logic [1:0]                   tin_pixel_i,
  input  logic [3:0][31:0]             tin_data_i,
  output logic                         tin_ready_o,
  input  logic                         launch_i,
  input  logic [CtxW-1:0]              launch_ctx_i,
  input  logic [3:0]                   launch_covered_i,

  // Status
  output logic [NumCtx-1:0]            ctx_running_o,  // launched and not ended
  output logic [NumCtx-1:0]            ctx_done_o,     // ended (sticky until the next launch)
  output logic [NumCtx-1:0][us_fc_pkg::ErrCount-1:0] ctx_errors_o,  // enum us_error bits

  // Retire port: one record per retired instruction (model us_retire_t)
  output logic                                      rvfi_valid_o,
  output us_fc_pkg::rvfi_ctx_t                      rvfi_ctx_o,
  output us_fc_pkg::rvfi_seq_t                      rvfi_seq_o,
  output us_fc_pkg::rvfi_pc_t                       rvfi_pc_o,
  output us_fc_pkg::rvfi_next_pc_t                  rvfi_next_pc_o,
  output us_fc_pkg::rvfi_inst_t [5:0]               rvfi_inst_o,
  output us_fc_pkg::rvfi_running_before_t           rvfi_running_before_o,
  output us_fc_pkg::rvfi_running_after_t            rvfi_running_after_o,
  output us_fc_pkg::rvfi_killed_after_t             rvfi_killed_after_o,
  output us_fc_pkg::rvfi_temp_addr_t [1:0]          rvfi_temp_addr_o,      // [0] rgb / TEX destination, [1] alpha
  output us_fc_pkg::rvfi_temp_mask_t [1:0][3:0]     rvfi_temp_mask_o,      // slot, pixel, channel
  output us_fc_pkg::rvfi_temp_val_t [1:0][3:0][3:0] rvfi_temp_val_o,       // zero where not written
  output us_fc_pkg::rvfi_out_addr_t [1:0]           rvfi_out_addr_o,       // [0] rgb render target, [1] alpha
  output us_fc_pkg::rvfi_out_mask_t [1:0][3:0]      rvfi_out_mask_o,
  output us_fc_pkg::rvfi_out_val_t [1:0][3:0][3:0]  rvfi_out_val_o,
  output us_fc_pkg::rvfi_w_mask_t                   rvfi_w_mask_o,
  output us_fc_pkg::rvfi_w_val_t [3:0]              rvfi_w_val_o,
  output us_fc_pkg::rvfi_pred_mask_t [3:0]          rvfi_pred_mask_o,
  output us_fc_pkg::rvfi_pred_val_t [3:0]           rvfi_pred_val_o,
  output us_fc_pkg::rvfi_result_mask_t              rvfi_result_mask_o,
  output us_fc_pkg::rvfi_result_val_t               rvfi_result_val_o,
  output us_fc_pkg::rvfi_jumped_t                   rvfi_jumped_o,
  output us_fc_pkg::rvfi_inactive_after_t           rvfi_inactive_after_o,
  output logic [3:0][CounterBits-1:0]               rvfi_counter_after_o,
  output logic [LoopSpW-1:0]                        rvfi_loop_sp_o,
  output logic [AddrSpW-1:0]                        rvfi_addr_sp_o,
  output us_fc_pkg::rvfi_loop_top_t                 rvfi_loop_top_o,       // zero when the loop stack is empty
  output us_fc_pkg::rvfi_addr_top_t                 rvfi_addr_top_o,
  output us_fc_pkg::rvfi_errors_t                   rvfi_errors_o,
  output us_fc_pkg::rvfi_done_t                     rvfi_done_o
);

  localparam int unsigned LoopIdxW = (LoopDepth > 1) ? $clog2(LoopDepth) : 1;
  localparam int unsigned AddrIdxW = (AddrDepth > 1) ? $clog2(AddrDepth) : 1;

  // ===================================================================================================
  // Registers loaded by register writes
  // ===================================================================================================
  logic        imem_we, const_we;
  logic [8:0]  imem_slot;
  logic [2:0]  imem_dword;
  logic [31:0] imem_wdata, const_wdata;
  logic [7:0]  const_idx;
  logic [1:0]  const_chan;
  logic [31:0] config_r, pixsize_r, code_addr_r, code_range_r, code_offset_r, fc_ctrl_r, bool_const_r;
  logic [31:0][31:0] int_const_r;

  us_load_port u_load_port (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .reg_we_i     (reg_we_i),
    .reg_addr_i   (reg_addr_i),
    .reg_wdata_i  (reg_wdata_i),
    .reg_bad_o    (reg_bad_o),
    .imem_we_o    (imem_we),
    .imem_slot_o  (imem_slot),
    .imem_dword_o (imem_dword),
    .imem_wdata_o (imem_wdata),
    .const_we_o   (const_we),
    .const_idx_o  (const_idx),
    .const_chan_o (const_chan),
    .const_wdata_o(const_wdata),
    .config_o     (config_r),
    .pixsize_o    (pixsize_r),
    .code_addr_o  (code_addr_r),
    .code_range_o (code_range_r),
    .code_offset_o(code_offset_r),
    .fc_ctrl_o    (fc_ctrl_r),
    .bool_const_o (bool_const_r),
    .int_const_o  (int_const_r)
  );

  us_isa_pkg::us_code_addr_t   code_addr;
  us_isa_pkg::us_code_range_t  code_range;
  us_isa_pkg::us_code_offset_t code_offset;
  us_isa_pkg::us_config_t      config_f;
  assign code_addr   = code_addr_r;
  assign code_range  = code_range_r;
  assign code_offset = code_offset_r;
  assign config_f    = config_r;

  // Loaded for the driver's sake, not read by the pipeline (docs/spec.md section 3).
  logic unused_regs;
  assign unused_regs = ^{pixsize_r, fc_ctrl_r, code_offset[31:9], config_f[31:2], config_f[0]};

  // ===================================================================================================
  // Context state
  // ===================================================================================================
  logic [NumCtx-1:0]                         run_q, run_d, busy_q, busy_d, done_q, done_d;
  logic [NumCtx-1:0][us_fc_pkg::ErrCount-1:0] err_q, err_d;
  logic [NumCtx-1:0][8:0]                    pc_q, pc_d;
  logic [NumCtx-1:0][31:0]                   retired_q, retired_d;
  logic [NumCtx-1:0][3:0]                    covered_q, covered_d, killed_q, killed_d;
  logic [NumCtx-1:0][3:0]                    inactive_q, inactive_d, result_q, result_d;
  logic [NumCtx-1:0][3:0][CounterBits-1:0]   counter_q, counter_d;
  us_fc_pkg::us_frame_t [NumCtx-1:0][LoopDepth-1:0] loop_q, loop_d;
  logic [NumCtx-1:0][LoopSpW-1:0]            loop_sp_q, loop_sp_d;
  logic [NumCtx-1:0][AddrDepth-1:0][8:0]     addr_q, addr_d;
  logic [NumCtx-1:0][AddrSpW-1:0]            addr_sp_q, addr_sp_d;
  logic [NumCtx-1:0][3:0][3:0]               pred_q, pred_d;
  logic [CtxW-1:0]                           rr_q, rr_d;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      run_q     <= '0;
      busy_q    <= '0;
      done_q    <= '0;
      err_q     <= '0;
      pc_q      <= '0;
      retired_q <= '0;
      covered_q <= '0;
      killed_q  <= '0;
      inactive_q <= '0;
      result_q  <= '0;
      counter_q <= '0;
      loop_q    <= '0;
      loop_sp_q <= '0;
      addr_q    <= '0;
      addr_sp_q <= '0;
      pred_q    <= '0;
      rr_q      <= '0;
    end else begin
      run_q     <= run_d;
      busy_q    <= busy_d;
      done_q    <= done_d;
      err_q     <= err_d;
      pc_q      <= pc_d;
      retired_q <= retired_d;
      covered_q <= covered_d;
      killed_q  <= killed_d;
      inactive_q <= inactive_d;
      result_q  <= result_d;
      counter_q <= counter_d;
      loop_q    <= loop_d;
      loop_sp_q <= loop_sp_d;
      addr_q    <= addr_d;
      addr_sp_q <= addr_sp_d;
      pred_q    <= pred_d;
      rr_q      <= rr_d;
    end
  end

  assign ctx_running_o = run_q;
  assign ctx_done_o    = done_q;
  assign ctx_errors_o  = err_q;

  // Pixels broken or continued in any frame of a loop stack.
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

  // Channel enables of a predicate select (us_pred_channels in model/golden/us_quad_state.c): rgb RGBA per channel, RRRR..AAAA
  // one bit, NONE all; alpha RGBA reads the alpha bit.
  function automatic logic [3:0] pred_channels(input logic [3:0] bits, input logic [2:0] rsel, input logic rinv,
                                               input logic [2:0] asel, input logic ainv);
    logic [3:0] en;
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

  // The 7-bit inline constant 2^(e-7) x (1 + m/8), exponent 0 read as a normal number.
  function automatic logic [31:0] inline_constant(input logic [6:0] code);
    inline_constant = {1'b0, 8'({4'h0, code[6:3]} + 8'd120), code[2:0], 20'h0};
  endfunction

  // ===================================================================================================
  // IF: round-robin pick of a ready context; instruction memory read
  // ===================================================================================================
  logic [NumCtx-1:0] ready;
  logic              issue;
  logic [CtxW-1:0]   pick;
  logic [8:0]        fetch_pc;
  logic [5:0][31:0]  imem_rdata;

  assign ready = run_q & ~busy_q;
  always_comb begin
    issue = 1'b0;
    pick  = rr_q;
    for (int i = int'(NumCtx); i >= 1; i--) begin  // the lowest offset after rr_q wins
      if (ready[(int'(rr_q) + i) % int'(NumCtx)]) begin
        issue = 1'b1;
        pick  = CtxW'((int'(rr_q) + i) % int'(NumCtx));
      end
    end
    if (tin_we_i) begin
      issue = 1'b0;  // a bubble, so write-back frees the temporaries' write port for the input
    end
  end
  assign fetch_pc = pc_q[pick];

  us_imem u_imem (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .we_i    (imem_we),
    .wslot_i (imem_slot),
    .wdword_i(imem_dword),
    .wdata_i (imem_wdata),
    .raddr_i (fetch_pc),
    .rdata_o (imem_rdata)
  );

  logic            id_valid_q;
  logic [CtxW-1:0] id_ctx_q;
  logic [8:0]      id_pc_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      id_valid_q <= 1'b0;
      id_ctx_q   <= '0;
      id_pc_q    <= '0;
    end else begin
      id_valid_q <= issue;
      id_ctx_q   <= pick;
      id_pc_q    <= fetch_pc;
    end
  end

  // ===================================================================================================
  // ID: decode, FC, source read
  // ===================================================================================================
  us_isa_pkg::us_cmn_inst_t       cmn;
  us_isa_pkg::us_alu_rgb_addr_t   ra;
  us_isa_pkg::us_alu_alpha_addr_t aa;
  us_isa_pkg::us_alu_rgb_inst_t   ri;
  us_isa_pkg::us_alu_alpha_inst_t ai;
  us_isa_pkg::us_alu_rgba_inst_t  ci;
  us_isa_pkg::us_tex_inst_t       ti;
  us_isa_pkg::us_tex_addr_t       ta;
  assign cmn = imem_rdata[0];
  assign ra  = imem_rdata[1];
  assign aa  = imem_rdata[2];
  assign ri  = imem_rdata[3];
  assign ai  = imem_rdata[4];
  assign ci  = imem_rdata[5];
  assign ti  = imem_rdata[1];
  assign ta  = imem_rdata[2];

  // The context's state, as copies (Yosys cannot select a field of an element picked by a variable).
  us_fc_pkg::us_frame_t [LoopDepth-1:0] id_loop;
  us_fc_pkg::us_frame_t                 id_top;
  logic [LoopSpW-1:0]                   id_loop_sp;
  logic [3:0]                           id_killed, id_inactive, id_covered, id_running;
  logic [3:0][3:0]                      id_pred;
  logic [7:0]                           id_al;
  assign id_loop    = loop_q[id_ctx_q];
  assign id_loop_sp = loop_sp_q[id_ctx_q];
  assign id_top     = id_loop[LoopIdxW'(id_loop_sp - 1'b1)];
  assign id_al      = (id_loop_sp != '0) ? id_top.al : 8'd0;
  assign id_killed  = killed_q[id_ctx_q];
  assign id_inactive = inactive_q[id_ctx_q];
  assign id_covered = covered_q[id_ctx_q];
  assign id_pred    = pred_q[id_ctx_q];
  assign id_running = ~(id_killed | id_inactive | masked_of(id_loop, id_loop_sp));

  // Legality: the generated field checks and the pairing rules of us_inst_check (model/isa/us_inst.c).
  logic id_legal, id_in_window, pairing_ok, rgb_select_op, alpha_select_op, alpha_trans_op, rgb_dot_op;
  assign rgb_select_op   = ci.rgb_op == us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_MIN ||
                           ci.rgb_op == us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_MAX ||
                           ci.rgb_op == us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_CND ||
                           ci.rgb_op == us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_CMP;
  assign alpha_select_op = ai.alpha_op == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_MIN ||
                           ai.alpha_op == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_MAX ||
                           ai.alpha_op == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_CND ||
                           ai.alpha_op == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_CMP;
  assign alpha_trans_op  = ai.alpha_op >= us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_EX2 &&
                           ai.alpha_op <= us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_COS;
  assign rgb_dot_op      = ci.rgb_op == us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_DP3 ||
                           ci.rgb_op == us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_DP4 ||
                           ci.rgb_op == us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_D2A;
  always_comb begin
    pairing_ok = 1'b1;
    if (cmn.type_f == us_isa_pkg::US_CMN_INST_TYPE_ALU || cmn.type_f == us_isa_pkg::US_CMN_INST_TYPE_OUT) begin
      if (ri.omod == us_isa_pkg::US_ALU_RGB_INST_OMOD_DISABLE && (!rgb_select_op || cmn.rgb_clamp)) begin
        pairing_ok = 1'b0;
      end
      if (ai.omod == us_isa_pkg::US_ALU_ALPHA_INST_OMOD_DISABLE && (!alpha_select_op || cmn.alpha_clamp)) begin
        pairing_ok = 1'b0;
      end
      if (ai.alpha_op == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_DP && !rgb_dot_op) begin
        pairing_ok = 1'b0;
      end
      if (ci.rgb_op == us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_SOP && !alpha_trans_op) begin
        pairing_ok = 1'b0;
      end
    end
    if (cmn.type_f == us_isa_pkg::US_CMN_INST_TYPE_FC &&
        cmn.rgb_pred_sel == us_isa_pkg::US_CMN_INST_RGB_PRED_SEL_RGBA) begin
      pairing_ok = 1'b0;
    end
  end
  assign id_legal     = us_isa_pkg::us_inst_words_ok(imem_rdata) && pairing_ok;
  assign id_in_window = 9'(id_pc_q - code_range.code_addr) <= code_range.code_size;

  // Flow control
  logic [3:0]                           fc_inactive;
  logic [3:0][CounterBits-1:0]          fc_counter;
  us_fc_pkg::us_frame_t [LoopDepth-1:0] fc_loop;
  logic [LoopSpW-1:0]                   fc_loop_sp;
  logic [AddrDepth-1:0][8:0]            fc_addr;
  logic [AddrSpW-1:0]                   fc_addr_sp;
  logic                                 fc_jump;
  logic [8:0]                           fc_next_pc;
  logic [us_fc_pkg::ErrCount-1:0]       fc_errors;

  us_fc #(
    .LoopDepth  (LoopDepth),
    .AddrDepth  (AddrDepth),
    .CounterBits(CounterBits)
  ) u_fc (
    .fc_inst_i    (imem_rdata[2]),
    .fc_addr_i    (imem_rdata[3]),
    .pred_sel_i   (cmn.rgb_pred_sel),
    .pred_inv_i   (cmn.rgb_pred_inv),
    .pc_i         (id_pc_q),
    .code_offset_i(code_offset.offset_addr),
    .bool_const_i (bool_const_r),
    .int_const_i  (int_const_r),
    .covered_i    (id_covered),
    .killed_i     (id_killed),
    .alu_result_i (result_q[id_ctx_q]),
    .pred_i       (id_pred),
    .inactive_i   (id_inactive),
    .counter_i    (counter_q[id_ctx_q]),
    .loop_i       (id_loop),
    .loop_sp_i    (id_loop_sp),
    .addr_i       (addr_q[id_ctx_q]),
    .addr_sp_i    (addr_sp_q[id_ctx_q]),
    .inactive_o   (fc_inactive),
    .counter_o    (fc_counter),
    .loop_o       (fc_loop),
    .loop_sp_o    (fc_loop_sp),
    .addr_o       (fc_addr),
    .addr_sp_o    (fc_addr_sp),
    .jump_o       (fc_jump),
    .next_pc_o    (fc_next_pc),
    .errors_o     (fc_errors)
  );

  // Source addresses: temporary (ADDR + aL if REL) mod 128, constant (ADDR + aL if REL) mod 256, inline
  // constant when bit 7 is set without CONST. A TEX instruction reads its coordinates through port 0.
  logic [2:0][7:0]        rgb_src_addr, alpha_src_addr;
  logic [2:0]             rgb_src_const, alpha_src_const, rgb_src_rel, alpha_src_rel;
  logic [2:0][TAddrW-1:0] rgb_taddr, alpha_taddr;
  logic [5:0][7:0]        const_raddr;
  logic [5:0][3:0][31:0]  const_rdata;
  logic [3:0][2:0][3:0][31:0] temp_rdata;
  logic [6:0]             tex_src, tex_dst;

  assign rgb_src_addr    = {ra.addr2, ra.addr1, ra.addr0};
  assign rgb_src_const   = {ra.addr2_const, ra.addr1_const, ra.addr0_const};
  assign rgb_src_rel     = {ra.addr2_rel, ra.addr1_rel, ra.addr0_rel};
  assign alpha_src_addr  = {aa.addr2, aa.addr1, aa.addr0};
  assign alpha_src_const = {aa.addr2_const, aa.addr1_const, aa.addr0_const};
  assign alpha_src_rel   = {aa.addr2_rel, aa.addr1_rel, aa.addr0_rel};
  assign tex_src = ta.src_addr + (ta.src_addr_rel ? id_al[6:0] : 7'd0);
  assign tex_dst = ta.dst_addr + (ta.dst_addr_rel ? id_al[6:0] : 7'd0);

  always_comb begin
    for (int i = 0; i < 3; i++) begin
      rgb_taddr[i]       = TAddrW'({id_ctx_q, 7'(rgb_src_addr[i][6:0] + (rgb_src_rel[i] ? id_al[6:0] : 7'd0))});
      alpha_taddr[i]     = TAddrW'({id_ctx_q, 7'(alpha_src_addr[i][6:0] + (alpha_src_rel[i] ? id_al[6:0] : 7'd0))});
      const_raddr[i]     = rgb_src_addr[i] + (rgb_src_rel[i] ? id_al : 8'd0);
      const_raddr[3 + i] = alpha_src_addr[i] + (alpha_src_rel[i] ? id_al : 8'd0);
    end
    if (cmn.type_f == us_isa_pkg::US_CMN_INST_TYPE_TEX) begin
      rgb_taddr[0]   = TAddrW'({id_ctx_q, tex_src});
      alpha_taddr[0] = TAddrW'({id_ctx_q, tex_src});
    end
  end

  us_const_rf #(
    .NumReadPorts(6)
  ) u_const_rf (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .we_i   (const_we),
    .widx_i (const_idx),
    .wchan_i(const_chan),
    .wdata_i(const_wdata),
    .raddr_i(const_raddr),
    .rdata_o(const_rdata)
  );

  // Temporaries: written by write-back, or by the quad-input port when write-back is idle.
  logic                wb_valid_q;
  logic [3:0][3:0]     trf_we, wb_we;
  logic [TAddrW-1:0]   trf_rgb_waddr, trf_alpha_waddr, wb_rgb_waddr, wb_alpha_waddr;
  logic [3:0][3:0][31:0] trf_wdata, wb_wdata;

  assign tin_ready_o = !wb_valid_q;
  always_comb begin
    if (wb_valid_q) begin
      trf_we          = wb_we;
      trf_rgb_waddr   = wb_rgb_waddr;
      trf_alpha_waddr = wb_alpha_waddr;
      trf_wdata       = wb_wdata;
    end else begin
      trf_we          = '0;
      trf_we[tin_pixel_i] = tin_we_i ? 4'hF : 4'h0;
      trf_rgb_waddr   = TAddrW'({tin_ctx_i, tin_addr_i});
      trf_alpha_waddr = TAddrW'({tin_ctx_i, tin_addr_i});
      trf_wdata       = {4{tin_data_i}};
    end
  end

  us_temp_rf #(
    .NumCtx(NumCtx)
  ) u_temp_rf (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .clear_i      (clear_i && !run_q[clear_ctx_i]),
    .clear_ctx_i  (clear_ctx_i),
    .rgb_raddr_i  (rgb_taddr),
    .alpha_raddr_i(alpha_taddr),
    .rdata_o      (temp_rdata),
    .we_i         (trf_we),
    .rgb_waddr_i  (trf_rgb_waddr),
    .alpha_waddr_i(trf_alpha_waddr),
    .wdata_i      (trf_wdata)
  );

  // Source values per pixel, source and channel; TEX coordinates through the source swizzles.
  logic [3:0][2:0][3:0][31:0] id_src;
  logic [3:0][3:0][31:0]      id_coord;
  logic [3:0][1:0]            tex_src_swz;
  assign tex_src_swz = {ta.src_q_swiz, ta.src_r_swiz, ta.src_t_swiz, ta.src_s_swiz};
  always_comb begin
    for (int p = 0; p < 4; p++) begin
      for (int i = 0; i < 3; i++) begin
        for (int c = 0; c < 3; c++) begin
          id_src[p][i][c] = rgb_src_const[i] ? const_rdata[i][c] :
                            rgb_src_addr[i][7] ? inline_constant(rgb_src_addr[i][6:0]) : temp_rdata[p][i][c];
        end
        id_src[p][i][3] = alpha_src_const[i] ? const_rdata[3 + i][3] :
                          alpha_src_addr[i][7] ? inline_constant(alpha_src_addr[i][6:0]) : temp_rdata[p][i][3];
      end
      for (int c = 0; c < 4; c++) begin
        id_coord[p][c] = temp_rdata[p][0][tex_src_swz[c]];
      end
    end
  end

  // What goes down the pipe.
  us_core_pkg::us_ctrl_t id_ctrl;
  logic [3:0]            id_writers;
  always_comb begin
    id_ctrl                = '0;
    id_ctrl.ctx            = 4'(id_ctx_q);
    id_ctrl.pc             = id_pc_q;
    id_ctrl.next_pc        = id_pc_q + 9'd1;
    id_ctrl.words          = imem_rdata;
    id_ctrl.running_before = id_running;
    id_writers             = cmn.write_inactive ? 4'hF : id_running;
    if (cmn.type_f == us_isa_pkg::US_CMN_INST_TYPE_TEX && ti.ignore_uncovered) begin
      id_writers = id_writers & id_covered;
    end
    id_ctrl.writers = id_writers;
    for (int p = 0; p < 4; p++) begin
      id_ctrl.en[p] = pred_channels(id_pred[p], cmn.rgb_pred_sel, cmn.rgb_pred_inv, cmn.alpha_pred_sel,
                                    cmn.alpha_pred_inv);
    end
    id_ctrl.rdst = ci.rgb_addrd + (ci.rgb_addrd_rel ? id_al[6:0] : 7'd0);
    id_ctrl.adst = ai.alpha_addrd + (ai.alpha_addrd_rel ? id_al[6:0] : 7'd0);
    if (!id_in_window) begin
      id_ctrl.kind = us_core_pkg::KindNone;
      id_ctrl.err[us_fc_pkg::ErrPcRange] = 1'b1;
    end else if (!id_legal) begin
      id_ctrl.kind = us_core_pkg::KindNone;
      id_ctrl.err[us_fc_pkg::ErrIllegalInst] = 1'b1;
    end else begin
      unique case (cmn.type_f)
        us_isa_pkg::US_CMN_INST_TYPE_ALU: id_ctrl.kind = us_core_pkg::KindAlu;
        us_isa_pkg::US_CMN_INST_TYPE_OUT: id_ctrl.kind = us_core_pkg::KindOut;
        us_isa_pkg::US_CMN_INST_TYPE_FC: begin
          id_ctrl.kind    = us_core_pkg::KindFc;
          id_ctrl.err     = fc_errors;
          id_ctrl.jumped  = fc_jump;
          id_ctrl.next_pc = fc_next_pc;
        end
        default: begin
          id_ctrl.kind = us_core_pkg::KindTex;
          id_ctrl.rdst = tex_dst;
        end
      endcase
    end
  end

  // ===================================================================================================
  // Pipeline registers ID -> EX1 -> EX2 -> EX3 -> EX4 -> WB (control and data)
  // ===================================================================================================
  logic                       ex1_valid_q, ex2_valid_q, ex3_valid_q, ex4_valid_q;
  us_core_pkg::us_ctrl_t      ex1_ctrl_q, ex2_ctrl_q, ex3_ctrl_q, ex4_ctrl_q, wb_ctrl_q;
  logic [3:0][2:0][3:0][31:0] ex1_src_q;
  logic [3:0][3:0][31:0]      ex1_coord_q, ex2_coord_q, ex3_coord_q, ex4_coord_q, wb_coord_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ex1_valid_q <= 1'b0;
      ex2_valid_q <= 1'b0;
      ex3_valid_q <= 1'b0;
      ex4_valid_q <= 1'b0;
      wb_valid_q  <= 1'b0;
    end else begin
      ex1_valid_q <= id_valid_q;
      ex2_valid_q <= ex1_valid_q;
      ex3_valid_q <= ex2_valid_q;
      ex4_valid_q <= ex3_valid_q;
      wb_valid_q  <= ex4_valid_q;
    end
  end

  always_ff @(posedge clk_i) begin
    ex1_ctrl_q  <= id_ctrl;
    ex1_src_q   <= id_src;
    ex1_coord_q <= id_coord;
    ex2_ctrl_q  <= ex1_ctrl_q;
    ex2_coord_q <= ex1_coord_q;
    ex3_ctrl_q  <= ex2_ctrl_q;
    ex3_coord_q <= ex2_coord_q;
    ex4_ctrl_q  <= ex3_ctrl_q;
    ex4_coord_q <= ex3_coord_q;
    wb_ctrl_q   <= ex4_ctrl_q;
    wb_coord_q  <= ex4_coord_q;
  end

  // ===================================================================================================
  // EX1: operands
  // ===================================================================================================
  us_isa_pkg::us_alu_alpha_inst_t ex1_ai;
  us_isa_pkg::us_alu_rgba_inst_t  ex1_ci;
  logic                           ex1_tex;
  logic [3:0][3:0][31:0]          ex1_a, ex1_b, ex1_c;
  logic [3:0][31:0]               ex1_a_dp4;
  logic [3:0][31:0]               ex1_drgb;
  logic [31:0]                    ex1_dalpha;
  assign ex1_ai  = ex1_ctrl_q.words[4];
  assign ex1_ci  = ex1_ctrl_q.words[5];
  assign ex1_tex = ex1_ctrl_q.kind == us_core_pkg::KindTex;
  // MDH reads pixel 1, MDV pixel 2
  assign ex1_drgb   = (ex1_ci.rgb_op == us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_MDH) ? ex1_src_q[1][0]
                                                                                : ex1_src_q[2][0];
  assign ex1_dalpha = (ex1_ai.alpha_op == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_MDH) ? ex1_src_q[1][0][3]
                                                                                     : ex1_src_q[2][0][3];

  for (genvar p = 0; p < 4; p++) begin : g_operand
    us_operand u_operand (
      .src_i       (ex1_src_q[p]),
      .d0_i        (ex1_src_q[0][0]),
      .drgb_i      (ex1_drgb),
      .dalpha_i    (ex1_dalpha),
      .rgb_addr_i  (ex1_ctrl_q.words[1]),
      .alpha_addr_i(ex1_ctrl_q.words[2]),
      .rgb_inst_i  (ex1_ctrl_q.words[3]),
      .alpha_inst_i(ex1_ctrl_q.words[4]),
      .rgba_inst_i (ex1_ctrl_q.words[5]),
      .tex_i       (ex1_tex),
      .tex_q_i     (ex1_coord_q[p][3]),
      .a_o         (ex1_a[p]),
      .b_o         (ex1_b[p]),
      .c_o         (ex1_c[p]),
      .a_dp4_o     (ex1_a_dp4[p])
    );
  end

  logic [3:0][3:0][31:0] ex2_a_q, ex2_b_q, ex2_c_q;
  logic [3:0][31:0]      ex2_a_dp4_q;
  logic [3:0]            ex2_rgb_op_q, ex2_alpha_op_q, ex2_trans_op_q;
  always_ff @(posedge clk_i) begin
    ex2_a_q        <= ex1_a;
    ex2_b_q        <= ex1_b;
    ex2_c_q        <= ex1_c;
    ex2_a_dp4_q    <= ex1_a_dp4;
    ex2_rgb_op_q   <= ex1_tex ? 4'd0 : ex1_ci.rgb_op;
    ex2_alpha_op_q <= ex1_tex ? 4'd0 : ex1_ai.alpha_op;
    ex2_trans_op_q <= ex1_tex ? us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_RCP : ex1_ai.alpha_op;
  end

  // ===================================================================================================
  // EX2 .. EX4: the lanes
  // ===================================================================================================
  logic [3:0][2:0][31:0] ex4_rgb;
  logic [3:0][31:0]      ex4_alpha, ex4_trans, ex4_s, ex4_t;
  logic                  ex4_proj;
  us_isa_pkg::us_tex_inst_t ex4_ti;
  assign ex4_ti   = ex4_ctrl_q.words[1];
  assign ex4_proj = ex4_ti.inst == us_isa_pkg::US_TEX_INST_INST_PROJ;

  for (genvar p = 0; p < 4; p++) begin : g_pixel
    us_ex_pixel u_ex (
      .clk_i        (clk_i),
      .rst_ni       (rst_ni),
      .valid_i      (ex2_valid_q),
      .a_i          (ex2_a_q[p]),
      .b_i          (ex2_b_q[p]),
      .c_i          (ex2_c_q[p]),
      .a_dp4_i      (ex2_a_dp4_q[p]),
      .rgb_op_i     (ex2_rgb_op_q),
      .alpha_op_i   (ex2_alpha_op_q),
      .trans_op_i   (ex2_trans_op_q),
      .zero_legacy_i(config_f.zero_times_anything_equals_zero == 1'b1),
      .rgb_o        (ex4_rgb[p]),
      .alpha_o      (ex4_alpha[p]),
      .trans_o      (ex4_trans[p])
    );
    us_tex_proj u_proj (
      .proj_i (ex4_proj),
      .s_i    (ex4_coord_q[p][0]),
      .t_i    (ex4_coord_q[p][1]),
      .rcp_q_i(ex4_trans[p]),
      .s_o    (ex4_s[p]),
      .t_o    (ex4_t[p])
    );
  end

  logic [3:0][2:0][31:0] wb_rgb_q;
  logic [3:0][31:0]      wb_alpha_q, wb_s_q, wb_t_q;
  always_ff @(posedge clk_i) begin
    wb_rgb_q   <= ex4_rgb;
    wb_alpha_q <= ex4_alpha;
    wb_s_q     <= ex4_s;
    wb_t_q     <= ex4_t;
  end

  // ===================================================================================================
  // WB: output modifiers, writes, texture lookup, termination, retire record
  // ===================================================================================================
  us_isa_pkg::us_cmn_inst_t       wb_cmn;
  us_isa_pkg::us_alu_rgb_inst_t   wb_ri;
  us_isa_pkg::us_alu_alpha_inst_t wb_ai;
  us_isa_pkg::us_tex_inst_t       wb_ti;
  us_isa_pkg::us_tex_addr_t       wb_ta;
  assign wb_cmn = wb_ctrl_q.words[0];
  assign wb_ri  = wb_ctrl_q.words[3];
  assign wb_ai  = wb_ctrl_q.words[4];
  assign wb_ti  = wb_ctrl_q.words[1];
  assign wb_ta  = wb_ctrl_q.words[2];

  logic [CtxW-1:0] wb_ctx;
  assign wb_ctx = CtxW'(wb_ctrl_q.ctx);

  // Checking the checker: the co-simulation harness may set this register (Verilator public) to flip bits of
  // the next red temporary write of pixel 0. Nothing in the design sets it, so synthesis removes it.
  logic [31:0] dbg_flip_q /*verilator public_flat_rw*/;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      dbg_flip_q <= '0;
    end else if (wb_valid_q && wb_we[0][0]) begin
      dbg_flip_q <= '0;
    end
  end

  // ALU results: OMOD, clamp, compares with zero
  logic [3:0][3:0][31:0] wb_val;
  logic [3:0][3:0]       wb_cmp_target;  // pixel, lane: compare with the lane's TARGET op (predicates)
  logic [3:0]            wb_cmp_result;  // pixel: compare for the ALU result
  logic [3:0][3:0][31:0] wb_omod, wb_clamped;  // pixel, lane (Yosys: no variables inside generate blocks)
  for (genvar p = 0; p < 4; p++) begin : g_wb
    for (genvar l = 0; l < 4; l++) begin : g_lane
      us_fp_omod u_omod (
        .r_i     ((l == 3) ? wb_alpha_q[p] : wb_rgb_q[p][l]),
        .omod_i  ((l == 3) ? wb_ai.omod : wb_ri.omod),
        .result_o(wb_omod[p][l])
      );
      us_fp_clamp01 u_clamp (
        .r_i     (wb_omod[p][l]),
        .result_o(wb_clamped[p][l])
      );
      assign wb_val[p][l] = ((l == 3) ? wb_cmn.alpha_clamp : wb_cmn.rgb_clamp) ? wb_clamped[p][l] : wb_omod[p][l];
      us_fp_cmp0 u_cmp (
        .v_i     (wb_val[p][l]),
        .op_i    ((l == 3) ? wb_ai.target : wb_ri.target),
        .result_o(wb_cmp_target[p][l])
      );
    end
    us_fp_cmp0 u_cmp_result (
      .v_i     (wb_cmn.alu_result_sel ? wb_val[p][3] : wb_val[p][0]),
      .op_i    (wb_cmn.alu_result_op),
      .result_o(wb_cmp_result[p])
    );
  end

  // Texture lookup
  logic [4:0]            tex_width, tex_height;
  logic [3:0][11:0]      tex_raddr;
  logic [3:0][3:0][31:0] texel;
  logic [3:0][3:0] tex_x, tex_y;
  for (genvar p = 0; p < 4; p++) begin : g_tex
    us_tex_addr u_addr (
      .unscaled_i(wb_ti.unscaled == 1'b1),
      .s_i       (wb_s_q[p]),
      .t_i       (wb_t_q[p]),
      .width_i   (tex_width),
      .height_i  (tex_height),
      .x_o       (tex_x[p]),
      .y_o       (tex_y[p])
    );
    assign tex_raddr[p] = {wb_ti.tex_id, tex_y[p], tex_x[p]};
  end

  us_tex_mem u_tex_mem (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .we_i     (tex_we_i),
    .waddr_i  (tex_waddr_i),
    .wdata_i  (tex_wdata_i),
    .dim_we_i (tex_dim_we_i),
    .dim_id_i (tex_dim_id_i),
    .width_i  (tex_width_i),
    .height_i (tex_height_i),
    .rtex_i   (wb_ti.tex_id),
    .rwidth_o (tex_width),
    .rheight_o(tex_height),
    .raddr_i  (tex_raddr),
    .rdata_o  (texel)
  );

  // -0 counts as < 0 (TEXKILL); NaN never does; a negative denormal reads as -0.
  function automatic logic tex_negative(input logic [31:0] v);
    tex_negative = v[31] && v[30:0] <= us_fp_pkg::PosInf[30:0];
  endfunction

  // The context's state at write-back (its FC state is already the state after this instruction).
  us_fc_pkg::us_frame_t [LoopDepth-1:0] wb_loop;
  us_fc_pkg::us_frame_t                 wb_top;
  logic [LoopSpW-1:0]                   wb_loop_sp;
  logic [AddrDepth-1:0][8:0]            wb_addr;
  logic [AddrSpW-1:0]                   wb_addr_sp;
  logic [3:0]                           wb_inactive, wb_masked, wb_killed_old;
  logic [3:0][3:0]                      wb_pred_old;
  logic [3:0]                           wb_result_old;
  logic [31:0]                          wb_retired;
  assign wb_loop       = loop_q[wb_ctx];
  assign wb_loop_sp    = loop_sp_q[wb_ctx];
  assign wb_top        = wb_loop[LoopIdxW'(wb_loop_sp - 1'b1)];
  assign wb_addr       = addr_q[wb_ctx];
  assign wb_addr_sp    = addr_sp_q[wb_ctx];
  assign wb_inactive   = inactive_q[wb_ctx];
  assign wb_masked     = masked_of(wb_loop, wb_loop_sp);
  assign wb_killed_old = killed_q[wb_ctx];
  assign wb_pred_old   = pred_q[wb_ctx];
  assign wb_result_old = result_q[wb_ctx];
  assign wb_retired    = retired_q[wb_ctx];

  // The instruction's effects
  logic                  wb_alu, wb_out, wb_tex_lookup, wb_texkill;
  logic [3:0]            wb_kill, wb_killed_new, wb_w, wb_res_mask, wb_res_val;
  logic [3:0][3:0]       wb_pred_mask, wb_pred_new, wb_temp0_mask, wb_temp1_mask, wb_out0_mask, wb_out1_mask;
  logic [3:0][3:0][31:0] wb_tval;
  logic [3:0][1:0]       tex_dst_swz;
  logic [us_fc_pkg::ErrCount-1:0] wb_errors;
  logic                  wb_done;
  logic [8:0]            end_pc;
  assign tex_dst_swz   = {wb_ta.dst_a_swiz, wb_ta.dst_b_swiz, wb_ta.dst_g_swiz, wb_ta.dst_r_swiz};
  assign wb_alu        = wb_ctrl_q.kind == us_core_pkg::KindAlu || wb_ctrl_q.kind == us_core_pkg::KindOut;
  assign wb_out        = wb_ctrl_q.kind == us_core_pkg::KindOut;
  assign wb_texkill    = wb_ctrl_q.kind == us_core_pkg::KindTex && wb_ti.inst == us_isa_pkg::US_TEX_INST_INST_TEXKILL;
  assign wb_tex_lookup = wb_ctrl_q.kind == us_core_pkg::KindTex && wb_ti.inst != us_isa_pkg::US_TEX_INST_INST_NOP &&
                         wb_ti.inst != us_isa_pkg::US_TEX_INST_INST_TEXKILL;
  assign end_pc        = code_addr.end_addr + code_offset.offset_addr;

  always_comb begin
    wb_we          = '0;
    wb_wdata       = wb_val;
    wb_rgb_waddr   = TAddrW'({wb_ctx, wb_ctrl_q.rdst});
    wb_alpha_waddr = TAddrW'({wb_ctx, wb_ctrl_q.adst});
    wb_kill        = '0;
    wb_pred_mask   = '0;
    wb_pred_new    = wb_pred_old;
    wb_res_mask    = '0;
    wb_res_val     = wb_result_old;
    wb_w           = '0;
    wb_temp0_mask  = '0;
    wb_temp1_mask  = '0;
    wb_out0_mask   = '0;
    wb_out1_mask   = '0;
    for (int p = 0; p < 4; p++) begin
      for (int c = 0; c < 4; c++) begin
        wb_tval[p][c] = texel[p][tex_dst_swz[c]];
      end
      if (wb_valid_q && wb_ctrl_q.writers[p]) begin
        if (wb_alu) begin
          wb_we[p] = {wb_cmn.alpha_wmask == 1'b1, wb_cmn.rgb_wmask} & wb_ctrl_q.en[p];
          wb_temp0_mask[p] = {1'b0, wb_we[p][2:0]};
          wb_temp1_mask[p] = {wb_we[p][3], 3'b000};
          if (wb_out) begin
            wb_out0_mask[p] = {1'b0, wb_cmn.rgb_omask & wb_ctrl_q.en[p][2:0]};
            wb_out1_mask[p] = {wb_cmn.alpha_omask == 1'b1 && wb_ctrl_q.en[p][3], 3'b000};
            wb_w[p]         = wb_ai.w_omask == 1'b1 && wb_ctrl_q.en[p][3];
          end else begin
            wb_pred_mask[p] = {wb_cmn.alpha_omask == 1'b1, wb_cmn.rgb_omask} & wb_ctrl_q.en[p];
            for (int c = 0; c < 4; c++) begin
              if (wb_pred_mask[p][c]) begin
                wb_pred_new[p][c] = wb_cmp_target[p][c];
              end
            end
          end
          if (wb_ri.alu_wmask == 1'b1 && wb_ctrl_q.en[p][wb_cmn.alu_result_sel ? 3 : 0]) begin
            wb_res_mask[p] = 1'b1;
            wb_res_val[p]  = wb_cmp_result[p];
          end
        end else if (wb_texkill) begin
          wb_kill[p] = tex_negative(wb_coord_q[p][0]) || tex_negative(wb_coord_q[p][1]) ||
                       tex_negative(wb_coord_q[p][2]) || tex_negative(wb_coord_q[p][3]);
        end else if (wb_tex_lookup) begin
          wb_we[p] = {wb_cmn.alpha_wmask == 1'b1, wb_cmn.rgb_wmask} & wb_ctrl_q.en[p];
          wb_temp0_mask[p] = wb_we[p];
        end
      end
    end
    if (wb_tex_lookup) begin
      wb_wdata       = wb_tval;
      wb_alpha_waddr = wb_rgb_waddr;
    end
    wb_wdata[0][0] = wb_wdata[0][0] ^ (wb_we[0][0] ? dbg_flip_q : 32'h0);
    wb_killed_new = wb_killed_old | wb_kill;

    // Termination: errors, END_ADDR fallen through, LAST with every unkilled pixel ACTIVE and unmasked, watchdog
    wb_errors = err_q[wb_ctx] | wb_ctrl_q.err;
    wb_done   = 1'b0;
    if (wb_errors != '0) begin
      wb_done = 1'b1;
    end else if (!wb_ctrl_q.jumped && wb_ctrl_q.pc == end_pc) begin
      wb_done = 1'b1;
    end else if (wb_cmn.last == 1'b1 && ((wb_inactive | wb_masked) & ~wb_killed_new) == 4'h0) begin
      wb_done = 1'b1;
    end else if (wb_retired + 32'd1 >= watchdog_i) begin
      wb_errors[us_fc_pkg::ErrWatchdog] = 1'b1;
      wb_done = 1'b1;
    end
  end

  // ===================================================================================================
  // Context state next values: launch, IF (busy), ID (PC, FC state), WB (everything else)
  // ===================================================================================================
  logic [CtxW-1:0] id_ctx;
  assign id_ctx = id_ctx_q;
  always_comb begin
    run_d      = run_q;
    busy_d     = busy_q;
    done_d     = done_q;
    err_d      = err_q;
    pc_d       = pc_q;
    retired_d  = retired_q;
    covered_d  = covered_q;
    killed_d   = killed_q;
    inactive_d = inactive_q;
    result_d   = result_q;
    counter_d  = counter_q;
    loop_d     = loop_q;
    loop_sp_d  = loop_sp_q;
    addr_d     = addr_q;
    addr_sp_d  = addr_sp_q;
    pred_d     = pred_q;
    rr_d       = rr_q;

    if (issue) begin
      busy_d[pick] = 1'b1;
      rr_d         = pick;
    end
    if (id_valid_q) begin
      pc_d[id_ctx] = id_ctrl.next_pc;
      if (id_ctrl.kind == us_core_pkg::KindFc) begin
        inactive_d[id_ctx] = fc_inactive;
        counter_d[id_ctx]  = fc_counter;
        loop_d[id_ctx]     = fc_loop;
        loop_sp_d[id_ctx]  = fc_loop_sp;
        addr_d[id_ctx]     = fc_addr;
        addr_sp_d[id_ctx]  = fc_addr_sp;
      end
    end
    if (wb_valid_q) begin
      busy_d[wb_ctx]    = 1'b0;
      killed_d[wb_ctx]  = wb_killed_new;
      pred_d[wb_ctx]    = wb_pred_new;
      result_d[wb_ctx]  = wb_res_val;
      err_d[wb_ctx]     = wb_errors;
      retired_d[wb_ctx] = wb_retired + 32'd1;
      if (wb_done) begin
        run_d[wb_ctx]  = 1'b0;
        done_d[wb_ctx] = 1'b1;
      end
    end
    if (launch_i && !run_q[launch_ctx_i]) begin
      run_d[launch_ctx_i]      = 1'b1;
      busy_d[launch_ctx_i]     = 1'b0;
      done_d[launch_ctx_i]     = 1'b0;
      err_d[launch_ctx_i]      = '0;
      pc_d[launch_ctx_i]       = code_addr.start_addr + code_offset.offset_addr;
      retired_d[launch_ctx_i]  = '0;
      covered_d[launch_ctx_i]  = launch_covered_i;
      killed_d[launch_ctx_i]   = '0;
      inactive_d[launch_ctx_i] = '0;
      result_d[launch_ctx_i]   = '0;
      counter_d[launch_ctx_i]  = '0;
      loop_d[launch_ctx_i]     = '0;
      loop_sp_d[launch_ctx_i]  = '0;
      addr_d[launch_ctx_i]     = '0;
      addr_sp_d[launch_ctx_i]  = '0;
      pred_d[launch_ctx_i]     = '0;
    end
  end

  // ===================================================================================================
  // Retire port
  // ===================================================================================================
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rvfi_valid_o <= 1'b0;
    end else begin
      rvfi_valid_o <= wb_valid_q;
    end
  end

  always_ff @(posedge clk_i) begin
    rvfi_ctx_o            <= wb_ctrl_q.ctx;
    rvfi_seq_o            <= wb_retired;
    rvfi_pc_o             <= wb_ctrl_q.pc;
    rvfi_next_pc_o        <= wb_ctrl_q.next_pc;
    rvfi_inst_o           <= wb_ctrl_q.words;
    rvfi_running_before_o <= wb_ctrl_q.running_before;
    rvfi_running_after_o  <= ~(wb_killed_new | wb_inactive | wb_masked);
    rvfi_killed_after_o   <= wb_killed_new;
    rvfi_temp_addr_o      <= {wb_ctrl_q.adst, wb_ctrl_q.rdst};
    rvfi_temp_mask_o      <= {wb_temp1_mask, wb_temp0_mask};
    rvfi_out_addr_o       <= {wb_ai.target, wb_ri.target};
    rvfi_out_mask_o       <= {wb_out1_mask, wb_out0_mask};
    rvfi_w_mask_o         <= wb_w;
    rvfi_pred_mask_o      <= wb_pred_mask;
    rvfi_pred_val_o       <= wb_pred_new;
    rvfi_result_mask_o    <= wb_res_mask;
    rvfi_result_val_o     <= wb_res_val;
    rvfi_jumped_o         <= wb_ctrl_q.jumped;
    rvfi_inactive_after_o <= wb_inactive;
    rvfi_counter_after_o  <= counter_q[wb_ctx];
    rvfi_loop_sp_o        <= wb_loop_sp;
    rvfi_addr_sp_o        <= wb_addr_sp;
    rvfi_loop_top_o       <= (wb_loop_sp != '0) ? wb_top : '0;
    rvfi_addr_top_o       <= (wb_addr_sp != '0) ? wb_addr[AddrIdxW'(wb_addr_sp - 1'b1)] : 9'd0;
    rvfi_errors_o         <= wb_errors;
    rvfi_done_o           <= wb_done;
    for (int p = 0; p < 4; p++) begin
      rvfi_w_val_o[p] <= wb_w[p] ? wb_val[p][3] : 32'h0;
      for (int c = 0; c < 4; c++) begin
        rvfi_temp_val_o[0][p][c] <= wb_temp0_mask[p][c] ? wb_wdata[p][c] : 32'h0;
        rvfi_temp_val_o[1][p][c] <= wb_temp1_mask[p][c] ? wb_wdata[p][c] : 32'h0;
        rvfi_out_val_o[0][p][c]  <= wb_out0_mask[p][c] ? wb_val[p][c] : 32'h0;
        rvfi_out_val_o[1][p][c]  <= wb_out1_mask[p][c] ? wb_val[p][c] : 32'h0;
      end
    end
  end

  // Instruction fields and register bits each stage does not read (every field is read somewhere).
  logic unused_fields;
  assign unused_fields = ^{code_addr, code_range, cmn, ra, aa, ri, ai, ci, ti, ta, id_top, ex1_ai, ex1_ci, ex4_ti,
                           wb_cmn, wb_ri, wb_ai, wb_ti, wb_ta, ex2_ctrl_q.kind};

endmodule
