#include "wordfit_archive.h"

#include <archive.h>
#include <archive_entry.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct wf_archive {
  struct archive *writer;
  struct archive_entry *entry;
  int finished;
};

static int fail(struct archive *writer, const char *what, char *error, size_t error_size) {
  const char *reason = writer ? archive_error_string(writer) : NULL;
  snprintf(error, error_size, "%s: %s", what, reason ? reason : "unknown error");
  return -1;
}

wf_archive *wf_archive_open(int fd, wf_archive_format format, char *error, size_t error_size) {
  struct archive *writer = archive_write_new();
  if (!writer) {
    snprintf(error, error_size, "archive_write_new: out of memory");
    return NULL;
  }
  int status = ARCHIVE_OK;
  if (format == WF_ARCHIVE_ZIP) {
    status = archive_write_set_format_zip(writer);
    // Stored (PNG is compressed already); names declared UTF-8 whatever the locale.
    if (status == ARCHIVE_OK) status = archive_write_set_options(writer, "zip:compression=store,zip:hdrcharset=UTF-8");
  } else {
    status = archive_write_set_format_pax_restricted(writer);
    if (status == ARCHIVE_OK) status = archive_write_set_options(writer, "hdrcharset=UTF-8");
    if (status == ARCHIVE_OK && format == WF_ARCHIVE_TAR_ZSTD) status = archive_write_add_filter_zstd(writer);
  }
  // No padding past the last block's end beyond what the format needs.
  if (status == ARCHIVE_OK && format != WF_ARCHIVE_ZIP) status = archive_write_set_bytes_in_last_block(writer, 1);
  if (status == ARCHIVE_OK) status = archive_write_open_fd(writer, fd);
  if (status != ARCHIVE_OK) {
    fail(writer, "archive_write_open", error, error_size);
    archive_write_free(writer);
    return NULL;
  }
  wf_archive *archive = calloc(1, sizeof(wf_archive));
  struct archive_entry *entry = archive_entry_new();
  if (!archive || !entry) {
    snprintf(error, error_size, "archive_entry_new: out of memory");
    free(archive);
    if (entry) archive_entry_free(entry);
    archive_write_free(writer);
    return NULL;
  }
  archive->writer = writer;
  archive->entry = entry;
  return archive;
}

int wf_archive_begin_entry(wf_archive *archive, const char *name, int64_t size, char *error, size_t error_size) {
  struct archive_entry *entry = archive->entry;
  archive_entry_clear(entry);
  // Only what the bytes need: no times, owner names or ids from the host.
  archive_entry_set_pathname_utf8(entry, name);
  archive_entry_set_filetype(entry, AE_IFREG);
  archive_entry_set_perm(entry, 0644);
  archive_entry_set_size(entry, size);
  archive_entry_set_uid(entry, 0);
  archive_entry_set_gid(entry, 0);
  if (archive_write_header(archive->writer, entry) != ARCHIVE_OK)
    return fail(archive->writer, "archive_write_header", error, error_size);
  return 0;
}

int wf_archive_write(wf_archive *archive, const void *bytes, size_t count, char *error, size_t error_size) {
  const char *next = bytes;
  while (count > 0) {
    la_ssize_t written = archive_write_data(archive->writer, next, count);
    if (written <= 0) return fail(archive->writer, "archive_write_data", error, error_size);
    next += written;
    count -= (size_t)written;
  }
  return 0;
}

int wf_archive_end_entry(wf_archive *archive, char *error, size_t error_size) {
  if (archive_write_finish_entry(archive->writer) != ARCHIVE_OK)
    return fail(archive->writer, "archive_write_finish_entry", error, error_size);
  return 0;
}

int wf_archive_finish(wf_archive *archive, char *error, size_t error_size) {
  archive->finished = 1;
  if (archive_write_close(archive->writer) != ARCHIVE_OK)
    return fail(archive->writer, "archive_write_close", error, error_size);
  return 0;
}

void wf_archive_free(wf_archive *archive) {
  if (!archive) return;
  // archive_write_free closes an unfinished archive first, which writes its trailer: an
  // abandoned archive is a temporary file about to be removed, so that costs nothing wrong.
  archive_write_free(archive->writer);
  archive_entry_free(archive->entry);
  free(archive);
}

const char *wf_archive_version(void) { return archive_version_string(); }

struct wf_archive_reader {
  struct archive *reader;
};

wf_archive_reader *wf_archive_read_open(int fd, char *error, size_t error_size) {
  struct archive *reader = archive_read_new();
  wf_archive_reader *result = calloc(1, sizeof(wf_archive_reader));
  if (!reader || !result) {
    snprintf(error, error_size, "archive_read_new: out of memory");
    if (reader) archive_read_free(reader);
    free(result);
    return NULL;
  }
  int status = archive_read_support_format_zip(reader);
  if (status == ARCHIVE_OK) status = archive_read_support_format_tar(reader);
  if (status == ARCHIVE_OK) status = archive_read_support_filter_all(reader);
  if (status == ARCHIVE_OK) status = archive_read_set_options(reader, "hdrcharset=UTF-8");
  if (status == ARCHIVE_WARN) status = ARCHIVE_OK;
  if (status == ARCHIVE_OK) status = archive_read_open_fd(reader, fd, 1 << 16);
  if (status != ARCHIVE_OK) {
    fail(reader, "archive_read_open", error, error_size);
    archive_read_free(reader);
    free(result);
    return NULL;
  }
  result->reader = reader;
  return result;
}

int wf_archive_read_next(wf_archive_reader *reader, const char **name, int *is_regular, int64_t *size, char *error,
                         size_t error_size) {
  struct archive_entry *entry = NULL;
  int status = archive_read_next_header(reader->reader, &entry);
  if (status == ARCHIVE_EOF) return 0;
  if (status != ARCHIVE_OK && status != ARCHIVE_WARN) return fail(reader->reader, "archive_read_next_header", error, error_size);
  *name = archive_entry_pathname_utf8(entry);
  *is_regular = archive_entry_filetype(entry) == AE_IFREG;
  *size = archive_entry_size_is_set(entry) ? archive_entry_size(entry) : -1;
  return 1;
}

int64_t wf_archive_read_data(wf_archive_reader *reader, void *buffer, size_t count, char *error, size_t error_size) {
  la_ssize_t read = archive_read_data(reader->reader, buffer, count);
  if (read < 0) return fail(reader->reader, "archive_read_data", error, error_size);
  return (int64_t)read;
}

void wf_archive_read_free(wf_archive_reader *reader) {
  if (!reader) return;
  archive_read_free(reader->reader);
  free(reader);
}
