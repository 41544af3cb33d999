// Assertion macros of the design, in the spirit of lowRISC's prim_assert.sv: an invariant is written next to the
// logic that keeps it, checked in every Verilator build made with --assert (the co-simulation harness, the
// assertion benches of tb/assert) and compiled out of synthesis.
//
//   `US_ASSERT(Name, property)  a concurrent assertion sampled at every rising clk_i, off while rst_ni is low; on
//                               failure it reports "assertion Name failed" with the property's text and stops the
//                               simulation ($error: uscosim then exits 1, verdict "assertion")
//   `US_ASSERT_IF(Name, property, enable)  the property in the cycles enable holds (lowRISC's ASSERT_IF)
//   `ifdef US_ASSERT_ON ... `endif  around logic that only an assertion reads (a counter, a held copy)
//
// Yosys defines SYNTHESIS (make synth also passes it), and so sees neither the assertions nor their helpers; make
// formal defines FORMAL instead, and proves them (formal/README.md).
`ifndef US_ASSERT_SVH
`define US_ASSERT_SVH

`ifndef SYNTHESIS
`define US_ASSERT_ON
`endif
`ifdef FORMAL  // the slang frontend defines SYNTHESIS too
`ifndef US_ASSERT_ON
`define US_ASSERT_ON
`endif
`endif

`ifdef US_ASSERT_ON
`ifdef FORMAL
// make formal reads the design with Yosys's slang frontend, which takes a clocked property but not the
// implication operator: US_ASSERT_IF's antecedent becomes a disjunction there.
`define US_ASSERT(__name, __prop) \
  __name: assert property (@(posedge clk_i) disable iff (!rst_ni) (__prop));
`define US_ASSERT_IF(__name, __prop, __enable) `US_ASSERT(__name, !(__enable) || (__prop))
`else
`define US_ASSERT(__name, __prop) \
  __name: assert property (@(posedge clk_i) disable iff (!rst_ni) (__prop)) \
    else $error("assertion %s failed: %s", `"__name`", `"__prop`");
`define US_ASSERT_IF(__name, __prop, __enable) `US_ASSERT(__name, (__enable) |-> (__prop))
`endif
`else
`define US_ASSERT(__name, __prop)
`define US_ASSERT_IF(__name, __prop, __enable)
`endif

`endif  // US_ASSERT_SVH
