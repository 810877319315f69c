#!/usr/bin/env bash
# Opens the HTML pages WordFit writes, and its DocC reference, in a real browser (headless
# Chromium, Debian's `chromium` package, installed when missing):
#   - `wordfit preview --html`: the grid of renders, the table, the markers;
#   - `wordfit check --html`: the failing cases' expected, actual and diff images;
#   - `wordfit strings --html`: every string that does not fit, its images, the filters;
#   - balanced lines against Chromium's `text-wrap: balance` (scripts/balance-vs-chromium.py);
#   - baselines against Chromium's `line-height: F` (scripts/lineheight-vs-chromium.py) and
#     trimmed labels against its `text-box: trim-both cap alphabetic` (scripts/trim-vs-chromium.py);
#   - the desk's page, driven over CDP (scripts/desk-browser-test.py);
#   - the DocC sites built by scripts/docs.sh (when .build/docs exists), served over a loopback
#     HTTP server this script starts and stops: the overview and a symbol page must render.
# For the two pages: every image loaded, no console error, a non-blank screenshot.
# Each page is opened from disk (file://, no network), its DOM dumped after load (the pages
# record data-images-loaded and data-images-total on <html>), and a screenshot taken and
# checked to be a non-blank PNG of the window's size. About 15 s with a built wordfit.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v chromium >/dev/null 2>&1; then
  if ! command -v apt-get >/dev/null 2>&1; then echo "browser-test: chromium is missing and apt-get is not available" >&2; exit 69; fi
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo=sudo
  echo "browser-test: installing chromium"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends chromium >/dev/null
fi
[ -x .build/debug/wordfit ] || swift build --product wordfit >/dev/null
wordfit=$PWD/.build/debug/wordfit
export FONTCONFIG_FILE="$PWD/Fixtures/fonts/fonts.conf"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The pages: a preview with a marked cell, and a check report with one failing case.
"$wordfit" preview "Supercalifragilistic Ada" --min-scale 0.6 --canvases 38mm,45mm --categories xSmall,xxxLarge \
  -o "$work/sheet.png" --html "$work/preview" >/dev/null
mkdir -p "$work/check"
cp Fixtures/render/seed-aimee-bethany-charles-45mm.json "$work/check/case.json"
# The light-hinting golden of the same text and canvas: same size, other pixels, so the
# report shows expected, actual and diff.
cp Fixtures/render/light-seed-aimee-bethany-charles-45mm.png "$work/check/case.png"
"$wordfit" check "$work/check" --record never --html "$work/check.html" --artifacts "$work/artifacts" >/dev/null || true
# The strings page: the committed catalog with a pseudolocale, German and en-XA failing on 38mm.
"$wordfit" strings Fixtures/strings/Localizable.xcstrings --pseudo accented --canvases 38mm,45mm \
  --categories large,xxxLarge --html "$work/strings" >/dev/null

status=0
check_page() {  # name, page, images expected at least
  local name=$1 page=$2 least=$3
  local dom log shot
  dom=$(chromium --headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --allow-file-access-from-files \
    --virtual-time-budget=5000 --enable-logging=stderr --v=0 --dump-dom "file://$page" 2>"$work/$name.log")
  log="$work/$name.log"
  local total loaded
  total=$(grep -o 'data-images-total="[0-9]*"' <<<"$dom" | grep -o '[0-9]*' || echo 0)
  loaded=$(grep -o 'data-images-loaded="[0-9]*"' <<<"$dom" | grep -o '[0-9]*' || echo 0)
  if [ -z "$total" ] || [ "$total" -lt "$least" ] || [ "$loaded" != "$total" ]; then
    echo "browser-test: $name: $loaded of $total images loaded (expected at least $least, all loaded)" >&2; status=1
  fi
  if grep -E 'CONSOLE.*(ERROR|Uncaught)|Uncaught|Failed to load resource' "$log" >/dev/null; then
    echo "browser-test: $name: console errors:" >&2; grep -E 'CONSOLE|Uncaught|Failed to load' "$log" >&2; status=1
  fi
  shot="$work/$name-screenshot.png"
  chromium --headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --allow-file-access-from-files \
    --virtual-time-budget=5000 --window-size=1200,900 --screenshot="$shot" "file://$page" >/dev/null 2>&1
  if ! python3 - "$shot" <<'PY'
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
width, height = struct.unpack(">II", data[16:24])
assert (width, height) == (1200, 900), f"screenshot is {width}x{height}"
# Distinct bytes in the compressed image data: a blank page compresses to almost nothing.
idat = b"".join(data[i + 8:i + 8 + struct.unpack(">I", data[i:i + 4])[0]]
                for i in range(8, len(data)) if data[i + 4:i + 8] == b"IDAT")
raw = zlib.decompress(idat)
assert len(set(raw)) > 16, "the screenshot is blank"
PY
  then echo "browser-test: $name: the screenshot is not a rendered page" >&2; status=1; fi
  [ $status -ne 0 ] || echo "browser-test: $name: $loaded of $total images loaded, no console errors, screenshot ok"
}
check_page preview "$work/preview/index.html" 4
check_page check "$work/check.html" 3
check_page strings "$work/strings/index.html" 4
# The strings page's filters ran: they wrote how many strings they show.
if ! chromium --headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --allow-file-access-from-files \
  --virtual-time-budget=5000 --dump-dom "file://$work/strings/index.html" 2>/dev/null | grep -qE '[1-9][0-9]* strings shown'; then
  echo "browser-test: strings: the filters did not run" >&2; status=1
