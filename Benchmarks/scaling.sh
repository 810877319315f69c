#!/usr/bin/env bash
# Issue 38's time and memory items, each at n and 2n so the ratio shows how cost grows (about 2
# for linear, n log n a little more): a String Catalog of 5,000 and 10,000 keys; Thai with no
# dictionary words, 12,000 and 24,000 characters, wrapped on 45mm; 250 and 500 words wrapped on
# a round screen (wear-large); and, when python3 has fontTools, a COLRv0 glyph of 16 and 64
# layers fitted at ~500 px. Release build, one process each, wall seconds and peak RSS from
# /usr/bin/time (installed when missing). Prints a Markdown table.
#   bash Benchmarks/scaling.sh
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh >/dev/null
[ -x /usr/bin/time ] || { apt-get update -qq && apt-get install -y -qq time >/dev/null; }
swift build -c release --static-swift-stdlib --product wordfit >/dev/null
wordfit=$PWD/.build/release/wordfit
export FONTCONFIG_FILE="$PWD/Fixtures/fonts/fonts.conf"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 - "$work" <<'PY'
import json, random, sys
work = sys.argv[1]
for n in (5000, 10000):
    strings = {f"Key number {i} start": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": f"Schlüssel {i} los"}}}} for i in range(n)}
    json.dump({"sourceLanguage": "en", "strings": strings, "version": "1.0"}, open(f"{work}/c{n}.xcstrings", "w"))
random.seed(3)
consonants = [chr(c) for c in range(0x0E01, 0x0E2F)]
vowels = ["\u0E32", "\u0E34", "\u0E35", "\u0E38", "\u0E39", "\u0E31", "\u0E47"]
for n in (12000, 24000):
    open(f"{work}/thai{n}.txt", "w").write("".join(random.choice(consonants) + random.choice(vowels) for _ in range(n // 2)))
random.seed(1)
words = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "theta", "kappa", "lambda", "omicron"]
for n in (250, 500):
    open(f"{work}/w{n}.txt", "w").write(" ".join(random.choice(words) for _ in range(n)))
PY
measure() {
  /usr/bin/time -f "%e %M" -o "$work/time" "$@" >/dev/null 2>&1 || true
  read -r seconds kb <"$work/time"
  echo "$seconds $((kb / 1024))"
}
row() {
  local what=$1 small=$2 large=$3
  read -r s1 m1 <<<"$small"
  read -r s2 m2 <<<"$large"
  echo "| $what | $s1 s, $m1 MB | $s2 s, $m2 MB | $(python3 -c "print(f'{$s2 / max($s1, 0.01):.2f}')") |"
}
echo "| input (n, 2n) | n | 2n | time ratio |"
echo "|---|---:|---:|---:|"
row "strings: 5,000 / 10,000 keys, 45mm, Large" \
  "$(measure "$wordfit" strings "$work/c5000.xcstrings" --canvases 45mm --categories large)" \
  "$(measure "$wordfit" strings "$work/c10000.xcstrings" --canvases 45mm --categories large)"
row "wrap: 12,000 / 24,000 Thai characters, 45mm" \
  "$(measure "$wordfit" render --text-file "$work/thai12000.txt" --layout wrap --canvas 45mm --language th -o "$work/t.png")" \
  "$(measure "$wordfit" render --text-file "$work/thai24000.txt" --layout wrap --canvas 45mm --language th -o "$work/t.png")"
row "round wrap: 250 / 500 words, wear-large" \
  "$(measure "$wordfit" render --text-file "$work/w250.txt" --layout wrap --canvas wear-large -o "$work/r.png")" \
  "$(measure "$wordfit" render --text-file "$work/w500.txt" --layout wrap --canvas wear-large -o "$work/r.png")"
echo "| rectangle wrap: 500 words, 45mm (for the round ratio) | $(measure "$wordfit" render --text-file "$work/w500.txt" --layout wrap --canvas 45mm -o "$work/q.png" | awk '{print $1 " s, " $2 " MB"}') | | |"
if python3 -c 'import fontTools' 2>/dev/null || /usr/bin/python3 -c 'import fontTools' 2>/dev/null; then
  py=python3; python3 -c 'import fontTools' 2>/dev/null || py=/usr/bin/python3
  "$py" - "$work" <<'PY'
import sys
from fontTools.ttLib import TTFont
from fontTools.colorLib.builder import buildCOLR, buildCPAL
for n in (16, 64):
    font = TTFont("Fixtures/fonts/NotoSans-Regular-subset.ttf")
    font["COLR"] = buildCOLR({"A": [("B", 0)] * n})
    font["CPAL"] = buildCPAL([[(0.9, 0.2, 0.1, 1.0)]])
    font.save(f"{sys.argv[1]}/colr{n}.ttf")
PY
  row "COLRv0 'A' of 16 / 64 layers at ~500 px (layers ×4)" \
    "$(measure "$wordfit" render A --font "$work/colr16.ttf" --canvas 700x700 --max-size 600 -o "$work/c.png")" \
    "$(measure "$wordfit" render A --font "$work/colr64.ttf" --canvas 700x700 --max-size 600 -o "$work/c.png")"
fi
