#!/usr/bin/env bash
# The benchmark: WordFit against Pillow and ImageMagick on the same 10,000 badges, in one run.
# Installs what is missing (WordFit's libraries, Pillow, ImageMagick), builds in release mode,
# and writes Benchmarks/RESULTS.md. Takes about 5 minutes on 2 cores.
#   bash Benchmarks/run.sh [--runs 3] [--imagemagick-rows 500] [--skip-100k] [--names FILE]
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
swift build -c release --static-swift-stdlib --product wordfit >/dev/null
swift build -c release --static-swift-stdlib --product wordfit-bench >/dev/null
exec python3 Benchmarks/bench.py "$@"
