#!/usr/bin/env bash
# Regenerates Conformance/suites/wpt-css-text/ from a web-platform-tests clone at REVISION:
# every test page of css/css-text/{letter-spacing,word-break,overflow-wrap,hyphens}/, each
# either reduced to cases (a text, a font, a size, a box width, the properties it sets, and
# the lines or advances expected) or listed as not applicable with the reason. The reading of
# each page is the table below (which block of the page is the test, which is the reference,
# which properties it sets); the texts and the expected lines are taken from the pages
# themselves, so the data follows the pages. Data only: the tests' markup, scripts and
# harness stay upstream. Also copies the Ahem font (public domain) the pages draw with.
#
#   bash scripts/conformance/import-wpt-css-text.sh [REVISION] CLONE
#
# CLONE is a clone of https://github.com/web-platform-tests/wpt (or a fork holding REVISION).
set -euo pipefail
cd "$(dirname "$0")/../.."
revision=${1:-a2b6dd730232ba1145cc2f27279bffa4c186bdc4}
clone=${2:?usage: import-wpt-css-text.sh REVISION CLONE}
out=Conformance/suites/wpt-css-text
mkdir -p "$out/fonts"
git -C "$clone" show "$revision:fonts/Ahem.ttf" > "$out/fonts/Ahem.ttf"
python3 - "$clone" "$revision" "$out/cases.tsv" <<'PY'
import functools, html.parser, json, re, subprocess, sys
clone, revision, target = sys.argv[1:4]
folders = ["letter-spacing", "word-break", "overflow-wrap", "hyphens"]

def show(path):
    return subprocess.run(["git", "-C", clone, "show", f"{revision}:css/css-text/{path}"],
                          capture_output=True, text=True, check=True).stdout

class Blocks(html.parser.HTMLParser):
    """The text of every <div> and <p> of a page, in the order they open (a block's text holds
    its children's), white space collapsed as white-space: normal does, <br> kept as a line
    break ("\\n")."""
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.blocks, self.skip = [], [], 0
    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style", "title"):
            self.skip += 1
        elif tag in ("div", "p"):
            while self.stack and self.stack[-1][0] == "p":  # an unclosed <p> ends here
                self.close()
            self.blocks.append("")
            self.stack.append([tag, [], len(self.blocks) - 1])
        elif tag == "br":
            self.handle_data("\u2028")
    def handle_endtag(self, tag):
        if tag in ("script", "style", "title"):
            self.skip -= 1
        elif tag in ("div", "p") and self.stack:
            self.close()
    def close(self):
        _, parts, index = self.stack.pop()
        text = re.sub(r"[ \t\n\r\f]+", " ", "".join(parts))
        self.blocks[index] = re.sub(r" ?\u2028 ?", "\n", text).strip(" ")
    def handle_data(self, data):
        if not self.skip:
            for block in self.stack:
                block[1].append(data)

@functools.lru_cache(maxsize=None)
def blocks(page):
    parser = Blocks()
    parser.feed(show(page))
    return parser.blocks

# Why a page is not run (each page listed once, below).
SPAN = "sets a property on part of a text (an inline element); WordFit styles a whole text"
WHITE_SPACE = "white-space: pre, pre-wrap, pre-line, break-spaces or nowrap; WordFit collapses white space"
INTRINSIC = "min-content, max-content or fit-content sizing; WordFit lays a text into a given box"
BOXES = "floats, images, inline blocks or positioned boxes beside the text"
WORD_BREAK = "word-break: break-all, keep-all or break-word; WordFit has normal and phrase (--word-break)"
PAINTING = "checks painting (ruby, emphasis marks, justification, backgrounds), not breaks or advances"
SCRIPTED = "a crash test of a browser's script and style changes"
NO_SHY = "hyphens: none with soft hyphens; WordFit always breaks at soft hyphens (as hyphens: manual)"
NO_DICTIONARY = "automatic hyphenation of Uyghur (Arabic script), for which Debian has no libhyphen dictionary"
PARSING = "checks how a property is parsed (word-wrap as an alias), not layout"

