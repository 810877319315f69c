// cairo's PDF surface behind wordfit_pdf.h (see there).

#include <math.h>
#include "wordfit_pdf.h"

#include "pdf_output.h"

#include <cairo-ft.h>
#include <cairo-pdf.h>
#include <cairo.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct wf_pdf {
  wf_pdf_output *output;
  cairo_surface_t *surface;
  cairo_t *cairo;
  double scale;
  cairo_font_face_t **fonts;
  int font_count, font_capacity;
  cairo_surface_t **images;
  int image_count, image_capacity;
};

static const cairo_user_data_key_t release_key;

static void copy_message(const char *message, char *error, size_t error_size) {
  if (error != NULL && error_size > 0) snprintf(error, error_size, "%s", message);
}

/// Grows `*items` (of `size`-byte elements) to hold one more; 0 on success.
static int reserve(void **items, int count, int *capacity, size_t size) {
  if (count < *capacity) return 0;
  int grown = *capacity ? *capacity * 2 : 16;
  void *larger = realloc(*items, (size_t)grown * size);
  if (larger == NULL) return -1;
  *items = larger;
  *capacity = grown;
  return 0;
}

wf_pdf *wf_pdf_open(const char *path, double width, double height, double bleed, char *error, size_t error_size) {
  FILE *file = fopen(path, "wb");
  if (file == NULL) {
    copy_message(strerror(errno), error, error_size);
    return NULL;
  }
  wf_pdf *pdf = calloc(1, sizeof(wf_pdf));
  if (pdf == NULL || (pdf->output = wf_pdf_output_create(file, bleed)) == NULL) {
    copy_message("out of memory", error, error_size);
    fclose(file);
    free(pdf);
    return NULL;
  }
  pdf->surface = cairo_pdf_surface_create_for_stream(
      (cairo_write_func_t)wf_pdf_output_write, pdf->output, width, height);
  cairo_status_t status = cairo_surface_status(pdf->surface);
  if (status != CAIRO_STATUS_SUCCESS) {
    copy_message(cairo_status_to_string(status), error, error_size);
    cairo_surface_destroy(pdf->surface);
    wf_pdf_output_close(pdf->output);
    free(pdf);
    return NULL;
  }
  cairo_pdf_surface_restrict_to_version(pdf->surface, CAIRO_PDF_VERSION_1_5);
  cairo_pdf_surface_set_metadata(pdf->surface, CAIRO_PDF_METADATA_CREATOR, "WordFit");
  pdf->cairo = cairo_create(pdf->surface);
  // Vector glyphs at the positions given: no hinting, no rounding of metrics.
  cairo_font_options_t *options = cairo_font_options_create();
  cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
  cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
  cairo_set_font_options(pdf->cairo, options);
  cairo_font_options_destroy(options);
  pdf->scale = 1;
  return pdf;
}

void wf_pdf_begin_page(wf_pdf *pdf, double width, double height, double scale, double left, double top) {
  cairo_pdf_surface_set_size(pdf->surface, width, height);
  pdf->scale = scale;
  wf_pdf_place(pdf, left, top, NULL);
}

void wf_pdf_end_page(wf_pdf *pdf) { cairo_show_page(pdf->cairo); }

void wf_pdf_set_page_label(wf_pdf *pdf, const char *label) { cairo_pdf_surface_set_page_label(pdf->surface, label); }

void wf_pdf_place(wf_pdf *pdf, double left, double top, const double *clip) {
  cairo_reset_clip(pdf->cairo);
  cairo_identity_matrix(pdf->cairo);
  cairo_translate(pdf->cairo, left, top);
  cairo_scale(pdf->cairo, pdf->scale, pdf->scale);
  if (clip != NULL) {
    cairo_rectangle(pdf->cairo, clip[0], clip[1], clip[2], clip[3]);
    cairo_clip(pdf->cairo);
  }
}

void wf_pdf_turn_halfway(wf_pdf *pdf, double width, double height) {
  // A scale of -1 both ways rather than a rotation by pi: the page's matrix stays exact.
  cairo_translate(pdf->cairo, width, height);
  cairo_scale(pdf->cairo, -1, -1);
}

