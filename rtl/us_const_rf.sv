// us_const_rf: the 256 constants of four channels, written a channel at a time by the load port, read by the
// six source addresses of an ALU instruction (three rgb, three alpha), registered: rdata_o is the constants
// addressed in the previous cycle (ID presents the addresses, OF reads the values). A us_vram of four lanes, one
// per channel, each read port its own copy in synthesis: a constant reads as zero until loaded after reset, with
// one valid bit per constant, or with Sweep the constants zeroed after reset (256 clocks, ready_o low until then).
// With ReadPhases 3 the rgb and alpha addresses of one source are read a clock, one source after another
// (us_rd_phases): two copies instead of six, the values ReadPhases clocks after the addresses.
module us_const_rf #(
  parameter int unsigned NumReadPorts = 6,  // rgb sources 0 .. NumReadPorts / 2 - 1, then alpha's
  parameter int unsigned ReadPhases   = 1,  // the clocks they are read in (us_core_pkg::read_phases)
  parameter bit          Sweep        = 1'b0,  // zero the constants after reset instead of valid bits (us_vram)
  localparam int unsigned NumSrc      = NumReadPorts / 2,
  localparam int unsigned NumRead     = NumReadPorts / ReadPhases  // the RAM's read ports
) (
  input  logic        clk_i,
  input  logic        rst_ni,

  input  logic        we_i,
  input  logic [7:0]  widx_i,
  input  logic [1:0]  wchan_i,
  input  logic [31:0] wdata_i,

  input  logic                         start_i,  // raddr_i holds an instruction's addresses (the first phase)
  input  logic [NumReadPorts-1:0][7:0] raddr_i,
  output logic [NumReadPorts-1:0][3:0][31:0] rdata_o,
  output logic                         ready_o  // writable (the sweep after reset is done)
);

  logic [3:0] lane_we;
  always_comb begin
    for (int c = 0; c < 4; c++) begin
      lane_we[c] = we_i && wchan_i == 2'(c);
    end
  end

  logic [NumRead-1:0] rvalid;
  logic               unused_rvalid;
  assign unused_rvalid = ^rvalid;

  // The ports in the order they are read: source s's rgb and alpha addresses side by side
  logic [NumReadPorts-1:0][7:0]       src_raddr;
  logic [NumReadPorts-1:0][3:0][31:0] src_rdata;
  logic [NumRead-1:0][7:0]            ram_raddr;
  logic [NumRead-1:0][3:0][31:0]      ram_rdata;
  if (ReadPhases > 1) begin : g_paired  // (NumReadPorts even: rgb and alpha sources)
    always_comb begin
      for (int s = 0; s < int'(NumSrc); s++) begin
        src_raddr[2 * s]     = raddr_i[s];
        src_raddr[2 * s + 1] = raddr_i[NumSrc + s];
        rdata_o[s]           = src_rdata[2 * s];
        rdata_o[NumSrc + s]  = src_rdata[2 * s + 1];
      end
    end
  end else begin : g_as_given  // read together: any order, any number of ports
    assign src_raddr = raddr_i;
    assign rdata_o   = src_rdata;
  end

  us_rd_phases #(
    .NumPorts(NumReadPorts), .Phases(ReadPhases), .AddrW(8), .DataW(4 * 32)
  ) u_phases (
    .clk_i(clk_i), .rst_ni(rst_ni), .start_i(start_i), .raddr_i(src_raddr),
    .ram_raddr_o(ram_raddr), .ram_rdata_i(ram_rdata), .rdata_o(src_rdata)
  );

  us_vram #(
    .Depth   (256),
    .Width   (32),
    .NumLanes(4),
    .NumRead (NumRead),
    // with the reads in phases (the FPGA configuration) the valid bits' select is split by a register: ID's
    // addresses come decoded from the instruction memory's read in the same clock (us_vram)
    .ValidSplit(ReadPhases > 1 ? 4 : 0),
    .Sweep     (Sweep)
  ) u_consts (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .clear_i    (1'b0),
    .clear_seg_i(1'b0),
    .we_i       (lane_we),
    .waddr_i    (widx_i),
    .wdata_i    ({4{wdata_i}}),
    .raddr_i    (ram_raddr),
    .rdata_o    (ram_rdata),
    .rvalid_o   (rvalid),  // (rdata_o is already zero where it is not set)
    .ready_o    (ready_o)
  );

endmodule
