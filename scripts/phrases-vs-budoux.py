#!/usr/bin/env python3
"""Phrase breaking against PyPI's budoux (issue 58): Japanese and Chinese UI strings from the
gettext catalogs Debian's packages install (/usr/share/locale/{ja,zh_CN,zh_TW}/LC_MESSAGES/*.mo,
up to 1,500 a language, chosen by hash so the set is spread over every catalog) are broken by
WordFit (`wordfit-conformance phrases LANGUAGE`: ICU's line breaker, strict, joined into
phrases by the bundled model, the code `--word-break phrase` runs) and parsed by budoux's own
Parser with the same model file. Where phrases govern a break (a Japanese or Chinese character
on one side, no white space on either), WordFit must break exactly where budoux starts a phrase
and ICU allows a break (kinsoku: a phrase start ICU forbids, such as before a small kana, is
counted, not a failure); everywhere else exactly where ICU breaks. Exits 1 on any difference or
when fewer than 2,000 strings were found.

    python3 scripts/phrases-vs-budoux.py CONFORMANCE   (the built wordfit-conformance)
"""

import gettext
import glob
import hashlib
import json
import os
import subprocess
import sys
import unicodedata

import budoux

HERE = os.path.dirname(os.path.abspath(__file__))
MODELS = os.path.join(HERE, "..", "Fonts", "BudouX")
LANGUAGES = [("ja", "ja"), ("zh_CN", "zh-hans"), ("zh_TW", "zh-hant")]
PER_LANGUAGE = 1500
RANGES = [(0x3000, 0x30FF), (0x3100, 0x312F), (0x31A0, 0x31FF), (0x3400, 0x4DBF), (0x4E00, 0x9FFF),
          (0xF900, 0xFAFF), (0xFE30, 0xFE4F), (0xFF00, 0xFFEF), (0x20000, 0x3FFFF)]


def phrase_text(character):
    return any(low <= ord(character) <= high for low, high in RANGES)


def governed(text, offset):
    before, after = text[offset - 1], text[offset]
    return (phrase_text(before) or phrase_text(after)) and not before.isspace() and not after.isspace()


def strings(locale):
    found = set()
    for path in sorted(glob.glob(f"/usr/share/locale/{locale}/LC_MESSAGES/*.mo")):
        try:
            with open(path, "rb") as handle:
                catalog = gettext.GNUTranslations(handle)._catalog
        except Exception:  # a catalog Python cannot read is skipped
            continue
        for value in catalog.values():
            if not isinstance(value, str):
                continue
            for line in value.split("\n"):
                line = unicodedata.normalize("NFC", line.strip())
                if line and len(line) <= 200 and any(phrase_text(c) for c in line) and "\r" not in line:
                    found.add(line)
    return sorted(found, key=lambda s: hashlib.sha1(s.encode()).hexdigest())[:PER_LANGUAGE]


def offsets(pieces):
    total, result = 0, []
    for piece in pieces[:-1]:
        total += len(piece)
        result.append(total)
    return result


def main():
    conformance = sys.argv[1]
    checked = differing = kinsoku = boundaries = 0
    for locale, model in LANGUAGES:
        lines = strings(locale)
        with open(os.path.join(MODELS, f"{model}.json"), encoding="utf-8") as handle:
            parser = budoux.Parser(json.load(handle))
        run = subprocess.run([conformance, "phrases", model], input="\n".join(lines) + "\n", capture_output=True,
                             text=True, check=True)
        answers = [json.loads(line) for line in run.stdout.splitlines()]
        if len(answers) != len(lines):
            print(f"phrases: {locale}: {len(answers)} answers for {len(lines)} strings", file=sys.stderr)
            return 1
        for text, answer in zip(lines, answers):
            icu, ours = set(answer["icu"]), set(answer["phrases"])
            starts = set(offsets(parser.parse(text)))
            expected = {p for p in icu if not governed(text, p) or p in starts}
            kinsoku += sum(1 for p in starts if p not in icu and governed(text, p))
            boundaries += sum(1 for p in starts if governed(text, p))
            checked += 1
            if ours != expected:
                differing += 1
                if differing <= 10:
                    print(f"{locale}: {text!r}: WordFit {sorted(ours)}, budoux ∩ ICU {sorted(expected)}")
    print(f"phrases: {checked} strings (ja, zh-Hans, zh-Hant) against budoux {budoux.__version__}'s parse(): "
          f"{checked - differing} break exactly where it and ICU allow; {boundaries} phrase starts, {kinsoku} "
          f"of them where ICU's rules forbid a break (kinsoku; no break before ':', ')', ']')")
    return 1 if differing or checked < 2000 else 0


if __name__ == "__main__":
    sys.exit(main())
