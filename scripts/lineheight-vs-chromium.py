#!/usr/bin/env python3
"""Line height against Chromium's unitless `line-height: F` (issue 58): for every phrase of
Fixtures/balance/phrases.txt on several watch canvases and factors, WordFit's wrapped lines
(`wordfit render --layout wrap --line-height multiple:F --json`, the default font) are set again
in Chromium, in the same font file at the same size, one line of WordFit's a line of a block
with `line-height: F`. Each line's baseline is read from a zero-height inline-block at its
start (its bottom sits on the baseline) and compared, relative to the block's top, with
WordFit's `baseline - lines[0].lineTop`: the same definition (the size times F between
baselines; the glyphs centred in the line box by half the difference between it and the
font's ascent plus descent, each rounded to whole pixels as at the size cut down to 1/100 px,
where Blink measures a font; the whole pixels below half of the excess above) must give the
same baselines within 1/64 px. Exits 1 when any baseline differs more, or when no case was
compared.

    python3 scripts/lineheight-vs-chromium.py [WORDFIT]   (default .build/debug/wordfit)
"""

import concurrent.futures
import html
import json
import os
import subprocess
import sys
import tempfile

import chromium_page

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..")
CANVASES = ["38mm", "41mm", "45mm", "49mm"]
FACTORS = [0.9, 1.0, 1.25, 1.5, 2.0]
EPSILON = 1 / 64


def wordfit_case(wordfit, phrase, canvas, factor):
    """WordFit's fit: size, font file, the lines and their baselines from the first line box's top."""
    out = os.path.join(tempfile.gettempdir(), f"wordfit-lineheight-{os.getpid()}-{canvas}-{factor}.png")
    command = [wordfit, "render", phrase, "--layout", "wrap", "--canvas", canvas, "--line-height",
               f"multiple:{factor}", "--json", "-o", out]
    report = json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)
    font = report["fonts"][0]
    top = report["lines"][0]["lineTop"]
    os.unlink(out)
    return {
        "phrase": phrase, "canvas": canvas, "factor": factor, "size": report["size"], "file": font["file"],
        "variations": font.get("variations", ""), "lines": [line["text"] for line in report["lines"]],
        "baselines": [line["baseline"] - top for line in report["lines"]],
        "single": all(len(line["fonts"]) == 1 for line in report["lines"]),
    }


def page(cases):
    """One page: per case a block with `line-height: F`, WordFit's lines one a line."""
    faces, families = chromium_page.font_faces(cases)
    blocks = []
    for case in cases:
        style = (f"font-family: {families[case['file']]}; font-size: {case['size']}px; line-height: {case['factor']}; "
                 f"font-variation-settings: {chromium_page.variation_settings(case['variations'])}; white-space: nowrap; "
                 "font-kerning: normal;")
        marker = '<span class="b"></span>'
        lines = "<br>".join(marker + html.escape(text) for text in case["lines"])
        blocks.append(f'<div class="case" style="{style}">{lines}</div>')
    script = """
    Promise.all([...document.fonts].map(f => f.load())).then(() => document.fonts.ready).then(() => {
      const result = [...document.querySelectorAll('.case')].map(block => {
        const top = block.getBoundingClientRect().top;
        return [...block.querySelectorAll('.b')].map(b => b.getBoundingClientRect().bottom - top);
      });
      document.body.setAttribute('data-result', JSON.stringify(result));
    });"""
    return (f"<!doctype html><html><head><meta charset='utf-8'><style>{faces} body {{ margin: 0 }} "
            ".case { margin: 0 0 16px 0; padding: 0 } .b { display: inline-block; width: 0; height: 0; "
            "vertical-align: baseline }</style></head>"
            f"<body>{''.join(blocks)}<script>{script}</script></body></html>")



def main():
    wordfit = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "debug", "wordfit")
    phrases = chromium_page.phrases(ROOT)
    asked = [(phrase, canvas, factor) for phrase in phrases for canvas in CANVASES for factor in FACTORS]
    # Two at a time, one renderer per thread's output file.
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        cases = list(pool.map(lambda a: wordfit_case(wordfit, *a), asked))
    cases = [case for case in cases if case["single"] and len(case["lines"]) >= 2]
    results = chromium_page.run(page(cases))
    compared = gap_misses = first_misses = 0
    for case, theirs in zip(cases, results):
        ours = case["baselines"]
        if len(theirs) != len(ours):
            continue
        compared += 1
        gaps = [(b - a, d - c) for a, b, c, d in zip(ours, ours[1:], theirs, theirs[1:])]
        if any(abs(a - b) > EPSILON for a, b in gaps):
            gap_misses += 1
        elif abs(ours[0] - theirs[0]) > EPSILON:
            first_misses += 1
        else:
            continue
        print(f"{case['phrase']!r} on {case['canvas']} at {case['factor']} ({case['size']} px): "
              f"WordFit {[round(b, 3) for b in ours]} Chromium {[round(b, 3) for b in theirs]}")
    print(f"line height: {compared} cases ({sum(len(c['lines']) for c in cases)} baselines) against Chromium's "
          f"line-height: F: every gap within 1/64 px in {compared - gap_misses}, the first baseline too in "
          f"{compared - gap_misses - first_misses}")
    return 1 if gap_misses or first_misses or compared == 0 else 0

if __name__ == "__main__":
    sys.exit(main())
