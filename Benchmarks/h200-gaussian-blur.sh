#!/usr/bin/env bash
# The stock gaussianBlur as the engine's blur (tiled on the H200) against the stitchable it stands in for, in one run:
# `weft bench --suite fusion` at 3840x2160 in RGBA8 and RGBA16F, once as planned (whole-pixel radii run as
# weft.blur.tiled, docs/fusion.md "The tiled blur") and once with WEFT_ENGINE_GAUSSIAN=0 (the stitchable's two runs), each
# with its own copy ceiling; then the gaussianBlur rows (and the ceiling) of each side by side. The plans of one blur
# are kept to show which kernels ran. Targets (issue 27): r12 >= 0.4 of the copy, r24 >= 0.3.
#   WEFT=path/to/weft OUT=folder DEVICE=NVIDIA Benchmarks/h200-gaussian-blur.sh
# FORMATS="rgba8" runs one format (each format's pair of suites takes a few minutes); MAX_SECONDS (default 2) bounds a row.
set -uo pipefail
WEFT=${WEFT:-.build/release/weft}
OUT=${OUT:-out/h200-gaussian-blur}
DEVICE=${DEVICE:-NVIDIA}
SIZE=${SIZE:-3840x2160}
FORMATS=${FORMATS:-rgba8 rgba16f}
MAX_SECONDS=${MAX_SECONDS:-2}
mkdir -p "$OUT"
"$WEFT" devices 2>&1 | tee "$OUT/devices.txt"
for ENGINE in 1 0; do
    WEFT_ENGINE_GAUSSIAN=$ENGINE "$WEFT" plan examples/images/test-pattern.png --device "$DEVICE" \
        --effect gaussianBlur --arg radius=12 --max-sample-offset 12 > "$OUT/plan-engine$ENGINE.txt" 2>&1
done
for FORMAT in $FORMATS; do
    for ENGINE in 1 0; do
        WEFT_ENGINE_GAUSSIAN=$ENGINE "$WEFT" bench --suite fusion --device "$DEVICE" --size "$SIZE" --format "$FORMAT" \
            --max-seconds "$MAX_SECONDS" --json "$OUT/fusion-$SIZE-$FORMAT-engine$ENGINE.json" \
            > "$OUT/fusion-$SIZE-$FORMAT-engine$ENGINE.txt" 2>"$OUT/fusion-$SIZE-$FORMAT-engine$ENGINE-progress.txt"
    done
    echo "== $FORMAT $SIZE: engine blur (WEFT_ENGINE_GAUSSIAN unset) / stitchable (=0)" | tee -a "$OUT/summary.txt"
    for ENGINE in 1 0; do
        echo "-- WEFT_ENGINE_GAUSSIAN=$ENGINE" | tee -a "$OUT/summary.txt"
        grep -E "gaussianBlur r|ceiling:copy|^ *(SUBJECT|ROW|NAME)" "$OUT/fusion-$SIZE-$FORMAT-engine$ENGINE.txt" | tee -a "$OUT/summary.txt"
    done
done
grep -E "weft\.blur|gaussianBlur" "$OUT"/plan-engine*.txt | tee -a "$OUT/summary.txt"
