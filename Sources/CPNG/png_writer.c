// WordFit's own PNG writer: the image's rows filtered (filter none) and compressed either by
// the run matcher (level 0, deflate_runs.c) or in one libdeflate call (levels 1 … 12), then
// written as PNG chunks (png_output.c). No libpng here.

#include "png_internal.h"
#include "wordfit_png.h"

#include <libdeflate.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

/// Per-thread encoder state, reused across images (allocating a libdeflate compressor, ~670 KB,
/// costs more than encoding a small image). Each belongs to its thread through a pthread key
/// whose destructor frees it when the thread ends, so a library user whose threads come and go
/// leaks nothing.
typedef struct wf_thread_compressor {
  struct libdeflate_compressor *compressor;
  int level;
  uint8_t *scratch;          // the filtered rows, reused across images
  size_t scratch_capacity;   // kept only up to WF_SCRATCH_KEEP bytes
  wf_run_symbols *runs;      // the run matcher's block buffer (~100 KB), made at level 0
} wf_thread_compressor;

/// The most scratch memory a thread keeps between images (larger images allocate and free).
#define WF_SCRATCH_KEEP ((size_t)8 << 20)

static pthread_key_t wf_compressor_key;
static pthread_once_t wf_compressor_once = PTHREAD_ONCE_INIT;

static void wf_compressor_destroy(void *value) {
  wf_thread_compressor *owned = (wf_thread_compressor *)value;
  if (owned == NULL) return;
  if (owned->compressor) libdeflate_free_compressor(owned->compressor);
  free(owned->scratch);
  free(owned->runs);
  free(owned);
}

static void wf_compressor_make_key(void) { pthread_key_create(&wf_compressor_key, wf_compressor_destroy); }

static wf_thread_compressor *wf_thread_state(void) {
  pthread_once(&wf_compressor_once, wf_compressor_make_key);
  wf_thread_compressor *owned = (wf_thread_compressor *)pthread_getspecific(wf_compressor_key);
  if (owned != NULL) return owned;
  owned = (wf_thread_compressor *)calloc(1, sizeof(wf_thread_compressor));
  if (owned == NULL) return NULL;
  owned->level = -1;
  if (pthread_setspecific(wf_compressor_key, owned) != 0) {
    free(owned);
    return NULL;
  }
  return owned;
}

static struct libdeflate_compressor *wf_get_compressor(wf_thread_compressor *owned, int level) {
  if (owned->compressor == NULL || owned->level != level) {
    if (owned->compressor) libdeflate_free_compressor(owned->compressor);
    owned->compressor = libdeflate_alloc_compressor(level);
    owned->level = level;
  }
  return owned->compressor;
}

/// The thread's run-matcher block buffer (made on first use), or NULL.
static wf_run_symbols *wf_get_runs(wf_thread_compressor *owned) {
  if (owned->runs == NULL) owned->runs = (wf_run_symbols *)malloc(sizeof(wf_run_symbols));
  if (owned->runs) owned->runs->limit = WF_RUN_BLOCK_SYMBOLS;
  return owned->runs;
}

/// `size` bytes of the thread's scratch buffer (grown as needed), or NULL.
static uint8_t *wf_get_scratch(wf_thread_compressor *owned, size_t size) {
  if (owned->scratch_capacity < size) {
    free(owned->scratch);
    owned->scratch = (uint8_t *)malloc(size ? size : 1);
    owned->scratch_capacity = owned->scratch ? size : 0;
  }
  return owned->scratch;
}

/// Gives back a scratch buffer larger than WF_SCRATCH_KEEP, so one huge image does not pin its
/// memory for the thread's lifetime.
static void wf_trim_scratch(wf_thread_compressor *owned) {
  if (owned == NULL || owned->scratch_capacity <= WF_SCRATCH_KEEP) return;
  free(owned->scratch);
  owned->scratch = NULL;
  owned->scratch_capacity = 0;
}

const char *wf_deflate_version(void) { return LIBDEFLATE_VERSION_STRING; }

