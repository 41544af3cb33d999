"""make test's cocotb tests of us_core (tb/cocotb/README.md): a few smoke vectors, each on QUADS quads (the vector's
own and random ones) with every retire record compared with the r500us model's.

Environment (tb/cocotb/run.py sets them): R500US_COCOTB_QUADS quads per vector (default 8);
R500US_COCOTB_FLIP a bit mask for the fault hook, set after the first launches (0: none; run.py --inject-flip);
R500US_COCOTB_FIGURES a file each test appends its figures to (one JSON object a line)."""
import json
import os
import sys

import cocotb

import r500us
from us_bench import ROOT, UsBench, random_quads

QUADS = int(os.environ.get("R500US_COCOTB_QUADS", "8"))
FLIP = int(os.environ.get("R500US_COCOTB_FLIP", "0"), 0)


async def check_vector(dut, name: str, seed: int) -> None:
    """The vector vectors/smoke/NAME.vec on QUADS quads: load, run, compare every record."""
    test = sys._getframe(1).f_code.co_name  # the test that called (its name in results.xml)
    vec = r500us.Vector.read(os.path.join(ROOT, "vectors", "smoke", name + ".vec"))
    bench = UsBench(dut)
    await bench.start()
    shader = await bench.load(vec)
    try:
        res = await bench.run_quads(shader, random_quads(vec, QUADS, seed), flip_bits=FLIP)
    except AssertionError as e:  # a mismatch: its message into the figures too (results.xml keeps only the seed)
        figure(test=test, vector=name, error=str(e))
        raise
    dut._log.info("%s: %d quads, %d records equal, %d cycles", name, res.quads, res.records, res.cycles)
    figure(test=test, vector=name, quads=res.quads, records=res.records, cycles=res.cycles)


def figure(**kw) -> None:
    """One line of figures for run.py (R500US_COCOTB_FIGURES), when it asked for them."""
    path = os.environ.get("R500US_COCOTB_FIGURES")
    if path:
        with open(path, "a") as f:
            f.write(json.dumps(kw) + "\n")


@cocotb.test()
async def alu_special_values(dut):
    """ALU ops on special values (NaN, infinities, denormals, signed zeros): special-5004, 118 instructions."""
    await check_vector(dut, "special-5004", 1)


@cocotb.test()
async def textures(dut):
    """TEX lookups on textures loaded through the texture port, projection, the semaphore: tex-3003."""
    await check_vector(dut, "tex-3003", 2)


@cocotb.test()
async def nested_loops(dut):
    """Mesa's nested loops through the FC unit: loop stack, aL, breaks, predicates: mesa-nested_loops-pe-v0."""
    await check_vector(dut, "mesa-nested_loops-pe-v0", 3)


@cocotb.test()
async def hazards(dut):
    """Back-to-back dependent instructions, pre-subtract, NOP bits: hazard-4001."""
    await check_vector(dut, "hazard-4001", 4)


@cocotb.test()
async def flow_control(dut):
    """Random flow control, 901 instructions a quad: jumps, calls and returns, loops, the counters: fc-2001."""
    await check_vector(dut, "fc-2001", 5)


@cocotb.test()
async def deep_nesting(dut):
    """Flow control nested to the loop stack's depth, ALU work and special values at every depth: deep-8001."""
    await check_vector(dut, "deep-8001", 6)


@cocotb.test()
async def helper_pixels(dut):
    """Quads with uncovered (helper) pixels: uncovered-6001."""
    await check_vector(dut, "uncovered-6001", 7)


@cocotb.test()
async def relocated_code(dut):
    """A program loaded at slot 300, run through US_CODE_OFFSET 300 and START_ADDR 2: directed-relocated."""
    await check_vector(dut, "directed-relocated", 8)
