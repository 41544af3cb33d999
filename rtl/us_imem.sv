// us_imem: the instruction memory, 512 slots of six dwords, written a dword at a time by the load port and read
// a whole slot per cycle by fetch (registered read: rdata_o is the slot addressed in the previous cycle).
// Reset clears every slot, as docs/spec.md section 3 says (an unloaded slot reads as zero words).
module us_imem (
  input  logic        clk_i,
  input  logic        rst_ni,

  input  logic        we_i,
  input  logic [8:0]  wslot_i,
  input  logic [2:0]  wdword_i,
  input  logic [31:0] wdata_i,

  input  logic [8:0]  raddr_i,
  output logic [5:0][31:0] rdata_o
);

  logic [5:0][31:0] mem_q [512];

  // One process per slot: Verilator 5.006 cannot reset an array in a loop of non-blocking assignments.
  for (genvar i = 0; i < 512; i++) begin : g_slot
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        mem_q[i] <= '0;
      end else if (we_i && wslot_i == 9'(i) && wdword_i < 3'd6) begin
        mem_q[i][wdword_i] <= wdata_i;
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rdata_o <= '0;
    end else begin
      rdata_o <= mem_q[raddr_i];
    end
  end

endmodule
