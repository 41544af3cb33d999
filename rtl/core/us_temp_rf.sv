// us_temp_rf: the temporaries of every resident quad: NumCtx contexts x 128 addresses x 4 pixels x 4 channels.
// One RAM per pixel and channel (us_vram, 16 in all), addressed {context, address}: channels r g b are read at
// the three rgb source addresses and written at the rgb destination, channel a at the three alpha source
// addresses and the alpha destination, so an instruction reads all its sources and writes both destinations in
// one cycle each. A launch clears a context's temporaries (valid bits) so a new quad starts from zero.
//
// Two writers share the one write port: write-back, which owns it in every cycle it holds an instruction, and
// the harness's input port (a quad's initial temporaries, one pixel's rgba at a time), which writes only in the
// other cycles: tin_ready_o says so, and the harness holds an input write until then (IF leaves a bubble for it).
`include "us_assert.svh"

module us_temp_rf #(
  parameter int unsigned NumCtx = 1,
  localparam int unsigned AddrW = $clog2(NumCtx * 128),
  localparam int unsigned CtxW  = (NumCtx > 1) ? $clog2(NumCtx) : 1
) (
  input  logic                                clk_i,
  input  logic                                rst_ni,

  // from the context state: clear a context's temporaries
  input  logic                                clear_i,
  input  logic [CtxW-1:0]                     clear_ctx_i,
  // from ID: the read ports
  input  logic [2:0][AddrW-1:0]               rgb_raddr_i,
  input  logic [2:0][AddrW-1:0]               alpha_raddr_i,
  // from WB: the write port, in every cycle WB holds an instruction
  input  logic                                wb_valid_i,
  input  us_types_pkg::chan_mask_t [3:0]      wb_we_i,       // per pixel
  input  logic [AddrW-1:0]                    wb_rgb_waddr_i,
  input  logic [AddrW-1:0]                    wb_alpha_waddr_i,
  input  us_types_pkg::fp32_t [3:0][3:0]      wb_wdata_i,    // pixel, channel
  // from the harness: an input write, held until tin_ready_o
  input  logic                                tin_we_i,
  input  logic [CtxW-1:0]                     tin_ctx_i,
  input  us_types_pkg::temp_addr_t            tin_addr_i,
  input  logic [1:0]                          tin_pixel_i,
  input  us_types_pkg::fp32_t [3:0]           tin_data_i,    // channel

  // to ID
  output us_types_pkg::fp32_t [3:0][2:0][3:0] trf_rdata_o,   // pixel, source, channel
  // to the harness
  output logic                                tin_ready_o
);

  // ---------------------------------------------------------------------------------------------------------
  // The write port
  // ---------------------------------------------------------------------------------------------------------
  us_types_pkg::chan_mask_t [3:0] we;
  logic [AddrW-1:0]               rgb_waddr, alpha_waddr;
  us_types_pkg::fp32_t [3:0][3:0] wdata;
  logic                           tin_lands;

  assign tin_ready_o = !wb_valid_i;
  assign tin_lands   = tin_we_i && tin_ready_o;
  always_comb begin
    if (wb_valid_i) begin
      we          = wb_we_i;
      rgb_waddr   = wb_rgb_waddr_i;
      alpha_waddr = wb_alpha_waddr_i;
      wdata       = wb_wdata_i;
    end else begin
      we              = '0;
      we[tin_pixel_i] = tin_we_i ? 4'hF : 4'h0;
      rgb_waddr       = AddrW'({tin_ctx_i, tin_addr_i});
      alpha_waddr     = AddrW'({tin_ctx_i, tin_addr_i});
      wdata           = {4{tin_data_i}};
    end
  end

  // ---------------------------------------------------------------------------------------------------------
  // The banks
  // ---------------------------------------------------------------------------------------------------------
  us_types_pkg::fp32_t [3:0][3:0][2:0] bank_rdata;  // pixel, channel, port (Yosys: no variables inside generate
                                                    // blocks)

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
        .we_i       (we[p][c]),
        .waddr_i    ((c == 3) ? alpha_waddr : rgb_waddr),
        .wdata_i    (wdata[p][c]),
        .raddr_i    ((c == 3) ? alpha_raddr_i : rgb_raddr_i),
        .rdata_o    (bank_rdata[p][c])
      );
    end
  end

  always_comb begin
    for (int p = 0; p < 4; p++) begin
      for (int s = 0; s < 3; s++) begin
        for (int c = 0; c < 4; c++) begin
          trf_rdata_o[p][s][c] = bank_rdata[p][c][s];
        end
      end
    end
  end

  // ---------------------------------------------------------------------------------------------------------
  // Invariants
  // ---------------------------------------------------------------------------------------------------------
  // One writer per cycle (Ibex's RFWriteFromOneSourceOnly): an input write granted beside write-back's would be
  // lost without a trace, and its quad would start from a wrong temporary.
  `US_ASSERT(TrfWriteOneDriver, !(wb_valid_i && tin_lands))
  // The harness's side of the port: an input write waits, unchanged, until it is taken (input writes land
  // only while tin_ready_o).
  `US_ASSERT(TrfInputHeldUntilReady, tin_we_i && !tin_ready_o |=>
                                     tin_we_i && $stable({tin_ctx_i, tin_addr_i, tin_pixel_i, tin_data_i}))

endmodule
