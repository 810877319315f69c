#ifndef WORDFIT_HYPHEN_LOADER_H
#define WORDFIT_HYPHEN_LOADER_H

#include <hyphen.h>

/// The dictionary at `path` as libhyphen's hnj_hyphen_load builds it, built faster (see
/// loader.c); free with hnj_hyphen_free. NULL when the file cannot be read or memory runs out.
HyphenDict *wf_hyphen_load(const char *path);

#endif
