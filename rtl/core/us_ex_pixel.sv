// us_ex_pixel: the FP execute stages of one pixel's four lanes (r g b from the rgb unit, a from the alpha unit),
// docs/rtl.md. Operands enter registered (us_ex_stage's EX1 register); each FP operation runs in the pipeline
// segments of us_fp_pkg, one stage each, so that no stage holds more than one segment (the stage plan,
// us_core_pkg::StageMulProd .. StageSelect). The raw results (before OMOD and clamp) come out combinationally in
// the last stage, NumStages - 1 clock edges after the operands enter.
//   MulProd   the four lanes' significand products p[l] = A[l] x B[l] (MAD, MDH/MDV, the dot-product terms) and
//             DP4's fourth term A_dp4 x B[a]; the transcendental unit takes lane a's A
//   MulRound  the products rounded; MIN, MAX, CND, CMP per lane; FRC's floor (from their own copy of A, B, C:
//             the MulProd register feeds the multipliers, whose fixed places on the FPGA pulled it away from them)
//   Window    the dot product's alignment window (us_fp_window, CTM p.42) on its terms (p0, p1, p2 | p0..p3 |
//             p0, p1, C[b]): a term 25 or more binades below the largest reads as +0
//   AddAlign  the four adders align their operands: MAD lanes p[l] + C[l]; for a dot product lanes r and g add
//             w0 + w1 and w2 + w3; an FRC lane A - floor(A)
//   AddSum    the adders add and normalise
//   AddRound  the adders round: MAD results, FRC differences, the pair sums
//   DotAlign  the dot product's last add, (w0 + w1) + (w2 | w2 + w3) for DP3, DP4, D2A (w2 is C[b] for D2A);
//             FRC's result (1.0 made the largest value below it)
//   DotSum    ...
//   DotRound  ... rounded
//   Select    the result select; the transcendental result arrives (us_fp_trans, LATENCY from the plan: 0 to 9)
// All nine registers between these stages are optional (us_core_pkg's PipeRegs): without one, the stages it
// divides are one.
// The adds keep the C model's operand order (model/golden/us_fp.c), which decides which NaN comes out.
module us_ex_pixel #(
  parameter logic [15:0] PipeRegs = us_core_pkg::PipeSim  // the optional stage registers (us_core_pkg)
) (
  input  logic                                    clk_i,
  input  logic                                    rst_ni,
  input  logic                                    valid_i,        // MulProd holds an instruction
  input  us_types_pkg::fp32_t [3:0]               a_i,            // lane r g b a
  input  us_types_pkg::fp32_t [3:0]               b_i,
  input  us_types_pkg::fp32_t [3:0]               c_i,
  // lane a's A for DP4's fourth term (differs from a_i[3] under alpha MDH/MDV)
  input  us_types_pkg::fp32_t                     a_dp4_i,
  input  us_isa_pkg::us_alu_rgba_inst_rgb_op_e    rgb_op_i,
  input  us_isa_pkg::us_alu_alpha_inst_alpha_op_e alpha_op_i,
  input  us_isa_pkg::us_alu_alpha_inst_alpha_op_e trans_op_i,     // the transcendental unit's (RCP for a projected
                                                                  // TEX lookup)
  input  logic                                    zero_legacy_i,
  output us_types_pkg::fp32_t [2:0]               rgb_o,          // DotRound: raw rgb result
  output us_types_pkg::fp32_t                     alpha_o,        // DotRound: raw alpha result
  output us_types_pkg::fp32_t                     trans_o         // DotRound: the transcendental unit's result
);

  localparam int unsigned TransLatency = us_core_pkg::trans_latency(PipeRegs);
  localparam int unsigned MulW         = us_fp_pkg::MulProdW;
  localparam int unsigned AlignW       = us_fp_pkg::AddAlignW;
  localparam int unsigned SumW         = us_fp_pkg::AddSumW;

  // ---- op classes ----
  function automatic logic rgb_is_select(input logic [3:0] op);
    rgb_is_select = op == us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_MIN || op == us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_MAX ||
                    op == us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_CND || op == us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_CMP ||
                    op == us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_FRC;
  endfunction
  function automatic logic rgb_is_dot(input logic [3:0] op);
    rgb_is_dot = op == us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_DP3 || op == us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_DP4 ||
                 op == us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_D2A;
  endfunction
  // MAD, MDH, MDV and the reserved code (the result select's last branch)
  function automatic logic rgb_is_mad(input logic [3:0] op);
    rgb_is_mad = !rgb_is_dot(op) && !rgb_is_select(op) && op != us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_SOP;
  endfunction
  function automatic logic alpha_is_mad(input logic [3:0] op);
    alpha_is_mad = op == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_MAD || op == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_MDH ||
                   op == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_MDV;
  endfunction
  // The lanes whose adder runs: r and g for a MAD-class op or a dot product (and an alpha DP), b for a MAD-class
  // op, a for an alpha MAD-class op; and every lane running FRC. An alpha DP beside an rgb op that is not a dot
  // product (not a legal instruction) reads the MAD path's lanes 0 .. 2: they are computed for it too.
  function automatic logic [3:0] lanes_adding(input logic [3:0] rgb_op, input logic [3:0] alpha_op);
    logic rgb_frc, pair;
    rgb_frc      = rgb_op == us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_FRC;
    pair         = rgb_is_mad(rgb_op) || rgb_is_dot(rgb_op) || alpha_op == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_DP;
    lanes_adding = {alpha_is_mad(alpha_op) || alpha_op == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_FRC,
                    rgb_is_mad(rgb_op) || rgb_frc, {2{pair || rgb_frc}}};
  endfunction
  function automatic logic [3:0] lanes_frc(input logic [3:0] rgb_op, input logic [3:0] alpha_op);
    lanes_frc = {alpha_op == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_FRC,
                 {3{rgb_op == us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_FRC}}};
  endfunction
  function automatic logic dot_runs(input logic [3:0] rgb_op, input logic [3:0] alpha_op);
    dot_runs = rgb_is_dot(rgb_op) || alpha_op == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_DP;
  endfunction

  // ===========================================================================================================
  // MulProd
  // ===========================================================================================================
  // Each unit's result is computed under the ops that read it; for the other ops it is 0.
  // What the stages after MulProd do, decoded once from the ops and carried through their registers instead of
  // the ops: each stage reads its controls straight from flip-flops (a decoder between a stage register and the
  // wide multiplexers and gates it drives lay on the FPGA plan's critical paths).
  typedef struct packed {
    logic [3:0] mul;       // lanes with a product (MAD lanes, the dot products' terms)
    logic       dp4;       // DP4: the fourth product and term
    logic       d2a;       // D2A: the third term is C[b]
    logic       dot;       // an rgb dot product (DP3, DP4, D2A): adders 0 and 1 add the pairs
    logic [3:0] add;       // lanes whose adder adds
    logic [3:0] frc;       // FRC lanes
    logic       dot_run;   // the dot product's last add runs (an rgb dot product or alpha DP)
    logic       rgb_sel;   // rgb result: the select (MIN MAX CND CMP FRC)
    logic       rgb_sop;   // rgb result: the transcendental unit's (SOP)
    logic       a_sum;     // alpha result: the sum (MAD MDH MDV)
    logic       a_dot;     // alpha result: the dot product (DP)
    logic       a_sel;     // alpha result: the select (MIN MAX CND CMP FRC); else the transcendental unit's
  } ctl_t;
  function automatic ctl_t decode(input logic [3:0] rgb_op, input logic [3:0] alpha_op);
    ctl_t d;
    logic pair;
    pair       = rgb_is_mad(rgb_op) || rgb_is_dot(rgb_op) || alpha_op == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_DP;
    d.mul      = {alpha_is_mad(alpha_op), {3{pair}}};
    d.dp4      = rgb_op == us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_DP4;
    d.d2a      = rgb_op == us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_D2A;
    d.dot      = rgb_is_dot(rgb_op);
    d.add      = lanes_adding(rgb_op, alpha_op);
    d.frc      = lanes_frc(rgb_op, alpha_op);
    d.dot_run  = dot_runs(rgb_op, alpha_op);
    d.rgb_sel  = !rgb_is_dot(rgb_op) && rgb_is_select(rgb_op);
    d.rgb_sop  = !rgb_is_dot(rgb_op) && !rgb_is_select(rgb_op) && rgb_op == us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_SOP;
    d.a_sum    = alpha_is_mad(alpha_op);
    d.a_dot    = alpha_op == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_DP;
    d.a_sel    = alpha_op == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_MIN ||
                 alpha_op == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_MAX ||
                 alpha_op == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_CND ||
                 alpha_op == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_CMP ||
                 alpha_op == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_FRC;
    decode = d;
  endfunction

  ctl_t       ctl;
  assign ctl = decode(rgb_op_i, alpha_op_i);

  logic       dot_lanes;
  logic [3:0] lane_max, lane_cnd, lane_cmp, lane_frc, lane_minmax, lane_mul;
  assign dot_lanes = rgb_is_mad(rgb_op_i) || rgb_is_dot(rgb_op_i) ||
                     alpha_op_i == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_DP;
  assign lane_frc  = lanes_frc(rgb_op_i, alpha_op_i);
  for (genvar l = 0; l < 4; l++) begin : g_lane
    if (l == 3) begin : g_alpha
      assign lane_minmax[l] = alpha_op_i == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_MIN ||
                              alpha_op_i == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_MAX;
      assign lane_max[l]    = alpha_op_i == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_MAX;
      assign lane_cnd[l]    = alpha_op_i == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_CND;
      assign lane_cmp[l]    = alpha_op_i == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_CMP;
      assign lane_mul[l]    = alpha_is_mad(alpha_op_i);
    end else begin : g_rgb
      assign lane_minmax[l] = rgb_op_i == us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_MIN ||
                              rgb_op_i == us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_MAX;
      assign lane_max[l]    = rgb_op_i == us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_MAX;
      assign lane_cnd[l]    = rgb_op_i == us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_CND;
      assign lane_cmp[l]    = rgb_op_i == us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_CMP;
      assign lane_mul[l]    = dot_lanes;
    end
  end

  // Where two or three segments of a unit share a clock (their registers absent: the default plan) they are one
  // call of the unit's function (fp_mul, fp_add), and their wide intermediate vectors do not exist: the same
  // functions in a row, without the packed 92- to 94-bit values per lane the Verilated model would otherwise
  // store and read back every cycle.
  localparam bit MulOneClock = !PipeRegs[us_core_pkg::PipeMulRound];
  localparam bit AddOneClock = !PipeRegs[us_core_pkg::PipeAddSum] && !PipeRegs[us_core_pkg::PipeAddRound];
  localparam bit DotOneClock = !PipeRegs[us_core_pkg::PipeDotSum] && !PipeRegs[us_core_pkg::PipeDotRound];

  logic [3:0][MulW-1:0] mp;
  logic [MulW-1:0]      mp_dp4;
  if (!MulOneClock) begin : g_mp
    always_comb begin
      for (int l = 0; l < 4; l++) begin
        mp[l] = lane_mul[l] ? us_fp_pkg::fp_mul_prod(a_i[l], b_i[l], zero_legacy_i) : '0;
      end
      mp_dp4 = '0;
      if (rgb_op_i == us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_DP4) begin
        mp_dp4 = us_fp_pkg::fp_mul_prod(a_dp4_i, b_i[3], zero_legacy_i);
      end
    end
  end else begin : g_mp_none  // fp_mul in MulRound
    assign mp = '0;
    assign mp_dp4 = '0;
    logic unused_lane_mul;
    assign unused_lane_mul = ^lane_mul;
  end

  logic trans_valid;
  us_fp_trans #(
    .LATENCY(TransLatency)
  ) u_trans (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .valid_i (valid_i),
    .op_i    (trans_op_i),
    .a_i     (a_i[3]),
    .valid_o (trans_valid),
    .result_o(trans_o)
  );

  // The selects' lanes, for MulRound
  typedef struct packed {
    logic [3:0] minmax, max, frc, cnd, cmp;
  } sel_ctl_t;
  sel_ctl_t sel_ctl;
  assign sel_ctl = {lane_minmax, lane_max, lane_frc, lane_cnd, lane_cmp};  // (Yosys: no named patterns)

  logic [3:0][MulW-1:0] mr_mp_q;
  logic [MulW-1:0]      mr_mp_dp4_q;
  logic [3:0][31:0]     mr_a_q, mr_b_q, mr_c_q;
  sel_ctl_t             mr_sel_ctl_q;
  ctl_t                 mr_ctl_q;
  if (PipeRegs[us_core_pkg::PipeMulRound]) begin : g_mr_reg
    always_ff @(posedge clk_i) begin
      mr_mp_q       <= mp;
      mr_mp_dp4_q   <= mp_dp4;
      mr_a_q        <= a_i;
      mr_b_q        <= b_i;
      mr_c_q        <= c_i;
      mr_sel_ctl_q  <= sel_ctl;
      mr_ctl_q      <= ctl;
    end
  end else begin : g_mr_wire  // the default plan: the same stage
    assign mr_mp_q = mp;
    assign mr_mp_dp4_q = mp_dp4;
    assign mr_a_q = a_i;
    assign mr_b_q = b_i;
    assign mr_c_q = c_i;
    assign mr_sel_ctl_q = sel_ctl;
    assign mr_ctl_q = ctl;
  end

  // ===========================================================================================================
  // MulRound
  // ===========================================================================================================
  logic [3:0][31:0] prod;
  logic [31:0]      prod_dp4;
  logic [3:0]       mr_mul;
  assign mr_mul = mr_ctl_q.mul;
  always_comb begin
    for (int l = 0; l < 4; l++) begin
      prod[l] = 32'h0;
      if (mr_mul[l]) begin
        prod[l] = MulOneClock ? us_fp_pkg::fp_mul(mr_a_q[l], mr_b_q[l], zero_legacy_i)
                              : us_fp_pkg::fp_mul_round(mr_mp_q[l]);
      end
    end
    prod_dp4 = 32'h0;
    if (mr_ctl_q.dp4) begin
      prod_dp4 = MulOneClock ? us_fp_pkg::fp_mul(a_dp4_i, mr_b_q[3], zero_legacy_i)
                             : us_fp_pkg::fp_mul_round(mr_mp_dp4_q);
    end
  end

  logic [3:0][31:0] sel;
  logic [3:0][63:0] frc_ops;   // per FRC lane: {A with DAZ, -floor(A)}
  always_comb begin
    for (int l = 0; l < 4; l++) begin
      sel[l]     = 32'h0;
      frc_ops[l] = 64'h0;
      if (mr_sel_ctl_q.minmax[l]) begin
        sel[l] = us_fp_pkg::fp_minmax(mr_a_q[l], mr_b_q[l], mr_sel_ctl_q.max[l]);
      end else if (mr_sel_ctl_q.frc[l]) begin
        frc_ops[l] = us_fp_pkg::fp_frc_floor(mr_a_q[l]);
      end else if (mr_sel_ctl_q.cnd[l] || mr_sel_ctl_q.cmp[l]) begin
        sel[l] = us_fp_pkg::fp_sel(mr_a_q[l], mr_b_q[l], mr_c_q[l], mr_sel_ctl_q.cnd[l]);
      end
    end
  end

  logic [3:0][31:0] aa_prod_q, aa_c_q, aa_sel_q;
  logic [31:0]      aa_prod_dp4_q;
  logic [3:0][63:0] aa_frc_q;
  ctl_t             aa_ctl_q;
  if (PipeRegs[us_core_pkg::PipeWindow]) begin : g_aa_reg
    always_ff @(posedge clk_i) begin
      aa_prod_q     <= prod;
      aa_prod_dp4_q <= prod_dp4;
      aa_c_q        <= mr_c_q;
      aa_sel_q      <= sel;
      aa_frc_q      <= frc_ops;
      aa_ctl_q      <= mr_ctl_q;
    end
  end else begin : g_aa_wire  // the default plan: the same stage
    assign aa_prod_q = prod;
    assign aa_prod_dp4_q = prod_dp4;
    assign aa_c_q = mr_c_q;
    assign aa_sel_q = sel;
    assign aa_frc_q = frc_ops;
    assign aa_ctl_q = mr_ctl_q;
  end

  // ===========================================================================================================
  // Window: the dot product's terms through the alignment window (D2A's third term is C[b], DP4 alone has a
  // fourth)
  // ===========================================================================================================
  logic [3:0][31:0] term, win;
  logic [3:0]       win_use;
  logic             aa_d2a;
  assign aa_d2a  = aa_ctl_q.d2a;
  assign term    = {aa_prod_dp4_q, aa_d2a ? aa_c_q[2] : aa_prod_q[2], aa_prod_q[1], aa_prod_q[0]};
  assign win_use = {aa_ctl_q.dp4, 3'b111};
  us_fp_window u_window (
    .use_i (win_use),
    .term_i(term),
    .term_o(win)
  );

  // The adders' operands, picked in Window and registered for AddAlign: MAD lanes p + C; for a dot product lanes r
  // and g add w0 + w1 and w2 + w3; an FRC lane A - floor(A) (picked in AddAlign, the select lay on us_ex_pixel's
  // critical path ahead of the alignment, 21.0 ns)
  logic [3:0][31:0] add_a, add_b;
  always_comb begin
    for (int l = 0; l < 4; l++) begin
      add_a[l] = aa_prod_q[l];
      add_b[l] = aa_c_q[l];
      if (aa_ctl_q.frc[l]) begin
        add_a[l] = aa_frc_q[l][63:32];
        add_b[l] = aa_frc_q[l][31:0];
      end
    end
    if (aa_ctl_q.dot) begin
      add_a[0] = win[0];  // w0 + w1
      add_b[0] = win[1];
      add_a[1] = win[2];  // w2 + w3 (DP4)
      add_b[1] = win[3];
    end
  end

  logic [3:0][31:0] al_add_a_q, al_add_b_q, al_sel_q;
  logic [31:0]      al_w2_q;
  ctl_t             al_ctl_q;
  if (PipeRegs[us_core_pkg::PipeAddAlign]) begin : g_al_reg
    always_ff @(posedge clk_i) begin
      al_add_a_q    <= add_a;
      al_add_b_q    <= add_b;
      al_sel_q      <= aa_sel_q;
      al_w2_q       <= win[2];
      al_ctl_q      <= aa_ctl_q;
    end
  end else begin : g_al_wire  // the default plan: the same stage
    assign al_add_a_q = add_a;
    assign al_add_b_q = add_b;
    assign al_sel_q = aa_sel_q;
    assign al_w2_q = win[2];
    assign al_ctl_q = aa_ctl_q;
  end

  // ===========================================================================================================
  // AddAlign: the adders' operands, aligned
  // ===========================================================================================================
  logic [3:0]       al_add;
  assign al_add = al_ctl_q.add;

  logic [3:0][AlignW-1:0] align;
  if (!AddOneClock) begin : g_align
    always_comb begin
      for (int l = 0; l < 4; l++) begin
        align[l] = al_add[l] ? us_fp_pkg::fp_add_align(al_add_a_q[l], al_add_b_q[l]) : '0;
      end
    end
  end else begin : g_align_none  // fp_add in AddRound
    assign align = '0;
    logic unused_al_add;
    assign unused_al_add = ^al_add;
  end

  logic [3:0][AlignW-1:0] as_align_q;
  logic [3:0][31:0]       as_sel_q;
  logic [31:0]            as_w2_q;
  ctl_t                   as_ctl_q;
  if (PipeRegs[us_core_pkg::PipeAddSum]) begin : g_as_reg
    always_ff @(posedge clk_i) begin
      as_align_q    <= align;
      as_sel_q      <= al_sel_q;
      as_w2_q       <= al_w2_q;
      as_ctl_q      <= al_ctl_q;
    end
  end else begin : g_as_wire  // the default plan: the same stage
    assign as_align_q = align;
    assign as_sel_q = al_sel_q;
    assign as_w2_q = al_w2_q;
    assign as_ctl_q = al_ctl_q;
  end

  // ===========================================================================================================
  // AddSum
  // ===========================================================================================================
  logic [3:0][SumW-1:0] summed;
  logic [3:0]           as_add;
  assign as_add = as_ctl_q.add;
  if (!AddOneClock) begin : g_summed
    always_comb begin
      for (int l = 0; l < 4; l++) begin
        summed[l] = as_add[l] ? us_fp_pkg::fp_add_sum(as_align_q[l]) : '0;
      end
    end
  end else begin : g_summed_none
    assign summed = '0;
    logic unused_add;
    assign unused_add = ^{as_add, as_align_q};
  end

  logic [3:0][SumW-1:0] ar_sum_q;
  logic [3:0][31:0]     ar_sel_q;
  logic [31:0]          ar_w2_q;
  ctl_t                 ar_ctl_q;
  if (PipeRegs[us_core_pkg::PipeAddRound]) begin : g_ar_reg
    always_ff @(posedge clk_i) begin
      ar_sum_q      <= summed;
      ar_sel_q      <= as_sel_q;
      ar_w2_q       <= as_w2_q;
      ar_ctl_q      <= as_ctl_q;
    end
  end else begin : g_ar_wire  // the default plan: the same stage
    assign ar_sum_q = summed;
    assign ar_sel_q = as_sel_q;
    assign ar_w2_q = as_w2_q;
    assign ar_ctl_q = as_ctl_q;
  end

  // ===========================================================================================================
  // AddRound: the sums
  // ===========================================================================================================
  logic [3:0][31:0] sum;
  logic [3:0]       ar_add;
  assign ar_add = ar_ctl_q.add;
  always_comb begin
    for (int l = 0; l < 4; l++) begin
      sum[l] = 32'h0;
      if (ar_add[l]) begin
        sum[l] = AddOneClock ? us_fp_pkg::fp_add(al_add_a_q[l], al_add_b_q[l])
                             : us_fp_pkg::fp_add_round(ar_sum_q[l]);
      end
    end
  end

  logic [3:0][31:0] da_sum_q, da_sel_q;
  logic [31:0]      da_w2_q;
  ctl_t             da_ctl_q;
  if (PipeRegs[us_core_pkg::PipeDotAlign]) begin : g_da_reg
    always_ff @(posedge clk_i) begin
      da_sum_q      <= sum;
      da_sel_q      <= ar_sel_q;
      da_w2_q       <= ar_w2_q;
      da_ctl_q      <= ar_ctl_q;
    end
  end else begin : g_da_wire  // the default plan: the same stage
    assign da_sum_q = sum;
    assign da_sel_q = ar_sel_q;
    assign da_w2_q = ar_w2_q;
    assign da_ctl_q = ar_ctl_q;
  end

  // ===========================================================================================================
  // DotAlign, DotSum: (w0 + w1) + (w2 + w3 | w2); in DotAlign an FRC lane's difference becomes its select result
  // ===========================================================================================================
  logic [3:0][31:0]  sel_frc;
  logic [3:0]        da_frc;
  assign da_frc = da_ctl_q.frc;
  always_comb begin
    for (int l = 0; l < 4; l++) begin
      sel_frc[l] = da_frc[l] ? us_fp_pkg::fp_frc_fix(da_sum_q[l]) : da_sel_q[l];
    end
  end

  logic [31:0]       dot_right;
  logic [AlignW-1:0] dot_align;
  assign dot_right = da_ctl_q.dp4 ? da_sum_q[1] : da_w2_q;  // DP3, D2A
  if (!DotOneClock) begin : g_dot_align
    always_comb begin
      dot_align = da_ctl_q.dot_run ? us_fp_pkg::fp_add_align(da_sum_q[0], dot_right) : '0;
    end
  end else begin : g_dot_align_none  // fp_add in DotRound
    assign dot_align = '0;
  end

  logic [AlignW-1:0] ds_align_q;
  logic [3:0][31:0]  ds_sum_q, ds_sel_q;
  ctl_t              ds_ctl_q;
  if (PipeRegs[us_core_pkg::PipeDotSum]) begin : g_ds_reg
    always_ff @(posedge clk_i) begin
      ds_align_q    <= dot_align;
      ds_sum_q      <= da_sum_q;
      ds_sel_q      <= sel_frc;
      ds_ctl_q      <= da_ctl_q;
    end
  end else begin : g_ds_wire  // the default plan: the same stage
    assign ds_align_q = dot_align;
    assign ds_sum_q = da_sum_q;
    assign ds_sel_q = sel_frc;
    assign ds_ctl_q = da_ctl_q;
  end

  logic [SumW-1:0] dot_summed;
  if (!DotOneClock) begin : g_dot_summed
    always_comb begin
      dot_summed = ds_ctl_q.dot_run ? us_fp_pkg::fp_add_sum(ds_align_q) : '0;
    end
  end else begin : g_dot_summed_none
    assign dot_summed = '0;
    logic unused_dot_align;
    assign unused_dot_align = ^ds_align_q;
  end

  logic [SumW-1:0]  dr_dot_q;
  logic [3:0][31:0] dr_sum_q, dr_sel_q;
  ctl_t             dr_ctl_q;
  if (PipeRegs[us_core_pkg::PipeDotRound]) begin : g_dr_reg
    always_ff @(posedge clk_i) begin
      dr_dot_q      <= dot_summed;
      dr_sum_q      <= ds_sum_q;
      dr_sel_q      <= ds_sel_q;
      dr_ctl_q      <= ds_ctl_q;
    end
  end else begin : g_dr_wire  // the default plan: the same stage
    assign dr_dot_q = dot_summed;
    assign dr_sum_q = ds_sum_q;
    assign dr_sel_q = ds_sel_q;
    assign dr_ctl_q = ds_ctl_q;
  end

  // ===========================================================================================================
  // DotRound: the dot product rounded
  // ===========================================================================================================
  logic [31:0] dot;
  always_comb begin
    dot = 32'h0;
    if (dr_ctl_q.dot_run) begin
      dot = DotOneClock ? us_fp_pkg::fp_add(da_sum_q[0], dot_right) : us_fp_pkg::fp_add_round(dr_dot_q);
    end
  end

  logic [31:0]      sl_dot_q;
  logic [3:0][31:0] sl_sum_q, sl_sel_q;
  ctl_t             sl_ctl_q;
  if (PipeRegs[us_core_pkg::PipeSelect]) begin : g_sl_reg
    always_ff @(posedge clk_i) begin
      sl_dot_q      <= dot;
      sl_sum_q      <= dr_sum_q;
      sl_sel_q      <= dr_sel_q;
      sl_ctl_q      <= dr_ctl_q;
    end
  end else begin : g_sl_wire  // the default plan: the same stage
    assign sl_dot_q = dot;
    assign sl_sum_q = dr_sum_q;
    assign sl_sel_q = dr_sel_q;
    assign sl_ctl_q = dr_ctl_q;
  end

  // ===========================================================================================================
  // Select: the result select; the transcendental unit's result arrives
  // ===========================================================================================================
  always_comb begin
    for (int c = 0; c < 3; c++) begin
      if (sl_ctl_q.dot) begin
        rgb_o[c] = sl_dot_q;
      end else if (sl_ctl_q.rgb_sel) begin
        rgb_o[c] = sl_sel_q[c];
      end else if (sl_ctl_q.rgb_sop) begin
        rgb_o[c] = trans_o;
      end else begin  // MAD, MDH, MDV
        rgb_o[c] = sl_sum_q[c];
      end
    end
    if (sl_ctl_q.a_sum) begin
      alpha_o = sl_sum_q[3];
    end else if (sl_ctl_q.a_dot) begin
      alpha_o = sl_dot_q;
    end else if (sl_ctl_q.a_sel) begin
      alpha_o = sl_sel_q[3];
    end else begin
      alpha_o = trans_o;  // EX2 LN2 RCP RSQ SIN COS
    end
  end

  logic unused_valid;
  assign unused_valid = ^{trans_valid, sl_ctl_q.mul, sl_ctl_q.dp4, sl_ctl_q.d2a, sl_ctl_q.add, sl_ctl_q.frc,
                         sl_ctl_q.dot_run};

endmodule
