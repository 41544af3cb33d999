// Functions on the flow-control state types of us_fc_pkg.
package us_frame_pkg;

  // Pixels a frame masks (broken or continued). A function taking the frame: Yosys loses a field read straight
  // from an element of an array argument (lp[i].broken), and reads this one right.
  function automatic logic [3:0] frame_masked(input us_fc_pkg::us_frame_t f);
    frame_masked = f.broken | f.continued;
  endfunction

endpackage
