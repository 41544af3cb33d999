// us_of_stage: OF, operand fetch (docs/rtl.md). The temporaries' and constants' reads that ID addressed land
// here, in the RAMs' read registers (us_temp_rf, us_const_rf); OF makes each pixel's source values from them and
// ID's choice per source channel (temporary, constant, inline constant, or 0) and the TEX coordinates through
// the source swizzle, and registers them with the control for EX1.
module us_of_stage (
  input  logic                                clk_i,
  input  logic                                rst_ni,

  // from ID (registered): the instruction, what its sources read, and the constants' read register
  input  logic                                id_valid_i,
  input  us_core_pkg::us_ctrl_t               id_ctrl_i,
  input  logic [2:0][3:0]                     id_src_temp_i,    // source, channel
  input  logic [2:0][3:0]                     id_src_const_i,   // source, channel
  input  us_types_pkg::fp32_t [2:0][3:0]      id_src_inline_i,  // source, channel
  input  logic [3:0][1:0]                     id_tex_swz_i,     // TEX coordinate s t r q: source channel
  input  us_types_pkg::fp32_t [5:0][3:0]      id_const_i,       // rgb sources 0..2, alpha sources 0..2
  // from the temporaries: their read register
  input  us_types_pkg::fp32_t [3:0][2:0][3:0] trf_rdata_i,      // pixel, source, channel

  // to EX1 (registered)
  output logic                                of_valid_o,
  output us_core_pkg::us_ctrl_t               of_ctrl_o,
  output us_types_pkg::fp32_t [3:0][2:0][3:0] of_src_o,         // pixel, source, channel
  output us_types_pkg::fp32_t [3:0][3:0]      of_coord_o        // pixel, TEX coordinate s t r q
);

  // What a source channel reads besides the temporary, the same for the four pixels: then
  // src = (temporary & mask) | other.
  us_types_pkg::fp32_t [2:0][3:0] of_mask, of_other;  // source, channel
  always_comb begin
    for (int i = 0; i < 3; i++) begin
      for (int c = 0; c < 4; c++) begin
        of_mask[i][c]  = {32{id_src_temp_i[i][c]}};
        of_other[i][c] = id_src_const_i[i][c] ? id_const_i[(c == 3) ? 3 + i : i][c] : id_src_inline_i[i][c];
      end
    end
  end

  us_types_pkg::fp32_t [3:0][2:0][3:0] of_src;
  us_types_pkg::fp32_t [3:0][3:0]      of_coord;
  always_comb begin
    for (int p = 0; p < 4; p++) begin
      of_src[p] = (trf_rdata_i[p] & of_mask) | of_other;
      for (int c = 0; c < 4; c++) begin
        of_coord[p][c] = trf_rdata_i[p][0][id_tex_swz_i[c]];
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      of_valid_o <= 1'b0;
    end else begin
      of_valid_o <= id_valid_i;
    end
  end

  always_ff @(posedge clk_i) begin
    of_ctrl_o  <= id_ctrl_i;
    of_src_o   <= of_src;
    of_coord_o <= of_coord;
  end

endmodule
