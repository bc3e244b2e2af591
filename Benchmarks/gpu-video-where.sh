#!/bin/bash
# Where a 1080p video's time goes (issue 39): per example, 240 and 1200 frames, ffmpeg alone from the raw planes Weft
# sends (captured from its pipe), the same file through a pipe of 1 MiB, 8 MiB (where F_SETPIPE_SZ allows it; else the
# feeder says "Operation not permitted" and the pipe stays at 64 KiB) and 64 KiB, each written a frame at a time as
# Weft's writer does, and each binary's whole command, with ffmpeg's CPU, Weft's own CPU and when ffmpeg started and
# ended (Benchmarks/video-probe.c, put first on PATH as `ffmpeg`). Then VP9 realtime for download-badge, a one-frame
# MP4 (the fixed cost) and the process's start and exit alone (--help). From the repository root:
#   gcc -O2 -static -o probe Benchmarks/video-probe.c
#   BINARIES="path/to/weft-main path/to/weft" FFMPEG=path/to/ffmpeg PROBE=path/to/probe Benchmarks/gpu-video-where.sh
set -u
BINARIES=${BINARIES:?BINARIES="path/to/weft-before path/to/weft-after"}
FFMPEG=$(readlink -f "${FFMPEG:?FFMPEG=path/to/ffmpeg}")
PROBE=$(readlink -f "${PROBE:?PROBE=path/to/probe (gcc -O2 -static -o probe Benchmarks/video-probe.c)}")
mkdir -p /tmp/pb; cp "$PROBE" /tmp/pb/ffmpeg; cp "$PROBE" /tmp/pb/ffmpeg-probe
export PATH=/tmp/pb:$PATH PROBE_REAL=$FFMPEG
W0=$(echo $BINARIES | cut -d' ' -f1)
"$W0" devices 2>&1 | grep -q NVIDIA || export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
nvidia-smi -L; echo "cores: $(nproc)"; "$FFMPEG" -version | head -1; "$W0" devices 2>&1 | head -3
T=/tmp/v; mkdir -p $T; LOG=$T/probe.log
TAGS=(-colorspace bt709 -color_primaries bt709 -color_trc bt709 -color_range tv)
IN=(-hide_banner -loglevel error -nostdin -y -f rawvideo -s 1920x1080 "${TAGS[@]}" -framerate 30)
MP4=(-c:v libx264 -pix_fmt yuv420p "${TAGS[@]}" -chroma_sample_location left -crf 18 -movflags +faststart)
VP9RT=(-c:v libvpx-vp9 -pix_fmt yuva420p "${TAGS[@]}" -chroma_sample_location left -crf 32 -b:v 0 -row-mt 1 -deadline realtime -cpu-used 8)
# weftrun LABEL BINARY ARGS...: the whole command, its ffmpeg's CPU and its own threads' (from the wrapper's log).
weftrun() {
    local label=$1; shift
    rm -f $LOG; echo "$label: $(PROBE_LOG=$LOG /tmp/pb/ffmpeg-probe run "$@" 2>&1 | tail -1)"; sed 's/^/    /' $LOG 2>/dev/null
}
for example in ${EXAMPLES:-timeline-wave download-badge}; do
    scene=examples/$example.json
    run=(render "$scene" --fps 30 --scale 6 --device NVIDIA)
    echo "== $example"
    PROBE_CAPTURE=$T/f.yuv "$W0" "${run[@]}" --frames 0..1199 -o $T/capture.mp4 > /dev/null 2>&1
    ls -la $T/f.yuv
    head -c $((240 * 3110400)) $T/f.yuv > $T/f240.yuv
    for n in 240 1200; do
        f=$T/f.yuv; [ $n = 240 ] && f=$T/f240.yuv
        for w in $BINARIES; do
            echo "$n frames, $w to /dev/null: $(/tmp/pb/ffmpeg-probe run "$w" "${run[@]}" --frames 0..$((n - 1)) -o /dev/null 2>&1 | tail -1)"
        done
        for round in 1 2; do
            echo "$n frames round $round"
            echo "  alone from file: $(/tmp/pb/ffmpeg-probe run "$FFMPEG" "${IN[@]}" -pix_fmt yuv420p -i $f "${MP4[@]}" $T/a.mp4)"
            echo "  alone, 1 MiB pipe: $(/tmp/pb/ffmpeg-probe feed $f 3110400 1048576 -- "$FFMPEG" "${IN[@]}" -pix_fmt yuv420p -i - "${MP4[@]}" $T/b.mp4)"
            echo "  alone, 8 MiB pipe: $(/tmp/pb/ffmpeg-probe feed $f 3110400 8388608 -- "$FFMPEG" "${IN[@]}" -pix_fmt yuv420p -i - "${MP4[@]}" $T/d.mp4)"
            [ $round = 1 ] && echo "  alone, 64 KiB pipe: $(/tmp/pb/ffmpeg-probe feed $f 3110400 0 -- "$FFMPEG" "${IN[@]}" -pix_fmt yuv420p -i - "${MP4[@]}" $T/c.mp4)"
            for w in $BINARIES; do weftrun "  $w" "$w" "${run[@]}" --frames 0..$((n - 1)) -o $T/w.mp4; done
        done
        for w in $BINARIES; do
            echo "  $w --stats:"; "$w" "${run[@]}" --frames 0..$((n - 1)) --stats -o $T/s.mp4 2>&1 | grep -v '^frame' | sed 's/^/    /'
        done
    done
done
if [ -z "${EXAMPLES:-}" ]; then
    echo "== download-badge, VP9 realtime, 240 frames"
    run=(render examples/download-badge.json --fps 30 --scale 6 --device NVIDIA --frames 0..239 --encoder-preset realtime)
    PROBE_CAPTURE=$T/fa.yuv "$W0" "${run[@]}" -o $T/capture.webm > /dev/null 2>&1; ls -la $T/fa.yuv
    for round in 1 2; do
        echo "  alone from file: $(/tmp/pb/ffmpeg-probe run "$FFMPEG" "${IN[@]}" -pix_fmt yuva420p -i $T/fa.yuv "${VP9RT[@]}" $T/a.webm)"
        echo "  alone, 16 MiB pipe: $(/tmp/pb/ffmpeg-probe feed $T/fa.yuv 5184000 16777216 -- "$FFMPEG" "${IN[@]}" -pix_fmt yuva420p -i - "${VP9RT[@]}" $T/c.webm)"
        echo "  alone, 1 MiB pipe: $(/tmp/pb/ffmpeg-probe feed $T/fa.yuv 5184000 1048576 -- "$FFMPEG" "${IN[@]}" -pix_fmt yuva420p -i - "${VP9RT[@]}" $T/b.webm)"
        for w in $BINARIES; do weftrun "  $w" "$w" "${run[@]}" -o $T/w.webm; done
    done
    for w in $BINARIES; do
        echo "  $w --stats:"; "$w" "${run[@]}" --stats -o $T/s.webm 2>&1 | grep -v '^frame' | sed 's/^/    /'
    done
fi
echo "== one-frame MP4 (timeline-wave), seconds, taking turns"
one=(render examples/timeline-wave.json --frames 0..0 --fps 30 --scale 6 --device NVIDIA)
for round in 1 2 3 4 5; do
    for w in $BINARIES; do weftrun "  $w" "$w" "${one[@]}" -o $T/one.mp4; done
done
echo "== process start and exit alone (weft --help)"
for round in 1 2 3; do for w in $BINARIES; do echo "  $w: $(/tmp/pb/ffmpeg-probe run "$w" --help 2>&1 | tail -1)"; done; done
