#!/usr/bin/env bash
# The public conformance suites, as data under Conformance/suites/SUITE (each with a SOURCE
# naming its repository, path, revision and licence, and the script that regenerates it), run
# through WordFit's library by `wordfit-conformance` (Conformance/Sources; not part of the
# product). Prints `suite: passed/total (skipped K: reason)` per suite and a total, writes the
# scores to .build/conformance-scores.json, and fails when a suite passes fewer cases than its
# committed score in Conformance/score.json (raising a score is a commit; lowering one
# is a reviewed change, like a golden). Run by scripts/test.sh.
#
#   bash scripts/conformance.sh            # run, check the scores and the README's table
#   bash scripts/conformance.sh --readme   # run, and write the README's table of scores
#
# The README's "Conformance" table of scores (between its `conformance scores` markers) is
# written from this run's scores and the committed revisions; a run without --readme fails
# when the table differs from what it would write, so the README cannot go stale.
#
# Suites so far: hyphen (hunspell/hyphen's tests/ through WordFit's dictionary loader and
# hyphenator), uax14 (Unicode 15.0's LineBreakTest.txt from Debian's unicode-data through
# WordFit's line breaker), budoux (BudouX's Japanese quality set through the phrase
# segmenter), wpt-css3-line-break (web-platform-tests' single-character
# css3-text-line-break-{opclns,baspglwj} tests through the default line breaker), wpt-css-text
# (web-platform-tests' letter-spacing, word-break, overflow-wrap and hyphens pages, reduced to
# a text in a box and laid out as `render --layout wrap` lays it), and
# wpt-line-break-{strict,normal,loose} (web-platform-tests' Japanese and Chinese
# line-break tests through the line breaker with --line-break) and text-rendering
# (unicode-org/text-rendering-tests through WordFit's shaping and outlines, beside the
# FreeType + HarfBuzz report's score on the same cases). The README's "Conformance" table lists
# them and the ones to come.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product wordfit-conformance >/dev/null
scores=.build/conformance-scores.json
.build/debug/wordfit-conformance Conformance/suites "$scores"
python3 - "$scores" Conformance/score.json README.md "${1:-}" <<'PY'
import json, os, re, sys
got, committed = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
readme_path, write = sys.argv[3], sys.argv[4] == "--readme"
passed = sum(s["passed"] for s in got.values())
total = sum(s["total"] for s in got.values())
skipped = sum(sum(s["skipped"].values()) for s in got.values())
print(f"conformance: {passed}/{total} cases passed in {len(got)} suite(s), {skipped} skipped by design")
failed = False
for name, score in committed.items():
    now = got.get(name)
    if now is None:
        print(f"conformance: suite {name} did not run", file=sys.stderr); failed = True
    elif now["passed"] < score["passed"]:
        print(f"conformance: {name} passed {now['passed']}, below its committed {score['passed']}", file=sys.stderr)
        failed = True
    elif now["passed"] > score["passed"]:
        print(f"conformance: {name} passes {now['passed']} now: raise its score in Conformance/score.json")

def skips(score):
    reasons = sorted(score["skipped"].items(), key=lambda item: (-item[1], item[0]))
    return "; ".join(f"{count}: {reason}".replace("|", "\\|") for reason, count in reasons) or "none"

def revision(name):
    known = committed.get(name, {}).get("revision", "")
    return f"`{known[:7]}`" if re.fullmatch(r"[0-9a-f]{40}", known) else f"`{known}`"

rows = ["| suite | upstream revision | passed/total | skipped by design (cases: reason) |", "|---|---|---:|---|"]
for name in sorted(got):
    score = got[name]
    share = f" ({100 * score['passed'] / score['total']:.2f}%)" if score["passed"] < score["total"] else ""
    rows.append(f"| {name} | {revision(name)} | {score['passed']}/{score['total']}{share} | {skips(score)} |")
rows.append(f"| all {len(got)} | | {passed}/{total} | {skipped} |")
begin, end = "<!-- conformance scores: written by scripts/conformance.sh --readme -->", "<!-- end of conformance scores -->"
readme = open(readme_path, encoding="utf-8").read()
if begin not in readme or end not in readme:
    print(f"conformance: {readme_path} has no table of scores (its markers are missing)", file=sys.stderr)
    sys.exit(1)
head, rest = readme.split(begin, 1)
table, tail = rest.split(end, 1)
wanted = "\n" + "\n".join(rows) + "\n"
if table != wanted:
    if write:
        temporary = readme_path + ".conformance-tmp"
        with open(temporary, "w", encoding="utf-8") as out:
            out.write(head + begin + wanted + end + tail)
        os.replace(temporary, readme_path)
        print(f"conformance: wrote the table of scores in {readme_path}")
    else:
        print(f"conformance: {readme_path}'s table of scores differs from this run's: "
              "run bash scripts/conformance.sh --readme and commit it", file=sys.stderr)
        failed = True
sys.exit(1 if failed else 0)
PY
