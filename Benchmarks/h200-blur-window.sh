#!/usr/bin/env bash
# The register sliding-window blur (weft.blur.tiled, docs/fusion.md "The tiled blur") against the binary before it, in
# one run: for each FORMAT at SIZE (3840x2160), `weft bench --suite fusion` gives the copy ceiling and gaussianBlur
# r6/r12/r24 — the stitchable (WEFT_ENGINE_GAUSSIAN=0) from both binaries, the engine's blur (=1) from BEFORE (its tiled
# blur) and from AFTER at WEFT_BLUR_RUN 4, 8 and 16 — then the shadow scenes on both (AFTER also per tap,
# WEFT_TILED_BLUR=0), and prints the rows side by side. Targets (issue 27): r12 >= 0.4 of the copy, r24 >= 0.3.
#   BEFORE=path/to/weft AFTER=path/to/weft DEVICE=NVIDIA Benchmarks/h200-blur-window.sh
# SIZE=512x384 DEVICE=llvmpipe FORMATS=rgba8 MAX_SECONDS=1 runs it small on lavapipe. The suite runs from a folder
# holding only Shaders/, so it measures the chains and blurs, not the example scenes.
set -uo pipefail
REPO=$(cd "$(dirname "$0")/.." && pwd)
BEFORE=$(realpath "${BEFORE:?BEFORE=path/to/weft}")
AFTER=$(realpath "${AFTER:?AFTER=path/to/weft}")
OUT=$(mkdir -p "${OUT:-out/h200-blur-window}" && realpath "${OUT:-out/h200-blur-window}")
DEVICE=${DEVICE:-NVIDIA}
SIZE=${SIZE:-3840x2160}
FORMATS=${FORMATS:-rgba8 rgba16f}
RUNS=${RUNS:-4 8 16}
MAX_SECONDS=${MAX_SECONDS:-2}
SCENES=${SCENES:-$REPO/Benchmarks/scenes/badge-shadow-1080p.json $REPO/examples/download-badge.json}
SUITE=$(mktemp -d)
cp -r "$REPO/Shaders" "$SUITE/"
"$AFTER" devices 2>&1 | tee "$OUT/devices.txt"

# bench LABEL WEFT ENV... -- ARGS...: one `weft bench` into $OUT/LABEL.txt (and .json), run in the Shaders-only folder.
bench() {
    local label=$1 weft=$2; shift 2
    local env=()
    while [ "$1" != "--" ]; do env+=("$1"); shift; done
    shift
    (cd "$SUITE" && env "${env[@]}" "$weft" bench "$@" --device "$DEVICE" --max-seconds "$MAX_SECONDS" \
        --json "$OUT/$label.json" > "$OUT/$label.txt" 2> "$OUT/$label-progress.txt") \
        || echo "!! $label failed: $(tail -2 "$OUT/$label-progress.txt")" >&2
}
# The median (the TIME column, after the FORMAT column) of the row named ROW in $OUT/LABEL.txt: figure LABEL ROW.
figure() { grep -E "^$2 " "$OUT/$1.txt" | head -1 | grep -oE 'rgba(8|16f) +[0-9]+\.[0-9]+' | awk '{print $2}'; }
# Its ratio to the copy ceiling of its run (the last column).
ratio() { grep -E "^$2 " "$OUT/$1.txt" | head -1 | awk '{print $NF}'; }

for FORMAT in $FORMATS; do
    sides=(before-stitch after-stitch before-engine)
    bench "before-stitch-$FORMAT" "$BEFORE" WEFT_ENGINE_GAUSSIAN=0 -- --suite fusion --size "$SIZE" --format "$FORMAT"
    bench "after-stitch-$FORMAT" "$AFTER" WEFT_ENGINE_GAUSSIAN=0 -- --suite fusion --size "$SIZE" --format "$FORMAT"
    bench "before-engine-$FORMAT" "$BEFORE" WEFT_ENGINE_GAUSSIAN=1 -- --suite fusion --size "$SIZE" --format "$FORMAT"
    for RUN in $RUNS; do
        bench "after-engine-run$RUN-$FORMAT" "$AFTER" WEFT_ENGINE_GAUSSIAN=1 WEFT_BLUR_RUN=$RUN -- --suite fusion --size "$SIZE" --format "$FORMAT"
        sides+=("after-engine-run$RUN")
    done
    {
        echo "== $FORMAT $SIZE on $DEVICE: median ms (ratio to the copy ceiling of the same run)"
        printf '%-18s' row; for side in "${sides[@]}"; do printf ' %22s' "$side"; done; echo
        for row in "ceiling:copy" "gaussianBlur r6" "gaussianBlur r12" "gaussianBlur r24"; do
            printf '%-18s' "$row"
            for side in "${sides[@]}"; do
                t=$(figure "$side-$FORMAT" "$row")
                if [ -n "$t" ]; then printf ' %13s (%6s)' "$t" "$(ratio "$side-$FORMAT" "$row")"; else printf ' %22s' "-"; fi
            done
            echo
        done
    } | tee -a "$OUT/summary.txt"
done

for SCENE in $SCENES; do
    SCENE=$(realpath "$SCENE")
    name=$(basename "$SCENE" .json)
    sides=(before after-pertap)
    bench "scene-$name-before" "$BEFORE" -- "$SCENE"
    bench "scene-$name-after-pertap" "$AFTER" WEFT_TILED_BLUR=0 -- "$SCENE"
    for RUN in $RUNS; do
        bench "scene-$name-after-run$RUN" "$AFTER" WEFT_BLUR_RUN=$RUN -- "$SCENE"
        sides+=("after-run$RUN")
    done
    {
        echo "== $name on $DEVICE: median ms"
        for side in "${sides[@]}"; do printf ' %16s' "$side"; done; echo
        for side in "${sides[@]}"; do printf ' %16s' "$(figure "scene-$name-$side" "scene:$name")"; done; echo
    } | tee -a "$OUT/summary.txt"
done
for side in before after; do
    weft=$BEFORE; [ $side = after ] && weft=$AFTER
    (cd "$SUITE" && "$weft" plan "$REPO/Benchmarks/scenes/badge-shadow-1080p.json" --device "$DEVICE" > "$OUT/plan-badge-shadow-$side.txt" 2>&1)
    grep -E "weft\.blur" "$OUT/plan-badge-shadow-$side.txt" | sed "s/^/$side: /" | tee -a "$OUT/summary.txt"
done
rm -rf "$SUITE"
