#!/usr/bin/env bash
# Run from the repository root on the device machine, with .h200/ carried (see docs/benchmarks.md, "Sequences"): the H200 sequence run (Benchmarks/frames-h200.sh) over the
# examples as they were before this work, then the 1080p text page against its copy ceiling.
set -uo pipefail
cd .h200
export FONTCONFIG_FILE=$PWD/fonts/fonts.conf
RESULTS=${OUT:-/tmp/results}
export OUT=/tmp/frames
FRAMES=${FRAMES:-0..59} bash ../Benchmarks/frames-h200.sh 2>&1
export LD_LIBRARY_PATH=$PWD/bench-bin/lib
grep -q NVIDIA "$OUT/devices.txt" || export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
echo "== text page 1080p"
/tmp/frames-bin/after bench text-bench/page-1080p.json --device NVIDIA --max-seconds 4 --json "$OUT/text-page.json" 2>&1 | tail -n 8
cp "$OUT"/*.txt "$OUT"/*.json "$RESULTS"/ 2>/dev/null
