"""Makes the bundled stand-in's static instances from its variable font.

WordFit draws `font: system` without SF with Inter Display. The variable file
(`Fonts/InterDisplay-Variable.ttf`, wght 100…900) stays the source and what `--variation` and
weights between the hundreds draw with; for each standard weight (100, 200, … 900) this script
writes a static instance, `Fonts/InterDisplay-<Style>.ttf`, which is what the default path draws
with. Why (issue 41, item 6; the README's "The system font"):

- FreeType loads a variable glyph by applying its `gvar` deltas at every size, so glyph boxes
  cannot be scaled from font units, and HarfBuzz rounds `HVAR` and GPOS variation deltas at the
  scale it shapes at, so a variable font is shaped again at every size a fit measures. A static
  instance is shaped once per text and its boxes are scaled from font units, as DejaVu is.
- `--no-overlap-flag`: fontTools marks every glyph of an instance with overlapping contours
  (OVERLAP_SIMPLE / OVERLAP_COMPOUND) because it cannot merge them; FreeType 2.12 then renders
  such a glyph at 4 × 4 its size and averages (`ft_smooth_raster_overlap`), which took 40% of a
  batch. The variable font carries no such flag, so without it the instance is rasterised as
  the variable font always was.

Coordinates and deltas are rounded to whole font units by the instancer (the variable font's
advances differ from an instance's by at most 1/32 px a line at watch sizes); timestamps are
kept, so running it again writes the same bytes.

    /usr/bin/python3 scripts/make-standin-instances.py [Fonts/InterDisplay-Variable.ttf] [Fonts]

Needs fontTools (Debian's python3-fonttools).
"""
import os
import sys

from fontTools.ttLib import TTFont
from fontTools.ttLib.tables._g_l_y_f import OVERLAP_COMPOUND, flagOverlapSimple
from fontTools.varLib import instancer

STYLES = {
    100: "Thin",
    200: "ExtraLight",
    300: "Light",
    400: "Regular",
    500: "Medium",
    600: "SemiBold",
    700: "Bold",
    800: "ExtraBold",
    900: "Black",
}


def main():
    source = sys.argv[1] if len(sys.argv) > 1 else "Fonts/InterDisplay-Variable.ttf"
    folder = sys.argv[2] if len(sys.argv) > 2 else os.path.dirname(source)
    for weight, style in STYLES.items():
        font = TTFont(source, recalcTimestamp=False)
        static = instancer.instantiateVariableFont(
            font, {"wght": weight}, updateFontNames=True, overlap=instancer.OverlapMode.KEEP_AND_DONT_SET_FLAGS
        )
        glyf = static["glyf"]
        for name in static.getGlyphOrder():
            glyph = glyf[name]
            if glyph.isComposite():
                assert not any(c.flags & OVERLAP_COMPOUND for c in glyph.components), name
            elif glyph.numberOfContours > 0:
                assert not glyph.flags[0] & flagOverlapSimple, name
        path = os.path.join(folder, f"InterDisplay-{style}.ttf")
        static.save(path)
        print(f"{path}: wght {weight}, {static['name'].getDebugName(4)}, {os.path.getsize(path):,} bytes")


if __name__ == "__main__":
    main()
