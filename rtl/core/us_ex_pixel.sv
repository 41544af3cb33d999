// us_ex_pixel: execute stages EX2..EX4 of one pixel's four lanes (r g b from the rgb unit, a from the alpha unit),
// docs/rtl.md. Operands enter in EX2 (registered by the pipeline); the raw results (before OMOD and clamp) come
// out combinationally in EX4, two clock edges later.
//   EX2  four multipliers p[l] = A[l] x B[l] (MAD, MDH/MDV and the dot-product terms) and DP4's fourth term
//        A_dp4 x B[a] (the alpha lane's own operands, which an alpha MDH/MDV beside it does not use); MIN, MAX,
//        CND, CMP, FRC per lane; the transcendental unit takes lane a's A.
//   EX3  the dot product's alignment window (us_fp_window, CTM p.42) on its terms (p0, p1, p2 | p0..p3 |
//        p0, p1, C[b]): a term 25 or more binades below the largest reads as +0; then four adders: MAD lanes
//        p[l] + C[l]; for a dot product lanes r and g add w0 + w1 and w2 + w3 instead.
//   EX4  the dot product's last add, (w0 + w1) + (w2 | w2 + w3) for DP3, DP4, D2A (w2 is C[b] for D2A), and the
//        result select; the transcendental result arrives here (us_fp_trans, LATENCY 2).
// The adds keep the C model's operand order (model/golden/us_fp.c), which decides which NaN comes out.
module us_ex_pixel (
  input  logic                                    clk_i,
  input  logic                                    rst_ni,
  input  logic                                    valid_i,        // EX2 holds an instruction
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
  output us_types_pkg::fp32_t [2:0]               rgb_o,          // EX4: raw rgb result
  output us_types_pkg::fp32_t                     alpha_o,        // EX4: raw alpha result
  output us_types_pkg::fp32_t                     trans_o         // EX4: the transcendental unit's result
);

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

  // ---- EX2 ----
  // Each unit's result is computed under the ops that read it (the functions of us_fp_pkg, see there); for the
  // other ops it is 0. rgb_mad: MAD, MDH, MDV and the reserved code (the result select's last branch).
  // An alpha DP beside an rgb op that is not a dot product (not a legal instruction) reads the MAD path's
  // lanes 0 .. 2: they are computed for it too.
  logic             rgb_dot, rgb_mad, alpha_mad, alpha_dp, dot_lanes;
  assign rgb_dot   = rgb_is_dot(rgb_op_i);
  assign rgb_mad   = !rgb_dot && !rgb_is_select(rgb_op_i) && rgb_op_i != us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_SOP;
  assign alpha_mad = alpha_op_i == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_MAD ||
                     alpha_op_i == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_MDH ||
                     alpha_op_i == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_MDV;
  assign alpha_dp  = alpha_op_i == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_DP;
  assign dot_lanes = rgb_mad || rgb_dot || alpha_dp;

  logic [3:0][3:0]  lane_op;   // the op each lane runs, as a select class below
  logic [3:0]       lane_max, lane_cnd, lane_cmp, lane_frc, lane_minmax, lane_mul;
  always_comb begin
    for (int l = 0; l < 4; l++) begin
      lane_op[l] = (l == 3) ? alpha_op_i : rgb_op_i;
    end
  end
  for (genvar l = 0; l < 4; l++) begin : g_lane
    if (l == 3) begin : g_alpha
      assign lane_minmax[l] = lane_op[l] == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_MIN ||
                              lane_op[l] == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_MAX;
      assign lane_max[l]    = lane_op[l] == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_MAX;
      assign lane_cnd[l]    = lane_op[l] == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_CND;
      assign lane_cmp[l]    = lane_op[l] == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_CMP;
      assign lane_frc[l]    = lane_op[l] == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_FRC;
      assign lane_mul[l]    = alpha_mad;
    end else begin : g_rgb
      assign lane_minmax[l] = lane_op[l] == us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_MIN ||
                              lane_op[l] == us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_MAX;
      assign lane_max[l]    = lane_op[l] == us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_MAX;
      assign lane_cnd[l]    = lane_op[l] == us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_CND;
      assign lane_cmp[l]    = lane_op[l] == us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_CMP;
      assign lane_frc[l]    = lane_op[l] == us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_FRC;
      assign lane_mul[l]    = dot_lanes;
    end
  end

  // Four multipliers p[l] = A[l] x B[l], DP4's fourth term, and per lane MIN/MAX, FRC or CND/CMP.
  logic [3:0][31:0] prod, selres;
  logic [31:0]      prod_dp4;
  always_comb begin
    for (int l = 0; l < 4; l++) begin
      prod[l] = 32'h0;
      if (lane_mul[l]) begin
        prod[l] = us_fp_pkg::fp_mul(a_i[l], b_i[l], zero_legacy_i);
      end
      selres[l] = 32'h0;
      if (lane_minmax[l]) begin
        selres[l] = us_fp_pkg::fp_minmax(a_i[l], b_i[l], lane_max[l]);
      end else if (lane_frc[l]) begin
        selres[l] = us_fp_pkg::fp_frc(a_i[l]);
      end else if (lane_cnd[l] || lane_cmp[l]) begin
        selres[l] = us_fp_pkg::fp_sel(a_i[l], b_i[l], c_i[l], lane_cnd[l]);
      end
    end
    prod_dp4 = 32'h0;
    if (rgb_op_i == us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_DP4) begin
      prod_dp4 = us_fp_pkg::fp_mul(a_dp4_i, b_i[3], zero_legacy_i);
    end
  end

  logic trans_valid;
  us_fp_trans #(
    .LATENCY(2)
  ) u_trans (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .valid_i (valid_i),
    .op_i    (trans_op_i),
    .a_i     (a_i[3]),
    .valid_o (trans_valid),
    .result_o(trans_o)
  );

  logic [3:0][31:0] e3_prod_q, e3_c_q, e3_sel_q;
  logic [31:0]      e3_prod_dp4_q;
  logic [3:0]       e3_rgb_op_q, e3_alpha_op_q;
  always_ff @(posedge clk_i) begin
    e3_prod_q     <= prod;
    e3_prod_dp4_q <= prod_dp4;
    e3_c_q        <= c_i;
    e3_sel_q      <= selres;
    e3_rgb_op_q   <= rgb_op_i;
    e3_alpha_op_q <= alpha_op_i;
  end

  // ---- EX3 ----
  // The dot product's terms through the alignment window; D2A's third term is C[b], DP4 alone has a fourth.
  logic [3:0][31:0] term, win;
  logic [3:0]       win_use;
  logic             e3_d2a;
  assign e3_d2a  = e3_rgb_op_q == us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_D2A;
  assign term    = {e3_prod_dp4_q, e3_d2a ? e3_c_q[2] : e3_prod_q[2], e3_prod_q[1], e3_prod_q[0]};
  assign win_use = {e3_rgb_op_q == us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_DP4, 3'b111};
  us_fp_window u_window (
    .use_i (win_use),
    .term_i(term),
    .term_o(win)
  );

  // Lanes r and g add for a MAD-class op or a dot product (and an alpha DP), b for a MAD-class op, a for an alpha
  // MAD-class op.
  logic [3:0][31:0] add_a, add_b, sum;
  logic             e3_dot, e3_rgb_mad, e3_alpha_mad;
  logic [3:0]       add_use;
  assign e3_dot       = rgb_is_dot(e3_rgb_op_q);
  assign e3_rgb_mad   = !e3_dot && !rgb_is_select(e3_rgb_op_q) &&
                        e3_rgb_op_q != us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_SOP;
  assign e3_alpha_mad = e3_alpha_op_q == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_MAD ||
                        e3_alpha_op_q == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_MDH ||
                        e3_alpha_op_q == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_MDV;
  assign add_use      = {e3_alpha_mad, e3_rgb_mad,
                         {2{e3_rgb_mad || e3_dot || e3_alpha_op_q == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_DP}}};
  always_comb begin
    for (int l = 0; l < 4; l++) begin
      add_a[l] = e3_prod_q[l];
      add_b[l] = e3_c_q[l];
    end
    if (e3_dot) begin
      add_a[0] = win[0];  // w0 + w1
      add_b[0] = win[1];
      add_a[1] = win[2];  // w2 + w3 (DP4)
      add_b[1] = win[3];
    end
    for (int l = 0; l < 4; l++) begin
      sum[l] = 32'h0;
      if (add_use[l]) begin
        sum[l] = us_fp_pkg::fp_add(add_a[l], add_b[l]);
      end
    end
  end

  logic [3:0][31:0] e4_sum_q, e4_sel_q;
  logic [31:0]      e4_w2_q;
  logic [3:0]       e4_rgb_op_q, e4_alpha_op_q;
  always_ff @(posedge clk_i) begin
    e4_sum_q      <= sum;
    e4_sel_q      <= e3_sel_q;
    e4_w2_q       <= win[2];
    e4_rgb_op_q   <= e3_rgb_op_q;
    e4_alpha_op_q <= e3_alpha_op_q;
  end

  // ---- EX4 ----
  logic [31:0] dot_right, dot;
  assign dot_right = (e4_rgb_op_q == us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_DP4) ? e4_sum_q[1] : e4_w2_q;  // DP3, D2A
  always_comb begin
    dot = 32'h0;
    if (rgb_is_dot(e4_rgb_op_q) || e4_alpha_op_q == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_DP) begin
      dot = us_fp_pkg::fp_add(e4_sum_q[0], dot_right);
    end
  end

  always_comb begin
    for (int c = 0; c < 3; c++) begin
      if (rgb_is_dot(e4_rgb_op_q)) begin
        rgb_o[c] = dot;
      end else if (rgb_is_select(e4_rgb_op_q)) begin
        rgb_o[c] = e4_sel_q[c];
      end else if (e4_rgb_op_q == us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_SOP) begin
        rgb_o[c] = trans_o;
      end else begin  // MAD, MDH, MDV
        rgb_o[c] = e4_sum_q[c];
      end
    end
    unique case (e4_alpha_op_q)
      us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_MAD, us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_MDH,
      us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_MDV: alpha_o = e4_sum_q[3];
      us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_DP:  alpha_o = dot;
      us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_MIN, us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_MAX,
      us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_CND, us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_CMP,
      us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_FRC: alpha_o = e4_sel_q[3];
      default:                                    alpha_o = trans_o;  // EX2 LN2 RCP RSQ SIN COS
    endcase
  end

  logic unused_valid;
  assign unused_valid = trans_valid;

endmodule
