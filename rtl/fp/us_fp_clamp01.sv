// us_fp_clamp01: the output clamp to [0, 1] of the US, combinational (docs/fp.md A.2 CLAMP01).
//
// Bit for bit the C golden model us_fp_clamp01 (model/golden/us_fp.c): a NaN of either sign, -0, every negative value,
// +0 and denormals (DAZ) give +0; values above 1 (+inf included) give 1.0; 0 < r <= 1 (normal) is r unchanged.
//
// Logic: a 31-bit constant compare and a 3:1 mux; no pipelining needed.
module us_fp_clamp01 (
  input  logic [31:0] r_i,
  output logic [31:0] result_o
);

  logic to_zero;
  // A NaN has the sign bit clear or set; with it clear its pattern is above 1.0's, so only NaNs with the sign set
  // need the sign test, and a positive NaN must not become 1.0.
  assign to_zero = r_i[31] || (r_i[30:23] == 8'h00) || (r_i[30:0] > us_fp_pkg::PosInf[30:0]);

  always_comb begin
    if (to_zero) begin
      result_o = 32'h0;
    end else if (r_i[30:0] > us_fp_pkg::One[30:0]) begin
      result_o = us_fp_pkg::One;
    end else begin
      result_o = r_i;
    end
  end

endmodule
