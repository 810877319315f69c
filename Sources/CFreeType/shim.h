#ifndef WORDFIT_CFREETYPE_SHIM_H
#define WORDFIT_CFREETYPE_SHIM_H

// The only door between WordFit and FreeType. Swift sees plain functions with plain C types;
// FreeType's function-like macros, load flags and 26.6 arithmetic stay on this side.

#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_SFNT_NAMES_H
#include FT_TRUETYPE_IDS_H
#include FT_TRUETYPE_TABLES_H
#include FT_MULTIPLE_MASTERS_H
#include FT_COLOR_H
#include FT_FONT_FORMATS_H
#include FT_TRUETYPE_TAGS_H
#include FT_OUTLINE_H
#include <string.h>

/// The load flags used both to measure and to render a glyph, one per hinting mode, so a fit
/// that was measured is exactly what is drawn. Never embedded bitmaps; grey anti-aliasing.
/// - light: FreeType's autohinter, vertical only (crisp baselines and x-heights, glyph shapes
///   kept), advances rounded to whole pixels;
/// - none: unhinted outlines and fractional advances, as CoreText lays text out.
#define WF_LOAD_FLAGS (FT_LOAD_NO_BITMAP | FT_LOAD_TARGET_LIGHT)
#define WF_LOAD_FLAGS_UNHINTED (FT_LOAD_NO_BITMAP | FT_LOAD_NO_HINTING)

/// The load flags for a hinting mode: 0 none, 1 light.
static inline FT_Int32 wf_ft_flags(int hinting) { return hinting ? WF_LOAD_FLAGS : WF_LOAD_FLAGS_UNHINTED; }

/// Loads a glyph with the mode's flags, its outline shifted right by `shift26_6` (a subpixel
/// position, 0 … 63) through FT_Set_Transform, so the preset bitmap box and the rendered bitmap
/// both include the shift.
static inline FT_Error wf_ft_load_shifted(FT_Face face, unsigned glyph, int hinting, int shift26_6) {
  FT_Vector delta = {shift26_6, 0};
  FT_Set_Transform(face, NULL, shift26_6 ? &delta : NULL);
  FT_Error error = FT_Load_Glyph(face, glyph, wf_ft_flags(hinting));
  if (shift26_6) FT_Set_Transform(face, NULL, NULL);
  return error;
}

/// A message for a FreeType error code. Debian builds FreeType without
/// FT_CONFIG_OPTION_ERROR_STRINGS, so FT_Error_String returns NULL; this table is built from
/// fterrors.h itself, the way that header documents.
static inline const char *wf_ft_error_string(int error) {
#undef FTERRORS_H_
#undef FT_ERR_PREFIX
#define FT_ERR_PREFIX FT_Err_
#define FT_ERRORDEF(e, v, s) \
  case v:                    \
    return s;
#define FT_ERROR_START_LIST switch (error) {
#define FT_ERROR_END_LIST }
#include FT_ERRORS_H
  return "unknown FreeType error";
}

/// The handles Swift holds. Swift never names an FT_ type or calls an FT_ function: this header
/// is the only door to FreeType.
typedef FT_Library wf_library;
typedef FT_Face wf_face;

/// FreeType's error for "no such face in this file" (and other invalid arguments).
enum { WF_FT_ERR_INVALID_ARGUMENT = FT_Err_Invalid_Argument };

/// Creates a library; returns a FreeType error code.
static inline int wf_ft_init(wf_library *library) { return FT_Init_FreeType(library); }

/// Frees a library and every face still open in it.
static inline void wf_ft_done_library(wf_library library) { FT_Done_FreeType(library); }

/// Frees a face.
static inline void wf_ft_done_face(wf_face face) { FT_Done_Face(face); }

/// The glyph index for a Unicode code point (0, `.notdef`, when the face has none).
static inline unsigned wf_ft_char_index(wf_face face, unsigned long code_point) {
  return FT_Get_Char_Index(face, code_point);
}

/// The face's family and style names (never NULL; "" when the font has none).
static inline const char *wf_ft_family_name(wf_face face) { return face->family_name ? face->family_name : ""; }
static inline const char *wf_ft_style_name(wf_face face) { return face->style_name ? face->style_name : ""; }
/// The face's PostScript name from its `name` table (a variable font's default instance's); "" if
/// none.
static inline const char *wf_ft_postscript_name(wf_face face) {
  const char *name = FT_Get_Postscript_Name(face);
  return name ? name : "";
}

