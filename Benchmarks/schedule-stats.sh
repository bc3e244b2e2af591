#!/usr/bin/env bash
# Scheduling (docs/fusion.md, "Scheduling"): for every example scene, the levels (`weft plan`), the barrier batches the
# device's Vulkan executor records (`weft render --stats`) and the peak texture memory, scheduled and with `--no-fuse`
# (lowering order), as one Markdown table; the scenes' time is the `scene:` rows of `weft bench --suite fusion`
# (Benchmarks/fusion-run.sh).
#   WEFT=path/to/weft DEVICE=NVIDIA OUT=folder Benchmarks/schedule-stats.sh
set -uo pipefail
WEFT=${WEFT:-.build/release/weft}
OUT=${OUT:-out/schedule-stats}
DEVICE=${DEVICE:-NVIDIA}
mkdir -p "$OUT"
levels() { awk '/^ +[0-9]+ +[0-9]+  /{l=$2} END{print l+1}'; }
batches() { tail -1 | sed -n 's/^barriers: [0-9]* in \([0-9]*\) batch.*/\1/p'; }
peak() { head -1 | sed 's/.*peak texture memory //'; }
echo "| scene | passes | levels | batches | \`--no-fuse\` levels | \`--no-fuse\` batches | peak memory | \`--no-fuse\` peak |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
for scene in examples/*.json; do
    name=$(basename "$scene" .json)
    "$WEFT" plan "$scene" --device "$DEVICE" > "$OUT/plan-$name.txt" 2>&1
    "$WEFT" plan "$scene" --device "$DEVICE" --no-fuse > "$OUT/plan-$name-unfused.txt" 2>&1
    "$WEFT" render "$scene" --device "$DEVICE" --stats -o "$OUT/$name.png" > "$OUT/stats-$name.txt" 2>&1
    "$WEFT" render "$scene" --device "$DEVICE" --stats --no-fuse -o "$OUT/$name-unfused.png" > "$OUT/stats-$name-unfused.txt" 2>&1
    passes=$(head -1 "$OUT/plan-$name.txt" | sed 's/ pass.*//')
    echo "| $name | $passes | $(levels < "$OUT/plan-$name.txt") | $(batches < "$OUT/stats-$name.txt") |" \
         "$(levels < "$OUT/plan-$name-unfused.txt") | $(batches < "$OUT/stats-$name-unfused.txt") |" \
         "$(peak < "$OUT/plan-$name.txt") | $(peak < "$OUT/plan-$name-unfused.txt") |"
done | tee "$OUT/schedule.md"
