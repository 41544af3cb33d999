// Types of the shader core's pipeline (rtl/core/us_core.sv, docs/rtl.md).
package us_core_pkg;

  // What an instruction does once it is past decode.
  typedef enum logic [2:0] {
    KindNone = 3'd0,  // an error stopped it in decode (PC out of range, illegal word): no effect but the error
    KindAlu  = 3'd1,
    KindOut  = 3'd2,
    KindFc   = 3'd3,  // resolved in decode; only its retire record goes on
    KindTex  = 3'd4
  } us_kind_e;

  // What travels with an instruction from decode to write-back besides its data.
  typedef struct packed {
    logic [3:0]       ctx;             // NumCtx is at most 16
    logic [8:0]       pc;
    logic [8:0]       next_pc;
    logic [5:0][31:0] words;
    us_kind_e         kind;
    logic [7:0]       err;             // errors raised in decode
    logic             jumped;
    logic [3:0]       running_before;
    logic [3:0]       writers;         // pixels whose writes land (running, all with WRITE_INACTIVE; TEX:
                                       // uncovered ones left out with IGNORE_UNCOVERED)
    logic [3:0][3:0]  en;              // per pixel, the channels the predicate lets through
    logic [6:0]       rdst;            // rgb (and TEX) destination, aL applied
    logic [6:0]       adst;            // alpha destination, aL applied
  } us_ctrl_t;

endpackage
