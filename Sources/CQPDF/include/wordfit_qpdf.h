#ifndef WORDFIT_QPDF_H
#define WORDFIT_QPDF_H

// The only door between WordFit and qpdf: read a PDF's page count and page labels, and write
// one PDF made of other PDFs' pages in a given order, copied as they are (no re-rendering).
// No qpdf type crosses this header.

#include <stddef.h>

/// Reads the PDF at `path`: its page count into `*pages`, and for each of the first `capacity`
/// pages the row its label holds — "row 17", as a batch's PDF labels its pages, or "17" —
/// (`labels[i]`, -1 when the page has no such label). Returns 0, or -1 with qpdf's reason in `message`.
int wf_qpdf_page_labels(const char *path, long *labels, size_t capacity, size_t *pages, char *message,
                        size_t message_size);

/// Writes `output` from `count` runs of pages: run i is pages `first[i]` … `last[i]` (from 1) of
/// `files[file[i]]`. Page labels come along; the document /ID is derived from the content, so the
/// same inputs give the same bytes. Returns 0, or -1 with qpdf's reason in `message`.
int wf_qpdf_merge(const char *const *files, const size_t *file, const size_t *first, const size_t *last,
                  size_t count, const char *output, char *message, size_t message_size);

#endif
