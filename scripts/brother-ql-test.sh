#!/usr/bin/env bash
# WordFit's Brother QL raster against brother-ql-next (PyPI, the maintained brother_ql; a
# test-only peer in a virtual environment under .build, never in the product): for each model
# and label below, the badge rendered with --printer brother-ql:MODEL:LABEL must equal, byte for
# byte, what brother_ql.conversion.convert makes of the same 1-bit image (scripts/brother-ql-peer.py).
# Covers a mode-switching and a plain model, the 4-inch head (162 bytes a row), endless tape,
# die-cut labels and a badge turned to its label, a photo dithered around its texts (Pillow's
# Floyd-Steinberg, the call brother-ql-next's dither=True makes), the black-and-red roll (62red,
# red=True) with a photo, red texts and white text knocked out of a red box; and the status replies WordFit decodes
# (scripts/brother-ql-status.py) read as brother-ql-next reads them. Run by scripts/test.sh (~20 s, plus the
# install once).
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.build/brother-ql-venv
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/pip" install -q 'brother-ql-next==0.12.0'
export FONTCONFIG_FILE=${FONTCONFIG_FILE:-$PWD/Fixtures/fonts/fonts.conf}
wordfit=${WORDFIT:-.build/debug/wordfit}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
rows=(--row given=Ada --row family=Lovelace --row "company=Analytical Engines" --row role=Speaker
  --row ticket_secret=abc123)
count=0
for case in ql-62x100:QL-820NWB:62x100 ql-62x100:QL-700:62x100 ql-62x100:QL-1110NWB:62x100 \
  ql-62-endless:QL-700:62 ql-62-endless:QL-810W:62 ql-62x29-turned:QL-820NWB:62x29 \
  ql-62x100-photo:QL-820NWB:62x100 ql-62x100-photo:QL-1110NWB:62x100 ql-62red:QL-820NWB:62red ql-62red:QL-800:62red; do
  IFS=: read -r template model label <<<"$case"
  "$wordfit" render --template "Fixtures/printers/$template.template.json" "${rows[@]}" -o "$work/$template.png" 2>/dev/null
  "$wordfit" render --template "Fixtures/printers/$template.template.json" "${rows[@]}" \
    --printer "brother-ql:$model:$label" -o "$work/$template-$model.bin" 2>/dev/null
  "$venv/bin/python" scripts/brother-ql-peer.py "$work/$template.png" "$work/$template-$model.bin" "$model" "$label" \
    "Fixtures/printers/$template.template.json"
  count=$((count + 1))
done
echo "brother-ql-test: $count jobs byte-identical to brother-ql-next's"
# The status replies PrinterStatusTests decodes: brother-ql-next's reading of each, regenerated
# and compared with the committed file (a new brother-ql-next that reads them otherwise fails).
"$venv/bin/python" scripts/brother-ql-status.py "$work/brother-status.json" 2>/dev/null
cmp -s "$work/brother-status.json" Tests/WordFitOutputTests/Inputs/brother-status.json \
  || { echo "brother-ql-test: brother-ql-next reads the status replies otherwise than Tests/WordFitOutputTests/Inputs/brother-status.json" >&2; exit 1; }
echo "brother-ql-test: $(grep -c '"reply"' Tests/WordFitOutputTests/Inputs/brother-status.json) status replies read as brother-ql-next reads them"
