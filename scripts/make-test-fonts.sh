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
ls -la Fixtures/fonts/*.ttf
