#!/usr/bin/env bash
# The readback ring (docs/benchmarks.md, "Sequences"): the three animated examples at 1920x1080 (--scale 6) on the GPU,
# as raw frames to /dev/null (300 frames) and as PNG files (60 frames), by two binaries side by side in one run —
# BEFORE (frames rendered one at a time: submit, wait, read back) and AFTER (frame N+1 submitted before frame N is
# collected, through the executor's ring of frame slots) — each example's runs interleaved so both meet the same
# machine; the PNG frames of the two are compared pixel for pixel; then AFTER's resident size over 3,000 frames.
# Run on the device machine from a folder set up as for Benchmarks/frames-h200.sh (examples/, Shaders/, .gl/, and
# bench-bin/ with weft-before.xz and weft-after.xz, or BEFORE and AFTER naming binaries already there):
#   BEFORE=/path/weft-main AFTER=/path/weft-ring bash Benchmarks/h200-readback-ring.sh
set -uo pipefail
for f in .gl/*.deb; do dpkg -x "$f" /; done; ldconfig
export LD_LIBRARY_PATH=$PWD/bench-bin/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
OUT=${OUT:-/tmp/ring}
mkdir -p "$OUT"
if [ -z "${BEFORE:-}" ] || [ -z "${AFTER:-}" ]; then
    mkdir -p /tmp/ring-bin
    xz -dc bench-bin/weft-before.xz > /tmp/ring-bin/before
    xz -dc bench-bin/weft-after.xz > /tmp/ring-bin/after
    chmod +x /tmp/ring-bin/before /tmp/ring-bin/after
    BEFORE=/tmp/ring-bin/before AFTER=/tmp/ring-bin/after
fi
export XDG_CACHE_HOME=$OUT/cache
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv 2>&1 | tee "$OUT/gpu.txt"
echo "cores: $(nproc)"
"$AFTER" devices > "$OUT/devices.txt" 2>&1
# Without the driver's ICD file named, the loader found no driver on one run (VK_ERROR_INCOMPATIBLE_DRIVER).
if ! grep -q NVIDIA "$OUT/devices.txt"; then
    export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
    export __EGL_VENDOR_LIBRARY_FILENAMES=/usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json
    "$AFTER" devices > "$OUT/devices.txt" 2>&1
fi
cat "$OUT/devices.txt"
DEVICE=${DEVICE:-NVIDIA}
ROUNDS=${ROUNDS:-2}

# One timed sequence: the rate line weft prints ("N of N frames rendered, R frames/s …") and the run line of --stats.
sequence() {
    local label=$1 bin=$2 scene=$3 frames=$4 output=$5
    local text
    text=$("$bin" render "$scene" --frames "$frames" --fps 30 --scale 6 --device "$DEVICE" --stats -o "$output" 2>&1)
    echo "$label: $(grep -m1 'frames rendered' <<< "$text")"
    grep -m1 '  run ' <<< "$text" | sed "s/^/$label:   /"
}

for ex in download-badge thumbnail-detail timeline-wave; do
    scene=examples/$ex.json
    # Warm the SPIR-V and pipeline caches once, so both binaries start alike.
    "$AFTER" render "$scene" --scale 6 --device "$DEVICE" -o "$OUT/warm-$ex.png" > /dev/null 2>&1
    for round in $(seq 1 "$ROUNDS"); do
        sequence "$ex raw, before, round $round" "$BEFORE" "$scene" 0..299 /dev/null
        sequence "$ex raw, after,  round $round" "$AFTER" "$scene" 0..299 /dev/null
    done
    for round in $(seq 1 "$ROUNDS"); do
        rm -rf "$OUT/before/$ex" "$OUT/after/$ex"
        sequence "$ex PNG, before, round $round" "$BEFORE" "$scene" 0..59 "$OUT/before/$ex/f%04d.png"
        sequence "$ex PNG, after,  round $round" "$AFTER" "$scene" 0..59 "$OUT/after/$ex/f%04d.png"
    done
    echo "$ex before vs after: $("$AFTER" compare "$OUT/before/$ex" "$OUT/after/$ex" --tolerance 0 | tail -n 1)"
done

echo "resident size of AFTER over 3000 frames of timeline-wave to /dev/null (kB, once a second):"
"$AFTER" render examples/timeline-wave.json --frames 0..2999 --fps 30 --scale 6 --device "$DEVICE" -o /dev/null > "$OUT/soak.txt" 2>&1 &
pid=$!
rss=()
while kill -0 "$pid" 2> /dev/null; do
    rss+=("$(awk '/VmRSS/ {print $2}' /proc/$pid/status 2> /dev/null)")
    sleep 1
done
wait "$pid"
echo "exit $?: ${rss[*]}"
tail -n 1 "$OUT/soak.txt"