void wf_png_release_thread_encoder(void) {
  pthread_once(&wf_compressor_once, wf_compressor_make_key);
  wf_compressor_destroy(pthread_getspecific(wf_compressor_key));
  pthread_setspecific(wf_compressor_key, NULL);
}

// MARK: Adler-32 of repeated rows.

#define WF_ADLER_BASE 65521u

/// The Adler-32 of A followed by B, from A's and B's checksums and B's length (as zlib's
/// adler32_combine).
static uint32_t wf_adler_combine(uint32_t first, uint32_t second, uint64_t second_length) {
  uint32_t remainder = (uint32_t)(second_length % WF_ADLER_BASE);
  uint32_t sum1 = first & 0xFFFF;
  uint32_t sum2 = (uint32_t)(((uint64_t)remainder * sum1) % WF_ADLER_BASE);
  sum1 += (second & 0xFFFF) + WF_ADLER_BASE - 1;
  sum2 += ((first >> 16) & 0xFFFF) + ((second >> 16) & 0xFFFF) + WF_ADLER_BASE - remainder;
  if (sum1 >= WF_ADLER_BASE) sum1 -= WF_ADLER_BASE;
  if (sum1 >= WF_ADLER_BASE) sum1 -= WF_ADLER_BASE;
  if (sum2 >= ((uint32_t)WF_ADLER_BASE << 1)) sum2 -= ((uint32_t)WF_ADLER_BASE << 1);
  if (sum2 >= WF_ADLER_BASE) sum2 -= WF_ADLER_BASE;
  return sum1 | (sum2 << 16);
}

/// Continues `adler` over `rows` copies of one `line`-byte row whose own checksum is `row`
/// (from 1), by doubling: O(log rows).
static uint32_t wf_adler_repeat(uint32_t adler, uint32_t row, uint64_t line, uint32_t rows) {
  uint32_t power = row;  // checksum of 2^k rows
  uint64_t power_length = line;
  while (rows) {
    if (rows & 1) adler = wf_adler_combine(adler, power, power_length);
    rows >>= 1;
    if (rows) {
      power = wf_adler_combine(power, power, power_length);
      power_length *= 2;
    }
  }
  return adler;
}


// MARK: The image data.

/// The image's rows, each a filter byte 0 (none) and its pixels, into `scratch`
/// (`line` × `height` bytes).
static void wf_filter_rows(uint8_t *scratch, const uint8_t *pixels, uint32_t height, size_t stride,
                           size_t row_bytes) {
  for (uint32_t row = 0; row < height; row++) {
    uint8_t *target = scratch + (size_t)row * (row_bytes + 1);
    target[0] = 0;
    memcpy(target + 1, pixels + (size_t)row * stride, row_bytes);
  }
}

/// A run of rows that are all one colour is hand-coded (wf_write_uniform_rows) when it starts
/// or ends the image, or is at least this many bytes: shorter runs between rows of text cost no
/// more to the run matcher. Measured (Benchmarks/RESULTS.md, step 13): without it, a grey 45mm
/// badge encodes 19% slower and 2% larger, and the 3-region RGB template batch is 7% faster but
/// 3.6% larger; with it, both stay within 0.04% of the bytes of the writer before.
#define WF_HAND_CODED_MIN_BYTES ((size_t)24 << 10)

/// The number of rows from `row` on that are one colour, the colour of `row`'s first pixel.
static uint32_t wf_uniform_run(const uint8_t *pixels, uint32_t row, uint32_t height, size_t stride,
                               size_t row_bytes, int bpp) {
  const uint8_t *pixel = pixels + (size_t)row * stride;
  uint32_t end = row;
  for (; end < height; end++) {
    const uint8_t *start = pixels + (size_t)end * stride;
    if (memcmp(start, pixel, (size_t)bpp) != 0) break;
    if (row_bytes > (size_t)bpp && memcmp(start, start + bpp, row_bytes - (size_t)bpp) != 0) break;
  }
  return end - row;
}

