#!/usr/bin/env bash
# Runs the test suite under sanitizers, with every `wordfit` process the tests start built the
# same way:
#   address  the whole suite under AddressSanitizer with LeakSanitizer on
#   thread   the suites that run threads (batch, check, reliability) under ThreadSanitizer
# Usage: bash scripts/sanitize.sh [address|thread ...]   (default: both)
# Every report (from the test process or any child) is written to a log folder; the script
# fails when the tests fail or any report was written, and prints the reports.
set -euo pipefail
cd "$(dirname "$0")/.."
kinds=("$@")
[ ${#kinds[@]} -gt 0 ] || kinds=(address thread)
bash scripts/setup.sh >/dev/null
reports=$(mktemp -d)
trap 'rm -rf "$reports"' EXIT
status=0
for kind in "${kinds[@]}"; do
  scratch=".build/sanitize-$kind"
  filter=()
  case "$kind" in
    address)
      # Full unwinding: the system libraries have no frame pointers, so the fast unwinder stops
      # inside them and a suppression naming the library that made the call could not match.
      export ASAN_OPTIONS="detect_leaks=1:exitcode=99:log_path=$reports/asan:fast_unwind_on_malloc=0"
      export LSAN_OPTIONS="exitcode=99:suppressions=$PWD/scripts/lsan-suppressions.txt:print_suppressions=0"
      # The PNG writer at every width from 8,000 to 16,384 in every pixel format (PNGCodecTests).
      export WORDFIT_PNG_WIDTH_SWEEP=1 ;;
    thread)
      export TSAN_OPTIONS="exitcode=99:halt_on_error=0:log_path=$reports/tsan"
      filter=(--filter 'BatchCommandTests|CheckCommandTests|ReliabilityTests|HardeningUnitTests|ShardingExamplesTests|WriteBurstTests|BatchOutputTests') ;;
    *) echo "sanitize: unknown kind '$kind' (address or thread)" >&2; exit 64 ;;
  esac
  echo "sanitize: $kind: building"
  # A failed build stops here: --skip-build would otherwise test what an earlier build left.
  if ! swift build --build-tests --sanitize "$kind" --scratch-path "$scratch" >"$reports/$kind-build.log" 2>&1; then
    grep -E "error" "$reports/$kind-build.log" | head -40 >&2
    echo "sanitize: $kind: the build failed" >&2
    exit 1
  fi
  grep -E "warning: .*sanitiz" "$reports/$kind-build.log" || true
  start=$(date +%s)
  if ! swift test --skip-build --sanitize "$kind" --scratch-path "$scratch" "${filter[@]}" >"$reports/$kind-tests.log" 2>&1; then
    echo "sanitize: $kind: tests failed" >&2
    grep -E "✘|error:|ERROR: .*Sanitizer" "$reports/$kind-tests.log" | head -40 >&2
    status=1
  fi
  grep -E "Test run with" "$reports/$kind-tests.log" | sed "s/^/sanitize: $kind: /" || true
  echo "sanitize: $kind: $(( $(date +%s) - start )) s"
  unset ASAN_OPTIONS LSAN_OPTIONS TSAN_OPTIONS WORDFIT_PNG_WIDTH_SWEEP
done
if compgen -G "$reports/asan*" >/dev/null || compgen -G "$reports/tsan*" >/dev/null; then
  echo "sanitize: reports were written:" >&2
  for file in "$reports"/asan* "$reports"/tsan*; do [ -f "$file" ] && { echo "== $file" >&2; head -60 "$file" >&2; }; done
  status=1
fi
[ $status -eq 0 ] && echo "sanitize: clean"
exit $status
