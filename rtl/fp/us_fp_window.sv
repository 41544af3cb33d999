// us_fp_window: the alignment window of the dot products DP3, DP4 and D2A, combinational (docs/fp.md A.2 MAD,
// DP3, DP4, D2A, "the alignment window"; CTM p.42: when the two largest terms cancel exactly and the next is 2^25
// or more smaller, the result is +0).
//
// Bit for bit alignment_window of the C golden model (model/golden/us_fp.c). Among the terms whose use_i bit is
// set, E_max is the largest exponent field (a zero or a denormal has 0). A used term whose exponent field is 25 or
// more below E_max comes out as +0: it is below 2^-24 of the largest term. Every other term passes unchanged. With
// an infinity or a NaN among the used terms (E = 255) nothing drops, since a finite term can still decide an
// overflow there (max + 2^103 = inf). Unused terms pass unchanged and do not count.
//
// Logic: a four-input maximum of 8-bit fields (two levels of comparators), four 8-bit subtract-compares and the
// zeroing; it sits in front of the first adder level of the tree.
module us_fp_window (
  input  logic [3:0]       use_i,
  input  logic [3:0][31:0] term_i,
  output logic [3:0][31:0] term_o
);

  localparam logic [7:0] Window = 8'd25;

  logic [3:0][7:0] exp_used;
  logic [3:0]      special;
  for (genvar k = 0; k < 4; k++) begin : g_exp
    assign exp_used[k] = use_i[k] ? term_i[k][30:23] : 8'h00;
    assign special[k]  = exp_used[k] == 8'hFF;
  end

  logic [7:0] max01, max23, exp_max;
  assign max01   = (exp_used[0] > exp_used[1]) ? exp_used[0] : exp_used[1];
  assign max23   = (exp_used[2] > exp_used[3]) ? exp_used[2] : exp_used[3];
  assign exp_max = (max01 > max23) ? max01 : max23;

  // exp_max >= exp_used[k], so the difference does not wrap. (Yosys: no variables inside generate blocks.)
  logic [3:0] drop;
  for (genvar k = 0; k < 4; k++) begin : g_drop
    assign drop[k]   = use_i[k] & ~(|special) & ((exp_max - exp_used[k]) >= Window);
    assign term_o[k] = drop[k] ? 32'h0000_0000 : term_i[k];
  end

endmodule
