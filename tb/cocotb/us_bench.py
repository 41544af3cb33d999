"""The cocotb bench of us_core, with the r500us golden model as its scoreboard (tb/cocotb/README.md).

It drives us_core as the lockstep harness does (tb/cosim/cosim_run.cpp): a vector's register writes through the load
port (reg_we_i, reg_addr_i, reg_wdata_i; reg_bad_o must stay low), its textures through the texture port, then per
quad: clear the context, write its input temporaries (one address, four pixels a cycle), launch it. The model runs
the same quad on the same context (r500us.Shader.run(inputs, covered=, ctx=)), and every record on the retire port
is compared, field by field, with the model's next record of that context (tb/cosim/rtl_record.cpp's rules: a
write slot's values count only where both masks have the channel, its address only where both wrote something).

Timing: every input is set, and every output read, at a falling edge of clk_i. The retire port and reg_bad_o are
then settled (the retire port is a register; reg_bad_o decodes the write still standing on the port), and what is
set takes effect at the next rising edge.

    bench = UsBench(dut)
    await bench.start()                                   # clock, reset, the memories' sweep
    shader = await bench.load(vec)                        # an r500us.Vector: writes, textures, watchdog
    result = await bench.run_quads(shader, random_quads(vec, 8, seed=1))
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from typing import Optional, Sequence

import numpy as np

import cocotb
from cocotb.clock import Clock
from cocotb.queue import Queue
from cocotb.triggers import FallingEdge
from cocotb.utils import get_sim_time

import r500us

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHANNELS = "rgba"


class LoadError(AssertionError):
    """A register write the load port flags as no register of its own (reg_bad_o)."""


class RecordMismatch(AssertionError):
    """A retire record of the RTL that differs from the model's, or one the model did not retire. The message
    names the context, the quad, the record (its index in the quad and seq, pc) and every field that differs."""


class Hang(AssertionError):
    """No record retired for idle_limit cycles while a launched quad was running."""


# --- the retire port as a record of r500us.RETIRE_DTYPE -------------------------------------------------------

def _packed_structs(path: str) -> dict[str, list[tuple[str, int]]]:
    """spec/state.txt's packed structs: name -> [(member, width)], first member in the top bits (the loop frame
    of retire_loop_top_o). The same table scripts/generate/gen_state.py makes us_state_pack.h from."""
    structs: dict[str, list[tuple[str, int]]] = {}
    current: Optional[list[tuple[str, int]]] = None
    with open(path) as f:
        for line in f:
            words = line.split("#", 1)[0].split()
            if not words:
                continue
            if words[0] in ("struct", "record", "const", "param", "error"):
                current = None
                if words[0] == "struct" and "packed" in words[2:]:
                    current = structs.setdefault(words[1], [])
            elif words[0] == "field" and current is not None:
                current.append((words[1], int(words[3])))
    return structs


def _record_types(path: str) -> dict[str, str]:
    """spec/state.txt's `record retire` fields: name -> C type (a struct name for a struct field)."""
    types: dict[str, str] = {}
    inside = False
    with open(path) as f:
        for line in f:
            words = line.split("#", 1)[0].split()
            if not words:
                continue
            if words[0] in ("struct", "record", "const", "param", "error"):
                inside = words[0] == "record" and words[1] == "retire"
            elif words[0] == "field" and inside:
                types[words[1]] = re.sub(r"\[.*", "", words[2])
    return types


