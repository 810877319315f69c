#!/usr/bin/env bash
# Tests the release as a user gets it: builds the tarball (scripts/package.sh), unpacks it into a
# temporary prefix and, with no Swift toolchain on PATH or LD_LIBRARY_PATH, runs bin/wordfit
# render, batch and check (every golden under Fixtures/, exact); checks that ldd lists no Swift
# runtime library; then installs it with scripts/install.sh into another prefix and renders
# from an unrelated folder, its fonts found under that prefix, and runs the Slurm example on a
# real one-node Slurm with it (scripts/slurm-test.sh, ~30 s). Run by scripts/test.sh (~2-3 min,
# most of it the release build, which test.sh runs beforehand beside other phases).
set -euo pipefail
cd "$(dirname "$0")/.."
# WORDFIT_PACKAGED=1: scripts/test.sh has just run scripts/package.sh (in the background).
[ "${WORDFIT_PACKAGED:-}" = 1 ] || bash scripts/package.sh
tarball=$(ls -t dist/wordfit-*-linux-"$(uname -m)".tar.gz | head -1)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "release-test: $*" >&2; exit 1; }
tar -C "$work" -xzf "$tarball"
root=$(echo "$work"/wordfit-*)
(cd "$root" && sha256sum --quiet -c SHA256SUMS) || fail "SHA256SUMS do not match"
if ldd "$root/bin/wordfit" | grep -E 'libswift|libFoundation|libdispatch|not found'; then fail "ldd shows Swift or missing libraries"; fi
# A user's environment: system directories only, nothing of the toolchain.
bare() { env -i HOME="$work" PATH=/usr/bin:/bin FONTCONFIG_FILE="$PWD/Fixtures/fonts/fonts.conf" "$@"; }
cp -r Fixtures "$work/Fixtures"
cp -r Fonts "$work/Fonts"  # the private fontconfig configuration lists them (fallback goldens name one)
cd "$work"
bare "$root/bin/wordfit" --version | grep -q "commit $(cat "$root/share/wordfit/commit")" || fail "--version lacks the commit"
bare "$root/bin/wordfit" render "Aimée Bethany Charles" -o seed.png --json >seed.json
grep -q "$root/share/wordfit/fonts/InterDisplay-Bold.ttf" seed.json || fail "render did not use the packaged font"
printf 'id,name\n1,Ada Lovelace\n2,陳大文\n3,Aiko 🇯🇵\n' >names.csv
bare "$root/bin/wordfit" batch names.csv --out badges --manifest badges.jsonl --quiet
[ "$(ls badges/*.png | wc -l)" -eq 3 ] || fail "batch wrote $(ls badges | wc -l) files, not 3"
bare "$root/bin/wordfit" check Fixtures --record never >check.txt || { cat check.txt >&2; fail "check failed"; }
tail -1 check.txt
cd - >/dev/null
prefix="$work/prefix"
bash scripts/install.sh --from "$tarball" "$prefix" >/dev/null
mkdir -p "$work/elsewhere" && cd "$work/elsewhere"
bare "$prefix/bin/wordfit" render "Grace Hopper" -o grace.png --json >grace.json
grep -q "$prefix/share/wordfit/fonts/InterDisplay-Bold.ttf" grace.json || fail "the installed binary did not find its fonts"
[ -s "$prefix/share/man/man1/wordfit.1" ] || fail "no manual page installed"
# The bundled data beside the fonts: Roboto on a Wear OS canvas, BudouX's models for phrases.
bare "$prefix/bin/wordfit" render "Reply" --canvas wear-small -o reply.png --json >reply.json
grep -q "$prefix/share/wordfit/fonts/Roboto-Bold.ttf" reply.json || fail "the installed binary did not draw Wear OS in Roboto"
bare "$prefix/bin/wordfit" render "ワークアウトを開始しますか？" --layout wrap --word-break phrase --canvas 38mm -o phrase.png \
  --json >phrase.json 2>phrase.txt || fail "phrase breaking failed: $(cat phrase.txt)"
grep -q '"text" : "ワークアウトを"' phrase.json || fail "the installed binary did not find BudouX's models: $(cat phrase.txt)"
grep -q "FILE FORMATS" "$prefix/share/man/man1/wordfit.1" || fail "the manual page lacks the file formats"
cmp -s "$prefix/share/doc/wordfit/README.md" "$OLDPWD/README.md" || fail "the installed README is not the full README.md"
grep -q "Apache License" "$prefix/share/doc/wordfit/LICENSE" || fail "no LICENSE installed"
# A binary copied out of its layout finds no fonts, and says so (never the build checkout's).
cp "$prefix/bin/wordfit" "$work/lonely-wordfit"
if bare "$work/lonely-wordfit" render "Ada" -o lonely.png 2>lonely.txt; then fail "a copied binary found fonts"; fi
grep -q "bundled font InterDisplay-Bold.ttf not found" lonely.txt || fail "a copied binary did not name the missing font"
# A tarball whose .sha256 does not match is refused.
cp "$OLDPWD/$tarball" "$work/bad.tar.gz" && echo "0000  bad.tar.gz" >"$work/bad.tar.gz.sha256"
if bash "$OLDPWD/scripts/install.sh" --from "$work/bad.tar.gz" "$work/bad" 2>/dev/null; then fail "a tarball not matching its .sha256 was installed"; fi
# The Slurm example on a real one-node Slurm with this installed release (skipped when the
# daemons cannot be started: not root, or slurm-wlm not installed).
WORDFIT_PREFIX="$prefix" FONTCONFIG_FILE="$OLDPWD/Fixtures/fonts/fonts.conf" bash "$OLDPWD/scripts/slurm-test.sh"
bash "$OLDPWD/scripts/install.sh" --uninstall "$prefix" >/dev/null
[ ! -e "$prefix/bin/wordfit" ] && [ ! -e "$prefix/share/wordfit" ] && [ ! -e "$prefix/share/doc/wordfit" ] || fail "uninstall left files"
echo "release-test: $(basename "$tarball"): render, batch, check and install work without the toolchain"
