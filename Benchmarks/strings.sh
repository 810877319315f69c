#!/usr/bin/env bash
# `wordfit strings` on a 200-key catalog in 8 languages (with plurals ~2,700 strings) × 10
# watches × 6 sizes, against what a designer did before it: one `wordfit preview` per string
# (timed on the first SAMPLE strings and scaled to all of them), in one run. Prints Markdown.
#   bash Benchmarks/strings.sh [SAMPLE]
set -euo pipefail
cd "$(dirname "$0")/.."
sample=${1:-30}
bash scripts/setup.sh >/dev/null
swift build -c release --static-swift-stdlib --product wordfit >/dev/null
export FONTCONFIG_FILE="$PWD/Fixtures/fonts/fonts.conf"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 Benchmarks/make-strings-catalog.py "$work/Localizable.xcstrings" 200
start=$(date +%s.%N)
.build/release/wordfit strings "$work/Localizable.xcstrings" --json >"$work/rows.json" 2>"$work/summary.txt"
strings_seconds=$(echo "$(date +%s.%N) - $start" | bc)
python3 - "$work/rows.json" "$work/texts.tsv" <<'PY'
import json, sys
rows = json.load(open(sys.argv[1]))
seen = {}
for row in rows:
    seen.setdefault((row["key"], row["language"], row["variant"]), row["text"].replace("\t", " ").replace("\n", " ") + "\t" + row["language"])
open(sys.argv[2], "w").write("\n".join(seen.values()) + "\n")
print(len(rows), len(seen), file=sys.stderr)
PY
total=$(wc -l <"$work/texts.tsv")
start=$(date +%s.%N)
head -"$sample" "$work/texts.tsv" | while IFS=$'\t' read -r text language; do
  .build/release/wordfit preview "$text" --style body --weight regular --layout wrap --line-limit 2 --min-scale 0.8 \
    --language "$language" --scale 0.25 -o "$work/p.png" --json >/dev/null 2>&1
done
preview_seconds=$(echo "$(date +%s.%N) - $start" | bc)
python3 - "$strings_seconds" "$preview_seconds" "$sample" "$total" "$(cat "$work/summary.txt")" <<'PY'
import sys
strings, preview, sample, total, summary = float(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
per = preview / sample
print(f"{summary}\n")
print("| approach | strings | seconds | ratio |")
print("|---|---:|---:|---:|")
print(f"| `wordfit strings` (one process) | {total} | {strings:.1f} | 1 |")
print(f"| one `wordfit preview --json` per string (measured on {sample}, scaled) | {total} | {per * total:.1f} | {per * total / strings:.1f}× |")
PY
