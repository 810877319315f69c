#!/usr/bin/env bash
# Builds a relocatable release: the Swift runtime and Foundation linked statically
# (--static-swift-stdlib), so the binary needs only the system's shared C libraries, and writes
#   dist/wordfit-VERSION-linux-ARCH.tar.gz   bin/wordfit, share/wordfit/fonts (+ licences),
#                                            share/wordfit/commit, share/man/man1/wordfit.1,
#                                            share/doc/wordfit/{README.md,LICENSE}, LICENSE,
#                                            README, SHA256SUMS (of the files inside)
#   dist/wordfit-VERSION-linux-ARCH.tar.gz.sha256
# Usage: bash scripts/package.sh        (about 1-2 minutes: a release build)
set -euo pipefail
cd "$(dirname "$0")/.."
WORDFIT_SKIP_FONTS=1 bash scripts/setup.sh >/dev/null  # the package needs no system fonts
echo "package: building the release binary (swift build -c release, about 1-2 minutes)..." >&2
build_log=$(mktemp)
# Every target, not only the tool: `swift build -c release` is the first thing a Swift developer
# types, and a target only a debug build accepts (an @testable import) must fail here, in CI.
swift build -c release --static-swift-stdlib >"$build_log" 2>&1 || {
  cat "$build_log" >&2; echo "package: the release build failed" >&2; exit 1; }
grep -E '^\[[0-9]+/[0-9]+\]' "$build_log" | tail -3 >&2 || true
# The release build is warning-free in WordFit's own sources (the toolchain's static libraries
# may warn at link time; those are not ours).
if grep -E "^$PWD/(Sources|Fonts)/.*warning:" "$build_log" >&2; then
  echo "package: the release build warns (above); fix the warnings" >&2; rm -f "$build_log"; exit 1
fi
rm -f "$build_log"
binary=.build/release/wordfit
version=$(sed -n 's/^public let wordFitVersion = "\(.*\)"$/\1/p' Sources/WordFitCore/Support/Version.swift)
arch=$(uname -m)
name="wordfit-$version-linux-$arch"
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
root="$stage/$name"
mkdir -p "$root/bin" "$root/share/wordfit/fonts" "$root/share/man/man1" "$root/share/doc/wordfit"
cp "$binary" "$root/bin/wordfit"
strip --strip-debug "$root/bin/wordfit"
cp Fonts/InterDisplay-*.ttf Fonts/LICENSE-Inter.txt Fonts/DejaVuSans-Bold.ttf Fonts/DejaVuSans.ttf \
  Fonts/LICENSE-DejaVu.txt "$root/share/wordfit/fonts/"
cp Fonts/Roboto-*.ttf Fonts/LICENSE-Roboto.txt "$root/share/wordfit/fonts/"
cp -R Fonts/BudouX "$root/share/wordfit/fonts/"
cp README.md LICENSE "$root/share/doc/wordfit/"
cp LICENSE "$root/LICENSE"
git rev-parse --short=12 HEAD 2>/dev/null >"$root/share/wordfit/commit" || echo unknown >"$root/share/wordfit/commit"
"$root/bin/wordfit" help --man >"$root/share/man/man1/wordfit.1"
if ldd "$root/bin/wordfit" | grep -E 'libswift|libFoundation|libdispatch|libBlocksRuntime' >&2; then
  echo "package: the binary links the Swift runtime dynamically" >&2; exit 1
fi
cat >"$root/README" <<TEXT
WordFit $version ($(cat "$root/share/wordfit/commit")), Linux $arch

  bin/wordfit                the command-line tool (the Swift runtime is linked in)
  share/wordfit/fonts/       the bundled fonts, BudouX's phrase models, and their licences
  share/man/man1/wordfit.1   the manual page (man -l share/man/man1/wordfit.1)
  share/doc/wordfit/         the full README (every option, file format and limit) and LICENSE
  LICENSE                    Apache License 2.0 (the fonts keep their own, beside them)

Run it from here (bin/wordfit --help), or install it with install.sh from the source tree:
  bash scripts/install.sh --from $name.tar.gz /usr/local
and remove it with: bash scripts/install.sh --uninstall /usr/local

It needs these shared libraries (Debian 12 package names):
  libfreetype6 libharfbuzz0b libfribidi0 libfontconfig1 libpng16-16 libdeflate0 libicu72 libqrencode4 libcairo2 libarchive13 libhyphen0 libqpdf29 libcups2 libstdc++6
  (and what they pull in: libglib2.0-0, libgraphite2-3, libbrotli1, libpcre2-8-0, zlib1g, libexpat1)
  apt-get install libfreetype6 libharfbuzz0b libfribidi0 libfontconfig1 libpng16-16 libdeflate0 libicu72 libqrencode4 libcairo2 libarchive13 libhyphen0 libqpdf29 libcups2
Fonts for fallback (every script, colour emoji): fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji.
Label stock for --sheet "Avery L4785" and wordfit sheets: glabels-data.
TEXT
(cd "$root" && find . -type f ! -name SHA256SUMS | sort | xargs sha256sum >SHA256SUMS)
mkdir -p dist
tar -C "$stage" --owner=0 --group=0 --numeric-owner --sort=name -czf "dist/$name.tar.gz" "$name"
(cd dist && sha256sum "$name.tar.gz" >"$name.tar.gz.sha256")
echo "package: dist/$name.tar.gz ($(du -h "dist/$name.tar.gz" | cut -f1)), $(ldd "$root/bin/wordfit" | grep -c '=>') shared libraries, none of them Swift's"
