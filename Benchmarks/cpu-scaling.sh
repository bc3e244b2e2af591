#!/bin/sh
# The CPU evaluator's scaling with threads at 1920×1080, side by side in one run (docs/benchmarks.md, "Many cores"):
#  1. `weft bench --threads 1,2,4,8,16` on the three animated examples at --scale 6 and the text page: the scaling table
#     (each row's time per thread count, speedup over one thread, parallel efficiency = speedup / threads), for BEFORE
#     (when given, and when it has --threads) and then WEFT, scene by scene;
#  2. 13 frames of each example to PNG (`weft render --frames 0..12 --scale 6 --device cpu`) on every core and pinned to
#     one core (taskset), for BEFORE (when given) and WEFT: frames/s and the median of the per-frame lines (planning,
#     render and read-back; the first frame, which translates the kernels, left out).
# Usage, from the package root:
#     [ROUNDS=N] [MAX_SECONDS=S] [FRAMES=0] Benchmarks/cpu-scaling.sh WEFT [BEFORE] [THREADS]      (THREADS default 1,2,4,8,16)
# ROUNDS (default 1) repeats step 1, BEFORE and WEFT alternating, to show how steady the host is; MAX_SECONDS (default 3)
# is `weft bench --max-seconds`; FRAMES=0 skips step 2.
set -eu
weft=$1
before=${2:-}
threads=${3:-1,2,4,8,16}
rounds=${ROUNDS:-1}
seconds=${MAX_SECONDS:-3}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
echo "host: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); load average $(cut -d' ' -f1-3 /proc/loadavg)"
for scene in examples/download-badge.json examples/thumbnail-detail.json examples/timeline-wave.json Benchmarks/text/page-1080p.json; do
    scale=6
    case $scene in Benchmarks/*) scale=1 ;; esac
    for round in $(seq "$rounds"); do
        for bin in "$before" "$weft"; do
            [ -n "$bin" ] || continue
            "$bin" bench --help 2>&1 | grep -q -- --threads || continue
            echo "== $(basename "$bin") bench $scene --scale $scale --threads $threads (round $round)"
            "$bin" bench "$scene" --device cpu --scale "$scale" --threads "$threads" --repetitions 10 --warm-up 0.2 --max-seconds "$seconds" 2>/dev/null |
                sed -n '/^EFFECT  *SIZE/,$p'
        done
    done
done
[ "${FRAMES:-1}" != 0 ] || { echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"; exit 0; }
frames() {
    # $1 binary, $2 scene, $3 label, rest: a command prefix (taskset)
    bin=$1 scene=$2 label=$3
    shift 3
    "$@" "$bin" render "$scene" --frames 0..12 --fps 30 --scale 6 --device cpu -o "$out/%04d.png" > "$out/log" 2>&1 || echo "exit $? ($label)"
    rate=$(grep -o '[0-9.]* frames/s' "$out/log" | tail -1)
    median=$(grep -o ', [0-9.]* ms$' "$out/log" | tr -d ', ms' | tail -n +2 | sort -n | awk '{ v[NR] = $1 } END { printf "%.1f", (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
    echo "$label $(basename "$scene"): ${rate:-?}, median frame ${median} ms"
}
for scene in examples/download-badge.json examples/thumbnail-detail.json examples/timeline-wave.json; do
    for bin in "$before" "$weft"; do
        [ -n "$bin" ] || continue
        frames "$bin" "$scene" "$(basename "$bin") every core:"
        frames "$bin" "$scene" "$(basename "$bin") one core:  " taskset -c 0
    done
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
