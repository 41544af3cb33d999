// us_vram: a RAM whose words read as zero until written: one write port, NumRead registered read ports
// (read-first, as us_ram), and words of NumLanes lanes that the write port enables one by one. One valid bit per
// word (flops, with reset) stands in for clearing the array: reset clears every valid bit, and clear_i clears
// those of one segment of SegWords words (a context's temporaries when a quad is launched). A write in the same
// cycle as a clear of its segment wins, so a loaded value is never lost.
//
// The first write to a word since its valid bit was cleared writes every lane, the enabled ones with their data
// and the others with zero: the word then reads as it would if the array had been cleared, and one valid bit per
// word is enough where a valid bit per lane would cost NumLanes times the flops and read multiplexers. Each lane
// is a us_ram of its own (its own write enable), so synthesis maps a lane to block RAM columns without byte
// enables. A user whose every write enables all lanes at once (LaneWrites 0) needs no filling: a LUT per data
// bit fewer in synthesis. With ZeroUnwritten 0 the lanes come out as the RAMs hold them and rvalid_o says whether the word was
// written: a user that selects among several sources anyway folds the zero into its own multiplexer (a LUT per
// bit saved).
//
// With Sweep 1 the words are zeroed instead: after reset the RAM writes zero to every word, all lanes at once, one
// word a clock (Depth clocks), and ready_o is low until it has. A block RAM has no reset, and the valid bits of a
// RAM that only reset clears (the instruction memory, the constants) are most of its LUTs and its slowest read in
// synthesis (the FPGA configuration, docs/rtl.md). Its user writes nothing before ready_o and never clears
// (asserted below): every word then reads as with valid bits, zero until written, and no lane needs filling.
`include "us_assert.svh"

module us_vram #(
  parameter int unsigned Depth    = 256,
  parameter int unsigned Width    = 32,
  parameter int unsigned NumLanes = 1,
  parameter int unsigned NumRead  = 1,
  parameter int unsigned SegWords = Depth,
  parameter bit          ZeroUnwritten = 1'b1,  // rdata_o is zero for a word not written (else as the RAM holds it)
  parameter bit          LaneWrites    = 1'b1,  // a write may enable some lanes only (0: we_i is all ones or zero)
  // The read address's low bits that select the valid bit before its register (0: all of them, the register after
  // the whole Depth:1 select); the rest select after it, from registered candidates
  parameter int unsigned ValidSplit    = 0,
  parameter bit          Sweep         = 1'b0,  // zero the words after reset instead of keeping valid bits (above)
  localparam int unsigned AddrW   = (Depth > 1) ? $clog2(Depth) : 1,
  localparam int unsigned NumSeg  = Depth / SegWords,
  localparam int unsigned SegW    = (NumSeg > 1) ? $clog2(NumSeg) : 1,
  localparam int unsigned SegShift = $clog2(SegWords)
) (
  input  logic                                        clk_i,
  input  logic                                        rst_ni,
  input  logic                                        clear_i,
  input  logic [SegW-1:0]                             clear_seg_i,
  input  logic [NumLanes-1:0]                         we_i,
  input  logic [AddrW-1:0]                            waddr_i,
  input  logic [NumLanes-1:0][Width-1:0]              wdata_i,
  input  logic [NumRead-1:0][AddrW-1:0]               raddr_i,
  output logic [NumRead-1:0][NumLanes-1:0][Width-1:0] rdata_o,
  output logic [NumRead-1:0]                          rvalid_o,  // the word read was written (since reset/clear)
  output logic                                        ready_o    // writable: the sweep after reset is done
);

  // ---------------------------------------------------------------------------------------------------------
  // The sweep (Sweep 1): the word it zeroes next, Depth once done (at reset already, and so constant, without it)
  // ---------------------------------------------------------------------------------------------------------
  logic [AddrW:0] sweep_q;
  logic           sweeping;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      sweep_q <= Sweep ? '0 : (AddrW + 1)'(Depth);
    end else if (sweeping) begin
      sweep_q <= sweep_q + 1'b1;
    end
  end
  assign sweeping = Sweep && sweep_q != (AddrW + 1)'(Depth);
  assign ready_o  = !sweeping;
  // The user's side: nothing written while the sweep runs (it would be zeroed or lost), and no clears with it
  `US_ASSERT_IF(VramSweepNoWrite, !(|we_i), sweeping)
  `US_ASSERT_IF(VramSweepNoClear, !clear_i, Sweep)

  logic [Depth-1:0] valid_q;
  logic             word_we, cleared, first_write;
  assign word_we     = |we_i;
  if (NumSeg > 1) begin : g_seg
    assign cleared = clear_i && waddr_i[AddrW-1:SegShift] == clear_seg_i;
  end else begin : g_one_seg
    assign cleared = clear_i;
  end
  assign first_write = !Sweep && word_we && (!valid_q[waddr_i] || cleared);

  // ---------------------------------------------------------------------------------------------------------
  // The lanes: one RAM each; a first write fills the lanes it does not enable with zero
  // ---------------------------------------------------------------------------------------------------------
  logic [NumLanes-1:0][NumRead-1:0][Width-1:0] lane_rdata;  // (Yosys: no variables inside generate blocks)
  for (genvar l = 0; l < NumLanes; l++) begin : g_lane
    us_ram #(
      .Depth  (Depth),
      .Width  (Width),
      .NumRead(NumRead)
    ) u_ram (
      .clk_i  (clk_i),
      .we_i   (sweeping || (LaneWrites ? we_i[l] || first_write : we_i[l])),
      .waddr_i(sweeping ? sweep_q[AddrW-1:0] : waddr_i),
      .wdata_i(sweeping || (LaneWrites && !we_i[l]) ? '0 : wdata_i[l]),
      .raddr_i(raddr_i),
      .rdata_o(lane_rdata[l])
    );
  end

  // ---------------------------------------------------------------------------------------------------------
  // Valid bits: a clear is a segment's part-select, a write sets one bit (no Depth-wide masks to build every cycle)
  // ---------------------------------------------------------------------------------------------------------
  // In synthesis each bit's next value is one LUT4 and the flip-flop has no enable (a slice's two flip-flops share
  // one, so a bit with an enable of its own costs a second LUT and half a slice): its segment's clear, itself and
  // two lines predecoded from the write address's halves.
  // The decoders exist for synthesis only: Verilator would evaluate them every cycle (a bit at a time, and for the
  // write port's inputs on every evaluation of the model), where the bit select below does the same work.
`ifdef SYNTHESIS
  localparam int unsigned LoW = (AddrW + 1) / 2;
  localparam int unsigned HiW = (AddrW > LoW) ? AddrW - LoW : 1;
  logic [(1 << LoW)-1:0] dec_lo;
  logic [(1 << HiW)-1:0] dec_hi;
  logic [NumSeg-1:0]     seg_clear;
  always_comb begin
    for (int i = 0; i < (1 << LoW); i++) begin
      dec_lo[i] = word_we && waddr_i[LoW-1:0] == LoW'(i);
    end
    for (int i = 0; i < (1 << HiW); i++) begin
      dec_hi[i] = (AddrW'(waddr_i) >> LoW) == AddrW'(i);
    end
    for (int g = 0; g < int'(NumSeg); g++) begin
      seg_clear[g] = clear_i && (NumSeg <= 1 || int'(clear_seg_i) == g);
    end
  end
`endif

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      valid_q <= '0;
    end else begin
      for (int g = 0; g < int'(NumSeg); g++) begin  // constant part-selects: a computed one is a shifter
        if (clear_i && (NumSeg <= 1 || int'(clear_seg_i) == g)) begin
          valid_q[g * int'(SegWords) +: SegWords] <= '0;
        end
      end
      // After the clear: a write beside it wins. Synthesis sets the bit through the predecoded lines above (Yosys
      // makes a computed bit select a shifter: Depth-wide nets through log2(Depth) levels, 0.4 k LUTs more and
      // among the most congested nets of the placed core); in simulation that decoder is a loop over every word
      // each cycle (6.5 x slower in Verilator), so it keeps the bit select. The two set the same bit.
`ifdef SYNTHESIS
      for (int w = 0; w < int'(Depth); w++) begin
        valid_q[w] <= (valid_q[w] && !seg_clear[w / int'(SegWords)]) ||
                      (dec_lo[w % (1 << LoW)] && dec_hi[w >> LoW]);
      end
`else
      if (word_we) begin
        valid_q[waddr_i] <= 1'b1;
      end
`endif
    end
  end

  // ---------------------------------------------------------------------------------------------------------
  // Reads: the valid bit registered beside the lanes' own read registers
  // ---------------------------------------------------------------------------------------------------------
  // A Depth:1 select is log2(Depth) LUT levels behind the read address, which comes late (decoded from the
  // instruction memory's read in the same clock: the whole core's longest path in cell delay at NumCtx 2). With
  // ValidSplit k the register sits inside the select: the address's low k bits pick one bit of every group of 2^k
  // words into a candidate register, and its registered high bits pick among the candidates in the clock after,
  // beside the RAMs' read registers. The same bit as a register after the whole select: both sample valid_q at the
  // read's clock edge.
  // A split that would leave one candidate, or groups that do not tile the words, is no split
  localparam int unsigned Split = (ValidSplit < AddrW && (1 << AddrW) == Depth) ? ValidSplit : 0;
  localparam int unsigned NumCand = Depth >> Split;  // the groups of 2^Split words
  localparam int unsigned CandW = (NumCand > 1) ? $clog2(NumCand) : 1;
  logic [NumRead-1:0]              rvalid_bits;  // the valid bit of each read's word, registered
  logic [NumRead-1:0]              rvalid_q;  // (Yosys: no variables inside generate blocks)
  logic [NumRead-1:0][NumCand-1:0] cand_q;
  logic [NumRead-1:0][CandW-1:0]   group_q;
  logic [NumCand-1:0][(1 << Split)-1:0] valid_groups;  // group g: the words g x 2^Split ..
  assign valid_groups = valid_q;
  if (Split == 0) begin : g_valid_reg
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        rvalid_q <= '0;
      end else begin
        for (int r = 0; r < int'(NumRead); r++) begin
          rvalid_q[r] <= valid_q[raddr_i[r]];
        end
      end
    end
    assign rvalid_bits = rvalid_q;
    assign cand_q      = '0;
    assign group_q     = '0;
    logic unused_split;
    assign unused_split = ^{cand_q, group_q, valid_groups};
  end else begin : g_valid_split
    localparam int unsigned SplitW = Split;
    assign rvalid_q = '0;
    logic unused_reg;
    assign unused_reg = ^rvalid_q;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        cand_q  <= '0;
        group_q <= '0;
      end else begin
        for (int r = 0; r < int'(NumRead); r++) begin
          for (int g = 0; g < int'(NumCand); g++) begin  // a 2^SplitW:1 select in each group
            cand_q[r][g] <= valid_groups[g][raddr_i[r][SplitW-1:0]];
          end
          group_q[r] <= CandW'(raddr_i[r] >> SplitW);
        end
      end
    end
    always_comb begin
      for (int r = 0; r < int'(NumRead); r++) begin
        rvalid_bits[r] = cand_q[r][group_q[r]];
      end
    end
  end

  assign rvalid_o = Sweep ? '1 : rvalid_bits;  // swept: every word holds what was last written, or zero

  // LaneWrites 0 fills no lane: a write must enable every lane, or the lanes it skips keep a word from before
  `US_ASSERT(VramWholeWords, LaneWrites || !(|we_i) || (&we_i))
  always_comb begin
    for (int r = 0; r < int'(NumRead); r++) begin
      for (int l = 0; l < int'(NumLanes); l++) begin
        rdata_o[r][l] = (rvalid_o[r] || !ZeroUnwritten) ? lane_rdata[l][r] : '0;
      end
    end
  end

endmodule
