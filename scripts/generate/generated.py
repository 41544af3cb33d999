"""Generated files, written or checked: the one rule of every generator (gen_isa.py, gen_state.py,
gen_fp_tables.py). Generated files are committed; --check fails when one differs from what would be written."""
import os
import sys


def write_or_check(outputs, root, check_only, how_to_fix="run `make gen`"):
    """outputs: path -> text. Writes the files that differ, or with check_only names them. Returns the exit status:
    0 when every file is as generated (or was written), 1 when --check found stale files."""
    stale = []
    for path, text in outputs.items():
        old = open(path).read() if os.path.exists(path) else None
        if old == text:
            continue
        if check_only:
            stale.append(os.path.relpath(path, root))
        else:
            with open(path, "w", newline="\n") as fh:
                fh.write(text)
            print(f"wrote {os.path.relpath(path, root)}")
    if stale:
        print(f"stale generated files ({how_to_fix}): " + ", ".join(stale), file=sys.stderr)
        return 1
    return 0
