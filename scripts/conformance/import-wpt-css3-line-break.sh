#!/usr/bin/env bash
# Regenerates Conformance/suites/wpt-css3-line-break/ from a web-platform-tests clone at
# REVISION: the text, box and expected lines of css/css-text/i18n/css3-text-line-break-
# {opclns,baspglwj}-NNN.html (data only: the tests' markup and harness stay upstream), one case
# a line, and SOURCE.
#   - opclns-NNN (reftests): "中中X文" or "中中中X文" in a box three ideographs wide; the lines
#     expected are the matching reference page's (reference/…-ref.html), cut at its <br />.
#   - baspglwj-NNN (testharness): "a×39 X b×30" in a box 50ch wide; the page asserts the
#     white-space: normal box is taller than one line (`offsetHeight > 35`: a break) or not
#     (`< 35`: one line). Its pre-line, pre-wrap and break-spaces boxes are not read.
# Texts are written as hexadecimal code points (spaces and invisible characters stay legible).
#
#   bash scripts/conformance/import-wpt-css3-line-break.sh [REVISION] CLONE
#
# CLONE is a clone of https://github.com/web-platform-tests/wpt (or a fork holding REVISION).
set -euo pipefail
cd "$(dirname "$0")/../.."
revision=${1:-a2b6dd730232ba1145cc2f27279bffa4c186bdc4}
clone=${2:?usage: import-wpt-css3-line-break.sh REVISION CLONE}
out=Conformance/suites/wpt-css3-line-break
mkdir -p "$out"
python3 - "$clone" "$revision" "$out/cases.tsv" <<'PY'
import html, re, subprocess, sys
clone, revision, target = sys.argv[1:4]

def show(path):
    return subprocess.run(["git", "-C", clone, "show", f"{revision}:{path}"], capture_output=True, text=True,
                          check=True).stdout

def hexes(text):
    return " ".join(f"{ord(c):04X}" for c in html.unescape(text))

folder = "css/css-text/i18n"
listed = subprocess.run(["git", "-C", clone, "ls-tree", "--name-only", f"{revision}:{folder}"],
                        capture_output=True, text=True, check=True).stdout.split()
rows = ["# file\tbox (characters)\ttext (code points)\texpected: lines (code points, ' / ' between) or breaks|one-line\ttitle"]
for name in sorted(listed):
    found = re.fullmatch(r"css3-text-line-break-(opclns|baspglwj)-\d+\.html", name)
    if not found:
        continue
    path = f"{folder}/{name}"
    page = show(path)
    title = re.search(r"<title>CSS3 Text, linebreaks: (.*?)</title>", page).group(1)
    if found.group(1) == "opclns":
        assert re.search(r"width: (95px|3em)", page), path
        text = re.search(r"<div class='test'>(.*?)</div>", page).group(1)
        reference = show(f"{folder}/" + re.search(r'rel="match" href="([^"]*)"', page).group(1))
        lines = re.search(r"<div class='ref'>(.*?)</div>", reference).group(1).split("<br />")
        rows.append("\t".join([path, "3", hexes(text), " / ".join(hexes(l) for l in lines), title]))
    else:
        assert "width: 50ch" in page, path
        text = re.search(r'<div id="breakable">(.*?)</div>', page).group(1)
        verdict = re.search(r"getElementById\('breakable'\)\.offsetHeight ([<>]) 35", page).group(1)
        rows.append("\t".join([path, "50", hexes(text), "breaks" if verdict == ">" else "one-line", title]))
open(target, "w").write("\n".join(rows) + "\n")
print(f"import-wpt-css3-line-break: {len(rows) - 1} cases")
PY
cat >"$out/SOURCE" <<SOURCE
repository: https://github.com/web-platform-tests/wpt, read from the fork
  https://github.com/divmain/wpt (css/css-text as upstream's of 2021-09-20; upstream's own
  repository, about 900 MB, cannot be fetched on the machines here)
path: css/css-text/i18n/css3-text-line-break-opclns-NNN.html with reference/…-ref.html
  (opening, closing and non-starter punctuation) and css3-text-line-break-baspglwj-NNN.html
  (breaking spaces, hyphens, dandas, word separators; no-break and word-joiner characters)
revision: $revision
licence: W3C 3-clause BSD License (web-platform-tests' LICENSE.md)
regenerate: bash scripts/conformance/import-wpt-css3-line-break.sh $revision CLONE
how a case is read: the test's text in a box of the given number of characters, every
  character one cell (full-width ideographs in a box 3 em wide; monospace in 50ch); WordFit's
  default line breaker (strict, no language, what a user gets with no options) fills each line
  greedily, and the lines must equal the reference page's ("中中 / (文") or, for the
  testharness pages, break or stay one line as the page asserts for white-space: normal.
SOURCE
