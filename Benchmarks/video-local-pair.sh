#!/bin/bash
# Issue 39 on a machine without a GPU (branch video39h): two weft binaries' whole 240-frame commands of timeline-wave
# (320x180) to MP4 and to raw .rgba, on the CPU evaluator and lavapipe, taking turns (the order swapped every other
# round), beside ffmpeg alone encoding from a file the RGBA rows Weft pipes on a CPU device (captured with -o .rgba);
# wall, user and sys seconds of each command (ffmpeg's included), from /usr/bin/time.
# Usage, from the package root: Benchmarks/video-local-pair.sh BEFORE_WEFT AFTER_WEFT [ROUNDS]
set -u
B=$1; A=$2; R=${3:-4}
export XDG_CACHE_HOME=${XDG_CACHE_HOME:-/tmp/weft-video-local-cache}
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
for w in $B $A; do $w render examples/timeline-wave.json --frames 0..1 -o $T/warm.mp4 > /dev/null 2>&1; done
$A render examples/timeline-wave.json --frames 0..239 --device cpu -o $T/frames.rgba > /dev/null 2>&1
VF="pad=ceil(iw/2)*2:ceil(ih/2)*2:color=black@0,scale=out_color_matrix=bt709:out_range=tv:flags=area:out_h_chr_pos=0:out_v_chr_pos=128,setparams=colorspace=bt709:color_primaries=bt709:color_trc=bt709:range=tv"
alone() {
    /usr/bin/time -f "%e %U %S" -o $T/time.txt ffmpeg -hide_banner -loglevel error -nostdin -y -f rawvideo -pix_fmt rgba -s 320x180 \
        -framerate 30.0 -i $T/frames.rgba -c:v libx264 -pix_fmt yuv420p -vf "$VF" -colorspace bt709 -color_primaries bt709 \
        -color_trc bt709 -color_range tv -chroma_sample_location left -crf 18 -movflags +faststart $T/alone.mp4
    echo "round $1 alone: wall/user/sys $(cat $T/time.txt)"
}
for r in $(seq $R); do
    alone $r
    for dev in cpu llvmpipe; do
        order="$B $A"; [ $((r % 2)) = 0 ] && order="$A $B"
        for w in $order; do
            for out in mp4 rgba; do
                /usr/bin/time -f "%e %U %S" -o $T/time.txt $w render examples/timeline-wave.json --frames 0..239 --device $dev -o $T/o.$out > /dev/null 2>&1
                echo "round $r $dev $(basename $w) $out: wall/user/sys $(cat $T/time.txt)"
            done
        done
    done
done
