#!/bin/sh
# Time of one frame of an animated example on the CPU evaluator at 1920×1080 (--scale 6), with the native blur and
# without it (WEFT_CPU_NATIVE_KERNELS=0: the blur's SPIR-V interpreted), side by side in one run. Each line of the
# sequence gives the time to plan, render and read back one frame (PNG writing excluded); the first frame of each run
# (which also translates the kernels) is left out of the median. Prints the load average beside the numbers.
# Usage, from the package root:
#     Benchmarks/cpu-scene-frame.sh [WEFT] [SCENE] [FRAMES]
#     (defaults: .build/release/weft, examples/download-badge.json, 0..12)
set -eu
weft=${1:-.build/release/weft}
scene=${2:-examples/download-badge.json}
frames=${3:-0..12}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
median() {
    grep -o ', [0-9.]* ms$' | tr -d ', ms' | tail -n +2 | sort -n |
        awk '{ v[NR] = $1 } END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "median %.1f ms, min %.1f ms, max %.1f ms over %d frames", m, v[1], v[NR], NR }'
}
run() {
    env "$@" "$weft" render "$scene" --frames "$frames" --fps 30 --scale 6 --device cpu -o "$out/%04d.png" 2>&1 | median
}
echo "$(basename "$scene") at 1920x1080 on the CPU evaluator ($(nproc) cores), frames $frames at 30 fps"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "native blur:       $(run WEFT_CPU_NATIVE_KERNELS=1)"
echo "interpreted blur:  $(run WEFT_CPU_NATIVE_KERNELS=0)"
echo "native blur again: $(run WEFT_CPU_NATIVE_KERNELS=1)"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
