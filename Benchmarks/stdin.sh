#!/usr/bin/env bash
# Rows on standard input against the same rows from a file (issue 61's bar: within 1.1x), same
# run: a batch of NAMES.csv on a 45mm canvas with 2 workers into tmpfs, with its manifest —
#   file     wordfit batch NAMES.csv --manifest m.jsonl
#   stdin    cat NAMES.csv | wordfit batch - --manifest m.jsonl            (a header line)
#   columns  tail -n +2 NAMES.csv | wordfit batch - --columns id,name,role --manifest -
#            (rows without a header, each answered on standard output as it is done: the
#            streaming mode Spark's RDD.pipe uses)
# RUNS rounds, the three interleaved within each round after one warm-up of each; prints each
# round's times and the ratio of the medians to the file mode.
#   bash Benchmarks/stdin.sh [RUNS] [NAMES.csv]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
names=${2:-../shared/data/names-10k.csv}
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "stdin.sh: RUNS must be a positive whole number, not '$runs'" >&2; exit 64; }
[ -f "$names" ] || { echo "stdin.sh: $names not found; pass NAMES.csv" >&2; exit 66; }
bash scripts/setup.sh >/dev/null
swift build -c release --static-swift-stdlib --product wordfit >/dev/null
wordfit=$PWD/.build/release/wordfit
root=$(mktemp -d "${TMPDIR_BENCH:-/dev/shm}/wordfit-stdin-XXXXXX")
trap 'rm -rf "$root"' EXIT
columns=$(head -1 "$names" | tr -d '\r')
layout=(--canvas 45mm --jobs 2 --quiet --out "$root/out")

timed() {  # one timed run of a shell pipeline: prints wall seconds
  rm -rf "$root/out" "$root/m.jsonl"
  /usr/bin/time -f "%e" -o "$root/time" bash -c "$1" >/dev/null 2>&1 || { echo "stdin.sh: failed: $1" >&2; exit 70; }
  cat "$root/time"
}
declare -A command=(
  [file]="$(printf '%q ' "$wordfit" batch "$names" --manifest "$root/m.jsonl" "${layout[@]}")"
  [stdin]="cat $(printf '%q' "$names") | $(printf '%q ' "$wordfit" batch - --manifest "$root/m.jsonl" "${layout[@]}")"
  [columns]="tail -n +2 $(printf '%q' "$names") | $(printf '%q ' "$wordfit" batch - --columns "$columns" --manifest - "${layout[@]}")"
)
modes=(file stdin columns)
declare -A times
for mode in "${modes[@]}"; do timed "${command[$mode]}" >/dev/null; done
for round in $(seq "$runs"); do
  line="round $round:"
  for mode in "${modes[@]}"; do
    t=$(timed "${command[$mode]}")
    times[$mode]+=" $t"
    line+=" $mode $t s"
  done
  echo "$line"
done
median() { tr ' ' '\n' <<<"$1" | grep . | sort -g | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
file=$(median "${times[file]}")
for mode in stdin columns; do
  m=$(median "${times[$mode]}")
  echo "$mode: median $m s, file $file s: ratio $(awk -v a="$m" -v b="$file" 'BEGIN { printf "%.3f", a / b }') (bar 1.1)"
done
