"""Shaped line advances from HarfBuzz's Python binding (uharfbuzz), for WordFit's conformance test.

Prints a Swift array literal of (font, text, size in 1/64 px, advance in 1/64 px) for texts ×
fonts × sizes: GPOS-only kerning (Noto Sans has no `kern` table), a ligature, marks, Arabic,
Hebrew, mixed directions, Devanagari conjuncts and Thai stacked marks. The font scale is the size
in 26.6, as WordFit's unhinted mode scales positions. Mixed-direction texts are given as runs,
since WordFit splits them with FriBidi before shaping each run.

    pip install uharfbuzz
    python3 scripts/harfbuzz-conformance.py > /tmp/cases.swift

Paste the output into Tests/WordFitTextTests/HarfBuzzConformanceTests.swift (`cases`).
"""
import uharfbuzz as hb

FONTS = {
    "noto": "Fixtures/fonts/NotoSans-Regular-subset.ttf",
    "arabic": "Fixtures/fonts/NotoSansArabic-Regular-subset.ttf",
    "hebrew": "Fixtures/fonts/NotoSansHebrew-Regular-subset.ttf",
    "devanagari": "Fixtures/fonts/NotoSansDevanagari-Regular-subset.ttf",
    "thai": "Fixtures/fonts/NotoSansThai-Regular-subset.ttf",
    "dejavu": "Fonts/DejaVuSans-Bold.ttf",
}
# (font, runs): each run is (text, direction or None for HarfBuzz's guess).
CASES = [
    ("noto", [("AVAVAVAVAV", None)]),
    ("noto", [("Wave", None)]),
    ("noto", [("Yvonne", None)]),
    ("noto", [("Łukasz", None)]),
    ("noto", [("Tomás", None)]),
    ("noto", [("e\u0301te\u0301", None)]),
    ("dejavu", [("office", None)]),
    ("dejavu", [("Aimée", None)]),
    ("dejavu", [("exponentially", None)]),
    ("arabic", [("محمد", None)]),
    ("arabic", [("علي", None)]),
    ("arabic", [("عبدالرحمن", None)]),
    ("hebrew", [("דוד", None)]),
    ("hebrew", [("לוי", None)]),
    ("dejavu", [("Dr.", "ltr"), ("محمد", "rtl")]),
    ("devanagari", [("नमस्ते", None)]),
    ("devanagari", [("क्षत्रिय", None)]),
    ("thai", [("สมศักดิ์", None)]),
    ("thai", [("ที่นี่", None)]),
]
SIZES = [17.0, 33.5, 80.0]


def advance(path, runs, units):
    blob = hb.Blob.from_file_path(path)
    font = hb.Font(hb.Face(blob))
    font.scale = (units, units)
    total = 0
    for text, direction in runs:
        buffer = hb.Buffer()
        buffer.add_str(text)
        buffer.cluster_level = hb.BufferClusterLevel.MONOTONE_GRAPHEMES
        buffer.flags = hb.BufferFlags.REMOVE_DEFAULT_IGNORABLES
        if direction:
            buffer.direction = direction
        buffer.guess_segment_properties()
        hb.shape(font, buffer)
        total += sum(position.x_advance for position in buffer.glyph_positions)
    return total


print(f"// uharfbuzz {hb.__version__}")
print("static let cases: [(font: String, text: String, units: Int, advance: Int)] = [")
for font, runs in CASES:
    text = "".join(text for text, _ in runs)
    for size in SIZES:
        units = int(size * 64)
        print(f'  ("{font}", "{text}", {units}, {advance(FONTS[font], runs, units)}),')
print("]")
