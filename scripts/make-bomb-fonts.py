#!/usr/bin/env python3
"""Makes the two hostile colour test fonts of issue 22 item 9 over a font's own outlines.

    python3 scripts/make-bomb-fonts.py SOURCE.ttf OUTDIR

- WordFitTestCOLRLayers.ttf: 'A' is a COLRv0 glyph of 2,000 layers (each the outline of 'B'),
  over WordFit's 1,024-layer limit; 'B' is a COLRv0 glyph of 2 layers, under it; 'C' has exactly
  1,024 layers (each the outline of 'C'), at the layer limit, whose cost the layer-pixel limit
  bounds at large sizes.
- WordFitTestSbixBomb.ttf: one sbix strike (20 ppem) in which 'A' is a PNG whose header says
  32000 x 32000 px (its pixel data is left out: the header alone must make WordFit refuse it,
  before anything decodes it); 'B' is a real 2 x 2 PNG.

They are test fonts; their outlines are those of SOURCE (OFL), so they carry SOURCE's licence.
Needs fontTools (pip install fonttools).
"""
import struct
import sys
import zlib

from fontTools.ttLib import TTFont, newTable
from fontTools.ttLib.tables import _s_b_i_x, sbixGlyph, sbixStrike
from fontTools.colorLib.builder import buildCOLR, buildCPAL


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def png(width, height, pixels=None):
    header = chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
    data = b"" if pixels is None else chunk(b"IDAT", zlib.compress(pixels)) + chunk(b"IEND", b"")
    return b"\x89PNG\r\n\x1a\n" + header + data


def colr(source, out):
    font = TTFont(source)
    font["COLR"] = buildCOLR({"A": [("B", 0)] * 2000, "B": [("B", 0), ("A", 0)], "C": [("C", 0)] * 1024})
    font["CPAL"] = buildCPAL([[(0.9, 0.2, 0.1, 1.0)]])
    font["name"].setName("WordFit Test COLR Layers", 1, 3, 1, 0x409)
    font.save(out)


def sbix(source, out):
    font = TTFont(source)
    table = newTable("sbix")
    strike = sbixStrike.Strike(ppem=20, resolution=72)
    red = b"".join(b"\x00" + b"\xff\x00\x00\xff" * 2 for _ in range(2))
    strike.glyphs["A"] = sbixGlyph.Glyph(glyphName="A", graphicType="png ", imageData=png(32000, 32000))
    strike.glyphs["B"] = sbixGlyph.Glyph(glyphName="B", graphicType="png ", imageData=png(2, 2, red))
    table.strikes[20] = strike
    font["sbix"] = table
    font["name"].setName("WordFit Test Sbix Bomb", 1, 3, 1, 0x409)
    font.save(out)


if __name__ == "__main__":
    source, folder = sys.argv[1], sys.argv[2]
    colr(source, folder + "/WordFitTestCOLRLayers.ttf")
    sbix(source, folder + "/WordFitTestSbixBomb.ttf")
