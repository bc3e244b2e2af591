#!/usr/bin/env bash
# Video at 1920x1080 (issue 39; SCALE=6 of the examples' 320x180 points): MP4 (libx264, CRF 18, medium) and WebM (libvpx-vp9, CRF 32) frames/s through Weft,
# AFTER (YUV planes converted on the device; again with WEFT_VIDEO_CONVERSION=ffmpeg, RGBA down the pipe as before the
# kernel) and, where BEFORE names one, an older binary, beside ffmpeg alone encoding the same frames from raw YUV with
# AFTER's settings, all in one run. Frames/s = frames / wall seconds of the whole command (first frame's compiles
# included). Then AFTER's MP4 once more with --stats: where a frame's time goes (render thread, waiting for the writer,
# the pipe) and, where AFTER prints it, the command's time before the sequence and after its last frame. With TEN_BIT=1,
# the 10-bit formats too: HEVC main10 (libx265, yuv420p10le) in MP4 and ProRes 4444 (prores_ks, yuva444p10le) in MOV,
# each beside ffmpeg alone from raw planes of that format. FFMPEG is put first on PATH as `ffmpeg`, so the binaries and
# the reference use it.
#   [BEFORE=path/to/weft] AFTER=path/to/weft FFMPEG=path/to/ffmpeg DEVICE=NVIDIA [TEN_BIT=1] Benchmarks/gpu-video.sh [EXAMPLE...]
set -uo pipefail
BEFORE=${BEFORE:-}
AFTER=${AFTER:?AFTER=path/to/weft}
FFMPEG=${FFMPEG:?FFMPEG=path/to/ffmpeg}
DEVICE=${DEVICE:-NVIDIA}
FRAMES=${FRAMES:-240}
SCALE=${SCALE:-6}
TEN_BIT=${TEN_BIT:-}
T=${TMP_FOLDER:-/tmp/video-bench}
mkdir -p "$T/bin"
ln -sf "$(readlink -f "$FFMPEG")" "$T/bin/ffmpeg"
export PATH=$T/bin:$PATH
echo "ffmpeg: $(ffmpeg -version | head -1)"
echo "cores: $(nproc)"
TAGS=(-colorspace bt709 -color_primaries bt709 -color_trc bt709 -color_range tv)
MP4=(-c:v libx264 -pix_fmt yuv420p "${TAGS[@]}" -crf 18 -movflags +faststart)
WEBM=(-c:v libvpx-vp9 -pix_fmt yuva420p "${TAGS[@]}" -crf 32 -b:v 0 -row-mt 1)
HEVC10=(-c:v libx265 -pix_fmt yuv420p10le "${TAGS[@]}" -chroma_sample_location left -crf 20 -movflags +faststart)
PRORES=(-c:v prores_ks -pix_fmt yuva444p10le "${TAGS[@]}" -profile:v 4444)
# fps COMMAND...: FRAMES over the command's wall time, or why it failed.
fps() {
    [ -n "$1" ] || { echo "-"; return; }
    local start end
    start=$(date +%s.%N)
    "$@" > "$T/log" 2>&1
    local status=$?
    end=$(date +%s.%N)
    if [ $status -ne 0 ]; then echo "failed ($status): $(tail -2 "$T/log" | tr '\n' ' ')"; return; fi
    awk -v s="$start" -v e="$end" -v n="$FRAMES" 'BEGIN { printf "%.1f\n", n / (e - s) }'
}
# seconds COMMAND...: the command's wall seconds, or why it failed.
seconds() {
    local start end
    start=$(date +%s.%N)
    "$@" > "$T/log" 2>&1 || { echo "failed ($?): $(tail -2 "$T/log" | tr '\n' ' ')"; return; }
    end=$(date +%s.%N)
    awk -v s="$start" -v e="$end" 'BEGIN { printf "%.3f\n", e - s }'
}
# alone FORMAT OUTPUT ARGS...: ffmpeg encoding the raw FORMAT frames in $T/frames.FORMAT, of $size pixels.
alone() {
    local format=$1 output=$2; shift 2
    ffmpeg -hide_banner -loglevel error -nostdin -y -f rawvideo -pix_fmt "$format" -s "$size" "${TAGS[@]}" -framerate 30 \
        -i "$T/frames.$format" "$@" "$output"
}
EXAMPLES=("$@")
[ ${#EXAMPLES[@]} -gt 0 ] || EXAMPLES=(timeline-wave download-badge thumbnail-detail)
# The fixed cost of a video command: one 1920x1080 frame to MP4 (process start, device, scene, first frame, ffmpeg's
# start and exit), five runs of each binary taking turns, then AFTER's --stats of it.
one=(render "examples/${EXAMPLES[0]}.json" --frames 0..0 --fps 30 --scale "$SCALE" --device "$DEVICE")
"$AFTER" "${one[@]}" -o "$T/warm.mp4" > /dev/null 2>&1
for round in 1 2 3 4 5; do
    echo "one-frame MP4, seconds: before $( [ -n "$BEFORE" ] && seconds "$BEFORE" "${one[@]}" -o "$T/one-before.mp4" || echo -)" \
         "| after $(seconds "$AFTER" "${one[@]}" -o "$T/one-after.mp4")"
done
"$AFTER" "${one[@]}" --stats -o "$T/one-stats.mp4" 2>&1 | grep -E 'before the sequence|^sequence|first frame'
for example in "${EXAMPLES[@]}"; do
    scene=examples/$example.json
    run=(--frames "0..$((FRAMES - 1))" --fps 30 --scale "$SCALE" --device "$DEVICE")
    echo "== $example, $FRAMES frames"
    echo "after, raw to /dev/null: $(fps "$AFTER" render "$scene" "${run[@]}" -o /dev/null)"
    # The same frames as raw YUV for ffmpeg alone, untimed: AFTER's RGBA, converted by ffmpeg as Weft's kernel does.
    size=$("$AFTER" render "$scene" "${run[@]}" -o "$T/frames.rgba" 2>/dev/null | grep -o '[0-9]*x[0-9]*' | head -1)
    echo "frames of $size pixels"
    formats=(yuv420p yuva420p)
    [ -z "$TEN_BIT" ] || formats+=(yuv420p10le yuva444p10le)
    for format in "${formats[@]}"; do
        ffmpeg -hide_banner -loglevel error -nostdin -y -f rawvideo -pix_fmt rgba -s "$size" -i "$T/frames.rgba" \
            -vf scale=out_color_matrix=bt709:out_range=tv:flags=area -pix_fmt $format -f rawvideo "$T/frames.$format"
    done
    rm -f "$T/frames.rgba"
    for round in 1 2; do
        echo "MP4 round $round: before $(fps "$BEFORE" render "$scene" "${run[@]}" -o "$T/before.mp4")" \
             "| after $(fps "$AFTER" render "$scene" "${run[@]}" -o "$T/after.mp4")" \
             "| after, ffmpeg converting $(WEFT_VIDEO_CONVERSION=ffmpeg fps "$AFTER" render "$scene" "${run[@]}" -o "$T/rgba.mp4")" \
             "| ffmpeg alone $(fps alone yuv420p "$T/alone.mp4" "${MP4[@]}")"
    done
    echo "WebM: before $(fps "$BEFORE" render "$scene" "${run[@]}" -o "$T/before.webm")" \
         "| after (good) $(fps "$AFTER" render "$scene" "${run[@]}" -o "$T/after.webm")" \
         "| ffmpeg alone (good) $(fps alone yuva420p "$T/alone.webm" "${WEBM[@]}" -deadline good -cpu-used 4)" \
         "| after (realtime) $(fps "$AFTER" render "$scene" "${run[@]}" --encoder-preset realtime -o "$T/realtime.webm")" \
         "| ffmpeg alone (realtime) $(fps alone yuva420p "$T/alone-realtime.webm" "${WEBM[@]}" -deadline realtime -cpu-used 8)"
    if [ -n "$TEN_BIT" ]; then
        echo "HEVC main10 MP4: before $(fps "$BEFORE" render "$scene" "${run[@]}" --codec libx265 --pix-fmt yuv420p10le -o "$T/before10.mp4")" \
             "| after $(fps "$AFTER" render "$scene" "${run[@]}" --codec libx265 --pix-fmt yuv420p10le -o "$T/after10.mp4")" \
             "| ffmpeg alone $(fps alone yuv420p10le "$T/alone10.mp4" "${HEVC10[@]}")"
        echo "ProRes 4444 MOV: before $(fps "$BEFORE" render "$scene" "${run[@]}" -o "$T/before.mov")" \
             "| after $(fps "$AFTER" render "$scene" "${run[@]}" -o "$T/after.mov")" \
             "| ffmpeg alone $(fps alone yuva444p10le "$T/alone.mov" "${PRORES[@]}")"
    fi
    echo "after, MP4, --stats:"
    "$AFTER" render "$scene" "${run[@]}" --stats -o "$T/stats.mp4" 2>&1 | grep -v '^frame'
    echo "frames in after.mp4: $(ffmpeg -hide_banner -i "$T/after.mp4" -f null - 2>&1 | grep -o 'frame= *[0-9]*' | tail -1)"
    rm -f "$T"/frames.*
done
