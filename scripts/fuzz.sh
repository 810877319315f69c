#!/usr/bin/env bash
# Fuzzes WordFit's parsers with libFuzzer under AddressSanitizer (leak detection on):
#   csv   the CSV reader and batch file naming
#   spec  the layout spec decoder, rendering specs whose canvas is small
#   png   the PNG reader (libpng behind WordFit's capped allocator) and the comparator
#   font  font loading through FreeType, then fitting and drawing a short text (pixels and SVG)
#   template  badge templates (the JSON decoder, boxes, colours, a logo), then a badge rendered
#          (pixels, PDF and SVG)
#   sheet  print sheets sized from the input (page, dpi, bleed, gap, margin, badge size), checked
#          as batch checks them, composed in bands and encoded when small
#   hyphen  hyphenation dictionaries (CHyphen's loader: non-standard patterns, malformed
#           files), then words hyphenated with them
#   preview  preview requests sized from the input (canvases, sizes, scale), bounded up front,
#            rendered when small
#   status  printer status replies (Brother QL's 32 bytes, Zebra's ~HS lines), then the problems
#           each finds for every label
#   scan  a scanner's standard input, line by line (bounded lines, cut and blank ones)
#   archive  shards' archives (ZIP, tar, compressed tars through libarchive's reader) merged:
#            entry names and kinds checked, manifests put in row order
#   desk  the desk's JSON API over the export fixture (search, a badge's preview, a print's body),
#         printing to a file
#   phrase  BudouX phrase models (the JSON reader), then text joined into phrases by the bundled
#           Japanese model and cut as phrases too wide for their lines
# Usage: bash scripts/fuzz.sh [--plain] [SECONDS_PER_TARGET] [TARGET ...]   (default: 60 s, every target)
# --plain builds without AddressSanitizer and runs with glibc's own heap checks
# (MALLOC_CHECK_=3): ASan cannot see writes inside the system libraries (they are not
# instrumented), and glibc notices some of those that corrupt its heap — how libhyphen's write
# outside its arrays (hunspell/hyphen's tests/boundary) aborts a plain process.
# Seeds are in Fuzz/corpus/TARGET (committed); what a run finds new goes to
# .build/fuzz-corpus/TARGET; a crash, leak or timeout is written to Fuzz/artifacts/ and fails
# the script. Turn each finding into a regression test with its input.
set -euo pipefail
cd "$(dirname "$0")/.."
plain=0
if [ "${1:-}" = --plain ]; then plain=1; shift; fi
seconds="${1:-60}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(csv spec png font template sheet preview labels strings hyphen status scan desk archive phrase)

bash scripts/setup.sh >/dev/null
sanitizers=(--sanitize fuzzer --sanitize address)
scratch_path=.build/fuzz
if [ $plain = 1 ]; then sanitizers=(--sanitize fuzzer); scratch_path=.build/fuzz-plain; fi
echo "fuzz: building wordfit-fuzz with -sanitize=$( [ $plain = 1 ] && echo fuzzer || echo fuzzer,address)"
# SwiftPM's --sanitize fuzzer instruments only the fuzz executable's own module: the library
# modules need the coverage flags libFuzzer reads (inline 8-bit counters and a PC table) given
# to every module, or the fuzzer sees a few dozen edges and mutates blind.
# A failed build stops here: an earlier binary left in .build/fuzz would fuzz old code.
build_log=$(mktemp)
if ! WORDFIT_FUZZ=1 swift build --scratch-path "$scratch_path" "${sanitizers[@]}" \
  -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp --product wordfit-fuzz >"$build_log" 2>&1; then
  grep -vE "Cannot export local symbol|^\[" "$build_log" >&2
  rm -f "$build_log"
  echo "fuzz: build failed" >&2
  exit 1
fi
grep -vE "Cannot export local symbol|^\[" "$build_log" || true
rm -f "$build_log"
binary="$scratch_path/debug/wordfit-fuzz"

mkdir -p Fuzz/artifacts
[ $plain = 0 ] || export MALLOC_CHECK_=3
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
status=0
for target in "${targets[@]}"; do
  # The template target draws PDFs through cairo: full unwinding there, as scripts/sanitize.sh,
  # since the system libraries have no frame pointers, the fast unwinder stops inside them, and
  # the suppression naming the library that made the call (cairo's one-time loss per variable
  # font face happens inside FreeType) could not match. Elsewhere the fast unwinder: unwinding
  # fully at every malloc makes a colour emoji font input of the font target take 33 s instead
  # of 2.5 s, past the 10 s timeout.
  asan_options=detect_leaks=1
  [ "$target" = template ] && asan_options=detect_leaks=1:fast_unwind_on_malloc=0
  corpus=".build/fuzz-corpus/$target"
  mkdir -p "$corpus"
  echo "fuzz: $target for ${seconds}s"
  if ! TMPDIR="$scratch" WORDFIT_FUZZ_TARGET="$target" ASAN_OPTIONS="$asan_options" LSAN_OPTIONS="suppressions=$PWD/scripts/lsan-suppressions.txt:print_suppressions=0" "$binary" \
    "$corpus" "Fuzz/corpus/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -max_len=65536 -artifact_prefix="Fuzz/artifacts/$target-" -print_final_stats=1 \
    >"$scratch/$target.log" 2>&1; then
    echo "fuzz: $target FAILED; see Fuzz/artifacts/ and the log below" >&2
    tail -40 "$scratch/$target.log" >&2
    status=1
  else
    grep -E "stat::number_of_executed_units|cov:" "$scratch/$target.log" | tail -2 | sed "s/^/fuzz: $target: /"
  fi
done
exit $status
