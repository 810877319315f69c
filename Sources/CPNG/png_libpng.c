// The libpng half of CPNG: decoding any PNG, and libpng's encoder kept as a reference writer
// (tests and benchmarks compare WordFit's own writer with it). Every setjmp stays in this file.

#include "png_internal.h"
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

int wf_png_encode(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                  int channels, const wf_png_settings *settings, uint8_t **out_data,
                  size_t *out_size, char *error, size_t error_capacity) {
  *out_data = NULL;
  *out_size = 0;
  wf_png_stream *stream = wf_png_stream_begin(width, height, channels, settings, error, error_capacity);
  if (stream == NULL) return -1;
  if (wf_png_stream_rows(stream, pixels, height, stride, error, error_capacity)) {
    wf_png_stream_free(stream);
    return -1;
  }
  return wf_png_stream_end(stream, out_data, out_size, error, error_capacity);
}

struct wf_png_stream {
  png_structp png;
  png_infop info;
  wf_buffer buffer;
  wf_context context;
  png_textp texts;
  uint32_t rows_left;
};

void wf_png_stream_free(wf_png_stream *stream) {
  if (stream == NULL) return;
  png_destroy_write_struct(&stream->png, stream->info ? &stream->info : NULL);
  free(stream->buffer.data);
  free(stream->texts);
  free(stream);
}

static void wf_stream_set_texts(wf_png_stream *stream, const wf_png_settings *settings) {
  if (settings->text_count <= 0) return;
  stream->texts = (png_textp)calloc((size_t)settings->text_count, sizeof(png_text));
  if (stream->texts == NULL) png_error(stream->png, "out of memory for text chunks");
  for (int i = 0; i < settings->text_count; i++) {
    int ascii = wf_is_ascii(settings->text_values[i]);
    stream->texts[i].compression = ascii ? PNG_TEXT_COMPRESSION_NONE : PNG_ITXT_COMPRESSION_NONE;
    stream->texts[i].key = (png_charp)settings->text_keys[i];
    stream->texts[i].text = (png_charp)settings->text_values[i];
    stream->texts[i].text_length = strlen(settings->text_values[i]);
  }
  png_set_text(stream->png, stream->info, stream->texts, settings->text_count);
}

wf_png_stream *wf_png_stream_begin(uint32_t width, uint32_t height, int channels,
                                   const wf_png_settings *settings, char *error,
                                   size_t error_capacity) {
  static const int color_types[5] = {-1, PNG_COLOR_TYPE_GRAY, PNG_COLOR_TYPE_GRAY_ALPHA,
                                     PNG_COLOR_TYPE_RGB, PNG_COLOR_TYPE_RGB_ALPHA};
  if (channels < 1 || channels > 4 || width == 0 || height == 0) {
    snprintf(error, error_capacity, "invalid image shape %ux%u with %d channels", width, height,
             channels);
    return NULL;
  }
  wf_png_stream *stream = (wf_png_stream *)calloc(1, sizeof(wf_png_stream));
  if (stream == NULL) {
    snprintf(error, error_capacity, "out of memory creating the PNG writer");
    return NULL;
  }
  stream->context = (wf_context){error, error_capacity};
  stream->rows_left = height;
  stream->png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &stream->context, wf_on_error,
                                        wf_on_warning);
  if (stream->png != NULL) stream->info = png_create_info_struct(stream->png);
  if (stream->info == NULL) {
    snprintf(error, error_capacity, "out of memory creating the PNG writer");
    wf_png_stream_free(stream);
    return NULL;
  }
  if (setjmp(png_jmpbuf(stream->png))) {
    wf_png_stream_free(stream);
    return NULL;
  }
  png_set_write_fn(stream->png, &stream->buffer, wf_write, wf_flush);
  png_set_IHDR(stream->png, stream->info, width, height, 8, color_types[channels],
               PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_set_compression_level(stream->png, settings->compression_level);
  png_set_compression_strategy(stream->png, settings->strategy);
  png_set_filter(stream->png, PNG_FILTER_TYPE_BASE, settings->filters);
  if (settings->pixels_per_metre > 0) {
    png_set_pHYs(stream->png, stream->info, settings->pixels_per_metre,
                 settings->pixels_per_metre, PNG_RESOLUTION_METER);
  }
  wf_stream_set_texts(stream, settings);
  png_write_info(stream->png, stream->info);
  return stream;
}

