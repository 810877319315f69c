#!/usr/bin/env python3
"""Glyph placements of texts with marks, shaped by uharfbuzz at each size (HarfBuzz's own
26.6 rounding of every anchor), printed as Swift cases for HarfBuzzConformanceTests.

    pip install uharfbuzz && python3 scripts/harfbuzz-mark-offsets.py

Each glyph's pen position plus its offset is placed as WordFit draws unhinted text: whole
pixel and quarter-pixel phase (Font.place); y is the offset rounded to whole pixels, y down.
"""
import uharfbuzz as hb

FONTS = {
    "thai": "Fixtures/fonts/NotoSansThai-Regular-subset.ttf",
    "devanagari": "Fixtures/fonts/NotoSansDevanagari-Regular-subset.ttf",
    "arabic": "Fixtures/fonts/NotoSansArabic-Regular-subset.ttf",
}
TEXTS = [
    ("thai", "ที่นี่"), ("thai", "กิ่งไม้"), ("thai", "น้ำ"), ("thai", "สวัสดีครับ"), ("thai", "ผู้ใหญ่"),
    ("devanagari", "हिन्दी"), ("devanagari", "क्षत्रिय"),
    ("arabic", "مُحَمَّد"), ("arabic", "السَّلَام"),
]
SIZES = [1088, 2144, 5120]
# Beside those, for each text the first three sizes (from 10 px, every 3/64 px) at which
# scaling the design-scale offsets once would place a glyph elsewhere than HarfBuzz does.
EXTRA = 3


def place(x):
    phase = ((x & 63) + 8) >> 4
    return ((x >> 6) + 1, 0) if phase == 4 else (x >> 6, phase)


def shape(font, text, units):
    font.scale = (units, units)
    buf = hb.Buffer()
    buf.add_str(text)
    buf.cluster_level = hb.BufferClusterLevel.MONOTONE_GRAPHEMES
    buf.flags = hb.BufferFlags.REMOVE_DEFAULT_IGNORABLES
    buf.guess_segment_properties()
    hb.shape(font, buf)
    return buf.glyph_positions


def placements(positions, offset=lambda v: v):
    pen, placed = 0, []
    for pos in positions:
        x, phase = place(pen + offset(pos[1]))
        placed.append((x, phase, -((offset(pos[2]) + 32) >> 6)))
        pen += pos[0]
    return placed


for name, text in TEXTS:
    face = hb.Face(hb.Blob.from_file_path(FONTS[name]))
    font = hb.Font(face)
    design = [(p.x_advance, p.x_offset, p.y_offset) for p in shape(font, text, face.upem)]
    sizes, extra = list(SIZES), 0
    for units in range(640, 6400, 3):
        scaled = [(p.x_advance, p.x_offset, p.y_offset) for p in shape(font, text, units)]
        mult = (units << 16) // face.upem
        once = [(a, x, y) for (a, _, _), (_, x, y) in zip(scaled, design)]
        if extra < EXTRA and placements(scaled) != placements(once, lambda v: (v * mult + 32768) >> 16):
            sizes.append(units)
            extra += 1
    for units in sorted(sizes):
        placed = placements([(p.x_advance, p.x_offset, p.y_offset) for p in shape(font, text, units)])
        print(f'    ("{name}", "{text}", {units}, [{", ".join(str(t) for t in placed)}]),')
