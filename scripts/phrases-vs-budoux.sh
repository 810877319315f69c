#!/usr/bin/env bash
# Phrase breaking (`--word-break phrase`) against PyPI's budoux, a test-only peer in a virtual
# environment of its own under .build (never part of the product): see
# scripts/phrases-vs-budoux.py. About 10 s once budoux is installed.
#   bash scripts/phrases-vs-budoux.sh
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.build/budoux-venv
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/pip" install -q --disable-pip-version-check 'budoux==0.10.1'
# scripts/test.sh has built it (WORDFIT_BUILT=1) and runs a release build beside this script.
[ "${WORDFIT_BUILT:-}" = 1 ] || swift build --product wordfit-conformance >/dev/null
"$venv/bin/python" scripts/phrases-vs-budoux.py .build/debug/wordfit-conformance
