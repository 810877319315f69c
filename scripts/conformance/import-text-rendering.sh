#!/usr/bin/env bash
# Regenerates Conformance/suites/text-rendering/ from unicode-org/text-rendering-tests at
# REVISION: every test case of testcases/*.html (its id, font, text, variation and the expected
# SVG: glyph outlines at 1000 px as <symbol> paths and their <use> positions), the fonts they
# name (fonts/, with the repository's LICENSE), and the FreeType + HarfBuzz report's verdicts
# (reports/FreeStack.html: the score to reach). Data only: check.py, svgutil.py and the C++
# harness stay upstream.
#
#   bash scripts/conformance/import-text-rendering.sh [REVISION] CLONE
#
# CLONE is a clone (or bare repository) of https://github.com/unicode-org/text-rendering-tests.
set -euo pipefail
cd "$(dirname "$0")/../.."
revision=${1:-5823ddb172570f376e4b181688f85a7977866d9f}
clone=${2:?usage: import-text-rendering.sh REVISION CLONE}
out=Conformance/suites/text-rendering
revision=$(git -C "$clone" rev-parse "$revision")
rm -rf "$out" && mkdir -p "$out/fonts"
python3 - "$clone" "$revision" "$out" <<'PY'
import json, re, subprocess, sys
import xml.etree.ElementTree as etree
clone, revision, out = sys.argv[1:4]
NS = "{https://github.com/OpenType/fonttest}"

def show(path, text=True):
    return subprocess.run(["git", "-C", clone, "show", f"{revision}:{path}"], capture_output=True, check=True,
                          text=text).stdout

names = subprocess.run(["git", "-C", clone, "ls-tree", "--name-only", revision, "testcases/"],
                       capture_output=True, text=True, check=True).stdout.split()
cases, fonts = [], set()
for name in sorted(n for n in names if n.endswith(".html") and not n.endswith("index.html")):
    root = etree.fromstring(show(name).encode("utf-8"))
    for element in root.iter():
        kind = element.attrib.get("class")
        if kind not in ("expected", "expected-no-crash") or NS + "id" not in element.attrib:
            continue
        svg = element.find("svg")
        expected = None
        if svg is not None:
            expected = re.sub(r">\s+<", "><", etree.tostring(svg, encoding="unicode"))
            expected = expected.replace('xmlns:html="http://www.w3.org/1999/xhtml" ', "")
        case = {"id": element.attrib[NS + "id"], "font": element.attrib[NS + "font"],
                "render": element.attrib.get(NS + "render", ""), "variation": element.attrib.get(NS + "var", ""),
                "kind": kind, "expected": expected}
        cases.append(case)
        fonts.add(case["font"])
report = etree.fromstring(show("reports/FreeStack.html").encode("utf-8"))
freestack = {}
for element in report.iter():
    kind = element.attrib.get("class", "")
    if kind.startswith("conformance-") and NS + "id" in element.attrib:
        freestack[element.attrib[NS + "id"]] = kind == "conformance-pass"
version = "".join(e.text or "" for e in report.iter() if e.attrib.get("id") == "EngineVersion")
for case in cases:
    case["freeStack"] = freestack.get(case["id"])
json.dump({"revision": revision, "freeStackVersion": version, "cases": cases},
          open(f"{out}/cases.json", "w"), ensure_ascii=False, indent=1, sort_keys=True)
for font in sorted(fonts):
    open(f"{out}/fonts/{font}", "wb").write(show(f"fonts/{font}", text=False))
print(f"import-text-rendering: {len(cases)} cases, {len(fonts)} fonts, "
      f"FreeStack passes {sum(1 for c in cases if c['freeStack'])}")
PY
git -C "$clone" show "$revision:LICENSE" >"$out/LICENSE"
cat >"$out/SOURCE" <<SOURCE
repository: https://github.com/unicode-org/text-rendering-tests
path: testcases/*.html (each element of class "expected" or "expected-no-crash": ft:id, ft:font,
  ft:render, ft:var and the expected <svg>), fonts/ (the fonts the cases name),
  reports/FreeStack.html (FreeType + HarfBuzz's verdict per case: the score to reach)
revision: $revision
licence: Apache License 2.0 (LICENSE, the repository's; the fonts are distributed under it with
  the repository, some with their own notices in fonts/)
regenerate: bash scripts/conformance/import-text-rendering.sh $revision CLONE
how a case is read: the text is shaped at 1000 px with the font (and its variation), each glyph
  drawn once as a <symbol> of its unhinted outline (26.6 coordinates divided by 64, truncated)
  named by its glyph name, and a <use> at its pen position plus offset (rounded); the viewBox is
  0, descender, advance, ascender - descender at that size. Upstream's check compares numbers in
  paths, viewBox, x and y within 1.0 and everything else exactly.
SOURCE
