// us_fp_omod: the output modifier OMOD of the US, combinational (docs/fp.md A.2 OMOD).
//
// Bit for bit the C golden model us_fp_omod (model/golden/us_fp.c):
// - omod_i 0..6 multiply by 1, 2, 4, 8, 1/2, 1/4, 1/8: exact, an exponent add. A denormal input is a zero of its
//   sign (DAZ); a result below 2^-126 is a zero of the input's sign; a result >= 2^128 an infinity of its sign;
//   +-inf stays; then every NaN, whatever its sign or payload, becomes 0x7FFFFFFF.
// - omod_i 7 returns r_i bit for bit (denormals, -0 and NaN payloads unchanged).
//
// Logic: a 9-bit add of a small constant and two range tests; no pipelining needed.
module us_fp_omod (
  input  logic [31:0] r_i,
  input  logic [2:0]  omod_i,
  output logic [31:0] result_o
);

  // The scale as a power of two, biased by 3 so that it is never negative: 2^(scale_b - 3).
  logic [2:0] scale_b;
  always_comb begin
    unique case (omod_i)
      3'd0:    scale_b = 3'd3;  // x1
      3'd1:    scale_b = 3'd4;  // x2
      3'd2:    scale_b = 3'd5;  // x4
      3'd3:    scale_b = 3'd6;  // x8
      3'd4:    scale_b = 3'd2;  // /2
      3'd5:    scale_b = 3'd1;  // /4
      3'd6:    scale_b = 3'd0;  // /8
      default: scale_b = 3'd3;  // 7: pass-through, handled below
    endcase
  end

  logic [7:0] exp_in;
  logic [8:0] exp_b;  // scaled exponent field + 3, in 3..261
  assign exp_in = r_i[30:23];
  assign exp_b  = {1'b0, exp_in} + {6'h0, scale_b};

  always_comb begin
    if (omod_i == 3'd7) begin
      result_o = r_i;
    end else if (exp_in == 8'hFF) begin
      result_o = (r_i[22:0] != 23'h0) ? us_fp_pkg::CanonNan : r_i;  // NaN -> canonical; +-inf stays
    end else if (exp_in == 8'h00 || exp_b <= 9'd3) begin
      result_o = {r_i[31], 31'h0};                          // DAZ, or tiny: signed zero
    end else if (exp_b >= 9'd258) begin
      result_o = {r_i[31], 8'hFF, 23'h0};                   // overflow
    end else begin
      result_o = {r_i[31], exp_b[7:0] - 8'd3, r_i[22:0]};
    end
  end

endmodule
