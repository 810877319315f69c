#!/usr/bin/env python3
"""Makes Fixtures/tracking/NotoSans-trak.ttf: the Noto Sans test subset with an AAT `trak` table
whose normal track is 9 pt +60, 12 pt +30, 24 pt 0, 48 pt -40 (FUnits of its 1000-unit em), and
one more track (+1.0) WordFit must ignore. Needs fonttools (Debian's python3-fonttools).

    /usr/bin/python3 scripts/make-trak-font.py
"""
import os

from fontTools.ttLib import TTFont, newTable
from fontTools.ttLib.tables._t_r_a_k import TrackData, TrackTableEntry

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
SOURCE = os.path.join(ROOT, "Fixtures/fonts/NotoSans-Regular-subset.ttf")
TARGET = os.path.join(ROOT, "Fixtures/tracking/NotoSans-trak.ttf")
NORMAL = {9.0: 60, 12.0: 30, 24.0: 0, 48.0: -40}

font = TTFont(SOURCE)
assert font["head"].unitsPerEm == 1000
for record in font["name"].names:
    if record.nameID in (1, 4, 16):
        record.string = "WordFit Test Trak"
    elif record.nameID == 6:
        record.string = "WordFitTestTrak-Regular"
trak = newTable("trak")
trak.version = 1.0
trak.format = 0
horizontal = TrackData()
horizontal[1.0] = TrackTableEntry({size: 100 for size in NORMAL}, nameIndex=2)
horizontal[0.0] = TrackTableEntry(NORMAL, nameIndex=2)
trak.horizData = horizontal
trak.vertData = TrackData()
font["trak"] = trak
font.save(TARGET)
print(f"wrote {TARGET}")
