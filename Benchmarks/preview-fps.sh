#!/bin/sh
# Frames per second of `weft preview` through Xvfb at 1920×1080, presented with the render's texture copied to the
# swapchain image on the device and, for comparison in the same run, through the host (--host-copy: read back, then
# uploaded), FIFO and --no-vsync. The preview prints `N frames, F frames/s after the first, render median M ms` when
# its --frames are done. CONTENT is what to show (default: the download badge, a 320×180-point scene, at --scale 6).
# Usage, from the package root:
#     [CONTENT='--size 1920x1080 --effect checkerboard --preset'] Benchmarks/preview-fps.sh [WEFT] [FRAMES] [DEVICE]
#     (defaults: .build/release/weft, 60, automatic)
set -eu
weft=${1:-.build/release/weft}
frames=${2:-60}
device=${3:-}
content=${CONTENT:-examples/download-badge.json --scale 6}
work=$(mktemp -d)
display=:$(( 150 + $$ % 100 ))
Xvfb "$display" -screen 0 2048x1280x24 > /dev/null 2>&1 &
xvfb=$!
trap 'kill -9 "$xvfb" 2>/dev/null; rm -rf "$work"' EXIT
export DISPLAY="$display" XDG_CACHE_HOME="$work/cache"
until [ -e "/tmp/.X11-unix/X${display#:}" ]; do sleep 0.05; done
run() {
    # shellcheck disable=SC2086
    "$weft" preview $content --frames "$frames" ${device:+--device "$device"} "$@" 2>&1 | grep -E "presenting|frames/s" | tr '\n' ' '
    echo
}
echo "$content, $frames frames"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "device copy, FIFO:        $(run)"
echo "device copy, --no-vsync:  $(run --no-vsync)"
echo "host copy, FIFO:          $(run --host-copy)"
echo "host copy, --no-vsync:    $(run --host-copy --no-vsync)"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