int wf_png_stream_rows(wf_png_stream *stream, const uint8_t *pixels, uint32_t rows, size_t stride,
                       char *error, size_t error_capacity) {
  stream->context = (wf_context){error, error_capacity};
  if (rows > stream->rows_left) {
    snprintf(error, error_capacity, "%u rows given where %u were left", rows, stream->rows_left);
    return -1;
  }
  if (setjmp(png_jmpbuf(stream->png))) return -1;
  for (uint32_t row = 0; row < rows; row++) {
    png_write_row(stream->png, (png_const_bytep)(pixels + (size_t)row * stride));
  }
  stream->rows_left -= rows;
  return 0;
}

int wf_png_stream_end(wf_png_stream *stream, uint8_t **out_data, size_t *out_size, char *error,
                      size_t error_capacity) {
  *out_data = NULL;
  *out_size = 0;
  stream->context = (wf_context){error, error_capacity};
  if (stream->rows_left != 0) {
    snprintf(error, error_capacity, "%u rows were never given", stream->rows_left);
    wf_png_stream_free(stream);
    return -1;
  }
  if (setjmp(png_jmpbuf(stream->png))) {
    wf_png_stream_free(stream);
    return -1;
  }
  png_write_end(stream->png, stream->info);
  *out_data = stream->buffer.data;
  *out_size = stream->buffer.size;
  stream->buffer.data = NULL;
  wf_png_stream_free(stream);
  return 0;
}

typedef struct wf_reader {
  const uint8_t *data;
  size_t size;
  size_t offset;
} wf_reader;

static void wf_read(png_structp png, png_bytep out, png_size_t length) {
  wf_reader *reader = (wf_reader *)png_get_io_ptr(png);
  if (length > reader->size - reader->offset) png_error(png, "file is truncated");
  memcpy(out, reader->data + reader->offset, length);
  reader->offset += length;
}

/// libpng's allocations for one decode, with the largest one granted: every allocation libpng
/// makes goes through wf_png_malloc, which refuses any larger than `limit` (whatever size a
/// chunk declares, libpng then reports the chunk as too large instead of allocating it).
typedef struct wf_allocations {
  size_t limit;
  size_t largest;
} wf_allocations;

static png_voidp wf_png_malloc(png_structp png, png_alloc_size_t size) {
  wf_allocations *allocations = (wf_allocations *)png_get_mem_ptr(png);
  if (size > allocations->limit) return NULL;
  if (size > allocations->largest) allocations->largest = size;
  return malloc(size);
}

static void wf_png_free_memory(png_structp png, png_voidp pointer) {
  (void)png;
  free(pointer);
}

/// Reads from `reader`, and bounds what a file may make libpng allocate: sides up to
/// `max_side`, every ancillary chunk (and a decompressed zTXt/iTXt) up to `max_chunk_bytes`, at
/// most 64 of them kept, and the chunks WordFit never reads skipped without being allocated
/// (only tEXt/iTXt/zTXt, tRNS, PLTE stay). Called inside the caller's setjmp.
static void wf_limit_reader(png_structp png, wf_reader *reader, uint32_t max_side, uint64_t max_chunk_bytes) {
  png_set_read_fn(png, reader, wf_read);
  png_set_user_limits(png, max_side, max_side);
  png_set_chunk_malloc_max(png, (png_alloc_size_t)max_chunk_bytes);
  png_set_chunk_cache_max(png, 64);
  static const png_byte skipped[] = {'s', 'P', 'L', 'T', '\0', 'h', 'I', 'S', 'T', '\0', 'i', 'C', 'C', 'P', '\0',
                                     'e', 'X', 'I', 'f', '\0', 's', 'C', 'A', 'L', '\0', 'p', 'C', 'A', 'L', '\0'};
  png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, NULL, 0);
  png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, skipped, (int)(sizeof(skipped) / 5));
}

