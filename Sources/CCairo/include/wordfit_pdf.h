#ifndef WORDFIT_PDF_H
#define WORDFIT_PDF_H

// The only door between WordFit and cairo: a PDF document drawn page by page with rectangles,
// lines, images and shaped glyphs. No cairo type crosses this header. Fonts come in as
// FreeType faces that WordFitText opened (opaque pointers here), handed to cairo-ft with a
// release callback, so cairo embeds subsets of exactly the fonts that measured the text.

#include <stddef.h>
#include <stdint.h>

/// A PDF being written, owned by the caller until wf_pdf_close.
typedef struct wf_pdf wf_pdf;

/// A glyph: its index in its font and its origin in the page's drawing units.
typedef struct {
  unsigned long index;
  double x;
  double y;
} wf_pdf_glyph;

/// An RGBA colour, each channel 0…1, not premultiplied.
typedef struct {
  double red, green, blue, alpha;
} wf_pdf_color;

/// Starts a PDF at `path` whose first page is `width` × `height` points and whose pages' TrimBox
/// is their MediaBox inset by `bleed` points (their BleedBox is the MediaBox); NULL when cairo
/// cannot (with the reason in `error`, `error_size` bytes). The file has no time stamp and an
/// /ID hashed from its content: the same drawing calls make the same bytes.
wf_pdf *wf_pdf_open(const char *path, double width, double height, double bleed, char *error, size_t error_size);

/// Sets the size of the page being drawn (before anything is drawn on it), in points, and the
/// drawing units: a unit is `scale` points, from an origin `left`, `top` points from the page's
/// top-left corner.
void wf_pdf_begin_page(wf_pdf *pdf, double width, double height, double scale, double left, double top);

/// Ends the page being drawn; the next drawing starts a new one.
void wf_pdf_end_page(wf_pdf *pdf);

/// Labels the page being drawn (`label`, UTF-8): viewers show it instead of the page number, and
/// `wordfit merge-pdf` reads a badge's row from it.
void wf_pdf_set_page_label(wf_pdf *pdf, const char *label);

/// Moves the drawing origin to `left`, `top` points from the page's top-left corner (the scale
/// stays) and clips drawing to the rectangle x, y, width, height in units from there (`clip`,
/// or no clip when NULL).
void wf_pdf_place(wf_pdf *pdf, double left, double top, const double *clip);
/// Turns what follows 180° within a box of `width` x `height` drawing units from the origin
/// `wf_pdf_place` set (a duplex back behind a sheet turned top over bottom).
void wf_pdf_turn_halfway(wf_pdf *pdf, double width, double height);

/// Fills `count` rectangles, given as x, y, width, height in drawing units, with one colour.
void wf_pdf_fill_rects(wf_pdf *pdf, const double *rectangles, int count, wf_pdf_color color);

/// Fills a rectangle (x, y, width, height in drawing units) with its corners rounded to
/// `radius` units (at most half the shorter side).
void wf_pdf_fill_rounded_rect(wf_pdf *pdf, double x, double y, double width, double height, double radius,
                              wf_pdf_color color);

/// Strokes a line from (x0, y0) to (x1, y1), `width` units wide, in points from the page's
/// top-left corner (crop marks are placed on the page, not in a badge).
void wf_pdf_page_line(wf_pdf *pdf, double x0, double y0, double x1, double y1, double width, wf_pdf_color color);

/// Registers a font: `face` is a FreeType face (FT_Face) with a reference the PDF now owns and
/// gives back with `release` when cairo is done with it. Returns the font's number, or -1.
int wf_pdf_add_font(wf_pdf *pdf, void *face, void (*release)(void *));

/// Registers an image of premultiplied RGBA bytes (`width` × `height`), embedded once however
/// many pages draw it. Returns the image's number, or -1.
int wf_pdf_add_image(wf_pdf *pdf, const uint8_t *premultiplied_rgba, int width, int height);

/// Draws image `image` scaled into the rectangle x, y, width, height (drawing units).
void wf_pdf_draw_image(wf_pdf *pdf, int image, double x, double y, double width, double height);

/// Shows `count` glyphs of font `font` at `size` units as text: `utf8` (`utf8_length` bytes) is
/// what they draw, and the `cluster_count` clusters (bytes and glyphs of each, both from the
/// start, in glyph order) map one to the other, so the text can be selected, searched and
/// extracted. A right-to-left run comes with its text in visual order, as its glyphs.
void wf_pdf_show_glyphs(
    wf_pdf *pdf, int font, double size, const wf_pdf_glyph *glyphs, int count, const char *utf8, int utf8_length,
    const int *cluster_bytes, const int *cluster_glyphs, int cluster_count, wf_pdf_color color);

/// Moves the origin of what is drawn next to (`x`, `y`) (drawing units) and turns it clockwise by
/// `angle` radians, until `wf_pdf_restore` (a glyph of a curved line).
void wf_pdf_save_turned(wf_pdf *pdf, double x, double y, double angle);

/// Undoes the last `wf_pdf_save_turned`.
void wf_pdf_restore(wf_pdf *pdf);

/// Finishes the PDF (writing the font subsets) and frees it. Returns 0, or -1 with cairo's
/// reason in `error`.
int wf_pdf_close(wf_pdf *pdf, char *error, size_t error_size);

/// The error of the first drawing call that failed, or NULL while all succeeded.
const char *wf_pdf_error(wf_pdf *pdf);

#endif
