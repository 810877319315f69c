#!/usr/bin/env bash
# Wrapped text against one word per line (issue 24's bar: wrap within 1.5x words), and
# hyphenation and balanced lines against plain wrap (issue 40's bar: each within 1.5x): every
# name of NAMES.csv on a 45mm canvas with --layout wrap --line-limit 2, plain, with
# --hyphenation auto --language de (German patterns on every name: the largest dictionary,
# the most points), with --language en, and with --balance, and
# with the default words layout; output on tmpfs, 2 workers; RUNS rounds, interleaved, after
# one warm-up of each. Prints a Markdown table and the ratios of the median wall times.
#   bash Benchmarks/wrap.sh [RUNS] [NAMES.csv]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
names=${2:-../shared/data/names-10k.csv}
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "wrap.sh: RUNS must be a positive whole number, not '$runs'" >&2; exit 64; }
[ -f "$names" ] || { echo "wrap.sh: $names not found; pass NAMES.csv" >&2; exit 66; }
bash scripts/setup.sh >/dev/null
swift build -c release --static-swift-stdlib --product wordfit >/dev/null
wordfit=.build/release/wordfit
root=$(mktemp -d "${TMPDIR_BENCH:-/dev/shm}/wordfit-wrap-XXXXXX")
trap 'rm -rf "$root"' EXIT
count=$(($(wc -l <"$names") - 1))
# shellcheck source=Benchmarks/timing.sh
source Benchmarks/timing.sh

wrap=(batch "$names" --canvas 45mm --layout wrap --line-limit 2 --jobs 2 --quiet)
words=(batch "$names" --canvas 45mm --jobs 2 --quiet)
hyphenated=("${wrap[@]}" --hyphenation auto --language de)
english=("${wrap[@]}" --hyphenation auto --language en)
balanced=("${wrap[@]}" --balance)

run "${wrap[@]}" >/dev/null
run "${words[@]}" >/dev/null
run "${hyphenated[@]}" >/dev/null
run "${english[@]}" >/dev/null
run "${balanced[@]}" >/dev/null
declare -a wrap_times words_times hyphenated_times english_times balanced_times
for _ in $(seq "$runs"); do
  wrap_times+=("$(run "${wrap[@]}")")
  words_times+=("$(run "${words[@]}")")
  hyphenated_times+=("$(run "${hyphenated[@]}")")
  english_times+=("$(run "${english[@]}")")
  balanced_times+=("$(run "${balanced[@]}")")
done

echo "$count names, $runs rounds after a warm-up, output on tmpfs, --jobs 2 ($(nproc) cores)"
echo
echo "| layout | wall (s), sorted | images/s (median) | peak RSS (MiB) |"
echo "|---|---|---:|---:|"
row "wrap, --line-limit 2" "${wrap_times[@]}"
row "words" "${words_times[@]}"
row "wrap, --hyphenation auto --language de" "${hyphenated_times[@]}"
row "wrap, --hyphenation auto --language en" "${english_times[@]}"
row "wrap, --balance" "${balanced_times[@]}"
echo
awk -v a="$(median "${wrap_times[@]}")" -v b="$(median "${words_times[@]}")" \
  'BEGIN { printf "wrap / words (median wall): %.2f (bar: at most 1.5)\n", a / b }'
awk -v a="$(median "${hyphenated_times[@]}")" -v b="$(median "${wrap_times[@]}")" \
  'BEGIN { printf "hyphenation (de) / wrap (median wall): %.2f (bar: at most 1.5)\n", a / b }'
awk -v a="$(median "${english_times[@]}")" -v b="$(median "${wrap_times[@]}")" \
  'BEGIN { printf "hyphenation (en) / wrap (median wall): %.2f (bar: at most 1.5)\n", a / b }'
awk -v a="$(median "${balanced_times[@]}")" -v b="$(median "${wrap_times[@]}")" \
  'BEGIN { printf "balance / wrap (median wall): %.2f (bar: at most 1.5)\n", a / b }'
