#!/usr/bin/env bash
# Checks the layering the README's "Architecture" section describes:
#  1. `swift package describe` shows each layer depending only on the layers below it;
#  2. each layer's files import only what that layer may (Core: Foundation, Dispatch, Synchronization, libc);
#  3. the compiler enforces it: in a scratch copy, a WordFitCore file that imports CFreeType,
#     and a WordFitBadges file that imports its sibling WordFitBatch, must fail to build with
#     "no such module".
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
fail() { echo "layers: $*" >&2; status=1; }

describe=$(swift package describe --type json)
expected='WordFitCore=
WordFitText=CFontconfig,CFreeType,CFriBidi,CHarfBuzz,CHyphen,CICU,WordFitCore
WordFitImage=CPNG,CQRencode,WordFitCore
WordFitPDF=CCairo,CQPDF,WordFitCore,WordFitImage,WordFitText
WordFitDrawing=WordFitCore,WordFitImage,WordFitPDF,WordFitText
WordFitOutput=CCUPS,CWebP,WordFitArchive,WordFitCore,WordFitDrawing,WordFitImage,WordFitPDF,WordFitText
WordFitArchive=CArchive,WordFitCore
WordFitLayout=WordFitCore,WordFitDrawing,WordFitFonts,WordFitImage,WordFitOutput,WordFitPDF,WordFitText
WordFitChecking=WordFitLayout
WordFitBadges=WordFitLayout
WordFitBatch=WordFitArchive,WordFitBadges
WordFitPreview=WordFitDrawing,WordFitLayout,WordFitOutput
WordFitStrings=WordFitChecking,WordFitOutput,WordFitPreview
WordFitDesk=CHTTP,WordFitBatch
WordFit=WordFitBadges,WordFitBatch,WordFitChecking,WordFitDesk,WordFitLayout,WordFitPreview,WordFitStrings
WordFitTesting=WordFit
wordfit=WordFit'
actual=$(python3 -c '
import json, sys
package = json.load(sys.stdin)
for name in ["WordFitCore", "WordFitText", "WordFitImage", "WordFitPDF", "WordFitDrawing", "WordFitOutput", "WordFitArchive",
             "WordFitLayout", "WordFitChecking", "WordFitBadges", "WordFitBatch", "WordFitPreview", "WordFitStrings", "WordFitDesk",
             "WordFit", "WordFitTesting", "wordfit"]:
    target = next(t for t in package["targets"] if t["name"] == name)
    print(name + "=" + ",".join(sorted(target.get("target_dependencies", []))))
' <<<"$describe")
[ "$actual" = "$expected" ] || fail "target dependencies differ from the layer diagram:"$'\n'"$actual"

allowed() {  # layer -> allowed imports (regex)
  case "$1" in
    WordFitCore) echo '^(Foundation|Dispatch|Synchronization|Glibc|Musl)$' ;;
    WordFitText) echo '^(Foundation|Dispatch|Glibc|Musl|WordFitCore|CFreeType|CHarfBuzz|CFriBidi|CFontconfig|CICU|CHyphen)$' ;;
    WordFitImage) echo '^(Foundation|Dispatch|Glibc|Musl|WordFitCore|CPNG|CQRencode)$' ;;
    WordFitPDF) echo '^(Foundation|Dispatch|Glibc|Musl|WordFitCore|WordFitText|WordFitImage|CCairo|CQPDF)$' ;;
    WordFitDrawing) echo '^(Foundation|Glibc|Musl|WordFitCore|WordFitText|WordFitImage|WordFitPDF)$' ;;
    WordFitOutput) echo '^(Foundation|Dispatch|Glibc|Musl|WordFitCore|WordFitText|WordFitImage|WordFitPDF|WordFitDrawing|WordFitArchive|CCUPS|CWebP)$' ;;
    WordFitArchive) echo '^(Foundation|Glibc|Musl|WordFitCore|CArchive)$' ;;
    # The products: the layers, and only the products each declares (the graph above).
    WordFitLayout) echo '^(Foundation|Dispatch|Glibc|Musl|WordFitCore|WordFitText|WordFitImage|WordFitPDF|WordFitDrawing|WordFitOutput|WordFitFonts)$' ;;
    WordFitChecking | WordFitBadges | WordFitPreview) echo '^(Foundation|Dispatch|Glibc|Musl|WordFitCore|WordFitText|WordFitImage|WordFitPDF|WordFitDrawing|WordFitOutput|WordFitLayout)$' ;;
    WordFitBatch) echo '^(Foundation|Dispatch|Glibc|Musl|WordFitCore|WordFitText|WordFitImage|WordFitPDF|WordFitDrawing|WordFitOutput|WordFitArchive|WordFitLayout|WordFitBadges)$' ;;
    WordFitDesk) echo '^(Foundation|Dispatch|Glibc|Musl|CHTTP|WordFitCore|WordFitText|WordFitImage|WordFitPDF|WordFitDrawing|WordFitOutput|WordFitArchive|WordFitLayout|WordFitBadges|WordFitBatch)$' ;;
    WordFitStrings) echo '^(Foundation|Dispatch|Glibc|Musl|WordFitCore|WordFitText|WordFitImage|WordFitPDF|WordFitDrawing|WordFitOutput|WordFitLayout|WordFitPreview|WordFitChecking)$' ;;
    WordFit) echo '^(WordFitCore|WordFitText|WordFitImage|WordFitPDF|WordFitDrawing|WordFitOutput|WordFitArchive|WordFitLayout|WordFitChecking|WordFitBadges|WordFitBatch|WordFitPreview|WordFitStrings|WordFitDesk)$' ;;
    WordFitTesting) echo '^(Foundation|Testing|XCTest|WordFit)$' ;;
  esac
}
for layer in WordFitCore WordFitText WordFitImage WordFitPDF WordFitDrawing WordFitOutput WordFitArchive WordFitLayout WordFitChecking \
  WordFitBadges WordFitBatch WordFitPreview WordFitStrings WordFitDesk WordFit WordFitTesting; do
  pattern=$(allowed "$layer")
  while IFS=: read -r file module; do
    [[ "$module" =~ $pattern ]] || fail "$file imports $module, which $layer may not"
  done < <(grep -rHoE --include='*.swift' '^\s*(@_exported |@testable )?import [A-Za-z_]+' "Sources/$layer" | sed -E 's/:.*import /:/')