# page: [(label, font, size px, width, settings, test, expected)] or a reason (not applicable).
# font: ahem (the pages' Ahem), mono (DejaVu Sans Mono for "monospace"), sans (DejaVu Sans for
# the default font and sans-serif). width: Nch, Nem, Npx, none (one line) or text-5px (the
# test text's one-line width less 5 px, as the word-break-normal pages set it by script).
# settings: tracking=PX|Nch, hyphens=auto, lang=TAG, wrap=normal (overflow-wrap: normal, the
# CSS default: an overlong word overflows) or break (break-word, anywhere). test: ("block", i),
# the page's i-th <div> or <p> (in the order they open), or ("text", literal). expected (one, or
# a list of alternatives): ("lines", page, i): that block's lines (cut at its <br>);
# ("laid", page, i, settings): that block laid out in the same box; ("words", page, i): that
# block's words one per line; ("advance", page, i, settings): its one-line advance;
# ("advance-text", text, settings); ("advances", [px, …]) or ("read", [lines]): the advances or
# lines a page's pattern shows, read by hand. page T is the test page itself.
T = "test"
AHEM20 = ("ahem", 20, "200px", "wrap=break", ("block", 1), ("lines", "overflow-wrap-001-ref.html", 1))
NBSP = ("ahem", 25, "100px", "wrap=break", ("block", 1), ("read", ["\u00a0\u00a0\u00a0\u00a0", "\u00a0X"]))
SHIFTED = ("ahem", 25, "3ch", "wrap=break", ("block", 2), ("lines", T, 1))
STYLED = ("ahem", 25, "4ch", "wrap=break", ("block", 2), ("read", ["XXXX", "XXXX"]))

def normal(language):
    """A word-break-normal page: the test in a box 5 px narrower than it, the reference's lines."""
    page = f"word-break/word-break-normal-{language}-000.html" if language else "word-break/word-break-normal-001.html"
    return page, [("break at the last opportunity", "sans", 36, "text-5px", f"lang={language or 'en'}",
                   ("block", 1), ("lines", T, 3))]

