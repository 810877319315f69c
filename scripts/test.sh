#!/usr/bin/env bash
# Installs what is missing, checks formatting (swift format, .swift-format) and the layering
# (scripts/check-layers.sh), runs every test:
# unit, golden and command-line tests, then
# `wordfit check` over the project's own Fixtures/ (exact, never recording), the README's
# example commands (scripts/readme-examples.py), its WordFitTesting example built as a user's
# package (scripts/check-testing-package.sh), the
# release tarball (scripts/release-test.sh), rows piped through Spark (scripts/spark-test.sh),
# the array engines' job definitions read by their schema readers, the DocC build (scripts/docs.sh), and the HTML
# pages in headless Chromium, installed when missing (scripts/browser-test.sh).
#
#   bash scripts/test.sh           everything (what .ci/run and CI run)
#   bash scripts/test.sh --quick   formatting, layers, build, swift test, `wordfit check
#                                  Fixtures` and the conformance suites only: the loop while working (the rest is the
#                                  package example, the release tarball, DocC and the browser)
# Each phase's wall time is printed as it ends, and the whole run's wall and CPU time at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
quick=0
[ "${1:-}" = "--quick" ] && quick=1
started=$SECONDS
phase_started=$SECONDS
phase() {  # name: prints how long the phase that just ended took
  echo "test.sh: $1 took $((SECONDS - phase_started)) s"
  phase_started=$SECONDS
}
finish() {  # the whole run: wall time, and the CPU time of every child (`times`' second line)
  local cpu record
  record=$(mktemp)
  times >"$record"  # in this shell: a subshell would count only its own children
  cpu=$(tail -1 "$record" | awk '{ t = 0; for (i = 1; i <= 2; i++) { split($i, p, "m"); t += p[1] * 60 + p[2] } printf "%.1f", t / 60 }')
  rm -f "$record"
  echo "test.sh: passed in $(((SECONDS - started) / 60)) min $(((SECONDS - started) % 60)) s wall, about $cpu min of CPU (user + system, every child)"
}
# The tests draw only with the committed fonts (Fixtures/fonts), so the large font packages
# are not needed here.
# zbar-tools (zbarimg) reads back the QR codes the tests draw.
WORDFIT_SKIP_FONTS=1 WORDFIT_TEST_TOOLS=1 bash scripts/setup.sh
swift format lint --strict --recursive Sources Tests Benchmarks Fuzz Conformance/Sources Fonts/BundledFonts.swift Package.swift
# The layer checks (their two proof builds in a copy of the tree, mostly one core) run beside
# the main build, and are waited for before it counts as done.
layers_log=$(mktemp)
bash scripts/check-layers.sh >"$layers_log" 2>&1 &
layers_pid=$!
# Fonts found through fontconfig (families, fallback) come only from the committed fonts.
export FONTCONFIG_FILE="$PWD/Fixtures/fonts/fonts.conf"
# A target importing a sibling it does not declare fails the build (the product graph in
# Package.swift and scripts/check-layers.sh), even when that sibling happens to be built.
swift build --build-tests --explicit-target-dependency-import-check error
if ! wait "$layers_pid"; then cat "$layers_log" >&2; echo "test.sh: the layer checks failed" >&2; exit 1; fi
cat "$layers_log"
export WORDFIT_BUILT=1  # scripts that would build a product find it built
phase "setup, formatting, layers and the build"
swift test --skip-build
phase "swift test"
.build/debug/wordfit check Fixtures --record never --artifacts .test-artifacts/check
phase "wordfit check Fixtures"
# The public conformance suites (Conformance/), each at or above its committed score (~5 s).
bash scripts/conformance.sh
phase "the conformance suites"
if [ $quick = 1 ]; then
  finish
  exit 0
fi
# The release build (scripts/package.sh: a static release build, both cores, ~3 min alone) runs
# beside the README's examples and the peers' readers (single-threaded Python, mostly waiting),
# and the DocC build beside the release checks, qemu, Spark and the package example: each waited
# for before what needs it. A failed background build still fails the run, with its log.
release_log=$(mktemp)
bash scripts/package.sh >"$release_log" 2>&1 &
release_pid=$!
release_started=$SECONDS
# Every `wordfit` command of the README's examples, run against this build, with the output the
# README shows for it.
python3 scripts/readme-examples.py
phase "the README's examples"
bash scripts/brother-ql-test.sh
phase "Brother QL against brother-ql-next"
bash scripts/ci-reports-test.sh
phase "SARIF and JUnit read by jsonschema and junitparser"
bash scripts/job-definitions-test.sh
phase "the AWS Batch and Cloud Batch examples read by botocore and google-cloud-batch"
# --word-break phrase against PyPI's budoux on 4,500 catalog strings (~10 s once installed).
bash scripts/phrases-vs-budoux.sh
phase "phrases against budoux"
bash scripts/cups-test.sh
phase "a real cupsd"
if ! wait "$release_pid"; then cat "$release_log" >&2; echo "test.sh: the release build failed" >&2; exit 1; fi
cat "$release_log"
echo "test.sh: the release build, beside the README's examples and the peers, took $((SECONDS - release_started)) s in all"
phase "the rest of the release build"
# stack --scroll against an independent port of Wear OS's list transformation (Python only),
# with the release binary.
python3 scripts/list-scroll-port.py .build/release/wordfit
phase "scrolled lists against a port of TransformingLazyColumn's transformation"
docs_log=$(mktemp)
bash scripts/docs.sh >"$docs_log" 2>&1 &
docs_pid=$!
docs_started=$SECONDS
# The release as a user gets it: the tarball just built, run without the toolchain, installed,
# and the Slurm example on a real one-node Slurm.
WORDFIT_PACKAGED=1 bash scripts/release-test.sh
phase "the release tarball"
bash scripts/cpu-identity.sh
phase "the same bytes under qemu-x86_64 -cpu qemu64"
# names-10k through Spark's RDD.pipe in local[2] against one unsharded batch, with the release
# binary (~15 s, plus a JRE and pyspark installed once).
bash scripts/spark-test.sh --wordfit .build/release/wordfit
phase "rows streamed through Spark"
bash scripts/check-testing-package.sh
phase "the WordFitTesting package example"
if ! wait "$docs_pid"; then cat "$docs_log" >&2; echo "test.sh: DocC failed" >&2; exit 1; fi
cat "$docs_log"
echo "test.sh: DocC, beside the release checks, took $((SECONDS - docs_started)) s in all"
phase "the rest of DocC"
# The HTML pages and the DocC sites in a real browser: scripts/browser-test.sh installs
# Chromium (Debian's package) when it is missing, so a fresh machine runs it too (~10 s, plus
# the install once).
bash scripts/browser-test.sh
phase "the browser tests"
finish
