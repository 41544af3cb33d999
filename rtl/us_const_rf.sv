// us_const_rf: the 256 constants of four channels, written a channel at a time by the load port, read by the
// six source addresses of an ALU instruction (three rgb, three alpha), registered: rdata_o is the constants
// addressed in the previous cycle (ID presents the addresses, OF reads the values). A us_vram of four lanes, one
// per channel, each read port its own copy in synthesis: a constant reads as zero until loaded after reset, with
// one valid bit per constant.
module us_const_rf #(
  parameter int unsigned NumReadPorts = 6
) (
  input  logic        clk_i,
  input  logic        rst_ni,

  input  logic        we_i,
  input  logic [7:0]  widx_i,
  input  logic [1:0]  wchan_i,
  input  logic [31:0] wdata_i,

  input  logic [NumReadPorts-1:0][7:0] raddr_i,
  output logic [NumReadPorts-1:0][3:0][31:0] rdata_o
);

  logic [3:0] lane_we;
  always_comb begin
    for (int c = 0; c < 4; c++) begin
      lane_we[c] = we_i && wchan_i == 2'(c);
    end
  end

  logic [NumReadPorts-1:0] rvalid;
  logic                    unused_rvalid;
  assign unused_rvalid = ^rvalid;

  us_vram #(
    .Depth   (256),
    .Width   (32),
    .NumLanes(4),
    .NumRead (NumReadPorts)
  ) u_consts (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .clear_i    (1'b0),
    .clear_seg_i(1'b0),
    .we_i       (lane_we),
    .waddr_i    (widx_i),
    .wdata_i    ({4{wdata_i}}),
    .raddr_i    (raddr_i),
    .rdata_o    (rdata_o),
    .rvalid_o   (rvalid)  // (rdata_o is already zero where it is not set)
  );

endmodule
