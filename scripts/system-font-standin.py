#!/usr/bin/env python3
"""Which open font stands in best for Apple's system font: the measurement behind
`--font system`'s bundled stand-in (README, "The system font").

Apple publishes no per-glyph widths of SF Pro or SF Compact, and their licence forbids shipping
them. What can be cited are capsize's metrics (seek-oss/capsize, packages/metrics/scripts/
systemFonts.json: the macOS system font `.SFNS-Regular`, i.e. SF Pro): unitsPerEm 2048, cap
height 1443, x-height 1040, and `xWidthAvg` 853 — the advance width of the average character
of English text (letters and spaces weighted by how often they occur). Width is what decides a
fit: a font 5% wider than SF fits 5% smaller.

This script measures the same quantity for each candidate font the way capsize describes it
(advance widths weighted by character frequency; here Wikipedia's English letter frequencies
with one space per 5.7 characters, and lower case only), and checks the method against three
fonts capsize also published (Noto Sans 474/1000, Arial 913/2048 via its metric clone
Liberation Sans, Roboto 911/2048): if those agree within 1%, the comparison with SF is fair.

    pip install fonttools
    python3 scripts/system-font-standin.py [FONT ...]

With no arguments it measures the Debian fonts listed in CANDIDATES (installed by their
packages). Prints one row per font: average width, x-height and cap height relative to SF Pro,
a score (the root mean square of those three differences, width counted twice) and whether it
covers the letters SF covers; complete fonts first, closest first.
"""
import sys

from fontTools.pens.boundsPen import BoundsPen
from fontTools.ttLib import TTFont

# Wikipedia, "Letter frequency" (English, relative frequencies in texts), per cent.
LETTERS = {
    "a": 8.2, "b": 1.5, "c": 2.8, "d": 4.3, "e": 12.7, "f": 2.2, "g": 2.0, "h": 6.1, "i": 7.0,
    "j": 0.15, "k": 0.77, "l": 4.0, "m": 2.4, "n": 6.7, "o": 7.5, "p": 1.9, "q": 0.095, "r": 6.0,
    "s": 6.3, "t": 9.1, "u": 2.8, "v": 0.98, "w": 2.4, "x": 0.15, "y": 2.0, "z": 0.074,
}
SPACE_SHARE = 1 / 5.7  # one space per word of 4.7 letters

SF_PRO = {"units": 2048, "xWidthAvg": 853, "xHeight": 1040, "capHeight": 1443}
CAPSIZE = {  # published by capsize for the calibration fonts (units per em, xWidthAvg)
    "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf": (1000, 474),
    "/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf": (2048, 913),
    "/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-Regular.ttf": (2048, 911),
}
CANDIDATES = [
    "Fonts/InterDisplay-Variable.ttf",  # what WordFit ships (Inter Display, default instance 400)
    "/usr/share/fonts/opentype/inter/Inter-Regular.otf",
    "/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-Regular.ttf",
    "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf",
    "/usr/share/fonts/truetype/lato/Lato-Regular.ttf",
    "/usr/share/fonts/truetype/open-sans/OpenSans-Regular.ttf",
    "/usr/share/fonts/opentype/cantarell/Cantarell-Regular.otf",
    "/usr/share/fonts/truetype/clear-sans/ClearSans-Regular.ttf",
    "/usr/share/fonts/opentype/cabin/Cabin-Regular.otf",
    "/usr/share/fonts/truetype/karla/Karla-Regular.otf",
    "/usr/share/fonts/truetype/manrope/Manrope-Regular.ttf",
    "/usr/share/fonts/truetype/crosextra/Carlito-Regular.ttf",
]


# What SF Pro and SF Compact cover and a stand-in must too: Latin-1, Latin Extended-A (Polish Ł,
# Czech ř, Turkish ı …), Greek and Cyrillic letters. A font without them would switch fonts in
# the middle of a name.
COVERAGE = [range(0x00C0, 0x0100), range(0x0100, 0x0180), range(0x0391, 0x03AA), range(0x0410, 0x0450)]
DEPRECATED = 0x0149  # ŉ, deprecated by Unicode


def score(width, x_height, cap):
    """Root mean square of the relative differences from SF, width counted twice (it decides fits)."""
    return ((2 * (width - 1) ** 2 + (x_height - 1) ** 2 + (cap - 1) ** 2) / 4) ** 0.5


def metrics(path):
    font = TTFont(path, fontNumber=0, lazy=True)
    units = font["head"].unitsPerEm
    cmap = font.getBestCmap()
    hmtx = font["hmtx"]
    total = sum(LETTERS.values())
    letters = sum(hmtx[cmap[ord(c)]][0] * w for c, w in LETTERS.items()) / total
    average = letters * (1 - SPACE_SHARE) + hmtx[cmap[32]][0] * SPACE_SHARE
    os2 = font["OS/2"]
    name = font["name"].getDebugName(4)
    missing = sum(1 for block in COVERAGE for c in block if c not in cmap and chr(c).isalpha() and c != DEPRECATED)
    x_height, cap = getattr(os2, "sxHeight", 0), getattr(os2, "sCapHeight", 0)
    if not x_height or not cap:  # OS/2 before version 2: the outlines' tops of x and H
        glyphs = font.getGlyphSet()
        def top(char):
            pen = BoundsPen(glyphs)
            glyphs[cmap[ord(char)]].draw(pen)
            return pen.bounds[3]
        x_height, cap = top("x"), top("H")
    return name, units, average, x_height, cap, missing


def main(paths):
    for path, (units, published) in CAPSIZE.items():
        _, own_units, average, _, _, _ = metrics(path)
        error = average / own_units / (published / units) - 1
        print(f"calibration {path.rsplit('/', 1)[1]}: {average / own_units:.4f} em, capsize {published / units:.4f} em ({error:+.1%})")
        assert abs(error) < 0.01, "the weighting does not reproduce capsize's figure"
    sf = SF_PRO["xWidthAvg"] / SF_PRO["units"]
    print(f"SF Pro (capsize, .SFNS-Regular): {sf:.4f} em")
    print(f"{'font':26} {'width/SF':>9} {'x-height/SF':>12} {'cap/SF':>7} {'score':>6}  coverage")
    rows = []
    for path in paths:
        name, units, average, x_height, cap, missing = metrics(path)
        width = average / units / sf
        x_height = x_height / units / (SF_PRO["xHeight"] / SF_PRO["units"])
        cap = cap / units / (SF_PRO["capHeight"] / SF_PRO["units"])
        rows.append((missing > 0, score(width, x_height, cap), name, width, x_height, cap, missing))
    for _, distance, name, width, x_height, cap, missing in sorted(rows):
        covers = "complete" if missing == 0 else f"{missing} letters missing"
        print(f"{name:26} {width:9.3f} {x_height:12.3f} {cap:7.3f} {distance:6.1%}  {covers}")


if __name__ == "__main__":
    main(sys.argv[1:] or CANDIDATES)
