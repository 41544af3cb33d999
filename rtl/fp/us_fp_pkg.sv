// The constants and the operand classification every FP unit shares (docs/fp.md part A), in one place so that
// the units cannot drift apart: inputs are DAZ (exponent field 0 reads as a zero of its sign), a NaN is an
// all-ones exponent with a non-zero fraction. (The constants are 32-bit vectors, not us_types_pkg::fp32_t: Yosys
// 0.70 cannot name another package's type in a package's declarations; a function's argument may.)
package us_fp_pkg;

  localparam logic [31:0] DefaultNan = 32'hFFC0_0000;  // the NaN an invalid op makes (inf - inf, 0 x inf)
  localparam logic [31:0] QuietBit   = 32'h0040_0000;  // set in a NaN operand passed through
  localparam logic [31:0] CanonNan   = 32'h7FFF_FFFF;  // what OMOD turns every NaN into
  localparam logic [31:0] PosInf     = 32'h7F80_0000;  // also the magnitude bound: above it is a NaN
  localparam logic [31:0] NegInf     = 32'hFF80_0000;
  localparam logic [31:0] One        = 32'h3F80_0000;
  localparam logic [31:0] Half       = 32'h3F00_0000;
  localparam logic [31:0] Two        = 32'h4000_0000;

  // The class of an operand as the arithmetic reads it: a denormal counts as zero.
  typedef struct packed {
    logic zero;  // exponent field 0 (zero or denormal)
    logic inf;
    logic nan;
  } fp_class_t;

  function automatic fp_class_t classify(input us_types_pkg::fp32_t v);
    fp_class_t k;
    k.zero   = v[30:23] == 8'h00;
    k.inf    = v[30:23] == 8'hFF && v[22:0] == 23'h0;
    k.nan    = v[30:23] == 8'hFF && v[22:0] != 23'h0;
    classify = k;
  endfunction

endpackage
