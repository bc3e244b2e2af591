#!/usr/bin/env bash
# Counts how many LLVM JIT engines lavapipe creates during a soak of N renders at one fixed size:
# the evidence behind docs/reliability.md's lavapipe finding. Needs gdb.
#   WEFT=.build/debug/weft Benchmarks/lavapipe-jit-count.sh [RENDERS] [EFFECT]
set -euo pipefail
WEFT=${WEFT:-.build/debug/weft}
RENDERS=${1:-60}
EFFECT=${2:-grayscale}
commands=$(mktemp)
trap 'rm -f "$commands"' EXIT
cat > "$commands" <<'GDB'
set pagination off
set breakpoint pending on
break llvm::EngineBuilder::create
commands
silent
set $engines = $engines + 1
continue
end
set $engines = 0
run
printf "LLVM JIT engines created: %d\n", $engines
quit
GDB
gdb -q -batch -x "$commands" --args "$WEFT" bench --soak --renders "$RENDERS" --sample-every "$RENDERS" \
    --warm-up-renders 1 --size 64x64 --effect "$EFFECT" --device llvmpipe 2>&1 |
    grep -E "renders in|LLVM JIT engines"
