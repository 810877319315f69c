#ifndef WORDFIT_CHARFBUZZ_SHIM_H
#define WORDFIT_CHARFBUZZ_SHIM_H

// The only door between WordFit and HarfBuzz. HarfBuzz reads the font's tables through FreeType
// (hb-ft's face), so the font WordFit measures and draws with is the font HarfBuzz shapes with.
// It shapes at the font's design scale: positions come back in font units, independent of the
// size, and WordFit scales them to 26.6 itself with the rounding it uses everywhere. Swift sees
// an opaque shaper and plain arrays; no hb_ type crosses this header.

#include <hb-ft.h>
#include <hb.h>
#include <stdlib.h>
#include <string.h>

/// A HarfBuzz font over one FreeType face, and a buffer reused for every shaping call.
typedef struct wf_hb_shaper {
  hb_font_t *font;
  hb_buffer_t *buffer;
} wf_hb_shaper;

/// Creates a shaper over a FreeType face (an FT_Face, passed untyped so that Swift never needs
/// HarfBuzz's or FreeType's types together), at the font's design scale (units per em). NULL
/// when out of memory.
static inline wf_hb_shaper *wf_hb_shaper_create(void *ft_face) {
  wf_hb_shaper *shaper = (wf_hb_shaper *)calloc(1, sizeof(wf_hb_shaper));
  if (shaper == NULL) return NULL;
  hb_face_t *face = hb_ft_face_create_referenced((FT_Face)ft_face);
  shaper->font = hb_font_create(face);
  hb_face_destroy(face);
  shaper->buffer = hb_buffer_create();
  if (!hb_buffer_allocation_successful(shaper->buffer)) {
    hb_font_destroy(shaper->font);
    hb_buffer_destroy(shaper->buffer);
    free(shaper);
    return NULL;
  }
  return shaper;
}

/// Sets the font's variation axes (tags as four ASCII bytes, values in design units), the same
/// values FreeType draws with, so shaped advances follow the instance.
static inline void wf_hb_shaper_set_variations(wf_hb_shaper *shaper, const unsigned *tags, const double *values,
                                               int count) {
  hb_variation_t variations[64];
  if (count > 64) count = 64;
  for (int i = 0; i < count; i++) {
    variations[i].tag = (hb_tag_t)tags[i];
    variations[i].value = (float)values[i];
  }
  hb_font_set_variations(shaper->font, variations, (unsigned)(count < 0 ? 0 : count));
}

static inline void wf_hb_shaper_destroy(wf_hb_shaper *shaper) {
  if (shaper == NULL) return;
  hb_font_destroy(shaper->font);
  hb_buffer_destroy(shaper->buffer);
  free(shaper);
}

/// The glyph id that marks an invisible character in wf_hb_glyphs' output (no font has it).
enum { WF_HB_INVISIBLE_GLYPH = 0x7FFFFFFF };

/// Adds `length` bytes of UTF-8 to `buffer` without its soft hyphens (U+00AD, bytes C2 AD), each
/// character keeping its byte offset as its cluster. A soft hyphen inside a line draws nothing
/// and is skipped by every lookup's matching (a default ignorable), so leaving it out shapes the
/// rest the same; a line that ends at one shows a hyphen-minus in its place instead
/// (LineSegment.lineText). With it in, HarfBuzz 6.0 over the default font took time quadratic in
/// a run of them (each one's lookups skipping all that follow: 40,000 in 7 s).
static inline void wf_hb_add_without_soft_hyphens(hb_buffer_t *buffer, const char *utf8, int length) {
  int start = 0;
  for (int i = 0; i + 1 < length; i++) {
    if ((unsigned char)utf8[i] != 0xC2 || (unsigned char)utf8[i + 1] != 0xAD) continue;
    if (i > start) hb_buffer_add_utf8(buffer, utf8, length, (unsigned)start, i - start);
    start = i + 2;
    i++;
  }
  if (start == 0) {
    hb_buffer_add_utf8(buffer, utf8, length, 0, length);
  } else if (start < length) {
    hb_buffer_add_utf8(buffer, utf8, length, (unsigned)start, length - start);
  } else {
    hb_buffer_set_content_type(buffer, HB_BUFFER_CONTENT_TYPE_UNICODE);
  }
}

/// Directions for wf_hb_shape.
enum { WF_HB_DIRECTION_AUTO = 0, WF_HB_DIRECTION_LTR = 1, WF_HB_DIRECTION_RTL = 2 };