/// The name of `glyph` (the `post` or CFF table's) into `buffer` (`size` bytes, NUL-terminated);
/// 0 when the font names its glyphs, else FreeType's error (the buffer then holds "").
static inline int wf_ft_glyph_name(wf_face face, unsigned glyph, char *buffer, unsigned size) {
  if (size == 0) return FT_Err_Invalid_Argument;
  buffer[0] = '\0';
  if (!FT_HAS_GLYPH_NAMES(face)) return FT_Err_Invalid_Argument;
  int error = FT_Get_Glyph_Name(face, glyph, buffer, size);
  if (error) buffer[0] = '\0';
  buffer[size - 1] = '\0';
  return error;
}

/// The face's design units per em and its `hhea` ascender, descender (negative) and line height.
static inline void wf_ft_face_metrics(wf_face face, int *units_per_em, int *ascender, int *descender,
                                      int *height) {
  *units_per_em = face->units_per_EM;
  *ascender = face->ascender;
  *descender = face->descender;
  *height = face->height;
  if (*units_per_em == 0) {
    // A font of bitmaps only (CBDT emoji): FreeType leaves these 0; its head and hhea tables
    // still carry the design metrics HarfBuzz positions with.
    TT_Header *head = (TT_Header *)FT_Get_Sfnt_Table(face, FT_SFNT_HEAD);
    TT_HoriHeader *hhea = (TT_HoriHeader *)FT_Get_Sfnt_Table(face, FT_SFNT_HHEA);
    if (head) *units_per_em = head->Units_Per_EM;
    if (hhea) {
      *ascender = hhea->Ascender;
      *descender = hhea->Descender;
      *height = hhea->Ascender - hhea->Descender + hhea->Line_Gap;
    }
  }
}

/// FreeType's version as major, minor, patch.
static inline void wf_ft_version(wf_library library, int *major, int *minor, int *patch) {
  FT_Int a = 0, b = 0, c = 0;
  FT_Library_Version(library, &a, &b, &c);
  *major = a;
  *minor = b;
  *patch = c;
}

static inline int wf_ft_is_scalable(FT_Face face) { return FT_IS_SCALABLE(face) ? 1 : 0; }

/// Sets the size in 1/64 pixel (26.6) at 72 dpi, where one point is one pixel.
static inline int wf_ft_set_pixel_size_26_6(FT_Face face, long size26_6) {
  return FT_Set_Char_Size(face, 0, (FT_F26Dot6)size26_6, 72, 72);
}

/// Loads a glyph with WF_LOAD_FLAGS without rendering it and reports its advance (26.6) and the
/// box of the bitmap FreeType will render for it (whole pixels; y up from the baseline for `top`).
/// FreeType (2.10+) presets these bitmap dimensions on load, with the renderer's own rounding.
static inline int wf_ft_glyph_box(FT_Face face, unsigned glyph, int hinting, int shift26_6, long *advance26_6,
                                  int *left, int *top, unsigned *width, unsigned *rows, long *ink_left26_6,
                                  long *ink_right26_6) {
  FT_Error error = wf_ft_load_shifted(face, glyph, hinting, shift26_6);
  if (error) return error;
  FT_GlyphSlot slot = face->glyph;
  *advance26_6 = slot->advance.x;
  *left = slot->bitmap_left;
  *top = slot->bitmap_top;
  *width = slot->bitmap.width;
  *rows = slot->bitmap.rows;
  // The outline's own horizontal extent, unrounded (the bitmap box rounds it outward): what the
  // fitting engine needs to know how far a size is from fitting, beyond pixel rounding.
  *ink_left26_6 = (long)*left * 64;
  *ink_right26_6 = ((long)*left + (long)*width) * 64;
  if (slot->format == FT_GLYPH_FORMAT_OUTLINE && slot->outline.n_points > 0) {
    FT_BBox box;
    FT_Outline_Get_CBox(&slot->outline, &box);
    *ink_left26_6 = box.xMin;
    *ink_right26_6 = box.xMax;
  }
  return 0;
}

/// Whether the face's glyph boxes can be scaled from font units without loading each glyph at
/// each size: a TrueType (`glyf`) face that is not variable, whose unhinted outlines FreeType
/// scales point by point with FT_MulFix and then shifts by the scaled left phantom point.
static inline int wf_ft_scales_design_outlines(FT_Face face) {
  const char *format = FT_Get_Font_Format(face);
  return FT_IS_SCALABLE(face) && !FT_HAS_MULTIPLE_MASTERS(face) && format != NULL && strcmp(format, "TrueType") == 0;
}

