#!/usr/bin/env bash
# Archive output against loose files, and the batch against its render + encode floor (issue
# 28's bars): builds release binaries and runs Benchmarks/archive.py, which prints Markdown.
#   bash Benchmarks/archive.sh [--runs 3] [--names NAMES.csv] [--jobs N] [--rows-big 100000]
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh >/dev/null
swift build -c release --static-swift-stdlib --product wordfit >/dev/null
swift build -c release --static-swift-stdlib --product wordfit-bench >/dev/null
exec python3 Benchmarks/archive.py "$@"
