#!/usr/bin/env bash
# Builds the DocC reference of the WordFit and WordFitTesting libraries with the toolchain's
# docc: symbol graphs from the compiler (in a scratch build folder of their own), then
# `docc convert --transform-for-static-hosting` of each catalog, warnings as errors.
#   bash scripts/docs.sh [OUTPUT]      (default .build/docs; about 1 minute)
# OUTPUT/WordFit and OUTPUT/WordFitTesting are static sites: serve OUTPUT over HTTP and open
# /WordFit/documentation/wordfit/ (scripts/docs-browser-test.sh does, in headless Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
output=$(mkdir -p "${1:-.build/docs}" && cd "${1:-.build/docs}" && pwd)
graphs=$PWD/.build/docs-build/symbol-graphs
mkdir -p "$graphs"  # kept between runs: the compiler rewrites a module's graph when it rebuilds it
swift build --scratch-path .build/docs-build --target WordFitTesting \
  -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" >/dev/null
status=0
for module in WordFit WordFitTesting; do
  only=$(mktemp -d)
  cp "$graphs/$module.symbols.json" "$only/"
  cp "$graphs/$module@"*.symbols.json "$only/" 2>/dev/null || true
  rm -rf "$output/$module"
  log=$(mktemp)
  if ! docc convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$only" \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.wordfit.$module" \
    --output-path "$output/$module" --transform-for-static-hosting --hosting-base-path "$module" \
    --warnings-as-errors >"$log" 2>&1; then
    cat "$log" >&2; status=1
  fi
  warnings=$(grep -c 'warning:' "$log" || true)
  echo "docs: $module: $output/$module ($warnings warnings$([ $status -eq 0 ] || echo "; failed, see above"))"
  rm -rf "$only" "$log"
done
exit $status
