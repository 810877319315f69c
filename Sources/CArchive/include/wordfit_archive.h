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

/// An archive read from a file descriptor (not closed by the reader): a ZIP, a tar, or a tar
/// through gzip, bzip2, xz or zstd.
typedef struct wf_archive_reader wf_archive_reader;

/// Starts reading `fd`. On failure returns NULL with libarchive's reason in `error`.
wf_archive_reader *wf_archive_read_open(int fd, char *error, size_t error_size);

/// Moves to the next entry: 1 with its UTF-8 `name` (valid until the next call; NULL when it is
/// not valid UTF-8 in any charset libarchive knows), whether it is a regular file, and its
/// declared size (-1 when unknown); 0 at the end; -1 with the reason in `error`.
int wf_archive_read_next(wf_archive_reader *reader, const char **name, int *is_regular, int64_t *size, char *error,
                         size_t error_size);

/// Reads up to `count` bytes of the current entry into `buffer`: the number read, 0 at its end,
/// -1 with the reason in `error`.
int64_t wf_archive_read_data(wf_archive_reader *reader, void *buffer, size_t count, char *error, size_t error_size);

/// Frees the reader.
void wf_archive_read_free(wf_archive_reader *reader);

/// libarchive's version, e.g. "3.6.2".
const char *wf_archive_version(void);

#endif
