#!/usr/bin/env bash
# The default font against DejaVu Sans (issue 41 item 6's bar: each at most 1.15x), same run:
# a batch of NAMES.csv on a 45mm canvas (one word per line), the same batch wrapped
# (--layout wrap --line-limit 2), and a `wordfit strings` sweep of Benchmarks/strings.sh's
# catalog (200 keys in 8 languages, ten watches, six sizes, body wrap 2 lines min-scale 0.8)
# — each once with no font option (what a user gets: the system font's stand-in, Inter
# Display) and once with `font: dejavu` (DejaVu Sans Bold for bold, Book for regular). Batches
# write to tmpfs with 2 workers. RUNS rounds, the two fonts interleaved within each round after
# one warm-up of each; prints a Markdown table, each round's ratio and the ratio of the medians.
#   bash Benchmarks/default-font.sh [RUNS] [NAMES.csv]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
names=${2:-../shared/data/names-10k.csv}
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "default-font.sh: RUNS must be a positive whole number, not '$runs'" >&2; exit 64; }
[ -f "$names" ] || { echo "default-font.sh: $names not found; pass NAMES.csv" >&2; exit 66; }
bash scripts/setup.sh >/dev/null
swift build -c release --static-swift-stdlib --product wordfit >/dev/null
wordfit=$PWD/.build/release/wordfit
root=$(mktemp -d "${TMPDIR_BENCH:-/dev/shm}/wordfit-default-font-XXXXXX")
trap 'rm -rf "$root"' EXIT
python3 Benchmarks/make-strings-catalog.py "$root/Localizable.xcstrings" 200 2>/dev/null
base='"style": "body", "layout": "wrap", "lineLimit": 2, "minScale": 0.8'
echo "{\"default\": {$base}}" >"$root/system.json"
echo "{\"default\": {$base, \"font\": \"dejavu\"}}" >"$root/dejavu.json"

# One timed run: prints wall seconds.
timed() {
  rm -rf "$root/out"
  /usr/bin/time -f "%e" -o "$root/time" "$@" >/dev/null 2>&1 || { echo "default-font.sh: failed: $*" >&2; exit 70; }
  cat "$root/time"
}
batch() { timed "$wordfit" batch "$names" --canvas 45mm --jobs 2 --quiet --out "$root/out" "$@"; }
wrap() { batch --layout wrap --line-limit 2 "$@"; }
sweep() { timed "$wordfit" strings "$root/Localizable.xcstrings" --layouts "$root/$1.json" --json; }

declare -A times
measure() {  # measure ROUND
  times[batch,system]+=" $(batch)"
  times[batch,dejavu]+=" $(batch --font dejavu)"
  times[wrap,system]+=" $(wrap)"
  times[wrap,dejavu]+=" $(wrap --font dejavu)"
  times[strings,system]+=" $(sweep system)"
  times[strings,dejavu]+=" $(sweep dejavu)"
}
measure
times=()
for _ in $(seq "$runs"); do measure; done

median() { printf '%s\n' $1 | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
echo "$(($(wc -l <"$names") - 1)) names, $runs rounds after a warm-up, fonts interleaved, --jobs 2 ($(nproc) cores)"
echo
echo "| workload | default font, wall (s) | DejaVu, wall (s) | ratio by round | ratio of medians (bar ≤ 1.15) |"
echo "|---|---|---|---|---:|"
for work in batch wrap strings; do
  system=${times[$work,system]}
  dejavu=${times[$work,dejavu]}
  rounds=$(paste <(printf '%s\n' $system) <(printf '%s\n' $dejavu) | awk '{ printf "%s%.2f", (NR > 1 ? ", " : ""), $1 / $2 }')
  ratio=$(awk -v a="$(median "$system")" -v b="$(median "$dejavu")" 'BEGIN { printf "%.2f", a / b }')
  echo "| $work | ${system# } | ${dejavu# } | $rounds | **$ratio** |"
done