fi

# The desk's page (issue 57): Chromium over CDP searches, previews, prints, reprints and prints a
# walk-in; a fake network printer must get render --printer's bytes (scripts/desk-browser-test.py).
python3 scripts/desk-browser-test.py "$wordfit" || status=1

# A check's review page (issue 59): Chromium ticks two of five failing cases, downloads the
# accept list, and check --accept-from changes exactly those goldens
# (scripts/check-review-browser-test.py).
python3 scripts/check-review-browser-test.py "$wordfit" || status=1

# SVG (issue 39): a template badge written as SVG and drawn by Chromium at its size equals the
# PNG within the goldens' tolerance (pixelmatch threshold 0.1, at most 0.5% of pixels: the PNG's
# light hinting against the SVG's unhinted outlines). Arabic and Hebrew with marks, emoji (the
# SVG's images), a photo, a band, a QR code.
check_svg() {  # name, then render's --row arguments: a badge as PNG and as SVG
  local name=$1
  shift
  local template=Fixtures/badges/export/export.template.json
  "$wordfit" render --template "$template" --images Fixtures/badges/export/photos "$@" -o "$work/$name.png" >/dev/null
  "$wordfit" render --template "$template" --images Fixtures/badges/export/photos "$@" -o "$work/$name.svg" >/dev/null
  compare_svg "$name"
}
compare_svg() {  # name: $work/name.svg drawn by Chromium against $work/name.png
  local name=$1 size result
  size=$(python3 -c 'import struct,sys; d=open(sys.argv[1],"rb").read(); print("%d,%d" % struct.unpack(">II", d[16:24]))' "$work/$name.png")
  printf '<!doctype html><body style="margin:0;background:white"><img src="%s.svg" style="display:block"></body>' "$name" >"$work/$name.html"
  chromium --headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --allow-file-access-from-files \
    --hide-scrollbars --force-device-scale-factor=1 --window-size="$size" --screenshot="$work/$name-svg.png" \
    "file://$work/$name.html" >/dev/null 2>&1
  if result=$("$wordfit" diff "$work/$name.png" "$work/$name-svg.png" --max-diff-ratio 0.005); then
    echo "browser-test: $name: the SVG drawn by Chromium equals the PNG ($result)"
  else
    echo "browser-test: $name: the SVG drawn by Chromium differs from the PNG: $result" >&2; status=1
  fi
}
# A wrapped text on a round screen and on a rectangle, white on black: the PNG's corners are
# transparent (white in the page), so the SVG must be clipped to the circle.
for canvas in wear-large 45mm; do
  "$wordfit" render "Ein Anruf von Mama wurde verpasst" --layout wrap --canvas "$canvas" --bg black --fg white -o "$work/wrap-$canvas.png" >/dev/null
  "$wordfit" render "Ein Anruf von Mama wurde verpasst" --layout wrap --canvas "$canvas" --bg black --fg white -o "$work/wrap-$canvas.svg" >/dev/null
  compare_svg "wrap-$canvas"
done
# A stack of rounded buttons on a round screen (the boxes are the drawing's rounded rectangles).
"$wordfit" stack -l "Start workout" -l Batterieoptimierung -l Abbrechen --canvas wear-small -o "$work/stack.png" >/dev/null
"$wordfit" stack -l "Start workout" -l Batterieoptimierung -l Abbrechen --canvas wear-small -o "$work/stack.svg" >/dev/null
compare_svg stack
# Tightened and kerned lines on a round screen, and a text narrowed along a wdth axis (issue 41):
# the SVG's glyphs sit where the PNG's do, and the width instance's outlines are the PNG's.
for ext in png svg; do
  "$wordfit" render "Aimée Bethany Charles" --canvas wear-large --max-size 200 --tightening 0.06 --kerning -0.5 \
    -o "$work/tightened.$ext" >/dev/null
  "$wordfit" render "Aimée Bethany Charles" --font Fixtures/width/WordFitTestWidth.ttf --canvas 45mm --max-size 200 \
    --width-axis 80 -o "$work/width-axis.$ext" >/dev/null
done
compare_svg tightened
compare_svg width-axis
# Curved text: each glyph's outline turned with the arc (an SVG rotate) against the PNG's
# glyphs rendered turned by FreeType, both arcs.
for arc in top bottom; do
  for ext in png svg; do
    "$wordfit" render "Value exponentially increasing" --layout curved --arc "$arc" --canvas wear-large \
      -o "$work/curved-$arc.$ext" >/dev/null
  done
  compare_svg "curved-$arc"
