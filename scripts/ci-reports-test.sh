#!/usr/bin/env bash
# WordFit's CI reports read by others' readers (test-only peers from PyPI in a virtual
# environment under .build, never in the product): `strings` and `check` each write SARIF, JUnit
# and --json for a run with failures; the SARIF must validate against the OASIS 2.1.0 schema
# (Fixtures/sarif, as data) with jsonschema and be read by Microsoft's sarif-tools (`sarif summary`)
# with the same counts, the JUnit must be read by junitparser with the same
# failure count as --json, and --github must print at most 10 ::error lines, then one ::notice
# when there were more. Run by scripts/test.sh (~10 s, plus the install once).
set -euo pipefail
cd "$(dirname "$0")/.."
venv=$PWD/.build/reports-venv
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
# sarif-tools' reader only (its command line draws charts with matplotlib: 200 MB not needed).
"$venv/bin/pip" install -q 'jsonschema==4.23.0' 'junitparser==3.2.0' 'jsonpath-ng==1.7.0' 'pyyaml==6.0.2' 'jinja2==3.1.6'
"$venv/bin/pip" install -q --no-deps 'sarif-tools==3.0.5'
export FONTCONFIG_FILE=${FONTCONFIG_FILE:-$PWD/Fixtures/fonts/fonts.conf}
wordfit=${WORDFIT:-.build/debug/wordfit}; case $wordfit in /*) ;; *) wordfit=$PWD/$wordfit ;; esac
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
# strings: the fixture catalog on every watch canvas at a legible minimum nothing meets, so
# every key and language fails.
status=0
"$wordfit" strings "$OLDPWD/Fixtures/strings/Localizable.xcstrings" --min-legible 40 --fail-on illegible \
  --sarif strings.sarif --junit strings.xml --pr-comment strings.md --json --github >strings.out 2>/dev/null || status=$?
[ "$status" = 1 ] || { echo "ci-reports-test: strings exited $status, expected 1" >&2; exit 1; }
# check: five specs whose goldens are another render, so all five fail.
mkdir -p check
for i in 1 2 3 4 5; do
  printf '{"text": "Case %s", "canvas": "45mm"}\n' "$i" >"check/case$i.json"
  "$wordfit" render "Other $i" --canvas 45mm -o "check/case$i.png" >/dev/null
done
status=0
"$wordfit" check check --sarif check.sarif --junit check.xml --github --github-limit 3,3 >check.out 2>/dev/null || status=$?
[ "$status" = 1 ] || { echo "ci-reports-test: check exited $status, expected 1" >&2; exit 1; }
"$wordfit" check check --json >check.json 2>/dev/null || true
"$wordfit" check check --sarif rooted.sarif --path-root check >/dev/null 2>&1 || true
"$venv/bin/python" - "$OLDPWD/Fixtures/sarif/sarif-schema-2.1.0.schema" <<'PY'
import json, re, sys
import jsonschema
from junitparser import JUnitXml

schema = json.load(open(sys.argv[1]))
validator = jsonschema.Draft4Validator(schema)

def sarif(path):
    log = json.load(open(path))
    errors = sorted(validator.iter_errors(log), key=str)
    if errors:
        sys.exit(f"{path}: not SARIF 2.1.0: {errors[0].message} at {list(errors[0].absolute_path)}")
    results = log["runs"][0]["results"]
    prints = [r["partialFingerprints"]["wordfitProblem/v1"] for r in results]
    if len(set(prints)) != len(prints):
        sys.exit(f"{path}: fingerprints are not unique")
    second_reader(path, results)
    return results

def second_reader(path, results):
    # sarif-tools' own reader (sarif.loader): it counts each level as the file's results do.
    from sarif import loader
    report = loader.load_sarif_file(path).get_report()
    for level in ("error", "warning", "note"):
        expected = sum(1 for r in results if r["level"] == level)
        found = report.get_issue_count_for_severity(level)
        assert found == expected, (path, level, expected, found)

def junit_failures(path):
    xml = JUnitXml.fromfile(path)
    return sum(1 for suite in xml for case in suite if not case.is_passed and not case.is_skipped)

def lines(path, prefix):
    return [l for l in open(path) if l.startswith(prefix)]

# strings: one JUnit failure and one error annotation per failing key and language; SARIF has a
# result per key, language and problem, errors for illegible.
text = open("strings.out").read()
start = text.index("[")
rows = json.JSONDecoder().raw_decode(text[start:])[0]
failing = {(r["language"], r["key"]) for r in rows if "illegible" in r.get("problems", [])}
results = sarif("strings.sarif")
errors = [r for r in results if r["level"] == "error" and r["ruleId"] == "illegible"]
layouts = [r for r in rows if "illegible" in r.get("problems", [])]
assert len(errors) == len(layouts), (len(errors), len(layouts))
errors = {(json.loads(json.dumps(r["message"]["text"])).split('"')[1], r["message"]["text"].split("(")[1].split(")")[0]) for r in errors}
junit = junit_failures("strings.xml")
annotated = lines("strings.out", "::error ")
notices = lines("strings.out", "::notice ")
assert junit == len(failing) == len(errors), (junit, len(failing), len(errors))
assert len(annotated) == min(10, len(failing)), len(annotated)
assert len(notices) == (1 if len(failing) > 10 else 0), notices
comment = open("strings.md", encoding="utf-8").read()
assert len(comment.encode("utf-16-le")) // 2 <= 65536 and comment.startswith("### wordfit strings: `"), comment[:80]
assert sum(1 for l in comment.splitlines() if l.startswith("| `")) == min(10, len(failing)), comment
print(f"ci-reports-test: strings: {len(failing)} failing keys x languages in --json, JUnit (junitparser) and SARIF (schema-valid, read by sarif-tools: a result per failing layout, {len(layouts)}); {len(annotated)} ::error, {len(notices)} ::notice")

# check: five failures in --json, JUnit and SARIF; --github-limit 3,3 prints three and a notice.
cases = json.load(open("check.json"))
failed = [c for c in cases["cases"] if c["status"] != "passed"] if isinstance(cases, dict) else []
results = sarif("check.sarif")
assert len(failed) == 5 == junit_failures("check.xml") == len(results), (len(failed), len(results))
assert len(lines("check.out", "::error ")) == 3 and len(lines("check.out", "::notice ")) == 1
uris = sorted(r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in sarif("rooted.sarif"))
assert uris == [f"case{i}.json" for i in range(1, 6)], uris
print("ci-reports-test: check: 5 failures in --json, JUnit (junitparser) and SARIF (schema-valid, read by sarif-tools); 3 ::error and 1 ::notice with --github-limit 3,3; --path-root makes the paths relative to it")
PY
