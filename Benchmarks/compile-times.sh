#!/bin/sh
# Shader compile times: cold compile of every stock effect (no cache) and warm load from
# the on-disk SPIR-V cache in a fresh process, both output formats, median of RUNS runs.
# Prints a Markdown table. Usage: Benchmarks/compile-times.sh [RUNS] (default 5), from
# the package root. Set SKIP_BUILD=1 to use an existing .build/release/weft.
set -eu
runs=${1:-5}
[ "${SKIP_BUILD:-0}" = 1 ] || swift build -c release --product weft >&2
weft=.build/release/weft
cache=$(mktemp -d)
out=$(mktemp -d)
trap 'rm -rf "$cache" "$out"' EXIT

XDG_CACHE_HOME=$cache "$weft" check Shaders > /dev/null # fill the cache once
i=0
while [ "$i" -lt "$runs" ]; do
    "$weft" check --no-cache Shaders > "$out/cold.$i"
    XDG_CACHE_HOME=$cache "$weft" check Shaders > "$out/warm.$i"
    i=$((i + 1))
done

# Rows look like: name kind params… <rgba8> ms <rgba16f> ms <outcome>
extract() { # file -> "name rgba8 rgba16f" per function
    awk '/ ms / { n = split($0, f, " +"); for (j = 1; j <= n; j++) if (f[j] == "ms") { t[++k] = f[j-1] } print f[1], t[1], t[2]; k = 0 }' "$1"
}
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

startup=$(for f in "$out"/cold.* ; do awk '/^glslang start-up/ { print $(NF-1) }' "$f"; done | median)
for f in "$out"/cold.* ; do extract "$f"; done > "$out/cold"
for f in "$out"/warm.* ; do extract "$f"; done > "$out/warm"
echo "| effect | kind | cold rgba8 (ms) | cold rgba16f (ms) | warm rgba8 (ms) | warm rgba16f (ms) |"
echo "| --- | --- | ---: | ---: | ---: | ---: |"
awk '/ ms / { print $1, $2 }' "$out/cold.0" | while read -r name kind; do
    c8=$(awk -v n="$name" '$1 == n { print $2 }' "$out/cold" | median)
    c16=$(awk -v n="$name" '$1 == n { print $3 }' "$out/cold" | median)
    w8=$(awk -v n="$name" '$1 == n { print $2 }' "$out/warm" | median)
    w16=$(awk -v n="$name" '$1 == n { print $3 }' "$out/warm" | median)
    echo "| $name | $kind | $c8 | $c16 | $w8 | $w16 |"
done
echo
echo "glslang start-up, once per process before the first compile (median): $startup ms"
