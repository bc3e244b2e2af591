#!/usr/bin/env bash
# The stock gaussianBlur at 3840x2160 RGBA8 (an upscaled test pattern as the input, ffmpeg makes it) as the stitchable
# (WEFT_ENGINE_GAUSSIAN=0) and as the engine's blur (=1) at runs of 1, 4, 8 and 16 outputs an invocation
# (WEFT_BLUR_RUN), then the shadow scenes, each BEFORE against AFTER, side by side in one run; then the engine blur's
# output against the stitchable's and the CPU evaluator's (within 1/255 and 2/255 expected). Fits one device call
# (about two minutes), where Benchmarks/h200-blur-window.sh's twelve fusion suites do not.
#   BEFORE=path/to/weft AFTER=path/to/weft DEVICE=NVIDIA Benchmarks/gpu-blur-and-shadows.sh
set -uo pipefail
BEFORE=${BEFORE:?BEFORE=path/to/weft}
AFTER=${AFTER:?AFTER=path/to/weft}
DEVICE=${DEVICE:-NVIDIA}
P=${PATTERN:-/tmp/pattern-4k.png}
[ -f "$P" ] || ffmpeg -hide_banner -loglevel error -y -i examples/images/test-pattern.png -vf scale=3840:2160:flags=bicubic "$P"
# gb WEFT RADIUS ENV...: the copy ceiling and the blur's time, ms (ratio to the ceiling).
gb() {
    local bin=$1 r=$2; shift 2
    env "$@" "$bin" bench "$P" --effect gaussianBlur --arg radius="$r" --max-sample-offset "$r" --device "$DEVICE" --max-seconds 1 2>/dev/null \
        | awk '/^(ceiling|chain)/{for(i=1;i<=NF;i++) if($i=="rgba8") printf "%s %s (%s)  ", $1, $(i+1), $NF}'
    echo
}
# sc WEFT SCENE ENV...: the scene's passes and time, ms.
sc() {
    local bin=$1 s=$2; shift 2
    env "$@" "$bin" bench "$s" --device "$DEVICE" --max-seconds 2 2>/dev/null \
        | awk '/^scene:/{match($0,/[0-9]+ pass(es)?/); p=substr($0,RSTART,RLENGTH); for(i=1;i<=NF;i++) if($i=="rgba8") print p, $(i+1)}'
}
for r in 6 12 24; do
    echo "r$r before, stitchable: $(gb "$BEFORE" $r WEFT_ENGINE_GAUSSIAN=0)"
    echo "r$r before, engine:     $(gb "$BEFORE" $r WEFT_ENGINE_GAUSSIAN=1)"
    for run in 1 4 8 16; do echo "r$r after, engine, run $run: $(gb "$AFTER" $r WEFT_ENGINE_GAUSSIAN=1 WEFT_BLUR_RUN=$run)"; done
done
for r in 12 24; do
    WEFT_ENGINE_GAUSSIAN=0 "$AFTER" render "$P" --effect gaussianBlur --arg radius=$r --max-sample-offset $r --device "$DEVICE" -o /tmp/gs$r.png > /dev/null 2>&1
    WEFT_ENGINE_GAUSSIAN=1 "$AFTER" render "$P" --effect gaussianBlur --arg radius=$r --max-sample-offset $r --device "$DEVICE" -o /tmp/ge$r.png > /dev/null 2>&1
    "$AFTER" render "$P" --effect gaussianBlur --arg radius=$r --max-sample-offset $r --device cpu -o /tmp/gc$r.png > /dev/null 2>&1
    echo "r$r engine vs stitchable: $("$AFTER" compare /tmp/ge$r.png /tmp/gs$r.png 2>&1 | tail -2 | head -1)"
    echo "r$r engine vs CPU evaluator: $("$AFTER" compare /tmp/ge$r.png /tmp/gc$r.png 2>&1 | tail -2 | head -1)"
done
for round in 1 2; do
    for s in Benchmarks/scenes/badge-shadow-1080p.json examples/download-badge.json examples/circles-per-child-shadow.json \
             examples/badge-tint.json examples/clips-and-effects.json; do
        echo "$s, round $round: before $(sc "$BEFORE" $s) | after $(sc "$AFTER" $s) | after per tap $(sc "$AFTER" $s WEFT_TILED_BLUR=0)"
    done
done