done
# A preview sheet as an SVG (each cell's drawing nested and scaled, round cells clipped, a
# truncated cell framed) against the sheet's PNG, at half size and at full size.
for scale in 0.5 1; do
  for ext in png svg; do
    "$wordfit" preview "Aimée Bethany Charles Extraordinarily" --canvases 41mm,wear-large --categories large,xxxLarge \
      --scale "$scale" -o "$work/preview-$scale.$ext" >/dev/null
  done
  compare_svg "preview-$scale"
done
# A batch of badges written as SVGs (--format svg) with a 3 mm bleed: each equals the PNG the
# same batch writes (the SVG's bleed extends the fills that touch an edge, as the PDF's does).
head -5 Fixtures/badges/export/attendees.csv >"$work/batch.csv"
for format in png svg; do
  "$wordfit" batch "$work/batch.csv" --template Fixtures/badges/export/export.template.json \
    --images Fixtures/badges/export --bleed 3 --format "$format" --out "$work/batch-$format" -q
done
for png in "$work"/batch-png/*.png; do
  name=batch-$(basename "$png" .png)
  cp "$png" "$work/$name.png"
  cp "$work/batch-svg/$(basename "$png" .png).svg" "$work/$name.svg"
  compare_svg "$name"
done
check_svg svg-scripts --row "Attendee name: Given name=مُحَمَّد ⭐" --row "Attendee name: Family name=עַלִּי" \
  --row "Company=Ünïcode & <Co>" --row "Product=Speaker ticket" --row "Ticket secret=abc" --row "Photo=photo-1.png"
check_svg svg-emoji --row "Attendee name: Given name=Ada 🚀" --row "Attendee name: Family name=Lovelace" \
  --row "Company=Fabrikam" --row "Product=Staff pass" --row "Ticket secret=d6yrg2bvs9zc6xsw" --row "Photo=photo-2.png"

# Balanced lines against Chromium's text-wrap: balance (issue 40), ~20 s: WordFit's longest
# line no longer, and no more ragged where the longest lines are equal, on every phrase.
if python3 scripts/balance-vs-chromium.py "$wordfit" >"$work/balance.md"; then
  echo "browser-test: balance: $(tail -1 "$work/balance.md")"
else
  echo "browser-test: balance: WordFit's balanced lines are worse than Chromium's:" >&2
  grep -E 'worse|cases compared' "$work/balance.md" >&2; status=1
fi

# Line height against Chromium's line-height: F (issue 58), ~15 s: the same baselines within
# 1/64 px, every one (README "Line height").
if python3 scripts/lineheight-vs-chromium.py "$wordfit" >"$work/lineheight.txt"; then
  echo "browser-test: $(tail -1 "$work/lineheight.txt")"
else
  echo "browser-test: line height differs from Chromium's:" >&2; tail -5 "$work/lineheight.txt" >&2; status=1
fi

# Cap-height trimming against Chromium's text-box: trim-both cap alphabetic (issue 58), ~10 s.
if python3 scripts/trim-vs-chromium.py "$wordfit" >"$work/trim.txt"; then
  echo "browser-test: $(tail -1 "$work/trim.txt")"
else
  echo "browser-test: trimmed labels differ from Chromium's:" >&2; tail -5 "$work/trim.txt" >&2; status=1
fi

check_docs() {  # name, url, text the rendered page must contain
  local name=$1 url=$2 text=$3 dom
  dom=$(chromium --headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --virtual-time-budget=10000 \
    --enable-logging=stderr --v=0 --dump-dom "$url" 2>"$work/$name.log")
  if ! grep -qF "$text" <<<"$dom"; then
    echo "browser-test: $name: $url did not render \"$text\"" >&2; status=1; return
  fi
  if grep -E 'CONSOLE.*(ERROR|Uncaught)|Uncaught|Failed to load resource' "$work/$name.log" >/dev/null; then
    echo "browser-test: $name: console errors:" >&2; grep -E 'CONSOLE|Uncaught|Failed to load' "$work/$name.log" >&2
    status=1; return
  fi
  echo "browser-test: $name: rendered \"$text\", no console errors"
}
if [ -d .build/docs/WordFit ]; then
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  python3 -m http.server "$port" --bind 127.0.0.1 --directory .build/docs >/dev/null 2>&1 &
  server=$!
  trap 'kill $server 2>/dev/null; rm -rf "$work"' EXIT
  for _ in $(seq 50); do curl -s -o /dev/null "http://127.0.0.1:$port/" && break; sleep 0.1; done
  check_docs docs-overview "http://127.0.0.1:$port/WordFit/documentation/wordfit/" "Fit words to a watch-sized canvas"
  check_docs docs-symbol "http://127.0.0.1:$port/WordFit/documentation/wordfit/wordstackrenderer/" "WordStackRenderer"
  check_docs docs-article "http://127.0.0.1:$port/WordFit/documentation/wordfit/testingyourlayouts/" "Testing your layouts"
  check_docs docs-testing "http://127.0.0.1:$port/WordFitTesting/documentation/wordfittesting/" "Golden-image assertions"
else
  echo "browser-test: no .build/docs (run scripts/docs.sh first); the DocC sites were not opened"
fi
exit $status
