#include "wordfit_hyphen.h"

#include "loader.h"

#include <errno.h>
#include <hyphen.h>
#include <iconv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct wf_hyphenator {
  HyphenDict *dict;
  iconv_t to_dict;  // (iconv_t)-1 for a UTF-8 dictionary
  int left_min;
  int right_min;
};

/// A hyphenator over `dict` (owned from here on).
static wf_hyphenator *hyphenator_over(HyphenDict *dict, const char *path, char *message, size_t message_size) {
  wf_hyphenator *hyphenator = calloc(1, sizeof *hyphenator);
  if (!hyphenator) {
    hnj_hyphen_free(dict);
    snprintf(message, message_size, "out of memory");
    return NULL;
  }
  hyphenator->dict = dict;
  hyphenator->to_dict = (iconv_t)-1;
  if (!dict->utf8) {
    hyphenator->to_dict = iconv_open(dict->cset, "UTF-8");
    if (hyphenator->to_dict == (iconv_t)-1) {
      snprintf(message, message_size, "iconv cannot convert UTF-8 to %s, the character set of %s", dict->cset, path);
      wf_hyphenator_close(hyphenator);
      return NULL;
    }
  }
  // The dictionary's LEFTHYPHENMIN and RIGHTHYPHENMIN, at least 2 each: no line ends or starts
  // with a single letter of a word (Swedish's dictionary allows 1 on the left; TeX, CSS and
  // pyphen keep 2).
  hyphenator->left_min = dict->lhmin > 2 ? dict->lhmin : 2;
  hyphenator->right_min = dict->rhmin > 2 ? dict->rhmin : 2;
  return hyphenator;
}

wf_hyphenator *wf_hyphenator_open(const char *path, char *message, size_t message_size) {
  HyphenDict *dict = wf_hyphen_load(path, message, message_size);
  return dict ? hyphenator_over(dict, path, message, message_size) : NULL;
}

wf_hyphenator *wf_hyphenator_open_with_libhyphen(const char *path, char *message, size_t message_size) {
  HyphenDict *dict = hnj_hyphen_load(path);
  if (!dict) {
    snprintf(message, message_size, "libhyphen could not read %s", path);
    return NULL;
  }
  return hyphenator_over(dict, path, message, message_size);
}

void wf_hyphenator_close(wf_hyphenator *hyphenator) {
  if (!hyphenator) return;
  if (hyphenator->to_dict != (iconv_t)-1) iconv_close(hyphenator->to_dict);
  if (hyphenator->dict) hnj_hyphen_free(hyphenator->dict);
  free(hyphenator);
}

int wf_hyphenator_left_min(const wf_hyphenator *hyphenator) { return hyphenator->left_min; }
int wf_hyphenator_right_min(const wf_hyphenator *hyphenator) { return hyphenator->right_min; }

/// `word` in the dictionary's 8-bit character set, one byte per scalar; -1 when a scalar has no
/// single byte there.
static int to_dict_bytes(wf_hyphenator *hyphenator, const char *word, int bytes, int count, char *out) {
  iconv(hyphenator->to_dict, NULL, NULL, NULL, NULL);
  char *in = (char *)word;
  size_t in_left = (size_t)bytes, out_left = (size_t)count;
  char *cursor = out;
  if (iconv(hyphenator->to_dict, &in, &in_left, &cursor, &out_left) == (size_t)-1 || in_left != 0 || out_left != 0) {
    return -1;
  }
  return 0;
}

/// Clears every mark of `cleanup` arrays libhyphen allocated.
static void free_nonstandard(char **rep, int *pos, int *cut, int size) {
  if (rep) {
    for (int i = 0; i < size; i++) free(rep[i]);
    free(rep);
  }
  free(pos);
  free(cut);
}

int wf_hyphenate(wf_hyphenator *hyphenator, const char *word, int bytes, int count, unsigned char *breaks) {
  if (count <= 0 || count > 255 || bytes <= 0 || bytes > 1020) return -1;
  memset(breaks, 0, (size_t)count);
  // libhyphen reads the word as a C string (strstr on it), so each copy ends in a NUL.
  char terminated[1024];
  char converted[256];
  memcpy(terminated, word, (size_t)bytes);
  terminated[bytes] = 0;
  const char *input = terminated;
  int size = bytes;
  if (!hyphenator->dict->utf8) {
    if (to_dict_bytes(hyphenator, word, bytes, count, converted) != 0) return -1;
    converted[count] = 0;
    input = converted;
    size = count;
  }
  char hyphens[1030];
  char **rep = NULL;
  int *pos = NULL, *cut = NULL;
  if (hnj_hyphen_hyphenate2(hyphenator->dict, input, size, hyphens, NULL, &rep, &pos, &cut) != 0) {
    free_nonstandard(rep, pos, cut, size);
    return -1;
  }
  // hyphens[i] is odd where the word may break after character i: per byte for an 8-bit
  // dictionary (one byte a scalar), per character (libhyphen counts UTF-8 characters) for UTF-8.
  // WordFit's loader keeps no replacement, so `rep` stays NULL; a dictionary libhyphen loaded
  // (wf_hyphenator_open_with_libhyphen, for tests) marks its non-standard points there.
  for (int i = 0; i < count - 1; i++) {
    int standard = !(rep && rep[i]);
    int inside = i + 1 >= hyphenator->left_min && count - (i + 1) >= hyphenator->right_min;
    breaks[i] = (hyphens[i] & 1) && standard && inside;
  }
  free_nonstandard(rep, pos, cut, size);
  return 0;
}
