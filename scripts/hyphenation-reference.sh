#!/usr/bin/env bash
# Regenerates Fixtures/hyphenation/pyphen.tsv with pyphen from PyPI (a test-only peer, in a
# virtual environment of its own under .build; never part of the product).
#   bash scripts/hyphenation-reference.sh
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.build/pyphen-venv
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/pip" install -q 'pyphen==0.18.1'
"$venv/bin/python" scripts/hyphenation-reference.py Fixtures/hyphenation/pyphen.tsv
