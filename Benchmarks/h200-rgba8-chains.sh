#!/usr/bin/env bash
# Issue 27, items 3 and 4, on the H200, a baseline binary beside this one in one run:
# - what the driver compiled (`weft plan --pipeline-stats`, VK_KHR_pipeline_executable_properties) for each of the
#   fusion suite's four color effects alone and for their ×4 fused chain, in RGBA8 and RGBA16F: registers, instructions
#   and whatever else NVIDIA reports, to read what a fused stage costs beyond its arithmetic;
# - `weft bench --suite fusion` in RGBA8 and RGBA16F with both binaries, interleaved per format, and the ratio
#   color×4 / color×1 of each (target ≤ 1.3 in RGBA8);
# - exactness before and after the 1/256 sampling snap: the gallery fused against `--no-fuse` (within 1/255 wanted) and
#   the GPU against the CPU evaluator (softLightBlend within 2/255 wanted), with each binary.
#   BEFORE=path/to/main/weft AFTER=path/to/this/weft OUT=out/h200-chains Benchmarks/h200-rgba8-chains.sh
# The exactness galleries show the stock effects alone (--shaders Shaders: no scenes). MAX_SECONDS (default 2) bounds a
# bench row. BEFORE may be left empty (then only AFTER runs). Statistics come from AFTER alone (BEFORE has no --pipeline-stats).
set -uo pipefail
AFTER=${AFTER:-.build/release/weft}
BEFORE=${BEFORE:-}
OUT=${OUT:-out/h200-rgba8-chains}
DEVICE=${DEVICE:-NVIDIA}
SIZE=${SIZE:-3840x2160}
MAX_SECONDS=${MAX_SECONDS:-2}
PATTERN=examples/images/test-pattern.png
mkdir -p "$OUT"
"$AFTER" devices 2>&1 | tee "$OUT/devices.txt"

# The fusion suite's chain (BenchFusionSuite: grayscale, posterize, vignette, radialTint) over the test pattern, in a
# drawing group of the format's working color mode (nonLinear: RGBA8 layers; extendedLinear: RGBA16F), as scenes.
ROOT=$(pwd)
declare -A ARGS=(
    [grayscale]='{"amount": 0.8}' [posterize]='{"levels": 6}'
    [vignette]='{"bounds": "$boundingRect", "strength": 0.5}'
    [radialTint]='{"center": [256, 192], "radius": 170, "tint": "#ff8c1a"}')
scene() { # MODE EFFECT... → a scene file's path
    local mode=$1; shift
    local file="$OUT/scene-$mode-$(IFS=-; echo "$*").json" modifiers=""
    for e in "$@"; do modifiers+="{\"colorEffect\": {\"shader\": \"$e\", \"args\": ${ARGS[$e]}}}, "; done
    printf '{"size": [512, 384], "shaders": ["%s/Shaders"], "root": {"image": "%s/%s", "modifiers": [%s{"drawingGroup": {"colorMode": "%s"}}]}}\n' \
        "$ROOT" "$ROOT" "$PATTERN" "$modifiers" "$mode" > "$file"
    echo "$file"
}
EFFECTS=(grayscale posterize vignette radialTint)
for MODE in nonLinear extendedLinear; do
    for CHAIN in grayscale posterize vignette radialTint "${EFFECTS[*]}"; do
        echo "== $CHAIN in $MODE ($([ "$MODE" = nonLinear ] && echo RGBA8 || echo RGBA16F) layers)"
        # shellcheck disable=SC2086 # CHAIN is a list of effect names
        "$AFTER" plan "$(scene "$MODE" $CHAIN)" --16bit --device "$DEVICE" --pipeline-stats 2>&1 \
            | sed -n '/^weft/p; /^   [0-9]/p; /^pipeline statistics/,$p'
    done
done 2>&1 | tee "$OUT/pipeline-statistics.txt"

BINARIES=(after)
[ -n "$BEFORE" ] && BINARIES=(before after)
binary() { if [ "$1" = before ]; then echo "$BEFORE"; else echo "$AFTER"; fi; }
for FORMAT in rgba8 rgba16f; do
    for WHICH in "${BINARIES[@]}"; do
        "$(binary "$WHICH")" bench --suite fusion --device "$DEVICE" --size "$SIZE" --format "$FORMAT" \
            --max-seconds "$MAX_SECONDS" --json "$OUT/fusion-$FORMAT-$WHICH.json" 2>"$OUT/fusion-$FORMAT-$WHICH-progress.txt" | tee "$OUT/fusion-$FORMAT-$WHICH.txt"
    done
done
for JSON in "$OUT"/fusion-*.json; do
    python3 - "$JSON" <<'EOF'
import json, sys
rows = {r["effect"]: r["time"]["median"] for r in json.load(open(sys.argv[1]))["rows"]}
if "color×1" in rows and "color×4" in rows:
    print(f'{sys.argv[1]}: color×4 {rows["color×4"] * 1e3:.4f} ms / color×1 {rows["color×1"] * 1e3:.4f} ms = {rows["color×4"] / rows["color×1"]:.2f}')
EOF
done 2>&1 | tee "$OUT/chain-ratios.txt"

for WHICH in "${BINARIES[@]}"; do
    W=$(binary "$WHICH")
    "$W" gallery --shaders Shaders --device "$DEVICE" --out "$OUT/$WHICH-fused" > "$OUT/$WHICH-gallery-fused.txt" 2>&1
    "$W" gallery --shaders Shaders --device "$DEVICE" --no-fuse --out "$OUT/$WHICH-unfused" > "$OUT/$WHICH-gallery-unfused.txt" 2>&1
    "$W" gallery --shaders Shaders --device cpu --out "$OUT/$WHICH-cpu" > "$OUT/$WHICH-gallery-cpu.txt" 2>&1
    echo "== $WHICH: fused against --no-fuse on $DEVICE"
    "$W" compare "$OUT/$WHICH-fused/gallery" "$OUT/$WHICH-unfused/gallery" 2>&1
    echo "== $WHICH: $DEVICE against the CPU evaluator"
    "$W" compare "$OUT/$WHICH-fused/gallery" "$OUT/$WHICH-cpu/gallery" 2>&1
done 2>&1 | tee "$OUT/exactness.txt"