/// A glyph's outline control box in font units, as FreeType loads it unscaled (shifted by the
/// left phantom point like a scaled load), and whether it is a simple outline (`simple` 0 for a
/// composite, whose components are scaled and offset each). `points` is its number of points.
static inline int wf_ft_design_box(FT_Face face, unsigned glyph, int *simple, int *points, long *x_min, long *y_min,
                                   long *x_max, long *y_max) {
  FT_Set_Transform(face, NULL, NULL);
  FT_Error error = FT_Load_Glyph(face, glyph, FT_LOAD_NO_SCALE | FT_LOAD_NO_RECURSE | FT_LOAD_IGNORE_TRANSFORM);
  if (error) return error;
  FT_GlyphSlot slot = face->glyph;
  *simple = slot->format == FT_GLYPH_FORMAT_OUTLINE;
  *points = *simple ? slot->outline.n_points : 0;
  FT_BBox box = {0, 0, 0, 0};
  if (*points > 0) FT_Outline_Get_CBox(&slot->outline, &box);
  *x_min = box.xMin;
  *y_min = box.yMin;
  *x_max = box.xMax;
  *y_max = box.yMax;
  return 0;
}

static inline unsigned long wf_ft_be32(const unsigned char *p) {
  return ((unsigned long)p[0] << 24) | ((unsigned long)p[1] << 16) | ((unsigned long)p[2] << 8) | p[3];
}

/// The length of the sfnt table `tag` in bytes, 0 when the font has none.
static inline unsigned long wf_ft_table_length(FT_Face face, FT_ULong tag) {
  FT_ULong length = 0;
  return FT_Load_Sfnt_Table(face, tag, 0, NULL, &length) ? 0 : length;
}

/// Reads `count` bytes at `offset` of the sfnt table `tag` into `out`; 0 when they are there.
static inline int wf_ft_table_bytes(FT_Face face, FT_ULong tag, FT_ULong offset, unsigned char *out, FT_ULong count) {
  FT_ULong length = 0;
  if (FT_Load_Sfnt_Table(face, tag, 0, NULL, &length) || offset > length || count > length - offset) return -1;
  FT_ULong wanted = count;
  return FT_Load_Sfnt_Table(face, tag, (FT_Long)offset, out, &wanted) ? -1 : 0;
}

/// A simple TrueType glyph's left phantom point in font units, as FreeType's loader sets it:
/// the `glyf` header's xMin less the `hmtx` left side bearing. A scaled unhinted load shifts the
/// outline left by this point scaled; an unscaled load, by this point itself. 0 when found.
static inline int wf_ft_left_phantom(FT_Face face, unsigned glyph, long *phantom) {
  TT_Header *head = (TT_Header *)FT_Get_Sfnt_Table(face, FT_SFNT_HEAD);
  TT_HoriHeader *hhea = (TT_HoriHeader *)FT_Get_Sfnt_Table(face, FT_SFNT_HHEA);
  if (head == NULL || hhea == NULL || glyph >= (unsigned)face->num_glyphs) return -1;
  unsigned char bytes[8];
  FT_ULong start, end;
  if (head->Index_To_Loc_Format == 0) {
    if (wf_ft_table_bytes(face, TTAG_loca, (FT_ULong)glyph * 2, bytes, 4)) return -1;
    start = ((FT_ULong)bytes[0] << 8 | bytes[1]) * 2;
    end = ((FT_ULong)bytes[2] << 8 | bytes[3]) * 2;
  } else {
    if (wf_ft_table_bytes(face, TTAG_loca, (FT_ULong)glyph * 4, bytes, 8)) return -1;
    start = (FT_ULong)bytes[0] << 24 | (FT_ULong)bytes[1] << 16 | (FT_ULong)bytes[2] << 8 | bytes[3];
    end = (FT_ULong)bytes[4] << 24 | (FT_ULong)bytes[5] << 16 | (FT_ULong)bytes[6] << 8 | bytes[7];
  }
  if (end < start + 10 || wf_ft_table_bytes(face, TTAG_glyf, start + 2, bytes, 2)) return -1;
  long x_min = (short)(bytes[0] << 8 | bytes[1]);
  unsigned metrics = hhea->number_Of_HMetrics;
  if (metrics == 0) return -1;
  FT_ULong at = glyph < metrics ? (FT_ULong)glyph * 4 + 2 : (FT_ULong)metrics * 4 + (FT_ULong)(glyph - metrics) * 2;
  if (wf_ft_table_bytes(face, TTAG_hmtx, at, bytes, 2)) return -1;
  *phantom = x_min - (short)(bytes[0] << 8 | bytes[1]);
  return 0;
}

/// The face's current scales from font units to 26.6 pixels (16.16), as FT_Set_Char_Size left
/// them.
static inline void wf_ft_size_scales(FT_Face face, long *x_scale, long *y_scale) {
  *x_scale = face->size ? face->size->metrics.x_scale : 0;
  *y_scale = face->size ? face->size->metrics.y_scale : 0;
}

