#!/bin/sh
# Paths of 200,000 segments on the CPU evaluator: the wall time of `weft render` (process start, reading the scene,
# flattening, stroking, exact-area coverage, the render and the PNG) for three scenes, each run RUNS times
# (the median printed, with the slowest). Usage, from the package root:
#     Benchmarks/long-path.sh [WEFT] [RUNS] [SEGMENTS]
#     (defaults: .build/release/weft, 3, 200000)
# The scenes (wave-fill, chart-stroke, noise-stroke) are those of Benchmarks/long-path-scenes.sh.
set -eu
weft=${1:-.build/release/weft}
runs=${2:-3}
segments=${3:-200000}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

Benchmarks/long-path-scenes.sh "$out" "$segments"

now() { date +%s.%N; }
median() { sort -n | awk '{ v[NR] = $1 } END { printf "median %.2f s, slowest %.2f s", (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2, v[NR] }'; }
echo "weft render --device cpu, $segments segments, $runs runs each, on $(nproc) cores; load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for name in wave-fill chart-stroke noise-stroke; do
    : > "$out/$name.times"
    i=0
    while [ "$i" -lt "$runs" ]; do
        start=$(now)
        "$weft" render "$out/$name.json" --device cpu -o "$out/$name.png" > "$out/$name.log" 2>&1 || { echo "$name: $(tail -n 1 "$out/$name.log")"; break; }
        echo "$(now) - $start" | bc >> "$out/$name.times"
        i=$((i + 1))
    done
    [ -s "$out/$name.times" ] && echo "$name ($(wc -c < "$out/$name.json") bytes): $(median < "$out/$name.times")"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
