#!/usr/bin/env bash
# WebP beside PNG on names-10k: the same batch (45mm canvas, max 72 px, the default font, two
# workers) written as PNGs and as lossless WebPs into tmpfs, rounds interleaved; prints each
# round's wall seconds and total bytes, and the WebP/PNG ratios of the medians.
#
#   bash Benchmarks/webp.sh [ROUNDS]   (default 3; the release binary, built when missing)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
[ -x .build/release/wordfit ] || swift build -c release --static-swift-stdlib --product wordfit >/dev/null
wordfit=$PWD/.build/release/wordfit
csv=$(cd .. && pwd)/shared/data/names-10k.csv
[ -f "$csv" ] || csv=${WORDFIT_NAMES_CSV:?give WORDFIT_NAMES_CSV=names-10k.csv}
work=$(mktemp -d /dev/shm/wordfit-webp.XXXXXX 2>/dev/null || mktemp -d)
trap 'rm -rf "$work"' EXIT
declare -A seconds bytes
for round in $(seq "$rounds"); do
  for format in png webp; do
    rm -rf "$work/$format"
    start=$(date +%s.%N)
    "$wordfit" batch "$csv" --out "$work/$format" --format "$format" --max-size 72 --jobs 2 -q
    end=$(date +%s.%N)
    seconds[$format]+="$(echo "$end - $start" | bc) "
    total=$(du -sb "$work/$format" | cut -f1)
    bytes[$format]=$total
    echo "round $round: $format $(echo "$end - $start" | bc | cut -c1-6) s, $total bytes in $(ls "$work/$format" | wc -l) files"
  done
done
median() { tr ' ' '\n' | grep -v '^$' | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
png=$(echo "${seconds[png]}" | median)
webp=$(echo "${seconds[webp]}" | median)
echo "medians: PNG $png s, WebP $webp s (WebP/PNG time $(echo "scale=3; $webp / $png" | bc)); bytes WebP/PNG $(echo "scale=3; ${bytes[webp]} / ${bytes[png]}" | bc)"
