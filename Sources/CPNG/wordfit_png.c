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

int wf_png_decode_rgba(const uint8_t *data, size_t size, uint32_t max_side, uint32_t *width,
                       uint32_t *height, uint32_t *source_flags, uint8_t **out_pixels,
                       char *error, size_t error_capacity) {
  *out_pixels = NULL;
  if (size < 8 || png_sig_cmp((png_const_bytep)data, 0, 8) != 0) {
    snprintf(error, error_capacity, "not a PNG signature");
    return -1;
  }
  wf_context context = {error, error_capacity};
  wf_reader reader = {data, size, 0};
  png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &context, wf_on_error,
                                           wf_on_warning);
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
    return -1;
  }
  png_set_read_fn(png, &reader, wf_read);
  png_set_user_limits(png, max_side, max_side);
  png_read_info(png, info);
  png_uint_32 w = png_get_image_width(png, info);
  png_uint_32 h = png_get_image_height(png, info);
  int color_type = png_get_color_type(png, info);
  int bit_depth = png_get_bit_depth(png, info);
  uint32_t flags = 0;
  if ((color_type & PNG_COLOR_MASK_ALPHA) || png_get_valid(png, info, PNG_INFO_tRNS)) flags |= 1;
  if (color_type & PNG_COLOR_MASK_COLOR) flags |= 2;
  if (bit_depth == 16) flags |= 4;
  if (color_type == PNG_COLOR_TYPE_PALETTE) flags |= 8;
  *source_flags = flags;
  // Everything to 8-bit RGBA, sample values kept as stored (no gamma conversion):
  // palettes and low bit depths expanded, tRNS to alpha, 16-bit scaled to 8, grey to RGB.
  png_set_expand(png);
  png_set_scale_16(png);
  png_set_gray_to_rgb(png);
  png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
  png_set_interlace_handling(png);
  png_read_update_info(png, info);
  if (png_get_rowbytes(png, info) != (size_t)w * 4) png_error(png, "unexpected row layout");
  pixels = (uint8_t *)malloc((size_t)w * h * 4);
  rows = (png_bytep *)malloc(sizeof(png_bytep) * h);
  if (pixels == NULL || rows == NULL) png_error(png, "out of memory for the image");
  for (png_uint_32 row = 0; row < h; row++) rows[row] = pixels + (size_t)row * w * 4;
  png_read_image(png, rows);
  png_read_end(png, NULL);
  png_destroy_read_struct(&png, &info, NULL);
  free(rows);
  *width = w;
  *height = h;
  *out_pixels = pixels;
  return 0;
}

void wf_png_free(void *pointer) { free(pointer); }

const char *wf_png_version(void) { return PNG_LIBPNG_VER_STRING; }

// MARK: - WordFit's own writer: PNG chunks around zlib (uniform leading rows) + libdeflate.

#include <libdeflate.h>
#include <zlib.h>

typedef struct wf_out {
  uint8_t *data;
  size_t size;
  size_t capacity;
  int failed;
} wf_out;

static void wf_out_reserve(wf_out *out, size_t extra) {
  if (out->failed || out->size + extra <= out->capacity) return;
  size_t capacity = out->capacity ? out->capacity : 16384;
  while (capacity < out->size + extra) capacity *= 2;
  uint8_t *grown = (uint8_t *)realloc(out->data, capacity);
  if (grown == NULL) {
    out->failed = 1;
    return;
  }
  out->data = grown;
  out->capacity = capacity;
}

static void wf_out_bytes(wf_out *out, const void *bytes, size_t count) {
  wf_out_reserve(out, count);
  if (out->failed) return;
  memcpy(out->data + out->size, bytes, count);
  out->size += count;
}

static void wf_out_be32(wf_out *out, uint32_t value) {
  uint8_t bytes[4] = {(uint8_t)(value >> 24), (uint8_t)(value >> 16), (uint8_t)(value >> 8), (uint8_t)value};
  wf_out_bytes(out, bytes, 4);
}

