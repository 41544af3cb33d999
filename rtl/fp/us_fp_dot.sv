// us_fp_dot: the product-sum ops of the US, MAD, DP3, DP4 and D2A, as compositions of us_fp_mul and us_fp_add,
// combinational (docs/fp.md A.2 MAD, DP3, DP4, D2A).
//
// Bit for bit the C golden model us_fp_mad / us_fp_dp3 / us_fp_dp4 / us_fp_d2a (model/golden/us_fp.c). With
// pk = MUL(a[k], b[k], zero_legacy_i), each rounded and flushed as a MUL on its own, and ADD as us_fp_add (the
// operand order inside each ADD decides which NaN comes out):
//   op_i 0 MAD: ADD(p0, c)                       op_i 2 DP4: ADD(ADD(p0, p1), ADD(p2, p3))
//   op_i 1 DP3: ADD(ADD(p0, p1), p2)             op_i 3 D2A: ADD(ADD(p0, p1), c)
// For DP3, DP4 and D2A the terms (p0, p1, p2 / p0..p3 / p0, p1, c) first pass the alignment window (us_fp_window,
// CTM p.42): a term 25 or more binades below the largest reads as +0. MAD has no window. Two or more roundings,
// never fused. Operands the op does not use (a/b[1..3] for MAD, a/b[3] for DP3 and D2A, c for DP3 and DP4) do not
// affect the result.
//
// Structure: four multipliers, the window on (p0, p1, p2 or c, p3), then a two-level adder tree, left = MAD ? p0 :
// w0 + w1 and right = w2 (DP3: p2, D2A: c), w2 + w3 (DP4) or c (MAD), result = left + right. The execute stage
// (rtl/core/us_ex_pixel.sv) builds the same tree from its pipelined mul and add (MAD bypasses the window and the
// first add level); this module is the reference composition and lets the unit bench check the ops end to end.
// Pipelining: the mul stages, the window, then the add stages twice.
module us_fp_dot (
  input  logic [1:0]        op_i,
  input  logic              zero_legacy_i,
  input  logic [3:0][31:0]  a_i,
  input  logic [3:0][31:0]  b_i,
  input  logic [31:0]       c_i,
  output logic [31:0]       result_o
);

  localparam logic [1:0] OpMad = 2'd0;
  localparam logic [1:0] OpDp3 = 2'd1;
  localparam logic [1:0] OpDp4 = 2'd2;
  localparam logic [1:0] OpD2a = 2'd3;

  logic [3:0][31:0] prod;
  for (genvar k = 0; k < 4; k++) begin : g_mul
    us_fp_mul u_mul (
      .a_i          (a_i[k]),
      .b_i          (b_i[k]),
      .zero_legacy_i(zero_legacy_i),
      .prod_o       (prod[k])
    );
  end

  // ---- Alignment window: the terms of the op (D2A's third term is c) ----
  logic [3:0]       win_use;
  logic [3:0][31:0] term, win;
  always_comb begin
    term    = prod;
    term[2] = (op_i == OpD2a) ? c_i : prod[2];
    unique case (op_i)
      OpMad:   win_use = 4'b0000;
      OpDp4:   win_use = 4'b1111;
      default: win_use = 4'b0111;  // DP3 p0 p1 p2, D2A p0 p1 c
    endcase
  end
  us_fp_window u_window (
    .use_i (win_use),
    .term_i(term),
    .term_o(win)
  );

  // ---- First add level ----
  logic [31:0] sum01, sum23;
  us_fp_add u_add01 (
    .a_i  (win[0]),
    .b_i  (win[1]),
    .sum_o(sum01)
  );
  us_fp_add u_add23 (
    .a_i  (win[2]),
    .b_i  (win[3]),
    .sum_o(sum23)
  );

  // ---- Second add level ----
  logic [31:0] left, right;
  always_comb begin
    unique case (op_i)
      OpMad:   begin left = prod[0]; right = c_i;     end
      OpDp3:   begin left = sum01;   right = win[2];  end
      OpDp4:   begin left = sum01;   right = sum23;   end
      OpD2a:   begin left = sum01;   right = win[2];  end
      default: begin left = sum01;   right = win[2];  end
    endcase
  end

  us_fp_add u_add_final (
    .a_i  (left),
    .b_i  (right),
    .sum_o(result_o)
  );

endmodule