/// Shapes `length` bytes of UTF-8 with the given direction (AUTO guesses from the script),
/// an optional BCP 47 `language` (NULL: guessed) and an ISO 15924 `script` as four ASCII bytes
/// (0: guessed from the text). Returns the number of glyphs; read them
/// with wf_hb_glyphs. `direction_out` receives 1 (LTR) or 2 (RTL), `script_out` the ISO 15924
/// tag as four ASCII bytes (e.g. 'Arab').
static inline unsigned wf_hb_shape(wf_hb_shaper *shaper, const char *utf8, int length, int direction,
                                   const char *language, unsigned script, int *direction_out, unsigned *script_out) {
  hb_buffer_t *buffer = shaper->buffer;
  hb_buffer_clear_contents(buffer);
  wf_hb_add_without_soft_hyphens(buffer, utf8, length);
  if (direction == WF_HB_DIRECTION_LTR) hb_buffer_set_direction(buffer, HB_DIRECTION_LTR);
  if (direction == WF_HB_DIRECTION_RTL) hb_buffer_set_direction(buffer, HB_DIRECTION_RTL);
  if (language != NULL) hb_buffer_set_language(buffer, hb_language_from_string(language, -1));
  // A run of only Common characters in a font of its own (digits, a currency sign, punctuation
  // in a fallback font) takes its neighbours' script (UAX #24), as Chromium shapes it; 0 guesses.
  if (script != 0) hb_buffer_set_script(buffer, (hb_script_t)script);
  hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES);
  // Joiners and variation selectors shape their neighbours and then draw nothing: removed, or
  // (where HarfBuzz keeps one, such as a variation selector the font has no variant for)
  // marked with WF_HB_INVISIBLE_GLYPH for the caller to skip.
  hb_buffer_set_flags(buffer, HB_BUFFER_FLAG_REMOVE_DEFAULT_IGNORABLES);
  hb_buffer_set_invisible_glyph(buffer, WF_HB_INVISIBLE_GLYPH);
  hb_buffer_guess_segment_properties(buffer);
  hb_shape(shaper->font, buffer, NULL, 0);
  *direction_out = hb_buffer_get_direction(buffer) == HB_DIRECTION_RTL ? WF_HB_DIRECTION_RTL : WF_HB_DIRECTION_LTR;
  *script_out = (unsigned)hb_buffer_get_script(buffer);
  return hb_buffer_get_length(buffer);
}

/// Shapes like wf_hb_shape, but at `scale` (the size in 1/64 px) instead of the design scale,
/// so positions come back in 26.6 as HarfBuzz itself scales them: each GPOS anchor and value
/// record rounded on its own, which scaling the design-scale result once cannot reproduce.
/// The design scale is restored before returning.
static inline unsigned wf_hb_shape_scaled(wf_hb_shaper *shaper, const char *utf8, int length, int direction,
                                          const char *language, unsigned script, int scale) {
  int upem = (int)hb_face_get_upem(hb_font_get_face(shaper->font));
  int direction_out = 0;
  unsigned script_out = 0;
  hb_font_set_scale(shaper->font, scale, scale);
  unsigned count = wf_hb_shape(shaper, utf8, length, direction, language, script, &direction_out, &script_out);
  hb_font_set_scale(shaper->font, upem, upem);
  return count;
}

/// The Unicode Script property of `code_point` (UAX #24) as an ISO 15924 tag in four ASCII
/// bytes: 'Zyyy' for Common, 'Zinh' for Inherited.
static inline unsigned wf_hb_script(unsigned code_point) {
  return (unsigned)hb_unicode_script(hb_unicode_funcs_get_default(), code_point);
}

/// Copies the last shaping's glyphs, in visual order (left to right): glyph ids, clusters (the
/// UTF-8 byte offset each came from), and advances and offsets in font units (y up).
static inline void wf_hb_glyphs(wf_hb_shaper *shaper, unsigned *ids, unsigned *clusters, int *x_advances,
                                int *x_offsets, int *y_offsets, unsigned count) {
  unsigned length = 0;
  hb_glyph_info_t *infos = hb_buffer_get_glyph_infos(shaper->buffer, &length);
  hb_glyph_position_t *positions = hb_buffer_get_glyph_positions(shaper->buffer, &length);
  for (unsigned i = 0; i < length && i < count; i++) {
    ids[i] = infos[i].codepoint;
    clusters[i] = infos[i].cluster;
    x_advances[i] = positions[i].x_advance;
    x_offsets[i] = positions[i].x_offset;
    y_offsets[i] = positions[i].y_offset;
  }
}

/// The glyph's own advance in font units (its `hmtx` advance, before any positioning adjustment
/// such as kerning), so a caller can isolate what shaping adjusted.
static inline int wf_hb_glyph_advance(wf_hb_shaper *shaper, unsigned glyph) {
  return (int)hb_font_get_glyph_h_advance(shaper->font, glyph);
}

/// HarfBuzz's version, e.g. "6.0.0".
static inline const char *wf_hb_version(void) { return hb_version_string(); }

#endif
