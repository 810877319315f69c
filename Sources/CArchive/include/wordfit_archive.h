#ifndef WORDFIT_ARCHIVE_H
#define WORDFIT_ARCHIVE_H

#include <stddef.h>
#include <stdint.h>

/// WordFit's only door to libarchive: a stream of regular files written to a file descriptor,
/// with nothing from the host in it (no times, owners or permissions but 0644), so the same
/// files give the same bytes anywhere.

/// The container: a stored ZIP, a POSIX tar (ustar, pax headers only for names ustar cannot
/// hold), or that tar through zstd.
typedef enum { WF_ARCHIVE_ZIP = 0, WF_ARCHIVE_TAR = 1, WF_ARCHIVE_TAR_ZSTD = 2 } wf_archive_format;

typedef struct wf_archive wf_archive;

/// Starts an archive written to `fd` (not closed by the archive). On failure returns NULL and
/// writes libarchive's reason to `error`.
wf_archive *wf_archive_open(int fd, wf_archive_format format, char *error, size_t error_size);

/// Starts the entry `name` (UTF-8), `size` bytes long. Returns 0, or -1 with the reason in `error`.
int wf_archive_begin_entry(wf_archive *archive, const char *name, int64_t size, char *error, size_t error_size);

/// Writes the next `count` bytes of the current entry. Returns 0, or -1 with the reason.
int wf_archive_write(wf_archive *archive, const void *bytes, size_t count, char *error, size_t error_size);

/// Ends the current entry. Returns 0, or -1 with the reason.
int wf_archive_end_entry(wf_archive *archive, char *error, size_t error_size);

/// Writes the archive's trailer (the ZIP central directory, the tar end blocks). Returns 0, or
/// -1 with the reason. The archive must still be freed.
int wf_archive_finish(wf_archive *archive, char *error, size_t error_size);

/// Frees the archive (without finishing it when it was not).
void wf_archive_free(wf_archive *archive);

/// libarchive's version, e.g. "3.6.2".
const char *wf_archive_version(void);

#endif
