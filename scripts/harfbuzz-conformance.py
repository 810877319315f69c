"""Shaped line advances from HarfBuzz's Python binding (uharfbuzz), for WordFit's conformance test.

Prints a Swift array literal of (font, text, size in 1/64 px, advance in 1/64 px) for texts ×
fonts × sizes: GPOS-only kerning (Noto Sans has no `kern` table), a ligature, marks, Arabic,
Hebrew, mixed directions, Devanagari conjuncts and Thai stacked marks. The font scale is the size
in 26.6, as WordFit's unhinted mode scales positions. Mixed-direction texts are given as runs,
since WordFit splits them with FriBidi before shaping each run.

    pip install uharfbuzz
    python3 scripts/harfbuzz-conformance.py > /tmp/cases.swift

The committed numbers are the system libharfbuzz's (Debian's, through ctypes: what WordFit
links); uharfbuzz's own HarfBuzz is newer, and where it rounds a variable font's deltas
differently the case carries its number in a comment.

Paste the output into Tests/WordFitTextTests/HarfBuzzConformanceTests.swift (`cases`).
"""
import ctypes
import ctypes.util

import uharfbuzz as hb

FONTS = {
    "noto": "Fixtures/fonts/NotoSans-Regular-subset.ttf",
    "arabic": "Fixtures/fonts/NotoSansArabic-Regular-subset.ttf",
    "hebrew": "Fixtures/fonts/NotoSansHebrew-Regular-subset.ttf",
    "devanagari": "Fixtures/fonts/NotoSansDevanagari-Regular-subset.ttf",
    "thai": "Fixtures/fonts/NotoSansThai-Regular-subset.ttf",
    "dejavu": "Fonts/DejaVuSans-Bold.ttf",
    # The default font: the variable stand-in at the weight WordFit draws it (wght 700), and at
    # Regular, whose HVAR and GPOS deltas HarfBuzz rounds at the size it shapes at.
    "inter": "Fonts/InterDisplay-Variable.ttf",
    "inter-regular": "Fonts/InterDisplay-Variable.ttf",
    # What the default path draws since issue 41 item 6: the static instances of the stand-in
    # (scripts/make-standin-instances.py), Bold and Regular.
    "inter-bold": "Fonts/InterDisplay-Bold.ttf",
    "inter-static-regular": "Fonts/InterDisplay-Regular.ttf",
}
VARIATIONS = {"inter": {"wght": 700}, "inter-regular": {"wght": 400}}
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
    ("inter", [("AVAVAVAV", None)]),
    ("inter", [("Wave", None)]),
    ("inter", [("Yvonne", None)]),
    ("inter", [("Łukasz", None)]),
    ("inter", [("Aimée", None)]),
    ("inter", [("exponentially", None)]),
    ("inter", [("Tomás Ó Briain", None)]),
    ("inter-regular", [("AVAVAVAV", None)]),
    ("inter-regular", [("Wave", None)]),
    ("inter-regular", [("office", None)]),
    ("inter-regular", [("Bethany", None)]),
    ("inter-bold", [("AVAVAVAV", None)]),
    ("inter-bold", [("Wave", None)]),
    ("inter-bold", [("Łukasz", None)]),
    ("inter-bold", [("Aimée", None)]),
    ("inter-bold", [("exponentially", None)]),
    ("inter-bold", [("Tomás Ó Briain", None)]),
    ("inter-bold", [("Nguyễn Thị Ánh", None)]),
    ("inter-static-regular", [("AVAVAVAV", None)]),
    ("inter-static-regular", [("office", None)]),
    ("inter-static-regular", [("Bethany", None)]),
]
SIZES = [17.0, 33.5, 74.5625, 80.0]


def advance(name, runs, units):
    blob = hb.Blob.from_file_path(FONTS[name])
    font = hb.Font(hb.Face(blob))
    if name in VARIATIONS:
        font.set_variations(VARIATIONS[name])
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


class SystemHarfBuzz:
    """The system's libharfbuzz (the one WordFit links) through ctypes, same calls as above."""

    class Position(ctypes.Structure):
        _fields_ = [("x_advance", ctypes.c_int32), ("y_advance", ctypes.c_int32), ("x_offset", ctypes.c_int32),
                    ("y_offset", ctypes.c_int32), ("var", ctypes.c_uint32)]

    class Variation(ctypes.Structure):
        _fields_ = [("tag", ctypes.c_uint32), ("value", ctypes.c_float)]

    def __init__(self):
        self.lib = ctypes.CDLL(ctypes.util.find_library("harfbuzz"))
        self.lib.hb_version_string.restype = ctypes.c_char_p
        for name in ["hb_blob_create_from_file", "hb_face_create", "hb_font_create", "hb_buffer_create",
                     "hb_language_from_string"]:
            getattr(self.lib, name).restype = ctypes.c_void_p
        self.lib.hb_buffer_get_glyph_positions.restype = ctypes.POINTER(self.Position)
        self.version = self.lib.hb_version_string().decode()

    def advance(self, name, runs, units):
        lib = self.lib
        blob = lib.hb_blob_create_from_file(FONTS[name].encode())
        face = lib.hb_face_create(ctypes.c_void_p(blob), 0)
        font = ctypes.c_void_p(lib.hb_font_create(ctypes.c_void_p(face)))
        axes = VARIATIONS.get(name, {})
        if axes:
            array = (self.Variation * len(axes))(
                *[self.Variation(int.from_bytes(tag.encode(), "big"), value) for tag, value in axes.items()])
            lib.hb_font_set_variations(font, array, len(axes))
        lib.hb_font_set_scale(font, units, units)
        total = 0
        for text, direction in runs:
            buffer = ctypes.c_void_p(lib.hb_buffer_create())
            data = text.encode()
            lib.hb_buffer_add_utf8(buffer, data, len(data), 0, len(data))
            lib.hb_buffer_set_cluster_level(buffer, 0)  # MONOTONE_GRAPHEMES
            lib.hb_buffer_set_flags(buffer, 0x10)  # REMOVE_DEFAULT_IGNORABLES
            if direction:
                lib.hb_buffer_set_direction(buffer, 4 if direction == "ltr" else 5)
            lib.hb_buffer_guess_segment_properties(buffer)
            lib.hb_shape(font, buffer, None, 0)
            count = ctypes.c_uint(0)
            positions = lib.hb_buffer_get_glyph_positions(buffer, ctypes.byref(count))
            total += sum(positions[i].x_advance for i in range(count.value))
            lib.hb_buffer_destroy(buffer)
        lib.hb_font_destroy(font)
        lib.hb_face_destroy(ctypes.c_void_p(face))
        lib.hb_blob_destroy(ctypes.c_void_p(blob))
        return total


# The committed numbers are the system HarfBuzz's, the library WordFit links; a comment marks
# each case where uharfbuzz's newer HarfBuzz rounds a variable font's deltas differently.
system = SystemHarfBuzz()
print(f"// system HarfBuzz {system.version}; uharfbuzz {hb.__version__} (HarfBuzz {hb.version_string()})")
print("static let cases: [(font: String, text: String, units: Int, advance: Int)] = [")
for font, runs in CASES:
    text = "".join(text for text, _ in runs)
    for size in SIZES:
        units = int(size * 64)
        ours, theirs = system.advance(font, runs, units), advance(font, runs, units)
        note = f"  // uharfbuzz: {theirs}" if ours != theirs else ""
        print(f'  ("{font}", "{text}", {units}, {ours}),{note}')
print("]")