/// The number of glyphs in the face.
static inline long wf_ft_glyph_count(FT_Face face) { return face->num_glyphs; }

/// FreeType's own fixed-point product (`a` × `b` / 65536, rounded), the one its loaders scale
/// outline points with.
static inline long wf_ft_mul_fix(long a, long b) { return FT_MulFix(a, b); }

/// The glyph slot's rendered coverage copied into `destination` (`capacity` bytes, rows top
/// down, no padding) with its offset from the origin; `destination` NULL only measures.
static inline int wf_ft_copy_rendered(FT_Face face, int *left, int *top, unsigned *width, unsigned *rows,
                                      unsigned char *destination, size_t capacity) {
  FT_Bitmap *bitmap = &face->glyph->bitmap;
  if (bitmap->pixel_mode != FT_PIXEL_MODE_GRAY && bitmap->rows > 0) return FT_Err_Invalid_Pixel_Size;
  *left = face->glyph->bitmap_left;
  *top = face->glyph->bitmap_top;
  *width = bitmap->width;
  *rows = bitmap->rows;
  if (destination == NULL) return 0;
  if ((size_t)bitmap->width * bitmap->rows > capacity) return FT_Err_Out_Of_Memory;
  for (unsigned row = 0; row < bitmap->rows; row++) {
    const unsigned char *source = bitmap->buffer + (long)row * bitmap->pitch;
    if (bitmap->pitch < 0) source = bitmap->buffer + (long)(bitmap->rows - 1 - row) * -bitmap->pitch;
    memcpy(destination + (size_t)row * bitmap->width, source, bitmap->width);
  }
  return 0;
}

/// Loads and renders a glyph with WF_LOAD_FLAGS into 8-bit coverage, copying the rows into
/// `destination` (capacity bytes, tightly packed, width × rows). Call with destination NULL to
/// learn the size first; the slot is reloaded each call, nothing of it outlives the call.
static inline int wf_ft_render_glyph(FT_Face face, unsigned glyph, int hinting, int shift26_6, int *left,
                                     int *top, unsigned *width, unsigned *rows, unsigned char *destination,
                                     size_t capacity) {
  FT_Error error = wf_ft_load_shifted(face, glyph, hinting, shift26_6);
  if (error) return error;
  error = FT_Render_Glyph(face->glyph, FT_RENDER_MODE_NORMAL);
  if (error) return error;
  return wf_ft_copy_rendered(face, left, top, width, rows, destination, capacity);
}

/// Where `wf_ft_glyph_outline` writes: 7 longs a command (verb, then up to three points),
/// `count` written of `capacity`; `needed` counts every command, written or not.
typedef struct {
  long *commands;
  size_t capacity;
  size_t count;
  size_t needed;
} wf_ft_path;

static inline void wf_ft_path_add(wf_ft_path *path, long verb, const FT_Vector *a, const FT_Vector *b,
                                  const FT_Vector *c) {
  if (path->count < path->capacity) {
    long *slot = path->commands + path->count * 7;
    const FT_Vector *points[3] = {a, b, c};
    slot[0] = verb;
    for (int index = 0; index < 3; index++) {
      slot[1 + index * 2] = points[index] ? points[index]->x : 0;
      slot[2 + index * 2] = points[index] ? points[index]->y : 0;
    }
    path->count++;
  }
  path->needed++;
}

static inline int wf_ft_path_move(const FT_Vector *to, void *path) {
  wf_ft_path_add(path, 0, to, NULL, NULL);
  return 0;
}
static inline int wf_ft_path_line(const FT_Vector *to, void *path) {
  wf_ft_path_add(path, 1, to, NULL, NULL);
  return 0;
}
static inline int wf_ft_path_conic(const FT_Vector *control, const FT_Vector *to, void *path) {
  wf_ft_path_add(path, 2, control, to, NULL);
  return 0;
}
static inline int wf_ft_path_cubic(const FT_Vector *c1, const FT_Vector *c2, const FT_Vector *to, void *path) {
  wf_ft_path_add(path, 3, c1, c2, to);
  return 0;
}

/// FreeType's error for a glyph that is not an outline (a bitmap).
static inline int wf_ft_invalid_glyph_format(void) { return FT_Err_Invalid_Glyph_Format; }

