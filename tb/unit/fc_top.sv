// Unit bench wrapper (tb/unit/fc.cpp): the flow-control unit with the default depths (us_fc_pkg::Default*).
module fc_top
  import us_fc_pkg::*;
#(
  localparam int unsigned LoopSpW = $clog2(DefaultLoopDepth + 1),
  localparam int unsigned AddrSpW = $clog2(DefaultAddrDepth + 1)
) (
  input  logic [31:0] fc_inst_i,
  input  logic [31:0] fc_addr_i,
  input  logic [2:0]  pred_sel_i,
  input  logic        pred_inv_i,
  input  logic [8:0]  pc_i,
  input  logic [8:0]  code_offset_i,
  input  logic [31:0] bool_const_i,
  input  logic [31:0][31:0] int_const_i,
  input  logic [3:0]  covered_i,
  input  logic [3:0]  killed_i,
  input  logic [3:0]  alu_result_i,
  input  logic [3:0][3:0] pred_i,
  input  logic [3:0]  inactive_i,
  input  logic [3:0][DefaultCounterBits-1:0] counter_i,
  input  us_frame_t [DefaultLoopDepth-1:0] loop_i,
  input  logic [LoopSpW-1:0] loop_sp_i,
  input  logic [DefaultAddrDepth-1:0][8:0] addr_i,
  input  logic [AddrSpW-1:0] addr_sp_i,
  output logic [3:0]  inactive_o,
  output logic [3:0][DefaultCounterBits-1:0] counter_o,
  output us_frame_t [DefaultLoopDepth-1:0] loop_o,
  output logic [LoopSpW-1:0] loop_sp_o,
  output logic [DefaultAddrDepth-1:0][8:0] addr_o,
  output logic [AddrSpW-1:0] addr_sp_o,
  output logic        jump_o,
  output logic [8:0]  next_pc_o,
  output logic [ErrCount-1:0] errors_o
);

  us_fc u_fc (.*);

endmodule
