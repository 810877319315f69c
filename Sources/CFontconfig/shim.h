#ifndef WORDFIT_CFONTCONFIG_SHIM_H
#define WORDFIT_CFONTCONFIG_SHIM_H
// The only door between WordFit and fontconfig. Swift sees plain functions over plain C types;
// patterns, charsets and object sets are created and destroyed on this side within each call.
//
// fontconfig (2.10+) is thread-safe for matching against the current configuration, which
// FcInit loads once per process from FONTCONFIG_FILE (or the system's fonts.conf).
#include <fontconfig/fontconfig.h>
#include <stdlib.h>
#include <string.h>

/// One font fontconfig found: its file, face index and names.
typedef struct wf_fc_font {
  char file[4096];
  int index;
  char family[256];
  char style[256];
  /// 1 when one of the font's family names equals the family asked for (case-insensitive).
  int family_matches;
  /// 1 for a colour font (emoji).
  int color;
} wf_fc_font;

/// Loads the configuration once; 0 when fontconfig cannot start.
static inline int wf_fc_init(void) { return FcInit() ? 1 : 0; }

/// fontconfig's version as major * 10000 + minor * 100 + revision.
static inline int wf_fc_version(void) { return FcGetVersion(); }

static inline void wf_fc_copy(char *target, size_t capacity, const FcChar8 *source) {
  if (capacity == 0) return;
  const char *text = source ? (const char *)source : "";
  size_t length = strlen(text);
  if (length >= capacity) length = capacity - 1;
  memcpy(target, text, length);
  target[length] = 0;
}

/// Fills `out` from a matched pattern; `family` is the family asked for (may be NULL).
static inline int wf_fc_describe(FcPattern *match, const FcChar8 *family, wf_fc_font *out) {
  FcChar8 *file = NULL, *name = NULL, *style = NULL;
  int index = 0;
  FcBool color = FcFalse;
  if (FcPatternGetString(match, FC_FILE, 0, &file) != FcResultMatch) return 0;
  FcPatternGetInteger(match, FC_INDEX, 0, &index);
  FcPatternGetString(match, FC_FAMILY, 0, &name);
  FcPatternGetString(match, FC_STYLE, 0, &style);
  FcPatternGetBool(match, FC_COLOR, 0, &color);
  wf_fc_copy(out->file, sizeof out->file, file);
  wf_fc_copy(out->family, sizeof out->family, name);
  wf_fc_copy(out->style, sizeof out->style, style);
  out->index = index;
  out->color = color ? 1 : 0;
  out->family_matches = family == NULL;
  for (int i = 0; family != NULL && FcPatternGetString(match, FC_FAMILY, i, &name) == FcResultMatch; i++) {
    if (FcStrCmpIgnoreCase(name, family) == 0) out->family_matches = 1;
  }
  return 1;
}

/// Adds a weight (OpenType 1…1000, 0 for none) and a slant (0 roman, 1 italic, -1 none).
static inline void wf_fc_add_style(FcPattern *pattern, int weight, int slant) {
  if (weight > 0) {
    FcPatternDel(pattern, FC_WEIGHT);
    FcPatternAddDouble(pattern, FC_WEIGHT, FcWeightFromOpenTypeDouble((double)weight));
  }
  if (slant >= 0) {
    FcPatternDel(pattern, FC_SLANT);
    FcPatternAddInteger(pattern, FC_SLANT, slant ? FC_SLANT_ITALIC : FC_SLANT_ROMAN);
  }
}

/// The best font for a fontconfig pattern such as "Noto Sans:bold" (weight 1…1000 or 0 to keep
/// the pattern's). Returns 1 and fills `out`; 0 when the pattern does not parse or nothing is
/// installed. `requested_family` receives the family the pattern asks for ("" for none).
static inline int wf_fc_match(const char *pattern_text, int weight, wf_fc_font *out, char *requested_family,
                              size_t capacity) {
  if (!FcInit()) return 0;
  FcPattern *pattern = FcNameParse((const FcChar8 *)pattern_text);
  if (pattern == NULL) return 0;
  wf_fc_add_style(pattern, weight, -1);
  FcChar8 *asked = NULL;
  FcPatternGetString(pattern, FC_FAMILY, 0, &asked);
  wf_fc_copy(requested_family, capacity, asked);
  FcChar8 *family = asked ? FcStrCopy(asked) : NULL;
  FcConfigSubstitute(NULL, pattern, FcMatchPattern);
  FcDefaultSubstitute(pattern);
  FcResult result = FcResultNoMatch;
  FcPattern *match = FcFontMatch(NULL, pattern, &result);
  int found = match != NULL && wf_fc_describe(match, family, out);
  if (match) FcPatternDestroy(match);
  FcPatternDestroy(pattern);
  if (family) FcStrFree(family);
  return found;
}

