// us_tex_mem: the texture model's storage (docs/spec.md section 6): 16 textures of up to 16 x 16 texels of four
// fp32 channels, and each texture's width and height (0: no texture, every lookup reads zero). It stands for the
// texture unit outside the shader, so it is loaded through its own port, not through R500 registers; a loader
// writes every texel of a texture it defines. A read port per pixel a clock (NumRead), registered: TA presents the texel
// addresses, WB takes the texels. The sizes are flops, read in the cycle (TA's address needs them).
module us_tex_mem #(
  parameter int unsigned NumRead = 4  // read ports, one per pixel a clock
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  input  logic                  we_i,
  input  logic [11:0]           waddr_i,    // {texture, y, x}
  input  logic [3:0][31:0]      wdata_i,    // r g b a
  input  logic                  dim_we_i,
  input  logic [3:0]            dim_id_i,
  input  logic [4:0]            width_i,    // 0..16
  input  logic [4:0]            height_i,
  input  logic [3:0]            rtex_i,     // the texture an instruction reads
  output logic [4:0]            rwidth_o,
  output logic [4:0]            rheight_o,
  input  logic [NumRead-1:0][11:0]      raddr_i,  // per pixel {texture, y, x}
  output logic [NumRead-1:0][3:0][31:0] rdata_o   // per pixel: the texel at the previous cycle's raddr_i, zero
                                                  // when the texture had no size then
);

  logic [15:0][4:0] width_q, height_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      width_q  <= '0;
      height_q <= '0;
    end else if (dim_we_i) begin
      width_q[dim_id_i]  <= width_i;
      height_q[dim_id_i] <= height_i;
    end
  end
  assign rwidth_o  = width_q[rtex_i];
  assign rheight_o = height_q[rtex_i];

  logic [NumRead-1:0][127:0] raw;
  us_ram #(
    .Depth  (4096),
    .Width  (128),
    .NumRead(NumRead)
  ) u_texels (
    .clk_i  (clk_i),
    .we_i   (we_i),
    .waddr_i(waddr_i),
    .wdata_i(wdata_i),
    .raddr_i(raddr_i),
    .rdata_o(raw)
  );

  logic [NumRead-1:0] sized_q;  // per pixel: the texture read had a size
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      sized_q <= '0;
    end else begin
      for (int p = 0; p < int'(NumRead); p++) begin
        sized_q[p] <= width_q[raddr_i[p][11:8]] != 5'd0 && height_q[raddr_i[p][11:8]] != 5'd0;
      end
    end
  end

  always_comb begin
    for (int p = 0; p < int'(NumRead); p++) begin
      rdata_o[p] = sized_q[p] ? raw[p] : '0;
    end
  end

endmodule
