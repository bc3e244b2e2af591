#!/bin/bash
# `make test-slurm`: a one-node Slurm cluster on localhost — munged, slurmctld and slurmd started here with their
# state in a temporary folder, stopped on exit — runs an animated example as a job array of 4 shards, then checks that
# the frames equal a one-machine render (`weft compare --tolerance 0`), that `weft verify` finds the folder whole, and
# that it reports a shard that did not finish and a missing frame. Needs slurm-wlm and munge (the target installs them).
set -euo pipefail

WEFT=${WEFT:-$(pwd)/.build/debug/weft}
SCENE=${SCENE:-$(pwd)/examples/download-badge.json}
FRAMES=${FRAMES:-0..23}
SHARDS=4
# DEVICE: a --device value for every render (default: what weft picks, lavapipe here, a GPU on a cluster).
DEVICE=${DEVICE:-}
[ -x "$WEFT" ] || { echo "test-slurm: $WEFT is missing; run swift build first" >&2; exit 1; }

work=$(mktemp -d /tmp/weft-slurm.XXXXXX)
chmod 755 "$work"
pids=()
stop() {
    status=$?
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
    if [ $status -ne 0 ]; then
        echo "test-slurm: failed; daemon logs:" >&2
        tail -n 20 "$work"/*.log >&2 || true
    fi
    rm -rf "$work"
    exit $status
}
trap stop EXIT

node=$(hostname -s)
cpus=$(nproc)
memory=$(( $(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 / 2 ))
mkdir -p "$work/munge" "$work/state" "$work/spool" "$work/out"
# Ports away from Slurm's defaults, so a cluster already running on this machine is not disturbed.
port=$(( 20000 + RANDOM % 20000 ))

echo "test-slurm: munged, key and socket in $work/munge"
mungekey --create --keyfile "$work/munge/munge.key" --force
chmod 600 "$work/munge/munge.key"
munged --foreground --force --key-file "$work/munge/munge.key" --socket "$work/munge/munge.socket" \
    --pid-file "$work/munge/munged.pid" --log-file "$work/munged.log" --seed-file "$work/munge/seed" > /dev/null 2>&1 &
pids+=($!)
for _ in $(seq 50); do [ -S "$work/munge/munge.socket" ] && break; sleep 0.1; done

cat > "$work/slurm.conf" <<CONF
ClusterName=weft-test
SlurmctldHost=$node
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
AuthInfo=socket=$work/munge/munge.socket
CredType=cred/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
ReturnToService=2
SlurmdTimeout=60
NodeName=$node CPUs=$cpus RealMemory=$memory State=UNKNOWN
PartitionName=weft Nodes=$node Default=YES MaxTime=INFINITE State=UP OverSubscribe=YES
CONF
export SLURM_CONF=$work/slurm.conf

echo "test-slurm: slurmctld and slurmd on $node, ports $port and $((port + 1))"
# In the foreground (-D) so that this script owns them; they log to their files, not here.
slurmctld -D -i -f "$SLURM_CONF" > /dev/null 2>&1 &
pids+=($!)
slurmd -D -f "$SLURM_CONF" > /dev/null 2>&1 &
pids+=($!)
for _ in $(seq 100); do
    sinfo -h -o %T 2>/dev/null | grep -qE '^(idle|mixed|allocated)' && break
    sleep 0.3
done
sinfo

cat > "$work/shard.sh" <<JOB
#!/bin/bash
#SBATCH --job-name=weft-shards
#SBATCH --array=0-$((SHARDS - 1))
#SBATCH --cpus-per-task=1
#SBATCH --output=$work/shard-%a.out
exec "$WEFT" render "$SCENE" --confine "$(dirname "$SCENE")" --frames $FRAMES ${DEVICE:+--device $DEVICE} --shard \${SLURM_ARRAY_TASK_ID}/$SHARDS -o "$work/out/frame%04d.png"
JOB
start=$(date +%s)
echo "test-slurm: sbatch --array=0-$((SHARDS - 1)) --wait (frames $FRAMES of $(basename "$SCENE"), $SHARDS shards)"
sbatch --wait --export=ALL,XDG_CACHE_HOME="${XDG_CACHE_HOME:-$HOME/.cache}" "$work/shard.sh"
echo "test-slurm: the array took $(( $(date +%s) - start )) s"
cat "$work"/shard-*.out | tail -n 8

echo "test-slurm: one machine, for comparison"
"$WEFT" render "$SCENE" --frames $FRAMES ${DEVICE:+--device $DEVICE} -o "$work/alone/frame%04d.png" > /dev/null
"$WEFT" compare "$work/alone" "$work/out" --tolerance 0 | tail -n 2
"$WEFT" verify "$work/out"

echo "test-slurm: a shard that did not finish and a missing frame are reported"
rm "$work/out/weft-shard-2-of-$SHARDS.json" "$work/out/frame0005.png"
if "$WEFT" verify "$work/out" 2> "$work/verify.err"; then
    echo "test-slurm: weft verify passed a folder with a shard and a frame missing" >&2
    exit 1
fi
cat "$work/verify.err"
grep -q "shard 2 of $SHARDS: no manifest" "$work/verify.err"
grep -q "frame 5: frame0005.png: missing" "$work/verify.err"
echo "test-slurm: passed in $(( $(date +%s) - start )) s"
