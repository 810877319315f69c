#!/usr/bin/env bash
# Installs WordFit: PREFIX/bin/wordfit, PREFIX/share/wordfit/fonts (+ licence),
# PREFIX/share/wordfit/commit and the manual page PREFIX/share/man/man1/wordfit.1.
#   bash scripts/install.sh [--from wordfit-VERSION-linux-ARCH.tar.gz] [PREFIX]   (default /usr/local)
#   bash scripts/install.sh --uninstall [PREFIX]      removes exactly what it installs
# A tarball's .sha256 beside it, when there is one, is checked first; then SHA256SUMS inside.
# From a release tarball, or (without --from) from this checkout: it runs scripts/package.sh
# first. The binary finds its fonts at ../share/wordfit/fonts, so it works from any folder for
# any user. The Dockerfile's run stage is this script.
set -euo pipefail
tarball=""
if [ "${1:-}" = "--uninstall" ]; then
  prefix=${2:-/usr/local}
  rm -f "$prefix/bin/wordfit" "$prefix/share/man/man1/wordfit.1"
  rm -rf "$prefix/share/wordfit" "$prefix/share/doc/wordfit"
  echo "install: removed wordfit from $prefix"
  exit 0
fi
if [ "${1:-}" = "--from" ]; then tarball=$(readlink -f "${2:?--from needs a tarball}"); shift 2; fi
prefix=${1:-/usr/local}
here=$(cd "$(dirname "$0")/.." && pwd)
if [ -z "$tarball" ]; then
  bash "$here/scripts/package.sh"
  tarball=$(ls -t "$here"/dist/wordfit-*-linux-"$(uname -m)".tar.gz | head -1)
fi
[ -f "$tarball" ] || { echo "install: $tarball not found; give a release tarball with --from" >&2; exit 66; }
if [ -f "$tarball.sha256" ]; then
  (cd "$(dirname "$tarball")" && sha256sum --quiet -c "$(basename "$tarball").sha256") ||
    { echo "install: $tarball does not match $tarball.sha256; download it again" >&2; exit 65; }
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tar -C "$work" -xzf "$tarball"
source=$(echo "$work"/wordfit-*)
(cd "$source" && sha256sum --quiet -c SHA256SUMS) || { echo "install: $tarball fails its SHA256SUMS" >&2; exit 65; }
mkdir -p "$prefix/bin" "$prefix/share/wordfit/fonts" "$prefix/share/man/man1" "$prefix/share/doc/wordfit"
install -m 0755 "$source/bin/wordfit" "$prefix/bin/wordfit.new" && mv -f "$prefix/bin/wordfit.new" "$prefix/bin/wordfit"
# The fonts and their licences, and the folder of BudouX's phrase models.
for entry in "$source"/share/wordfit/fonts/*; do
  if [ -d "$entry" ]; then
    mkdir -p "$prefix/share/wordfit/fonts/$(basename "$entry")"
    install -m 0644 "$entry"/* "$prefix/share/wordfit/fonts/$(basename "$entry")/"
  else
    install -m 0644 "$entry" "$prefix/share/wordfit/fonts/"
  fi
done
install -m 0644 "$source/share/wordfit/commit" "$prefix/share/wordfit/commit"
install -m 0644 "$source/share/man/man1/wordfit.1" "$prefix/share/man/man1/wordfit.1"
install -m 0644 "$source"/share/doc/wordfit/* "$prefix/share/doc/wordfit/"
echo "install: $prefix/bin/wordfit ($("$prefix/bin/wordfit" --version | head -1)); man page $prefix/share/man/man1/wordfit.1"
