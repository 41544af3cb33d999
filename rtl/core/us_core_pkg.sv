// Types of the shader core's pipeline (rtl/core/us_core.sv and its stages, docs/rtl.md).
package us_core_pkg;

  // The stage plan: the cycle, counted from IF, in which an instruction is in each stage. Every instruction passes
  // every stage, one a cycle, and nothing stalls (docs/rtl.md, The pipeline). The stage modules hold the registers
  // between them; us_core checks that an instruction issued in cycle n retires in cycle n + IssueToRetire
  // (assertion CorePipeDepth), and so does the lockstep harness, from the ports, for every record (tb/cosim,
  // cosim_sched.h): a register added or lost without this plan following fails both.
  localparam int unsigned StageIf        = 0;   // us_if_stage: pick a ready context, present its PC to us_imem
  localparam int unsigned StageId        = 1;   // us_id_stage: the instruction words (us_imem's read register);
                                                // decode, FC commit; source addresses to us_temp_rf, us_const_rf
  localparam int unsigned StageOf        = 2;   // us_of_stage: the RAMs' read registers; sources, TEX coordinates
  localparam int unsigned StagePreAlign  = 3;   // us_ex_stage: the pre-subtract's adder aligns
  localparam int unsigned StagePreSum    = 4;   //   adds and normalises
  localparam int unsigned StageEx1       = 5;   //   rounds; swizzles, input modifiers
  // us_ex_pixel, per pixel: each FP operation in the segments of us_fp_pkg, one stage each
  localparam int unsigned StageMulProd   = 6;   // significand products (MULT18X18D); MIN MAX CND CMP; FRC's floor;
                                                // the transcendental unit starts
  localparam int unsigned StageMulRound  = 7;   // products rounded
  localparam int unsigned StageWindow    = 8;   // the dot product's alignment window
  localparam int unsigned StageAddAlign  = 9;   // the adders align
  localparam int unsigned StageAddSum    = 10;  // the adders add and normalise
  localparam int unsigned StageAddRound  = 11;  // the adders round (MAD results, FRC, dot-product pair sums)
  localparam int unsigned StageDotAlign  = 12;  // the dot product's last add: align
  localparam int unsigned StageDotSum    = 13;  //   add and normalise
  localparam int unsigned StageDotRound  = 14;  //   round; the result select; the transcendental result; TEX
                                                // projection's products
  localparam int unsigned StageTaProj    = 15;  // us_ta_stage: PROJ's S x RCP(Q), T x RCP(Q) rounded
  localparam int unsigned StageTaScale   = 16;  //   S x width, T x height: the products
  localparam int unsigned StageTaAddr    = 17;  //   rounded; the texel addresses presented to us_tex_mem
  localparam int unsigned StageWb        = 18;  // us_wb_stage: us_tex_mem's read register; OMOD, clamp, effects
  // An instruction issued in cycle n is on the retire port in cycle n + IssueToRetire (us_retire registers WB's
  // record). A context is ready again in that cycle, so it issues at most once every IssueToRetire cycles and the
  // steady IPC is min(1, NumCtx / IssueToRetire).
  localparam int unsigned IssueToRetire = StageWb + 1;

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
    logic [5:0][31:0] words;           // the six instruction dwords, US_CMN_INST .. US_ALU_RGBA_INST
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

endpackage
