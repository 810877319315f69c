#!/usr/bin/env bash
# Installs what is missing, checks formatting (swift format, .swift-format) and the layering
# (scripts/check-layers.sh), runs every test:
# unit, golden and command-line tests, then
# `wordfit check` over the project's own Fixtures/ (exact, never recording), the README's
# WordFitTesting example built as a user's package (scripts/check-testing-package.sh), the
# release tarball (scripts/release-test.sh), the DocC build (scripts/docs.sh), and the HTML
# pages in headless Chromium, installed when missing (scripts/browser-test.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
# The tests draw only with the committed fonts (Fixtures/fonts), so the large font packages
# are not needed here.
# zbar-tools (zbarimg) reads back the QR codes the tests draw.
WORDFIT_SKIP_FONTS=1 WORDFIT_TEST_TOOLS=1 bash scripts/setup.sh
swift format lint --strict --recursive Sources Tests Benchmarks Fuzz Fonts/BundledFonts.swift Package.swift
bash scripts/check-layers.sh
# Fonts found through fontconfig (families, fallback) come only from the committed fonts.
export FONTCONFIG_FILE="$PWD/Fixtures/fonts/fonts.conf"
# A target importing a sibling it does not declare fails the build (the product graph in
# Package.swift and scripts/check-layers.sh), even when that sibling happens to be built.
swift build --build-tests --explicit-target-dependency-import-check error
swift test --skip-build
.build/debug/wordfit check Fixtures --record never --artifacts .test-artifacts/check
bash scripts/check-testing-package.sh
# The release as a user gets it: the static tarball, run without the toolchain, and installed
# (~1-2 min, a release build); the DocC reference, zero warnings (~1 min).
bash scripts/release-test.sh
bash scripts/docs.sh
# The HTML pages and the DocC sites in a real browser: scripts/browser-test.sh installs
# Chromium (Debian's package) when it is missing, so a fresh machine runs it too (~10 s, plus
# the install once).
bash scripts/browser-test.sh