/// Appends a chunk: length, type, data, CRC-32 of type and data.
static void wf_out_chunk(wf_out *out, const char *type, const uint8_t *data, size_t length) {
  wf_out_be32(out, (uint32_t)length);
  wf_out_bytes(out, type, 4);
  if (length) wf_out_bytes(out, data, length);
  uint32_t crc = libdeflate_crc32(0, type, 4);
  if (length) crc = libdeflate_crc32(crc, data, length);
  wf_out_be32(out, crc);
}

/// Per-thread compressors, reused across images (allocating them costs more than small images).
static __thread struct libdeflate_compressor *wf_compressor = NULL;
static __thread int wf_compressor_level = -1;
static __thread z_stream *wf_rle = NULL;

static struct libdeflate_compressor *wf_get_compressor(int level) {
  if (wf_compressor == NULL || wf_compressor_level != level) {
    if (wf_compressor) libdeflate_free_compressor(wf_compressor);
    wf_compressor = libdeflate_alloc_compressor(level);
    wf_compressor_level = level;
  }
  return wf_compressor;
}

static z_stream *wf_get_rle(void) {
  if (wf_rle == NULL) {
    z_stream *stream = (z_stream *)calloc(1, sizeof(z_stream));
    if (stream == NULL) return NULL;
    if (deflateInit2(stream, 6, Z_DEFLATED, -15, 8, Z_RLE) != Z_OK) {
      free(stream);
      return NULL;
    }
    wf_rle = stream;
  } else if (deflateReset(wf_rle) != Z_OK) {
    return NULL;
  }
  return wf_rle;
}

