#!/usr/bin/env bash
# The GPU run behind docs/benchmarks.md's GPU tables: devices, the gallery on the GPU and on the
# CPU evaluator compared pixel by pixel, the gallery again under the validation layer, and the
# stock library benchmarked at 3840x2160 in RGBA8 and RGBA16F against the copy ceiling.
#   WEFT=path/to/weft OUT=folder DEVICE=NVIDIA Benchmarks/gpu-run.sh
set -uo pipefail
WEFT=${WEFT:-.build/release/weft}
OUT=${OUT:-out/gpu-run}
DEVICE=${DEVICE:-NVIDIA}
mkdir -p "$OUT"
"$WEFT" devices 2>&1 | tee "$OUT/devices.txt"
"$WEFT" gallery --device "$DEVICE" --out "$OUT/gpu" 2>&1 | tee "$OUT/gallery.txt"
"$WEFT" gallery --device cpu --out "$OUT/cpu" > "$OUT/gallery-cpu.txt" 2>&1
"$WEFT" compare "$OUT/gpu/gallery" "$OUT/cpu/gallery" 2>&1 | tee "$OUT/compare.txt"
if [ -n "${VK_LAYER_PATH:-}" ]; then
    WEFT_VALIDATION=1 "$WEFT" gallery --device "$DEVICE" --out "$OUT/validated" > "$OUT/gallery-validated.txt" 2>&1
    echo "validation run: exit $? ($(grep -c -i 'validation\|VUID' "$OUT/gallery-validated.txt") lines naming validation)"
fi
"$WEFT" bench --device "$DEVICE" --size 3840x2160 --format rgba8 --format rgba16f \
    --json "$OUT/bench.json" 2>"$OUT/bench-progress.txt" | tee "$OUT/bench.txt"
