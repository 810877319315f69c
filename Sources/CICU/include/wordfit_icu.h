#ifndef WORDFIT_ICU_H
#define WORDFIT_ICU_H

// The only door between WordFit and ICU: the Unicode line breaking algorithm (UAX #14) with
// ICU's tailorings and dictionaries (Thai, Lao, Khmer, Myanmar, CJK). No ICU type crosses
// this header: Foundation carries its own ICU module (_FoundationICU), whose C types would
// clash with the system ICU's in any Swift module that saw both. System ICU's symbols carry
// its version (ubrk_open_72), so the two libraries never meet at link time either.

#include <stdint.h>

/// A line break iterator (ICU's UBreakIterator), owned by the caller.
typedef struct wf_line_breaker wf_line_breaker;

/// A breaker for `locale` (such as "ja@lb=strict"), or NULL with ICU's error name in `*error`.
wf_line_breaker *wf_line_breaker_open(const char *locale, const char **error);

/// Closes a breaker from wf_line_breaker_open.
void wf_line_breaker_close(wf_line_breaker *breaker);

/// The line break opportunities in `text` (`length` UTF-16 units) after its start, in order:
/// each one's UTF-16 offset in `offsets`, and in `mandatory` 1 for a hard break (after a line
/// or paragraph separator) else 0; at most `capacity`. Returns how many, or -1 on an error.
int32_t wf_line_breaks(
    wf_line_breaker *breaker, const uint16_t *text, int32_t length, int32_t *offsets, uint8_t *mandatory,
    int32_t capacity);

/// ICU's version, such as "72.1".
const char *wf_icu_version(void);

#endif
