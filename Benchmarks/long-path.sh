#!/bin/sh
# Paths of 200,000 segments on the CPU evaluator: the wall time of `weft render` (process start, reading the scene,
# flattening, stroking, exact-area coverage, the render and the PNG) for three scenes written here, each run RUNS times
# (the median printed, with the slowest). Usage, from the package root:
#     Benchmarks/long-path.sh [WEFT] [RUNS] [SEGMENTS]
#     (defaults: .build/release/weft, 3, 200000)
# The scenes, 1600×800 points at scale 1:
#   wave-fill    a closed outline of SEGMENTS line segments around a circle whose radius waves 40 times, filled;
#   chart-stroke an open line chart of SEGMENTS segments across the width, two sines, stroked 2 points wide;
#   noise-stroke a line chart of SEGMENTS segments of seeded noise (its segments cross each other), stroked 1 point wide.
set -eu
weft=${1:-.build/release/weft}
runs=${2:-3}
segments=${3:-200000}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

scene() { # name, "fill" | line width, awk program printing "x y" per point
    name=$1 style=$2 program=$3
    awk -v n="$segments" "$program" | awk -v style="$style" '
        BEGIN { printf "{\"size\": [1600, 800], \"background\": \"#ffffff\", \"root\": {\"path\": {\"d\": \"" }
        { printf "%s%.3f %.3f", (NR == 1 ? "M" : " L"), $1, $2 }
        END {
            if (style == "fill") printf " Z\"}, \"modifiers\": [{\"fill\": \"#3366cc\"}]}}\n"
            else printf "\"}, \"modifiers\": [{\"stroke\": {\"color\": \"#3366cc\", \"lineWidth\": %s}}]}}\n", style
        }' > "$out/$name.json"
}
scene wave-fill fill 'BEGIN { for (i = 0; i < n; i++) { t = 6.283185307 * i / n; r = 300 + 40 * sin(40 * t); print 800 + r * cos(t), 400 + r * sin(t) } }'
scene chart-stroke 2 'BEGIN { for (i = 0; i <= n; i++) { x = 20 + 1560 * i / n; print x, 400 + 250 * sin(x / 90) + 60 * sin(x / 7) } }'
scene noise-stroke 1 'BEGIN { srand(7); y = 400; for (i = 0; i <= n; i++) { y += (rand() - 0.5) * 6; if (y < 50) y = 50; if (y > 750) y = 750; print 20 + 1560 * i / n, y } }'

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
