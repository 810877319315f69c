#!/usr/bin/env bash
# Installs what is missing, builds WordFit in release mode and renders the seed example
# "Aimée Bethany Charles" on a 45mm watch canvas with the bundled DejaVu Sans Bold.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
swift build -c release --product wordfit
.build/release/wordfit render "Aimée Bethany Charles" -o aimee-bethany-charles.png "$@"
