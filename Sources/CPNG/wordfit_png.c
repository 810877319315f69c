#include "wordfit_png.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <png.h>  // found through the CLibPNG system library (pkg-config libpng)

typedef struct wf_buffer {
  uint8_t *data;
  size_t size;
  size_t capacity;
} wf_buffer;

typedef struct wf_context {
  char *error;
  size_t error_capacity;
} wf_context;

static void wf_write(png_structp png, png_bytep data, png_size_t length) {
  wf_buffer *buffer = (wf_buffer *)png_get_io_ptr(png);
  if (buffer->size + length > buffer->capacity) {
    size_t capacity = buffer->capacity ? buffer->capacity : 8192;
    while (capacity < buffer->size + length) capacity *= 2;
    uint8_t *grown = (uint8_t *)realloc(buffer->data, capacity);
    if (grown == NULL) png_error(png, "out of memory while encoding");
    buffer->data = grown;
    buffer->capacity = capacity;
  }
  memcpy(buffer->data + buffer->size, data, length);
  buffer->size += length;
}

static void wf_flush(png_structp png) { (void)png; }

static void wf_on_error(png_structp png, png_const_charp message) {
  wf_context *context = (wf_context *)png_get_error_ptr(png);
  if (context && context->error && context->error_capacity > 0) {
    snprintf(context->error, context->error_capacity, "%s", message);
  }
  png_longjmp(png, 1);
}

static void wf_on_warning(png_structp png, png_const_charp message) {
  (void)png;
  (void)message;
}

static int wf_is_ascii(const char *text) {
  for (; *text; text++)
    if ((unsigned char)*text >= 0x80) return 0;
  return 1;
}

int wf_png_encode(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                  int channels, const wf_png_settings *settings, uint8_t **out_data,
                  size_t *out_size, char *error, size_t error_capacity) {
  static const int color_types[5] = {-1, PNG_COLOR_TYPE_GRAY, PNG_COLOR_TYPE_GRAY_ALPHA,
                                     PNG_COLOR_TYPE_RGB, PNG_COLOR_TYPE_RGB_ALPHA};
  *out_data = NULL;
  *out_size = 0;
  if (channels < 1 || channels > 4 || width == 0 || height == 0) {
    snprintf(error, error_capacity, "invalid image shape %ux%u with %d channels", width, height,
             channels);
    return -1;
  }
  wf_context context = {error, error_capacity};
  wf_buffer buffer = {NULL, 0, 0};
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &context, wf_on_error,
                                            wf_on_warning);
  if (png == NULL) {
    snprintf(error, error_capacity, "out of memory creating the PNG writer");
    return -1;
  }
  png_infop info = png_create_info_struct(png);
  png_textp texts = NULL;
  if (info == NULL || setjmp(png_jmpbuf(png))) {
    if (info == NULL) snprintf(error, error_capacity, "out of memory creating the PNG writer");
    png_destroy_write_struct(&png, info ? &info : NULL);
    free(buffer.data);
    free(texts);
    return -1;
  }
  png_set_write_fn(png, &buffer, wf_write, wf_flush);
  png_set_IHDR(png, info, width, height, 8, color_types[channels], PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_set_compression_level(png, settings->compression_level);
  png_set_compression_strategy(png, settings->strategy);
  png_set_filter(png, PNG_FILTER_TYPE_BASE, settings->filters);
  if (settings->pixels_per_metre > 0) {
    png_set_pHYs(png, info, settings->pixels_per_metre, settings->pixels_per_metre,
                 PNG_RESOLUTION_METER);
  }
  if (settings->text_count > 0) {
    texts = (png_textp)calloc((size_t)settings->text_count, sizeof(png_text));
    if (texts == NULL) png_error(png, "out of memory for text chunks");
    for (int i = 0; i < settings->text_count; i++) {
      int ascii = wf_is_ascii(settings->text_values[i]);
      texts[i].compression = ascii ? PNG_TEXT_COMPRESSION_NONE : PNG_ITXT_COMPRESSION_NONE;
      texts[i].key = (png_charp)settings->text_keys[i];
      texts[i].text = (png_charp)settings->text_values[i];
      texts[i].text_length = strlen(settings->text_values[i]);
    }
    png_set_text(png, info, texts, settings->text_count);
  }
  png_write_info(png, info);
  for (uint32_t row = 0; row < height; row++) {
    png_write_row(png, (png_const_bytep)(pixels + (size_t)row * stride));
  }
  png_write_end(png, info);
  png_destroy_write_struct(&png, &info);
  free(texts);
  *out_data = buffer.data;
  *out_size = buffer.size;
  return 0;
}

int wf_png_decode_rgba(const uint8_t *data, size_t size, uint32_t max_side, uint32_t *width,
                       uint32_t *height, uint32_t *source_flags, uint8_t **out_pixels,
                       char *error, size_t error_capacity) {
  *out_pixels = NULL;
  png_image image;
  memset(&image, 0, sizeof image);
  image.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_memory(&image, data, size)) {
    snprintf(error, error_capacity, "%s", image.message);
    png_image_free(&image);
    return -1;
  }
  *source_flags = image.format;
  if (image.width == 0 || image.height == 0 || image.width > max_side ||
      image.height > max_side) {
    snprintf(error, error_capacity, "image is %ux%u; WordFit reads at most %u pixels a side",
             image.width, image.height, max_side);
    png_image_free(&image);
    return -1;
  }
  image.format = PNG_FORMAT_RGBA;
  size_t bytes = (size_t)image.width * image.height * 4;
  uint8_t *pixels = (uint8_t *)malloc(bytes);
  if (pixels == NULL) {
    snprintf(error, error_capacity, "out of memory for a %ux%u image", image.width, image.height);
    png_image_free(&image);
    return -1;
  }
  if (!png_image_finish_read(&image, NULL, pixels, 0, NULL)) {
    snprintf(error, error_capacity, "%s", image.message);
    free(pixels);
    png_image_free(&image);
    return -1;
  }
  *width = image.width;
  *height = image.height;
  *out_pixels = pixels;
  return 0;
}

void wf_png_free(void *pointer) { free(pointer); }

const char *wf_png_version(void) { return PNG_LIBPNG_VER_STRING; }
