#!/usr/bin/env bash
# Times the hostile inputs of the hardening items (catalog memory, balance, soft hyphens,
# tightening, a stuck CUPS scheduler, colour layers, long texts on a round screen) for one or
# more wordfit binaries, whole processes, default font: wall seconds and peak RSS.
#
#   bash Benchmarks/hardening.sh BINARY [BINARY ...]   (each run under a 120 s limit)
#
# Prints one line per case and binary: `case  binary  seconds  peak-MB  status`; a case that
# passes the limit shows `>120` and status 124. Inputs are generated into a temporary folder.
set -uo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { echo "usage: bash Benchmarks/hardening.sh BINARY [BINARY ...]" >&2; exit 64; }
export FONTCONFIG_FILE="$PWD/Fixtures/fonts/fonts.conf"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 - "$work" <<'PY'
import json, random, sys
work = sys.argv[1]
for keys in (1_000, 10_000, 100_000):
    strings = {f"key.{i:06d}": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": f"Start workout {i}"}}}}
               for i in range(keys)}
    strings["only"] = {"localizations": {"xx": {"stringUnit": {"state": "translated", "value": "Start"}}}}
    json.dump({"sourceLanguage": "en", "version": "1.0", "strings": strings}, open(f"{work}/cat{keys}.xcstrings", "w"),
              separators=(",", ":"))
words = "start stop workout battery heart rate steps distance reminder settings open close share reply".split()
r = random.Random(3)
for count in (500, 800, 4000):
    open(f"{work}/w{count}.txt", "w").write(" ".join(r.choice(words) for _ in range(count)))
open(f"{work}/shy.txt", "w").write("ab" + "\u00ad" * 120_000)
PY
python3 scripts/make-bomb-fonts.py Fixtures/fonts/NotoSans-Regular-subset.ttf "$work" >/dev/null 2>&1 ||
  cp Tests/WordFitTests/Inputs/WordFitTestCOLRLayers.ttf "$work/"
template=Fixtures/badges/export/export.template.json
rows=(--row "attendee name: given name=Ada" --row "attendee name: family name=Lovelace" --row company=X
  --row "ticket secret=abc" --row "product=Staff pass" --row photo=)

measure() {  # name binary args... : one line
  local name=$1 binary=$2
  shift 2
  local status seconds peak
  /usr/bin/time -o "$work/time" -f "%e %M" timeout 120 "$binary" "$@" >/dev/null 2>&1
  status=$?
  read -r seconds peak < <(grep -E '^[0-9.]+ [0-9]+$' "$work/time" | tail -1)
  [ "$status" = 124 ] && seconds=">120"
  printf '%-28s %-40s %8s s %8s MB  %s\n' "$name" "$binary" "$seconds" "$((${peak:-0} / 1024))" "$status"
}

for binary in "$@"; do
  for keys in 1000 10000 100000; do
    measure "catalog $keys keys" "$binary" strings "$work/cat$keys.xcstrings" --languages xx --canvases 38mm \
      --categories xSmall
  done
  measure "balance 800 words, 2 lines" "$binary" render - --layout wrap --balance --line-limit 2 \
    --canvas 16384x400 -o "$work/b.png" <"$work/w800.txt"
  for layout in words wrap line; do
    measure "120,000 soft hyphens, $layout" "$binary" render - --layout "$layout" -o "$work/s.png" <"$work/shy.txt"
  done
  for tightening in 0.1 0.5; do
    measure "tightening $tightening, 500 words" "$binary" render - --layout wrap --max-size 4096 \
      --tightening "$tightening" --canvas 16384x16384 -o "$work/t.png" <"$work/w500.txt"
  done
  rm -f "$work/stuck.sock"
  python3 -c 'import socket,sys,time
s=socket.socket(socket.AF_UNIX); s.bind(sys.argv[1]); s.listen(8); c=[s.accept()[0] for _ in range(8)]; time.sleep(300)' \
    "$work/stuck.sock" >/dev/null 2>&1 &
  listener=$!
  disown "$listener"
  sleep 0.5
  CUPS_SERVER="$work/stuck.sock" measure "CUPS never answering" "$binary" render --template "$template" "${rows[@]}" \
    --printer cups:desk:zpl
  kill -9 "$listener" 2>/dev/null
  measure "COLRv0 1,024 layers, 600 px" "$binary" render C --font "$work/WordFitTestCOLRLayers.ttf" --max-size 600 \
    --min-scale 1 --canvas 1000x1000 -o "$work/c.png"
  measure "plain glyph, 600 px" "$binary" render D --font "$work/WordFitTestCOLRLayers.ttf" --max-size 600 \
    --min-scale 1 --canvas 1000x1000 -o "$work/d.png"
  measure "4,000 words, wear-large" "$binary" render - --layout wrap --canvas wear-large -o "$work/r.png" \
    <"$work/w4000.txt"
  measure "4,000 words, 454x454" "$binary" render - --layout wrap --canvas 454x454 -o "$work/q.png" <"$work/w4000.txt"
done
