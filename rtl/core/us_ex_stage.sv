// us_ex_stage: the execute stages of the four pixels (docs/rtl.md; us_core_pkg's stage plan, StagePreAlign ..
// StageSelect).
//   PreAlign  the pre-subtract source srcp per pixel and channel (NEG2 1 - 2 s0, SUB s1 - s0, ADD s1 + s0,
//             NEG 1 - s0) where a select reads it: its adder aligns
//   PreSum    ... adds and normalises
//   EX1       ... rounds
//   Operand   us_operand per pixel: swizzles, input modifiers, MDH/MDV neighbours (the selects decoded once by
//             us_operand_ctl); the ops, registered
//   MulProd   } us_ex_pixel per pixel: multipliers, selects, the transcendental unit (also RCP(Q) for a projected
//   ..        } TEX lookup), adders, the dot product's alignment window and last add, the result select, each FP
//   Select    } operation in stages of its own; in Select the TEX projection's products (us_tex_proj)
// The control and the TEX coordinates travel beside the data; everything is registered for TA at the end.
//
// With Lanes below 4, OF's quad enters in Beats = 4 / Lanes beats on consecutive clocks, Lanes pixels each (beat b
// the pixels b x Lanes ..), each from OF's output register (us_of_stage makes the beats). MDH and MDV read pixels
// 0, 1 and 2's first source, which travel beside every beat.
module us_ex_stage #(
  parameter logic [15:0] PipeRegs = us_core_pkg::PipeSim,  // the optional stage registers (us_core_pkg)
  parameter int unsigned Lanes    = 4,                     // the pixels a clock (us_core_pkg, Lanes)
  parameter int unsigned NumCtx   = 1,                     // the contexts (id_words_i)
  localparam int unsigned CtxW    = (NumCtx > 1) ? $clog2(NumCtx) : 1
) (
  input  logic                                clk_i,
  input  logic                                rst_ni,

  // from the load port: US_CONFIG (ZERO_TIMES_ANYTHING_EQUALS_ZERO)
  input  us_isa_pkg::us_config_t              lp_config_i,
  // from ID: each context's instruction words (a stage reads its instruction's by the context in its control)
  input  logic [NumCtx-1:0][5:0][31:0]    id_words_i,
  // from OF (its output register is the OF->PreAlign register: these are PreAlign's instruction and sources, a beat)
  input  logic                                      of_valid_i,
  input  us_core_pkg::us_ctrl_t                     of_ctrl_i,
  input  logic [1:0]                                of_beat_i,
  input  us_types_pkg::fp32_t [Lanes-1:0][2:0][3:0] of_src_i,     // pixel of the beat, source, channel
  input  us_types_pkg::fp32_t [Lanes-1:0][3:0]      of_coord_i,   // pixel of the beat: source 0's temporary, r g b a
  input  logic [3:0][1:0]                           of_tex_swz_i, // TEX coordinate s t r q: its channel there
  input  us_types_pkg::fp32_t [2:0][3:0]            of_nb_i,      // pixels 0 1 2: the first source
  input  logic [3:0][1:0]                           of_pre_pop_i, // channel: the pre-subtract op (us_pre_ctl)
  input  logic [3:0]                                of_pre_use_i, // channel: a select reads srcp there

  // to TA (registered): the instruction after Select and its raw results (before OMOD and clamp), a beat's
  output logic                                      ex_valid_o,
  output us_core_pkg::us_ctrl_t                     ex_ctrl_o,
  output logic [1:0]                                ex_beat_o,
  output us_types_pkg::fp32_t [Lanes-1:0][3:0]      ex_coord_o,   // pixel, TEX coordinate s t r q (TEXKILL)
  output us_types_pkg::fp32_t [Lanes-1:0][2:0]      ex_rgb_o,     // pixel, channel r g b
  output us_types_pkg::fp32_t [Lanes-1:0]           ex_alpha_o,   // pixel
  output logic [Lanes-1:0][us_fp_pkg::MulProdW-1:0] ex_s_prod_o, // pixel: PROJ's S x RCP(Q), T x RCP(Q),
  output logic [Lanes-1:0][us_fp_pkg::MulProdW-1:0] ex_t_prod_o  // products (fp_mul_prod; 0 unless PROJ)
);

  localparam int unsigned AlignW = us_fp_pkg::AddAlignW;
  localparam int unsigned SumW   = us_fp_pkg::AddSumW;

  // PreAlign's beat: OF's output register
  logic                                      s_valid;
  us_core_pkg::us_ctrl_t                     s_ctrl;
  logic [1:0]                                s_beat;
  us_types_pkg::fp32_t [Lanes-1:0][2:0][3:0] s_src;
  us_types_pkg::fp32_t [Lanes-1:0][3:0]      s_coord;
  us_types_pkg::fp32_t [2:0][3:0]            s_nb;
  assign s_valid = of_valid_i;
  assign s_ctrl  = of_ctrl_i;
  assign s_beat  = of_beat_i;
  assign s_src   = of_src_i;
  // The TEX coordinates through the source swizzle, here on the beat's pixels rather than in OF on all four
  always_comb begin
    for (int p = 0; p < int'(Lanes); p++) begin
      for (int c = 0; c < 4; c++) begin
        s_coord[p][c] = of_coord_i[p][of_tex_swz_i[c]];
      end
    end
  end
  assign s_nb    = of_nb_i;

  // ---------------------------------------------------------------------------------------------------------
  // The valid bits, the control and the coordinates through the stages after PreAlign (whose are OF's registered
  // outputs): c_valid_q[k - 1] belongs to the stage k registers after PreAlign; Operand is KEx1 after it (0 to 3
  // with the plan's optional registers), MulProd KMul, Select NumC (the last EX stage; dr_* below)
  // ---------------------------------------------------------------------------------------------------------
  localparam int unsigned KEx1 = us_core_pkg::opt_regs(PipeRegs, us_core_pkg::PipePreSum, us_core_pkg::PipeEx1) +
                                 us_core_pkg::opt_regs(PipeRegs, us_core_pkg::PipeOperand, us_core_pkg::PipeOperand);
  localparam int unsigned KMul = KEx1 + 1;
  localparam int unsigned NumC = KMul + us_core_pkg::trans_latency(PipeRegs);
  logic [NumC-1:0]                                c_valid_q;
  // (Flat vectors shifted element by element: Yosys reads a part-select of a packed array of a typedef'd type
  // as a part-select of bits, and the chain then carries zeros.)
  localparam int unsigned CtrlW  = us_core_pkg::CtrlW;
  localparam int unsigned CoordW = Lanes * 4 * 32;
  // The control word, the beat and the coordinates are read only in Operand and Select: they ride together,
  // registers up to Operand, then us_delay's RAM (NumC - KEx1 clocks) instead of flip-flop chains through the
  // datapath's stages.
  localparam int unsigned RideW  = CtrlW + 2 + CoordW;
  localparam int unsigned NumTap = (KEx1 > 0) ? KEx1 : 1;
  logic [NumTap-1:0][RideW-1:0] c_ride_q;  // (Yosys: no variables inside generate blocks)
  logic [RideW-1:0]             s_ride, ex1_ride, dr_ride;  // {ctrl, beat, coordinates}: PreAlign, Operand, Select
  logic [CoordW-1:0]            dr_coord;  // the coordinates in DotRound

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      c_valid_q  <= '0;
      ex_valid_o <= 1'b0;
    end else begin
      c_valid_q[0] <= s_valid;  // (a loop: NumC is 1 in the default plan)
      for (int k = 1; k < int'(NumC); k++) begin
        c_valid_q[k] <= c_valid_q[k-1];
      end
      ex_valid_o <= c_valid_q[NumC-1];
    end
  end

  assign s_ride = {s_ctrl, s_beat, s_coord};
  always_ff @(posedge clk_i) begin
    c_ride_q[0] <= s_ride;
    for (int k = 1; k < int'(NumTap); k++) begin
      c_ride_q[k] <= c_ride_q[k-1];
    end
    ex_ctrl_o  <= dr_ride[RideW-1 -: CtrlW];
    ex_beat_o  <= dr_ride[CoordW +: 2];
    ex_coord_o <= dr_coord;
  end

  if (KEx1 == 0) begin : g_ride_of
    assign ex1_ride = s_ride;
    logic unused_ride;
    assign unused_ride = ^c_ride_q;
  end else begin : g_ride_chain
    assign ex1_ride = c_ride_q[NumTap-1];
  end
  us_delay #(
    .Width(RideW),
    .Delay(NumC - KEx1)
  ) u_ride_delay (
    .clk_i(clk_i),
    .d_i  (ex1_ride),
    .q_o  (dr_ride)
  );
  assign dr_coord  = dr_ride[CoordW-1:0];

  // ---------------------------------------------------------------------------------------------------------
  // PreAlign, PreSum: the pre-subtract's adder
  // ---------------------------------------------------------------------------------------------------------
  // Which channels of srcp a select reads, and the pre-subtract op: OF decodes them (us_pre_ctl) and holds them
  // for every beat.
  logic [3:0][1:0] pre_pop;
  logic [3:0]      pre_use;
  assign pre_pop = of_pre_pop_i;
  assign pre_use = of_pre_use_i;

  // A channel's adder (and NEG2's doubling) runs only when a select reads that channel of srcp; 0 otherwise.
  // Where PreSum and EX1 share PreAlign's clock (no PipePreSum, no PipeEx1: the default plan) the three segments
  // are one call, fp_add, below: the same functions without the pixels' 94- and 77-bit intermediate vectors (the
  // Verilated model would pack them into arrays and unpack them again every cycle).
  localparam bit PreOneClock = !PipeRegs[us_core_pkg::PipePreSum] && !PipeRegs[us_core_pkg::PipeEx1];
  logic [Lanes-1:0][3:0][31:0] pre_twice, pre_a, pre_b;  // pixel, channel
  always_comb begin
    for (int p = 0; p < int'(Lanes); p++) begin
      for (int c = 0; c < 4; c++) begin
        pre_twice[p][c] = 32'h0;
        pre_a[p][c]     = us_fp_pkg::One;
        pre_b[p][c]     = 32'h0;
        if (pre_use[c]) begin
          case (pre_pop[c])
            2'd0: begin                                                                                // NEG2
              pre_twice[p][c] = us_fp_pkg::fp_twice(s_src[p][0][c]);  // fp_mul(a, 2.0), proved equal
              pre_b[p][c]     = pre_twice[p][c] ^ 32'h8000_0000;
            end
            2'd1:    begin pre_a[p][c] = s_src[p][1][c]; pre_b[p][c] = s_src[p][0][c] ^ 32'h8000_0000; end
            2'd2:    begin pre_a[p][c] = s_src[p][1][c]; pre_b[p][c] = s_src[p][0][c];                 end
            default: begin                                  pre_b[p][c] = s_src[p][0][c] ^ 32'h8000_0000; end
          endcase
        end
      end
    end
  end
  logic [Lanes-1:0][3:0][AlignW-1:0] pre_align;  // pixel, channel
  if (!PreOneClock) begin : g_pre_align
    always_comb begin
      for (int p = 0; p < int'(Lanes); p++) begin
        for (int c = 0; c < 4; c++) begin
          pre_align[p][c] = pre_use[c] ? us_fp_pkg::fp_add_align(pre_a[p][c], pre_b[p][c]) : '0;
        end
      end
    end
  end else begin : g_pre_align_none
    assign pre_align = '0;
  end

  logic [Lanes-1:0][3:0][AlignW-1:0]         ps_align_q;
  logic [3:0]                                ps_use_q;
  us_types_pkg::fp32_t [Lanes-1:0][2:0][3:0] ps_src_q;
  us_types_pkg::fp32_t [2:0][3:0]            ps_nb_q;
  if (PipeRegs[us_core_pkg::PipePreSum]) begin : g_ps_reg
    always_ff @(posedge clk_i) begin
      ps_align_q <= pre_align;
      ps_use_q   <= pre_use;
      ps_src_q   <= s_src;
      ps_nb_q    <= s_nb;
    end
  end else begin : g_ps_wire  // the default plan: the same stage
    assign ps_align_q = pre_align;
    assign ps_use_q = pre_use;
    assign ps_src_q = s_src;
    assign ps_nb_q = s_nb;
  end

  logic [Lanes-1:0][3:0][SumW-1:0] pre_sum;
  if (!PreOneClock) begin : g_pre_sum
    always_comb begin
      for (int p = 0; p < int'(Lanes); p++) begin
        for (int c = 0; c < 4; c++) begin
          pre_sum[p][c] = ps_use_q[c] ? us_fp_pkg::fp_add_sum(ps_align_q[p][c]) : '0;
        end
      end
    end
  end else begin : g_pre_sum_none
    assign pre_sum = '0;
    logic unused_align;  // zero: fp_add below does the three segments
    assign unused_align = ^ps_align_q;
  end

  logic [Lanes-1:0][3:0][SumW-1:0]           e1_sum_q;
  logic [3:0]                                e1_use_q;
  us_types_pkg::fp32_t [Lanes-1:0][2:0][3:0] e1_src_q;
  us_types_pkg::fp32_t [2:0][3:0]            e1_nb_q;
  if (PipeRegs[us_core_pkg::PipeEx1]) begin : g_e1_reg
    always_ff @(posedge clk_i) begin
      e1_sum_q <= pre_sum;
      e1_use_q <= ps_use_q;
      e1_src_q <= ps_src_q;
      e1_nb_q  <= ps_nb_q;
    end
  end else begin : g_e1_wire  // the default plan: the same stage
    assign e1_sum_q = pre_sum;
    assign e1_use_q = ps_use_q;
    assign e1_src_q = ps_src_q;
    assign e1_nb_q = ps_nb_q;
  end

  // ---------------------------------------------------------------------------------------------------------
  // EX1: the pre-subtract rounded; Operand (ex1_* below): the operands
  // ---------------------------------------------------------------------------------------------------------
  us_core_pkg::us_ctrl_t          ex1_ctrl;    // a copy: Yosys misreads a field of a variable-indexed element
  us_isa_pkg::us_alu_alpha_inst_t ex1_alpha_inst;
  us_isa_pkg::us_alu_rgba_inst_t  ex1_rgba_inst;
  logic                           ex1_tex;
  us_types_pkg::fp32_t [Lanes-1:0][3:0] ex1_a, ex1_b, ex1_c, ex1_srcp;  // pixel, lane r g b a (srcp: channel)
  us_types_pkg::fp32_t [Lanes-1:0]      ex1_a_dp4;      // pixel
  us_types_pkg::fp32_t [3:0]            ex1_drgb;       // channel
  us_types_pkg::fp32_t                  ex1_dalpha;
  us_types_pkg::fp32_t [Lanes-1:0]      ex1_tex_q;      // pixel: the Q coordinate
  assign ex1_ctrl = ex1_ride[RideW-1 -: CtrlW];
  for (genvar p = 0; p < Lanes; p++) begin : g_q
    assign ex1_tex_q[p] = ex1_ride[p * 128 + 96 +: 32];  // the Q coordinate
  end
  logic [5:0][31:0]            ex1_words;
  assign ex1_words = id_words_i[CtxW'(ex1_ctrl.ctx)];
  assign ex1_alpha_inst = ex1_words[4];
  assign ex1_rgba_inst  = ex1_words[5];
  assign ex1_tex        = ex1_ctrl.kind == us_core_pkg::KindTex;
  // The operand registers (PipeOperand, below), declared before the neighbour selects that read them
  us_types_pkg::fp32_t [Lanes-1:0][3:0]      op_srcp_q;
  us_types_pkg::fp32_t [Lanes-1:0][2:0][3:0] op_src_q;
  us_types_pkg::fp32_t [2:0][3:0]            op_nb_q;
  // MDH reads pixel 1, MDV pixel 2
  assign ex1_drgb   = (ex1_rgba_inst.rgb_op == us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_MDH) ? op_nb_q[1] : op_nb_q[2];
  assign ex1_dalpha = (ex1_alpha_inst.alpha_op == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_MDH) ? op_nb_q[1][3]
                                                                                             : op_nb_q[2][3];
  always_comb begin
    for (int p = 0; p < int'(Lanes); p++) begin
      for (int c = 0; c < 4; c++) begin
        ex1_srcp[p][c] = 32'h0;
        if (e1_use_q[c]) begin
          ex1_srcp[p][c] = PreOneClock ? us_fp_pkg::fp_add(pre_a[p][c], pre_b[p][c])
                                       : us_fp_pkg::fp_add_round(e1_sum_q[p][c]);
        end
      end
    end
  end

  // Operand: the pre-subtract's result, the sources and MDH/MDV's neighbours, registered when PipeOperand (the
  // rounding's carry chain and the operand selects behind it were one clock of 21.5 ns)
  if (PipeRegs[us_core_pkg::PipeOperand]) begin : g_op_reg
    always_ff @(posedge clk_i) begin
      op_srcp_q <= ex1_srcp;
      op_src_q  <= e1_src_q;
      op_nb_q   <= e1_nb_q;
    end
  end else begin : g_op_wire  // the default plan: the same stage
    assign op_srcp_q = ex1_srcp;
    assign op_src_q = e1_src_q;
    assign op_nb_q = e1_nb_q;
  end

  // The selects, swizzles and modifiers, decoded once for the four pixels
  logic [12:0][3:0]  opc_idx;
  logic [12:0]       opc_alt;
  logic [12:0][31:0] opc_and, opc_or, opc_xor;
  us_operand_ctl u_operand_ctl (
    .rgb_inst_i  (ex1_words[3]),
    .alpha_inst_i(ex1_words[4]),
    .rgba_inst_i (ex1_words[5]),
    .tex_i       (ex1_tex),
    .idx_o       (opc_idx),
    .alt_o       (opc_alt),
    .and_o       (opc_and),
    .or_o        (opc_or),
    .xor_o       (opc_xor)
  );

  for (genvar p = 0; p < Lanes; p++) begin : g_operand
    us_operand u_operand (
      .src_i       (op_src_q[p]),
      .srcp_i      (op_srcp_q[p]),
      .d0_i        (op_nb_q[0]),
      .drgb_i      (ex1_drgb),
      .dalpha_i    (ex1_dalpha),
      .tex_i       (ex1_tex),
      .tex_q_i     (ex1_tex_q[p]),
      .idx_i       (opc_idx),
      .alt_i       (opc_alt),
      .and_i       (opc_and),
      .or_i        (opc_or),
      .xor_i       (opc_xor),
      .a_o         (ex1_a[p]),
      .b_o         (ex1_b[p]),
      .c_o         (ex1_c[p]),
      .a_dp4_o     (ex1_a_dp4[p])
    );
  end

  // A TEX instruction runs only the transcendental unit, as RCP of lane a's A (its Q coordinate).
  us_types_pkg::fp32_t [Lanes-1:0][3:0]    x_a_q, x_b_q, x_c_q;
  us_types_pkg::fp32_t [Lanes-1:0]         x_a_dp4_q;
  us_isa_pkg::us_alu_rgba_inst_rgb_op_e    x_rgb_op_q;
  us_isa_pkg::us_alu_alpha_inst_alpha_op_e x_alpha_op_q, x_trans_op_q;
  always_ff @(posedge clk_i) begin
    x_a_q        <= ex1_a;
    x_b_q        <= ex1_b;
    x_c_q        <= ex1_c;
    x_a_dp4_q    <= ex1_a_dp4;
    x_rgb_op_q   <= ex1_tex ? us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_MAD : ex1_rgba_inst.rgb_op;
    x_alpha_op_q <= ex1_tex ? us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_MAD : ex1_alpha_inst.alpha_op;
    x_trans_op_q <= ex1_tex ? us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_RCP : ex1_alpha_inst.alpha_op;
  end

  // ---------------------------------------------------------------------------------------------------------
  // MulProd .. DotRound: the lanes, and the TEX projection
  // ---------------------------------------------------------------------------------------------------------
  us_types_pkg::fp32_t [Lanes-1:0][2:0]     dr_rgb;
  us_types_pkg::fp32_t [Lanes-1:0]          dr_alpha, dr_trans;
  logic [Lanes-1:0][us_fp_pkg::MulProdW-1:0] dr_s_prod, dr_t_prod;
  us_isa_pkg::us_tex_inst_t       dr_tex_inst;
  logic                           dr_proj;
  us_core_pkg::us_ctrl_t          dr_ctrl;   // DotRound's (a copy: Yosys misreads a field of a variable element)
  assign dr_ctrl     = dr_ride[RideW-1 -: CtrlW];
  logic [5:0][31:0]            dr_words;
  assign dr_words = id_words_i[CtxW'(dr_ctrl.ctx)];
  assign dr_tex_inst = dr_words[1];
  assign dr_proj     = dr_tex_inst.inst == us_isa_pkg::US_TEX_INST_INST_PROJ;

  for (genvar p = 0; p < Lanes; p++) begin : g_pixel
    us_ex_pixel #(
      .PipeRegs(PipeRegs)
    ) u_ex (
      .clk_i        (clk_i),
      .rst_ni       (rst_ni),
      .valid_i      (c_valid_q[KMul-1]),
      .a_i          (x_a_q[p]),
      .b_i          (x_b_q[p]),
      .c_i          (x_c_q[p]),
      .a_dp4_i      (x_a_dp4_q[p]),
      .rgb_op_i     (x_rgb_op_q),
      .alpha_op_i   (x_alpha_op_q),
      .trans_op_i   (x_trans_op_q),
      .zero_legacy_i(lp_config_i.zero_times_anything_equals_zero == 1'b1),
      .rgb_o        (dr_rgb[p]),
      .alpha_o      (dr_alpha[p]),
      .trans_o      (dr_trans[p])
    );
    us_tex_proj u_proj (
      .proj_i  (dr_proj),
      .s_i     (dr_coord[p * 128 +: 32]),
      .t_i     (dr_coord[p * 128 + 32 +: 32]),
      .rcp_q_i (dr_trans[p]),
      .s_prod_o(dr_s_prod[p]),
      .t_prod_o(dr_t_prod[p])
    );
  end

  always_ff @(posedge clk_i) begin
    ex_rgb_o    <= dr_rgb;
    ex_alpha_o  <= dr_alpha;
    ex_s_prod_o <= dr_s_prod;
    ex_t_prod_o <= dr_t_prod;
  end

  // Instruction fields EX does not read (each is read in another stage).
  logic unused_fields;
  assign unused_fields = ^{lp_config_i, ex1_alpha_inst, ex1_rgba_inst, dr_tex_inst, dr_ctrl, ex1_ctrl, ex1_words,
                           dr_words};

endmodule
