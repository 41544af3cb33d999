// Transcendental unit, segment 1b (combinational): the table read. The segment us_fp_trans_reduce chose (table and
// index) gives its coefficients c0, c1, c2 (us_fp_tables_pkg, generated; docs/fp.md B.4), c1 and c2 sign-extended
// to the interpolator's widths. A segment of its own so that a plan can put a register between the argument
// reduction and the ROMs (us_fp_trans, LATENCY 6 and above).
module us_fp_trans_table (
  input  logic [2:0]         tsel_i,  // RCP 0, RSQ 1, EX2 2, LN2 3, SIN 4, COS 5
  input  logic [7:0]         idx_i,
  output logic [30:0]        c0_o,
  output logic signed [21:0] c1_o,
  output logic signed [13:0] c2_o
);

  logic [6:0] idx7;
  logic [5:0] idx6;
  assign idx7 = idx_i[6:0];
  assign idx6 = idx_i[5:0];

  logic [30:0] rcp_c0, rsq_c0, cos_c0;
  logic [29:0] ex2_c0, ln2_c0, sin_c0;
  logic signed [20:0] rcp_c1, ln2_c1, sin_c1;
  logic signed [19:0] rsq_c1;
  logic signed [21:0] ex2_c1, cos_c1;
  logic signed [12:0] rcp_c2, ex2_c2;
  logic signed [11:0] rsq_c2, ln2_c2;
  logic signed [13:0] sin_c2, cos_c2;

  assign rcp_c0 = us_fp_tables_pkg::rcp_c0(idx7);
  assign rcp_c1 = us_fp_tables_pkg::rcp_c1(idx7);
  assign rcp_c2 = us_fp_tables_pkg::rcp_c2(idx7);
  assign rsq_c0 = us_fp_tables_pkg::rsq_c0(idx_i);
  assign rsq_c1 = us_fp_tables_pkg::rsq_c1(idx_i);
  assign rsq_c2 = us_fp_tables_pkg::rsq_c2(idx_i);
  assign ex2_c0 = us_fp_tables_pkg::ex2_c0(idx6);
  assign ex2_c1 = us_fp_tables_pkg::ex2_c1(idx6);
  assign ex2_c2 = us_fp_tables_pkg::ex2_c2(idx6);
  assign ln2_c0 = us_fp_tables_pkg::ln2_c0(idx7);
  assign ln2_c1 = us_fp_tables_pkg::ln2_c1(idx7);
  assign ln2_c2 = us_fp_tables_pkg::ln2_c2(idx7);
  assign sin_c0 = us_fp_tables_pkg::sin_c0(idx6);
  assign sin_c1 = us_fp_tables_pkg::sin_c1(idx6);
  assign sin_c2 = us_fp_tables_pkg::sin_c2(idx6);
  assign cos_c0 = us_fp_tables_pkg::cos_c0(idx7);
  assign cos_c1 = us_fp_tables_pkg::cos_c1(idx7);
  assign cos_c2 = us_fp_tables_pkg::cos_c2(idx7);

  always_comb begin
    unique case (tsel_i)
      3'd1: begin
        c0_o = rsq_c0;
        c1_o = {{2{rsq_c1[19]}}, rsq_c1};
        c2_o = {{2{rsq_c2[11]}}, rsq_c2};
      end
      3'd2: begin
        c0_o = {1'b0, ex2_c0};
        c1_o = ex2_c1;
        c2_o = {ex2_c2[12], ex2_c2};
      end
      3'd3: begin
        c0_o = {1'b0, ln2_c0};
        c1_o = {ln2_c1[20], ln2_c1};
        c2_o = {{2{ln2_c2[11]}}, ln2_c2};
      end
      3'd4: begin
        c0_o = {1'b0, sin_c0};
        c1_o = {sin_c1[20], sin_c1};
        c2_o = sin_c2;
      end
      3'd5: begin
        c0_o = cos_c0;
        c1_o = cos_c1;
        c2_o = cos_c2;
      end
      default: begin  // RCP (and the codes reduce never gives)
        c0_o = rcp_c0;
        c1_o = {rcp_c1[20], rcp_c1};
        c2_o = {rcp_c2[12], rcp_c2};
      end
    endcase
  end

endmodule