/// Filters rows [first, end) into `scratch` (at their own offset), continues `adler` over them
/// and codes them with the run matcher.
static int wf_run_rows(wf_bits *bits, wf_run_symbols *runs, const uint8_t *pixels, uint8_t *scratch, uint32_t first,
                       uint32_t end, size_t stride, int channels, size_t line, uint32_t *adler) {
  if (first >= end) return 0;
  uint8_t *rows = scratch + (size_t)first * line;
  wf_filter_rows(rows, pixels + (size_t)first * stride, end - first, stride, line - 1);
  *adler = libdeflate_adler32(*adler, rows, (size_t)(end - first) * line);
  return wf_write_run_blocks(bits, runs, rows, (size_t)(end - first) * line, channels, line);
}

/// Hand-codes `rows` uniform rows of `pixel` as a block of their own (a Huffman code of a few
/// symbols) and continues `adler` over them without reading them.
static int wf_uniform_block(wf_bits *bits, wf_run_symbols *runs, const uint8_t *pixel, uint32_t rows, int more,
                            uint32_t width, int channels, size_t line, uint32_t *adler) {
  static const uint8_t filter = 0;
  uint32_t row_adler = wf_adler_repeat(libdeflate_adler32(1, &filter, 1),
                                       libdeflate_adler32(1, pixel, (size_t)channels), (uint64_t)channels, width);
  *adler = wf_adler_repeat(*adler, row_adler, line, rows);
  if (wf_cut_block(bits, runs, channels, line) || wf_write_uniform_rows(bits, runs, rows, line, pixel, channels))
    return -1;
  return more ? wf_cut_block(bits, runs, channels, line) : 0;
}

/// The run-matcher blocks for the image's rows (filtered into `scratch` as they are coded),
/// uniform runs hand-coded; the Adler-32 of the filtered rows into `adler`.
static int wf_run_stream(wf_bits *bits, wf_run_symbols *runs, const uint8_t *pixels, uint8_t *scratch,
                         uint32_t width, uint32_t height, size_t stride, int channels, uint32_t *adler) {
  size_t row_bytes = (size_t)width * (size_t)channels, line = row_bytes + 1;
  wf_begin_runs(runs);
  uint32_t row = 0, pending = 0;  // rows [pending, row) wait for the matcher
  while (row < height) {
    uint32_t run = wf_uniform_run(pixels, row, height, stride, row_bytes, channels);
    int at_edge = row == 0 || row + run == height;
    if (run == 0 || ((size_t)run * line < WF_HAND_CODED_MIN_BYTES && !at_edge)) {
      row += run ? run : 1;  // a row that is not one colour, or a short run: the matcher's
      continue;
    }
    if (wf_run_rows(bits, runs, pixels, scratch, pending, row, stride, channels, line, adler) ||
        wf_uniform_block(bits, runs, pixels + (size_t)row * stride, run, row + run < height, width, channels, line,
                         adler))
      return -1;
    row += run;
    pending = row;
  }
  if (wf_run_rows(bits, runs, pixels, scratch, pending, height, stride, channels, line, adler)) return -1;
  return wf_end_runs(bits, runs, channels, line);
}

/// The zlib stream of the image's rows coded by the run matcher: header, blocks, Adler-32.
static int wf_zlib_runs(wf_out *idat, wf_run_symbols *runs, const uint8_t *pixels, uint8_t *scratch, uint32_t width,
                        uint32_t height, size_t stride, int channels) {
  static const uint8_t header[2] = {0x78, 0x9C};  // deflate, 32 KiB window, default level hint
  wf_out_bytes(idat, header, 2);
  wf_bits bits = {idat, 0, 0};
  uint32_t adler = 1;
  if (wf_run_stream(&bits, runs, pixels, scratch, width, height, stride, channels, &adler)) return -1;
  wf_bits_finish(&bits);
  wf_out_be32(idat, adler);
  return idat->failed ? -1 : 0;
}