PAGES = dict([normal(language) for language in ["", "ar", "bo", "en", "hi", "ja", "km", "ko", "lo", "my", "tdd", "th", "zh"]])
PAGES.update({
  "word-break/word-break-normal-ja-001.html": normal("ja")[1],
  "word-break/word-break-normal-ja-002.html": normal("ja")[1],
  "word-break/word-break-normal-ja-004.html": normal("ja")[1],
  "letter-spacing/letter-spacing-200.html": [
    ("single line", "ahem", 20, "5em", "tracking=20", ("block", 2), ("advances", [100])),
    ("wrapped", "ahem", 20, "5em", "tracking=20", ("block", 3), ("read", ["12三", "456", "七89"])),
  ],
  "letter-spacing/letter-spacing-202.html": [
    ("zero-width characters", "ahem", 20, "none", "tracking=20", ("block", 1), ("advances", [60, 60])),
  ],
  "letter-spacing/letter-spacing-control-chars-001.html": [
    ("format characters", "mono", 12, "none", "tracking=4", ("block", 0), ("advance", T, 1, "tracking=4")),
  ],
  "letter-spacing/letter-spacing-end-of-line-001.html": [
    ("line end (the float's text)", "mono", 48, "none", "tracking=1ch", ("text", "aa"), ("advance-text", "a a", "")),
  ],
  "overflow-wrap/overflow-wrap-001.html": [("break-word", *AHEM20)],
  "overflow-wrap/overflow-wrap-anywhere-007.html": [("anywhere", *AHEM20)],
  "overflow-wrap/word-wrap-001.html": [("word-wrap: break-word", *AHEM20)],
  "overflow-wrap/overflow-wrap-004.html": [
    ("normal overflows", "ahem", 20, "200px", "wrap=normal", ("block", 1), ("lines", "overflow-wrap-004-ref.html", 1))],
  "overflow-wrap/word-wrap-004.html": [
    ("word-wrap: normal overflows", "ahem", 20, "200px", "wrap=normal", ("block", 1),
     ("lines", "overflow-wrap-004-ref.html", 1))],
  "overflow-wrap/overflow-wrap-anywhere-001.html": [("no-break spaces", *NBSP)],
  "overflow-wrap/overflow-wrap-break-word-001.html": [("no-break spaces", *NBSP)],
  "overflow-wrap/overflow-wrap-anywhere-006.html": [
    ("anywhere with keep-all (no effect on Latin letters)", "ahem", 20, "5ch", "wrap=break", ("block", 2),
     ("lines", T, 1))],
  "overflow-wrap/overflow-wrap-anywhere-009.html": [("the rest of a broken word shares its line", *SHIFTED)],
  "overflow-wrap/overflow-wrap-break-word-009.html": [("the rest of a broken word shares its line", *SHIFTED)],
  "overflow-wrap/overflow-wrap-anywhere-010.html": [("spans for colour only", *STYLED)],
  "overflow-wrap/overflow-wrap-break-word-010.html": [("spans for colour only", *STYLED)],
  "overflow-wrap/overflow-wrap-cluster-001.html": [
    ("grapheme clusters kept (a box narrower than one)", "sans", 64, "1px", "lang=hi,wrap=break", ("block", 2),
     ("lines", T, 1))],
  "overflow-wrap/overflow-wrap-cluster-002.html": [
    ("grapheme clusters kept (a box narrower than one)", "sans", 64, "1px", "lang=hi,wrap=break", ("block", 2),
     ("lines", T, 1))],
  "hyphens/hyphens-auto-001.html": [
    ("no language, no hyphenation", "sans", 16, "4ch", "hyphens=auto,wrap=normal", ("block", 1),
     ("words", "reference/hyphens-auto-001-ref.html", 1))],
  "hyphens/hyphens-auto-003.html": [
    ("ideographic spaces hang", "ahem", 50, "4ch", "hyphens=auto,lang=en,wrap=normal", ("block", 2),
     ("read", ["XX", "XX"]))],
  "hyphens/hyphens-auto-004.html": [
    ("ideographic spaces and hyphenation", "mono", 32, "6ch", "hyphens=auto,lang=en,wrap=normal", ("block", 0),
     ("lines", "reference/hyphens-auto-004H-ref.html", 0))],
  "hyphens/hyphens-auto-005.html": [
    ("a word longer than its box", "mono", 50, "4ch", "hyphens=auto,lang=en,wrap=normal", ("block", 0),
     ("lines", "reference/hyphens-auto-005H-ref.html", 0))],
  "hyphens/hyphens-auto-010.html": [
    ("hyphenation", "mono", 32, "6ch", "hyphens=auto,lang=en,wrap=normal", ("block", 0),
     ("lines", "reference/hyphens-auto-010M-ref.html", 0))],
  "hyphens/hyphens-auto-last-word-001.html": [
    (f"box {index + 1}", "sans", 16, "10ch" if index == 0 else "5ch", "hyphens=auto,lang=en-US,wrap=normal",
     ("block", index), [("laid", f"reference/hyphens-auto-last-word-001-ref{suffix}.html", index, "wrap=normal")
                        for suffix in ("", "2")])
    for index in range(6)],
  # The three below compare with a reference of the same text and settings once spans are gone:
  # laid out beside it, they could not fail; their lines are read from the pages instead.
  "hyphens/hyphens-manual-010.html": [
    ("no soft hyphen: the word overflows", "mono", 32, "10ch", "wrap=normal", ("block", 1),
     ("read", ["Deoxyribonucleic", "acid"]))],
  "hyphens/hyphens-manual-011.html": [
    ("two soft hyphens", "mono", 32, "10ch", "wrap=normal", ("block", 0),
     ("laid", "reference/hyphens-manual-011M-ref.html", 0, "wrap=normal"))],
  "hyphens/hyphens-manual-012.html": [
    ("four soft hyphens", "mono", 32, "10ch", "wrap=normal", ("block", 0),
     ("laid", "reference/hyphens-manual-011M-ref.html", 0, "wrap=normal"))],
  "hyphens/hyphens-manual-013.html": [
    ("one soft hyphen", "mono", 32, "10ch", "wrap=normal", ("block", 0),
     ("laid", "reference/hyphens-manual-013M-ref.html", 0, "wrap=normal"))],
  "hyphens/hyphens-none-012.html": [
    ("hyphen-minus", "mono", 32, "6ch", "wrap=normal", ("block", 0),
     ("lines", "reference/hyphens-auto-010M-ref.html", 0))],
  "hyphens/hyphens-none-013.html": [
    ("hyphen", "mono", 32, "6ch", "wrap=normal", ("block", 0), ("lines", "reference/hyphens-auto-010H-ref.html", 0))],
  "hyphens/hyphens-overflow-001.html": [
    (f"box {index + 1}", "ahem", 10, "10ch" if index == 6 else "51px", "wrap=normal", ("block", index),
     ("lines", "reference/hyphens-overflow-001-ref.html", index))
    for index in range(8)],
  "hyphens/hyphens-punctuation-001.html": [
    (f"box {index + 1}", "sans", 16, "5ch", "hyphens=auto,lang=en-US,wrap=normal", ("block", index),
     ("laid", "reference/hyphens-punctuation-001-ref.html", index, "wrap=normal"))
    for index in range(3)],
  "hyphens/hyphens-span-001.html": [
    ("soft hyphen (the nine boxes' one text)", "sans", 16, "6ch", "wrap=normal", ("block", 1),
     ("read", ["high-", "way"]))],
  "hyphens/hyphens-span-002.html": [
    ("hyphenation (the seven boxes' one text)", "sans", 16, "6ch", "hyphens=auto,lang=en,wrap=normal", ("block", 1),
     ("read", ["high-", "way"]))],
})

