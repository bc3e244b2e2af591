#!/bin/sh
# Instructions a frame of planning executes, counted by valgrind's callgrind: a figure a busy or shared machine does not
# move, where timings of a few milliseconds move by a quarter between runs (docs/benchmarks.md, "Lowering without
# copies"). For each weft binary, plans SCENE's RUN (`weft bench --planning --runs RUN`) over 20 and then 40 frames,
# counting only inside the planner's `PlanReuse.plan`, and prints the difference over 20: the cache-filling first plan
# and everything outside planning (reading the scene anew for fresh frames) drop out. With TOP set, also the functions
# that executed the most instructions a frame, by their own instructions. Needs valgrind (Debian's package).
# Usage, from the package root:
#     Benchmarks/planning-instructions.sh SCENE RUN WEFT...   (e.g. /tmp/ls/screen-1000.json replanned .build/release/weft)
#     TOP=20 Benchmarks/planning-instructions.sh ...
set -eu
scene=$1
run=$2
shift 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for weft in "$@"; do
    # Valgrind reads no DWARF that Swift 6.3 writes: the symbol table alone names the functions.
    strip --strip-debug -o "$work/weft" "$weft"
    for frames in 20 40; do
        WEFT_DISJOINT_DRAWS=1 valgrind --tool=callgrind --callgrind-out-file="$work/$frames.out" \
            '--toggle-collect=$s11WeftPlanner9PlanReuseC4plan*' \
            "$work/weft" bench "$scene" --planning --runs "$run" --frame-count "$frames" --repetitions 1 >/dev/null 2>&1
        callgrind_annotate --threshold=100 "$work/$frames.out" 2>/dev/null > "$work/$frames.txt"
    done
    python3 - "$work/20.txt" "$work/40.txt" "$weft" "$run" "${TOP:-0}" <<'PY'
import re, subprocess, sys
def load(path):
    total, own = 0, {}
    for line in open(path):
        m = re.match(r'\s*([\d,]+) (?:\([^)]*\) )?\s*(.*)', line)
        if not m: continue
        count, rest = int(m.group(1).replace(',', '')), m.group(2).strip()
        if rest.startswith('PROGRAM TOTALS'): total = count
        elif rest and not rest.startswith('file:function'):
            name = re.sub(r'^(\?\?\?|[^ (]*\.[A-Za-z]+):', '', rest.split(' [/')[0])
            own[name] = own.get(name, 0) + count
    return total, own
(t20, o20), (t40, o40) = load(sys.argv[1]), load(sys.argv[2])
print(f"{sys.argv[3]}: {sys.argv[4]}: {(t40 - t20) / 20 / 1e6:.2f} million instructions a frame")
top = int(sys.argv[5])
if top:
    rows = sorted(((o40.get(k, 0) - o20.get(k, 0)) / 20, k) for k in o40)[::-1][:top]
    names = subprocess.run(['swift', 'demangle', '--simplified'], input='\n'.join(k for _, k in rows), capture_output=True,
                           text=True).stdout.split('\n')
    for (count, _), name in zip(rows, names): print(f"  {count / 1e3:9.1f} k  {name[:110]}")
PY
done
