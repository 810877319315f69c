#ifndef WORDFIT_QPDF_H
#define WORDFIT_QPDF_H

// The only door between WordFit and qpdf: the post-pass over the PDF cairo wrote. cairo 1.16
// writes no TrimBox or BleedBox and stamps the time; qpdf adds the boxes, drops the time, packs
// objects into compressed object streams and gives the file an /ID computed from its content,
// so the same badges always make the same bytes.

#include <stddef.h>

/// Rewrites the PDF at `input` as `output`. With `boxes` (8 numbers per page, in points from
/// the page's bottom-left corner: the TrimBox's x0 y0 x1 y1, then the BleedBox's), `box_pages`
/// must be the document's page count. Returns 0, or -1 with qpdf's message in `error`.
int wf_qpdf_finish(
    const char *input, const char *output, const double *boxes, int box_pages, char *error, size_t error_size);

#endif
