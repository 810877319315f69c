#!/usr/bin/env bash
# Badge templates against the single-text batch (issue 15's bar): the 3-region template
# Benchmarks/badge-3-regions.json and a single fitted text, each over the same names, output on
# tmpfs, 2 workers; RUNS rounds, interleaved, after one warm-up of each. Prints a Markdown table.
#   bash Benchmarks/badges.sh [RUNS] [NAMES.csv]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
names=${2:-../shared/data/names-10k.csv}
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "badges.sh: RUNS must be a positive whole number, not '$runs'" >&2; exit 64; }
[ -f "$names" ] || { echo "badges.sh: $names not found; pass NAMES.csv" >&2; exit 66; }
bash scripts/setup.sh >/dev/null
swift build -c release --static-swift-stdlib --product wordfit >/dev/null
wordfit=.build/release/wordfit
root=$(mktemp -d "${TMPDIR_BENCH:-/dev/shm}/wordfit-badges-XXXXXX")
trap 'rm -rf "$root"' EXIT
count=$(($(wc -l <"$names") - 1))
# shellcheck source=Benchmarks/timing.sh
source Benchmarks/timing.sh

template=(batch "$names" --template Benchmarks/badge-3-regions.json --jobs 2 --quiet)
single=(batch "$names" --jobs 2 --quiet --canvas 45mm --max-size 72 --insets 8 --font dejavu)

run "${template[@]}" >/dev/null
run "${single[@]}" >/dev/null
declare -a template_times single_times
for _ in $(seq "$runs"); do
  template_times+=("$(run "${template[@]}")")
  single_times+=("$(run "${single[@]}")")
done

echo "$count names, $runs rounds after a warm-up, output on tmpfs, --jobs 2 ($(nproc) cores)"
echo
echo "| batch | wall (s), sorted | images/s (median) | peak RSS (MiB) |"
echo "|---|---|---:|---:|"
row "3-region template" "${template_times[@]}"
row "single text" "${single_times[@]}"
