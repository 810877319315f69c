#!/usr/bin/env python3
"""Balanced lines against Chromium's `text-wrap: balance` (issue 40): for every phrase of
Fixtures/balance/phrases.txt on several watch canvases and text styles, WordFit's balanced lines
(`wordfit render --layout wrap --balance --json`, the default font) and Chromium's, in the same
font file, at the same size and width. Both break sets are measured by Chromium (one span a
line, Chromium's lines set again that way after it broke them), so neither side gains from
a difference in measurement. A phrase counts where Chromium
lays it out in the same number of lines as WordFit's greedy fit (its own measurement could need
one more or one less) and in at most 6 (Chromium's kMaxLinesForBalance).

For each, the longest line and the raggedness (Σ slack², slack the width a line leaves), and a
verdict: WordFit's longest line is no longer than Chromium's (to 1/64 px) and, where the longest
lines are equal, its raggedness is no larger. Exits 1 when a phrase fails that.

    python3 scripts/balance-vs-chromium.py [WORDFIT]   (default .build/debug/wordfit)
"""

import html
import json
import os
import subprocess
import sys
import tempfile

import chromium_page

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..")
CASES = [("38mm", "body"), ("41mm", "body"), ("45mm", "body"), ("49mm", "body"), ("45mm", "title3"),
         ("41mm", "headline"), ("45mm", "footnote")]
EPSILON = 1 / 64


def wordfit_lines(wordfit, phrase, canvas, style, balance):
    """WordFit's fit: size, width, font file, weight and the lines' texts."""
    out = os.path.join(tempfile.gettempdir(), "wordfit-balance.png")
    command = [wordfit, "render", phrase, "--layout", "wrap", "--canvas", canvas, "--style", style, "--json", "-o", out]
    if balance:
        command.append("--balance")
    report = json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)
    font = report["fonts"][0]
    return {
        "size": report["size"], "width": report["lines"][0]["availableWidth"], "file": font["file"],
        "variations": font.get("variations", ""), "lines": [line["text"] for line in report["lines"]],
        "truncated": bool(report["truncatedWords"]),
    }


def page(cases):
    """One page: per case a `text-wrap: balance` block, a greedy block, and WordFit's lines."""
    fonts, blocks = {}, []
    for index, case in enumerate(cases):
        family = fonts.setdefault(case["file"], f"F{len(fonts)}")
        axes = ", ".join(f'"{a.split("=")[0]}" {a.split("=")[1]}' for a in case["variations"].split(",") if "=" in a)
        style = (f"font-family: {family}; font-size: {case['size']}px; width: {case['width']}px; "
                 f"font-variation-settings: {axes or 'normal'}; line-height: 1.2; font-kerning: normal;")
        words = "".join(f"<span>{html.escape(w)}</span> " for w in case["phrase"].split(" "))
        ours = "".join(f'<div class="line"><span>{html.escape(t)}</span></div>' for t in case["lines"])
        blocks.append(
            f'<div class="case" id="c{index}">'
            f'<div class="balanced" style="{style} text-wrap: balance">{words}</div>'
            f'<div class="greedy" style="{style}">{words}</div>'
            f'<div class="ours" style="{style} white-space: nowrap">{ours}</div></div>')
    faces = "".join(f'@font-face {{ font-family: {f}; src: url("file://{p}"); }}' for p, f in fonts.items())
    script = """
    Promise.all([...document.fonts].map(f => f.load())).then(() => document.fonts.ready).then(() => {
      const lines = block => {
        const rows = new Map();
        for (const span of block.querySelectorAll('span')) {
          const r = span.getBoundingClientRect();
          const key = Math.round(r.top);
          const row = rows.get(key) || {left: r.left, right: r.right, words: []};
          row.left = Math.min(row.left, r.left); row.right = Math.max(row.right, r.right);
          row.words.push(span.textContent); rows.set(key, row);
        }
        return [...rows.keys()].sort((a, b) => a - b).map(k => rows.get(k));
      };
      // Chromium's balanced lines are set again one span a line, beside WordFit's, so both
      // break sets are measured the same way.
      const measure = (block, texts) => texts.map(t => {
        const line = document.createElement('div');
        line.className = 'line';
        const span = document.createElement('span');
        span.textContent = t;
        line.appendChild(span);
        block.appendChild(line);
        return span.getBoundingClientRect().width;
      });
      const result = [];
      for (const c of document.querySelectorAll('.case')) {
        const texts = lines(c.querySelector('.balanced')).map(r => r.words.join(' '));
        const theirs = document.createElement('div');
        theirs.setAttribute('style', c.querySelector('.ours').getAttribute('style'));
        c.appendChild(theirs);
        result.push({
          balanced: texts.map((text, i) => ({text, width: 0})),
          widths: measure(theirs, texts),
          greedy: lines(c.querySelector('.greedy')).length,
          ours: [...c.querySelectorAll('.ours .line span')].map(s => s.getBoundingClientRect().width),
        });
      }
      document.body.setAttribute('data-result', JSON.stringify(result));
    });"""
    return (f"<!doctype html><html><head><meta charset='utf-8'><style>{faces} body {{ margin: 0 }} "
            f".case > div {{ margin: 8px 0 }}</style></head><body>{''.join(blocks)}<script>{script}</script></body></html>")



def score(widths, width):
    return max(widths), sum((width - w) ** 2 for w in widths)


def main():
    wordfit = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "debug", "wordfit")
    phrases = chromium_page.phrases(ROOT)
    cases = []
    for phrase in phrases:
        for canvas, style in CASES:
            greedy = wordfit_lines(wordfit, phrase, canvas, style, balance=False)
            balanced = wordfit_lines(wordfit, phrase, canvas, style, balance=True)
            if 2 <= len(balanced["lines"]) <= 6 and not balanced["truncated"]:
                cases.append(dict(balanced, phrase=phrase, canvas=canvas, style=style, greedy=len(greedy["lines"])))
    results = chromium_page.run(page(cases))
    compared = failed = 0
    print("| phrase | canvas, style | lines | longest: WordFit / Chromium (px) | raggedness: WordFit / Chromium (px²) |")
    print("|---|---|---:|---:|---:|")
    for case, result in zip(cases, results):
        theirs = result["widths"]
        if result["greedy"] != case["greedy"] or len(theirs) != len(case["lines"]):
            continue
        compared += 1
        (our_longest, our_ragged), (their_longest, their_ragged) = score(result["ours"], case["width"]), score(theirs, case["width"])
        worse = our_longest > their_longest + EPSILON or (
            abs(our_longest - their_longest) <= EPSILON and our_ragged > their_ragged + 1)
        failed += worse
        print(f"| {case['phrase']} | {case['canvas']}, {case['style']} | {len(theirs)} | {our_longest:.2f} / {their_longest:.2f} "
              f"| {our_ragged:.0f} / {their_ragged:.0f}{' **worse**' if worse else ''} |")
    print(f"\n{compared} of {len(cases)} cases compared (the rest: Chromium's greedy line count differs), {failed} worse")
    return 1 if failed or compared == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