/// The unhinted outline of a glyph at the face's size as path commands in 26.6 pixels, y up
/// (verbs: 0 move to, 1 line to, 2 quadratic with one control, 3 cubic with two), 7 longs a
/// command into `commands` (room for `capacity` commands). Returns FreeType's error, or 0 with
/// `*needed` the number of commands (call again with more room when it exceeds `capacity`).
static inline int wf_ft_glyph_outline(FT_Face face, unsigned glyph, long *commands, size_t capacity,
                                      size_t *needed) {
  *needed = 0;
  FT_Error error = FT_Load_Glyph(face, glyph, WF_LOAD_FLAGS_UNHINTED);
  if (error) return error;
  if (face->glyph->format != FT_GLYPH_FORMAT_OUTLINE) return FT_Err_Invalid_Glyph_Format;
  static const FT_Outline_Funcs funcs = {
      (FT_Outline_MoveToFunc)wf_ft_path_move, (FT_Outline_LineToFunc)wf_ft_path_line,
      (FT_Outline_ConicToFunc)wf_ft_path_conic, (FT_Outline_CubicToFunc)wf_ft_path_cubic, 0, 0};
  wf_ft_path path = {commands, capacity, 0, 0};
  error = FT_Outline_Decompose(&face->glyph->outline, &funcs, &path);
  *needed = path.needed;
  return error;
}

/// The control box of `glyph`'s unhinted outline at the selected size, in 26.6 px from its
/// origin, y up (every point of the outline lies inside it).
static inline int wf_ft_glyph_control_box(FT_Face face, unsigned glyph, long *x_min, long *y_min, long *x_max,
                                          long *y_max) {
  FT_Error error = FT_Load_Glyph(face, glyph, WF_LOAD_FLAGS_UNHINTED);
  if (error) return error;
  if (face->glyph->format != FT_GLYPH_FORMAT_OUTLINE) return FT_Err_Invalid_Glyph_Format;
  FT_BBox box;
  FT_Outline_Get_CBox(&face->glyph->outline, &box);
  *x_min = box.xMin;
  *y_min = box.yMin;
  *x_max = box.xMax;
  *y_max = box.yMax;
  return 0;
}

/// Renders `glyph` unhinted, turned clockwise (on a y-down canvas) by the angle whose cosine and
/// sine are `cos16` and `sin16` (16.16) about its origin, then moved by `dx`, `dy` (26.6 px,
/// y down); otherwise as `wf_ft_render_glyph` (`destination` NULL measures).
static inline int wf_ft_render_turned(FT_Face face, unsigned glyph, long cos16, long sin16, long dx, long dy,
                                      int *left, int *top, unsigned *width, unsigned *rows,
                                      unsigned char *destination, size_t capacity) {
  FT_Error error = FT_Load_Glyph(face, glyph, WF_LOAD_FLAGS_UNHINTED);
  if (error) return error;
  if (face->glyph->format != FT_GLYPH_FORMAT_OUTLINE) return FT_Err_Invalid_Glyph_Format;
  FT_Matrix matrix = {cos16, sin16, -sin16, cos16};
  FT_Outline_Transform(&face->glyph->outline, &matrix);
  FT_Outline_Translate(&face->glyph->outline, dx, -dy);
  error = FT_Render_Glyph(face->glyph, FT_RENDER_MODE_NORMAL);
  if (error) return error;
  return wf_ft_copy_rendered(face, left, top, width, rows, destination, capacity);
}

/// The face's weight class from its OS/2 table (100 … 900; 400 when it has none) and whether
/// it is italic.
static inline int wf_ft_weight_class(FT_Face face) {
  TT_OS2 *os2 = (TT_OS2 *)FT_Get_Sfnt_Table(face, FT_SFNT_OS2);
  return (os2 && os2->version != 0xFFFF && os2->usWeightClass > 0) ? os2->usWeightClass : 400;
}
/// The face's cap height in font units: its OS/2 `sCapHeight` (version 2 and later) when set,
/// else the top of the outline of "H" unscaled, else 0.
static inline long wf_ft_cap_height(FT_Face face) {
  TT_OS2 *os2 = (TT_OS2 *)FT_Get_Sfnt_Table(face, FT_SFNT_OS2);
  if (os2 && os2->version != 0xFFFF && os2->version >= 2 && os2->sCapHeight > 0) return os2->sCapHeight;
  FT_UInt glyph = FT_Get_Char_Index(face, 'H');
  if (glyph == 0 || !FT_IS_SCALABLE(face)) return 0;
  FT_Set_Transform(face, NULL, NULL);
  if (FT_Load_Glyph(face, glyph, FT_LOAD_NO_SCALE | FT_LOAD_IGNORE_TRANSFORM) != 0) return 0;
  if (face->glyph->format != FT_GLYPH_FORMAT_OUTLINE) return 0;
  FT_BBox box = {0, 0, 0, 0};
  FT_Outline_Get_CBox(&face->glyph->outline, &box);
  return box.yMax > 0 ? box.yMax : 0;
}
static inline int wf_ft_is_italic(FT_Face face) { return (face->style_flags & FT_STYLE_FLAG_ITALIC) ? 1 : 0; }

