#!/bin/sh
# Planning time of the seeds' SwiftUI examples (examples/swiftui) from their Swift source and from the scene files
# that compose the same views, side by side in one run: each example's frames planned in order through one plan
# reuse, as a sequence plans them, the median of the repetitions (examples/swiftui/PlanningBenchmark.swift says
# exactly what is timed). Prints the load average beside the numbers.
# Usage, from the package root:
#     Benchmarks/swiftui-planning.sh [PROGRAM] [FRAMES] [REPETITIONS]
#     (defaults: .build/release/weft-swiftui-examples, 120, 5)
set -eu
program=${1:-.build/release/weft-swiftui-examples}
frames=${2:-120}
repetitions=${3:-5}
echo "$program on the CPU evaluator's planner ($(nproc) cores), $frames frames at 30 fps, median of $repetitions"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
"$program" --device cpu --planning --frame-count "$frames" --repetitions "$repetitions"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
