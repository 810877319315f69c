#ifndef WORDFIT_QPDF_H
#define WORDFIT_QPDF_H

// The only door between WordFit and qpdf: read a PDF's page count and page labels, and write
// one PDF made of other PDFs' pages in a given order, copied as they are (no re-rendering).
// No qpdf type crosses this header.

#include <stddef.h>

/// Reads the PDF at `path` once: its page count into `*pages`, and, when it has at most
/// `max_pages`, a new array of `*pages` rows into `*labels` (free it with wf_qpdf_free): each
/// page's row as its label holds it — "row 17", as a batch's PDF labels its pages, or "17" — or
/// -1 when it has no such label. Returns 0; 1 when there are more than `max_pages` pages (no
/// array); -1 with qpdf's reason in `message`.
int wf_qpdf_page_labels(const char *path, size_t max_pages, long **labels, size_t *pages, char *message,
                        size_t message_size);

/// Frees what wf_qpdf_page_labels allocated.
void wf_qpdf_free(void *pointer);

/// Writes `output` from `count` runs of pages: run i is pages `first[i]` … `last[i]` (from 1) of
/// `files[file[i]]`. Page labels come along; the document /ID is derived from the content, so the
/// same inputs give the same bytes. Returns 0, or -1 with qpdf's reason in `message`.
int wf_qpdf_merge(const char *const *files, const size_t *file, const size_t *first, const size_t *last,
                  size_t count, const char *output, char *message, size_t message_size);

#endif