/// What the source was: 1 alpha or tRNS, 2 colour, 4 16-bit, 8 palette.
static uint32_t wf_source_flags(png_structp png, png_infop info) {
  int color_type = png_get_color_type(png, info);
  uint32_t flags = 0;
  if ((color_type & PNG_COLOR_MASK_ALPHA) || png_get_valid(png, info, PNG_INFO_tRNS)) flags |= 1;
  if (color_type & PNG_COLOR_MASK_COLOR) flags |= 2;
  if (png_get_bit_depth(png, info) == 16) flags |= 4;
  if (color_type == PNG_COLOR_TYPE_PALETTE) flags |= 8;
  return flags;
}

/// Everything to 8-bit RGBA, sample values kept as stored (no gamma conversion): palettes and
/// low bit depths expanded, tRNS to alpha, 16-bit scaled to 8, grey to RGB.
static void wf_expand_to_rgba(png_structp png, png_infop info) {
  png_set_expand(png);
  png_set_scale_16(png);
  png_set_gray_to_rgb(png);
  png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
  png_set_interlace_handling(png);
  png_read_update_info(png, info);
}

int wf_png_decode_rgba(const uint8_t *data, size_t size, uint32_t max_side, uint64_t max_pixels,
                       uint64_t max_chunk_bytes, uint32_t *width, uint32_t *height,
                       uint32_t *source_flags, uint8_t **out_pixels, size_t *largest_allocation,
                       char *error, size_t error_capacity) {
  *out_pixels = NULL;
  if (size < 8 || png_sig_cmp((png_const_bytep)data, 0, 8) != 0) {
    snprintf(error, error_capacity, "not a PNG signature");
    return -1;
  }
  wf_context context = {error, error_capacity};
  wf_reader reader = {data, size, 0};
  // Rows are at most max_side × 8 bytes (16-bit RGBA) and libpng's own state is small; twice
  // that or the chunk limit, whichever is larger, bounds every allocation libpng may make.
  size_t row_bound = (size_t)max_side * 8 + 64;
  wf_allocations allocations = {(size_t)max_chunk_bytes > 2 * row_bound ? (size_t)max_chunk_bytes : 2 * row_bound, 0};
  png_structp png = png_create_read_struct_2(PNG_LIBPNG_VER_STRING, &context, wf_on_error, wf_on_warning,
                                             &allocations, wf_png_malloc, wf_png_free_memory);
  if (png == NULL) {
    snprintf(error, error_capacity, "out of memory creating the PNG reader");
    return -1;
  }
  png_infop info = png_create_info_struct(png);
  uint8_t *volatile pixels = NULL;
  png_bytep *volatile rows = NULL;
  if (info == NULL || setjmp(png_jmpbuf(png))) {
    if (info == NULL) snprintf(error, error_capacity, "out of memory creating the PNG reader");
    png_destroy_read_struct(&png, info ? &info : NULL, NULL);
    free(pixels);
    free(rows);
    *largest_allocation = allocations.largest;
    return -1;
  }
  wf_limit_reader(png, &reader, max_side, max_chunk_bytes);
  png_read_info(png, info);
  png_uint_32 w = png_get_image_width(png, info);
  png_uint_32 h = png_get_image_height(png, info);
  if ((uint64_t)w * (uint64_t)h > max_pixels) {
    snprintf(error, error_capacity, "%ux%u is %llu pixels, more than the limit of %llu", (unsigned)w,
             (unsigned)h, (unsigned long long)w * h, (unsigned long long)max_pixels);
    png_destroy_read_struct(&png, &info, NULL);
    *largest_allocation = allocations.largest;
    return -2;
  }
  *source_flags = wf_source_flags(png, info);
  wf_expand_to_rgba(png, info);
  if (png_get_rowbytes(png, info) != (size_t)w * 4) png_error(png, "unexpected row layout");
  pixels = (uint8_t *)malloc((size_t)w * h * 4);
  rows = (png_bytep *)malloc(sizeof(png_bytep) * h);
  if (pixels == NULL || rows == NULL) png_error(png, "out of memory for the image");
  for (png_uint_32 row = 0; row < h; row++) rows[row] = pixels + (size_t)row * w * 4;
  png_read_image(png, rows);
  png_read_end(png, NULL);
  png_destroy_read_struct(&png, &info, NULL);
  free(rows);
  *largest_allocation = allocations.largest;
  *width = w;
  *height = h;
  *out_pixels = pixels;
  return 0;
}

void wf_png_free(void *pointer) { free(pointer); }

const char *wf_png_version(void) { return PNG_LIBPNG_VER_STRING; }

