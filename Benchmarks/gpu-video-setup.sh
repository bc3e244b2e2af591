# Sourced by Benchmarks/gpu-video-pair.sh and gpu-video-start.sh (copied beside them as bench-bin/NAME/measure.sh):
# unpacks the two static binaries (weft-main, weft), their libraries and fonts and the static ffmpeg beside the script,
# puts video-probe.c's binary first on PATH as `ffmpeg`, names the device and the encoder's version, and defines the
# MP4 and WebM settings, `alone` (ffmpeg by itself, timed by the probe) and `weftrun` (a whole Weft command, with its
# start and tail). Output goes to $OUT/log.txt (or /tmp/log.txt) as well.
B=$(cd "$(dirname "$0")" && pwd); R=$(cd "$B/../.." && pwd)
L=${OUT:-/tmp}/log.txt; exec > >(tee -a "$L") 2>&1
cd "$B"; xz -dc support.tar.xz | tar -xf -; xz -dc weft-pair.tar.xz | tar -xf -; chmod +x weft weft-main
xz -dc ffmpeg.xz > /tmp/ffmpeg; chmod +x /tmp/ffmpeg
cd "$R"
export LD_LIBRARY_PATH=$B/lib FONTCONFIG_FILE=$B/fonts/fonts.conf WEFT_STOCK_SHADERS=$R/Shaders XDG_CACHE_HOME=/tmp/weft-cache
mkdir -p /tmp/pb; cp "$B/probe" /tmp/pb/ffmpeg; cp "$B/probe" /tmp/pb/ffmpeg-probe
export PATH=/tmp/pb:$PATH PROBE_REAL=/tmp/ffmpeg
NVIDIA_ICD=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
"$B/weft" devices 2>&1 | grep -q NVIDIA || { [ -f $NVIDIA_ICD ] && export VK_DRIVER_FILES=$NVIDIA_ICD; }
! command -v nvidia-smi > /dev/null || nvidia-smi -L; echo "cores: $(nproc)"; /tmp/ffmpeg -version | head -1; "$B/weft" devices 2>&1 | head -3
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