/// The zlib stream of `size` filtered bytes in one libdeflate call.
static int wf_zlib_libdeflate(wf_out *idat, struct libdeflate_compressor *compressor, const uint8_t *data,
                              size_t size) {
  size_t bound = libdeflate_zlib_compress_bound(compressor, size);
  wf_out_reserve(idat, bound);
  if (idat->failed) return -1;
  size_t written = libdeflate_zlib_compress(compressor, data, size, idat->data + idat->size, bound);
  if (written == 0) return -2;
  idat->size += written;
  return 0;
}

/// The IDAT payload for the image: rows filtered, then the run matcher (level 0) or
/// libdeflate (1 … 12). Returns 0, -1 out of memory, -2 when libdeflate fails.
static int wf_image_data(wf_out *idat, const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                         int channels, int level) {
  size_t row_bytes = (size_t)width * (size_t)channels, line = row_bytes + 1;
  wf_thread_compressor *state = wf_thread_state();
  if (state == NULL) return -1;
  struct libdeflate_compressor *compressor = level > 0 ? wf_get_compressor(state, level) : NULL;
  wf_run_symbols *runs = level > 0 ? NULL : wf_get_runs(state);
  uint8_t *scratch = wf_get_scratch(state, line * height);
  int status = -1;
  if (scratch && runs) {
    status = wf_zlib_runs(idat, runs, pixels, scratch, width, height, stride, channels);
  } else if (scratch && compressor) {
    wf_filter_rows(scratch, pixels, height, stride, row_bytes);
    status = wf_zlib_libdeflate(idat, compressor, scratch, line * height);
  }
  wf_trim_scratch(state);
  return status;
}

/// The PNG around `idat`: signature, IHDR, pHYs, text, IDAT, IEND.
static void wf_png_chunks(wf_out *out, const wf_out *idat, uint32_t width, uint32_t height, int channels,
                          const wf_png_settings *settings) {
  static const uint8_t color_types[5] = {0, 0, 4, 2, 6};
  static const uint8_t signature[8] = {0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A};
  wf_out_reserve(out, idat->size + 1024);
  wf_out_bytes(out, signature, 8);
  uint8_t ihdr[13] = {(uint8_t)(width >> 24), (uint8_t)(width >> 16), (uint8_t)(width >> 8), (uint8_t)width,
                      (uint8_t)(height >> 24), (uint8_t)(height >> 16), (uint8_t)(height >> 8), (uint8_t)height,
                      8, color_types[channels], 0, 0, 0};
  wf_out_chunk(out, "IHDR", ihdr, 13);
  if (settings->pixels_per_metre > 0) {
    uint32_t ppm = settings->pixels_per_metre;
    uint8_t phys[9] = {(uint8_t)(ppm >> 24), (uint8_t)(ppm >> 16), (uint8_t)(ppm >> 8), (uint8_t)ppm,
                       (uint8_t)(ppm >> 24), (uint8_t)(ppm >> 16), (uint8_t)(ppm >> 8), (uint8_t)ppm, 1};
    wf_out_chunk(out, "pHYs", phys, 9);
  }
  for (int i = 0; i < settings->text_count; i++) wf_out_text(out, settings->text_keys[i], settings->text_values[i]);
  wf_out_chunk(out, "IDAT", idat->data, idat->size);
  wf_out_chunk(out, "IEND", NULL, 0);
}

int wf_png_encode_fast(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                       int channels, const wf_png_settings *settings, uint8_t **out_data,
                       size_t *out_size, char *error, size_t error_capacity) {
  *out_data = NULL;
  *out_size = 0;
  if (channels < 1 || channels > 4 || width == 0 || height == 0) {
    snprintf(error, error_capacity, "invalid image shape %ux%u with %d channels", width, height, channels);
    return -1;
  }
  int level = settings->compression_level < 0 ? 0 : settings->compression_level > 12 ? 12 : settings->compression_level;
  wf_out idat = {NULL, 0, 0, 0}, out = {NULL, 0, 0, 0};
  int status = wf_image_data(&idat, pixels, width, height, stride, channels, level);
  if (status == 0) {
    wf_png_chunks(&out, &idat, width, height, channels, settings);
    if (out.failed) status = -1;
  }
  free(idat.data);
  if (status != 0) {
    free(out.data);
    if (status == -2) snprintf(error, error_capacity, "libdeflate could not compress the image");
    else snprintf(error, error_capacity, "out of memory while encoding a %ux%u image", width, height);
    return -1;
  }
  *out_data = out.data;
  *out_size = out.size;
  return 0;
}

