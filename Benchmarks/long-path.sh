#!/bin/sh
# Paths of 200,000 segments on the CPU evaluator: the wall and CPU time (user + system) of `weft render` (process start,
# reading the scene, flattening, stroking, area coverage, the render and the PNG) for five scenes, each run
# RUNS times with each given binary, the binaries alternating within each round (so a busy machine weighs on all of
# them alike); the median printed, with the slowest. A render still running after LIMIT seconds (default 120) is stopped
# and reported as such. Needs GNU time (/usr/bin/time, Debian package `time`) and timeout (coreutils).
# Usage, from the package root:
#     [LIMIT=SECONDS] Benchmarks/long-path.sh [WEFT[:WEFT...]] [RUNS] [SEGMENTS]
#     (defaults: .build/release/weft, 3, 200000; e.g. /tmp/main-weft:.build/release/weft 1)
# The scenes (wave-fill, chart-stroke, noise-stroke, ring-stroke, ring-coarse-stroke) are those of Benchmarks/long-path-scenes.sh.
set -eu
wefts=${1:-.build/release/weft}
runs=${2:-3}
segments=${3:-200000}
limit=${LIMIT:-120}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

Benchmarks/long-path-scenes.sh "$out" "$segments"

median() { sort -n | awk '{ v[NR] = $1 } END { printf "median %.2f s, slowest %.2f s", (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2, v[NR] }'; }
echo "weft render --device cpu, $segments segments, $runs rounds, on $(nproc) cores; load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
i=0
while [ "$i" -lt "$runs" ]; do
    index=0
    for weft in $(echo "$wefts" | tr ':' ' '); do
        index=$((index + 1))
        for name in wave-fill chart-stroke noise-stroke ring-stroke ring-coarse-stroke; do
            status=0
            timeout "$limit" /usr/bin/time -f "%e %U %S" -o "$out/time" "$weft" render "$out/$name.json" --device cpu -o "$out/$name.png" > "$out/$name.log" 2>&1 ||
                status=$?
            if [ "$status" -eq 124 ]; then
                echo "round $((i + 1)), $weft, $name: stopped after $limit s"
                echo "$weft" >> "$out/$index.$name.stopped"
                continue
            elif [ "$status" -ne 0 ]; then
                echo "round $((i + 1)), $weft, $name: $(tail -n 1 "$out/$name.log")"
                continue
            fi
            read -r wall user system < "$out/time"
            echo "$wall" >> "$out/$index.$name.wall"
            echo "$user $system" | awk '{ print $1 + $2 }' >> "$out/$index.$name.cpu"
            echo "round $((i + 1)), $weft, $name: wall $wall s, CPU $(tail -n 1 "$out/$index.$name.cpu") s; load $(cut -d' ' -f1 /proc/loadavg)"
        done
    done
    i=$((i + 1))
done
index=0
for weft in $(echo "$wefts" | tr ':' ' '); do
    index=$((index + 1))
    echo "$weft:"
    for name in wave-fill chart-stroke noise-stroke ring-stroke ring-coarse-stroke; do
        [ -s "$out/$index.$name.wall" ] &&
            echo "  $name ($(wc -c < "$out/$name.json") bytes): wall $(median < "$out/$index.$name.wall"); CPU $(median < "$out/$index.$name.cpu")"
        [ -s "$out/$index.$name.stopped" ] && echo "  $name: stopped after $limit s in $(wc -l < "$out/$index.$name.stopped") of $runs rounds"
    done
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
