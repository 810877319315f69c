#!/usr/bin/env bash
# Regenerates Conformance/suites/wpt-line-break/ from web-platform-tests at REVISION: the
# character lists and expectations of css/css-text/i18n/{ja,zh}/css-text-line-break-*-*.html
# (data only: each file's test harness script stays upstream), one case a line, and SOURCE.
# Each upstream file sets "文文文文文文X字字" in a box six characters wide under one
# `line-break` value and says whether X "may appear" or "may NOT appear" at a line's start.
#
#   bash scripts/conformance/import-wpt-line-break.sh [REVISION] CLONE
#
# CLONE is a clone of https://github.com/web-platform-tests/wpt (about 900 MB; only these 33
# files are read).
set -euo pipefail
cd "$(dirname "$0")/../.."
revision=${1:-42287024b971a699c458978df1a781f356479f59}
clone=${2:?usage: import-wpt-line-break.sh REVISION CLONE}
out=Conformance/suites/wpt-line-break
mkdir -p "$out"
python3 - "$clone" "$revision" "$out/cases.tsv" <<'PY'
import re, subprocess, sys
clone, revision, target = sys.argv[1:4]
rows = ["# file\tlanguage\tline-break\tcharacter (hex)\tname\tbreak before it (as the file's reference page sets it)"]
for lang in ["ja", "zh"]:
    for cls in ["cj", "cpm", "hyphens", "in", "iteration", "po"]:
        for strictness in ["loose", "normal", "strict"]:
            name = f"css/css-text/i18n/{lang}/css-text-line-break-{lang}-{cls}-{strictness}.html"
            shown = subprocess.run(["git", "-C", clone, "show", f"{revision}:{name}"], capture_output=True, text=True)
            if shown.returncode != 0:
                continue  # zh has no cj tests
            page = shown.stdout
            assert f"line-break: {strictness};" in page, name
            charlist = re.search(r"var charlist = `([^`]*)`", page).group(1)
            verdict = "no-break" if "may NOT appear at line start" in page else "break"
            assert verdict == "no-break" or "may appear at line start" in page, name
            for line in charlist.split("\n"):
                hexcode, label = line.split(" ", 1)
                rows.append("\t".join([name, lang, strictness, hexcode, label.strip(), verdict]))
open(target, "w").write("\n".join(rows) + "\n")
print(f"import-wpt-line-break: {len(rows) - 1} cases")
PY
cat >"$out/SOURCE" <<SOURCE
repository: https://github.com/web-platform-tests/wpt
path: css/css-text/i18n/ja/css-text-line-break-ja-{cj,cpm,hyphens,in,iteration,po}-{loose,normal,strict}.html
  and css/css-text/i18n/zh/css-text-line-break-zh-{cpm,hyphens,in,iteration,po}-{loose,normal,strict}.html
  (33 files; each one's character list and whether its characters may start a line)
revision: $revision
licence: W3C 3-clause BSD License (web-platform-tests' LICENSE.md)
regenerate: bash scripts/conformance/import-wpt-line-break.sh $revision CLONE
how a case is read: "文文文文文文X字字" with the file's language and line-break value: a break
  before X (after the sixth character) must be allowed when the file says X may appear at a
  line's start ("break"), and not otherwise ("no-break").
SOURCE
