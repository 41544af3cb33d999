// us_ta_stage: TA, the texel address (docs/rtl.md). For a TEX lookup, each pixel's nearest texel of its S and T
// (us_tex_addr: scaled by the texture's size unless UNSCALED, floored, clamped) is presented to the texture model's
// storage (us_tex_mem), whose registered read gives WB the texel. Every other instruction, and the lookup's own
// control and values, pass through to WB in a register.
module us_ta_stage (
  input  logic                           clk_i,
  input  logic                           rst_ni,

  // from the harness: the texture model's storage
  input  logic                           tex_we_i,
  input  logic [11:0]                    tex_waddr_i,
  input  us_types_pkg::fp32_t [3:0]      tex_wdata_i,      // channel
  input  logic                           tex_dim_we_i,
  input  logic [3:0]                     tex_dim_id_i,
  input  logic [4:0]                     tex_width_i,
  input  logic [4:0]                     tex_height_i,
  // from EX4 (registered): the instruction and its raw results
  input  logic                           ex_valid_i,
  input  us_core_pkg::us_ctrl_t          ex_ctrl_i,
  input  us_types_pkg::fp32_t [3:0][3:0] ex_coord_i,       // pixel, TEX coordinate s t r q
  input  us_types_pkg::fp32_t [3:0][2:0] ex_rgb_i,         // pixel, channel r g b
  input  us_types_pkg::fp32_t [3:0]      ex_alpha_i,       // pixel
  input  us_types_pkg::fp32_t [3:0]      ex_s_i,           // pixel: TEX S, T, projected if PROJ
  input  us_types_pkg::fp32_t [3:0]      ex_t_i,

  // to WB (registered)
  output logic                           ta_valid_o,
  output us_core_pkg::us_ctrl_t          ta_ctrl_o,
  output us_types_pkg::fp32_t [3:0][3:0] ta_coord_o,
  output us_types_pkg::fp32_t [3:0][2:0] ta_rgb_o,
  output us_types_pkg::fp32_t [3:0]      ta_alpha_o,
  output us_types_pkg::fp32_t [3:0][3:0] ta_texel_o        // pixel, channel: us_tex_mem's read register
);

  us_isa_pkg::us_tex_inst_t ta_tex_inst;
  logic                     ta_tex_lookup;
  assign ta_tex_inst   = ex_ctrl_i.words[1];
  assign ta_tex_lookup = ex_ctrl_i.kind == us_core_pkg::KindTex &&
                         ta_tex_inst.inst != us_isa_pkg::US_TEX_INST_INST_NOP &&
                         ta_tex_inst.inst != us_isa_pkg::US_TEX_INST_INST_TEXKILL;

  logic [4:0]       ta_tex_width, ta_tex_height;
  logic [3:0][11:0] ta_tex_raddr;   // per pixel {texture, y, x}
  logic [3:0][3:0]  ta_tex_x, ta_tex_y;
  for (genvar p = 0; p < 4; p++) begin : g_tex
    us_tex_addr u_addr (
      .en_i      (ta_tex_lookup),
      .unscaled_i(ta_tex_inst.unscaled == 1'b1),
      .s_i       (ex_s_i[p]),
      .t_i       (ex_t_i[p]),
      .width_i   (ta_tex_width),
      .height_i  (ta_tex_height),
      .x_o       (ta_tex_x[p]),
      .y_o       (ta_tex_y[p])
    );
    assign ta_tex_raddr[p] = {ta_tex_inst.tex_id, ta_tex_y[p], ta_tex_x[p]};
  end

  us_tex_mem u_tex_mem (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .we_i     (tex_we_i),
    .waddr_i  (tex_waddr_i),
    .wdata_i  (tex_wdata_i),
    .dim_we_i (tex_dim_we_i),
    .dim_id_i (tex_dim_id_i),
    .width_i  (tex_width_i),
    .height_i (tex_height_i),
    .rtex_i   (ta_tex_inst.tex_id),
    .rwidth_o (ta_tex_width),
    .rheight_o(ta_tex_height),
    .raddr_i  (ta_tex_raddr),
    .rdata_o  (ta_texel_o)
  );

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ta_valid_o <= 1'b0;
    end else begin
      ta_valid_o <= ex_valid_i;
    end
  end

  always_ff @(posedge clk_i) begin
    ta_ctrl_o  <= ex_ctrl_i;
    ta_coord_o <= ex_coord_i;
    ta_rgb_o   <= ex_rgb_i;
    ta_alpha_o <= ex_alpha_i;
  end

  // Instruction fields TA does not read (each is read in another stage).
  logic unused_fields;
  assign unused_fields = ^{ta_tex_inst};

endmodule
