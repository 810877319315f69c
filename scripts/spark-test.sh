#!/usr/bin/env bash
# Rows streamed through Apache Spark, for real: a JRE from Debian (openjdk-17-jre-headless) and
# pyspark from PyPI in a virtual environment under .build (test-only, never in the product).
# Spark runs `RDD.pipe` over names-10k in local[2] with 8 partitions: each partition's rows,
# numbered by zipWithIndex, go to one `wordfit batch - --columns … --row-column row
# --manifest -` on standard input, and its manifest lines come back as the partition's records.
# The images and the manifest lines must equal one unsharded `wordfit batch` of the same
# numbered rows, byte for byte (lines sorted by row). Prints the pipe's time beside
# `wordfit batch --jobs 2` on the same rows, in the same run.
#
#   bash scripts/spark-test.sh [--rows N] [--wordfit PATH]
#
# About 40 s with a release build and pyspark installed (the JVM starts in ~5 s); the install
# once is a 450 MB download. Run by scripts/test.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
rows=10000
wordfit=${WORDFIT:-}
while [ $# -gt 0 ]; do
  case $1 in
    --rows) rows=$2; shift 2 ;;
    --wordfit) wordfit=$2; shift 2 ;;
    *) echo "spark-test: unknown option $1" >&2; exit 64 ;;
  esac
done
if ! command -v java >/dev/null 2>&1; then
  if ! command -v apt-get >/dev/null 2>&1; then echo "spark-test: java is missing and apt-get is not available" >&2; exit 69; fi
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo=sudo
  echo "spark-test: installing openjdk-17-jre-headless"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends openjdk-17-jre-headless >/dev/null
fi
venv=$PWD/.build/spark-venv
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/python" -c 'import pyspark' 2>/dev/null || "$venv/bin/pip" install -q --no-compile 'pyspark==4.3.0'
if [ -z "$wordfit" ]; then
  [ -x .build/debug/wordfit ] || swift build --product wordfit >/dev/null
  wordfit=.build/debug/wordfit
fi
case $wordfit in /*) ;; *) wordfit=$PWD/$wordfit ;; esac
export FONTCONFIG_FILE="$PWD/Fixtures/fonts/fonts.conf"
# On tmpfs when there is one, so the times compare rendering and the pipe, not the disk.
if [ -d /dev/shm ] && [ -w /dev/shm ]; then work=$(mktemp -d /dev/shm/wordfit-spark-XXXXXX); else work=$(mktemp -d); fi
trap 'rm -rf "$work"' EXIT
# names-10k from the shared data beside the repository, or rows made like it (a clean clone).
data=$(cd .. && pwd)/shared/data/names-10k.csv
if [ -f "$data" ]; then head -n $((rows + 1)) "$data" >"$work/names.csv"
else { echo "id,name,role"; for i in $(seq "$rows"); do echo "R$i,Name $i Ångström,Attendee"; done; } >"$work/names.csv"; fi
"$venv/bin/python" scripts/spark-pipe.py "$wordfit" "$work"
