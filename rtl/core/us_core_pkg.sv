// Types of the shader core's pipeline (rtl/core/us_core.sv and its stages, docs/rtl.md).
package us_core_pkg;

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
