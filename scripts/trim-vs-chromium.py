#!/usr/bin/env python3
"""Cap-height trimming against Chromium's `text-box: trim-both cap alphabetic` (issue 58):
labels (the first two or three words of each phrase of Fixtures/balance/phrases.txt, as written
and in capitals) on one line in boxes of four heights, by `wordfit render --layout line --trim
cap-alphabetic --insets 0 --json` (the default font); Chromium sets each at WordFit's size in
the same font file in a flex box of the canvas's height that centres a child with `text-box:
trim-both cap alphabetic`. Compared: where the baseline falls (a zero-height inline-block's
bottom). WordFit places the trimmed box in 1/64 px as CSS does and draws the baseline on the
nearest whole pixel: `--json`'s `baseline` must agree within 1/64 px and the drawn one within
0.5 px, except where WordFit moved the block to keep a descender or accent inside the box (its
ink touches the canvas's edge; Chromium lets it overflow), counted apart. Exits 1 otherwise, or when fewer than
200 labels were compared.

    python3 scripts/trim-vs-chromium.py [WORDFIT]   (default .build/debug/wordfit)
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
CANVASES = ["320x60", "320x90", "400x120", "480x160"]


def wordfit_case(wordfit, label, canvas):
    out = os.path.join(tempfile.gettempdir(), f"wordfit-trim-{os.getpid()}-{abs(hash((label, canvas)))}.png")
    command = [wordfit, "render", label, "--layout", "line", "--canvas", canvas, "--insets", "0", "--max-size", "400",
               "--trim", "cap-alphabetic", "--json", "-o", out]
    report = json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)
    os.unlink(out)
    line, font = report["lines"][0], report["fonts"][0]
    return {"label": label, "canvas": canvas, "height": int(canvas.split("x")[1]), "size": report["size"],
            "file": font["file"], "variations": font.get("variations", ""), "baseline": line["origin"]["y"],
            "exact": line["baseline"],
            # Ink that touches the canvas's edge: WordFit moved the block to keep it inside.
            "moved": line["ink"]["minY"] <= 0 or line["ink"]["maxY"] >= int(canvas.split("x")[1]),
            "single": len(line["fonts"]) == 1 and not line["truncated"]}


def page(cases):
    faces, families = chromium_page.font_faces(cases)
    blocks = [
        f'<div class="box" style="height: {case["height"]}px"><div class="t" style="font-family: {families[case["file"]]}; '
        f'font-size: {case["size"]}px; font-variation-settings: {chromium_page.variation_settings(case["variations"])}">'
        f'<span class="b"></span>{html.escape(case["label"])}</div></div>'
        for case in cases]
    script = """
    Promise.all([...document.fonts].map(f => f.load())).then(() => document.fonts.ready).then(() => {
      const result = [...document.querySelectorAll('.box')].map(box => {
        const top = box.getBoundingClientRect().top;
        const text = box.querySelector('.t').getBoundingClientRect();
        return [box.querySelector('.b').getBoundingClientRect().bottom - top, text.height];
      });
      document.body.setAttribute('data-result', JSON.stringify(result));
    });"""
    return (f"<!doctype html><html><head><meta charset='utf-8'><style>{faces} body {{ margin: 0 }} "
            ".box { display: flex; align-items: center; margin: 0 0 10px 0; width: 2000px } "
            ".t { text-box: trim-both cap alphabetic; white-space: nowrap; line-height: normal } "
            ".b { display: inline-block; width: 0; height: 0; vertical-align: baseline }</style></head>"
            f"<body>{''.join(blocks)}<script>{script}</script></body></html>")



def main():
    wordfit = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "debug", "wordfit")
    phrases = chromium_page.phrases(ROOT)
    labels = []
    for phrase in phrases:
        words = phrase.split(" ")
        label = " ".join(words[:3] if len(words) > 3 else words[:2])
        labels += [label, label.upper()]
    asked = [(label, canvas) for label in labels for canvas in CANVASES]
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        cases = [c for c in pool.map(lambda a: wordfit_case(wordfit, *a), asked) if c["single"]]
    results = chromium_page.run(page(cases))
    worst = exact_worst = failed = moved = 0
    for case, (baseline, height) in zip(cases, results):
        difference = abs(case["baseline"] - baseline)
        exact = abs(case["exact"] - baseline)
        if case["moved"] and difference > 1:
            moved += 1  # Chromium lets the descender or accent overflow the box; WordFit does not
            continue
        worst = max(worst, difference)
        exact_worst = max(exact_worst, exact)
        if difference > 0.5 + 1e-9 or exact > 1 / 64 + 1e-9:
            failed += 1
            print(f"{case['label']!r} in {case['canvas']} at {case['size']} px: WordFit's baseline {case['exact']} "
                  f"(drawn at {case['baseline']}), Chromium's {baseline:.4f}")
    print(f"trim: {len(cases)} labels against Chromium's text-box: trim-both cap alphabetic: baselines within 1/64 px "
          f"before pixel rounding in {len(cases) - failed - moved} (largest difference {exact_worst:.4f} px), drawn on "
          f"the nearest pixel (largest {worst:.3f} px); {moved} moved to keep their ink inside the box (Chromium lets "
          f"it overflow); {failed} differ")
    return 1 if failed or len(cases) < 200 else 0


if __name__ == "__main__":
    sys.exit(main())
