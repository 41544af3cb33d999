// us_vram: a RAM whose words read as zero until written, with NumWrite write ports and NumRead registered read
// ports (read-first, as us_ram). A valid bit per word (flops, with reset) stands in for clearing the array: reset
// clears every valid bit, and clear_i clears those of one segment of SegWords words (a context's temporaries when
// a quad is launched). A write in the same cycle as a clear of its segment wins, so a loaded value is never lost.
//
// More than one write port is a live-value table (LaForest and Steffan, FPGA 2010): one us_ram bank per write
// port, each written only by its port and read at every read address, and per word the port that wrote it last
// (lvt_q, flops beside the valid bits); a read takes that bank's word. Block RAMs have one write port each, so
// this is how the temporaries keep write-back's port and the quad-input port (us_temp_rf) without a stall. Two
// ports writing one word in the same cycle is the users' to prevent (the higher port would win).
module us_vram #(
  parameter int unsigned Depth    = 256,
  parameter int unsigned Width    = 32,
  parameter int unsigned NumRead  = 1,
  parameter int unsigned SegWords = Depth,
  parameter int unsigned NumWrite = 1,
  localparam int unsigned AddrW   = (Depth > 1) ? $clog2(Depth) : 1,
  localparam int unsigned NumSeg  = Depth / SegWords,
  localparam int unsigned SegW    = (NumSeg > 1) ? $clog2(NumSeg) : 1,
  localparam int unsigned LvtW    = (NumWrite > 1) ? $clog2(NumWrite) : 1
) (
  input  logic                            clk_i,
  input  logic                            rst_ni,
  input  logic                            clear_i,
  input  logic [SegW-1:0]                 clear_seg_i,
  input  logic [NumWrite-1:0]             we_i,
  input  logic [NumWrite-1:0][AddrW-1:0]  waddr_i,
  input  logic [NumWrite-1:0][Width-1:0]  wdata_i,
  input  logic [NumRead-1:0][AddrW-1:0]   raddr_i,
  output logic [NumRead-1:0][Width-1:0]   rdata_o
);

  // ---------------------------------------------------------------------------------------------------------
  // The banks: one per write port
  // ---------------------------------------------------------------------------------------------------------
  logic [NumWrite-1:0][NumRead-1:0][Width-1:0] bank_rdata;  // (Yosys: no variables inside generate blocks)
  for (genvar w = 0; w < NumWrite; w++) begin : g_bank
    us_ram #(
      .Depth  (Depth),
      .Width  (Width),
      .NumRead(NumRead)
    ) u_ram (
      .clk_i  (clk_i),
      .we_i   (we_i[w]),
      .waddr_i(waddr_i[w]),
      .wdata_i(wdata_i[w]),
      .raddr_i(raddr_i),
      .rdata_o(bank_rdata[w])
    );
  end

  // ---------------------------------------------------------------------------------------------------------
  // Valid bits and the live-value table: a clear is one part-select, a write sets one entry (no Depth-wide masks
  // to build every cycle)
  // ---------------------------------------------------------------------------------------------------------
  logic [Depth-1:0]           valid_q;
  logic [Depth-1:0][LvtW-1:0] lvt_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      valid_q <= '0;
    end else begin
      if (clear_i && NumSeg <= 1) begin
        valid_q <= '0;
      end else if (clear_i) begin
        valid_q[int'(clear_seg_i) * int'(SegWords) +: SegWords] <= '0;
      end
      for (int w = 0; w < int'(NumWrite); w++) begin  // after the clear: a write beside it wins
        if (we_i[w]) begin
          valid_q[waddr_i[w]] <= 1'b1;
        end
      end
    end
  end

  if (NumWrite > 1) begin : g_lvt
    always_ff @(posedge clk_i) begin
      for (int w = 0; w < int'(NumWrite); w++) begin
        if (we_i[w]) begin
          lvt_q[waddr_i[w]] <= LvtW'(w);
        end
      end
    end
  end else begin : g_no_lvt
    assign lvt_q = '0;
  end

  // ---------------------------------------------------------------------------------------------------------
  // Reads: the valid bit and the live bank registered beside the banks' own read registers
  // ---------------------------------------------------------------------------------------------------------
  logic [NumRead-1:0]           rvalid_q;
  logic [NumRead-1:0][LvtW-1:0] rlive_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rvalid_q <= '0;
      rlive_q  <= '0;
    end else begin
      for (int r = 0; r < int'(NumRead); r++) begin
        rvalid_q[r] <= valid_q[raddr_i[r]];
        rlive_q[r]  <= lvt_q[raddr_i[r]];
      end
    end
  end

  always_comb begin
    for (int r = 0; r < int'(NumRead); r++) begin
      rdata_o[r] = rvalid_q[r] ? bank_rdata[rlive_q[r]][r] : '0;
    end
  end

endmodule