// MARK: Hooks for WordFit's tests (PNGCodecTests): the C pieces checked on their own.

int wf_deflate_code_lengths(const uint32_t *frequencies, int count, int limit, uint8_t *lengths) {
  if (count < 1 || count > 320 || limit < 1 || limit > 15) return -1;
  int used = 0;
  for (int i = 0; i < count; i++) used += frequencies[i] != 0;
  if (used > 1 << limit) return -1;
  wf_huffman_lengths(frequencies, count, limit, lengths);
  return 0;
}

/// For the test hooks: whether `stream` (a raw DEFLATE stream, not failed) inflates with
/// libdeflate to exactly the `size` bytes at `expected`.
static int wf_inflates_to(const wf_out *stream, const uint8_t *expected, size_t size) {
  uint8_t *back = (uint8_t *)malloc(size ? size : 1);
  struct libdeflate_decompressor *inflater = libdeflate_alloc_decompressor();
  size_t produced = 0;
  int same = back && inflater && !stream->failed &&
             libdeflate_deflate_decompress(inflater, stream->data, stream->size, back, size, &produced) ==
                 LIBDEFLATE_SUCCESS &&
             produced == size && (size == 0 || memcmp(back, expected, size) == 0);
  if (inflater) libdeflate_free_decompressor(inflater);
  free(back);
  return same;
}

int wf_deflate_run_round_trip(const uint8_t *data, size_t size, int bpp, size_t line, size_t block_symbols) {
  if (bpp < 1 || bpp > 4 || line < 1 || block_symbols < 1 || block_symbols > WF_RUN_BLOCK_SYMBOLS) return -1;
  wf_run_symbols *runs = (wf_run_symbols *)malloc(sizeof(wf_run_symbols));
  wf_out stream = {NULL, 0, 0, 0};
  int status = -1;
  if (runs) {
    runs->limit = block_symbols;
    wf_bits bits = {&stream, 0, 0};
    wf_begin_runs(runs);
    if (wf_write_run_blocks(&bits, runs, data, size, bpp, line) == 0 && wf_end_runs(&bits, runs, bpp, line) == 0) {
      wf_bits_finish(&bits);
      if (wf_inflates_to(&stream, data, size)) status = 0;
    }
  }
  free(runs);
  free(stream.data);
  return status;
}

int wf_deflate_uniform_round_trip(const uint8_t *pixel, int bpp, size_t line, uint32_t rows, size_t block_symbols) {
  if (bpp < 1 || bpp > 4 || line < 1 + (size_t)bpp || (line - 1) % (size_t)bpp != 0 || block_symbols < 1 ||
      block_symbols > WF_RUN_BLOCK_SYMBOLS)
    return -1;
  size_t size = (size_t)rows * line;
  wf_run_symbols *runs = (wf_run_symbols *)malloc(sizeof(wf_run_symbols));
  uint8_t *expected = (uint8_t *)malloc(size ? size : 1);
  wf_out stream = {NULL, 0, 0, 0};
  int status = -1;
  if (runs && expected) {
    for (size_t at = 0; at < size; at += line) {
      expected[at] = 0;
      for (size_t x = 1; x < line; x++) expected[at + x] = pixel[(x - 1) % (size_t)bpp];
    }
    runs->limit = block_symbols;
    wf_bits bits = {&stream, 0, 0};
    wf_begin_runs(runs);
    if (wf_write_uniform_rows(&bits, runs, rows, line, pixel, bpp) == 0 && wf_end_runs(&bits, runs, bpp, line) == 0) {
      wf_bits_finish(&bits);
      if (wf_inflates_to(&stream, expected, size)) status = 0;
    }
  }
  free(runs);
  free(expected);
  free(stream.data);
  return status;
}