/// Whether the face draws in colour (CBDT/sbix bitmaps or COLR layers).
static inline int wf_ft_has_color(FT_Face face) { return FT_HAS_COLOR(face) ? 1 : 0; }
/// The number of bitmap strikes (a bitmap-only colour font such as Noto Color Emoji has one).
static inline int wf_ft_strike_count(FT_Face face) { return FT_HAS_FIXED_SIZES(face) ? face->num_fixed_sizes : 0; }
/// The pixels per em of strike `index` (whole pixels).
static inline int wf_ft_strike_ppem(FT_Face face, int index) {
  return (index >= 0 && index < face->num_fixed_sizes) ? (int)((face->available_sizes[index].y_ppem + 32) >> 6) : 0;
}
/// Selects bitmap strike `index`; returns a FreeType error code.
static inline int wf_ft_select_strike(FT_Face face, int index) { return FT_Select_Size(face, index); }

/// The number of COLRv0 layers of `glyph` (0 when it is not a layered colour glyph), read from
/// the layer index without touching the layers.
static inline unsigned wf_ft_color_layer_count(FT_Face face, unsigned glyph) {
  FT_LayerIterator iterator;
  iterator.p = NULL;
  FT_UInt layer_glyph = 0, color_index = 0;
  if (!FT_Get_Color_Glyph_Layer(face, glyph, &layer_glyph, &color_index, &iterator)) return 0;
  return iterator.num_layers;
}

/// The most pixels (width × height, from the PNG header alone) of `glyph`'s PNG in any sbix
/// strike (at most 64 strikes are looked at), or 0 when the face has no sbix PNG for it: what
/// decoding it would allocate, known before FreeType decodes anything.
static inline unsigned long long wf_ft_sbix_largest_png(FT_Face face, unsigned glyph) {
  const FT_ULong tag = FT_MAKE_TAG('s', 'b', 'i', 'x');
  unsigned char head[8];
  if (wf_ft_table_bytes(face, tag, 0, head, 8)) return 0;
  unsigned long strikes = wf_ft_be32(head + 4);
  unsigned long long largest = 0;
  for (unsigned long strike = 0; strike < strikes && strike < 64; strike++) {
    unsigned char word[8], png[32];
    if (wf_ft_table_bytes(face, tag, 8 + 4 * strike, word, 4)) break;
    FT_ULong base = wf_ft_be32(word);
    if (wf_ft_table_bytes(face, tag, base + 4 + 4 * (FT_ULong)glyph, word, 8)) continue;
    FT_ULong start = wf_ft_be32(word), end = wf_ft_be32(word + 4);
    if (end < start || end - start < sizeof png || wf_ft_table_bytes(face, tag, base + start, png, sizeof png)) continue;
    if (memcmp(png + 4, "png ", 4) != 0 || memcmp(png + 8 + 12, "IHDR", 4) != 0) continue;
    unsigned long long pixels = (unsigned long long)wf_ft_be32(png + 8 + 16) * wf_ft_be32(png + 8 + 20);
    if (pixels > largest) largest = pixels;
  }
  return largest;
}

/// Copies the colour bitmap the last `wf_ft_render_color` (called with no destination) left in
/// the glyph slot, without loading or blending it again: a COLR glyph's layers are blended
/// once per size, not once to learn the box and again to copy it.
static inline int wf_ft_copy_color_bitmap(FT_Face face, unsigned char *destination, size_t capacity) {
  FT_Bitmap *bitmap = &face->glyph->bitmap;
  size_t bytes = bitmap->pixel_mode == FT_PIXEL_MODE_BGRA ? 4 : 1;
  size_t line = (size_t)bitmap->width * bytes;
  if (line * bitmap->rows > capacity) return FT_Err_Out_Of_Memory;
  for (unsigned row = 0; row < bitmap->rows; row++) {
    const unsigned char *source = bitmap->buffer + (long)row * bitmap->pitch;
    if (bitmap->pitch < 0) source = bitmap->buffer + (long)(bitmap->rows - 1 - row) * -bitmap->pitch;
    memcpy(destination + (size_t)row * line, source, line);
  }
  return 0;
}

