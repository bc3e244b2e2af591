#!/bin/bash
# VP9's quality at each speed setting (issue 39): PNG frames of one size (FRAMES, a pattern such as out/f%03d.png, from
# `weft render SCENE --frames … -o out/f%03d.png`) converted to yuva420p as Weft's conversion does, encoded by
# libvpx-vp9 at CRF 32 with each SETTING, decoded back to RGB (BT.709, limited range) and compared with the PNG frames
# frame by frame (RGB PSNR over all frames); with each file's size and the encode's wall and CPU time. Needs ffmpeg
# and python3 with numpy (apt-get install python3-numpy).
#   FRAMES='out/f%03d.png' Benchmarks/gpu-video-vp9.sh
set -eu
FRAMES=${FRAMES:?FRAMES=path/to/frame%03d.png}
T=$(mktemp -d); trap 'rm -rf $T' EXIT
TAGS=(-colorspace bt709 -color_primaries bt709 -color_trc bt709 -color_range tv)
size=$(ffprobe -v error -select_streams v:0 -show_entries stream=width,height -of csv=p=0:s=x -f image2 -i "$FRAMES")
ffmpeg -hide_banner -loglevel error -y -framerate 30 -i "$FRAMES" -vf "scale=out_color_matrix=bt709:out_range=tv:flags=area:out_h_chr_pos=0:out_v_chr_pos=128" \
    -pix_fmt yuva420p -f rawvideo $T/planes
ffmpeg -hide_banner -loglevel error -y -framerate 30 -i "$FRAMES" -pix_fmt rgb24 -f rawvideo $T/png.rgb
echo "$(ffmpeg -version | head -1); $size, $(( $(stat -c %s $T/png.rgb) / (${size/x/*} * 3) )) frames"
psnr() {
    python3 - "$1" $T/png.rgb <<'PY'
import sys, numpy as np
decoded, png = sys.argv[1], sys.argv[2]
a = np.fromfile(decoded, dtype=np.uint8).astype(np.float64)
b = np.fromfile(png, dtype=np.uint8).astype(np.float64)
assert a.size == b.size, f"{a.size} decoded bytes, {b.size} expected"
print("%.2f dB" % (10 * np.log10(255 ** 2 / ((a - b) ** 2).mean())))
PY
}
IN=(-hide_banner -loglevel error -nostdin -y -f rawvideo -pix_fmt yuva420p -s "$size" "${TAGS[@]}" -framerate 30 -i $T/planes)
for setting in ${SETTINGS:-"good:4" "good:5" "good:6" "realtime:8"}; do
    deadline=${setting%%:*} speed=${setting##*:}
    start=$(date +%s.%N)
    times=$( { TIMEFORMAT='%U + %S'; time ffmpeg "${IN[@]}" -c:v libvpx-vp9 -pix_fmt yuva420p "${TAGS[@]}" -crf 32 -b:v 0 -row-mt 1 \
        -deadline $deadline -cpu-used $speed $T/v.webm; } 2>&1 )
    wall=$(echo "$(date +%s.%N) - $start" | bc)
    ffmpeg -hide_banner -loglevel error -y -i $T/v.webm -vf scale=in_color_matrix=bt709:in_range=tv -pix_fmt rgb24 -f rawvideo $T/v.rgb
    echo "$deadline, speed $speed: $(psnr $T/v.rgb), $(stat -c %s $T/v.webm) bytes; wall ${wall:0:6} s, user+sys $times s"
done
ffmpeg "${IN[@]}" -c:v libx264 -qp 0 -pix_fmt yuv420p "${TAGS[@]}" $T/l.mp4
ffmpeg -hide_banner -loglevel error -y -i $T/l.mp4 -vf scale=in_color_matrix=bt709:in_range=tv -pix_fmt rgb24 -f rawvideo $T/l.rgb
echo "H.264 lossless, the 4:2:0 round trip alone: $(psnr $T/l.rgb)"