def reason(page):
    name = page.split("/")[-1]
    if "crash" in name: return SCRIPTED
    if "min-content" in name or "fit-content" in name:
        return INTRINSIC
    if "break-all" in name or "keep-all" in name or "break-boundary" in name or "interactions" in name:
        return WORD_BREAK
    if any(part in name for part in ("inline", "span", "nesting", "bidi-00")): return SPAN
    return {
      "letter-spacing-201.html": WHITE_SPACE, "letter-spacing-203.html": SPAN,
      "letter-spacing-205.html": INTRINSIC, "letter-spacing-206.html": INTRINSIC, "letter-spacing-204.html": BOXES,
      "letter-spacing-211.html": PAINTING, "letter-spacing-212.html": PAINTING,
      "overflow-wrap-002.html": WHITE_SPACE, "overflow-wrap-anywhere-008.html": WHITE_SPACE,
      "overflow-wrap-anywhere-011.html": INTRINSIC, "overflow-wrap-shaping-001.html": BOXES,
      "overflow-wrap-shaping-002.html": BOXES, "word-wrap-002.html": WHITE_SPACE, "word-wrap-alias.html": PARSING,
      "hyphens-auto-002.html": WHITE_SPACE, "hyphens-none-011.html": NO_SHY, "hyphens-none-014.html": BOXES,
      "hyphens-none-015.html": BOXES, "hyphens-out-of-flow-001.html": BOXES, "hyphens-out-of-flow-002.html": BOXES,
      "hyphens-shaping-001.html": NO_DICTIONARY, "hyphens-shaping-002.html": NO_DICTIONARY,
      "shy-styling-001.html": PAINTING,
    }.get(name) or (WHITE_SPACE if re.fullmatch(r"overflow-wrap-(anywhere-00[2-5]|break-word-00[2-8])\.html", name)
                    else None)

def texts(page, index):
    return blocks(page)[index]

def hang(line):
    """A line as it shows: the spaces at its ends that hang or collapse removed (not no-break
    spaces) and zero-width spaces, soft hyphens invisible, U+2010 drawn as the hyphen WordFit draws."""
    return line.strip(" \t\u200b\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u205f\u3000") \
        .replace("\u00ad", "").replace("\u2010", "-")

def expectation(test, expected):
    kind, *rest = expected
    folder = test.rsplit("/", 1)[0] + "/"
    page = lambda name: test if name == T else folder + name
    if kind == "lines":
        return {"lines": [hang(line) for line in texts(page(rest[0]), rest[1]).split("\n")]}
    if kind == "words":
        return {"lines": texts(page(rest[0]), rest[1]).split(" ")}
    if kind == "laid":
        return {"laid": texts(page(rest[0]), rest[1]), "settings": rest[2]}
    if kind == "advance":
        return {"advanceOf": texts(page(rest[0]), rest[1]), "settings": rest[2]}
    if kind == "advance-text":
        return {"advanceOf": rest[0], "settings": rest[1]}
    if kind == "advances":
        return {"advances": rest[0]}
    return {"lines": rest[0]}

listed = []
for folder in folders:
    out = subprocess.run(["git", "-C", clone, "ls-tree", "--name-only", f"{revision}:css/css-text/{folder}"],
                         capture_output=True, text=True, check=True).stdout.split()
    listed += [f"{folder}/{name}" for name in out if re.search(r"\.(html|xht)$", name) and not re.search(r"-ref\b|-ref\.|ref-\d", name)]
rows = ["# page\tcase\tfont\tsize (px)\twidth\tsettings\ttext (JSON)\texpected (JSON: lines, or laid out in the same box, or advances; a list: any one)\treason not applicable"]
unread = []
for page in sorted(listed):
    cases = PAGES.get(page)
    if cases is None:
        why = reason(page)
        if why is None:
            unread.append(page)
            continue
        rows.append("\t".join([page, "-", "-", "-", "-", "-", "-", "-", why]))
        continue
    for label, font, size, width, settings, test, expected in cases:
        text = texts(page, test[1]) if test[0] == "block" else test[1]
        alternatives = expected if isinstance(expected, list) else [expected]
        shown = [expectation(page, one) for one in alternatives]
        rows.append("\t".join([page, label, font, str(size), width, settings or "-",
                               json.dumps(text, ensure_ascii=False),
                               json.dumps(shown if len(shown) > 1 else shown[0], ensure_ascii=False), "-"]))
if unread:
    sys.exit("not read yet (add each to PAGES or reason()): " + ", ".join(unread))
open(target, "w").write("\n".join(rows) + "\n")
print(f"{target}: {len(listed)} pages, {sum(1 for row in rows[1:] if row.split(chr(9))[1] != '-')} cases")
PY
