// us_temp_rf: the temporaries of every resident quad: NumCtx contexts x 128 addresses x 4 pixels x 4 channels.
// One RAM per pixel and channel (us_vram, 16 in all), addressed {context, address}: channels r g b are read at
// the three rgb source addresses and written at the rgb destination, channel a at the three alpha source
// addresses and the alpha destination, so an instruction reads all its sources and writes both destinations in
// one cycle each. A launch clears a context's temporaries (valid bits) so a new quad starts from zero.
module us_temp_rf #(
  parameter int unsigned NumCtx = 1,
  localparam int unsigned AddrW = $clog2(NumCtx * 128),
  localparam int unsigned CtxW  = (NumCtx > 1) ? $clog2(NumCtx) : 1
) (
  input  logic                             clk_i,
  input  logic                             rst_ni,
  input  logic                             clear_i,
  input  logic [CtxW-1:0]                  clear_ctx_i,
  input  logic [2:0][AddrW-1:0]            rgb_raddr_i,
  input  logic [2:0][AddrW-1:0]            alpha_raddr_i,
  output logic [3:0][2:0][3:0][31:0]       rdata_o,      // pixel, source, channel
  input  logic [3:0][3:0]                  we_i,         // pixel, channel
  input  logic [AddrW-1:0]                 rgb_waddr_i,
  input  logic [AddrW-1:0]                 alpha_waddr_i,
  input  logic [3:0][3:0][31:0]            wdata_i       // pixel, channel
);

  logic [3:0][3:0][2:0][31:0] bank_rdata;  // pixel, channel, port (Yosys: no variables inside generate blocks)

  for (genvar p = 0; p < 4; p++) begin : g_pixel
    for (genvar c = 0; c < 4; c++) begin : g_chan
      us_vram #(
        .Depth   (NumCtx * 128),
        .Width   (32),
        .NumRead (3),
        .SegWords(128)
      ) u_bank (
        .clk_i      (clk_i),
        .rst_ni     (rst_ni),
        .clear_i    (clear_i),
        .clear_seg_i(clear_ctx_i),
        .we_i       (we_i[p][c]),
        .waddr_i    ((c == 3) ? alpha_waddr_i : rgb_waddr_i),
        .wdata_i    (wdata_i[p][c]),
        .raddr_i    ((c == 3) ? alpha_raddr_i : rgb_raddr_i),
        .rdata_o    (bank_rdata[p][c])
      );
    end
  end

  always_comb begin
    for (int p = 0; p < 4; p++) begin
      for (int s = 0; s < 3; s++) begin
        for (int c = 0; c < 4; c++) begin
          rdata_o[p][s][c] = bank_rdata[p][c][s];
        end
      end
    end
  end

endmodule