void wf_pdf_save_turned(wf_pdf *pdf, double x, double y, double angle) {
  cairo_save(pdf->cairo);
  cairo_translate(pdf->cairo, x, y);
  cairo_rotate(pdf->cairo, angle);
}

void wf_pdf_restore(wf_pdf *pdf) { cairo_restore(pdf->cairo); }

static void set_color(cairo_t *cairo, wf_pdf_color color) {
  if (color.alpha >= 1) {
    cairo_set_source_rgb(cairo, color.red, color.green, color.blue);
  } else {
    cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha);
  }
}

void wf_pdf_fill_rects(wf_pdf *pdf, const double *rectangles, int count, wf_pdf_color color) {
  if (count <= 0) return;
  for (int index = 0; index < count; index++) {
    const double *r = rectangles + 4 * index;
    cairo_rectangle(pdf->cairo, r[0], r[1], r[2], r[3]);
  }
  set_color(pdf->cairo, color);
  cairo_fill(pdf->cairo);
}

void wf_pdf_fill_rounded_rect(wf_pdf *pdf, double x, double y, double width, double height, double radius,
                              wf_pdf_color color) {
  double half = (width < height ? width : height) / 2;
  double r = radius < 0 ? 0 : radius > half ? half : radius;
  cairo_new_sub_path(pdf->cairo);
  cairo_arc(pdf->cairo, x + width - r, y + r, r, -M_PI / 2, 0);
  cairo_arc(pdf->cairo, x + width - r, y + height - r, r, 0, M_PI / 2);
  cairo_arc(pdf->cairo, x + r, y + height - r, r, M_PI / 2, M_PI);
  cairo_arc(pdf->cairo, x + r, y + r, r, M_PI, 3 * M_PI / 2);
  cairo_close_path(pdf->cairo);
  set_color(pdf->cairo, color);
  cairo_fill(pdf->cairo);
}

void wf_pdf_page_line(wf_pdf *pdf, double x0, double y0, double x1, double y1, double width, wf_pdf_color color) {
  cairo_save(pdf->cairo);
  cairo_reset_clip(pdf->cairo);
  cairo_identity_matrix(pdf->cairo);
  cairo_move_to(pdf->cairo, x0, y0);
  cairo_line_to(pdf->cairo, x1, y1);
  cairo_set_line_width(pdf->cairo, width);
  set_color(pdf->cairo, color);
  cairo_stroke(pdf->cairo);
  cairo_restore(pdf->cairo);
}

int wf_pdf_add_font(wf_pdf *pdf, void *face, void (*release)(void *)) {
  if (reserve((void **)&pdf->fonts, pdf->font_count, &pdf->font_capacity, sizeof(cairo_font_face_t *)) != 0) {
    release(face);
    return -1;
  }
  // Unhinted outlines: the PDF is vector, and the positions come from WordFit's own layout.
  cairo_font_face_t *font = cairo_ft_font_face_create_for_ft_face(face, 1 << 1 /* FT_LOAD_NO_HINTING */);
  if (cairo_font_face_status(font) != CAIRO_STATUS_SUCCESS
      || cairo_font_face_set_user_data(font, &release_key, face, release) != CAIRO_STATUS_SUCCESS) {
    cairo_font_face_destroy(font);
    release(face);
    return -1;
  }
  pdf->fonts[pdf->font_count] = font;
  return pdf->font_count++;
}