done
symbols=$(grep -rnE '\b(FT_|hb_|fribidi_|Fc[A-Z]|png_|cairo_|qpdf_|archive_|hnj_|cups[A-Z]|MHD_)[A-Za-z_]+|\bWebP(Encode|Decode|Picture|Config|Mux|Get|Data)[A-Za-z_]*' Sources/WordFit* --include=*.swift | grep -vE '^[^:]+:[0-9]+:\s*//' || true)
[ -z "$symbols" ] || fail "C library symbols outside the shims:"$'\n'"$symbols"

# A layout kind is a type (WordFitLayout/Kinds, one per kind) chosen by one exhaustive switch
# (LayoutKind.textLayout), never compared and never switched over anywhere else (LayoutSpec's
# own .words/.stack cases are another enum): a new kind is
# one case, one type and one line in that switch, and the compiler lists every answer it needs.
kinds=$(grep -rnE '\b(kind|layout|layoutKind)\??\.?[A-Za-z]* *[!=]= *\.(words|wrap|line|curved)\b' Sources --include=*.swift || true)
[ -z "$kinds" ] || fail "a layout kind compared with == (answer it in its TextLayout type):"$'\n'"$kinds"
kindSwitches=$(grep -rnE 'case \.(words|wrap|line|curved)(,|:)' Sources --include=*.swift \
  | grep -vE '^Sources/(WordFitLayout/Kinds/TextLayout|[A-Za-z]+/(Specs/)?LayoutSpec(\+[A-Za-z]+)?)\.swift:' || true)
[ -z "$kindSwitches" ] || fail "a switch over LayoutKind outside Kinds/TextLayout.swift (answer it in the kind's TextLayout type):"$'\n'"$kindSwitches"

# No target holds more than a quarter of the library's lines: a capability grows its own target.
largest=$(for dir in Sources/WordFit*/; do
  printf '%s %s\n' "$(find "$dir" -name '*.swift' -exec cat {} + | wc -l)" "$(basename "$dir")"
done | awk '{ lines[$2] = $1; total += $1 } END { for (t in lines) if (lines[t] * 4 > total) printf "%s holds %d of %d lines (%.1f%%)\n", t, lines[t], total, 100 * lines[t] / total }')
[ -z "$largest" ] || fail "a target over 25% of the library (split a capability out):"$'\n'"$largest"

# Only the command line speaks of flags and commands: a library message names a parameter
# (`Parameter`, which the CLI spells as the flag the user gave), never `--flag` or
# `wordfit <command>`. Comments are not messages.
spelled=$(grep -rnE -e '--[a-z][a-z-]+|wordfit (render|stack|batch|preview|merge-pdf|desk)\b' Sources/WordFit* --include=*.swift \
  | grep -vE '^[^:]+:[0-9]+:\s*//' || true)
[ -z "$spelled" ] || fail "a flag or command spelled in a library target (interpolate its Parameter):"$'\n'"$spelled"

# Product rules are tested in process: only the CLI's own target (wordfitTests) may run the
# `wordfit` binary.
spawns=$(grep -rnE 'CommandRunner\.(wordfit|shell|start)\(' Tests --include=*.swift \
  | grep -vE '^Tests/(wordfitTests|WordFitTestSupport)/' || true)
