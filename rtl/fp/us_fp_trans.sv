// The transcendental unit of the US: RCP, RSQ, EX2, LN2, SIN, COS of one fp32 value, bit-exact with
// model/golden/us_fp_trans.c (docs/fp.md part B): DAZ inputs, FTZ results, the special values and NaN rules of B.5.
//
// Ports
//   clk_i, rst_ni  clock, asynchronous active-low reset (clears the valid pipeline only)
//   valid_i        an operation enters this cycle
//   op_i           the ALPHA_OP code of rtl/generated/us_isa_pkg.sv (US_ALU_ALPHA_INST_ALPHA_OP_*): EX2 8,
//                  LN2 9, RCP 10, RSQ 11, SIN 12, COS 13 (SIN and COS are of 2 pi a); any other code gives +0
//   a_i            the operand (fp32 bit pattern)
//   valid_o        result_o holds the result of the operation that entered LATENCY cycles earlier
//   result_o       the fp32 result; meaningless while valid_o is low
//
// Fixed latency, no back-pressure: one operation per cycle, valid_o is valid_i delayed by LATENCY cycles.
// The datapath is six combinational segments, with a register stage (us_fp_trans_stage) after those marked by
// the LATENCY parameter:
//   1a fix    the fixed-point shifter of EX2, SIN and COS                        (us_fp_trans_fix)
//      reduce special inputs, exact argument reduction, the table segment      (us_fp_trans_reduce)
//   1b table  the table ROM read                                                (us_fp_trans_table)
//   2 interp  16 x 16 squarer, 22 x 24 and 14 x 16 multipliers, 3-input add   (us_fp_trans_interp)
//   3 post    LN2 / sine-kernel 25 x 31 multiplier (here), then (registered when ProdReg) the LN2 62-bit add
//             and |R|                                                        (us_fp_trans_post)
//   4 norm    normalise (leading-zero shift)                                 (us_fp_trans_norm)
//   5 pack    round half up, exponent, FTZ                                   (us_fp_trans_pack)
//   LATENCY 0: no register (combinational, result_o follows a_i)
//   LATENCY 1: after 2
//   LATENCY 2: after 1b and 3
//   LATENCY 3: after 1b, 2 and 3 (default; result_o comes combinationally from norm and pack)
//   LATENCY 4: after 1b, 2, 3 and 5 (registered output)
//   LATENCY 5: after 1b, 2, 3, 4 and 5
//   LATENCY 6: after every segment (no segment shares a clock with another)
//   LATENCY 7: as 6, and a register of the operand before 1a (the unit's own copy of the operand, placed beside the
//              reduction instead of the operand register that feeds every unit)
//   LATENCY 8: as 7, and a register between fix and reduce
//   LATENCY 9: as 8, and a register between post's multiplier and its add (the core's FPGA pipeline: the product
//              across four MULT18X18D and the 63-bit add behind it were one clock of 21 ns)
//   LATENCY > 9: as 9, then LATENCY - 9 more output registers
module us_fp_trans #(
  parameter int unsigned LATENCY = 3
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        valid_i,
  input  logic [3:0]  op_i,
  input  logic [31:0] a_i,
  output logic        valid_o,
  output logic [31:0] result_o
);

  // Register after segment s when StageRegs[s - 1] is set.
  localparam logic [4:0] StageRegs = (LATENCY == 0) ? 5'b00000 :
                                     (LATENCY == 1) ? 5'b00010 :
                                     (LATENCY == 2) ? 5'b00101 :
                                     (LATENCY == 3) ? 5'b00111 :
                                     (LATENCY == 4) ? 5'b10111 : 5'b11111;
  localparam bit          TableReg  = LATENCY >= 6;  // the register between 1a and 1b
  localparam bit          InReg     = LATENCY >= 7;  // the register before 1a
  localparam bit          FixReg    = LATENCY >= 8;  // the register between fix and reduce
  localparam bit          ProdReg   = LATENCY >= 9;  // the register between post's product and its add
  localparam int unsigned ExtraRegs = (LATENCY > 9) ? LATENCY - 9 : 0;

  // ---- the operand, registered when InReg
  typedef struct packed {
    logic [3:0]  op;
    logic [31:0] a;
  } in_t;
  in_t  in_d, in_q;
  logic in_valid;
  assign in_d.op = op_i;
  assign in_d.a  = a_i;
  us_fp_trans_stage #(
    .Width($bits(in_d)),
    .Reg  (InReg)
  ) u_stage_in (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(valid_i),
    .data_i (in_d),
    .valid_o(in_valid),
    .data_o (in_q)
  );

  // ---- segment 1a: reduce; 1b: read the tables
  typedef struct packed {
    logic               spec;
    logic [31:0]        spec_res;
    logic [30:0]        c0;
    logic signed [21:0] c1;
    logic signed [13:0] c2;
    logic [23:0]        dx;
    logic               mul;
    logic               ln2;
    logic signed [24:0] mop;
    logic signed [10:0] k;
    logic               sign;
  } reduce_t;

  reduce_t reduce_d, reduce_q;
  logic    reduce_valid;

  // What 1a gives: reduce_t's fields but the coefficients, and the table segment 1b reads them from
  typedef struct packed {
    logic               spec;
    logic [31:0]        spec_res;
    logic [2:0]         tsel;
    logic [7:0]         idx;
    logic [23:0]        dx;
    logic               mul;
    logic               ln2;
    logic signed [24:0] mop;
    logic signed [10:0] k;
    logic               sign;
  } table_t;
  table_t tb_d, tb_q;
  logic   tb_valid;

  // ---- segment 1a: the shifter, then (registered when FixReg) the reduction
  typedef struct packed {
    in_t         in;
    logic [39:0] fix;
  } fix_t;
  fix_t fix_d, fix_q;
  logic fix_valid;
  assign fix_d.in = in_q;
  us_fp_trans_fix u_fix (
    .a_i  (in_q.a),
    .fix_o(fix_d.fix)
  );
  us_fp_trans_stage #(
    .Width($bits(fix_d)),
    .Reg  (FixReg)
  ) u_stage_fix (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(in_valid),
    .data_i (fix_d),
    .valid_o(fix_valid),
    .data_o (fix_q)
  );

  us_fp_trans_reduce u_reduce (
    .op_i      (fix_q.in.op),
    .a_i       (fix_q.in.a),
    .fix_i     (fix_q.fix),
    .spec_o    (tb_d.spec),
    .spec_res_o(tb_d.spec_res),
    .tsel_o    (tb_d.tsel),
    .idx_o     (tb_d.idx),
    .dx_o      (tb_d.dx),
    .mul_o     (tb_d.mul),
    .ln2_o     (tb_d.ln2),
    .mop_o     (tb_d.mop),
    .k_o       (tb_d.k),
    .sign_o    (tb_d.sign)
  );

  us_fp_trans_stage #(
    .Width($bits(tb_d)),
    .Reg  (TableReg)
  ) u_stage_table (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(fix_valid),
    .data_i (tb_d),
    .valid_o(tb_valid),
    .data_o (tb_q)
  );

  us_fp_trans_table u_table (
    .tsel_i(tb_q.tsel),
    .idx_i (tb_q.idx),
    .c0_o  (reduce_d.c0),
    .c1_o  (reduce_d.c1),
    .c2_o  (reduce_d.c2)
  );
  assign reduce_d.spec     = tb_q.spec;
  assign reduce_d.spec_res = tb_q.spec_res;
  assign reduce_d.dx       = tb_q.dx;
  assign reduce_d.mul      = tb_q.mul;
  assign reduce_d.ln2      = tb_q.ln2;
  assign reduce_d.mop      = tb_q.mop;
  assign reduce_d.k        = tb_q.k;
  assign reduce_d.sign     = tb_q.sign;

  us_fp_trans_stage #(
    .Width($bits(reduce_d)),
    .Reg  (StageRegs[0])
  ) u_stage_reduce (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(tb_valid),
    .data_i (reduce_d),
    .valid_o(reduce_valid),
    .data_o (reduce_q)
  );

  // ---- segment 2: interpolate
  typedef struct packed {
    logic               spec;
    logic [31:0]        spec_res;
    logic [30:0]        acc;
    logic               mul;
    logic               ln2;
    logic signed [24:0] mop;
    logic signed [10:0] k;
    logic               sign;
  } interp_t;

  interp_t interp_d, interp_q;
  logic    interp_valid;

  us_fp_trans_interp u_interp (
    .c0_i (reduce_q.c0),
    .c1_i (reduce_q.c1),
    .c2_i (reduce_q.c2),
    .dx_i (reduce_q.dx),
    .acc_o(interp_d.acc)
  );

  assign interp_d.spec     = reduce_q.spec;
  assign interp_d.spec_res = reduce_q.spec_res;
  assign interp_d.mul      = reduce_q.mul;
  assign interp_d.ln2      = reduce_q.ln2;
  assign interp_d.mop      = reduce_q.mop;
  assign interp_d.k        = reduce_q.k;
  assign interp_d.sign     = reduce_q.sign;

  us_fp_trans_stage #(
    .Width($bits(interp_d)),
    .Reg  (StageRegs[1])
  ) u_stage_interp (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(reduce_valid),
    .data_i (interp_d),
    .valid_o(interp_valid),
    .data_o (interp_q)
  );

  // ---- segment 3: the second multiply (LN2, sine kernel): the product, then (registered when ProdReg) the rest
  typedef struct packed {
    logic               spec;
    logic [31:0]        spec_res;
    logic signed [62:0] prod;
    logic [30:0]        acc;
    logic               mul;
    logic               ln2;
    logic signed [10:0] k;
    logic               sign;
  } prod_t;

  prod_t prod_d, prod_q;
  logic  prod_valid;

  // mop x acc, 25 x 31 bits (signed x unsigned)
  assign prod_d.prod     = $signed({{38{interp_q.mop[24]}}, interp_q.mop}) * $signed({32'd0, interp_q.acc});
  assign prod_d.spec     = interp_q.spec;
  assign prod_d.spec_res = interp_q.spec_res;
  assign prod_d.acc      = interp_q.acc;
  assign prod_d.mul      = interp_q.mul;
  assign prod_d.ln2      = interp_q.ln2;
  assign prod_d.k        = interp_q.k;
  assign prod_d.sign     = interp_q.sign;

  us_fp_trans_stage #(
    .Width($bits(prod_d)),
    .Reg  (ProdReg)
  ) u_stage_prod (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(interp_valid),
    .data_i (prod_d),
    .valid_o(prod_valid),
    .data_o (prod_q)
  );

  typedef struct packed {
    logic               spec;
    logic [31:0]        spec_res;
    logic [61:0]        m;
    logic signed [10:0] k;
    logic               sign;
  } post_t;

  post_t post_d, post_q;
  logic  post_valid;

  us_fp_trans_post u_post (
    .acc_i (prod_q.acc),
    .prod_i(prod_q.prod),
    .mul_i (prod_q.mul),
    .ln2_i (prod_q.ln2),
    .k_i   (prod_q.k),
    .sign_i(prod_q.sign),
    .m_o   (post_d.m),
    .k_o   (post_d.k),
    .sign_o(post_d.sign)
  );

  assign post_d.spec     = prod_q.spec;
  assign post_d.spec_res = prod_q.spec_res;

  us_fp_trans_stage #(
    .Width($bits(post_d)),
    .Reg  (StageRegs[2])
  ) u_stage_post (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(prod_valid),
    .data_i (post_d),
    .valid_o(post_valid),
    .data_o (post_q)
  );

  // ---- segment 4: normalise
  typedef struct packed {
    logic               spec;
    logic [31:0]        spec_res;
    logic [24:0]        top;
    logic [5:0]         lz;
    logic               m_zero;
    logic signed [10:0] k;
    logic               sign;
  } norm_t;

  norm_t norm_d, norm_q;
  logic  norm_valid;

  us_fp_trans_norm u_norm (
    .m_i     (post_q.m),
    .top_o   (norm_d.top),
    .lz_o    (norm_d.lz),
    .m_zero_o(norm_d.m_zero)
  );

  assign norm_d.spec     = post_q.spec;
  assign norm_d.spec_res = post_q.spec_res;
  assign norm_d.k        = post_q.k;
  assign norm_d.sign     = post_q.sign;

  us_fp_trans_stage #(
    .Width($bits(norm_d)),
    .Reg  (StageRegs[3])
  ) u_stage_norm (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(post_valid),
    .data_i (norm_d),
    .valid_o(norm_valid),
    .data_o (norm_q)
  );

  // ---- segment 5: round, pack
  logic [31:0] pack_d;
  logic [31:0] pack_q;
  logic        pack_valid;

  us_fp_trans_pack u_pack (
    .spec_i    (norm_q.spec),
    .spec_res_i(norm_q.spec_res),
    .top_i     (norm_q.top),
    .lz_i      (norm_q.lz),
    .m_zero_i  (norm_q.m_zero),
    .k_i       (norm_q.k),
    .sign_i    (norm_q.sign),
    .result_o  (pack_d)
  );

  us_fp_trans_stage #(
    .Width(32),
    .Reg  (StageRegs[4])
  ) u_stage_pack (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(norm_valid),
    .data_i (pack_d),
    .valid_o(pack_valid),
    .data_o (pack_q)
  );

  // ---- optional extra output registers
  logic [ExtraRegs:0]       extra_valid;
  logic [ExtraRegs:0][31:0] extra_data;

  assign extra_valid[0] = pack_valid;
  assign extra_data[0]  = pack_q;

  for (genvar g = 0; g < ExtraRegs; g++) begin : gen_extra
    us_fp_trans_stage #(
      .Width(32),
      .Reg  (1'b1)
    ) u_stage_extra (
      .clk_i  (clk_i),
      .rst_ni (rst_ni),
      .valid_i(extra_valid[g]),
      .data_i (extra_data[g]),
      .valid_o(extra_valid[g+1]),
      .data_o (extra_data[g+1])
    );
  end

  assign valid_o  = extra_valid[ExtraRegs];
  assign result_o = extra_data[ExtraRegs];

endmodule
