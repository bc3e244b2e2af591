#!/bin/sh
# Wall time of a whole warm `weft render` process: a 2×2 image through one color effect, with
# every kernel (the engine's and the author's) already in the on-disk SPIR-V cache, median of
# RUNS runs after one run that fills the cache. Usage, from the package root:
#     Benchmarks/warm-render.sh [WEFT] [DEVICE] [RUNS]      (defaults: .build/debug/weft cpu 15)
set -eu
weft=${1:-.build/debug/weft}
device=${2:-cpu}
runs=${3:-15}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# A 2×2 opaque RGBA PNG.
printf '\211PNG\015\012\032\012\000\000\000\015IHDR\000\000\000\002\000\000\000\002\010\006\000\000\000r\266\015$\000\000\000\021IDATx\234c8\221b\364\037\204\031`\014\000T@\011u\246h\220\302\000\000\000\000IEND\256B`\202' > "$work/in.png"
render() { XDG_CACHE_HOME=$work/cache "$weft" render "$work/in.png" --effect grayscale --arg amount=1 --device "$device" -o "$work/out.png" > /dev/null; }
render # fill the cache
i=0
while [ "$i" -lt "$runs" ]; do
    start=$(date +%s%N)
    render
    end=$(date +%s%N)
    echo $(( (end - start) / 1000000 ))
    i=$((i + 1))
done | sort -n | awk '{ v[NR] = $1 } END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; print "median " m " ms, min " v[1] " ms, max " v[NR] " ms over " NR " runs" }'
