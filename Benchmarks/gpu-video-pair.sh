#!/bin/bash
# Issue 39 (branch video39e): main beside the branch on 1080p videos of timeline-wave and download-badge, with ffmpeg
# alone encoding the raw planes Weft sends (captured from its pipe) in the same run, taking turns. Every Weft run goes
# through video-probe.c as `ffmpeg`, which logs when ffmpeg started and ended: "start" is the command's start until
# ffmpeg's, "tail" ffmpeg's exit until the command's. MP4 (x264 CRF 18 medium) at 240 and 1200 frames, two rounds;
# WebM (VP9 CRF 32 good; ffmpeg alone at speed 4 and 5) at 240 frames and, one round, 1200; VP9 realtime at 240; a
# one-frame MP4 five times. Output: $OUT/log.txt (or /tmp/log.txt), written as it goes.
# Run it as measure.sh from a folder two levels under the repository (bench-bin/NAME) that holds weft-pair.tar.xz (two
# static binaries, weft-main and weft), ffmpeg.xz (a static ffmpeg), support.tar.xz (lib/ and fonts/ for the binaries),
# probe (gcc -O2 -static -o probe Benchmarks/video-probe.c) and Benchmarks/gpu-video-setup.sh.
set -u
B=$(cd "$(dirname "$0")" && pwd)
. "$B/gpu-video-setup.sh"
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
