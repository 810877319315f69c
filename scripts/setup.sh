#!/usr/bin/env bash
# Installs what WordFit needs beyond the Swift toolchain, and only what is missing:
# pkg-config and the development files of FreeType, HarfBuzz, FriBidi, fontconfig, libpng,
# libdeflate, zlib, ICU (line breaking), libqrencode (QR codes), cairo (PDF), libarchive (ZIP
# and tar output), qpdf (merge-pdf), libhyphen with 14 hyphenation dictionaries (hyphen-de, -en-us, …); gLabels'
# label templates (glabels-data, for --sheet "Avery L4785"); and the fonts fallback draws every script and emoji with (Noto core, CJK
# and Color Emoji, about 120 MB installed). WORDFIT_SKIP_FONTS=1 skips the font packages (for
# users who bring their own fonts, and for the tests, which use only the committed fonts).
# Debian/Ubuntu, through apt-get.
set -euo pipefail

need=()
command -v pkg-config >/dev/null 2>&1 || need+=(pkg-config)
if command -v pkg-config >/dev/null 2>&1; then
  pkg-config --exists freetype2 || need+=(libfreetype-dev)
  pkg-config --exists libpng || need+=(libpng-dev)
  pkg-config --exists libdeflate || need+=(libdeflate-dev)
  pkg-config --exists zlib || need+=(zlib1g-dev)
  pkg-config --exists harfbuzz || need+=(libharfbuzz-dev)
  pkg-config --exists fribidi || need+=(libfribidi-dev)
  pkg-config --exists fontconfig || need+=(libfontconfig-dev)
  pkg-config --exists icu-uc || need+=(libicu-dev)
  pkg-config --exists libqrencode || need+=(libqrencode-dev)
  pkg-config --exists cairo || need+=(libcairo2-dev)
  pkg-config --exists libarchive || need+=(libarchive-dev)
  pkg-config --exists libwebpmux || need+=(libwebp-dev)
  pkg-config --exists libqpdf || need+=(libqpdf-dev)
  pkg-config --exists libmicrohttpd || need+=(libmicrohttpd-dev)
  [ -f /usr/include/cups/cups.h ] || need+=(libcups2-dev)
else
  need+=(libfreetype-dev libpng-dev libdeflate-dev zlib1g-dev libharfbuzz-dev libfribidi-dev libfontconfig-dev libicu-dev
    libqrencode-dev libcairo2-dev libarchive-dev libwebp-dev libqpdf-dev libcups2-dev libmicrohttpd-dev)
fi
dpkg-query -W -f='${Status}' glabels-data 2>/dev/null | grep -q "install ok installed" || need+=(glabels-data)
# libhyphen and the hyphenation dictionaries of the languages named in the README (--hyphenation
# auto); other hyphen-* packages work too once installed.
for package in libhyphen-dev hyphen-de hyphen-en-us hyphen-en-gb hyphen-fr hyphen-nl hyphen-hu hyphen-it hyphen-pl \
  hyphen-es hyphen-pt-pt hyphen-pt-br hyphen-sv hyphen-da hyphen-ru; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || need+=("$package")
done
command -v fc-list >/dev/null 2>&1 || need+=(fontconfig)
# The tests read back every QR code they draw with zbarimg (WORDFIT_TEST_TOOLS=1, set by
# scripts/test.sh).
# The PDF tests read the PDFs back with poppler (pdfinfo, pdffonts, pdftotext, pdftoppm) and
# check them with qpdf.
if [ "${WORDFIT_TEST_TOOLS:-0}" = 1 ]; then
  command -v zbarimg >/dev/null 2>&1 || need+=(zbar-tools)
  # WebP outputs are decoded by libwebp's own dwebp to compare with the PNG's pixels.
  command -v dwebp >/dev/null 2>&1 || need+=(webp)
  # The memory bounds are checked on whole processes with GNU time's peak resident size.
  [ -x /usr/bin/time ] || need+=(time)
  command -v pdftoppm >/dev/null 2>&1 || need+=(poppler-utils)
  command -v qpdf >/dev/null 2>&1 || need+=(qpdf)
  # The archive tests list and extract with bsdtar and check ZIPs with unzip.
  command -v bsdtar >/dev/null 2>&1 || need+=(libarchive-tools)
  command -v unzip >/dev/null 2>&1 || need+=(unzip)
  # The JUnit reports are validated against Fixtures/junit/junit.xsd with xmllint.
  command -v xmllint >/dev/null 2>&1 || need+=(libxml2-utils)
  # The Kubernetes example's fields are checked with PyYAML (scripts/check-indexed-job.py).
  python3 -c 'import yaml' >/dev/null 2>&1 || need+=(python3-yaml)
  # The UAX #14 conformance suite reads Unicode 15.0's LineBreakTest.txt (ICU 72's version)
  # from Debian's unicode-data (scripts/conformance.sh).
  [ -f /usr/share/unicode/auxiliary/LineBreakTest.txt ] || need+=(unicode-data)
  # scripts/slurm-test.sh runs the Slurm example on a one-node cluster of its own.
  command -v slurmctld >/dev/null 2>&1 || need+=(slurm-wlm)
  command -v munged >/dev/null 2>&1 || need+=(munge)
  # scripts/cups-test.sh starts a CUPS scheduler of its own with a queue to a fake printer.
  command -v cupsd >/dev/null 2>&1 || need+=(cups)
  command -v lpadmin >/dev/null 2>&1 || need+=(cups-client)
fi
if [ "${WORDFIT_SKIP_FONTS:-0}" != 1 ]; then
  for package in fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || need+=("$package")
  done
fi

if [ ${#need[@]} -eq 0 ]; then
  echo "setup: pkg-config, FreeType, HarfBuzz, FriBidi, fontconfig, libpng, libdeflate, zlib, ICU, libqrencode, cairo, libarchive, libwebp, libmicrohttpd, libhyphen and its dictionaries, glabels-data$([ "${WORDFIT_SKIP_FONTS:-0}" = 1 ] || echo " and the Noto fonts") are present"
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "setup: missing ${need[*]}, and apt-get is not available; install them with your package manager" >&2
  exit 69
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
    echo "setup: missing ${need[*]}; run as root or install sudo" >&2
    exit 77
  fi
fi
echo "setup: installing ${need[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${need[@]}"
