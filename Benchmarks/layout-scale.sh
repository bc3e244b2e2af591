#!/bin/sh
# Planning at real scale (docs/benchmarks.md, "Layout at real scale"): writes the scenes of Benchmarks/layout-scenes.py
# (stacks nested 8 to 120 deep, a 1,000-view screen) and renders frames 0..FRAMES-1 of each with every given weft
# binary in turn, printing the per-frame planning line of --stats (mean of the frames after the first: layout,
# lowering, rewrites, rebinding). The scenes are still, so those frames are planned warm.
# Usage, from the package root:
#     Benchmarks/layout-scale.sh [FRAMES] WEFT...     (e.g. 6 .build/release/weft /tmp/main-weft)
set -eu
frames=$1
shift
scenes=$(mktemp -d)
trap 'rm -rf "$scenes"' EXIT
python3 Benchmarks/layout-scenes.py "$scenes"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for scene in nested-8 nested-12 nested-16 nested-32 nested-64 nested-120 screen-1000; do
    for weft in "$@"; do
        line=$(timeout 600 "$weft" render "$scenes/$scene.json" --frames "0..$((frames - 1))" --device cpu --stats -o /dev/null 2>&1 |
            grep '^  planning' || echo "  planning (did not finish in 600 s)")
        echo "$scene $weft:$line"
    done
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
