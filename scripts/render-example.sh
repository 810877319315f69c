#!/usr/bin/env bash
# Installs what is missing, builds WordFit in release mode and renders the seed example
# "Aimée Bethany Charles" on a 45mm watch canvas in the system font (SF Compact when installed,
# else the bundled stand-in, Inter Display), bold as largeTitle.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
swift build -c release --static-swift-stdlib --product wordfit
.build/release/wordfit render "Aimée Bethany Charles" -o aimee-bethany-charles.png "$@"
