#!/usr/bin/env bash
# Runs docs/slurm-array.sh on a real Slurm: a one-node cluster (munged, slurmctld and slurmd on
# this machine, configured under a temporary folder) started for the test and stopped after it.
#
#   WORDFIT_PREFIX=/opt/wordfit bash scripts/slurm-test.sh
#
# WORDFIT_PREFIX is an installed release tarball (scripts/install.sh). The script submits the
# example with --array=0-3 over a generated 2,000-row CSV, waits (bounded), and compares the
# union of the four shards' PNGs and manifests with one unsharded run, byte for byte. Then it
# cancels one task mid-run with scancel, resubmits that index (the example passes
# --skip-existing), and checks the resumed union again: only complete files, the same bytes.
# It stops every daemon it started (by PID) and removes its files, also on failure.
# Exit status: 0 passed (or skipped: not root, or Slurm not installed), 1 failed.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
prefix=${WORDFIT_PREFIX:?set WORDFIT_PREFIX to an installed release tarball}
if [ "$(id -u)" -ne 0 ]; then echo "slurm-test: skipped (the daemons need root)"; exit 0; fi
for tool in munged slurmctld slurmd sbatch squeue scancel; do
  command -v "$tool" >/dev/null 2>&1 || { echo "slurm-test: skipped ($tool is not installed: apt-get install slurm-wlm munge)"; exit 0; }
done