/// Loads and renders a glyph in colour (FT_LOAD_COLOR: CBDT/sbix bitmaps at the selected strike,
/// COLR layers blended at the set size, outlines unhinted) into `destination`: premultiplied
/// BGRA when `*is_bgra` comes back 1 (4 bytes a pixel), 8-bit coverage otherwise (1 byte).
/// Call with destination NULL to learn the box first.
static inline int wf_ft_render_color(FT_Face face, unsigned glyph, int shift26_6, int *left, int *top,
                                     unsigned *width, unsigned *rows, int *is_bgra, unsigned char *destination,
                                     size_t capacity) {
  FT_Vector delta = {shift26_6, 0};
  FT_Int32 flags = FT_LOAD_COLOR | (FT_IS_SCALABLE(face) ? FT_LOAD_NO_HINTING : 0);
  FT_Set_Transform(face, NULL, shift26_6 ? &delta : NULL);
  FT_Error error = FT_Load_Glyph(face, glyph, flags);
  if (shift26_6) FT_Set_Transform(face, NULL, NULL);
  if (error) return error;
  if (face->glyph->format != FT_GLYPH_FORMAT_BITMAP) {
    error = FT_Render_Glyph(face->glyph, FT_RENDER_MODE_NORMAL);
    if (error) return error;
  }
  FT_Bitmap *bitmap = &face->glyph->bitmap;
  int bytes;
  if (bitmap->pixel_mode == FT_PIXEL_MODE_BGRA) bytes = 4;
  else if (bitmap->pixel_mode == FT_PIXEL_MODE_GRAY) bytes = 1;
  else if (bitmap->rows == 0 || bitmap->width == 0) bytes = 1;
  else return FT_Err_Invalid_Pixel_Size;
  *is_bgra = bytes == 4;
  *left = face->glyph->bitmap_left;
  *top = face->glyph->bitmap_top;
  *width = bitmap->width;
  *rows = bitmap->rows;
  return destination == NULL ? 0 : wf_ft_copy_color_bitmap(face, destination, capacity);
}

/// The box FreeType's COLRv0 rendering gives `glyph` at the set size, without blending any
/// layer: FT_Render_Glyph blends each layer's bitmap into the slot with FT_Bitmap_Blend, which
/// grows the result to the union of the layers' boxes, and each layer's box is the one its
/// unhinted outline presets on load. Returns 0 with the union (`*width` 0 when no layer has
/// ink), or -1 when the glyph has no COLR layers. `*layers` says how many were loaded.
static inline int wf_ft_color_layers_box(FT_Face face, unsigned glyph, int *left, int *top, unsigned *width,
                                         unsigned *rows) {
  FT_LayerIterator iterator;
  iterator.p = NULL;
  FT_UInt layer_glyph = 0, color_index = 0;
  if (!FT_Get_Color_Glyph_Layer(face, glyph, &layer_glyph, &color_index, &iterator)) return -1;
  long min_x = 0, max_x = 0, min_y = 0, max_y = 0;
  int any = 0;
  FT_Set_Transform(face, NULL, NULL);
  FT_Int32 flags = FT_IS_SCALABLE(face) ? FT_LOAD_NO_HINTING : FT_LOAD_DEFAULT;
  do {
    if (FT_Load_Glyph(face, layer_glyph, flags)) continue;
    FT_GlyphSlot slot = face->glyph;
    if (slot->bitmap.width == 0 || slot->bitmap.rows == 0) continue;
    long x0 = slot->bitmap_left, x1 = x0 + (long)slot->bitmap.width;
    long y1 = slot->bitmap_top, y0 = y1 - (long)slot->bitmap.rows;
    if (!any || x0 < min_x) min_x = x0;
    if (!any || x1 > max_x) max_x = x1;
    if (!any || y0 < min_y) min_y = y0;
    if (!any || y1 > max_y) max_y = y1;
    any = 1;
  } while (FT_Get_Color_Glyph_Layer(face, glyph, &layer_glyph, &color_index, &iterator));
  *left = (int)min_x;
  *top = (int)max_y;
  *width = any ? (unsigned)(max_x - min_x) : 0;
  *rows = any ? (unsigned)(max_y - min_y) : 0;
  return 0;
}

/// The number of variation axes of a variable font (0 for a static font).
static inline int wf_ft_axis_count(FT_Face face) {
  if (!FT_HAS_MULTIPLE_MASTERS(face)) return 0;
  FT_MM_Var *mm = NULL;
  if (FT_Get_MM_Var(face, &mm)) return 0;
  int count = (int)mm->num_axis;
  FT_Done_MM_Var(face->glyph->library, mm);
  return count;
}

/// Axis `index`: its tag (four ASCII bytes, such as 'wght') and its minimum, default and
/// maximum in design units. Returns 0 on success.
static inline int wf_ft_axis(FT_Face face, int index, unsigned *tag, double *minimum, double *fallback,
                             double *maximum) {
  FT_MM_Var *mm = NULL;
  if (!FT_HAS_MULTIPLE_MASTERS(face) || FT_Get_MM_Var(face, &mm)) return -1;
  int status = -1;
  if (index >= 0 && (unsigned)index < mm->num_axis) {
    FT_Var_Axis *axis = &mm->axis[index];
    *tag = (unsigned)axis->tag;
    *minimum = axis->minimum / 65536.0;
    *fallback = axis->def / 65536.0;
    *maximum = axis->maximum / 65536.0;
    status = 0;
  }
  FT_Done_MM_Var(face->glyph->library, mm);
  return status;
}

