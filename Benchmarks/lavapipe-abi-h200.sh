#!/usr/bin/env bash
# Issue 25 §4 on the GPU: two static builds of weft side by side, "base" and "new" (the gallery of each, compared pixel
# by pixel, then `weft bench` at 3840x2160 in both formats, base then new, twice while time allows), all output under
# $OUT. Expects, in the current folder, .gl/ (the Vulkan loader debs, docs/benchmarks.md), .carry-lavapipe/weft-base.xz
# and weft-new.xz (`swift build -c release --product weft --static-swift-stdlib --scratch-path .build-static`, xz) and
# .carry-lavapipe/lib/ (libglfw.so.3, libpng16.so.16 and the X11 libraries ldd finds missing there).
#   OUT=out/h200 bash Benchmarks/lavapipe-abi-h200.sh
set -uo pipefail
DEVICE=${DEVICE:-NVIDIA}
SIZE=${SIZE:-3840x2160}
C=.carry-lavapipe
LOG=$OUT/log.txt
if [ -z "${LOCAL_DRY_RUN:-}" ]; then for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig; fi
for b in base new; do xz -d -c $C/weft-$b.xz > /tmp/weft-$b; chmod +x /tmp/weft-$b; done
export LD_LIBRARY_PATH=$PWD/$C/lib
{ date -u; nvidia-smi --query-gpu=name,driver_version --format=csv 2>&1; } >> $LOG
/tmp/weft-new devices >> $LOG 2>&1
if ! grep -q "$DEVICE" $LOG; then
  export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
  echo "with VK_DRIVER_FILES" >> $LOG; /tmp/weft-new devices >> $LOG 2>&1
fi
for b in base new; do
  echo "== gallery $b" >> $LOG
  XDG_CACHE_HOME=/tmp/cache-$b /tmp/weft-$b gallery --device "$DEVICE" --out /tmp/g-$b >> $LOG 2>&1; echo "exit $?" >> $LOG
done
echo "== compare base new" >> $LOG
/tmp/weft-new compare /tmp/g-base/gallery /tmp/g-new/gallery >> $LOG 2>&1
for r in 1 2; do
  if [ $r = 2 ] && [ $SECONDS -gt 150 ]; then echo "no second round ($SECONDS s)" >> $LOG; break; fi
  for b in base new; do
    echo "== bench $b round $r ($SECONDS s)" >> $LOG
    XDG_CACHE_HOME=/tmp/cache-$b /tmp/weft-$b bench --device "$DEVICE" --size $SIZE --format rgba8 --format rgba16f \
      --json $OUT/bench-$b-$r.json >> $LOG 2>/dev/null
  done
done
echo "done at $SECONDS s" >> $LOG
