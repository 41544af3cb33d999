"""An example to copy: your own program on us_core, checked against the golden model, in a cocotb test.

Run it (tb/cocotb/README.md):
    python3 tb/cocotb/run.py --module test_example

A test is an `async def` marked @cocotb.test(); `dut` is us_core. The bench (us_bench.UsBench) drives the core's
ports; the r500us package (docs/python.md) assembles the program and is the scoreboard."""
import numpy as np

import cocotb

import r500us
from us_bench import Quad, UsBench

# length(t0.rg) into render target 0, as Mesa compiles it (docs/asm.md's example)
PROGRAM = """
    alu
        rgb: dp3 t0.r, src0.rg0, src0.rg0        # t0.r = dot(t0.rg0, t0.rg0)
        src0.rgb=t0
    alu
        alpha: rsq t0.a, |src0.r|                # t0.a = 1/sqrt(|t0.r|)
        src0.rgb=t0
    out
        rgb: sop o0.r                             # o0.r = the alpha unit's transcendental
        alpha: rcp _, src0.a                      # 1/t0.a
        src0.a=t0
    out tex_sem_wait
        rgb: max.off o0.gb, src0.000, src0.000
        alpha: max.off o0.a, src0.1, src0.1
"""


@cocotb.test()
async def length_of_t0(dut):
    """Four quads of points through the length program: every retire record of the RTL equals the model's, and
    the model's render target 0 holds the lengths."""
    # 1. Assemble with the model's assembler (a typo raises r500us.AsmError naming the line).
    prog = r500us.assemble(PROGRAM, "length.s").program

    # 2. A vector: the register writes a driver makes to load the program (US_CONFIG, US_CODE_*, the words).
    vec = r500us.Vector.from_program(prog, name="length")

    # 3. Clock, reset; then every write through the register port (reg_we_i, reg_addr_i, reg_wdata_i). load()
    #    returns the model's shader loaded by the same writes.
    bench = UsBench(dut)
    await bench.start()
    shader = await bench.load(vec)

    # 4. The quads: input temporaries (pixel, temporary, channel) as float32. Here t0.rg is a point per pixel.
    points = np.float32([[3, 4], [1, 0], [0, -2], [0.5, 0.5]])
    quads = []
    for q in range(4):
        t = np.zeros((4, 1, 4), np.float32)
        t[:, 0, :2] = points * (q + 1)
        quads.append(Quad(t))                      # Quad(t, covered=0b0111) would leave pixel 3 out

    # 5. Run them: each quad is loaded into a free context and launched; the model runs the same quad on the same
    #    context, and each record on the retire port is compared with the model's (RecordMismatch names the
    #    record and the field on a difference).
    result = await bench.run_quads(shader, quads)
    dut._log.info("%d quads, %d retire records equal, %d cycles", result.quads, result.records, result.cycles)

    # 6. Checks of your own on top. Every record matched, so the model's results are the RTL's; here: is it the
    #    length? (r500us.Run: .state.out_f32, .records as dataclasses, .record_array as a numpy array.)
    for q, run in enumerate(result.runs):
        got = run.state.out_f32[0][:, 0]           # render target 0, red channel, pixels 0-3
        want = np.hypot(points[:, 0], points[:, 1]) * (q + 1)
        assert np.allclose(got, want, rtol=1e-4), f"quad {q}: {got} is not {want}"
        assert run.records[-1].done and run.records[2].out[0].mask[0] == 0b0001