int wf_png_encode_fast(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                       int channels, const wf_png_settings *settings, uint8_t **out_data,
                       size_t *out_size, char *error, size_t error_capacity) {
  static const uint8_t color_types[5] = {0, 0, 4, 2, 6};
  *out_data = NULL;
  *out_size = 0;
  if (channels < 1 || channels > 4 || width == 0 || height == 0) {
    snprintf(error, error_capacity, "invalid image shape %ux%u with %d channels", width, height, channels);
    return -1;
  }
  int level = settings->compression_level < 1 ? 1 : settings->compression_level > 12 ? 12 : settings->compression_level;
  size_t row_bytes = (size_t)width * channels;
  size_t line = row_bytes + 1;
  size_t raw_size = line * height;
  uint8_t *raw = (uint8_t *)malloc(raw_size);
  wf_out idat = {NULL, 0, 0, 0};
  wf_out out = {NULL, 0, 0, 0};
  if (raw == NULL) goto out_of_memory;

  // Filter type none: a zero byte before each row. Count the leading rows of one colour.
  uint32_t uniform = 0;
  int still_uniform = 1;
  for (uint32_t row = 0; row < height; row++) {
    const uint8_t *source = pixels + (size_t)row * stride;
    uint8_t *target = raw + (size_t)row * line;
    target[0] = 0;
    memcpy(target + 1, source, row_bytes);
    if (still_uniform) {
      int same = memcmp(source, pixels, (size_t)channels) == 0 &&
                 (row_bytes <= (size_t)channels || memcmp(source, source + channels, row_bytes - channels) == 0);
      if (same) uniform++; else still_uniform = 0;
    }
  }

  // zlib header (deflate, 32K window, default level hint), then the raw deflate stream.
  uint8_t header[2] = {0x78, 0x9C};
  wf_out_bytes(&idat, header, 2);
  size_t prefix = (size_t)uniform * line;
  if (uniform == height) prefix = 0;  // nothing after it: let libdeflate take the whole image
  if (prefix > 0) {
    z_stream *stream = wf_get_rle();
    if (stream == NULL) goto out_of_memory;
    size_t bound = deflateBound(stream, (uLong)prefix) + 16;
    wf_out_reserve(&idat, bound);
    if (idat.failed) goto out_of_memory;
    stream->next_in = raw;
    stream->avail_in = (uInt)prefix;
    stream->next_out = idat.data + idat.size;
    stream->avail_out = (uInt)(idat.capacity - idat.size);
    if (deflate(stream, Z_SYNC_FLUSH) != Z_OK || stream->avail_in != 0) {
      snprintf(error, error_capacity, "zlib could not compress the leading rows");
      goto failed;
    }
    idat.size = idat.capacity - stream->avail_out;
  }
  struct libdeflate_compressor *compressor = wf_get_compressor(level);
  if (compressor == NULL) goto out_of_memory;
  size_t rest = raw_size - prefix;
  size_t bound = libdeflate_deflate_compress_bound(compressor, rest);
  wf_out_reserve(&idat, bound + 4);
  if (idat.failed) goto out_of_memory;
  size_t written = libdeflate_deflate_compress(compressor, raw + prefix, rest, idat.data + idat.size, bound);
  if (written == 0) {
    snprintf(error, error_capacity, "libdeflate could not compress the image");
    goto failed;
  }
  idat.size += written;
  wf_out_be32(&idat, libdeflate_adler32(1, raw, raw_size));
  if (idat.failed) goto out_of_memory;

  static const uint8_t signature[8] = {0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A};
  wf_out_reserve(&out, idat.size + 1024);
  wf_out_bytes(&out, signature, 8);
  uint8_t ihdr[13] = {(uint8_t)(width >> 24), (uint8_t)(width >> 16), (uint8_t)(width >> 8), (uint8_t)width,
                      (uint8_t)(height >> 24), (uint8_t)(height >> 16), (uint8_t)(height >> 8), (uint8_t)height,
                      8, color_types[channels], 0, 0, 0};
  wf_out_chunk(&out, "IHDR", ihdr, 13);
  if (settings->pixels_per_metre > 0) {
    uint32_t ppm = settings->pixels_per_metre;
    uint8_t phys[9] = {(uint8_t)(ppm >> 24), (uint8_t)(ppm >> 16), (uint8_t)(ppm >> 8), (uint8_t)ppm,
                       (uint8_t)(ppm >> 24), (uint8_t)(ppm >> 16), (uint8_t)(ppm >> 8), (uint8_t)ppm, 1};
    wf_out_chunk(&out, "pHYs", phys, 9);
  }
  for (int i = 0; i < settings->text_count; i++) {
    const char *key = settings->text_keys[i];
    const char *value = settings->text_values[i];
    size_t key_length = strlen(key) > 79 ? 79 : strlen(key);
    size_t value_length = strlen(value);
    int ascii = wf_is_ascii(value);
    // tEXt: key NUL text; iTXt: key NUL 0 0 (uncompressed) NUL (no language) NUL (no translation) text.
    size_t length = key_length + 1 + (ascii ? 0 : 4) + value_length;
    uint8_t *chunk = (uint8_t *)malloc(length ? length : 1);
    if (chunk == NULL) goto out_of_memory;
    memcpy(chunk, key, key_length);
    size_t at = key_length;
    chunk[at++] = 0;
    if (!ascii) {
      chunk[at++] = 0;
      chunk[at++] = 0;
      chunk[at++] = 0;
      chunk[at++] = 0;
    }
    memcpy(chunk + at, value, value_length);
    wf_out_chunk(&out, ascii ? "tEXt" : "iTXt", chunk, length);
    free(chunk);
  }
  wf_out_chunk(&out, "IDAT", idat.data, idat.size);
  wf_out_chunk(&out, "IEND", NULL, 0);
  if (out.failed) goto out_of_memory;
  free(raw);
  free(idat.data);
  *out_data = out.data;
  *out_size = out.size;
  return 0;

out_of_memory:
  snprintf(error, error_capacity, "out of memory while encoding a %ux%u image", width, height);
failed:
  free(raw);
  free(idat.data);
  free(out.data);
  return -1;
}
