#!/bin/bash
# Issue 39 (branches video39f, video39g, video39h): a video command's start — the device chosen, ffmpeg started and the first
# frame planned once while the device opens, the first frame's pipelines created together — main beside the branch on
# 1080p H.264 videos of timeline-wave and download-badge, with ffmpeg alone encoding the raw planes Weft sends
# (captured from its pipe, read from a file and through a 1 MiB pipe, written and spliced) in the same run, taking turns. Every Weft run
# goes through video-probe.c as `ffmpeg`, which logs when ffmpeg started and ended: "start" is the command's start
# until ffmpeg's, "tail" ffmpeg's exit until the command's. A one-frame MP4 three times with Weft's pipeline cache file
# and the NVIDIA driver's own shader cache removed (the SPIR-V cache kept), so that the driver compiles every
# pipeline; MP4 (x264 CRF 18 medium) at 240 and 1200 frames, two rounds; the one-frame MP4 five times with the caches
# warm; each binary's --stats at 240 frames, twice (video39h's with the first frame's run in parts and the video's start in order); the first frames of both, compared; then examples/toolbar-symbols
# with the layer batch on and off (WEFT_LAYER_BATCH), on the GPU and on the CPU evaluator, by both binaries, compared
# pixel by pixel. Output: $OUT/log.txt (or /tmp/log.txt), written as it goes. DEVICE (NVIDIA), SHORT (240) and LONG
# (1200) frames may be set to try it elsewhere (DEVICE=llvmpipe SHORT=4 LONG=8 on lavapipe).
# Run it as measure.sh from a folder two levels under the repository (bench-bin/NAME) that holds weft-pair.tar.xz (two
# static binaries, weft-main and weft), ffmpeg.xz (a static ffmpeg), support.tar.xz (lib/ and fonts/ for the binaries),
# probe (gcc -O2 -static -o probe Benchmarks/video-probe.c) and Benchmarks/gpu-video-setup.sh.
set -u
B=$(cd "$(dirname "$0")" && pwd)
. "$B/gpu-video-setup.sh"
DEVICE=${DEVICE:-NVIDIA} SHORT=${SHORT:-240} LONG=${LONG:-1200}
# On a CPU device (llvmpipe) Weft would send RGBA and leave the conversion to ffmpeg; the planes from the device are
# what is measured, and what the captured file's frame size (3,110,400 bytes) assumes. On a GPU the device converts
# anyway, so only the NVIDIA run is left as it was.
[ "$DEVICE" = NVIDIA ] || export WEFT_VIDEO_CONVERSION=device
one=(render examples/timeline-wave.json --frames 0..0 --fps 30 --scale 6 --device $DEVICE)
echo "== one-frame MP4 (timeline-wave), the pipeline cache file removed, three rounds taking turns"
for w in weft-main weft; do "$B/$w" "${one[@]}" -o $T/warm.mp4 > /dev/null 2>&1; done
for round in 1 2 3; do
    for w in weft-main weft; do
        rm -rf $XDG_CACHE_HOME/weft/pipelines-*.bin $XDG_CACHE_HOME/nvidia
        weftrun $w "${one[@]}" -o $T/one.mp4
    done
done
for example in timeline-wave download-badge; do
    run=(render examples/$example.json --fps 30 --scale 6 --device $DEVICE)
    echo "== $example MP4"
    # Each binary's kernels and pipelines compiled and cached before it is timed.
    for w in weft-main weft; do "$B/$w" "${run[@]}" --frames 0..1 -o $T/warm.mp4 > /dev/null 2>&1; done
    PROBE_CAPTURE=$T/f.yuv "$B/weft" "${run[@]}" --frames 0..$((LONG - 1)) -o $T/capture.mp4 > /dev/null 2>&1; ls -la $T/f.yuv
    head -c $((SHORT * 3110400)) $T/f.yuv > $T/fshort.yuv
    for n in $SHORT $LONG; do
        f=$T/f.yuv; [ $n = $SHORT ] && f=$T/fshort.yuv
        for round in 1 2; do
            echo "$n frames, round $round"
            alone file "${IN[@]}" -pix_fmt yuv420p -i $f "${MP4[@]}" $T/a.mp4
            echo "  alone 1 MiB pipe: $(/tmp/pb/ffmpeg-probe feed $f 3110400 1048576 -- /tmp/ffmpeg "${IN[@]}" -pix_fmt yuv420p -i - "${MP4[@]}" $T/b.mp4)"
            echo "  alone 1 MiB pipe, spliced: $(PROBE_SPLICE=1 /tmp/pb/ffmpeg-probe feed $f 3110400 1048576 -- /tmp/ffmpeg "${IN[@]}" -pix_fmt yuv420p -i - "${MP4[@]}" $T/b.mp4)"
            order=(weft-main weft); [ $round = 2 ] && order=(weft weft-main)
            for w in "${order[@]}"; do weftrun $w "${run[@]}" --frames 0..$((n - 1)) -o $T/w.mp4; done
        done
    done
done
echo "== one-frame MP4 (timeline-wave), caches warm, five rounds taking turns"
for round in 1 2 3 4 5; do for w in weft-main weft; do weftrun $w "${one[@]}" -o $T/one.mp4; done; done
for round in 1 2; do
    for w in weft-main weft; do
        echo "== --stats, $SHORT frames of timeline-wave ($w, round $round)"
        "$B/$w" render examples/timeline-wave.json --frames 0..$((SHORT - 1)) --fps 30 --scale 6 --device $DEVICE --stats -o $T/s.mp4 2>&1 | grep -E "^before|^sequence|^first|^the devices|^the video"
    done
done
echo "== the first frames of both binaries, compared"
for w in weft-main weft; do "$B/$w" render examples/timeline-wave.json --frames 0..2 --fps 30 --scale 6 --device $DEVICE -o $T/$w-%d.png > /dev/null 2>&1; done
for i in 0 1 2; do echo "frame $i: $("$B/weft" compare $T/weft-main-$i.png $T/weft-$i.png --tolerance 0 2>&1)"; done
echo "== layer batch: examples/toolbar-symbols, WEFT_LAYER_BATCH=1 against 0"
for w in weft-main weft; do
    for device in $DEVICE cpu; do
        for batch in 0 1; do WEFT_LAYER_BATCH=$batch "$B/$w" render examples/toolbar-symbols.json --device $device -o $T/tb-$w-$device-$batch.png > /dev/null; done
        echo "$w on $device, batched against separate passes: $("$B/weft" compare $T/tb-$w-$device-1.png $T/tb-$w-$device-0.png --tolerance 0 2>&1)"
    done
    for batch in 0 1; do echo "$w on $DEVICE against the CPU evaluator, WEFT_LAYER_BATCH=$batch: $("$B/weft" compare $T/tb-$w-$DEVICE-$batch.png $T/tb-$w-cpu-$batch.png --tolerance 0 2>&1)"; done
done
echo "== end"
