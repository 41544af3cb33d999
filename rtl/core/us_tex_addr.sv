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

  // floor(v) clamped to [0, hi]; NaN and everything below 1 give 0, 2^16 and above hi.
  function automatic logic [3:0] texel_index(input logic [31:0] v, input logic [4:0] hi);
    logic [30:0] mag;
    logic [7:0]  e;
    logic [23:0] ip;
    mag = v[30:0];
    e   = mag[30:23] - 8'd127;
    ip  = {1'b1, mag[22:0]} >> (5'd23 - e[4:0]);
    if (v[31] || mag > 31'h7F80_0000 || mag < 31'h3F80_0000) begin
      texel_index = 4'd0;
    end else if (e >= 8'd16 || ip > {19'h0, hi}) begin
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
