#!/usr/bin/env bash
# Two wordfit binaries, the same inputs: does every output byte stay the same across a refactor,
# and does the batch keep its time? Runs each case with both binaries into folders of their own
# and compares every file's bytes (PNG folders, PDF, ZIP, ZPL and Brother QL jobs, SVG, the
# badge templates of Fixtures/badges), then times `batch` and `batch --pdf` on names-10k in
# paired, interleaved runs (RUNS each, median) and prints NEW/OLD.
#
#   bash Benchmarks/identity.sh OLD NEW [RUNS]
#
# Prints one line per case (`same`, or the files that differ) and the time ratios. Exit 1 when a
# case differs. Outputs go to tmpfs (/dev/shm) unless TMPDIR_BENCH names another folder.
set -uo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 2 ] || { echo "usage: bash Benchmarks/identity.sh OLD NEW [RUNS]" >&2; exit 64; }
old=$(realpath "$1") new=$(realpath "$2") runs=${3:-3}
export FONTCONFIG_FILE="$PWD/Fixtures/fonts/fonts.conf"
names=../shared/data/names-10k.csv intl=../shared/data/names-intl-1k.csv
root=$(mktemp -d "${TMPDIR_BENCH:-/dev/shm}/wordfit-identity-XXXXXX")
trap 'rm -rf "$root"' EXIT
differ=0

# Rows with every column the badge templates under Fixtures name, from names-1k (scripts mixed).
python3 - "$root/rows.csv" <<'PY'
import csv, sys
names = [row[1] for row in csv.reader(open("../shared/data/names-1k.csv", encoding="utf-8"))][1:301]
roles = ["Speaker", "Staff", "Volunteer", "Attendee"]
with open(sys.argv[1], "w", newline="", encoding="utf-8") as out:
    w = csv.writer(out)
    w.writerow(["given", "family", "first_name", "last_name", "nickname", "company", "role", "product", "ticket_secret"])
    for i, name in enumerate(names):
        given, _, family = name.partition(" ")
        w.writerow([given, family, given, family, "" if i % 3 else given[:4], f"Company {i}", roles[i % 4],
                    ["Conference ticket", "Workshop", "Staff pass"][i % 3], f"secret{i:05d}"])
PY
rows=$root/rows.csv

cases() {  # binary folder: every case's outputs under folder
  local w=$1 d=$2
  mkdir -p "$d"
  "$w" batch "$names" --out "$d/names-10k" --quiet --jobs 2
  "$w" batch "$intl" --out "$d/intl" --quiet --jobs 2
  "$w" batch "$intl" --out "$d/intl-wrap" --quiet --jobs 2 --layout wrap --canvas 45mm
  "$w" batch ../shared/data/names-1k.csv --template Benchmarks/badge-pdf.json --pdf "$d/names-1k.pdf" --quiet --jobs 2
  "$w" batch ../shared/data/names-1k.csv --out "$d/names-1k.zip" --quiet --jobs 2
  "$w" batch ../shared/data/names-1k.csv --out "$d/names-1k-svg" --format svg --quiet --jobs 2
  for template in Fixtures/badges/*.template.json; do
    local name
    name=$(basename "$template" .template.json)
    "$w" batch "$rows" --template "$template" --out "$d/badges-$name" --quiet --jobs 2
    "$w" batch "$rows" --template "$template" --pdf "$d/badges-$name.pdf" --quiet --jobs 2
  done
  "$w" batch Fixtures/badges/export/attendees.csv --template Fixtures/badges/export/export.template.json \
    --out "$d/export" --quiet --jobs 2
  "$w" batch Fixtures/badges/export/attendees.csv --template Fixtures/badges/export/export.template.json \
    --printer zpl --out "$d/zpl" --quiet --jobs 2
  for pair in 62x100:ql-62x100 62:ql-62-endless; do
    "$w" batch "$rows" --template "Fixtures/printers/${pair#*:}.template.json" \
      --printer "brother-ql:QL-820NWB:${pair%%:*}" --out "$d/ql-${pair%%:*}" --quiet --jobs 2
  done
  "$w" render "Start workout" --canvas 45mm -o "$d/render.png"
  "$w" render "Start workout" --canvas 45mm -o "$d/render.svg"
  "$w" stack --label Start --label Cancel --canvas 45mm -o "$d/stack.png"
}

cases "$old" "$root/old" >"$root/old.log" 2>&1
cases "$new" "$root/new" >"$root/new.log" 2>&1
# A case that failed shows as missing below; say why.
grep -h "error" "$root/old.log" "$root/new.log" | sort | uniq -c | head -5
for entry in "$root"/old/*; do
  name=$(basename "$entry")
  if [ ! -e "$root/new/$name" ]; then
    echo "$name: missing with NEW"
    differ=1
  elif changed=$(diff -rq "$entry" "$root/new/$name" 2>&1); then
    echo "$name: same ($(find "$entry" -type f | wc -l) files)"
  else
    echo "$name: differs"
    echo "$changed" | head -5 | sed 's/^/  /'
    differ=1
  fi
done

# Paired timing: OLD and NEW interleaved, RUNS rounds, median wall seconds each.
timed() {  # binary args...
  local start end
  start=$(date +%s.%N)
  "$@" >/dev/null 2>&1
  end=$(date +%s.%N)
  echo "$end - $start" | bc
}
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
for label in batch pdf; do
  o=() n=()
  for _ in $(seq "$runs"); do
    for which in old new; do
      rm -rf "$root/t"
      w=$old
      [ "$which" = new ] && w=$new
      if [ "$label" = batch ]; then
        t=$(timed "$w" batch "$names" --out "$root/t" --quiet --jobs 2)
      else
        t=$(timed "$w" batch "$names" --template Benchmarks/badge-pdf.json --pdf "$root/t.pdf" --quiet --jobs 2)
      fi
      if [ "$which" = old ]; then o+=("$t"); else n+=("$t"); fi
    done
  done
  mo=$(printf '%s\n' "${o[@]}" | median) mn=$(printf '%s\n' "${n[@]}" | median)
  echo "time $label names-10k: OLD ${mo} s, NEW ${mn} s, NEW/OLD $(echo "scale=3; $mn / $mo" | bc)"
done
exit $differ