int wf_pdf_add_image(wf_pdf *pdf, const uint8_t *premultiplied_rgba, int width, int height) {
  if (width <= 0 || height <= 0) return -1;
  if (reserve((void **)&pdf->images, pdf->image_count, &pdf->image_capacity, sizeof(cairo_surface_t *)) != 0) {
    return -1;
  }
  cairo_surface_t *image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
  if (cairo_surface_status(image) != CAIRO_STATUS_SUCCESS) {
    cairo_surface_destroy(image);
    return -1;
  }
  cairo_surface_flush(image);
  unsigned char *data = cairo_image_surface_get_data(image);
  int stride = cairo_image_surface_get_stride(image);
  for (int y = 0; y < height; y++) {
    uint32_t *row = (uint32_t *)(data + (size_t)y * (size_t)stride);
    const uint8_t *source = premultiplied_rgba + (size_t)y * (size_t)width * 4;
    for (int x = 0; x < width; x++) {
      const uint8_t *p = source + 4 * x;
      row[x] = (uint32_t)p[3] << 24 | (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
    }
  }
  cairo_surface_mark_dirty(image);
  pdf->images[pdf->image_count] = image;
  return pdf->image_count++;
}

void wf_pdf_draw_image(wf_pdf *pdf, int image, double x, double y, double width, double height) {
  if (image < 0 || image >= pdf->image_count) return;
  cairo_surface_t *surface = pdf->images[image];
  int image_width = cairo_image_surface_get_width(surface), image_height = cairo_image_surface_get_height(surface);
  cairo_save(pdf->cairo);
  cairo_rectangle(pdf->cairo, x, y, width, height);
  cairo_clip(pdf->cairo);
  cairo_translate(pdf->cairo, x, y);
  cairo_scale(pdf->cairo, width / image_width, height / image_height);
  cairo_set_source_surface(pdf->cairo, surface, 0, 0);
  cairo_paint(pdf->cairo);
  cairo_restore(pdf->cairo);
}

void wf_pdf_show_glyphs(
    wf_pdf *pdf, int font, double size, const wf_pdf_glyph *glyphs, int count, const char *utf8, int utf8_length,
    const int *cluster_bytes, const int *cluster_glyphs, int cluster_count, wf_pdf_color color) {
  if (font < 0 || font >= pdf->font_count || count <= 0) return;
  cairo_glyph_t *cairo_glyphs = cairo_glyph_allocate(count);
  cairo_text_cluster_t *clusters = cairo_text_cluster_allocate(cluster_count > 0 ? cluster_count : 1);
  if (cairo_glyphs == NULL || clusters == NULL) {
    cairo_glyph_free(cairo_glyphs);
    cairo_text_cluster_free(clusters);
    return;
  }
  for (int index = 0; index < count; index++) {
    cairo_glyphs[index] = (cairo_glyph_t){glyphs[index].index, glyphs[index].x, glyphs[index].y};
  }
  for (int index = 0; index < cluster_count; index++) {
    clusters[index] = (cairo_text_cluster_t){cluster_bytes[index], cluster_glyphs[index]};
  }
  cairo_set_font_face(pdf->cairo, pdf->fonts[font]);
  cairo_set_font_size(pdf->cairo, size);
  set_color(pdf->cairo, color);
  cairo_show_text_glyphs(pdf->cairo, utf8, utf8_length, cairo_glyphs, count, clusters, cluster_count, 0);
  cairo_glyph_free(cairo_glyphs);
  cairo_text_cluster_free(clusters);
}

const char *wf_pdf_error(wf_pdf *pdf) {
  cairo_status_t status = cairo_status(pdf->cairo);
  return status == CAIRO_STATUS_SUCCESS ? NULL : cairo_status_to_string(status);
}

int wf_pdf_close(wf_pdf *pdf, char *error, size_t error_size) {
  cairo_status_t status = cairo_status(pdf->cairo);
  cairo_destroy(pdf->cairo);
  cairo_surface_finish(pdf->surface);
  if (status == CAIRO_STATUS_SUCCESS) status = cairo_surface_status(pdf->surface);
  cairo_surface_destroy(pdf->surface);
  for (int index = 0; index < pdf->font_count; index++) cairo_font_face_destroy(pdf->fonts[index]);
  for (int index = 0; index < pdf->image_count; index++) cairo_surface_destroy(pdf->images[index]);
  if (wf_pdf_output_close(pdf->output) != 0 && status == CAIRO_STATUS_SUCCESS) status = CAIRO_STATUS_WRITE_ERROR;
  free(pdf->fonts);
  free(pdf->images);
  free(pdf);
  if (status == CAIRO_STATUS_SUCCESS) return 0;
  copy_message(cairo_status_to_string(status), error, error_size);
  return -1;
}