class RetirePort:
    """Reads us_core's retire port (rtl/generated/us_retire_ports.svh: retire_<field>_o, a struct field one port per
    member) into one row of r500us.RETIRE_DTYPE, as us_retire_unpack does for the C++ harness: element i of a packed
    array of width w at bits [i*w +: w], in the C array's order. Widths come from the ports themselves (NumCtx and the
    depths may differ between builds); the loop frame's layout from spec/state.txt."""

    def __init__(self, dut) -> None:
        spec = os.path.join(ROOT, "spec", "state.txt")
        packed = _packed_structs(spec)
        types = _record_types(spec)
        self.valid = dut.retire_valid_o
        # (field, member or None, handle, element count, element width, packed layout or None)
        self.plan: list[tuple[str, Optional[str], object, int, int, Optional[list[tuple[str, int]]]]] = []
        dt = r500us.RETIRE_DTYPE
        for name in dt.names:
            ftype = dt.fields[name][0]
            base, shape = (ftype.subdtype if ftype.subdtype else (ftype, ()))
            n = int(np.prod(shape)) if shape else 1
            if base.names is None:
                self._add(dut, name, None, f"retire_{name}_o", n, None)
            elif types.get(name) in packed:
                self._add(dut, name, None, f"retire_{name}_o", n, packed[types[name]])
            else:
                for member in base.names:
                    mshape = base.fields[member][0].shape
                    self._add(dut, name, member, f"retire_{name}_{member}_o", n * int(np.prod(mshape or (1,))),
                              None)

    def _add(self, dut, name: str, member: Optional[str], port: str, n: int,
             layout: Optional[list[tuple[str, int]]]) -> None:
        try:
            h = getattr(dut, port)
        except AttributeError:
            raise AttributeError(f"us_core has no port {port} for the model's record field {name} "
                                 "(spec/state.txt and r500us.RETIRE_DTYPE out of step?)") from None
        bits = len(h)
        if layout is not None and bits != sum(w for _, w in layout):
            raise AssertionError(f"{port}: {bits} bits, spec/state.txt's frame has {sum(w for _, w in layout)}")
        if bits % n:
            raise AssertionError(f"{port}: {bits} bits do not split into {n} elements")
        self.plan.append((name, member, h, n, bits // n, layout))

    def is_valid(self) -> bool:
        return bool(self.valid.value.integer)

    def read(self) -> np.ndarray:
        """The record on the port now, as a 0-d RETIRE_DTYPE array."""
        row = np.zeros((), r500us.RETIRE_DTYPE)
        for name, member, h, n, w, layout in self.plan:
            v = h.value.integer
            if layout is not None:  # a packed struct: first member in the top bits
                at = sum(wd for _, wd in layout)
                for m, wd in layout:
                    at -= wd
                    row[name][m] = (v >> at) & ((1 << wd) - 1)
                continue
            mask = (1 << w) - 1
            elems = [(v >> (i * w)) & mask for i in range(n)]
            if n == 1 and member is None:
                row[name] = elems[0]
            else:
                target = row[name] if member is None else row[name][member]  # a view into row
                target[...] = np.array(elems, dtype=np.uint64).reshape(target.shape)
        return row


def canonical(row: np.ndarray) -> np.ndarray:
    """A record with the conventions both sides may fill differently made zero, as the C++ harness's canonical():
    the ALU result's value outside its mask, W and predicate values not written, a write slot's address where it
    wrote nothing. The comparison ignores all of these; this makes equal records equal as arrays."""
    r = np.array(row, dtype=r500us.RETIRE_DTYPE).reshape(())  # a copy, as a 0-d array
    r["result_val"] &= r["result_mask"]
    for p in range(4):
        if not (int(r["w_mask"]) >> p) & 1:
            r["w_val"][p] = 0
        if not r["pred_mask"][p]:
            r["pred_val"][p] = 0
    for kind in ("temp", "out"):
        for s in range(2):
            if not r[kind]["mask"][s].any():
                r[kind]["addr"][s] = 0
    return r


@dataclass
class FieldDiff:
    """One field that differs: its name ("pc", "temp[0].val", "loop_top.al"), pixel and channel where it has
    them, the model's and the RTL's values."""
    name: str
    pixel: Optional[int]
    channel: Optional[int]
    model: int
    rtl: int

    def __str__(self) -> str:
        where = ""
        if self.pixel is not None:
            where += f" pixel {self.pixel}"
        if self.channel is not None:
            where += f" {CHANNELS[self.channel]}" if self.name.endswith(".val") else f" word {self.channel}"
        return f"{self.name}{where}: model 0x{self.model:x}, RTL 0x{self.rtl:x}"


def compare_records(g: np.ndarray, r: np.ndarray) -> list[FieldDiff]:
    """The fields of the model's record g and the RTL's record r that differ (tb/cosim/rtl_record.cpp's rules)."""
    d: list[FieldDiff] = []

    def at(name: str, p: Optional[int], c: Optional[int], a, b) -> None:
        if int(a) != int(b):
            d.append(FieldDiff(name, p, c, int(a), int(b)))

    for name in ("ctx", "seq", "pc"):
        at(name, None, None, g[name], r[name])
    for w in range(6):
        at("inst", None, w, g["inst"][w], r["inst"][w])
    for name in ("next_pc", "jumped", "running_before", "running_after", "killed_after", "inactive_after"):
        at(name, None, None, g[name], r[name])
    for kind in ("temp", "out"):
        for s in range(2):
            gw, rw = g[kind][s], r[kind][s]
            for p in range(4):
                at(f"{kind}[{s}].mask", p, None, gw["mask"][p], rw["mask"][p])
                both = int(gw["mask"][p]) & int(rw["mask"][p])
                for c in range(4):
                    if (both >> c) & 1:
                        at(f"{kind}[{s}].val", p, c, gw["val"][p][c], rw["val"][p][c])
            if gw["mask"].any() and rw["mask"].any():
                at(f"{kind}[{s}].addr", None, None, gw["addr"], rw["addr"])
    at("w_mask", None, None, g["w_mask"], r["w_mask"])
    for p in range(4):
        if ((int(g["w_mask"]) & int(r["w_mask"])) >> p) & 1:
            at("w_val", p, None, g["w_val"][p], r["w_val"][p])
        at("pred_mask", p, None, g["pred_mask"][p], r["pred_mask"][p])
        if g["pred_mask"][p] and r["pred_mask"][p]:
            at("pred_val", p, None, g["pred_val"][p], r["pred_val"][p])
        at("counter_after", p, None, g["counter_after"][p], r["counter_after"][p])
    at("result_mask", None, None, g["result_mask"], r["result_mask"])
    at("result_val", None, None, int(g["result_val"]) & int(g["result_mask"]),
       int(r["result_val"]) & int(r["result_mask"]))
    at("loop_sp", None, None, g["loop_sp"], r["loop_sp"])
    for m in r500us.RETIRE_DTYPE["loop_top"].names:
        at(f"loop_top.{m}", None, None, g["loop_top"][m], r["loop_top"][m])
    for name in ("addr_sp", "addr_top", "errors", "done"):
        at(name, None, None, g[name], r[name])
    return d


# --- quads ----------------------------------------------------------------------------------------------------

@dataclass
class Quad:
    """One quad to run: its input temporaries (pixel, address, channel), (4, N, 4) for t0..tN-1 as float32 values
    or uint32 bit patterns (held as (4, 128, 4) uint32 bits, the rest zero), and the pixels present."""
    temp: np.ndarray
    covered: int = 0xF

    def __post_init__(self) -> None:
        a = np.asarray(self.temp)
        if a.dtype == np.float32:
            a = a.view(np.uint32)
        elif a.dtype != np.uint32:
            raise TypeError(f"Quad.temp: float32 values or uint32 bits, not {a.dtype}")
        if a.ndim != 3 or a.shape[0] != 4 or a.shape[2] != 4 or a.shape[1] > 128:
            raise ValueError(f"Quad.temp: shape (4, N, 4) with N <= 128, not {a.shape}")
        self.temp = np.zeros((4, 128, 4), np.uint32)
        self.temp[:, :a.shape[1]] = a
        if not 0 <= self.covered <= 15:
            raise ValueError("Quad.covered: a pixel mask 0..15")


def random_quads(vec: r500us.Vector, n: int, seed: int) -> list[Quad]:
    """n quads for vec, as uscosim makes them: quad 0 the vector's own inputs, the others random floats in
    t0..t15 (the rest as the vector's) and a random covered mask (all four pixels half the time)."""
    quads = [Quad(np.array(vec.temp, np.uint32), int(vec.covered))]
    rng = np.random.default_rng(seed)
    for _ in range(1, n):
        temp = np.array(vec.temp, np.uint32)
        temp[:, :16, :] = rng.uniform(-4.0, 4.0, size=(4, 16, 4)).astype(np.float32).view(np.uint32)
        covered = 0xF if rng.integers(2) else int(rng.integers(16))
        quads.append(Quad(temp, covered))
    return quads


@dataclass
class Result:
    """What a run_quads compared: quads run to their end, records compared (every one equal), cycles taken, and
    each quad's model run (r500us.Run: final state, records) in launch order."""
    quads: int = 0
    records: int = 0
    cycles: int = 0
    runs: list = field(default_factory=list)


# --- the bench ------------------------------------------------------------------------------------------------

class UsBench:
    """us_core driven from Python; see the module's docstring. dut: cocotb's handle of us_core."""

    def __init__(self, dut, period_ns: int = 10) -> None:
        self.dut = dut
        self.period_ns = period_ns
        self.nctx = len(dut.ctx_running_o)
        self.port = RetirePort(dut)
        self._clock = None

    @property
    def cycle(self) -> int:
        """Clocks since the simulation began."""
        return int(get_sim_time("ns")) // self.period_ns

    async def tick(self, n: int = 1) -> None:
        """n clocks: returns at a falling edge, where inputs are set and outputs read."""
        for _ in range(n):
            await FallingEdge(self.dut.clk_i)

    async def start(self) -> None:
        """Starts the clock, drives every input idle, resets the core and waits for its memories (mem_ready_o)."""
        d = self.dut
        for name in ("reg_we_i", "reg_addr_i", "reg_wdata_i", "tex_we_i", "tex_waddr_i", "tex_wdata_i",
                     "tex_dim_we_i", "tex_dim_id_i", "tex_width_i", "tex_height_i", "watchdog_i", "clear_i",
                     "clear_ctx_i", "tin_we_i", "tin_ctx_i", "tin_addr_i", "tin_data_i", "launch_i", "launch_ctx_i",
                     "launch_covered_i"):
            getattr(d, name).value = 0
        d.rst_ni.value = 0
        d.clk_i.value = 0
        if self._clock is None:
            self._clock = cocotb.start_soon(Clock(d.clk_i, self.period_ns, units="ns").start())
        await self.tick(2)
        d.rst_ni.value = 1
        await self.tick()
        for _ in range(1024):  # the FPGA configuration zeroes its memories after reset (512 clocks)
            if d.mem_ready_o.value.integer:
                return
            await self.tick()
        raise AssertionError("mem_ready_o did not rise within 1024 cycles of reset")

    async def write_reg(self, addr: int, value: int, where: str = "") -> None:
        """One write through the load port; LoadError when the port flags it as no register (reg_bad_o)."""
        d = self.dut
        d.reg_we_i.value = 1
        d.reg_addr_i.value = addr & 0xFFFF
        d.reg_wdata_i.value = value & 0xFFFFFFFF
        await self.tick()
        bad = d.reg_bad_o.value.integer  # the port's decode of the write still standing
        d.reg_we_i.value = 0
        if bad:
            raise LoadError(f"{where}write 0x{addr:04x} = 0x{value:08x}: the load port flags it as no register "
                            "(reg_bad_o)")

    async def load_textures(self, textures: dict) -> None:
        """Every texture's size (absent ones 0 x 0) and texels through the texture port (us_tex_mem)."""
        d = self.dut
        for tid in range(16):
            tex = textures.get(tid)
            texels = np.asarray(tex.texels, np.uint32) if tex is not None else np.zeros((0, 0, 4), np.uint32)
            h, w = texels.shape[:2]
            d.tex_dim_we_i.value = 1
            d.tex_dim_id_i.value = tid
            d.tex_width_i.value = w
            d.tex_height_i.value = h
            await self.tick()
            d.tex_dim_we_i.value = 0
            for y in range(h):
                for x in range(w):
                    d.tex_we_i.value = 1
                    d.tex_waddr_i.value = tid << 8 | y << 4 | x
                    d.tex_wdata_i.value = sum(int(texels[y, x, c]) << (32 * c) for c in range(4))
                    await self.tick()
            d.tex_we_i.value = 0

    async def load(self, vec: r500us.Vector) -> r500us.Shader:
        """Loads a vector into the core (its writes in order, its textures, its watchdog) and returns the model's
        shader loaded by the same writes (r500us.Shader.from_vector)."""
        p, dflt = vec.params, r500us.Params()
        if (p.loop_depth, p.addr_depth, p.counter_bits) != (dflt.loop_depth, dflt.addr_depth, dflt.counter_bits):
            raise ValueError(f"{vec.name}: the vector needs loop_depth {p.loop_depth}, addr_depth {p.addr_depth}, "
                             f"counter_bits {p.counter_bits}; this build has the defaults")
        self.dut.watchdog_i.value = p.watchdog
        for i, (addr, value) in enumerate(np.asarray(vec.writes, np.uint32).tolist()):
            await self.write_reg(addr, value, f"{vec.name or 'vector'}: setup write {i + 1}: ")
        await self.load_textures(vec.textures)
        return r500us.Shader.from_vector(vec)

    async def load_inputs(self, ctx: int, quad: Quad) -> None:
        """Clears a context and writes its input temporaries: every address with a nonzero value, four pixels a
        cycle (the temporaries' input port; the other contexts run on meanwhile)."""
        d = self.dut
        d.clear_i.value = 1
        d.clear_ctx_i.value = ctx
        await self.tick()
        d.clear_i.value = 0
        temp = quad.temp
        for a in np.nonzero(temp.any(axis=(0, 2)))[0].tolist():
            d.tin_we_i.value = 1
            d.tin_ctx_i.value = ctx
            d.tin_addr_i.value = a
            d.tin_data_i.value = sum(int(temp[p, a, c]) << (32 * (p * 4 + c)) for p in range(4) for c in range(4))
            await self.tick()
        d.tin_we_i.value = 0

    async def launch(self, ctx: int, covered: int) -> None:
        d = self.dut
        d.launch_i.value = 1
        d.launch_ctx_i.value = ctx
        d.launch_covered_i.value = covered
        await self.tick()
        d.launch_i.value = 0

    def flip_next_red_write(self, bits: int) -> None:
        """The harness's fault hook (US_FAULT_INJECT builds): flips these bits of the RTL's next temporary write
        of pixel 0 red (us_wb_stage.dbg_flip_q), as uscosim --inject-flip does."""
        self.dut.u_wb_stage.dbg_flip_q.value = bits

    async def run_quads(self, shader: r500us.Shader, quads: Sequence[Quad], *, idle_limit: int = 1000,
                        flip_bits: int = 0) -> Result:
        """Runs quads on the core, one per context at a time (the first NumCtx loaded, then launched in
        consecutive cycles; each later one as a context ends), each also on the model, and compares every retire
        record. Raises RecordMismatch (or Hang) at the first difference; returns the figures when all match.
        flip_bits: the fault hook set right after the first launches (0: none)."""
        res = Result()
        expected: list[Optional[tuple[int, np.ndarray]]] = [None] * self.nctx  # (quad index, records left)
        seen = [0] * self.nctx
        running = [0]  # quads launched and not ended
        events: Queue = Queue()
        start = self.cycle

        def model(ctx: int, index: int) -> None:
            q = quads[index]
            run = shader.run(q.temp, covered=q.covered, ctx=ctx)
            if run.records_dropped:
                raise ValueError(f"quad {index}: more than {len(run.record_array)} records")
            res.runs.append(run)
            expected[ctx] = (index, run.record_array)
            seen[ctx] = 0

        async def monitor() -> None:
            idle = 0
            while True:
                await FallingEdge(self.dut.clk_i)
                if not self.port.is_valid():
                    idle = idle + 1 if running[0] else 0  # counted only while a launched quad runs
                    if idle > idle_limit:
                        events.put_nowait(Hang(f"no instruction retired for {idle_limit} cycles (cycle "
                                               f"{self.cycle - start})"))
                        return
                    continue
                idle = 0
                got = canonical(self.port.read())
                ctx = int(got["ctx"])
                if ctx >= self.nctx or expected[ctx] is None or seen[ctx] >= len(expected[ctx][1]):
                    events.put_nowait(RecordMismatch(
                        f"context {ctx}: a record the model did not retire (no quad of the model runs there):\n"
                        f"  RTL:   {r500us.format_records(got.reshape(1))[0]}"))
                    return
                index, recs = expected[ctx]
                want = canonical(recs[seen[ctx]])
                diffs = compare_records(want, got)
                if diffs:
                    lines = [f"context {ctx}, quad {index}, record {seen[ctx]} (seq {int(want['seq'])}, pc "
                             f"{int(want['pc'])}), cycle {self.cycle - start}: "
                             f"{'1 field differs' if len(diffs) == 1 else f'{len(diffs)} fields differ'}:"]
                    lines += [f"  {x}" for x in diffs[:12]]
                    if len(diffs) > 12:
                        lines.append(f"  ... and {len(diffs) - 12} more")
                    lines.append(f"  model: {r500us.format_records(want.reshape(1))[0]}")
                    lines.append(f"  RTL:   {r500us.format_records(got.reshape(1))[0]}")
                    events.put_nowait(RecordMismatch("\n".join(lines)))
                    return
                seen[ctx] += 1
                res.records += 1
                if bool(got["done"]):
                    expected[ctx] = None
                    running[0] -= 1
                    events.put_nowait(ctx)

        task = cocotb.start_soon(monitor())
        try:
            launched = 0
            wave = min(self.nctx, len(quads))
            for ctx in range(wave):
                model(ctx, launched)
                await self.load_inputs(ctx, quads[launched])
                launched += 1
            for ctx in range(wave):
                running[0] += 1
                await self.launch(ctx, quads[ctx].covered)
            if flip_bits:
                self.flip_next_red_write(flip_bits)
            while res.quads < len(quads):
                ev = await events.get()
                if isinstance(ev, Exception):
                    raise ev
                res.quads += 1
                if launched < len(quads):
                    model(ev, launched)
                    await self.load_inputs(ev, quads[launched])
                    running[0] += 1
                    await self.launch(ev, quads[launched].covered)
                    launched += 1
        finally:
            task.kill()
        res.cycles = self.cycle - start
        return res
