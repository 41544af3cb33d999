// Types of the flow-control state of one context (docs/spec.md sections 3 and 4).
package us_fc_pkg;

  typedef struct packed {
    logic [7:0] count;      // iterations left
    logic [7:0] al;         // aL
    logic [7:0] step;       // aL step (KB, two's complement)
    logic [3:0] member;     // pixels running when the loop began
    logic [3:0] broken;
    logic [3:0] continued;
    logic       rep;        // a REP frame: ENDREP does not step aL
  } us_frame_t;

  // Error flags, the bits of enum us_error in model/golden/us_model.h.
  localparam int unsigned ErrLoopOverflow    = 0;
  localparam int unsigned ErrLoopUnderflow   = 1;
  localparam int unsigned ErrAddrOverflow    = 2;
  localparam int unsigned ErrAddrUnderflow   = 3;
  localparam int unsigned ErrCounterOverflow = 4;
  localparam int unsigned ErrWatchdog        = 5;  // these three are raised by the core, not the FC unit
  localparam int unsigned ErrPcRange         = 6;
  localparam int unsigned ErrIllegalInst     = 7;

endpackage
