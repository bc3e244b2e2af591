#!/usr/bin/env bash
# Read-through and gaussianBlur's paired taps on a device (docs/fusion.md, "Read-through"): the test pattern under
# gaussianBlur (whole radii: paired bilinear taps; 12.5: one sample per tap), boxBlur and wave, at each scale, on
# DEVICE and on the CPU evaluator, fused (read-through) and --no-fuse (padded copy); and, on DEVICE, gaussianBlur
# against the direct 2-D Gaussian over the same taps (gaussian2D.glsl beside this script), which catches a device whose
# bilinear filter rounds the paired weights coarsely. Fused against unfused and against the 2-D sum within 1/255
# (weft compare --tolerance 1); DEVICE against the CPU evaluator within compare's default 2/255, since a device that
# filters with 8-bit weight fractions (lavapipe, NVIDIA) puts a paired sample up to 1/255 from the exact weighted sum
# the CPU evaluator computes, in each of the two runs (lavapipe here: at most 2/255, mean 0.07/255).
#   WEFT=path/to/weft DEVICE=NVIDIA OUT=out/readthru Benchmarks/readthru/check.sh
# RADII and SCALES (space-separated) narrow it for a slow device: RADII="3 4.5" SCALES=1 DEVICE=llvmpipe.
set -uo pipefail
HERE=$(dirname "$0")
WEFT=${WEFT:-.build/release/weft}
OUT=${OUT:-out/readthru-check}
DEVICE=${DEVICE:-NVIDIA}
INPUT=${INPUT:-examples/images/test-pattern.png}
RADII=${RADII:-6 12 12.5}
SCALES=${SCALES:-1 2}
status=0
render() { # device folder name scale effect-args...
    local device=$1 folder=$2 name=$3 scale=$4; shift 4
    local flags=(); [ "$folder" = unfused ] && flags=(--no-fuse)
    mkdir -p "$OUT/$device-$folder"
    "$WEFT" render "$INPUT" --shaders "$HERE/gaussian2D.glsl" "$@" --scale "$scale" --keep-overflow \
        --device "$device" "${flags[@]}" -o "$OUT/$device-$folder/$name-s$scale.png" > /dev/null || status=1
}
for device in "$DEVICE" cpu; do
    for scale in $SCALES; do
        for mode in fused unfused; do
            for radius in $RADII; do
                render "$device" "$mode" "gaussianBlur-r$radius" "$scale" --effect gaussianBlur --arg radius="$radius" --max-sample-offset "$radius"
            done
            # Padding narrower than the blur's reach in y on purpose (a clipped layer): the CPU evaluator's
            # "sample bound" warnings for it are expected.
            render "$device" "$mode" boxBlur "$scale" --effect boxBlur --arg radius=5 --max-sample-offset 5,3
            render "$device" "$mode" wave "$scale" --effect wave --preset
        done
    done
done
for scale in $SCALES; do
    for radius in $RADII; do
        render "$DEVICE" reference "gaussianBlur-r$radius" "$scale" --effect gaussian2D --arg radius="$radius" --max-sample-offset "$radius"
    done
done
compare() { echo "== $1 vs $2"; "$WEFT" compare "$OUT/$1" "$OUT/$2" --tolerance "$3" || status=1; }
compare "$DEVICE-fused" "$DEVICE-unfused" 1
compare cpu-fused cpu-unfused 1
compare "$DEVICE-fused" cpu-fused 2
for f in "$OUT/$DEVICE-reference"/*.png; do
    echo "== $(basename "$f"): gaussianBlur vs the direct 2-D sum on $DEVICE"
    "$WEFT" compare "$OUT/$DEVICE-fused/$(basename "$f")" "$f" --tolerance 1 || status=1
done
exit $status
