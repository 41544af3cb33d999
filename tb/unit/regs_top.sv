// Unit bench wrapper (tb/unit/regs.cpp): the load port with the instruction memory and the constant file.
module regs_top (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        reg_we_i,
  input  logic [15:0] reg_addr_i,
  input  logic [31:0] reg_wdata_i,
  output logic        reg_bad_o,
  input  logic [8:0]  imem_raddr_i,
  output logic [5:0][31:0] imem_rdata_o,
  input  logic [7:0]  const_raddr_i,
  output logic [3:0][31:0] const_rdata_o,
  output logic [31:0] config_o,
  output logic [31:0] pixsize_o,
  output logic [31:0] code_addr_o,
  output logic [31:0] code_range_o,
  output logic [31:0] code_offset_o,
  output logic [31:0] fc_ctrl_o,
  output logic [31:0] bool_const_o,
  output logic [31:0][31:0] int_const_o
);

  logic        imem_we, const_we;
  logic [8:0]  imem_slot;
  logic [2:0]  imem_dword;
  logic [31:0] imem_wdata, const_wdata;
  logic [7:0]  const_idx;
  logic [1:0]  const_chan;
  logic [0:0][7:0]       const_raddr;
  logic [0:0][3:0][31:0] const_rdata;
  logic                  imem_ready, const_ready;

  us_load_port u_load_port (
    .clk_i, .rst_ni, .reg_we_i, .reg_addr_i, .reg_wdata_i, .reg_bad_o,
    .imem_we_o(imem_we), .imem_slot_o(imem_slot), .imem_dword_o(imem_dword), .imem_wdata_o(imem_wdata),
    .const_we_o(const_we), .const_idx_o(const_idx), .const_chan_o(const_chan), .const_wdata_o(const_wdata),
    .config_o, .pixsize_o, .code_addr_o, .code_range_o, .code_offset_o, .fc_ctrl_o, .bool_const_o, .int_const_o
  );

  us_imem u_imem (
    .clk_i, .rst_ni, .we_i(imem_we), .wslot_i(imem_slot), .wdword_i(imem_dword), .wdata_i(imem_wdata),
    .raddr_i(imem_raddr_i), .rdata_o(imem_rdata_o), .ready_o(imem_ready)
  );

  assign const_raddr[0] = const_raddr_i;
  assign const_rdata_o  = const_rdata[0];
  us_const_rf #(.NumReadPorts(1)) u_const (
    .clk_i, .rst_ni, .we_i(const_we), .widx_i(const_idx), .wchan_i(const_chan), .wdata_i(const_wdata),
    .start_i(1'b0), .raddr_i(const_raddr), .rdata_o(const_rdata), .ready_o(const_ready)
  );

  // With valid bits (no Sweep) both memories are writable from reset on
  logic unused_ready;
  assign unused_ready = imem_ready & const_ready;

endmodule
