"""r500us: the bit-exact golden model of the ATI/AMD R500 pixel shader (US) from Python.

The model is this project's C library (model/isa, model/golden, model/gen), compiled by `pip install .` and
called through cffi: the same functions usasm, usdis and usim call. python/README.md and docs/python.md describe it.

    import numpy as np, r500us
    prog = r500us.assemble(open("prog.s").read(), "prog.s").program       # or r500us.read_program("x.fs.txt")
    run = r500us.run(prog, inputs=np.ones((4, 1, 4), np.float32))          # one quad: pixels 0-3, temporary t0
    run.state.out_f32[0]                                                    # render target 0, (pixel, channel)
    run.records[0].temp[0].values                                          # the first retire record's writes
    vec = r500us.Vector.read("vectors/smoke/mix-1.vec"); vec.run().verdict.passed
"""
from .errors import AsmError, ProgramError, R500Error, RegisterError, VectorError
from .isa import (Assembly, Diagnostic, Disassembly, IllegalWord, Program, RuleReport, assemble, assemble_file,
                  disassemble, disassemble_inst, parse_hex, read_program)
from .model import (RETIRE_DTYPE, Bounds, Frame, Retire, Run, Shader, StaticCheck, Verdict, Write, format_records,
                    run)
from .vector import Params, State, Texture, Vector, Waiver, parse_vector, read_vector, register_address
from ._c import ERROR_NAMES, REGISTERS, RULE_NAMES

check_rules = Program.check_rules
"""check_rules(program) -> RuleReport: the static silicon-rule check (usasm's warnings)."""

__version__ = "0.1.0"

__all__ = ["AsmError", "ProgramError", "R500Error", "RegisterError", "VectorError", "Assembly", "Diagnostic",
           "Disassembly", "IllegalWord", "Program", "RuleReport", "assemble", "assemble_file", "disassemble",
           "disassemble_inst", "parse_hex", "read_program", "RETIRE_DTYPE", "Bounds", "Frame", "Retire", "Run",
           "Shader", "StaticCheck", "Verdict", "Write", "format_records", "run", "Params", "State", "Texture",
           "Vector", "Waiver", "parse_vector", "read_vector", "register_address", "ERROR_NAMES", "REGISTERS",
           "RULE_NAMES", "check_rules"]
