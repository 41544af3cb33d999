// core_env: us_core as make formal proves it. Every input is free in every cycle (any register write, any texel, any
// quad input, any launch, any watchdog), except for what us_core's port comments and docs/rtl.md (Contexts,
// Memories) promise the core about its user; those promises are the assumptions below, each with its source. The
// assertions proved are the design's own (`US_ASSERT in rtl/, compiled with FORMAL) and the ones this file adds
// about the retire port.
`include "generated/us_retire_ports.svh"

module core_env #(
  parameter int unsigned NumCtx   = 2,
  parameter logic [15:0] PipeRegs = us_core_pkg::PipeSim,
  parameter int unsigned Lanes    = 4,
  parameter bit          MemSweep = 1'b0,
  localparam int unsigned CtxW    = (NumCtx > 1) ? $clog2(NumCtx) : 1
) (
  input  logic                           clk_i,
  input  logic                           rst_ni,
  input  logic                           reg_we_i,
  input  logic [15:0]                    reg_addr_i,
  input  logic [31:0]                    reg_wdata_i,
  input  logic                           tex_we_i,
  input  logic [11:0]                    tex_waddr_i,
  input  us_types_pkg::fp32_t [3:0]      tex_wdata_i,
  input  logic                           tex_dim_we_i,
  input  logic [3:0]                     tex_dim_id_i,
  input  logic [4:0]                     tex_width_i,
  input  logic [4:0]                     tex_height_i,
  input  logic [31:0]                    watchdog_i,
  input  logic                           clear_i,
  input  logic [CtxW-1:0]                clear_ctx_i,
  input  logic                           tin_we_i,
  input  logic [CtxW-1:0]                tin_ctx_i,
  input  us_types_pkg::temp_addr_t       tin_addr_i,
  input  us_types_pkg::fp32_t [3:0][3:0] tin_data_i,
  input  logic                           launch_i,
  input  logic [CtxW-1:0]                launch_ctx_i,
  input  us_types_pkg::pix_mask_t        launch_covered_i
);
  localparam int unsigned LoopDepth   = us_fc_pkg::DefaultLoopDepth;
  localparam int unsigned AddrDepth   = us_fc_pkg::DefaultAddrDepth;
  localparam int unsigned CounterBits = us_fc_pkg::DefaultCounterBits;

  logic                                       mem_ready_o, reg_bad_o, retire_valid_o;
  logic [NumCtx-1:0]                          ctx_running_o, ctx_done_o;
  logic [NumCtx-1:0][us_fc_pkg::ErrCount-1:0] ctx_errors_o;

  us_core #(
    .NumCtx  (NumCtx),
    .PipeRegs(PipeRegs),
    .Lanes   (Lanes),
    .MemSweep(MemSweep)
  ) u_core (
    .clk_i,
    .rst_ni,
    .mem_ready_o,
    .reg_we_i,
    .reg_addr_i,
    .reg_wdata_i,
    .reg_bad_o,
    .tex_we_i,
    .tex_waddr_i,
    .tex_wdata_i,
    .tex_dim_we_i,
    .tex_dim_id_i,
    .tex_width_i,
    .tex_height_i,
    .watchdog_i,
    .clear_i,
    .clear_ctx_i,
    .tin_we_i,
    .tin_ctx_i,
    .tin_addr_i,
    .tin_data_i,
    .launch_i,
    .launch_ctx_i,
    .launch_covered_i,
    .ctx_running_o,
    .ctx_done_o,
    .ctx_errors_o,
    .retire_valid_o,
    `US_RETIRE_OPEN
  );

  // Reset: low in the first cycle, high ever after (a proof from reset; docs/rtl.md has no mid-run reset).
  logic first_q = 1'b1;
  always_ff @(posedge clk_i) first_q <= 1'b0;
  always_comb begin
    if (first_q) begin
      assume (!rst_ni);
    end else begin
      assume (rst_ni);
    end
  end

  // The user's promises (us_core's ports; docs/rtl.md Contexts and Memories):
  // - registers are written only once the memories' sweep is done (mem_ready_o) and while no quad runs, as a
  //   driver loads a program between draws;
  // - a quad's temporaries are cleared and written, and it is launched, only in a context below NumCtx that is not
  //   running, and no two of these reach one context in one cycle.
  always_comb begin
    if (!first_q) begin
      if (reg_we_i) begin
        assume (mem_ready_o && ctx_running_o == '0);
      end
      if (clear_i) begin
        assume (int'(clear_ctx_i) < int'(NumCtx) && !ctx_running_o[clear_ctx_i]);
      end
      if (tin_we_i) begin
        assume (int'(tin_ctx_i) < int'(NumCtx) && !ctx_running_o[tin_ctx_i]);
      end
      if (launch_i) begin
        assume (int'(launch_ctx_i) < int'(NumCtx) && !ctx_running_o[launch_ctx_i]);
      end
      if (clear_i && tin_we_i) begin
        assume (clear_ctx_i != tin_ctx_i);
      end
      if (launch_i && (clear_i || tin_we_i)) begin
        assume (!(clear_i && clear_ctx_i == launch_ctx_i) && !(tin_we_i && tin_ctx_i == launch_ctx_i));
      end
    end
  end

endmodule