work=$(mktemp -d /tmp/wordfit-slurm.XXXXXX)
chmod 755 "$work"
pids=()
stop() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
  done
  rm -rf "$work"
}
trap stop EXIT
stamp() { echo "slurm-test: $(date +%s.%N | cut -c1-14) $*" >&2; }
fail() { echo "slurm-test: FAILED: $*" >&2; for log in "$work"/*.log "$work"/out/*.log; do [ -f "$log" ] && { echo "== $log" >&2; tail -20 "$log" >&2; }; done; exit 1; }
# Waits (at most $2 seconds) until the command $1 succeeds.
wait_for() { for _ in $(seq $(($2 * 10))); do eval "$1" && return 0; sleep 0.1; done; return 1; }

# munge: its own key, socket and files; root-owned, hence --force.
mkdir -p "$work/munge"
dd if=/dev/urandom of="$work/munge/munge.key" bs=1024 count=1 status=none
chmod 755 "$work/munge"; chmod 400 "$work/munge/munge.key"
socket="$work/munge/munge.socket"
munged --force --key-file="$work/munge/munge.key" --socket="$socket" --pid-file="$work/munge/munged.pid" \
  --log-file="$work/munged.log" --seed-file="$work/munge/seed"
wait_for "[ -s '$work/munge/munged.pid' ]" 10 || fail "munged did not start"
pids+=("$(cat "$work/munge/munged.pid")")

host=$(hostname -s)
cpus=$(nproc)
memory=$(awk '/MemTotal/ { print int($2 / 1024 / 2) }' /proc/meminfo)
port=$((20000 + RANDOM % 20000))
mkdir -p "$work/state" "$work/spool" "$work/out"
cat >"$work/slurm.conf" <<CONF
ClusterName=wordfit-test
SlurmctldHost=$host
SlurmUser=root
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
AuthInfo=socket=$socket
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
KillWait=2
MessageTimeout=10
MpiDefault=none
SchedulerType=sched/builtin
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
NodeName=$host CPUs=$cpus RealMemory=$memory State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP OverSubscribe=YES
CONF
export SLURM_CONF="$work/slurm.conf"
slurmctld -f "$SLURM_CONF" -i
wait_for "[ -s '$work/slurmctld.pid' ]" 20 || fail "slurmctld did not start"
pids+=("$(cat "$work/slurmctld.pid")")
slurmd -f "$SLURM_CONF"
wait_for "[ -s '$work/slurmd.pid' ]" 20 || fail "slurmd did not start"
pids+=("$(cat "$work/slurmd.pid")")
wait_for "sinfo -h -o %T 2>/dev/null | grep -qE '^(idle|mixed)'" 30 || fail "the node did not come up: $(sinfo 2>&1)"

# 2,000 rows from the shared names (or generated), and the unsharded reference.
csv="$work/names.csv"
if [ -f "$root/../shared/data/names-10k.csv" ]; then head -2001 "$root/../shared/data/names-10k.csv" >"$csv"
else { echo "id,name"; for i in $(seq 2000); do echo "R$i,Name $i Example"; done; } >"$csv"; fi
export FONTCONFIG_FILE=${FONTCONFIG_FILE:-$root/Fixtures/fonts/fonts.conf}
"$prefix/bin/wordfit" batch "$csv" --out "$work/reference" --manifest "$work/reference.jsonl" --jobs 2 -q

# Compares the shards' PNGs and manifests with the reference; $1 names the round.
compare() {
  diff -rq --exclude='*.jsonl' --exclude='*.log' "$work/out" "$work/reference" >&2 || fail "$1: the PNGs differ"
  # The manifests' union is the whole run's, row for row (after a resume, rows found done
  # are "skipped" without their fit, so then only which row went to which file is compared).
  python3 - "$work" "$2" <<'PY' || fail "$1: the shards' manifests are not the whole run's"
import glob, json, sys
work, keys = sys.argv[1], sys.argv[2].split(",")
def rows(paths):
    found = [json.loads(line) for path in paths for line in open(path)]
    return sorted(({key: row.get(key) for key in keys} for row in found), key=lambda row: row["row"])
union, whole = rows(glob.glob(work + "/out/manifest-*.jsonl")), rows([work + "/reference.jsonl"])
sys.exit(0 if union == whole else f"{len(union)} rows in the shards, {len(whole)} in the whole run, or they differ")
PY
}

# Round 1: four tasks, to the end.
job=$(sbatch --parsable --array=0-3 --chdir="$work/out" --output="$work/out/task-%a.log" \
  --export=ALL,WORDFIT_PREFIX="$prefix" "$root/docs/slurm-array.sh" "$csv" "$work/out")
wait_for "[ -z \"\$(squeue -h -t PENDING,RUNNING,CONFIGURING -j $job 2>/dev/null)\" ]" 300 || fail "the array job did not finish in 300 s"
compare "four shards" row,line,id,text,file,size,limit,truncatedWords,warnings,error
echo "slurm-test: array job $job: 4 tasks, $(ls "$work/out" | grep -c '\.png$') PNGs identical to one run"

# Round 2: task 2 cancelled mid-run, then resubmitted with the same arguments. A larger input
# (20,000 rows) and one CPU a task, so a task runs for seconds and can be caught mid-run.
big="$work/big.csv"
python3 - "$csv" "$big" <<'PY'
import sys
header, *rows = open(sys.argv[1], encoding="utf-8").read().splitlines()
with open(sys.argv[2], "w", encoding="utf-8") as out:
    out.write(header + "\n")
    for index in range(20000):
        row = rows[index % len(rows)]
        out.write(row.replace(",", f"-{index // len(rows)},", 1) + "\n")
PY
csv=$big
rm -rf "$work/reference" "$work/reference.jsonl"
"$prefix/bin/wordfit" batch "$csv" --out "$work/reference" --manifest "$work/reference.jsonl" --jobs 2 -q
rm -rf "$work/out"; mkdir -p "$work/out"
job=$(sbatch --parsable --array=0-3 --cpus-per-task=1 --chdir="$work/out" --output="$work/out/task-%a.log" \
  --export=ALL,WORDFIT_PREFIX="$prefix" "$root/docs/slurm-array.sh" "$csv" "$work/out")
# Wait until task 2 runs and has written some of its own PNGs (rows ≡ 2 mod 4, named as in the
# reference manifest), then cancel it; it must have stopped part way.
python3 - "$work/reference.jsonl" >"$work/task2.txt" <<'PY'
import json, sys
for line in open(sys.argv[1]):
    row = json.loads(line)
    if (row["row"] - 1) % 4 == 2 and row.get("file"):
        print(row["file"])
PY
task2_done() { (cd "$work/out" && ls 2>/dev/null) | grep -Fxc -f "$work/task2.txt" || true; }
wait_for "squeue -h -t RUNNING -j ${job}_2 2>/dev/null | grep -q ." 120 || fail "task 2 never ran"
wait_for "[ \$(task2_done) -gt 20 ]" 60 || fail "task 2 wrote nothing"
scancel "${job}_2" || fail "scancel failed"
wait_for "[ -z \"\$(squeue -h -t PENDING,RUNNING,CONFIGURING -j $job 2>/dev/null)\" ]" 300 || fail "the array job did not end"
partial=$(task2_done)
[ "$partial" -lt "$(wc -l <"$work/task2.txt")" ] || fail "task 2 finished before it was cancelled"
# Every file left is a whole PNG (signature first, IEND last); no temporary is left visible.
python3 - "$work/out" <<'PY' || fail "the cancelled task left an incomplete file"
import os, sys
folder = sys.argv[1]
for name in os.listdir(folder):
    if name.endswith(".png"):
        data = open(os.path.join(folder, name), "rb").read()
        if not (data.startswith(b"\x89PNG\r\n\x1a\n") and data.endswith(b"IEND\xaeB`\x82")):
            sys.exit(f"{name} is incomplete")
PY
job=$(sbatch --parsable --array=2 --cpus-per-task=1 --chdir="$work/out" --output="$work/out/task-%a-resumed.log" \
  --export=ALL,WORDFIT_PREFIX="$prefix",WORDFIT_SHARDS=4 "$root/docs/slurm-array.sh" "$csv" "$work/out")
wait_for "[ -z \"\$(squeue -h -t PENDING,RUNNING,CONFIGURING -j $job 2>/dev/null)\" ]" 300 || fail "the resubmitted task did not finish"
compare "cancelled and resumed" row,line,id,text,file
echo "slurm-test: task 2 cancelled after $partial of its $(wc -l <"$work/task2.txt") PNGs, resubmitted with --skip-existing: identical to one run"

# Round 3: a badge template into a PDF per shard, joined by merge-pdf: the merged PDF's pages
# are the rows in input order, and its text is the one-run PDF's, page for page.
badges="$work/badges.csv"
python3 - "$badges" <<'PY'
import sys
with open(sys.argv[1], "w", encoding="utf-8") as out:
    out.write("given,company,role\n")
    for index in range(1, 41):
        out.write(f"Person{index},Company {index % 7},{'Speaker' if index % 5 == 0 else 'Attendee'}\n")
PY
template="$root/Fixtures/badges/badge.template.json"
"$prefix/bin/wordfit" batch "$badges" --template "$template" --pdf "$work/whole.pdf" --out "$work/whole" -q
rm -rf "$work/out"; mkdir -p "$work/out"
job=$(sbatch --parsable --array=0-3 --cpus-per-task=1 --chdir="$work/out" --output="$work/out/task-%a.log" \
  --export=ALL,WORDFIT_PREFIX="$prefix" "$root/docs/slurm-array.sh" "$badges" "$work/out" \
  --template "$template" --pdf "$work/out/badges.pdf")
wait_for "[ -z \"\$(squeue -h -t PENDING,RUNNING,CONFIGURING -j $job 2>/dev/null)\" ]" 300 || fail "the template array job did not finish"
shards=("$work"/out/badges-shard*of4.pdf)
[ "${#shards[@]}" -eq 4 ] || fail "expected 4 shard PDFs, found ${#shards[@]}"
"$prefix/bin/wordfit" merge-pdf "${shards[@]}" -o "$work/merged.pdf" || fail "merge-pdf failed"
pages=$(pdfinfo "$work/merged.pdf" | awk '/^Pages:/ {print $2}')
[ "$pages" = 40 ] || fail "the merged PDF has $pages pages, not 40"
pdftotext "$work/merged.pdf" "$work/merged.txt"
pdftotext "$work/whole.pdf" "$work/whole.txt"
cmp -s "$work/merged.txt" "$work/whole.txt" || fail "the merged PDF's pages are not the one run's, in order"
grep -o 'Person[0-9]*' "$work/merged.txt" | head -3 | tr '\n' ' ' | grep -q '^Person1 Person2 Person3 ' || fail "page order"
echo "slurm-test: a template on 4 tasks, 4 shard PDFs merged by merge-pdf: 40 pages in row order, text equal to one run's PDF"
