// us_ta_stage: the texel address, four stages (docs/rtl.md; us_core_pkg's StageTaProj, StageTaScale, StageTaAddr,
// StageTaRead). For a TEX lookup, each pixel's nearest texel of its S and T is presented to the texture model's
// storage (us_tex_mem), whose registered read gives WB the texel:
//   TaProj   a projected lookup's S x RCP(Q) and T x RCP(Q) rounded (the products are DotRound's, us_tex_proj);
//            every other lookup takes S and T as they are; the texture's size (us_tex_mem)
//   TaScale  unless UNSCALED, the significand products S x width and T x height
//   TaAddr   ... rounded; floor, clamp to the texture (us_tex_addr): the texel address
//   TaRead   the address presented to us_tex_mem
// An ALU or OUT instruction's results take their output modifier and clamp on the way (TaProj: OMOD, TaScale:
// clamp, TaAddr: the compares with zero for the predicates and the ALU result, us_fp_cmp0), so WB only writes.
// Every instruction's control passes through to WB in registers. The registers before TaScale, TaAddr and TaRead
// are optional (us_core_pkg's PipeRegs): without them the four are one stage.
//
// With Lanes below 4 a quad-instruction comes from EX in Beats = 4 / Lanes beats on consecutive clocks; TA's
// output registers gather them (beat b into pixels b x Lanes ..), and the texels of every beat but the last from
// us_tex_mem's read registers, so WB sees the whole quad once, in the clock after the last beat. The texels go
// through the destination swizzle (TEX_ADDR's DST_*_SWIZ) here, a beat's Lanes pixels at a time, before they
// gather: Lanes pixels' multiplexers instead of the quad's in WB.
`include "us_assert.svh"

module us_ta_stage #(
  parameter logic [15:0] PipeRegs = us_core_pkg::PipeSim,  // the optional stage registers (us_core_pkg)
  parameter int unsigned Lanes    = 4,                     // the pixels a clock (us_core_pkg, Lanes)
  parameter int unsigned NumCtx   = 1,                     // the contexts (id_words_i)
  localparam int unsigned Beats   = 4 / Lanes,
  localparam int unsigned CtxW    = (NumCtx > 1) ? $clog2(NumCtx) : 1
) (
  input  logic                                 clk_i,
  input  logic                                 rst_ni,

  // from the harness: the texture model's storage
  input  logic                                 tex_we_i,
  input  logic [11:0]                          tex_waddr_i,
  input  us_types_pkg::fp32_t [3:0]            tex_wdata_i,      // channel
  input  logic                                 tex_dim_we_i,
  input  logic [3:0]                           tex_dim_id_i,
  input  logic [4:0]                           tex_width_i,
  input  logic [4:0]                           tex_height_i,
  // from ID: each context's instruction words (a stage reads its instruction's by the context in its control)
  input  logic [NumCtx-1:0][5:0][31:0]     id_words_i,
  // from DotRound (registered): the instruction and its raw results, a beat's
  input  logic                                      ex_valid_i,
  input  us_core_pkg::us_ctrl_t                     ex_ctrl_i,
  input  logic [1:0]                                ex_beat_i,
  input  us_types_pkg::fp32_t [Lanes-1:0][3:0]      ex_coord_i,   // pixel, TEX coordinate s t r q
  input  us_types_pkg::fp32_t [Lanes-1:0][2:0]      ex_rgb_i,     // pixel, channel r g b
  input  us_types_pkg::fp32_t [Lanes-1:0]           ex_alpha_i,   // pixel
  input  logic [Lanes-1:0][us_fp_pkg::MulProdW-1:0] ex_s_prod_i,  // pixel: PROJ's S x RCP(Q), T x RCP(Q)
  input  logic [Lanes-1:0][us_fp_pkg::MulProdW-1:0] ex_t_prod_i,  // products

  // to WB (registered)
  output logic                                 ta_valid_o,
  output us_core_pkg::us_ctrl_t                ta_ctrl_o,
  output us_types_pkg::fp32_t [3:0][3:0]       ta_coord_o,
  output us_types_pkg::fp32_t [3:0][3:0]       ta_val_o,         // pixel, lane r g b a: after OMOD and clamp
  output us_types_pkg::chan_mask_t [3:0]       ta_cmp_target_o,  // per pixel, lane: its value against its TARGET
  output us_types_pkg::pix_mask_t              ta_cmp_result_o,  // per pixel: the ALU result's compare
  output us_types_pkg::fp32_t [3:0][3:0]       ta_texel_o        // pixel, channel: us_tex_mem's read register
                                                                  // through the destination swizzle
);

  localparam int unsigned MulW = us_fp_pkg::MulProdW;

  // An integer 1..16 as fp32, exactly.
  function automatic logic [31:0] small_uint_to_fp(input logic [4:0] n);
    logic [31:0] r;
    r = 32'h0;
    for (int e = 0; e < 5; e++) begin
      if (n[e]) begin
        r = {1'b0, 8'(127 + e), 23'(({27'h0, n} << (23 - e)) & 32'h007F_FFFF)};
      end
    end
    small_uint_to_fp = r;
  endfunction

  // A TEX instruction that reads a texel (not NOP, not TEXKILL).
  function automatic logic tex_lookup(input us_core_pkg::us_kind_e kind, input logic [2:0] inst);
    tex_lookup = kind == us_core_pkg::KindTex && inst != us_isa_pkg::US_TEX_INST_INST_NOP &&
                 inst != us_isa_pkg::US_TEX_INST_INST_TEXKILL;
  endfunction

  // ===========================================================================================================
  // TaProj
  // ===========================================================================================================
  us_isa_pkg::us_tex_inst_t  pj_tex_inst;
  logic                      pj_proj;
  us_types_pkg::fp32_t [Lanes-1:0] pj_s, pj_t;
  logic [5:0][31:0] pj_words;  // the instruction's words (us_id_stage keeps them)
  assign pj_words = id_words_i[CtxW'(ex_ctrl_i.ctx)];
  assign pj_tex_inst = pj_words[1];
  assign pj_proj     = ex_ctrl_i.kind == us_core_pkg::KindTex && pj_tex_inst.inst == us_isa_pkg::US_TEX_INST_INST_PROJ;
  always_comb begin
    for (int p = 0; p < int'(Lanes); p++) begin
      pj_s[p] = ex_coord_i[p][0];
      pj_t[p] = ex_coord_i[p][1];
      if (pj_proj) begin
        pj_s[p] = us_fp_pkg::fp_mul_round(ex_s_prod_i[p]);
        pj_t[p] = us_fp_pkg::fp_mul_round(ex_t_prod_i[p]);
      end
    end
  end

  // OMOD per pixel and lane
  us_isa_pkg::us_alu_rgb_inst_t   pj_rgb_inst;
  us_isa_pkg::us_alu_alpha_inst_t pj_alpha_inst;
  us_types_pkg::fp32_t [Lanes-1:0][3:0] pj_omod;  // pixel, lane (Yosys: no variables inside generate blocks)
  assign pj_rgb_inst   = pj_words[3];
  assign pj_alpha_inst = pj_words[4];
  for (genvar p = 0; p < Lanes; p++) begin : g_omod
    for (genvar l = 0; l < 4; l++) begin : g_lane
      us_fp_omod u_omod (
        .r_i     ((l == 3) ? ex_alpha_i[p] : ex_rgb_i[p][l]),
        .omod_i  ((l == 3) ? pj_alpha_inst.omod : pj_rgb_inst.omod),
        .result_o(pj_omod[p][l])
      );
    end
  end

  logic                                 sc_valid_q;
  us_core_pkg::us_ctrl_t                sc_ctrl_q;
  logic [1:0]                           sc_beat_q;
  us_types_pkg::fp32_t [Lanes-1:0][3:0] sc_coord_q, sc_omod_q;
  us_types_pkg::fp32_t [Lanes-1:0]      sc_s_q, sc_t_q;
  logic [4:0]                           pj_width, pj_height;  // the texture's size, read in TaProj
  logic [4:0]                           sc_width, sc_height;  // ... for TaScale's products
  if (PipeRegs[us_core_pkg::PipeTaScale]) begin : g_sc_reg
    always_ff @(posedge clk_i) begin
      sc_width   <= pj_width;
      sc_height  <= pj_height;
      sc_ctrl_q  <= ex_ctrl_i;
      sc_beat_q  <= ex_beat_i;
      sc_coord_q <= ex_coord_i;
      sc_omod_q  <= pj_omod;
      sc_s_q     <= pj_s;
      sc_t_q     <= pj_t;
    end
  end else begin : g_sc_wire  // the default plan: the same stage
    assign sc_width = pj_width;
    assign sc_height = pj_height;
    assign sc_ctrl_q = ex_ctrl_i;
    assign sc_beat_q = ex_beat_i;
    assign sc_coord_q = ex_coord_i;
    assign sc_omod_q = pj_omod;
    assign sc_s_q = pj_s;
    assign sc_t_q = pj_t;
  end

  // ===========================================================================================================
  // TaScale: S x width, T x height, the products
  // ===========================================================================================================
  us_isa_pkg::us_tex_inst_t sc_tex_inst;
  logic                     sc_scale;
  logic [Lanes-1:0][MulW-1:0] sc_s_prod, sc_t_prod;
  logic [5:0][31:0] sc_words;  // the instruction's words (us_id_stage keeps them)
  assign sc_words = id_words_i[CtxW'(sc_ctrl_q.ctx)];
  assign sc_tex_inst = sc_words[1];
  assign sc_scale    = tex_lookup(sc_ctrl_q.kind, sc_tex_inst.inst) && sc_tex_inst.unscaled != 1'b1;
  always_comb begin
    for (int p = 0; p < int'(Lanes); p++) begin
      sc_s_prod[p] = '0;
      sc_t_prod[p] = '0;
      if (sc_scale) begin
        sc_s_prod[p] = us_fp_pkg::fp_mul_prod(sc_s_q[p], small_uint_to_fp(sc_width), 1'b0);
        sc_t_prod[p] = us_fp_pkg::fp_mul_prod(sc_t_q[p], small_uint_to_fp(sc_height), 1'b0);
      end
    end
  end

  // The clamp to [0, 1] where the instruction asks for it
  us_isa_pkg::us_cmn_inst_t       sc_cmn;
  us_types_pkg::fp32_t [Lanes-1:0][3:0] sc_clamped, sc_val;  // pixel, lane
  assign sc_cmn = sc_words[0];
  for (genvar p = 0; p < Lanes; p++) begin : g_clamp
    for (genvar l = 0; l < 4; l++) begin : g_lane
      us_fp_clamp01 u_clamp (
        .r_i     (sc_omod_q[p][l]),
        .result_o(sc_clamped[p][l])
      );
      assign sc_val[p][l] = ((l == 3) ? sc_cmn.alpha_clamp : sc_cmn.rgb_clamp) ? sc_clamped[p][l] : sc_omod_q[p][l];
    end
  end

`ifdef US_ASSERT_ON
  // OMOD and the clamp, restated from docs/fp.md A.2 and docs/spec.md section 5 (CTM p.29): OMOD 0-6 scales by
  // 2^k, k = 0 1 2 3 -1 -2 -3, exactly: a normal input keeps sign and significand and moves its exponent by k, a
  // result below the normal range is a zero of the input's sign, one above it an infinity of its sign; zeros and
  // denormals (DAZ) give a signed zero, infinities stay, every NaN becomes 0x7FFFFFFF; OMOD 7 passes the value
  // bit for bit. The clamp gives +0 for a NaN, a negative value, a zero or a denormal, 1.0 above 1.0 (+inf
  // included), and the value itself in (0, 1].
  function automatic logic [31:0] omod_spec(input logic [31:0] r, input logic [2:0] omod);
    int e;
    e = int'(r[30:23]) + ((omod <= 3'd3) ? int'(omod) : 3 - int'(omod));
    if (omod == 3'd7) begin
      omod_spec = r;
    end else if (r[30:23] == 8'hFF) begin
      omod_spec = (r[22:0] != '0) ? 32'h7FFF_FFFF : r;
    end else if (r[30:23] == 8'h00 || e < 1) begin
      omod_spec = {r[31], 31'h0};
    end else if (e > 254) begin
      omod_spec = {r[31], 8'hFF, 23'h0};
    end else begin
      omod_spec = {r[31], 8'(e), r[22:0]};
    end
  endfunction
  function automatic logic [31:0] clamp_spec(input logic [31:0] r);
    if (r[31] || r[30:23] == 8'h00 || (r[30:23] == 8'hFF && r[22:0] != '0)) begin
      clamp_spec = 32'h0;
    end else if (r[30:0] > 31'h3F80_0000) begin
      clamp_spec = 32'h3F80_0000;
    end else begin
      clamp_spec = r;
    end
  endfunction
  for (genvar p = 0; p < Lanes; p++) begin : g_assert_mod
    for (genvar l = 0; l < 4; l++) begin : g_lane
      `US_ASSERT(TaOmodSpec, pj_omod[p][l] == omod_spec((l == 3) ? ex_alpha_i[p] : ex_rgb_i[p][l],
                                                      (l == 3) ? pj_alpha_inst.omod : pj_rgb_inst.omod))
      `US_ASSERT(TaClampSpec, sc_val[p][l] == ((((l == 3) ? sc_cmn.alpha_clamp : sc_cmn.rgb_clamp) == 1'b1) ?
                                               clamp_spec(sc_omod_q[p][l]) : sc_omod_q[p][l]))
    end
  end
`endif

  logic                                 ad_valid_q;
  us_core_pkg::us_ctrl_t                ad_ctrl_q;
  logic [1:0]                           ad_beat_q;
  us_types_pkg::fp32_t [Lanes-1:0][3:0] ad_coord_q, ad_val_q;
  us_types_pkg::fp32_t [Lanes-1:0]      ad_s_q, ad_t_q;
  logic [Lanes-1:0][MulW-1:0]           ad_s_prod_q, ad_t_prod_q;
  logic [4:0]                           ad_width_q, ad_height_q;
  if (PipeRegs[us_core_pkg::PipeTaAddr]) begin : g_ad_reg
    always_ff @(posedge clk_i) begin
      ad_ctrl_q   <= sc_ctrl_q;
      ad_beat_q   <= sc_beat_q;
      ad_coord_q  <= sc_coord_q;
      ad_val_q    <= sc_val;
      ad_s_q      <= sc_s_q;
      ad_t_q      <= sc_t_q;
      ad_s_prod_q <= sc_s_prod;
      ad_t_prod_q <= sc_t_prod;
      ad_width_q  <= sc_width;
      ad_height_q <= sc_height;
    end
  end else begin : g_ad_wire  // the default plan: the same stage
    assign ad_ctrl_q = sc_ctrl_q;
    assign ad_beat_q = sc_beat_q;
    assign ad_coord_q = sc_coord_q;
    assign ad_val_q = sc_val;
    assign ad_s_q = sc_s_q;
    assign ad_t_q = sc_t_q;
    assign ad_s_prod_q = sc_s_prod;
    assign ad_t_prod_q = sc_t_prod;
    assign ad_width_q = sc_width;
    assign ad_height_q = sc_height;
  end

  // ===========================================================================================================
  // TaAddr: the products rounded, the texel addresses, the texture read
  // ===========================================================================================================
  us_isa_pkg::us_tex_inst_t  ad_tex_inst;
  logic                      ad_lookup;
  us_types_pkg::fp32_t [Lanes-1:0] ad_s, ad_t;
  logic [Lanes-1:0][11:0]          ad_raddr;   // per pixel {texture, y, x}
  logic [Lanes-1:0][3:0]           ad_x, ad_y;
  logic [5:0][31:0] ad_words;  // the instruction's words (us_id_stage keeps them)
  assign ad_words = id_words_i[CtxW'(ad_ctrl_q.ctx)];
  assign ad_tex_inst = ad_words[1];
  assign ad_lookup   = tex_lookup(ad_ctrl_q.kind, ad_tex_inst.inst);
  always_comb begin
    for (int p = 0; p < int'(Lanes); p++) begin
      ad_s[p] = ad_s_q[p];
      ad_t[p] = ad_t_q[p];
      if (ad_lookup && ad_tex_inst.unscaled != 1'b1) begin
        ad_s[p] = us_fp_pkg::fp_mul_round(ad_s_prod_q[p]);
        ad_t[p] = us_fp_pkg::fp_mul_round(ad_t_prod_q[p]);
      end
    end
  end
  for (genvar p = 0; p < Lanes; p++) begin : g_tex
    us_tex_addr u_addr (
      .en_i    (ad_lookup),
      .s_i     (ad_s[p]),
      .t_i     (ad_t[p]),
      .width_i (ad_width_q),
      .height_i(ad_height_q),
      .x_o     (ad_x[p]),
      .y_o     (ad_y[p])
    );
    assign ad_raddr[p] = {ad_tex_inst.tex_id, ad_y[p], ad_x[p]};
  end

  // The compares with zero: each lane's value against its TARGET op (predicates), and the ALU result's
  us_isa_pkg::us_cmn_inst_t       ad_cmn;
  us_isa_pkg::us_alu_rgb_inst_t   ad_rgb_inst;
  us_isa_pkg::us_alu_alpha_inst_t ad_alpha_inst;
  us_types_pkg::chan_mask_t [Lanes-1:0] ad_cmp_target;
  logic [Lanes-1:0]                     ad_cmp_result;
  assign ad_cmn        = ad_words[0];
  assign ad_rgb_inst   = ad_words[3];
  assign ad_alpha_inst = ad_words[4];
  for (genvar p = 0; p < Lanes; p++) begin : g_cmp
    for (genvar l = 0; l < 4; l++) begin : g_lane
      us_fp_cmp0 u_cmp (
        .v_i     (ad_val_q[p][l]),
        .op_i    ((l == 3) ? ad_alpha_inst.target : ad_rgb_inst.target),
        .result_o(ad_cmp_target[p][l])
      );
    end
    us_fp_cmp0 u_cmp_result (
      .v_i     (ad_cmn.alu_result_sel ? ad_val_q[p][3] : ad_val_q[p][0]),
      .op_i    (ad_cmn.alu_result_op),
      .result_o(ad_cmp_result[p])
    );
  end

  // The sizes are read in TaProj (a register before TaScale's products with PipeTaScale), the texels addressed in
  // TaRead.
  us_types_pkg::fp32_t [Lanes-1:0][3:0] tx_texel;  // pixel, channel: the texels addressed a clock before
  logic [Lanes-1:0][11:0]               tr_raddr_q;  // TaRead's texel addresses (below)
  us_tex_mem #(
    .NumRead(Lanes)
  ) u_tex_mem (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .we_i     (tex_we_i),
    .waddr_i  (tex_waddr_i),
    .wdata_i  (tex_wdata_i),
    .dim_we_i (tex_dim_we_i),
    .dim_id_i (tex_dim_id_i),
    .width_i  (tex_width_i),
    .height_i (tex_height_i),
    .rtex_i   (pj_tex_inst.tex_id),
    .rwidth_o (pj_width),
    .rheight_o(pj_height),
    .raddr_i  (tr_raddr_q),
    .rdata_o  (tx_texel)
  );

  // The read registers' texels through the destination swizzle of the instruction whose texels they are: the one in
  // TA's output register by then (its context is busy, so its words hold)
  us_isa_pkg::us_tex_addr_t             tx_tex_addr;
  logic [3:0][1:0]                      tx_dst_swz;
  us_types_pkg::fp32_t [Lanes-1:0][3:0] tx_tval;  // pixel, channel
  assign tx_tex_addr = id_words_i[CtxW'(ta_ctrl_o.ctx)][2];
  assign tx_dst_swz  = {tx_tex_addr.dst_a_swiz, tx_tex_addr.dst_b_swiz, tx_tex_addr.dst_g_swiz,
                        tx_tex_addr.dst_r_swiz};
  always_comb begin
    for (int l = 0; l < int'(Lanes); l++) begin
      for (int c = 0; c < 4; c++) begin
        tx_tval[l][c] = tx_texel[l][tx_dst_swz[c]];
      end
    end
  end
  logic unused_tx_addr;
  assign unused_tx_addr = ^{tx_tex_addr};

  if (PipeRegs[us_core_pkg::PipeTaScale]) begin : g_sc_valid_reg
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        sc_valid_q <= 1'b0;
      end else begin
        sc_valid_q <= ex_valid_i;
      end
    end
  end else begin : g_sc_valid_wire
    assign sc_valid_q = ex_valid_i;
  end
  if (PipeRegs[us_core_pkg::PipeTaAddr]) begin : g_ad_valid_reg
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        ad_valid_q <= 1'b0;
      end else begin
        ad_valid_q <= sc_valid_q;
      end
    end
  end else begin : g_ad_valid_wire
    assign ad_valid_q = sc_valid_q;
  end
  // ===========================================================================================================
  // TaRead: the texel addresses presented to us_tex_mem. With PipeTaRead a stage of its own, so the address
  // logic and the route to the texels' block RAMs take a clock each; without it, TaAddr's clock.
  // ===========================================================================================================
  logic                                 tr_valid_q;
  us_core_pkg::us_ctrl_t                tr_ctrl_q;
  logic [1:0]                           tr_beat_q;
  us_types_pkg::fp32_t [Lanes-1:0][3:0] tr_coord_q, tr_val_q;
  us_types_pkg::chan_mask_t [Lanes-1:0] tr_cmp_target_q;
  logic [Lanes-1:0]                     tr_cmp_result_q;
  if (PipeRegs[us_core_pkg::PipeTaRead]) begin : g_tr_reg
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        tr_valid_q <= 1'b0;
      end else begin
        tr_valid_q <= ad_valid_q;
      end
    end
    always_ff @(posedge clk_i) begin
      tr_ctrl_q       <= ad_ctrl_q;
      tr_beat_q       <= ad_beat_q;
      tr_coord_q      <= ad_coord_q;
      tr_val_q        <= ad_val_q;
      tr_cmp_target_q <= ad_cmp_target;
      tr_cmp_result_q <= ad_cmp_result;
      tr_raddr_q      <= ad_raddr;
    end
  end else begin : g_tr_wire  // the default plan: the same stage
    assign tr_valid_q = ad_valid_q;
    assign tr_ctrl_q = ad_ctrl_q;
    assign tr_beat_q = ad_beat_q;
    assign tr_coord_q = ad_coord_q;
    assign tr_val_q = ad_val_q;
    assign tr_cmp_target_q = ad_cmp_target;
    assign tr_cmp_result_q = ad_cmp_result;
    assign tr_raddr_q = ad_raddr;
  end

  // ===========================================================================================================
  // To WB: the quad, gathered beat by beat (one beat: as it is)
  // ===========================================================================================================
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ta_valid_o <= 1'b0;
    end else begin
      ta_valid_o <= tr_valid_q && int'(tr_beat_q) == int'(Beats) - 1;
    end
  end

  logic                           tx_valid_q;   // the beat whose texels the read registers hold now
  logic [1:0]                     tx_beat_q;
  us_types_pkg::fp32_t [3:0][3:0] tx_gather_q;  // the texels of the beats before the last
  logic                           unused_tx;
  if (Beats == 1) begin : g_one_beat
    always_ff @(posedge clk_i) begin
      ta_ctrl_o       <= tr_ctrl_q;
      ta_coord_o      <= tr_coord_q;
      ta_val_o        <= tr_val_q;
      ta_cmp_target_o <= tr_cmp_target_q;
      ta_cmp_result_o <= tr_cmp_result_q;
    end
    assign ta_texel_o  = tx_tval;
    assign tx_valid_q  = 1'b0;
    assign tx_beat_q   = tr_beat_q;  // (unused)
    assign tx_gather_q = '0;
    assign unused_tx   = ^{tx_valid_q, tx_beat_q, tx_gather_q};
  end else begin : g_gather
    assign unused_tx = 1'b0;
    always_ff @(posedge clk_i) begin
      if (tr_valid_q) begin
        ta_ctrl_o <= tr_ctrl_q;
        for (int b = 0; b < int'(Beats); b++) begin  // (a loop: a variable index would be a multiplier)
          if (int'(tr_beat_q) == b) begin
            for (int l = 0; l < int'(Lanes); l++) begin
              ta_coord_o[b * int'(Lanes) + l]      <= tr_coord_q[l];
              ta_val_o[b * int'(Lanes) + l]        <= tr_val_q[l];
              ta_cmp_target_o[b * int'(Lanes) + l] <= tr_cmp_target_q[l];
              ta_cmp_result_o[b * int'(Lanes) + l] <= tr_cmp_result_q[l];
            end
          end
        end
      end
    end
    // The texels of the beats before the last, taken from the read registers the clock after their address
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        tx_valid_q <= 1'b0;
        tx_beat_q  <= '0;
      end else begin
        tx_valid_q <= tr_valid_q;
        tx_beat_q  <= tr_beat_q;
      end
    end
    always_ff @(posedge clk_i) begin
      for (int b = 0; b < int'(Beats) - 1; b++) begin
        if (tx_valid_q && int'(tx_beat_q) == b) begin
          for (int l = 0; l < int'(Lanes); l++) begin
            tx_gather_q[b * int'(Lanes) + l] <= tx_tval[l];
          end
        end
      end
    end
    always_comb begin
      ta_texel_o = tx_gather_q;
      for (int l = 0; l < int'(Lanes); l++) begin
        ta_texel_o[(int'(Beats) - 1) * int'(Lanes) + l] = tx_tval[l];
      end
    end
  end

  // Instruction fields TA does not read (each is read in another stage).
  logic unused_fields;
  assign unused_fields = ^{pj_words, sc_words, ad_words, pj_tex_inst, sc_tex_inst, ad_tex_inst, pj_rgb_inst,
                           pj_alpha_inst, sc_cmn, ad_cmn,
                           ad_rgb_inst, ad_alpha_inst};

endmodule
