#!/usr/bin/env bash
# Installs what WordFit needs beyond the Swift toolchain, and only what is missing:
# pkg-config and the development files of FreeType, HarfBuzz, FriBidi, libpng, libdeflate and zlib
# (Debian/Ubuntu, through apt-get).
set -euo pipefail

need=()
command -v pkg-config >/dev/null 2>&1 || need+=(pkg-config)
if command -v pkg-config >/dev/null 2>&1; then
  pkg-config --exists freetype2 || need+=(libfreetype-dev)
  pkg-config --exists libpng || need+=(libpng-dev)
  pkg-config --exists libdeflate || need+=(libdeflate-dev)
  pkg-config --exists zlib || need+=(zlib1g-dev)
  pkg-config --exists harfbuzz || need+=(libharfbuzz-dev)
  pkg-config --exists fribidi || need+=(libfribidi-dev)
else
  need+=(libfreetype-dev libpng-dev libdeflate-dev zlib1g-dev libharfbuzz-dev libfribidi-dev)
fi

if [ ${#need[@]} -eq 0 ]; then
  echo "setup: pkg-config, FreeType, HarfBuzz, FriBidi, libpng, libdeflate and zlib are present"
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "setup: missing ${need[*]}, and apt-get is not available; install them with your package manager" >&2
  exit 69
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
    echo "setup: missing ${need[*]}; run as root or install sudo" >&2
    exit 77
  fi
fi
echo "setup: installing ${need[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${need[@]}"
