#ifndef WORDFIT_HYPHEN_LOADER_H
#define WORDFIT_HYPHEN_LOADER_H

#include <hyphen.h>

/// The dictionary at `path` as libhyphen's hnj_hyphen_load builds it, built faster and without
/// its non-standard breaks (see loader.c); free with hnj_hyphen_free. NULL, with why in
/// `message`, when the file cannot be read, is malformed or memory runs out.
HyphenDict *wf_hyphen_load(const char *path, char *message, size_t message_size);

#endif
