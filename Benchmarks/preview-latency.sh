#!/bin/sh
# Edit-to-new-frame latency of `weft preview`, measured through the X server: a fill shader is saved with a new
# color (written to a temporary file and renamed over the old one, as editors save), and the clock stops when the
# window's pixels, read back from the X server with xwd, show that color. Each save is a new source, so every
# measurement includes a glslang compile. Needs Xvfb, xwd (x11-apps) and xdotool. Usage, from the package root:
#     Benchmarks/preview-latency.sh [WEFT] [DEVICE] [RUNS]      (defaults: .build/debug/weft, automatic, 15)
set -eu
weft=${1:-.build/debug/weft}
device=${2:-}
runs=${3:-15}
work=$(mktemp -d)
display=:$(( 150 + $$ % 100 ))
Xvfb "$display" -screen 0 1280x1024x24 -nolisten tcp > /dev/null 2>&1 &
xvfb=$!
preview=
trap '[ -n "$preview" ] && kill -9 "$preview" 2>/dev/null; kill -9 "$xvfb" 2>/dev/null; [ -n "${KEEP_LOG:-}" ] && cp "$work/out.txt" "$KEEP_LOG"; rm -rf "$work"' EXIT
export DISPLAY="$display" XDG_CACHE_HOME="$work/cache"
save() {
    printf '[[ stitchable ]]\nvec4 paint(vec2 position) { return vec4(%s, 0.5, 0.25, 1.0); }\n' "$1" > "$work/tmp.glsl"
    mv "$work/tmp.glsl" "$work/paint.glsl"
}
save 0.0
until [ -e "/tmp/.X11-unix/X${display#:}" ]; do sleep 0.05; done
"$weft" preview --size 320x240 --shaders "$work" --effect paint --paused ${device:+--device "$device"} > "$work/out.txt" 2>&1 &
preview=$!
until grep -q "presenting" "$work/out.txt" 2>/dev/null; do sleep 0.05; kill -0 "$preview" || { cat "$work/out.txt"; exit 1; }; done
window=$(xdotool search --name "weft preview" | head -1)
# The red byte of the window's center pixel (xwd's ZPixmap, 32 bits per pixel, least significant byte first: B G R X).
red() {
    xwd -silent -id "$window" > "$work/shot.xwd"
    set -- $(od -An -tu4 --endian=big -N100 "$work/shot.xwd")
    od -An -tu1 -j $(( $1 + ${20} * 12 + 120 * ${13} + 160 * 4 + 2 )) -N1 "$work/shot.xwd" | tr -d ' '
}
i=1
while [ "$i" -le "$runs" ]; do
    expected=$(( i * 10 ))
    start=$(date +%s%N)
    save "$(awk "BEGIN { printf \"%.6f\", $expected / 255 }")"
    until [ "$(red)" = "$expected" ]; do :; done
    end=$(date +%s%N)
    echo $(( (end - start) / 1000000 ))
    i=$((i + 1))
done | sort -n | awk '{ v[NR] = $1 } END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; print "edit to new frame: median " m " ms, min " v[1] " ms, max " v[NR] " ms over " NR " saves" }'
