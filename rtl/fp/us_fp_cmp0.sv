// us_fp_cmp0: comparison with zero of the US (predicates and the ALU result), combinational (docs/fp.md A.2
// CMP0).
//
// Bit for bit the C golden model us_fp_cmp0 (model/golden/us_fp.c). +-0 and denormals are zero (DAZ); a NaN is
// unordered:
//   op_i 0: v == 0    1: v < 0    2: v >= 0    3: v != 0 (the only one a NaN satisfies)
//
// Logic: two exponent tests and a 4:1 mux; no pipelining needed.
module us_fp_cmp0 (
  input  logic [31:0] v_i,
  input  logic [1:0]  op_i,
  output logic        result_o
);

  us_fp_pkg::fp_class_t cls;
  logic                 zero, nan, negative;
  assign cls      = us_fp_pkg::classify(v_i);
  assign zero     = cls.zero;
  assign nan      = cls.nan;
  assign negative = v_i[31];

  logic unused_inf;  // an infinity compares as any other non-zero value
  assign unused_inf = cls.inf;

  always_comb begin
    unique case (op_i)
      2'd0:    result_o = zero;
      2'd1:    result_o = negative & ~zero & ~nan;
      2'd2:    result_o = ~nan & (zero | ~negative);
      default: result_o = ~zero;
    endcase
  end

endmodule
