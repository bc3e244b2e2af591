#!/bin/sh
# Renders every example scene (examples/*.json) with two weft binaries, on the CPU evaluator and on Vulkan, at
# times 0 and 0.6 seconds (at rest, and during the animated examples' changes), and compares each pair with
# `weft compare --tolerance 0`: a change that should draw nothing differently shows that it does not. A side whose
# folder OUT_DIR/before or OUT_DIR/after already holds a render is not rendered again.
# Usage, from the package root:
#     Tools/compare-examples.sh BEFORE_WEFT AFTER_WEFT [OUT_DIR] [DEVICES] [TIMES]
#     (DEVICES defaults to "cpu llvmpipe", TIMES to "0 0.6"; OUT_DIR to a temporary folder, removed afterwards)
# Exit status: 0 when every render is identical, 1 otherwise (each difference is printed).
set -u
before=$1
after=$2
out=${3:-}
devices=${4:-cpu llvmpipe}
times=${5:-0 0.6}
if [ -z "$out" ]; then
    out=$(mktemp -d)
    trap 'rm -rf "$out"' EXIT
fi
render() { # BINARY SIDE
    for device in $devices; do
        mkdir -p "$out/$2/$device"
        for scene in examples/*.json; do
            name=$(basename "$scene" .json)
            for time in $times; do
                [ -f "$out/$2/$device/$name@$time.png" ] && continue
                "$1" render "$scene" --time "$time" --device "$device" -o "$out/$2/$device/$name@$time.png" >/dev/null 2>&1 ||
                    echo "$2 $device $name@$time: render failed"
            done
        done
    done
}
render "$before" before
render "$after" after
status=0
for device in $devices; do
    "$after" compare "$out/before/$device" "$out/after/$device" --tolerance 0 | grep -v ': identical\|max 0 ' || true
    "$after" compare "$out/before/$device" "$out/after/$device" --tolerance 0 >/dev/null || status=1
done
[ "$status" = 0 ] && echo "every example identical on: $devices"
exit $status
