#!/usr/bin/env python3
"""Makes WordFit's test variable fonts over a font's own outlines.

    python3 scripts/make-variable-font.py SOURCE.ttf OUT.ttf [wght|opsz|wdth]

wght (default): one axis 400…900; the heavy master is the source with every glyph widened
1.3× (points, advances and side bearings), so the masters interpolate by construction and a
glyph's advance grows linearly with the weight. opsz: one axis 8…144 pt, default 144; the
8 pt master is the widened one, as real optical sizes open up small text. wdth: one axis
75…100, default 100; the 75 master is the source narrowed to 0.75× (as a condensed width). They are test fonts,
not designs; their outlines are those of SOURCE (OFL), so they carry SOURCE's licence.
"""
import copy
import sys

from fontTools.designspaceLib import AxisDescriptor, DesignSpaceDocument, SourceDescriptor
from fontTools.ttLib import TTFont
from fontTools.varLib import build

WIDEN = 1.3


def widened(font, factor=WIDEN):
    WIDEN = factor
    heavy = copy.deepcopy(font)
    glyf, hmtx = heavy["glyf"], heavy["hmtx"]
    for name in heavy.getGlyphOrder():
        glyph = glyf[name]
        if glyph.numberOfContours > 0:
            glyph.coordinates.scale((WIDEN, 1))
            glyph.recalcBounds(glyf)
        elif glyph.isComposite():
            for component in glyph.components:
                component.x = round(component.x * WIDEN)
        advance, left = hmtx[name]
        hmtx[name] = (round(advance * WIDEN), round(left * WIDEN))
    return heavy


AXES = {
    "wght": ("Weight", 400, 400, 900, "WordFit Test VF", "WordFitTestVF"),
    "opsz": ("Optical size", 8, 144, 144, "WordFit Test Optical", "WordFitTestOptical"),
    "wdth": ("Width", 75, 100, 100, "WordFit Test Width", "WordFitTestWidth"),
}


def main(source, output, tag="wght"):
    regular = TTFont(source)
    for table in ("GPOS", "GSUB", "GDEF", "kern"):
        if table in regular:
            del regular[table]  # the masters' layout tables would need merging; not under test here
    document = DesignSpaceDocument()
    name, minimum, default, maximum, family, postscript = AXES[tag]
    axis = AxisDescriptor()
    axis.tag, axis.name, axis.minimum, axis.default, axis.maximum = tag, name, minimum, default, maximum
    document.addAxis(axis)
    wide = maximum if tag == "wght" else minimum
    plain = minimum if tag == "wght" else maximum
    other = widened(regular, 0.75) if tag == "wdth" else widened(regular)
    for value, font in ((plain, regular), (wide, other)):
        source_descriptor = SourceDescriptor()
        source_descriptor.font = font
        source_descriptor.location = {name: value}
        source_descriptor.familyName = family
        document.addSource(source_descriptor)
    variable, _, _ = build(document)
    table = variable["name"]
    for record in list(table.names):
        if record.nameID in (1, 4, 6, 16):
            table.removeNames(nameID=record.nameID)
    table.setName(family, 1, 3, 1, 0x409)
    table.setName(family, 4, 3, 1, 0x409)
    table.setName(postscript, 6, 3, 1, 0x409)
    variable.save(output)


if __name__ == "__main__":
    main(*sys.argv[1:4])
