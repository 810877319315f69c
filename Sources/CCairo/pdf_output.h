#ifndef WORDFIT_PDF_OUTPUT_H
#define WORDFIT_PDF_OUTPUT_H

// The stream cairo writes its PDF through (cairo_pdf_surface_create_for_stream), edited on the
// way to the file so that the file is what a print shop needs and the same inputs give the same
// bytes. cairo 1.16's output is regular; the writer looks at whole short lines only:
//  - after a page's `/MediaBox [ 0 0 W H ]` line it adds `/TrimBox` (the MediaBox inset by the
//    document's bleed) and `/BleedBox` (the MediaBox);
//  - it drops the Info dictionary's `/CreationDate` line (a time stamp);
//  - it adds a trailer `/ID` hashed from the bytes before it (cairo 1.16 writes none);
//  - it shifts every cross-reference offset, and `startxref`, by the bytes added before it.
// Lines over 255 bytes (binary stream data) pass through untouched. Memory: 16 bytes per edit
// (three per page).

#include <stdint.h>
#include <stdio.h>

typedef struct wf_pdf_output wf_pdf_output;

/// An output writing to `file` (which it closes), whose pages' TrimBox is the MediaBox inset by
/// `bleed` points; NULL when out of memory.
wf_pdf_output *wf_pdf_output_create(FILE *file, double bleed);

/// cairo's write callback (a cairo_write_func_t): `closure` is the output.
int wf_pdf_output_write(void *closure, const unsigned char *data, unsigned int length);

/// Flushes and closes the file and frees the output; 0, or -1 when a write failed.
int wf_pdf_output_close(wf_pdf_output *output);

#endif
