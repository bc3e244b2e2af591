#!/bin/bash
# Issue 39 (branch video39e): main beside the branch on 1080p videos of timeline-wave and download-badge, with ffmpeg
# alone encoding the raw planes Weft sends (captured from its pipe) in the same run, taking turns. Every Weft run goes
# through video-probe.c as `ffmpeg`, which logs when ffmpeg started and ended: "start" is the command's start until
# ffmpeg's, "tail" ffmpeg's exit until the command's. MP4 (x264 CRF 18 medium) at 240 and 1200 frames, two rounds;
# WebM (VP9 CRF 32 good; ffmpeg alone at speed 4 and 5) at 240 frames and, one round, 1200; VP9 realtime at 240; a
# one-frame MP4 five times. Output: $OUT/log.txt (or /tmp/log.txt), written as it goes.
# Run it as measure.sh from a folder two levels under the repository (bench-bin/NAME) that holds weft-pair.tar.xz (two
# static binaries, weft-main and weft), ffmpeg.xz (a static ffmpeg), support.tar.xz (lib/ and fonts/ for the binaries)
# and probe (gcc -O2 -static -o probe Benchmarks/video-probe.c).
set -u
B=$(cd "$(dirname "$0")" && pwd); R=$(cd "$B/../.." && pwd)
L=${OUT:-/tmp}/log.txt; exec > >(tee -a "$L") 2>&1
cd "$B"; xz -dc support.tar.xz | tar -xf -; xz -dc weft-pair.tar.xz | tar -xf -; chmod +x weft weft-main
xz -dc ffmpeg.xz > /tmp/ffmpeg; chmod +x /tmp/ffmpeg
cd "$R"
export LD_LIBRARY_PATH=$B/lib FONTCONFIG_FILE=$B/fonts/fonts.conf WEFT_STOCK_SHADERS=$R/Shaders XDG_CACHE_HOME=/tmp/weft-cache
mkdir -p /tmp/pb; cp "$B/probe" /tmp/pb/ffmpeg; cp "$B/probe" /tmp/pb/ffmpeg-probe
export PATH=/tmp/pb:$PATH PROBE_REAL=/tmp/ffmpeg
"$B/weft" devices 2>&1 | grep -q NVIDIA || export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
nvidia-smi -L; echo "cores: $(nproc)"; /tmp/ffmpeg -version | head -1; "$B/weft" devices 2>&1 | head -1
T=/tmp/v; mkdir -p $T; LOG=$T/probe.log
TAGS=(-colorspace bt709 -color_primaries bt709 -color_trc bt709 -color_range tv)
IN=(-hide_banner -loglevel error -nostdin -y -f rawvideo -s 1920x1080 "${TAGS[@]}" -framerate 30)
MP4=(-c:v libx264 -pix_fmt yuv420p "${TAGS[@]}" -chroma_sample_location left -crf 18 -movflags +faststart)
VP9=(-c:v libvpx-vp9 -pix_fmt yuva420p "${TAGS[@]}" -chroma_sample_location left -crf 32 -b:v 0 -row-mt 1)
alone() { echo "  alone $1: $(/tmp/pb/ffmpeg-probe run /tmp/ffmpeg "${@:2}" 2>&1 | tail -1)"; }
# weftrun BINARY ARGS...: the whole command, and its start and tail from the probe's log.
weftrun() {
    rm -f $LOG
    local whole=$(PROBE_LOG=$LOG /tmp/pb/ffmpeg-probe run "$B/$1" "${@:2}" 2>&1 | tail -1)
    local a=$(echo "$whole" | sed -E 's/.*from ([0-9.]+) to ([0-9.]+) monotonic.*/\1 \2/')
    local s=$(sed -nE 's/^ffmpeg from weft: started at ([0-9.]+), ended at ([0-9.]+).*/\1 \2/p' $LOG)
    echo "  $1: $whole; start/tail ms: $(echo $a $s | awk '{ printf "%.0f %.0f", ($3 - $1) * 1000, ($2 - $4) * 1000 }')"
}
for example in timeline-wave download-badge; do
    run=(render examples/$example.json --fps 30 --scale 6 --device NVIDIA)
    echo "== $example MP4"
    PROBE_CAPTURE=$T/f.yuv "$B/weft" "${run[@]}" --frames 0..1199 -o $T/capture.mp4 > /dev/null 2>&1; ls -la $T/f.yuv
    head -c $((240 * 3110400)) $T/f.yuv > $T/f240.yuv
    for n in 240 1200; do
        f=$T/f.yuv; [ $n = 240 ] && f=$T/f240.yuv
        for round in 1 2; do
            echo "$n frames, round $round"
            alone file "${IN[@]}" -pix_fmt yuv420p -i $f "${MP4[@]}" $T/a.mp4
            echo "  alone 1 MiB pipe: $(/tmp/pb/ffmpeg-probe feed $f 3110400 1048576 -- /tmp/ffmpeg "${IN[@]}" -pix_fmt yuv420p -i - "${MP4[@]}" $T/b.mp4)"
            for w in weft-main weft; do weftrun $w "${run[@]}" --frames 0..$((n - 1)) -o $T/w.mp4; done
        done
    done
done
for example in timeline-wave download-badge; do
    run=(render examples/$example.json --fps 30 --scale 6 --device NVIDIA)
    echo "== $example WebM (VP9 good)"
    PROBE_CAPTURE=$T/g.yuv "$B/weft" "${run[@]}" --frames 0..1199 -o $T/capture.webm > /dev/null 2>&1; ls -la $T/g.yuv
    head -c $((240 * 5184000)) $T/g.yuv > $T/g240.yuv
    echo "240 frames"
    alone "speed 4" "${IN[@]}" -pix_fmt yuva420p -i $T/g240.yuv "${VP9[@]}" -deadline good -cpu-used 4 $T/a4.webm
    alone "speed 5" "${IN[@]}" -pix_fmt yuva420p -i $T/g240.yuv "${VP9[@]}" -deadline good -cpu-used 5 $T/a5.webm
    for w in weft-main weft; do weftrun $w "${run[@]}" --frames 0..239 -o $T/w.webm; done
    ls -la $T/a4.webm $T/a5.webm
    echo "240 frames, realtime"
    alone "realtime 8" "${IN[@]}" -pix_fmt yuva420p -i $T/g240.yuv "${VP9[@]}" -deadline realtime -cpu-used 8 $T/ar.webm
    weftrun weft "${run[@]}" --frames 0..239 --encoder-preset realtime -o $T/w.webm
done
echo "== one-frame MP4 (timeline-wave), five rounds taking turns"
for round in 1 2 3 4 5; do for w in weft-main weft; do weftrun $w render examples/timeline-wave.json --frames 0..0 --fps 30 --scale 6 --device NVIDIA -o $T/one.mp4; done; done
echo "== --stats, 240 frames of timeline-wave (branch)"
"$B/weft" render examples/timeline-wave.json --frames 0..239 --fps 30 --scale 6 --device NVIDIA --stats -o $T/s.mp4 2>&1 | grep -E "^before|^sequence|^first"
for example in timeline-wave download-badge; do
    run=(render examples/$example.json --fps 30 --scale 6 --device NVIDIA)
    echo "== $example WebM (VP9 good), 1200 frames, one round"
    alone "speed 5" "${IN[@]}" -pix_fmt yuva420p -i $T/g.yuv "${VP9[@]}" -deadline good -cpu-used 5 $T/a5.webm
    weftrun weft "${run[@]}" --frames 0..1199 -o $T/w.webm
done
echo "== end"
