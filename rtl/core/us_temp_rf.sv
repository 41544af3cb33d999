// us_temp_rf: the temporaries of every resident quad: NumCtx contexts x 128 addresses x 4 pixels x 4 channels.
// Addressed {context, address}: channels r g b are read at the three rgb source addresses and written at the rgb
// destination, channel a at the three alpha source addresses and the alpha destination, so an instruction reads
// all its sources and writes both destinations in one cycle each. Reads are registered: ID presents the
// addresses, OF takes the values (docs/rtl.md, Memories). A launch clears a context's temporaries (valid bits)
// so a new quad starts from zero.
//
// Two write ports: write-back's, in every cycle WB holds an instruction, and the input port, by which the harness
// writes a quad's initial temporaries (one address of all four pixels a cycle) before it launches the quad, the way
// interpolators fill a shader's registers beside the running quads. The input port writes only a context that
// is not running, so the two never meet at one word, and no instruction waits for an input write. A block RAM has
// one write port, so each port has its own bank (us_vram: a valid bit per word and group, a RAM per pixel and
// channel, three copies in synthesis, one per read port), and a live-value table in the write-back bank's own
// words: a tag bit per pixel and channel, set by write-back, cleared in the lanes a word's first write fills.
// A read takes write-back's value where the tag is set and the input bank's otherwise. The tag rides in a block
// RAM's spare bits (36 per 32-bit word), so the live-value table costs no flop per word; 6 block RAMs per pixel
// and channel. With ReadPhases 3 (Lanes 1: IF issues at most once in 4 clocks) one copy per bank reads the three
// source addresses in three clocks (us_rd_phases) and the values reach OF two clocks later: 2 block RAMs per pixel
// and channel.
`include "us_assert.svh"

module us_temp_rf #(
  parameter int unsigned NumCtx = 1,
  parameter int unsigned ReadPhases = 1,  // the clocks the three source addresses are read in (us_core_pkg)
  localparam int unsigned AddrW = $clog2(NumCtx * 128),
  localparam int unsigned NumRead = 3 / ReadPhases,  // each bank's read ports
  localparam int unsigned CtxW  = (NumCtx > 1) ? $clog2(NumCtx) : 1,
  localparam int unsigned WbW   = 33,  // a write-back word: the value and a tag bit, "written since the clear"
  // With the reads in phases (Lanes 1, the FPGA configuration) the valid bits' select is split by a register
  // (us_vram): ID's source addresses come decoded from the instruction memory's read in the same clock
  localparam int unsigned ValidSplit = (ReadPhases > 1) ? 4 : 0
) (
  input  logic                                clk_i,
  input  logic                                rst_ni,

  // from the context state: clear a context's temporaries
  input  logic                                clear_i,
  input  logic [CtxW-1:0]                     clear_ctx_i,
  // from ID: the read ports, and whether ID holds an instruction (the first read phase)
  input  logic                                rd_valid_i,
  input  logic [2:0][AddrW-1:0]               rgb_raddr_i,
  input  logic [2:0][AddrW-1:0]               alpha_raddr_i,
  // from WB: the write port, in every cycle WB holds an instruction
  input  logic                                wb_valid_i,
  input  us_types_pkg::chan_mask_t [3:0]      wb_we_i,       // per pixel
  input  logic [AddrW-1:0]                    wb_rgb_waddr_i,
  input  logic [AddrW-1:0]                    wb_alpha_waddr_i,
  input  us_types_pkg::fp32_t [3:0][3:0]      wb_wdata_i,    // pixel, channel
  // from the harness: an input write, into a context that is not running
  input  logic                                tin_we_i,
  input  logic [CtxW-1:0]                     tin_ctx_i,
  input  us_types_pkg::temp_addr_t            tin_addr_i,
  input  us_types_pkg::fp32_t [3:0][3:0]      tin_data_i,    // pixel, channel

  // to OF: the values at the addresses ID presented, ReadPhases clocks before
  output us_types_pkg::fp32_t [3:0][2:0][3:0] trf_rdata_o    // pixel, source, channel
);

  // ---------------------------------------------------------------------------------------------------------
  // The banks: rgb (lane 3 * pixel + channel) and alpha (lane = pixel), each a write-back bank and an input bank
  // ---------------------------------------------------------------------------------------------------------
  logic [AddrW-1:0] tin_waddr;
  assign tin_waddr = AddrW'({tin_ctx_i, tin_addr_i});

  logic [11:0]                        wb_rgb_we;
  logic [3:0]                         wb_alpha_we;
  logic [11:0][WbW-1:0]               wb_rgb_wdata;
  logic [3:0][WbW-1:0]                wb_alpha_wdata;
  logic [11:0][31:0]                  tin_rgb_wdata;
  logic [3:0][31:0]                   tin_alpha_wdata;
  always_comb begin
    for (int p = 0; p < 4; p++) begin
      for (int c = 0; c < 3; c++) begin
        wb_rgb_we[3 * p + c]       = wb_valid_i && wb_we_i[p][c];
        wb_rgb_wdata[3 * p + c]    = {1'b1, wb_wdata_i[p][c]};
        tin_rgb_wdata[3 * p + c]   = tin_data_i[p][c];
      end
      wb_alpha_we[p]     = wb_valid_i && wb_we_i[p][3];
      wb_alpha_wdata[p]  = {1'b1, wb_wdata_i[p][3]};
      tin_alpha_wdata[p] = tin_data_i[p][3];
    end
  end

  // The banks' read ports: the three source addresses at once, or one a clock (us_rd_phases)
  logic [NumRead-1:0][AddrW-1:0]       ram_rgb_raddr, ram_alpha_raddr;
  logic [NumRead-1:0][11:0][WbW-1:0]   wb_rgb_rdata;
  logic [NumRead-1:0][3:0][WbW-1:0]    wb_alpha_rdata;
  logic [NumRead-1:0][11:0][31:0]      tin_rgb_rdata, ram_rgb_rdata;
  logic [NumRead-1:0][3:0][31:0]       tin_alpha_rdata, ram_alpha_rdata;
  logic [NumRead-1:0]                  wb_rgb_rvalid, wb_alpha_rvalid, tin_rgb_rvalid, tin_alpha_rvalid;
  logic [2:0][11:0][31:0]              src_rgb;    // source, lane 3 x pixel + channel
  logic [2:0][3:0][31:0]               src_alpha;  // source, pixel

  us_rd_phases #(
    .NumPorts(3), .Phases(ReadPhases), .AddrW(AddrW), .DataW(12 * 32)
  ) u_rgb_phases (
    .clk_i(clk_i), .rst_ni(rst_ni), .start_i(rd_valid_i), .raddr_i(rgb_raddr_i),
    .ram_raddr_o(ram_rgb_raddr), .ram_rdata_i(ram_rgb_rdata), .rdata_o(src_rgb)
  );
  us_rd_phases #(
    .NumPorts(3), .Phases(ReadPhases), .AddrW(AddrW), .DataW(4 * 32)
  ) u_alpha_phases (
    .clk_i(clk_i), .rst_ni(rst_ni), .start_i(rd_valid_i), .raddr_i(alpha_raddr_i),
    .ram_raddr_o(ram_alpha_raddr), .ram_rdata_i(ram_alpha_rdata), .rdata_o(src_alpha)
  );

  logic [3:0] bank_ready;  // always: a launch clears a context, so the banks keep valid bits (no sweep)
  logic       unused_ready;
  assign unused_ready = ^bank_ready;

  us_vram #(
    .Depth(NumCtx * 128), .Width(WbW), .NumLanes(12), .NumRead(NumRead), .SegWords(128), .ZeroUnwritten(1'b0),
    .ValidSplit(ValidSplit)
  ) u_wb_rgb (
    .clk_i(clk_i), .rst_ni(rst_ni), .clear_i(clear_i), .clear_seg_i(clear_ctx_i),
    .we_i(wb_rgb_we), .waddr_i(wb_rgb_waddr_i), .wdata_i(wb_rgb_wdata),
    .raddr_i(ram_rgb_raddr), .rdata_o(wb_rgb_rdata), .rvalid_o(wb_rgb_rvalid),
    .ready_o(bank_ready[0])
  );
  us_vram #(
    .Depth(NumCtx * 128), .Width(WbW), .NumLanes(4), .NumRead(NumRead), .SegWords(128), .ZeroUnwritten(1'b0),
    .ValidSplit(ValidSplit)
  ) u_wb_alpha (
    .clk_i(clk_i), .rst_ni(rst_ni), .clear_i(clear_i), .clear_seg_i(clear_ctx_i),
    .we_i(wb_alpha_we), .waddr_i(wb_alpha_waddr_i), .wdata_i(wb_alpha_wdata),
    .raddr_i(ram_alpha_raddr), .rdata_o(wb_alpha_rdata), .rvalid_o(wb_alpha_rvalid),
    .ready_o(bank_ready[1])
  );
  us_vram #(
    .Depth(NumCtx * 128), .Width(32), .NumLanes(12), .NumRead(NumRead), .SegWords(128), .ZeroUnwritten(1'b0),
    .ValidSplit(ValidSplit),
    .LaneWrites(1'b0)  // the input port writes a word's every lane
  ) u_tin_rgb (
    .clk_i(clk_i), .rst_ni(rst_ni), .clear_i(clear_i), .clear_seg_i(clear_ctx_i),
    .we_i({12{tin_we_i}}), .waddr_i(tin_waddr), .wdata_i(tin_rgb_wdata),
    .raddr_i(ram_rgb_raddr), .rdata_o(tin_rgb_rdata), .rvalid_o(tin_rgb_rvalid),
    .ready_o(bank_ready[2])
  );
  us_vram #(
    .Depth(NumCtx * 128), .Width(32), .NumLanes(4), .NumRead(NumRead), .SegWords(128), .ZeroUnwritten(1'b0),
    .ValidSplit(ValidSplit),
    .LaneWrites(1'b0)  // the input port writes a word's every lane
  ) u_tin_alpha (
    .clk_i(clk_i), .rst_ni(rst_ni), .clear_i(clear_i), .clear_seg_i(clear_ctx_i),
    .we_i({4{tin_we_i}}), .waddr_i(tin_waddr), .wdata_i(tin_alpha_wdata),
    .raddr_i(ram_alpha_raddr), .rdata_o(tin_alpha_rdata), .rvalid_o(tin_alpha_rvalid),
    .ready_o(bank_ready[3])
  );

  // A lane write-back wrote since the clear (its word valid, its tag bit set) is live there; otherwise the input's,
  // zero if that word was not written: one multiplexer per bit, the banks give their words ungated
  always_comb begin
    for (int r = 0; r < int'(NumRead); r++) begin
      for (int l = 0; l < 12; l++) begin
        ram_rgb_rdata[r][l] = (wb_rgb_rvalid[r] && wb_rgb_rdata[r][l][32]) ? wb_rgb_rdata[r][l][31:0] :
                              (tin_rgb_rvalid[r] ? tin_rgb_rdata[r][l] : 32'h0);
      end
      for (int p = 0; p < 4; p++) begin
        ram_alpha_rdata[r][p] = (wb_alpha_rvalid[r] && wb_alpha_rdata[r][p][32]) ? wb_alpha_rdata[r][p][31:0] :
                                (tin_alpha_rvalid[r] ? tin_alpha_rdata[r][p] : 32'h0);
      end
    end
    for (int p = 0; p < 4; p++) begin
      for (int s = 0; s < 3; s++) begin
        for (int c = 0; c < 3; c++) begin
          trf_rdata_o[p][s][c] = src_rgb[s][3 * p + c];
        end
        trf_rdata_o[p][s][3] = src_alpha[s][p];
      end
    end
  end

  // ---------------------------------------------------------------------------------------------------------
  // Invariants
  // ---------------------------------------------------------------------------------------------------------
  // The ports never meet: an input write goes to a context with nothing in write-back (a context that is not
  // running), else one of the two writes to a word would be lost and a quad would start from a wrong temporary.
  // The context is the address above its 7 bits (none with one context: then the two never write together). It
  // reads the input port itself, not tin_waddr: an assertion samples a net made from inputs before the inputs of
  // its own clock edge reach it (Verilator 5.006), so the two halves of the input write would disagree.
  `US_ASSERT_IF(TrfInputBesideWb, AddrW'(tin_ctx_i) != (wb_rgb_waddr_i >> 7), tin_we_i && wb_valid_i)
  // No word is read for an instruction in the cycle it is written: ID's context has no other instruction in flight
  // (so none in WB) and the input port writes only a context that is not running. Synthesis may therefore take
  // either word on such a collision (make fpga marks these RAMs no_rw_check: a block RAM's ports then need no
  // read-first emulation in LUTs and flip-flops).
  `US_ASSERT_IF(TrfReadBesideWb, (rgb_raddr_i[0] >> 7) != (wb_rgb_waddr_i >> 7),
                rd_valid_i && wb_valid_i)
  `US_ASSERT_IF(TrfReadBesideInput, (rgb_raddr_i[0] >> 7) != AddrW'(tin_ctx_i), rd_valid_i && tin_we_i)

endmodule
