#!/usr/bin/env bash
# PDF badges against the peers organisers use (issue 25's bar): the same names, the same card
# (Benchmarks/badge-pdf.json: 86 x 54 mm, a role band, three fitted fields, DejaVu Sans Bold),
# one PDF of one page per badge, written by WordFit (`batch --pdf`, 2 workers), reportlab
# (Benchmarks/peers/reportlab_badges.py, what pretix uses) and Typst (PyPI `typst`, a template
# fitting with measure(): Benchmarks/peers/typst_badges.py). Whole processes, RUNS rounds
# interleaved after a warm-up of each, output on tmpfs; prints a Markdown table per size.
#   bash Benchmarks/pdf.sh [RUNS] [NAMES.csv]     (needs: pip install reportlab typst)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
names=${2:-../shared/data/names-10k.csv}
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "pdf.sh: RUNS must be a positive whole number, not '$runs'" >&2; exit 64; }
[ -f "$names" ] || { echo "pdf.sh: $names not found; pass NAMES.csv" >&2; exit 66; }
python3 -c 'import reportlab, typst' 2>/dev/null || { echo "pdf.sh: needs reportlab and typst: pip install reportlab typst" >&2; exit 69; }
bash scripts/setup.sh >/dev/null
swift build -c release --static-swift-stdlib --product wordfit >/dev/null
wordfit=.build/release/wordfit
root=$(mktemp -d "${TMPDIR_BENCH:-/dev/shm}/wordfit-pdf-XXXXXX")
trap 'rm -rf "$root"' EXIT

# One timed command: prints "seconds bytes" (the PDF's size).
timed() {
  local out=$1
  shift
  rm -f "$out"
  /usr/bin/time -f "%e" -o "$root/time" "$@" >/dev/null 2>&1
  echo "$(cat "$root/time") $(stat -c %s "$out")"
}

for size in 1000 10000; do
  csv=$root/names-$size.csv
  head -n $((size + 1)) "$names" >"$csv"
  count=$(($(wc -l <"$csv") - 1))
  declare -A commands=(
    [wordfit]="$wordfit batch $csv --template Benchmarks/badge-pdf.json --pdf $root/wordfit.pdf --jobs 2 --quiet"
    [reportlab]="python3 Benchmarks/peers/reportlab_badges.py $csv $root/reportlab.pdf Fonts/DejaVuSans-Bold.ttf"
    [typst]="python3 Benchmarks/peers/typst_badges.py $csv $root/typst.pdf Fonts"
  )
  declare -A results=()
  for tool in wordfit reportlab typst; do
    # shellcheck disable=SC2086
    timed "$root/$tool.pdf" ${commands[$tool]} >/dev/null
  done
  for _ in $(seq "$runs"); do
    for tool in wordfit reportlab typst; do
      # shellcheck disable=SC2086
      results[$tool]+="$(timed "$root/$tool.pdf" ${commands[$tool]});"
    done
  done
  echo "$count badges, $runs rounds after a warm-up, output on tmpfs ($(nproc) cores)"
  echo
  echo "| tool | wall (s), sorted | badges/s (median) | bytes a badge | WordFit's speed-up (median of the rounds' ratios) |"
  echo "|---|---|---:|---:|---:|"
  for tool in wordfit reportlab typst; do
    # Each round's ratio of this tool's time to WordFit's in the same round, then their median:
    # a machine whose speed drifts between rounds moves both.
    python3 - "$tool" "$count" "${results[$tool]}" "${results[wordfit]}" <<'PY'
import statistics, sys
tool, count, mine, reference = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
rows = [tuple(map(float, run.split())) for run in mine.split(";") if run.strip()]
base = [float(run.split()[0]) for run in reference.split(";") if run.strip()]
walls = sorted(wall for wall, _ in rows)
ratio = statistics.median(wall / other for (wall, _), other in zip(rows, base))
print(f"| {tool} | {' / '.join(f'{w:.2f}' for w in walls)} | {count / statistics.median(walls):.0f} "
      f"| {rows[-1][1] / count:.0f} | {ratio:.2f}× |")
PY
  done
  echo
  unset commands results
done
