// qpdf's C API behind wordfit_qpdf.h (see there).

#include "wordfit_qpdf.h"

#include <qpdf/qpdf-c.h>
#include <stdio.h>

static qpdf_oh box(qpdf_data q, const double *corners) {
  qpdf_oh array = qpdf_oh_new_array(q);
  for (int index = 0; index < 4; index++) {
    qpdf_oh number = qpdf_oh_new_real_from_double(q, corners[index], 4);
    qpdf_oh_append_item(q, array, number);
    qpdf_oh_release(q, number);
  }
  return array;
}

static int failed(qpdf_data q, const char *fallback, char *error, size_t error_size) {
  const char *message = fallback;
  if (qpdf_has_error(q)) message = qpdf_get_error_full_text(q, qpdf_get_error(q));
  if (error != NULL && error_size > 0) snprintf(error, error_size, "%s", message);
  qpdf_cleanup(&q);
  return -1;
}

/// Sets each page's TrimBox and BleedBox; 0, or -1 when the page count differs.
static int set_boxes(qpdf_data q, const double *boxes, int box_pages) {
  if (qpdf_get_num_pages(q) != box_pages) return -1;
  for (int page = 0; page < box_pages; page++) {
    qpdf_oh handle = qpdf_get_page_n(q, (size_t)page);
    qpdf_oh trim = box(q, boxes + 8 * page), bleed = box(q, boxes + 8 * page + 4);
    qpdf_oh_replace_key(q, handle, "/TrimBox", trim);
    qpdf_oh_replace_key(q, handle, "/BleedBox", bleed);
    qpdf_oh_release(q, trim);
    qpdf_oh_release(q, bleed);
    qpdf_oh_release(q, handle);
  }
  return 0;
}

int wf_qpdf_finish(
    const char *input, const char *output, const double *boxes, int box_pages, char *error, size_t error_size) {
  qpdf_data q = qpdf_init();
  qpdf_silence_errors(q);
  qpdf_set_suppress_warnings(q, QPDF_TRUE);
  if (qpdf_read(q, input, NULL) & QPDF_ERRORS) return failed(q, "qpdf could not read the PDF", error, error_size);
  if (boxes != NULL && set_boxes(q, boxes, box_pages) != 0) {
    return failed(q, "the PDF has another number of pages than boxes", error, error_size);
  }
  qpdf_oh trailer = qpdf_get_trailer(q);
  qpdf_oh info = qpdf_oh_get_key(q, trailer, "/Info");
  if (qpdf_oh_is_dictionary(q, info)) qpdf_oh_remove_key(q, info, "/CreationDate");
  qpdf_oh_release_all(q);
  if (qpdf_init_write(q, output) & QPDF_ERRORS) return failed(q, "qpdf could not write the PDF", error, error_size);
  qpdf_set_deterministic_ID(q, QPDF_TRUE);
  qpdf_set_object_stream_mode(q, qpdf_o_generate);
  qpdf_set_compress_streams(q, QPDF_TRUE);
  if (qpdf_write(q) & QPDF_ERRORS) return failed(q, "qpdf could not write the PDF", error, error_size);
  qpdf_cleanup(&q);
  return 0;
}
