#!/usr/bin/env bash
# Checks that WordFit's fontconfig shim leaks nothing per call: runs every shim function 1 and
# 200 times under valgrind and requires the same "definitely lost" bytes (fontconfig itself
# loses a few bytes once while parsing its configuration; see scripts/lsan-suppressions.txt).
# Needs valgrind and a C compiler. About 10 s.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cc -g -O1 scripts/support/fontconfig-leak-check.c -o "$work/check" $(pkg-config --cflags --libs fontconfig)
lost() {
  FONTCONFIG_FILE="$PWD/Fixtures/fonts/fonts.conf" valgrind --leak-check=full "$work/check" "$1" 2>&1 >/dev/null \
    | sed -n 's/.*definitely lost: \([0-9,]*\) bytes.*/\1/p' | tr -d ,
}
one=$(lost 1); many=$(lost 200)
echo "fontconfig-leak-check: definitely lost after 1 round: ${one:-0} bytes; after 200 rounds: ${many:-0} bytes"
[ "${one:-0}" = "${many:-0}" ] || { echo "fontconfig-leak-check: the shim leaks per call" >&2; exit 1; }
