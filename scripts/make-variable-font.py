#!/usr/bin/env python3
"""Makes WordFit's test variable font: one `wght` axis (400…900) over a font's own outlines.

    python3 scripts/make-variable-font.py SOURCE.ttf OUT.ttf

The heavy master is the source with every glyph widened 1.3× (points, advances and side
bearings), so the two masters interpolate by construction and a glyph's advance grows
linearly with the weight: what the tests measure. It is a test font, not a design; its
outlines are those of SOURCE (OFL), so it carries SOURCE's licence.
"""
import copy
import sys

from fontTools.designspaceLib import AxisDescriptor, DesignSpaceDocument, SourceDescriptor
from fontTools.ttLib import TTFont
from fontTools.varLib import build

WIDEN = 1.3


def widened(font):
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


def main(source, output):
    regular = TTFont(source)
    for table in ("GPOS", "GSUB", "GDEF", "kern"):
        if table in regular:
            del regular[table]  # the masters' layout tables would need merging; not under test here
    document = DesignSpaceDocument()
    axis = AxisDescriptor()
    axis.tag, axis.name, axis.minimum, axis.default, axis.maximum = "wght", "Weight", 400, 400, 900
    document.addAxis(axis)
    for weight, font in ((400, regular), (900, widened(regular))):
        source_descriptor = SourceDescriptor()
        source_descriptor.font = font
        source_descriptor.location = {"Weight": weight}
        source_descriptor.familyName = "WordFit Test VF"
        document.addSource(source_descriptor)
    variable, _, _ = build(document)
    name = variable["name"]
    for record in list(name.names):
        if record.nameID in (1, 4, 6, 16):
            name.removeNames(nameID=record.nameID)
    name.setName("WordFit Test VF", 1, 3, 1, 0x409)
    name.setName("WordFit Test VF", 4, 3, 1, 0x409)
    name.setName("WordFitTestVF", 6, 3, 1, 0x409)
    variable.save(output)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
