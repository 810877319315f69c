// ICU's line break iterator behind wordfit_icu.h (see there).

#include "wordfit_icu.h"

#include <unicode/ubrk.h>
#include <unicode/uversion.h>

wf_line_breaker *wf_line_breaker_open(const char *locale, const char **error) {
  UErrorCode status = U_ZERO_ERROR;
  UBreakIterator *iterator = ubrk_open(UBRK_LINE, locale, NULL, 0, &status);
  if (U_FAILURE(status)) {
    *error = u_errorName(status);
    if (iterator != NULL) ubrk_close(iterator);
    return NULL;
  }
  return (wf_line_breaker *)iterator;
}

void wf_line_breaker_close(wf_line_breaker *breaker) { ubrk_close((UBreakIterator *)breaker); }

int32_t wf_line_breaks(
    wf_line_breaker *breaker, const uint16_t *text, int32_t length, int32_t *offsets, uint8_t *mandatory,
    int32_t capacity) {
  UBreakIterator *iterator = (UBreakIterator *)breaker;
  UErrorCode status = U_ZERO_ERROR;
  ubrk_setText(iterator, (const UChar *)text, length, &status);
  if (U_FAILURE(status)) return -1;
  int32_t count = 0;
  for (int32_t offset = ubrk_next(iterator); offset != UBRK_DONE && count < capacity;
       offset = ubrk_next(iterator)) {
    offsets[count] = offset;
    mandatory[count] = ubrk_getRuleStatus(iterator) >= UBRK_LINE_HARD ? 1 : 0;
    count += 1;
  }
  // The iterator must not keep pointing at the caller's buffer.
  ubrk_setText(iterator, NULL, 0, &status);
  return count;
}

const char *wf_icu_version(void) { return U_ICU_VERSION; }
