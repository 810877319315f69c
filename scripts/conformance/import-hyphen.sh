#!/usr/bin/env bash
# Regenerates Conformance/suites/hyphen/ from hunspell/hyphen's tests/ at REVISION: the
# *.pat, *.word and *.hyph of every test its tests/Makefile.am runs (data only: the .test and
# test.sh scripts are upstream code and stay upstream), and SOURCE.
#
#   bash scripts/conformance/import-hyphen.sh [REVISION] [CLONE]
#
# CLONE is a clone of https://github.com/hunspell/hyphen (cloned into a temporary folder when
# not given).
set -euo pipefail
cd "$(dirname "$0")/../.."
revision=${1:-f067d3f84620109b2cc1090a90ad7f6ba97ba7b1}
clone=${2:-}
if [ -z "$clone" ]; then
  clone=$(mktemp -d)
  trap 'rm -rf "$clone"' EXIT
  git clone -q https://github.com/hunspell/hyphen "$clone"
fi
out=Conformance/suites/hyphen
rm -rf "$out"
mkdir -p "$out"
tests=$(git -C "$clone" show "$revision:tests/Makefile.am" | sed -n '/^TESTS =/,/^$/p' | grep -o '[a-z0-9]*\.test' | sed 's/\.test$//')
for name in $tests; do
  for ending in pat word hyph; do git -C "$clone" show "$revision:tests/$name.$ending" >"$out/$name.$ending"; done
  echo "$name" >>"$out/TESTS"
done
cat >"$out/SOURCE" <<SOURCE
repository: https://github.com/hunspell/hyphen
path: tests/ (the *.pat, *.word and *.hyph of each test tests/Makefile.am lists, in TESTS)
revision: $revision
licence: GPL 2.0 or later / LGPL 2.1 or later / MPL 1.1 tri-license (hyphen's COPYING, COPYING.LGPL, COPYING.MPL)
regenerate: bash scripts/conformance/import-hyphen.sh $revision
how a case is read: upstream's example program hyphenates each line of NAME.word with NAME.pat
  (ASCII upper case lowered, trailing periods dropped) and prints it with '=' at each point;
  NAME.hyph holds the expected lines.
SOURCE
echo "import-hyphen: $(wc -l <"$out/TESTS") tests from hunspell/hyphen at $revision"
