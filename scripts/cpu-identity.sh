#!/usr/bin/env bash
# Identical bytes on another CPU: the release binary, run on this machine and under
# `qemu-x86_64 -cpu qemu64` (Debian's qemu-user: a baseline x86-64 without SSE4, AVX or AVX2, so
# every library that picks a SIMD path at run time — libdeflate's checksums and matcher,
# pixman's compositing, FreeType, HarfBuzz — takes its portable one), must write the same bytes:
# every golden of `wordfit check Fixtures` re-recorded (--record all) into two copies of
# Fixtures, and a batch of the docs' badge template (PNG, WebP, SVG, PDF, ZPL and Brother QL).
# Any file that differs fails the script, named. Run by scripts/test.sh after the release build;
# installs qemu-user when it is missing. aarch64 is not tested (no cross toolchain here).
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v qemu-x86_64 >/dev/null; then
  echo "cpu-identity: installing qemu-user (Debian)" >&2
  ${SUDO:-$( [ "$(id -u)" = 0 ] || echo sudo )} apt-get install -y -q qemu-user >/dev/null
fi
[ -x .build/release/wordfit ] || swift build -c release --product wordfit >/dev/null
export FONTCONFIG_FILE=${FONTCONFIG_FILE:-$PWD/Fixtures/fonts/fonts.conf}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
binary=$PWD/.build/release/wordfit
run() {  # where: native or qemu; then wordfit's arguments
  local where=$1
  shift
  if [ "$where" = qemu ]; then qemu-x86_64 -cpu qemu64 "$binary" "$@"; else "$binary" "$@"; fi
}
# Rows for the label printers' templates (given, family, company, role, ticket), from the docs'
# badges.
python3 - docs/badges.csv "$work/labels.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], encoding="utf-8")))
with open(sys.argv[2], "w", encoding="utf-8", newline="") as out:
    writer = csv.writer(out)
    writer.writerow(["given", "family", "company", "role", "ticket_secret"])
    for row in rows:
        writer.writerow([row["given"], row["family"], row["script"] + " Works", row["role"], "T" + row["id"]])
PY
start=$SECONDS
for where in native qemu; do
  mkdir -p "$work/$where"
  cp -r Fixtures Fonts "$work/$where/"
  # Every golden beside its spec is removed and recorded again (--record missing), so each is
  # this run's render, not the committed file.
  removed=0
  while read -r spec; do
    golden=${spec%.json}.png
    [ -f "$golden" ] && rm "$golden" && removed=$((removed + 1))
  done < <(find "$work/$where/Fixtures" -name '*.json' ! -name 'wordfit-check.json')
  (cd "$work/$where" && run "$where" check Fixtures --record missing --jobs 2 >/dev/null 2>&1) || true
  recorded=0
  while read -r spec; do [ -f "${spec%.json}.png" ] && recorded=$((recorded + 1)); done \
    < <(find "$work/$where/Fixtures" -name '*.json' ! -name 'wordfit-check.json')
  [ "$recorded" = "$removed" ] && [ "$removed" -gt 50 ] \
    || { echo "cpu-identity: $where recorded $recorded goldens of $removed removed" >&2; exit 1; }
  for format in png webp svg; do
    run "$where" batch docs/names.csv --column name --canvas 45mm --format "$format" --out "$work/$where/batch-$format" -q
  done
  run "$where" batch docs/badges.csv --template docs/badge-template.json --pdf "$work/$where/badges.pdf" -q
  run "$where" batch Fixtures/badges/export/attendees.csv --template Fixtures/badges/export/export.template.json \
    --printer zpl --out "$work/$where/zpl" -q
  run "$where" batch "$work/labels.csv" --template Fixtures/printers/ql-62x100-photo.template.json \
    --printer brother-ql:QL-820NWB:62x100 --out "$work/$where/ql" -q 2>/dev/null
  run "$where" batch "$work/labels.csv" --template Fixtures/printers/ql-62red.template.json \
    --printer brother-ql:QL-820NWB:62red --out "$work/$where/ql-red" -q 2>/dev/null
done
(cd "$work/native" && find . -type f | sort) >"$work/native.list"
(cd "$work/qemu" && find . -type f | sort) >"$work/qemu.list"
cmp -s "$work/native.list" "$work/qemu.list" || { diff "$work/native.list" "$work/qemu.list" | head >&2; echo "cpu-identity: the two runs wrote different files" >&2; exit 1; }
differ=0
while read -r file; do
  cmp -s "$work/native/$file" "$work/qemu/$file" || { echo "cpu-identity: $file differs under qemu64" >&2; differ=$((differ + 1)); }
done <"$work/native.list"
total=$(wc -l <"$work/native.list")
[ "$differ" = 0 ] || { echo "cpu-identity: $differ of $total files differ" >&2; exit 1; }
echo "cpu-identity: $total files ($removed goldens recorded afresh, batches in PNG, WebP, SVG, PDF, ZPL, Brother QL with photos and red) byte-identical natively and under qemu-x86_64 -cpu qemu64 ($((SECONDS - start)) s)"
