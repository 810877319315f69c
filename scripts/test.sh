#!/usr/bin/env bash
# Installs what is missing and runs every test: unit, golden and command-line tests.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
swift build --build-tests
swift test --skip-build
