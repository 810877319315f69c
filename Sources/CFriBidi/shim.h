#ifndef WORDFIT_CFRIBIDI_SHIM_H
#define WORDFIT_CFRIBIDI_SHIM_H

// The only door between WordFit and FriBidi: the Unicode bidirectional algorithm's embedding
// levels for one paragraph (one line of WordFit's).

#include <fribidi.h>
#include <stdlib.h>

/// Base directions for wf_fribidi_levels.
enum { WF_BIDI_AUTO = 0, WF_BIDI_LTR = 1, WF_BIDI_RTL = 2 };

/// The embedding level of each of `count` code points (even: left to right, odd: right to
/// left), with the paragraph direction `base` (AUTO: its first strong character, else left to
/// right). Returns the paragraph's level (0 or 1), or -1 when FriBidi fails.
static inline int wf_fribidi_levels(const unsigned *code_points, int count, int base, unsigned char *levels) {
  FriBidiCharType *types = (FriBidiCharType *)malloc(sizeof(FriBidiCharType) * (count > 0 ? count : 1));
  FriBidiBracketType *brackets = (FriBidiBracketType *)malloc(sizeof(FriBidiBracketType) * (count > 0 ? count : 1));
  if (types == NULL || brackets == NULL) {
    free(types);
    free(brackets);
    return -1;
  }
  fribidi_get_bidi_types((const FriBidiChar *)code_points, count, types);
  fribidi_get_bracket_types((const FriBidiChar *)code_points, count, types, brackets);
  FriBidiParType direction = base == WF_BIDI_LTR ? FRIBIDI_PAR_LTR : base == WF_BIDI_RTL ? FRIBIDI_PAR_RTL : FRIBIDI_PAR_ON;
  FriBidiLevel result =
      fribidi_get_par_embedding_levels_ex(types, brackets, count, &direction, (FriBidiLevel *)levels);
  free(types);
  free(brackets);
  if (result == 0) return -1;
  return FRIBIDI_DIR_TO_LEVEL(direction);
}

/// FriBidi's version, e.g. "1.0.8".
static inline const char *wf_fribidi_version(void) { return FRIBIDI_VERSION; }

#endif
