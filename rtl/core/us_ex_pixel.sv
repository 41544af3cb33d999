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
  logic [3:0][31:0] prod, selres;
  logic [31:0]      prod_dp4;
  us_fp_mul u_mul_dp4 (
    .a_i          (a_dp4_i),
    .b_i          (b_i[3]),
    .zero_legacy_i(zero_legacy_i),
    .prod_o       (prod_dp4)
  );
  logic [3:0][3:0]  lane_op;   // the op each lane runs, as a select class below
  logic [3:0]       lane_max, lane_cnd, lane_frc, lane_minmax;
  always_comb begin
    for (int l = 0; l < 4; l++) begin
      lane_op[l] = (l == 3) ? alpha_op_i : rgb_op_i;
    end
  end
  logic [3:0][31:0] mm, sel, frc;  // per lane (Yosys: no variables inside generate blocks)
  for (genvar l = 0; l < 4; l++) begin : g_lane
    if (l == 3) begin : g_alpha
      assign lane_minmax[l] = lane_op[l] == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_MIN ||
                              lane_op[l] == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_MAX;
      assign lane_max[l]    = lane_op[l] == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_MAX;
      assign lane_cnd[l]    = lane_op[l] == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_CND;
      assign lane_frc[l]    = lane_op[l] == us_isa_pkg::US_ALU_ALPHA_INST_ALPHA_OP_FRC;
    end else begin : g_rgb
      assign lane_minmax[l] = lane_op[l] == us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_MIN ||
                              lane_op[l] == us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_MAX;
      assign lane_max[l]    = lane_op[l] == us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_MAX;
      assign lane_cnd[l]    = lane_op[l] == us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_CND;
      assign lane_frc[l]    = lane_op[l] == us_isa_pkg::US_ALU_RGBA_INST_RGB_OP_FRC;
    end
    us_fp_mul u_mul (
      .a_i          (a_i[l]),
      .b_i          (b_i[l]),
      .zero_legacy_i(zero_legacy_i),
      .prod_o       (prod[l])
    );
    us_fp_minmax u_minmax (
      .a_i     (a_i[l]),
      .b_i     (b_i[l]),
      .max_i   (lane_max[l]),
      .result_o(mm[l])
    );
    us_fp_sel u_sel (
      .a_i     (a_i[l]),
      .b_i     (b_i[l]),
      .c_i     (c_i[l]),
      .cnd_i   (lane_cnd[l]),
      .result_o(sel[l])
    );
    us_fp_frc u_frc (
      .a_i     (a_i[l]),
      .result_o(frc[l])
    );
    assign selres[l] = lane_minmax[l] ? mm[l] : lane_frc[l] ? frc[l] : sel[l];
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

  logic [3:0][31:0] add_a, add_b, sum;
  logic             e3_dot;
  assign e3_dot = rgb_is_dot(e3_rgb_op_q);
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
  end
  for (genvar l = 0; l < 4; l++) begin : g_add
    us_fp_add u_add (
      .a_i  (add_a[l]),
      .b_i  (add_b[l]),
      .sum_o(sum[l])
    );
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
  us_fp_add u_dot (
    .a_i  (e4_sum_q[0]),
    .b_i  (dot_right),
    .sum_o(dot)
  );

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
