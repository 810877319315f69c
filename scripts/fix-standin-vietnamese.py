"""Raises the marks of the bundled stand-in font that sink into their letters.

Inter Display 3.19 (Debian's fonts-inter-variable) places the stacked marks of Vietnamese so low
that they run into the letter: the circumflex of Ễ Ầ Ẩ vanishes into the E or A (Ễ reads as Ẽ),
the breve of Ă cups the apex (issue 38, item 17; Pillow draws the file the same way). For each
Vietnamese letter with a circumflex or a breve (Â Ă Ê Ô, alone or under a second mark) built
from the letter's glyph and mark glyphs, this script measures, column by column over the
outlines, the gap between the letter's top and the marks above it at wght 400, 700 and 900
(component offsets as the variations place them). Where a mark reaches into the letter at any
of them, the marks are moved up until the smallest gap is the one the font itself leaves under
the circumflex of Ê (capitals) or ê (lowercase) at wght 700, the weight WordFit draws. Marks
are only ever moved up; outlines, advances and variation deltas are untouched (each weight moves
by the same amount). Other letters are left as the font has them. Running it again changes
nothing.

    /usr/bin/python3 scripts/fix-standin-vietnamese.py Fonts/InterDisplay-Variable.ttf

Needs fontTools (Debian's python3-fonttools).
"""
import math
import sys
import unicodedata

from fontTools.pens.basePen import BasePen
from fontTools.pens.recordingPen import RecordingPen
from fontTools.ttLib import TTFont

WEIGHTS = [400, 700, 900]  # Regular (the default location) to Black; WordFit draws 400-700
STEP = 4  # font units between sampled columns


class Edges(BasePen):
    """An outline flattened to line segments."""

    def __init__(self, glyph_set):
        super().__init__(glyph_set)
        self.segments = []

    def _moveTo(self, p):
        self.start = self.last = p

    def _lineTo(self, p):
        self.segments.append((self.last, p))
        self.last = p

    def _curveToOne(self, p1, p2, p3):
        p0 = self.last
        for i in range(1, 17):
            t = i / 16
            x = (1 - t) ** 3 * p0[0] + 3 * (1 - t) ** 2 * t * p1[0] + 3 * (1 - t) * t * t * p2[0] + t**3 * p3[0]
            y = (1 - t) ** 3 * p0[1] + 3 * (1 - t) ** 2 * t * p1[1] + 3 * (1 - t) * t * t * p2[1] + t**3 * p3[1]
            self._lineTo((x, y))

    def _qCurveToOne(self, p1, p2):
        p0 = self.last
        for i in range(1, 17):
            t = i / 16
            x = (1 - t) ** 2 * p0[0] + 2 * (1 - t) * t * p1[0] + t * t * p2[0]
            y = (1 - t) ** 2 * p0[1] + 2 * (1 - t) * t * p1[1] + t * t * p2[1]
            self._lineTo((x, y))

    def _closePath(self):
        if self.last != self.start:
            self._lineTo(self.start)

    def crossings(self, x):
        ys = []
        for (x0, y0), (x1, y1) in self.segments:
            if (x0 <= x < x1) or (x1 <= x < x0):
                ys.append(y0 + (y1 - y0) * (x - x0) / (x1 - x0))
        return ys


def edges(glyph_set, name, dx=0, dy=0):
    pen = Edges(glyph_set)
    glyph_set[name].draw(pen)
    pen.segments = [((a[0] + dx, a[1] + dy), (b[0] + dx, b[1] + dy)) for a, b in pen.segments]
    return pen


def smallest_gap(base, marks):
    """The smallest vertical distance from the base's top to the marks' bottom over shared columns."""
    xs = [p[0] for seg in base.segments + [s for m in marks for s in m.segments] for p in seg]
    gap = math.inf
    for x in range(int(min(xs)), int(max(xs)) + 1, STEP):
        top = base.crossings(x)
        bottom = [y for m in marks for y in m.crossings(x)]
        if top and bottom:
            gap = min(gap, min(bottom) - max(top))
    return gap


def letters(font):
    """(character, base character, composite glyph name) for each Vietnamese letter with a
    circumflex or a breve (Â Ă Ê Ô, with or without a second mark) built from components."""
    cmap, glyf = font.getBestCmap(), font["glyf"]
    for code in sorted(cmap):
        parts = unicodedata.normalize("NFD", chr(code))
        if parts[0] not in "AaEeOo" or not {"\u0302", "\u0306"} & set(parts[1:]):
            continue
        glyph = glyf[cmap[code]]
        if glyph.isComposite() and len(glyph.components) >= 2:
            yield chr(code), parts[0], cmap[code]


def placed(glyph_set, name):
    """The components of composite `name` as drawn at `glyph_set`'s location: (glyph, dx, dy)."""
    recording = RecordingPen()
    glyph_set[name].draw(recording)
    return [(args[0], args[1][4], args[1][5]) for op, args in recording.value if op == "addComponent"]


def above(font, name):
    """Indices of the components of `name` (after the first, the letter) lying above the middle
    of the letter, at the default location."""
    glyph_set = font.getGlyphSet()
    parts = placed(glyph_set, name)
    top = max(y for seg in edges(glyph_set, *parts[0]).segments for _, y in seg)
    result = []
    for index, part in enumerate(parts[1:], start=1):
        outline = edges(glyph_set, *part)
        if outline.segments and min(y for s in outline.segments for _, y in s) > top / 2:
            result.append(index)
    return result


def gaps(font, name, marks):
    """The smallest gap under the components `marks` of `name` at each of WEIGHTS."""
    result = []
    for weight in WEIGHTS:
        glyph_set = font.getGlyphSet(location={"wght": weight})
        parts = placed(glyph_set, name)
        outlines = [edges(glyph_set, *parts[index]) for index in marks]
        result.append(smallest_gap(edges(glyph_set, *parts[0]), outlines))
    return result


def main(path):
    font = TTFont(path)
    cmap, glyf = font.getBestCmap(), font["glyf"]
    drawn = WEIGHTS.index(700)
    wanted = {
        case: gaps(font, cmap[ord(letter)], [1])[drawn] for case, letter in (("upper", "\u00ca"), ("lower", "\u00ea"))
    }
    moved = []
    for char, base_char, name in letters(font):
        marks = above(font, name)
        if not marks:
            continue
        smallest = min(gaps(font, name, marks))
        shortfall = wanted["upper" if base_char.isupper() else "lower"] - smallest
        if smallest < 0 and shortfall > 0.5:
            shift = math.ceil(shortfall)
            for index in marks:
                glyf[name].components[index].y += shift
            moved.append(f"{char}+{shift}")
    if moved:
        font.save(path)
    print(f"{path}: {len(moved)} letters' marks raised" + (": " + " ".join(moved) if moved else ""))


if __name__ == "__main__":
    main(sys.argv[1])
