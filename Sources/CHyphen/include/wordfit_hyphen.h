#ifndef WORDFIT_HYPHEN_H
#define WORDFIT_HYPHEN_H

#include <stddef.h>

/// WordFit's only door to libhyphen (the Hunspell/LibreOffice hyphenator): a dictionary and the
/// hyphenation points of one word. No libhyphen type crosses into Swift.
typedef struct wf_hyphenator wf_hyphenator;

/// Opens the dictionary at `path` (a Debian `hyph_*.dic`), converting words from UTF-8 to its
/// character set with iconv. Non-standard patterns (`pattern/replacement,index,cut`) keep the
/// points they inhibit and offer none. NULL on failure (unreadable, malformed, over 4 MiB, an
/// unknown character set), with why in `message`.
wf_hyphenator *wf_hyphenator_open(const char *path, char *message, size_t message_size);

/// For tests: the dictionary as libhyphen's own hnj_hyphen_load builds it, non-standard
/// patterns included, whose points wf_hyphenate then leaves out as before. Only for trusted
/// dictionaries: libhyphen's non-standard path is what a hostile dictionary crashes.
wf_hyphenator *wf_hyphenator_open_with_libhyphen(const char *path, char *message, size_t message_size);

/// Closes a dictionary (NULL is ignored).
void wf_hyphenator_close(wf_hyphenator *hyphenator);

/// The left and right minimums (characters before the first and after the last hyphenation
/// point): the dictionary's, and at least 2.
int wf_hyphenator_left_min(const wf_hyphenator *hyphenator);
int wf_hyphenator_right_min(const wf_hyphenator *hyphenator);

/// The standard hyphenation points of one lower-case word of `count` Unicode scalars, given as
/// UTF-8 (`bytes` long, at most 1,020 bytes and 255 scalars; it need not end in a NUL):
/// `breaks[i]` is set to 1 when the word may break after scalar `i` (0 ≤ i < count − 1), else 0.
/// Points with a non-standard change of spelling (old German "ck" → "k-k") are left out.
/// Returns 0, or -1 when the word cannot be written in the dictionary's character set (no point
/// is set).
int wf_hyphenate(wf_hyphenator *hyphenator, const char *word, int bytes, int count, unsigned char *breaks);

/// For tests: 1 when WordFit's loader (loader.c) builds the same automaton from the dictionary
/// at `path` as libhyphen's own hnj_hyphen_load, 0 when not, -1 when either cannot load it.
int wf_hyphen_loaders_agree(const char *path);

#endif