/// Sets every axis, in axis order, to `values` (design units; `count` must be the axis count).
/// Returns a FreeType error code.
static inline int wf_ft_set_variations(FT_Face face, const double *values, int count) {
  if (count <= 0 || count > 64) return FT_Err_Invalid_Argument;
  FT_Fixed coordinates[64];
  for (int i = 0; i < count; i++) coordinates[i] = (FT_Fixed)(values[i] * 65536.0 + (values[i] >= 0 ? 0.5 : -0.5));
  return FT_Set_Var_Design_Coordinates(face, (FT_UInt)count, coordinates);
}

/// Opens a face; returns a FreeType error code.
static inline int wf_ft_open_face(wf_library library, const char *path, long index, wf_face *face) {
  return FT_New_Face(library, path, index, face);
}

/// Copies the best entry of the `name` table with the given name ID into `buffer` as UTF-8
/// (Windows Unicode entries preferred, then Mac Roman treated as Latin-1). Returns the length.
static inline size_t wf_ft_sfnt_name(FT_Face face, unsigned name_id, char *buffer, size_t capacity) {
  FT_UInt count = FT_Get_Sfnt_Name_Count(face);
  size_t best_length = 0;
  int found = 0;
  for (int pass = 0; pass < 2 && !found; pass++) {
    for (FT_UInt index = 0; index < count && !found; index++) {
      FT_SfntName name;
      if (FT_Get_Sfnt_Name(face, index, &name)) continue;
      if (name.name_id != name_id) continue;
      size_t out = 0;
      if (pass == 0 && name.platform_id == TT_PLATFORM_MICROSOFT) {
        for (FT_UInt i = 0; i + 1 < name.string_len && out + 4 < capacity; i += 2) {
          unsigned code = ((unsigned)name.string[i] << 8) | name.string[i + 1];
          if (code >= 0xD800 && code <= 0xDFFF) code = '?';
          if (code < 0x80) {
            buffer[out++] = (char)code;
          } else if (code < 0x800) {
            buffer[out++] = (char)(0xC0 | (code >> 6));
            buffer[out++] = (char)(0x80 | (code & 0x3F));
          } else {
            buffer[out++] = (char)(0xE0 | (code >> 12));
            buffer[out++] = (char)(0x80 | ((code >> 6) & 0x3F));
            buffer[out++] = (char)(0x80 | (code & 0x3F));
          }
        }
        found = 1;
      } else if (pass == 1 && name.platform_id == TT_PLATFORM_MACINTOSH) {
        for (FT_UInt i = 0; i < name.string_len && out + 3 < capacity; i++) {
          unsigned code = name.string[i];
          if (code < 0x80) {
            buffer[out++] = (char)code;
          } else {
            buffer[out++] = (char)(0xC0 | (code >> 6));
            buffer[out++] = (char)(0x80 | (code & 0x3F));
          }
        }
        found = 1;
      }
      if (found) best_length = out;
    }
  }
  if (capacity > 0) buffer[best_length < capacity ? best_length : capacity - 1] = 0;
  return best_length;
}

/// Opens face `index` of `path` in a FreeType library of its own, with its axes set to
/// `values` (design coordinates, `count` of them, none for a font that is not variable), for an
/// owner outside WordFit (cairo's PDF fonts), which may keep it after every ``Font`` is gone:
/// sharing a face of a ``Font``'s library would not do, since FT_Done_FreeType frees the
/// library's memory manager whatever other references remain. wf_ft_close_detached_face frees
/// both. Returns a FreeType error code.
static inline int wf_ft_open_detached_face(const char *path, long index, const double *values, int count,
                                           wf_face *face) {
  FT_Library library;
  FT_Error error = FT_Init_FreeType(&library);
  if (error) return error;
  error = FT_New_Face(library, path, index, face);
  if (!error && count > 0) error = wf_ft_set_variations(*face, values, count);
  if (error) {
    if (*face) FT_Done_Face(*face);
    FT_Done_FreeType(library);
    *face = NULL;
  }
  return error;
}

/// Frees a face from wf_ft_open_detached_face and its library (a `void *`, so it can be a C
/// destroy callback).
static inline void wf_ft_close_detached_face(void *face) {
  FT_Library library = ((FT_Face)face)->glyph->library;
  FT_Done_Face((FT_Face)face);
  FT_Done_FreeType(library);
}

#endif
