// Types of the shader core's pipeline (rtl/core/us_core.sv and its stages, docs/rtl.md).
package us_core_pkg;

  // The stage plan: the cycle, counted from IF, in which an instruction is in each stage. Every instruction passes
  // every stage, one a cycle, and nothing stalls (docs/rtl.md, The pipeline). The stage modules hold the registers
  // between them. Sixteen of those registers are optional, a bit each of us_core's parameter PipeRegs (PipeSim: none,
  // the default; PipeFpga: all): without one, the two stages it divides are one. The Stage* numbers below are those
  // of PipeFpga; IssueToRetire gives D for any plan. us_ctx_state checks each write-back against the plan
  // (assertion CtxWbOnPlan), and the lockstep harness, from the ports, every record (tb/cosim, cosim_sched.h): a
  // register added or lost without this plan following fails both.
  localparam int unsigned StageIf        = 0;   // us_if_stage: pick a ready context, present its PC to us_imem
  localparam int unsigned StageIw        = 1;   // us_if_stage: us_imem's read register holds the words
  localparam int unsigned StageId        = 2;   // us_id_stage: the words, registered; decode, FC   (PipeDecode)
                                                // commit; source addresses to us_temp_rf, us_const_rf
  localparam int unsigned StageOf        = 3;   // us_of_stage: the RAMs' read registers; sources, TEX coordinates
  localparam int unsigned StagePreAlign  = 4;   // us_ex_stage: the pre-subtract's adder aligns
  localparam int unsigned StagePreSum    = 5;   //   adds and normalises                              (PipePreSum)
  localparam int unsigned StageEx1       = 6;   //   rounds                                         (PipeEx1)
  localparam int unsigned StageOperand   = 7;   //   swizzles, input modifiers                      (PipeOperand)
  // us_ex_pixel, per pixel: each FP operation in the segments of us_fp_pkg
  localparam int unsigned StageMulProd   = 8;   // significand products (MULT18X18D); the transcendental unit starts
  localparam int unsigned StageMulRound  = 9;   // products rounded; MIN MAX CND CMP; FRC's floor   (PipeMulRound)
  localparam int unsigned StageWindow    = 10;  // the dot product's alignment window          (PipeWindow)
  localparam int unsigned StageAddAlign  = 11;  // the adders align                                 (PipeAddAlign)
  localparam int unsigned StageAddSum    = 12;  // the adders add and normalise                     (PipeAddSum)
  localparam int unsigned StageAddRound  = 13;  // the adders round (MAD results, FRC, pair sums)   (PipeAddRound)
  localparam int unsigned StageDotAlign  = 14;  // the dot product's last add: align; FRC's     (PipeDotAlign)
                                                // result
  localparam int unsigned StageDotSum    = 15;  //   add and normalise                              (PipeDotSum)
  localparam int unsigned StageDotRound  = 16;  //   round                                          (PipeDotRound)
  localparam int unsigned StageSelect    = 17;  // the result select; the transcendental result;   (PipeSelect)
                                                // the TEX projection's products
  localparam int unsigned StageTaProj    = 18;  // us_ta_stage: PROJ's S x RCP(Q), T x RCP(Q) rounded; OMOD
  localparam int unsigned StageTaScale   = 19;  //   S x width, T x height: the products; clamp     (PipeTaScale)
  localparam int unsigned StageTaAddr    = 20;  //   rounded; the texel addresses; the compares     (PipeTaAddr)
                                                // with zero
  localparam int unsigned StageTaRead    = 21;  //   the texel addresses presented to us_tex_mem    (PipeTaRead)
  localparam int unsigned StageWb        = 22;  // us_wb_stage: us_tex_mem's read register; the effects

  // The optional registers: bit k of PipeRegs puts one before the stage named
  localparam int unsigned NumPipeRegs  = 16;
  localparam int unsigned PipePreSum   = 0;
  localparam int unsigned PipeEx1      = 1;
  localparam int unsigned PipeMulRound = 2;
  localparam int unsigned PipeAddAlign = 3;
  localparam int unsigned PipeAddSum   = 4;
  localparam int unsigned PipeAddRound = 5;
  localparam int unsigned PipeDotSum   = 6;
  localparam int unsigned PipeDotRound = 7;
  localparam int unsigned PipeTaScale  = 8;
  localparam int unsigned PipeTaAddr   = 9;
  localparam int unsigned PipeTaRead   = 10;
  localparam int unsigned PipeSelect   = 11;  // (the last four numbered as they came: the bits are not in stage
  localparam int unsigned PipeOperand  = 12;  // order)
  localparam int unsigned PipeWindow   = 13;
  localparam int unsigned PipeDotAlign = 14;
  localparam int unsigned PipeDecode   = 15;  // the instruction words between us_imem's read register and decode
  localparam logic [15:0] PipeSim      = 16'h0000;  // D = 7: the registers every memory read needs, and no more
  localparam logic [15:0] PipeFpga     = 16'hFFFF;  // D = 23: no stage holds two FP segments, nor the
                                                    // instruction memory's read and decode

  // The registers of a plan from one stage to a later one: the fixed ones and the optional ones between.
  // The fixed registers are before ID, OF, PreAlign, MulProd, TaProj and WB, and the retire register.
  function automatic int unsigned opt_regs(input logic [15:0] regs, input int unsigned lo, input int unsigned hi);
    opt_regs = 0;
    for (int k = 0; k < 16; k++) begin
      if (k >= int'(lo) && k <= int'(hi) && regs[k]) begin
        opt_regs = opt_regs + 1;
      end
    end
  endfunction

  // An instruction issued in cycle n is on the retire port in cycle n + IssueToRetire (us_retire registers WB's
  // record). A context is ready again in that cycle, so it issues at most once every D cycles and the steady IPC is
  // min(1, NumCtx / D). D = 7 + the optional registers of the plan.
  function automatic int unsigned issue_to_retire(input logic [15:0] regs);
    issue_to_retire = 7 + opt_regs(regs, 0, 15);
  endfunction
  // Lanes, us_core's parameter (no item here: each module writes Beats = 4 / Lanes itself, a constant expression
  // every tool reads alike): the pixels EX and TA take a clock (4, 2 or 1). A quad-instruction passes them in
  // Beats = 4 / Lanes beats, one a clock and Lanes pixels each (OF hands them over, the end of TA gathers them for
  // WB), so IF issues at most once every Beats clocks, its record comes Beats - 1 clocks later than the plan's D
  // says, and the steady IPC is min(1 / Beats, NumCtx / (D + Beats - 1)) quad-instructions a clock.
  // The clocks the temporaries and constants read an instruction's three source addresses in: one copy of each RAM
  // per address and one clock with Beats below 3; one copy and a clock per address when IF issues at most once in
  // Beats >= 3 clocks (Lanes 1), which puts OF ReadPhases - 1 clocks later (us_rd_phases, docs/rtl.md).
  function automatic int unsigned read_phases(input int unsigned beats);
    read_phases = (beats >= 3) ? 3 : 1;
  endfunction
  // The cycles from an issue to its record on the retire port, with the beats and the read phases: D.
  function automatic int unsigned issue_to_record(input logic [15:0] regs, input int unsigned beats);
    issue_to_record = issue_to_retire(regs) + beats - 1 + read_phases(beats) - 1;
  endfunction
  // The transcendental unit's latency: from MulProd to Select
  function automatic int unsigned trans_latency(input logic [15:0] regs);
    trans_latency = opt_regs(regs, PipeMulRound, PipeDotRound) + opt_regs(regs, PipeSelect, PipeSelect) +
                    opt_regs(regs, PipeWindow, PipeDotAlign);
  endfunction

  // What an instruction does once it is past decode.
  typedef enum logic [2:0] {
    KindNone = 3'd0,  // an error stopped it in decode (PC out of range, illegal word): no effect but the error
    KindAlu  = 3'd1,
    KindOut  = 3'd2,
    KindFc   = 3'd3,  // resolved in decode; only its retire record goes on
    KindTex  = 3'd4
  } us_kind_e;

  // What travels with an instruction from decode to write-back besides its data. The fields have the widths of
  // us_types_pkg's types, written out: Yosys 0.70 cannot name another package's type inside a package.
  typedef struct packed {
    logic [3:0]       ctx;             // ctx_id_t
    logic [8:0]       pc;              // pc_t
    logic [8:0]       next_pc;         // pc_t
    us_kind_e         kind;
    logic [7:0]       err;             // errors raised in decode
    logic             jumped;
    logic [3:0]       running_before;  // pix_mask_t
    logic [3:0]       writers;         // pix_mask_t: pixels whose writes land (running, all with WRITE_INACTIVE;
                                       // TEX: uncovered ones left out with IGNORE_UNCOVERED)
    logic [3:0][3:0]  en;              // chan_mask_t per pixel: the channels the predicate lets through
    logic [6:0]       rdst;            // temp_addr_t: rgb (and TEX) destination, aL applied
    logic [6:0]       adst;            // temp_addr_t: alpha destination, aL applied
  } us_ctrl_t;
  // Its width, for the flat shift registers that carry it (Yosys cannot take $bits of a type; Verilator's WIDTH
  // check, in make lint, fails where a us_ctrl_t meets a vector of another width)
  localparam int unsigned CtrlW = 72;
  // The six instruction dwords (US_CMN_INST .. US_ALU_RGBA_INST) do not travel with the control: ID keeps each
  // context's instruction in flight (us_id_stage, id_words_o; a context has one), and a stage reads the words of
  // its instruction's context there: 192 flip-flops fewer in every stage register. (Written out as
  // logic [5:0][31:0] where used: Yosys 0.70 misread a typedef of a two-dimensional packed array as a port and
  // pruned WB's effects behind it; make fpga's constant-output check caught it.)

endpackage
