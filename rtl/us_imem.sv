// us_imem: the instruction memory, 512 slots of six dwords, written a dword at a time by the load port and read
// a whole slot per cycle by fetch (registered read: rdata_o is the slot addressed in the previous cycle, the RAMs'
// own read registers). A us_vram of six lanes, one per dword (a 512 x 32 block RAM each): a slot reads as zero
// words until loaded after reset, as docs/spec.md section 3 says: one valid bit per slot, or with Sweep the slots
// zeroed after reset (512 clocks, ready_o low until then; us_vram).
module us_imem #(
  parameter bit Sweep = 1'b0
) (
  input  logic        clk_i,
  input  logic        rst_ni,

  input  logic        we_i,
  input  logic [8:0]  wslot_i,
  input  logic [2:0]  wdword_i,
  input  logic [31:0] wdata_i,

  input  logic [8:0]  raddr_i,
  output logic [5:0][31:0] rdata_o,
  output logic        ready_o  // writable (the sweep after reset is done)
);

  logic [5:0] lane_we;
  always_comb begin
    for (int w = 0; w < 6; w++) begin
      lane_we[w] = we_i && wdword_i == 3'(w);
    end
  end

  logic [0:0][5:0][31:0] rdata;
  logic [0:0]            rvalid;
  logic                  unused_rvalid;
  assign unused_rvalid = ^rvalid;
  us_vram #(
    .Depth   (512),
    .Width   (32),
    .NumLanes(6),
    .NumRead (1),
    .Sweep   (Sweep)
  ) u_slots (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .clear_i    (1'b0),
    .clear_seg_i(1'b0),
    .we_i       (lane_we),
    .waddr_i    (wslot_i),
    .wdata_i    ({6{wdata_i}}),
    .raddr_i    (raddr_i),
    .rdata_o    (rdata),
    .rvalid_o   (rvalid),  // (rdata is already zero where it is not set)
    .ready_o    (ready_o)
  );
  assign rdata_o = rdata[0];

endmodule
