#!/bin/sh
# Covering paths by exact area (docs/paths.md) on the CPU evaluator, with each given weft binary in turn, RUNS rounds
# (the binaries alternate within each round, so a busy machine weighs on all of them alike):
#   screen-1000  the first frame of the 1,000-view screen of Benchmarks/layout-scenes.py (1,000 symbols and 1,000
#                rounded rectangles, all covered: nothing is cached yet): the first frame's planning from --stats, and
#                the CPU time (user + system) of the whole `weft render` (process start, reading the scene, planning,
#                the frame);
#   wave-fill    a closed outline of SEGMENTS line segments (Benchmarks/long-path-scenes.sh), filled: the wall and CPU
#                time of `weft render`, most of it flattening and covering the one path.
# On a machine shared with other work, wall times and --stats' planning (a wall time) grow with the load; the CPU
# times much less. Needs GNU time (/usr/bin/time, Debian package `time`).
# Prints each measurement as it is taken, then per binary the median and the slowest of each.
# Usage, from the package root:
#     Benchmarks/path-coverage.sh RUNS WEFT...     (e.g. 5 /tmp/main-weft .build/release/weft)
#     SEGMENTS (default 200000) sets the long path's segments.
set -eu
runs=$1
shift
segments=${SEGMENTS:-200000}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
python3 Benchmarks/layout-scenes.py "$out" > /dev/null
Benchmarks/long-path-scenes.sh "$out" "$segments"

# Runs a command, leaving "WALL_MS CPU_MS" in $out/time.
timed() { /usr/bin/time -f "%e %U %S" -o "$out/time.raw" "$@" && awk '{ printf "%.0f %.0f\n", $1 * 1000, ($2 + $3) * 1000 }' "$out/time.raw" > "$out/time"; }
summary() { sort -n | awk '{ v[NR] = $1 } END { if (NR == 0) { printf "no runs"; exit } printf "median %d ms, slowest %d ms (%d runs)", (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2, v[NR], NR }'; }

echo "weft render --device cpu, $runs rounds, on $(nproc) cores; load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
round=1
while [ "$round" -le "$runs" ]; do
    index=0
    for weft in "$@"; do
        index=$((index + 1))
        timed "$weft" render "$out/screen-1000.json" --frames 0..0 --device cpu --stats -o /dev/null > "$out/screen.log" 2>&1 ||
            { echo "$weft screen-1000: $(tail -n 1 "$out/screen.log")"; exit 1; }
        cpu=$(cut -d' ' -f2 "$out/time")
        planning=$(sed -n 's/^first frame.*: planning \([0-9.]*\) ms.*/\1/p' "$out/screen.log" | awk '{ printf "%.0f", $1 }')
        echo "$cpu" >> "$out/$index.screen-cpu"
        echo "$planning" >> "$out/$index.screen-planning"
        timed "$weft" render "$out/wave-fill.json" --device cpu -o "$out/wave.png" > "$out/wave.log" 2>&1 ||
            { echo "$weft wave-fill: $(tail -n 1 "$out/wave.log")"; exit 1; }
        read -r wave wavecpu < "$out/time"
        echo "$wave" >> "$out/$index.wave"
        echo "$wavecpu" >> "$out/$index.wave-cpu"
        echo "round $round, $weft: screen-1000 first frame planning $planning ms, CPU $cpu ms; wave-fill ($segments segments) wall $wave ms, CPU $wavecpu ms; load $(cut -d' ' -f1 /proc/loadavg)"
    done
    round=$((round + 1))
done
index=0
for weft in "$@"; do
    index=$((index + 1))
    echo "$weft:"
    echo "  screen-1000 first frame planning: $(summary < "$out/$index.screen-planning")"
    echo "  screen-1000 render CPU:           $(summary < "$out/$index.screen-cpu")"
    echo "  wave-fill render wall:            $(summary < "$out/$index.wave")"
    echo "  wave-fill render CPU:             $(summary < "$out/$index.wave-cpu")"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