/// The best installed font that draws every code point of `code_points` (`count` of them):
/// coverage first, then the language (BCP 47 such as "zh-cn", or NULL), colour when
/// `prefer_color` (emoji), then the weight (OpenType, 0 for any) and slant of the primary font.
/// Returns 1 and fills `out` only when the font found covers them all.
static inline int wf_fc_fallback(const unsigned *code_points, int count, const char *language, int prefer_color,
                                 int weight, int slant, wf_fc_font *out) {
  if (!FcInit() || count <= 0) return 0;
  FcPattern *pattern = FcPatternCreate();
  FcCharSet *charset = FcCharSetCreate();
  if (pattern == NULL || charset == NULL) {
    if (pattern) FcPatternDestroy(pattern);
    if (charset) FcCharSetDestroy(charset);
    return 0;
  }
  for (int i = 0; i < count; i++) FcCharSetAddChar(charset, code_points[i]);
  FcPatternAddCharSet(pattern, FC_CHARSET, charset);
  if (language && language[0]) {
    FcLangSet *languages = FcLangSetCreate();
    if (languages) {
      FcLangSetAdd(languages, (const FcChar8 *)language);
      FcPatternAddLangSet(pattern, FC_LANG, languages);
      FcLangSetDestroy(languages);
    }
  }
  if (prefer_color) FcPatternAddBool(pattern, FC_COLOR, FcTrue);
  wf_fc_add_style(pattern, weight, slant);
  FcConfigSubstitute(NULL, pattern, FcMatchPattern);
  FcDefaultSubstitute(pattern);
  FcResult result = FcResultNoMatch;
  FcPattern *match = FcFontMatch(NULL, pattern, &result);
  int found = 0;
  FcCharSet *covered = NULL;
  if (match && FcPatternGetCharSet(match, FC_CHARSET, 0, &covered) == FcResultMatch) {
    found = 1;
    for (int i = 0; i < count; i++) found &= FcCharSetHasChar(covered, code_points[i]) ? 1 : 0;
    if (found) found = wf_fc_describe(match, NULL, out);
  }
  if (match) FcPatternDestroy(match);
  FcCharSetDestroy(charset);
  FcPatternDestroy(pattern);
  return found;
}

/// Every installed family name, each once, separated by newlines, in a buffer the caller frees
/// with wf_fc_free (NULL when fontconfig cannot start).
static inline char *wf_fc_families(void) {
  if (!FcInit()) return NULL;
  FcPattern *pattern = FcPatternCreate();
  FcObjectSet *objects = FcObjectSetBuild(FC_FAMILY, (char *)NULL);
  FcFontSet *fonts = (pattern && objects) ? FcFontList(NULL, pattern, objects) : NULL;
  size_t size = 1;
  for (int i = 0; fonts && i < fonts->nfont; i++) {
    FcChar8 *name = NULL;
    for (int k = 0; FcPatternGetString(fonts->fonts[i], FC_FAMILY, k, &name) == FcResultMatch; k++)
      size += strlen((const char *)name) + 1;
  }
  char *list = (char *)malloc(size);
  if (list) {
    size_t at = 0;
    for (int i = 0; fonts && i < fonts->nfont; i++) {
      FcChar8 *name = NULL;
      for (int k = 0; FcPatternGetString(fonts->fonts[i], FC_FAMILY, k, &name) == FcResultMatch; k++) {
        size_t length = strlen((const char *)name);
        memcpy(list + at, name, length);
        at += length;
        list[at++] = '\n';
      }
    }
    list[at] = 0;
  }
  if (fonts) FcFontSetDestroy(fonts);
  if (objects) FcObjectSetDestroy(objects);
  if (pattern) FcPatternDestroy(pattern);
  return list;
}

static inline void wf_fc_free(char *pointer) { free(pointer); }

#endif
