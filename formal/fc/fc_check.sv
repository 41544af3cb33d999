// fc_check: the formal check of us_fc against formal/fc/us_fc_ref.sv (written from docs/spec.md sections 3, 4
// and 7), in the manner of riscv-formal: every us_fc input is a free input of this top (any instruction word, any
// context state, any constants), both modules see the same inputs, and every output is compared by its own named
// immediate assertion, so a counterexample names what differs. formal/fc.sby runs it (mode prove) at the default
// parameters and at a small set; formal/fc/plants.py checks that planted bugs make it fail.
module fc_check #(
  parameter int unsigned LoopDepth   = us_fc_pkg::DefaultLoopDepth,
  parameter int unsigned AddrDepth   = us_fc_pkg::DefaultAddrDepth,
  parameter int unsigned CounterBits = us_fc_pkg::DefaultCounterBits
) (
  input  logic [31:0]            fc_inst_i,
  input  logic [31:0]            fc_addr_i,
  input  logic [2:0]             pred_sel_i,
  input  logic                   pred_inv_i,
  input  logic [8:0]             pc_i,
  input  logic [8:0]             code_offset_i,
  input  logic [31:0]            bool_const_i,
  input  logic [31:0][31:0]      int_const_i,
  input  logic [3:0]             covered_i,
  input  logic [3:0]             killed_i,
  input  logic [3:0]             alu_result_i,
  input  logic [3:0][3:0]        pred_i,
  input  logic [3:0]             inactive_i,
  input  logic [3:0][CounterBits-1:0] counter_i,
  input  us_fc_pkg::us_frame_t [LoopDepth-1:0] loop_i,
  input  logic [$clog2(LoopDepth+1)-1:0] loop_sp_i,
  input  logic [AddrDepth-1:0][8:0] addr_i,
  input  logic [$clog2(AddrDepth+1)-1:0] addr_sp_i
);

  localparam int unsigned LoopSpW = $clog2(LoopDepth + 1);
  localparam int unsigned AddrSpW = $clog2(AddrDepth + 1);

  logic [3:0]                          dut_inactive,  ref_inactive;
  logic [3:0][CounterBits-1:0]         dut_counter,   ref_counter;
  us_fc_pkg::us_frame_t [LoopDepth-1:0] dut_loop,     ref_loop;
  logic [LoopSpW-1:0]                  dut_loop_sp,   ref_loop_sp;
  logic [AddrDepth-1:0][8:0]           dut_addr,      ref_addr;
  logic [AddrSpW-1:0]                  dut_addr_sp,   ref_addr_sp;
  logic                                dut_jump,      ref_jump;
  logic [8:0]                          dut_next_pc,   ref_next_pc;
  logic [us_fc_pkg::ErrCount-1:0]      dut_errors,    ref_errors;

  us_fc #(
    .LoopDepth(LoopDepth), .AddrDepth(AddrDepth), .CounterBits(CounterBits)
  ) dut (
    .fc_inst_i, .fc_addr_i, .pred_sel_i, .pred_inv_i, .pc_i, .code_offset_i, .bool_const_i, .int_const_i,
    .covered_i, .killed_i, .alu_result_i, .pred_i, .inactive_i, .counter_i, .loop_i, .loop_sp_i, .addr_i,
    .addr_sp_i,
    .inactive_o(dut_inactive), .counter_o(dut_counter), .loop_o(dut_loop), .loop_sp_o(dut_loop_sp),
    .addr_o(dut_addr), .addr_sp_o(dut_addr_sp), .jump_o(dut_jump), .next_pc_o(dut_next_pc),
    .errors_o(dut_errors)
  );

  us_fc_ref #(
    .LoopDepth(LoopDepth), .AddrDepth(AddrDepth), .CounterBits(CounterBits)
  ) ref_fc (
    .fc_inst_i, .fc_addr_i, .pred_sel_i, .pred_inv_i, .pc_i, .code_offset_i, .bool_const_i, .int_const_i,
    .covered_i, .killed_i, .alu_result_i, .pred_i, .inactive_i, .counter_i, .loop_i, .loop_sp_i, .addr_i,
    .addr_sp_i,
    .inactive_o(ref_inactive), .counter_o(ref_counter), .loop_o(ref_loop), .loop_sp_o(ref_loop_sp),
    .addr_o(ref_addr), .addr_sp_o(ref_addr_sp), .jump_o(ref_jump), .next_pc_o(ref_next_pc),
    .errors_o(ref_errors)
  );

  // Stack contents: only the frames / entries below the output stack pointer are state (docs/spec.md section 3:
  // "the loop stack of frames", "the address stack"); those at and above it are not on the stack, whatever
  // their bits. Compared against the DUT's pointer; FcLoopSp / FcAddrSp check the pointers themselves.
  logic loop_frames_equal, addr_entries_equal;
  always_comb begin
    loop_frames_equal = 1'b1;
    for (int unsigned i = 0; i < LoopDepth; i++)
      if (i < dut_loop_sp && dut_loop[i] != ref_loop[i]) loop_frames_equal = 1'b0;
    addr_entries_equal = 1'b1;
    for (int unsigned i = 0; i < AddrDepth; i++)
      if (i < dut_addr_sp && dut_addr[i] != ref_addr[i]) addr_entries_equal = 1'b0;
  end

  always_comb begin
    // ---- Assumptions: only what the spec says a well-formed context state cannot be.
    // A1. The loop stack holds at most LoopDepth frames (docs/spec.md section 3, model parameters: "loop-stack
    //     depth"; section 4: a push at a full stack is an overflow error and ends the quad, section 7, so the
    //     pointer never passes the depth). The pointer is $clog2(LoopDepth+1) bits, so it can encode more.
    WellFormedLoopSp: assume (loop_sp_i <= LoopSpW'(LoopDepth));
    // A2. The address stack holds at most AddrDepth entries (same sections: "address-stack depth").
    WellFormedAddrSp: assume (addr_sp_i <= AddrSpW'(AddrDepth));
    // Frames at and above loop_sp_i and entries at and above addr_sp_i are left free: they are not state (section
    // 3), so neither side may let them reach a compared output.

    // ---- Every output, each its own assertion.
    FcInactive: assert (dut_inactive == ref_inactive);
    FcCounter:  assert (dut_counter == ref_counter);
    FcLoopSp:   assert (dut_loop_sp == ref_loop_sp);
    FcLoop:     assert (loop_frames_equal);
    FcAddrSp:   assert (dut_addr_sp == ref_addr_sp);
    FcAddr:     assert (addr_entries_equal);
    FcJump:     assert (dut_jump == ref_jump);
    FcNextPc:   assert (dut_next_pc == ref_next_pc);
    FcErrors:   assert (dut_errors == ref_errors);
  end

endmodule
