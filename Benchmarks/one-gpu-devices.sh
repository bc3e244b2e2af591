#!/bin/bash
# On a one-GPU machine (issue 42): --device index:0 / uuid: / the scheduler's variables pick the GPU nvidia-smi names, and
# --devices all,cpu writes the frames one device writes, with its frames/s beside main's and one device's.
# Carried as bench-bin/gpus42/run.sh beside a static release build of weft (bench-bin/gpus42/weft); run from the
# repository root of the device machine: bash bench-bin/gpus42/run.sh
set -u
B=$(cd "$(dirname "$0")" && pwd); R=$(cd "$B/../.." && pwd); W=$B/weft; M=$B/weft-main
# The Swift runtime and the libraries the device machine lacks (weft here is a debug build, dynamically linked).
[ -f "$B/lib.tar.xz" ] && { mkdir -p "$B/lib" && tar xJf "$B/lib.tar.xz" -C "$B/lib"; export LD_LIBRARY_PATH=$B/lib; }
cd "$R"
export WEFT_STOCK_SHADERS=$R/Shaders
nvidia-smi -L
$W devices | grep -q NVIDIA || export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
$W devices | grep -E '^[* ] |UUID|PCI bus|selected|rejected|would use'
UUID=$(nvidia-smi -L | sed -n 's/^GPU 0: .*(UUID: \(GPU-[^)]*\)).*/\1/p')
echo "== --device index:0"; $W devices --device index:0 | tail -1
echo "== --device uuid:$UUID"; $W devices --device "uuid:$UUID" | tail -1
echo "== CUDA_VISIBLE_DEVICES=0"; CUDA_VISIBLE_DEVICES=0 $W devices | tail -1
echo "== NVIDIA_VISIBLE_DEVICES=$UUID, --stats"
NVIDIA_VISIBLE_DEVICES=$UUID $W render examples/${SCENE:-timeline-wave}.json --scale ${SCALE:-6} --stats -o /tmp/one.png | grep '^device:'
echo "== CUDA_VISIBLE_DEVICES=1 (a GPU this machine lacks)"; CUDA_VISIBLE_DEVICES=1 $W render examples/${SCENE:-timeline-wave}.json -o /tmp/x.png; echo "exit $?"
S="examples/${SCENE:-timeline-wave}.json --frames 0..${LAST:-119} --scale ${SCALE:-6}"
for i in $(seq ${ROUNDS:-2}); do
  echo "== round $i"
  [ -x "$M" ] && { echo -n "main --device index:0 ... "; $M render $S -o /tmp/main/f%04d.png | tail -1; }
  echo -n "gpus42 --device index:0: "; $W render $S --device index:0 -o /tmp/one/f%04d.png | tail -1
  echo -n "gpus42 --devices all: "; $W render $S --devices all -o /tmp/all/f%04d.png | tail -1
  echo -n "gpus42 --devices all,cpu: "; timeout 90 $W render $S --devices all,cpu -o /tmp/two/f%04d.png > /tmp/two.txt; tail -1 /tmp/two.txt
done
same() { n=0; d=""; for f in /tmp/one/*.png; do cmp -s "$f" "$2/$(basename $f)" && n=$((n+1)) || d="$d $(basename $f)"; done; echo "$1: $n of $(ls /tmp/one | wc -l) files identical to --device index:0; differing:$d"; }
[ -x "$M" ] && same main /tmp/main
same "--devices all" /tmp/all
same "--devices all,cpu" /tmp/two
CPUF=$(grep 'CPU evaluator$' /tmp/two.txt | sed 's|.*/f\([0-9]*\)\.png:.*|\1|' | head -${CHECK:-1})
echo "frames the CPU evaluator rendered (the first ${CHECK:-1} checked): $CPUF"
for m in $CPUF; do n=$((10#$m))
  timeout 60 $W render examples/${SCENE:-timeline-wave}.json --frames $n..$n --scale ${SCALE:-6} --device cpu -o /tmp/cpu/f%04d.png | tail -1
  f=$(printf 'f%04d.png' $n); cmp -s /tmp/cpu/$f /tmp/two/$f && echo "$f: identical to --device cpu alone" || echo "$f: DIFFERS from --device cpu alone"
done