[ -z "$spawns" ] || fail "a library test target runs the wordfit binary (test the library in process, or move the test to Tests/wordfitTests):"$'\n'"$spawns"
# And the command-line tests run the tool in-process (InProcess.wordfit → Tool.run), starting
# the binary only where the process is under test: a line that starts it directly (wordfit,
# shell with $WORDFIT, start) says why ("a child process") on it or the line above.
direct=$(awk 'FNR == 1 { previous = "" }
  /CommandRunner\.(wordfit|shell|start)\(/ && FILENAME !~ /InProcess\.swift$/ && ($0 previous) !~ /child process/ { print FILENAME ":" FNR ": " $0 }
  { previous = $0 }' Tests/wordfitTests/*.swift)
[ -z "$direct" ] || fail "a command-line test starts the binary without saying why (use InProcess.wordfit, or say 'a child process: …'):"$'\n'"$direct"

# House style: no function longer than 60 lines (signature to closing brace), in Swift and in
# the C shims and CPNG alike.
long=$(python3 - <<'PY'
import glob, re
found = []

def closing(lines, end):
    """The line of the brace that closes the one opened on line `end`."""
    depth = 0
    while end < len(lines):
        depth += lines[end].count("{") - lines[end].count("}")
        if depth <= 0:
            break
        end += 1
    return end

pattern = re.compile(r"\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|private|package|fileprivate|internal|static|mutating|override|final|nonisolated)\s+)*(?:func|init)\b")
for path in glob.glob("Sources/**/*.swift", recursive=True):
    lines = open(path).read().split("\n")
    index = 0
    while index < len(lines):
        if not pattern.match(lines[index]) or lines[index].strip().startswith("//"):
            index += 1
            continue
        start = end = index
        while end < len(lines) and not lines[end].rstrip().endswith("{"):
            following = lines[end].strip() if end > start else "x"
            if following == "" or following.startswith("//") or following.startswith("}"):
                break  # a requirement without a body (a protocol's)
            end += 1
        if end >= len(lines) or not lines[end].rstrip().endswith("{"):
            index = start + 1
            continue
        end = closing(lines, end)
        if end - start + 1 > 60:
            found.append(f"{path}:{start + 1}: {end - start + 1} lines")
        index = end + 1
c_start = re.compile(r"^(?:static\s+|inline\s+|const\s+)*[A-Za-z_][\w\s\*]*\b\w+\s*\(")
for path in glob.glob("Sources/C*/**/*.[ch]", recursive=True):
    lines = open(path).read().split("\n")
    index = 0
    while index < len(lines):
        line = lines[index]
        head = line.split("(")[0]
        if not c_start.match(line) or "=" in head or line.startswith(("typedef", "struct", "#")):
            index += 1
            continue
        end = index
        while end < len(lines) and "{" not in lines[end] and not lines[end].rstrip().endswith(";"):
            end += 1
        if end >= len(lines) or "{" not in lines[end]:
            index = end + 1
            continue
        start = index
        end = closing(lines, end)
        if end - start + 1 > 60:
            found.append(f"{path}:{start + 1}: {end - start + 1} lines")
        index = end + 1
print("\n".join(found))
PY
)
[ -z "$long" ] || fail "functions over 60 lines:"$'\n'"$long"

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
tar --exclude=.build --exclude=.git -cf - . | tar -xf - -C "$scratch"
printf 'import CFreeType\n' >"$scratch/Sources/WordFitCore/Forbidden.swift"
if output=$(cd "$scratch" && swift build --target WordFitCore 2>&1); then
  fail "a WordFitCore file importing CFreeType built; the core is not guarded"
elif ! grep -q "no such module 'CFreeType'" <<<"$output"; then
  fail "building WordFitCore with a forbidden import failed for another reason:"$'\n'"$(tail -5 <<<"$output")"
fi
# And a layer reaching into a sibling it does not declare: the canvas importing the fonts
# (WordFitImage → WordFitText). A pair low in the graph, so the proof builds two small targets,
# not the products (the main build's --explicit-target-dependency-import-check covers those).
rm "$scratch/Sources/WordFitCore/Forbidden.swift"
printf 'import WordFitText\n' >"$scratch/Sources/WordFitImage/Forbidden.swift"
if output=$(cd "$scratch" && swift build --target WordFitImage --explicit-target-dependency-import-check error 2>&1); then
  fail "a WordFitImage file importing WordFitText built; the layers are not guarded"
elif ! grep -qE "no such module 'WordFitText'|WordFitText.*(not|undeclared)" <<<"$output"; then
  fail "building WordFitImage with a forbidden import failed for another reason:"$'\n'"$(tail -5 <<<"$output")"
fi
[ $status -eq 0 ] && echo "layers: Core < Text, Image < PDF < Drawing, Archive < Output < Layout < Checking, Badges < Batch < Desk, Preview, Checking < Strings < WordFit < WordFitTesting, wordfit; imports and the compiler agree; no target over 25%; no flag spelled in a library; library and command-line tests in process; no function over 60 lines"
exit $status
