#!/bin/bash
# A video command's fixed cost (issue 39): for each binary, taking turns, ROUNDS runs of one short video, each with the
# time from the command's start until its ffmpeg started ("start") and from ffmpeg's exit until the command's ("tail"),
# measured by Benchmarks/video-probe.c put first on PATH as `ffmpeg`; then each binary's medians. Runs here (DEVICE
# lavapipe, the CPU evaluator with DEVICE=cpu) and on a GPU host (DEVICE=NVIDIA). From the repository root:
#   gcc -O2 -static -o probe Benchmarks/video-probe.c
#   BINARIES="path/to/weft-main path/to/weft" FFMPEG=/usr/bin/ffmpeg PROBE=path/to/probe DEVICE=lavapipe Benchmarks/gpu-video-ends.sh
# SCENE (examples/timeline-wave.json), FRAMES (0..29), SCALE (1), ROUNDS (7) and OUTPUT (mp4) choose the video.
set -u
BINARIES=${BINARIES:?BINARIES="path/to/weft-before path/to/weft-after"}
FFMPEG=$(readlink -f "${FFMPEG:?FFMPEG=path/to/ffmpeg}")
PROBE=$(readlink -f "${PROBE:?PROBE=path/to/probe (gcc -O2 -static -o probe Benchmarks/video-probe.c)}")
P=$(mktemp -d); cp "$PROBE" $P/ffmpeg; cp "$PROBE" $P/ffmpeg-probe
export PATH=$P:$PATH PROBE_REAL=$FFMPEG
T=$(mktemp -d); LOG=$T/probe.log
run=(render "${SCENE:-examples/timeline-wave.json}" --frames "${FRAMES:-0..29}" --fps 30 --scale "${SCALE:-1}" --device "${DEVICE:-lavapipe}")
echo "ffmpeg: $("$FFMPEG" -version | head -1); cores: $(nproc); ${run[*]} -o $T/out.${OUTPUT:-mp4}"
for w in $BINARIES; do "$w" "${run[@]}" -o $T/warm.${OUTPUT:-mp4} > /dev/null 2>&1; done
for round in $(seq "${ROUNDS:-7}"); do
    for w in $BINARIES; do
        rm -f $LOG
        whole=$(PROBE_LOG=$LOG $P/ffmpeg-probe run "$w" "${run[@]}" -o $T/out.${OUTPUT:-mp4} 2>&1 | tail -1)
        # "wall W s, ... (from A to B monotonic s)" and "ffmpeg from weft: started at S, ended at E (monotonic s); ...".
        read -r wall a b <<< "$(echo "$whole" | sed -E 's/^wall ([0-9.]+) s.*from ([0-9.]+) to ([0-9.]+) monotonic.*/\1 \2 \3/')"
        read -r s e <<< "$(sed -nE 's/^ffmpeg from weft: started at ([0-9.]+), ended at ([0-9.]+).*/\1 \2/p' $LOG)"
        if [ -z "${s:-}" ]; then echo "$w: $whole (no ffmpeg ran)"; continue; fi
        printf '%s %s %.0f %.0f\n' "$w" "$wall" "$(echo "($s - $a) * 1000" | bc -l)" "$(echo "($b - $e) * 1000" | bc -l)"
    done
done | tee $T/runs | awk '{ printf "%s: whole %.3f s, start %d ms, tail %d ms\n", $1, $2, $3, $4 }'
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
for w in $BINARIES; do
    echo "$w: medians of $(grep -c "^$w " $T/runs) runs: whole $(grep "^$w " $T/runs | cut -d' ' -f2 | median) s," \
        "start $(grep "^$w " $T/runs | cut -d' ' -f3 | median) ms, tail $(grep "^$w " $T/runs | cut -d' ' -f4 | median) ms"
done
rm -rf "$P" "$T"
