#!/usr/bin/env python3
"""Writes the cases the line-break conformance test checks WordFit's breaker (ICU, through
Sources/CICU) against: Tests/WordFitTextTests/Inputs/line-breaks.txt.

The expected breaks come from an independent implementation of UAX #14, PyPI's `uniseg`
(pure Python, its own Unicode data), over strings built the way the Unicode Consortium's
LineBreakTest.txt builds them: for a sample character of every Line_Break class and every
pair of classes, "A B", "A SP B", "A CM B" and "A CM SP B". The Swift test
(LineBreakConformanceTests) compares every case and reports each disagreement with its
classes; the classes it skips, and why, are listed there and in the README.

Thai and Japanese phrases are checked separately: Thai against PyThaiNLP's dictionary word
segmentation (newmm), Japanese against uniseg; the phrases written are those where the
independent segmentation's boundaries are where WordFit's breaker should break.

    pip install uniseg pythainlp && python3 scripts/linebreak-conformance.py
"""

import os
import sys

import uniseg
from uniseg.linebreak import line_break, line_break_boundaries

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "Tests", "WordFitTextTests", "Inputs", "line-breaks.txt")


# Samples chosen where the first character of a class changed class between Unicode versions
# (U+1B5C BALINESE WINDU is ID in 16.0, not in 15.0): the ones LineBreakTest.txt uses.
PREFERRED = {"ID": "\u231A"}


def samples():
    """One sample character per Line_Break class: the first assigned code point of the class
    (from a fixed scan order, so the file is stable), or the preferred one."""
    found = dict(PREFERRED)
    for code in list(range(0x20, 0x3000)) + list(range(0x3000, 0xA000)) + list(range(0xAC00, 0xAC10)) + list(
        range(0xFE00, 0x10000)) + list(range(0x1F000, 0x1FA00)):
        c = chr(code)
        cls = line_break(c)
        if cls and cls not in found and cls not in ("XX", "SG", "AI", "SA", "CB"):
            found[cls] = c
    for control in ("\n", "\r", "\u000b", "\u0085"):
        found.setdefault(line_break(control), control)
    return found


def marks(text):
    """The text as hex code points with ÷ (break) or × (no break) between them."""
    breaks = set(line_break_boundaries(text))
    out = []
    for index, c in enumerate(text):
        if index > 0:
            out.append("÷" if index in breaks else "×")
        out.append("%04X" % ord(c))
    return " ".join(out)


def main():
    chars = samples()
    classes = sorted(chars)
    space, mark = " ", "\u0308"
    lines = [
        "# Line-break cases for LineBreakConformanceTests, written by scripts/linebreak-conformance.py",
        "# from uniseg %s (Unicode %s). Each case: classes, a tab, the code points with ÷ where"
        % (uniseg.__version__, uniseg.unidata_version),
        "# uniseg breaks and × where it does not (the break at the end is implied).",
    ]
    count = 0
    for a in classes:
        for b in classes:
            for middle, name in (("", ""), (space, " SP"), (mark, " CM"), (mark + space, " CM SP")):
                text = chars[a] + middle + chars[b]
                lines.append("%s%s %s\t%s" % (a, name, b, marks(text)))
                count += 1
    try:
        from pythainlp.tokenize import word_tokenize
    except ImportError:
        sys.exit("pip install pythainlp (for the Thai phrases)")
    thai = ["สวัสดีครับ", "ภาษาไทยง่ายนิดเดียว", "การประชุมนักพัฒนา", "ขอบคุณมาก", "โรงเรียนของเรา"]
    for phrase in thai:
        words = word_tokenize(phrase, engine="newmm")
        lines.append("THAI\t" + "|".join(words))
    japanese = ["ワークアウトを開始しました。", "ショートカットは「ワークアウト」です。", "ありがとうございます"]
    for phrase in japanese:
        bounds = [0] + list(line_break_boundaries(phrase))
        lines.append("JA\t" + "|".join(phrase[s:e] for s, e in zip(bounds, bounds[1:])))
    with open(OUT, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    print("wrote %d pair cases, %d Thai and %d Japanese phrases to %s" % (count, len(thai), len(japanese), OUT))


if __name__ == "__main__":
    main()
