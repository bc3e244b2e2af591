#!/bin/sh
# Writes the long-path scenes into OUT (OUT/NAME.json), 1600×800 points at scale 1, each one path of SEGMENTS line
# segments (default 200000):
#   wave-fill    a closed outline around a circle whose radius waves 40 times, filled;
#   chart-stroke an open line chart across the width, two sines, stroked 2 points wide;
#   noise-stroke a line chart of seeded noise (its segments cross each other), stroked 1 point wide;
#   ring-stroke  a closed circle of radius 40 around (50, 50), points to a millionth, stroked 6 points wide (its
#                segments, a thousandth of a point long, turn by their points' rounding to Float at every vertex);
#   ring-coarse-stroke the same circle around (800, 400) on the 1600×800 canvas, points to a thousandth, stroked 6
#                points wide (rounded that coarsely its segments turn too much to be merged: the outline crosses itself
#                at every vertex).
# Usage: Benchmarks/long-path-scenes.sh OUT [SEGMENTS]
set -eu
out=$1
segments=${2:-200000}
mkdir -p "$out"

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
awk -v n="$segments" 'BEGIN {
    printf "{\"size\": [100, 100], \"background\": \"#000000\", \"root\": {\"path\": {\"d\": \""
    for (i = 0; i < n; i++) { t = 6.283185307179586 * i / n; printf "%s%.6f %.6f", (i == 0 ? "M" : " L"), 50 + 40 * cos(t), 50 + 40 * sin(t) }
    printf " Z\"}, \"modifiers\": [{\"stroke\": {\"color\": \"#ffffff\", \"lineWidth\": 6}}]}}\n"
}' > "$out/ring-stroke.json"
awk -v n="$segments" 'BEGIN {
    printf "{\"size\": [1600, 800], \"background\": \"#000000\", \"root\": {\"path\": {\"d\": \""
    for (i = 0; i < n; i++) { t = 6.283185307179586 * i / n; printf "%s%.3f %.3f", (i == 0 ? "M" : " L"), 800 + 40 * cos(t), 400 + 40 * sin(t) }
    printf " Z\"}, \"modifiers\": [{\"stroke\": {\"color\": \"#ffffff\", \"lineWidth\": 6}}]}}\n"
}' > "$out/ring-coarse-stroke.json"
