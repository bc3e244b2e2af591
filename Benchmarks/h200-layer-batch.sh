#!/bin/sh
# The layer batch (docs/compositing.md, "Layer batches") on and off, side by side in one run: `weft bench` on the
# example scenes the issue names, with WEFT_LAYER_BATCH=1 and =0 (same binary), or $BEFORE against $AFTER when both set.
# Usage: WEFT=path/to/weft [DEVICE=NVIDIA] Benchmarks/h200-layer-batch.sh
set -eu
WEFT=${WEFT:-.build/release/weft}
DEVICE=${DEVICE:-NVIDIA}
AFTER=${AFTER:-$WEFT}
for scene in badge-tint blend-modes circles-per-child-shadow clips-and-effects toolbar-symbols paths; do
    for run in on off; do
        if [ -n "${BEFORE:-}" ]; then
            bin=$AFTER; [ "$run" = off ] && bin=$BEFORE
            echo "== $scene ($([ "$run" = on ] && echo after || echo before))"
            "$bin" bench "examples/$scene.json" --device "$DEVICE"
        else
            echo "== $scene (layer batch $run)"
            WEFT_LAYER_BATCH=$([ "$run" = on ] && echo 1 || echo 0) "$WEFT" bench "examples/$scene.json" --device "$DEVICE"
        fi
    done
done
