#!/usr/bin/env bash
# The run behind docs/benchmarks.md's stitching tables: the gallery fused and unfused on the device, compared pixel by
# pixel (fused must equal unfused within 1/255), the plans of the example scenes, and `weft bench --suite fusion` at
# 3840x2160 in RGBA8 and in RGBA16F (one run per format: chains of 1, 2, 4 and 8 color effects, distortion → color and
# layer → color, fused and unfused; gaussianBlur and boxBlur at radius 6, 12 and 24; the example scenes fused and
# unfused; each with the copy ceiling of the same run).
#   WEFT=path/to/weft OUT=folder DEVICE=NVIDIA Benchmarks/fusion-run.sh
# SIZE=1920x1080 DEVICE=llvmpipe (or DEVICE=cpu) gives the local tables.
set -uo pipefail
WEFT=${WEFT:-.build/release/weft}
OUT=${OUT:-out/fusion-run}
DEVICE=${DEVICE:-NVIDIA}
SIZE=${SIZE:-3840x2160}
mkdir -p "$OUT"
"$WEFT" devices 2>&1 | tee "$OUT/devices.txt"
"$WEFT" gallery --device "$DEVICE" --out "$OUT/fused" > "$OUT/gallery-fused.txt" 2>&1
"$WEFT" gallery --device "$DEVICE" --no-fuse --out "$OUT/unfused" > "$OUT/gallery-unfused.txt" 2>&1
"$WEFT" compare "$OUT/fused/gallery" "$OUT/unfused/gallery" 2>&1 | tee "$OUT/compare-fused-unfused.txt"
for scene in examples/*.json; do
    "$WEFT" plan "$scene" > "$OUT/plan-$(basename "$scene" .json).txt" 2>&1
    "$WEFT" plan "$scene" --no-fuse > "$OUT/plan-$(basename "$scene" .json)-unfused.txt" 2>&1
done
for FORMAT in rgba8 rgba16f; do
    "$WEFT" bench --suite fusion --device "$DEVICE" --size "$SIZE" --format "$FORMAT" \
        --json "$OUT/fusion-$SIZE-$FORMAT.json" 2>"$OUT/fusion-$SIZE-$FORMAT-progress.txt" | tee "$OUT/fusion-$SIZE-$FORMAT.txt"
done
