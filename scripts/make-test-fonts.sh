#!/usr/bin/env bash
# Remakes the OFL test-font subsets in Fixtures/fonts/ from Debian's fonts-noto-core
# (see Fixtures/fonts/README.md). Needs: apt-get install fonts-noto-core; pip install fonttools.
set -euo pipefail
cd "$(dirname "$0")/.."
noto=/usr/share/fonts/truetype/noto
subset() {
  pyftsubset "$noto/$1" --unicodes="$2" --layout-features='*' --no-hinting --desubroutinize \
    --output-file="Fixtures/fonts/$3"
}
subset NotoSans-Regular.ttf "U+0020-007E,U+00A0-017F,U+2026" NotoSans-Regular-subset.ttf
subset NotoSansArabic-Regular.ttf "U+0020,U+0600-06FF,U+FEFF,U+200C-200D" NotoSansArabic-Regular-subset.ttf
subset NotoSansHebrew-Regular.ttf "U+0020,U+0590-05FF" NotoSansHebrew-Regular-subset.ttf
subset NotoSansDevanagari-Regular.ttf "U+0020,U+0900-097F,U+200C-200D,U+25CC,U+2026" \
  NotoSansDevanagari-Regular-subset.ttf
subset NotoSansThai-Regular.ttf "U+0020,U+0E00-0E7F,U+25CC,U+2026" NotoSansThai-Regular-subset.ttf
# Fallback (issue 12): CJK, Bengali and colour emoji, subset to the characters the tests draw.
cjk=/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc
pyftsubset "$cjk" --font-number=2 --text="山田太郎王李明美咲陳大文金민준서연" --layout-features='*' --no-hinting \
  --desubroutinize --name-IDs='*' --output-file=Fixtures/fonts/NotoSansCJKsc-Bold-subset.otf
# Wrapping (issue 24): a Japanese phrase with kinsoku characters and a Chinese sentence, in the
# Japanese face.
pyftsubset "$cjk" --font-number=0 \
  --text="…、。「」しすたではまをァアィゥウェォカクシットャュョワ・ー会入出加参发口国在处大始开您欢的示票者请迎開门际！（），？" \
  --layout-features='*' --no-hinting --desubroutinize --name-IDs='*' --output-file=Fixtures/wrap/fonts/NotoSansCJKjp-Bold-subset.otf
subset NotoSansBengali-Bold.ttf "U+0020,U+0980-09FF,U+200C-200D,U+25CC" NotoSansBengali-Bold-subset.ttf
# The emoji: grinning face, woman, girl, family ZWJ sequence parts, flag of Japan, red heart,
# thumbs up with skin tone, keycap one; CBDT bitmaps kept as they are.
pyftsubset "$noto/NotoColorEmoji.ttf" --unicodes="U+1F600,U+1F469,U+1F467,U+200D,U+1F1EF,U+1F1F5,U+2764,U+FE0F,U+1F44D,U+1F3FD,U+0031,U+20E3" \
  --layout-features='*' --output-file=Fixtures/fonts/NotoColorEmoji-subset.ttf
python3 scripts/make-variable-font.py Fixtures/fonts/NotoSans-Regular-subset.ttf Fixtures/fonts/WordFitTestVF.ttf wght
python3 scripts/make-variable-font.py Fixtures/fonts/NotoSans-Regular-subset.ttf Fixtures/fonts/WordFitTestOptical.ttf opsz
python3 scripts/make-variable-font.py Fixtures/fonts/NotoSans-Regular-subset.ttf Fixtures/width/WordFitTestWidth.ttf wdth
ls -la Fixtures/fonts/*.ttf Fixtures/fonts/*.otf
# The attendee export (issue 25): Noto Sans Bold for Latin (Vietnamese included), Cyrillic and
# Greek; each other script's Bold by block; CJK and emoji to the export's own characters
# (scripts/make-export-fixture.py prints them).
export_fonts=Fixtures/badges/export/fonts
for pair in "NotoSans-Bold.ttf:U+0020-007E,U+00A0-024F,U+0300-036F,U+0370-03FF,U+0400-04FF,U+1E00-1EFF,U+2026" \
  "NotoSansArabic-Bold.ttf:U+0020,U+0600-06FF,U+200C-200D" "NotoSansHebrew-Bold.ttf:U+0020,U+0590-05FF" \
  "NotoSansDevanagari-Bold.ttf:U+0020,U+0900-097F,U+200C-200D,U+25CC" \
  "NotoSansBengali-Bold.ttf:U+0020,U+0980-09FF,U+200C-200D,U+25CC" "NotoSansTamil-Bold.ttf:U+0020,U+0B80-0BFF,U+25CC" \
  "NotoSansThai-Bold.ttf:U+0020,U+0E00-0E7F,U+25CC" "NotoSansGeorgian-Bold.ttf:U+0020,U+10A0-10FF" \
  "NotoSansArmenian-Bold.ttf:U+0020,U+0530-058F"; do
  file=${pair%%:*}
  pyftsubset "$noto/$file" --unicodes="${pair#*:}" --layout-features='*' --no-hinting --desubroutinize \
    --output-file="$export_fonts/${file%.ttf}-subset.ttf"
done
pyftsubset "$cjk" --font-number=2 --text="中亮勇吉山拓桂樹涂王田真結芳衣裕雷경나문우은지현" --layout-features='*' --no-hinting \
  --desubroutinize --name-IDs='*' --output-file="$export_fonts/NotoSansCJKsc-Bold-subset.otf"
pyftsubset "$noto/NotoColorEmoji.ttf" --unicodes="U+1F600,U+1F469,U+200D,U+1F4BB,U+2B50,U+1F680,U+FE0F" \
  --layout-features='*' --output-file="$export_fonts/NotoColorEmoji-subset.ttf"
# The system font (issue 26): a font whose family is "SF Compact", for the test that `--font
# system` takes SF Compact when it is installed. Noto Sans (no reserved font name) renamed.
python3 - <<'PY'
from fontTools.ttLib import TTFont
font = TTFont("Fixtures/fonts/NotoSans-Regular-subset.ttf")
for record in font["name"].names:
    if record.nameID in (1, 16):
        record.string = "SF Compact"
    elif record.nameID == 4:
        record.string = "SF Compact Regular"
    elif record.nameID == 6:
        record.string = "SFCompact-Regular"
font.save("Fixtures/system-font/FakeSFCompact-Regular.ttf")
# And one whose family is "Roboto", for the test that every layout on a Wear OS canvas (edge-button
# labels included) takes Roboto when it is installed.
font = TTFont("Fixtures/fonts/NotoSans-Regular-subset.ttf")
for record in font["name"].names:
    if record.nameID in (1, 16):
        record.string = "Roboto"
    elif record.nameID == 4:
        record.string = "Roboto Regular"
    elif record.nameID == 6:
        record.string = "Roboto-Regular"
font.save("Fixtures/system-font-roboto/FakeRoboto-Regular.ttf")
PY
# Noto Sans Bold for Vietnamese, the reference StandInFontTests holds the stand-in's stacked marks
# to; outside Fixtures/fonts/ so that fontconfig's fallback in the tests never finds it.
pyftsubset "$noto/NotoSans-Bold.ttf" --unicodes="U+0020-007E,U+00C0-01B0,U+0300-0309,U+0323,U+1EA0-1EF9" \
  --layout-features='*' --no-hinting --desubroutinize \
  --output-file=Fixtures/vietnamese/NotoSans-Bold-vietnamese-subset.ttf
