// us_tex_addr: the texel of a TEX lookup for one pixel, combinational (TaAddr): the nearest texel of the texture
// model (docs/spec.md section 6, model/golden/us_tex.c), (floor(S), floor(T)) clamped to the texture, where NaN and
// everything below 1 give 0. S and T come scaled by the texture's width and height unless UNSCALED (us_ta_stage).
module us_tex_addr (
  input  logic        en_i,       // a lookup: the address is computed only then (0 otherwise, where it is not read)
  input  logic [31:0] s_i,
  input  logic [31:0] t_i,
  input  logic [4:0]  width_i,    // 1..16 (0: no texture, the address does not matter)
  input  logic [4:0]  height_i,
  output logic [3:0]  x_o,
  output logic [3:0]  y_o
);

  // floor(v) clamped to [0, hi]; NaN and everything below 1 give 0, 2^16 and above hi. Written narrow (hi < 32):
  // from 2^5 up floor(v) > hi, so only an exponent e = 0..4 reads the significand, its top e + 1 bits
  // (a 5-bit shift and a 5-bit compare instead of a 24-bit shifter and compare), and the range checks read the
  // exponent field alone (|v| < 1: below 127; NaN: 255 with a fraction). tb/py/test_tex_addr.py proves it equal
  // to floor by a 24-bit shift for every v and hi (Yosys SAT).
  function automatic logic [3:0] texel_index(input logic [31:0] v, input logic [4:0] hi);
    logic [7:0] exp;
    logic [4:0] ip;  // floor(v) for e = 0..4
    exp = v[30:23];
    ip  = {1'b1, v[22:19]} >> (3'd3 - exp[2:0]);  // 4 - e, e = exp - 127
    if (v[31] || exp < 8'd127 || (exp == 8'hFF && v[22:0] != '0)) begin
      texel_index = 4'd0;
    end else if (exp > 8'd131 || ip > hi) begin
      texel_index = hi[3:0];
    end else begin
      texel_index = ip[3:0];
    end
  endfunction

  always_comb begin
    x_o = 4'd0;
    y_o = 4'd0;
    if (en_i) begin
      x_o = texel_index(s_i, width_i - 5'd1);
      y_o = texel_index(t_i, height_i - 5'd1);
    end
  end

endmodule
