#!/usr/bin/env bash
# Counts the LLVM JIT engines lavapipe creates (one per shader it compiles) during soaks of N and 2N renders at one
# fixed size, and from their difference the compiles per render once everything is warm: the evidence behind
# docs/reliability.md's lavapipe finding. 0 after warm-up means no dispatch compiles a shader variant. Needs gdb.
#   WEFT=.build/debug/weft Benchmarks/lavapipe-jit-count.sh [RENDERS] [EFFECT]
set -euo pipefail
WEFT=${WEFT:-.build/debug/weft}
RENDERS=${1:-40}
EFFECT=${2:-linearGradient}
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
engines() {
    gdb -q -batch -x "$commands" --args "$WEFT" bench --soak --renders "$1" --sample-every "$1" \
        --warm-up-renders 1 --size 64x64 --effect "$EFFECT" --device llvmpipe 2>&1 |
        sed -n 's/^LLVM JIT engines created: \([0-9]*\)$/\1/p'
}
first=$(engines "$RENDERS")
second=$(engines $((2 * RENDERS)))
echo "$EFFECT at 64x64: $first LLVM JIT engines in $RENDERS renders, $second in $((2 * RENDERS))"
awk -v a="$first" -v b="$second" -v n="$RENDERS" \
    'BEGIN { printf "after warm-up: %.2f LLVM compiles per render\n", (b - a) / n }'
