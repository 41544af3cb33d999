// us_rd_phases: NumPorts read addresses presented together, read through NumPorts / Phases ports of a RAM over
// Phases consecutive clocks. With Lanes 1 a quad-instruction takes 4 clocks in EX and IF issues at most once in 4
// (us_core_pkg::read_phases), so one copy of a RAM can serve the three source addresses one after another where
// Lanes 4 needs a copy per address: a third of the temporaries' and constants' block RAMs and of the wires from
// them (docs/rtl.md, The temporaries' ports).
//
// Ports are in phase-major order: phase k reads ports k x PhysPorts .. k x PhysPorts + PhysPorts - 1. In the clock of
// start_i the RAM gets phase 0's addresses (raddr_i itself, as with one phase); in each following clock the next
// phase's, from a register. The RAM's read register holds phase k's data the clock after; all but the last phase's
// are held here, so rdata_o has every port's data Phases clocks after start_i (the last phase's straight from the
// RAM's read register). The caller keeps start_i at least Phases clocks apart (IF's hold) and the words read
// unchanged meanwhile (a context's temporaries are written only by its one instruction in flight). With Phases 1
// this is wires.
`include "us_assert.svh"

module us_rd_phases #(
  parameter int unsigned NumPorts  = 3,
  parameter int unsigned Phases    = 1,
  parameter int unsigned AddrW     = 8,
  parameter int unsigned DataW     = 32,
  localparam int unsigned PhysPorts = NumPorts / Phases
) (
  input  logic                                clk_i,
  input  logic                                rst_ni,
  input  logic                                start_i,      // raddr_i holds a new set of addresses: phase 0
  input  logic [NumPorts-1:0][AddrW-1:0]      raddr_i,
  output logic [PhysPorts-1:0][AddrW-1:0]     ram_raddr_o,  // to the RAM's read ports
  input  logic [PhysPorts-1:0][DataW-1:0]     ram_rdata_i,  // the RAM's read register: the clock before's addresses
  output logic [NumPorts-1:0][DataW-1:0]      rdata_o       // every port's data, Phases clocks after start_i
);

  localparam int unsigned Held = (Phases > 1) ? Phases - 1 : 1;  // the phases held (all but the last)
  // act_q[k - 1]: this clock presents phase k (k >= 1). (Yosys: no variables inside generate blocks.)
  logic [Held-1:0]                          act_q;
  logic [NumPorts-1:0][AddrW-1:0]           addr_q;
  logic [Held-1:0][PhysPorts-1:0][DataW-1:0] hold_q;  // phases 0 .. Phases - 2, as read

  if (Phases == 1) begin : g_direct
    assign ram_raddr_o = raddr_i;
    assign rdata_o     = ram_rdata_i;
    assign act_q       = '0;
    assign addr_q      = '0;
    assign hold_q      = '0;
    logic unused_phase;
    assign unused_phase = ^{clk_i, rst_ni, start_i, act_q, addr_q, hold_q};
  end else begin : g_phases
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        act_q <= '0;
      end else begin
        act_q <= Held'({act_q, start_i});  // phase 1 the clock after the start, then 2 ..
      end
    end

    always_ff @(posedge clk_i) begin
      if (start_i) begin
        addr_q <= raddr_i;
      end
      for (int k = 0; k < int'(Phases) - 1; k++) begin
        if (act_q[k]) begin  // the read register holds phase k's words while phase k + 1 is presented
          hold_q[k] <= ram_rdata_i;
        end
      end
    end

    // The caller's contract: a new set of addresses only once every phase of the previous one has been presented
    `US_ASSERT_IF(RdPhasesApart, act_q == '0, start_i)

    always_comb begin
      ram_raddr_o = raddr_i[PhysPorts-1:0];
      for (int k = 1; k < int'(Phases); k++) begin
        if (act_q[k - 1]) begin
          ram_raddr_o = addr_q[k * int'(PhysPorts) +: PhysPorts];
        end
      end
      for (int k = 0; k < int'(Phases) - 1; k++) begin
        rdata_o[k * int'(PhysPorts) +: PhysPorts] = hold_q[k];
      end
      rdata_o[(Phases - 1) * PhysPorts +: PhysPorts] = ram_rdata_i;
    end
  end

endmodule
