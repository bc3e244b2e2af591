#!/usr/bin/env bash
# Frames at GPU speed (docs/benchmarks.md, "Sequences"): the three animated examples at 1920x1080 (--scale 6) on the
# GPU, written as PNG files, as raw frames to /dev/null and (where ffmpeg exists) as an MP4, by the binary before this
# work (BEFORE) and after it (AFTER), in one run; then the after binary's resident size over a 3,000-frame sequence.
# Run on the device machine from a folder holding examples/, Shaders/, .gl (the loader's .debs: libvulkan1 libegl1
# libglvnd0 libopengl0 libgl1 libglx0 libgles2, as the device README says; the NVIDIA driver's ICD needs glvnd) and
# bench-bin (weft-before.xz and weft-after.xz: `swift build -c release --static-swift-stdlib --product weft`, stripped,
# xz; lib/: libpng16, libglfw and the X11 libraries ldd finds missing there). The device tool sends the session's
# checkout, so that folder goes inside it, ignored, and is named in carry:
#   Benchmarks/frames-h200.sh
set -uo pipefail
for f in .gl/*.deb; do dpkg -x "$f" /; done; ldconfig
export LD_LIBRARY_PATH=$PWD/bench-bin/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
OUT=${OUT:-/tmp/frames}
BIN=/tmp/frames-bin
mkdir -p "$OUT" "$BIN"
xz -dc bench-bin/weft-before.xz > "$BIN/before"
xz -dc bench-bin/weft-after.xz > "$BIN/after"
chmod +x "$BIN/before" "$BIN/after"
export XDG_CACHE_HOME=$OUT/cache
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv 2>&1 | tee "$OUT/gpu.txt"
echo "cores: $(nproc)"
"$BIN/after" devices 2>&1 | tee "$OUT/devices.txt"
# Without the driver's ICD file named, the loader found no driver on one run (VK_ERROR_INCOMPATIBLE_DRIVER).
if ! grep -q NVIDIA "$OUT/devices.txt"; then
    export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
    export __EGL_VENDOR_LIBRARY_FILENAMES=/usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json
    ls -l "$VK_DRIVER_FILES"
    "$BIN/after" devices 2>&1 | tee "$OUT/devices.txt"
fi
DEVICE=${DEVICE:-NVIDIA}
FRAMES=${FRAMES:-0..59}
seconds() { local start=$1; echo "$(( ($(date +%s%N) - start) / 1000000 )) ms"; }

for ex in download-badge thumbnail-detail timeline-wave; do
    scene=examples/$ex.json
    # Warm the SPIR-V and pipeline caches once, so both binaries start alike.
    "$BIN/after" render "$scene" --scale 6 --device "$DEVICE" -o "$OUT/warm-$ex.png" > /dev/null 2>&1
    start=$(date +%s%N)
    "$BIN/before" render "$scene" --frames "$FRAMES" --fps 30 --scale 6 --device "$DEVICE" -o "$OUT/before/$ex/f%04d.png" 2>&1 | tail -n 1
    echo "$ex before, PNG: $(seconds "$start")"
    start=$(date +%s%N)
    "$BIN/after" render "$scene" --frames "$FRAMES" --fps 30 --scale 6 --device "$DEVICE" --stats -o "$OUT/after/$ex/f%04d.png" 2>&1 | tail -n 11
    echo "$ex after, PNG: $(seconds "$start")"
    "$BIN/after" compare "$OUT/before/$ex" "$OUT/after/$ex" --tolerance 0 | tail -n 1
    start=$(date +%s%N)
    "$BIN/after" render "$scene" --frames 0..299 --fps 30 --scale 6 --device "$DEVICE" --stats -o /dev/null 2>&1 | tail -n 11
    echo "$ex after, /dev/null, 300 frames: $(seconds "$start")"
    if command -v ffmpeg > /dev/null; then
        start=$(date +%s%N)
        "$BIN/after" render "$scene" --frames 0..299 --fps 30 --scale 6 --device "$DEVICE" --stats -o "$OUT/$ex.mp4" 2>&1 | tail -n 11
        echo "$ex after, MP4, 300 frames: $(seconds "$start")"
    else
        echo "$ex: no ffmpeg on this machine; MP4 not measured"
    fi
done

echo "resident size over 3000 frames of timeline-wave to /dev/null (kB, once a second):"
"$BIN/after" render examples/timeline-wave.json --frames 0..2999 --fps 30 --scale 6 --device "$DEVICE" -o /dev/null > "$OUT/soak.txt" 2>&1 &
pid=$!
rss=()
while kill -0 "$pid" 2> /dev/null; do
    rss+=("$(awk '/VmRSS/ {print $2}' /proc/$pid/status 2> /dev/null)")
    sleep 1
done
wait "$pid"
echo "exit $?: ${rss[*]}"
tail -n 1 "$OUT/soak.txt"
