// WordFit's own PNG writer: PNG chunks; uniform leading rows hand-coded, the rest libdeflate.
// No libpng here.

#include "wordfit_png.h"

#include <libdeflate.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int wf_is_ascii(const char *text) {
  for (const unsigned char *p = (const unsigned char *)text; *p; p++)
    if (*p >= 0x80) return 0;
  return 1;
}

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

/// Per-thread compressors, reused across images (allocating one, ~670 KB, costs more than
/// encoding a small image). Each belongs to its thread through a pthread key whose destructor
/// frees it when the thread ends, so a library user whose threads come and go leaks nothing.
typedef struct wf_thread_compressor {
  struct libdeflate_compressor *compressor;
  int level;
} wf_thread_compressor;

static pthread_key_t wf_compressor_key;
static pthread_once_t wf_compressor_once = PTHREAD_ONCE_INIT;

static void wf_compressor_destroy(void *value) {
  wf_thread_compressor *owned = (wf_thread_compressor *)value;
  if (owned == NULL) return;
  if (owned->compressor) libdeflate_free_compressor(owned->compressor);
  free(owned);
}

static void wf_compressor_make_key(void) { pthread_key_create(&wf_compressor_key, wf_compressor_destroy); }

static struct libdeflate_compressor *wf_get_compressor(int level) {
  pthread_once(&wf_compressor_once, wf_compressor_make_key);
  wf_thread_compressor *owned = (wf_thread_compressor *)pthread_getspecific(wf_compressor_key);
  if (owned == NULL) {
    owned = (wf_thread_compressor *)calloc(1, sizeof(wf_thread_compressor));
    if (owned == NULL) return NULL;
    owned->level = -1;
    if (pthread_setspecific(wf_compressor_key, owned) != 0) {
      free(owned);
      return NULL;
    }
  }
  if (owned->compressor == NULL || owned->level != level) {
    if (owned->compressor) libdeflate_free_compressor(owned->compressor);
    owned->compressor = libdeflate_alloc_compressor(level);
    owned->level = level;
  }
  return owned->compressor;
}

const char *wf_deflate_version(void) { return LIBDEFLATE_VERSION_STRING; }

void wf_png_release_thread_encoder(void) {
  pthread_once(&wf_compressor_once, wf_compressor_make_key);
  wf_compressor_destroy(pthread_getspecific(wf_compressor_key));
  pthread_setspecific(wf_compressor_key, NULL);
}


// MARK: A hand-written DEFLATE block for rows of one colour.
//
// The leading rows of a badge are one colour. Fed to a general compressor they cost as much
// time per byte as text does; here they become a few symbols: the first row's filter byte and
// pixel as literals, the rest of the row as matches at distance `bpp`, and every further row as
// matches at distance `line` (or one run of zeros when everything is zero), in one
// dynamic-Huffman block whose code is built from those symbols' counts.

typedef struct wf_bits {
  wf_out *out;
  uint64_t buffer;
  int count;
} wf_bits;

static void wf_bits_put(wf_bits *bits, uint32_t value, int count) {
  bits->buffer |= (uint64_t)value << bits->count;
  bits->count += count;
  while (bits->count >= 8) {
    uint8_t byte = (uint8_t)bits->buffer;
    wf_out_bytes(bits->out, &byte, 1);
    bits->buffer >>= 8;
    bits->count -= 8;
  }
}

/// Writes a Huffman code (most significant bit first, as DEFLATE stores codes).
static void wf_bits_code(wf_bits *bits, uint32_t code, int length) {
  uint32_t reversed = 0;
  for (int i = 0; i < length; i++) reversed |= ((code >> i) & 1u) << (length - 1 - i);
  wf_bits_put(bits, reversed, length);
}

static void wf_bits_align(wf_bits *bits) {
  if (bits->count > 0) wf_bits_put(bits, 0, 8 - bits->count);
}

static const uint16_t wf_length_base[29] = {3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
                                            31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t wf_length_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                            2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
static const uint16_t wf_distance_base[30] = {1,    2,    3,    4,    5,    7,     9,     13,    17,  25,
                                              33,   49,   65,   97,   129,  193,   257,   385,   513, 769,
                                              1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
static const uint8_t wf_distance_extra[30] = {0, 0, 0, 0, 1, 1, 2, 2,  3,  3,  4,  4,  5,  5,  6,
                                              6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};

static int wf_length_symbol(int length) {
  if (length == 258) return 28;
  int index = 0;
  while (index + 1 < 28 && wf_length_base[index + 1] <= length) index++;
  return index;
}

static int wf_distance_symbol(int distance) {
  int index = 0;
  while (index + 1 < 30 && wf_distance_base[index + 1] <= distance) index++;
  return index;
}

/// One symbol of the block: a literal byte, or a match.
typedef struct wf_symbol {
  uint16_t length;    // 0: literal
  uint16_t value;     // the literal byte
  uint16_t distance;  // for a match
} wf_symbol;

typedef struct wf_symbols {
  wf_symbol *items;
  size_t count;
  size_t capacity;
} wf_symbols;

static int wf_symbols_add(wf_symbols *list, wf_symbol symbol) {
  if (list->count == list->capacity) {
    size_t capacity = list->capacity ? list->capacity * 2 : 256;
    wf_symbol *grown = (wf_symbol *)realloc(list->items, capacity * sizeof(wf_symbol));
    if (grown == NULL) return -1;
    list->items = grown;
    list->capacity = capacity;
  }
  list->items[list->count++] = symbol;
  return 0;
}

/// Matches covering `total` bytes at `distance`, each 3…258 long.
static int wf_symbols_matches(wf_symbols *list, size_t total, int distance, const uint8_t *pattern, size_t period,
                              size_t phase) {
  while (total > 0) {
    size_t take;
    if (total >= 261 || total == 258) take = 258;
    else if (total > 258) take = total - 3;
    else take = total;
    if (take < 3) {
      for (size_t i = 0; i < take; i++) {
        wf_symbol literal = {0, pattern[(phase + i) % period], 0};
        if (wf_symbols_add(list, literal)) return -1;
      }
    } else {
      wf_symbol match = {(uint16_t)take, 0, (uint16_t)distance};
      if (wf_symbols_add(list, match)) return -1;
    }
    phase += take;
    total -= take;
  }
  return 0;
}

/// Huffman code lengths for `count` frequencies, at most `limit` bits; unused symbols get 0.
/// With one used symbol it gets length 1.
static void wf_huffman_lengths(const uint32_t *frequencies, int count, int limit, uint8_t *lengths) {
  uint32_t scaled[320];
  for (int i = 0; i < count; i++) scaled[i] = frequencies[i];
  for (;;) {
    int nodes = 0;
    uint32_t weight[640];
    int parent[640];
    int leaf[320];
    for (int i = 0; i < count; i++) {
      lengths[i] = 0;
      if (scaled[i]) {
        leaf[i] = nodes;
        weight[nodes] = scaled[i];
        parent[nodes] = -1;
        nodes++;
      } else {
        leaf[i] = -1;
      }
    }
    if (nodes == 0) return;
    if (nodes == 1) {
      for (int i = 0; i < count; i++)
        if (scaled[i]) lengths[i] = 1;
      return;
    }
    int alive[640];
    int alive_count = nodes;
    for (int i = 0; i < nodes; i++) alive[i] = i;
    while (alive_count > 1) {
      int a = -1, b = -1;
      for (int i = 0; i < alive_count; i++) {
        int node = alive[i];
        if (a < 0 || weight[node] < weight[alive[a]]) {
          b = a;
          a = i;
        } else if (b < 0 || weight[node] < weight[alive[b]]) {
          b = i;
        }
      }
      int merged = nodes++;
      weight[merged] = weight[alive[a]] + weight[alive[b]];
      parent[merged] = -1;
      parent[alive[a]] = merged;
      parent[alive[b]] = merged;
      int high = a > b ? a : b, low = a > b ? b : a;
      alive[high] = alive[--alive_count];
      alive[low] = merged;
    }
    int deepest = 0;
    for (int i = 0; i < count; i++) {
      if (leaf[i] < 0) continue;
      int depth = 0;
      for (int node = leaf[i]; parent[node] >= 0; node = parent[node]) depth++;
      lengths[i] = (uint8_t)depth;
      if (depth > deepest) deepest = depth;
    }
    if (deepest <= limit) return;
    for (int i = 0; i < count; i++)
      if (scaled[i]) scaled[i] = scaled[i] / 2 + 1;
  }
}

/// Canonical codes for `lengths` (RFC 1951, 3.2.2).
static void wf_canonical(const uint8_t *lengths, int count, uint16_t *codes) {
  int length_count[16] = {0};
  for (int i = 0; i < count; i++) length_count[lengths[i]]++;
  length_count[0] = 0;
  uint16_t next[16];
  uint16_t code = 0;
  for (int bits = 1; bits < 16; bits++) {
    code = (uint16_t)((code + length_count[bits - 1]) << 1);
    next[bits] = code;
  }
  for (int i = 0; i < count; i++)
    if (lengths[i]) codes[i] = next[lengths[i]]++;
}

/// Writes `symbols` as one dynamic-Huffman block (non-final unless `final`).
static int wf_write_block(wf_bits *bits, const wf_symbols *symbols, int final) {
  uint32_t literal_frequency[286] = {0};
  uint32_t distance_frequency[30] = {0};
  for (size_t i = 0; i < symbols->count; i++) {
    const wf_symbol *s = &symbols->items[i];
    if (s->length == 0) {
      literal_frequency[s->value]++;
    } else {
      literal_frequency[257 + wf_length_symbol(s->length)]++;
      distance_frequency[wf_distance_symbol(s->distance)]++;
    }
  }
  literal_frequency[256] = 1;
  int any_distance = 0;
  for (int i = 0; i < 30; i++) any_distance |= distance_frequency[i] != 0;
  if (!any_distance) distance_frequency[0] = 1;
  uint8_t literal_lengths[286], distance_lengths[30];
  wf_huffman_lengths(literal_frequency, 286, 15, literal_lengths);
  wf_huffman_lengths(distance_frequency, 30, 15, distance_lengths);
  uint16_t literal_codes[286] = {0}, distance_codes[30] = {0};
  wf_canonical(literal_lengths, 286, literal_codes);
  wf_canonical(distance_lengths, 30, distance_codes);
  int hlit = 286;
  while (hlit > 257 && literal_lengths[hlit - 1] == 0) hlit--;
  int hdist = 30;
  while (hdist > 1 && distance_lengths[hdist - 1] == 0) hdist--;
  // The code lengths, run-length coded with 16 (repeat previous 3-6), 17 (zeros 3-10), 18 (zeros 11-138).
  uint8_t all[316];
  int total = 0;
  for (int i = 0; i < hlit; i++) all[total++] = literal_lengths[i];
  for (int i = 0; i < hdist; i++) all[total++] = distance_lengths[i];
  uint8_t runs[316];
  uint8_t extra[316];
  int run_count = 0;
  for (int i = 0; i < total;) {
    int value = all[i];
    int repeat = 1;
    while (i + repeat < total && all[i + repeat] == value) repeat++;
    if (value == 0 && repeat >= 3) {
      int take = repeat > 138 ? 138 : repeat;
      if (take >= 11) {
        runs[run_count] = 18;
        extra[run_count++] = (uint8_t)(take - 11);
      } else {
        runs[run_count] = 17;
        extra[run_count++] = (uint8_t)(take - 3);
      }
      i += take;
    } else if (value != 0 && repeat >= 4) {
      runs[run_count] = (uint8_t)value;
      extra[run_count++] = 0;
      int take = repeat - 1 > 6 ? 6 : repeat - 1;
      runs[run_count] = 16;
      extra[run_count++] = (uint8_t)(take - 3);
      i += 1 + take;
    } else {
      runs[run_count] = (uint8_t)value;
      extra[run_count++] = 0;
      i++;
    }
  }
  uint32_t length_frequency[19] = {0};
  for (int i = 0; i < run_count; i++) length_frequency[runs[i]]++;
  uint8_t length_lengths[19];
  wf_huffman_lengths(length_frequency, 19, 7, length_lengths);
  uint16_t length_codes[19] = {0};
  wf_canonical(length_lengths, 19, length_codes);
  static const uint8_t order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
  int hclen = 19;
  while (hclen > 4 && length_lengths[order[hclen - 1]] == 0) hclen--;

  wf_bits_put(bits, final ? 1 : 0, 1);
  wf_bits_put(bits, 2, 2);
  wf_bits_put(bits, (uint32_t)(hlit - 257), 5);
  wf_bits_put(bits, (uint32_t)(hdist - 1), 5);
  wf_bits_put(bits, (uint32_t)(hclen - 4), 4);
  for (int i = 0; i < hclen; i++) wf_bits_put(bits, length_lengths[order[i]], 3);
  for (int i = 0; i < run_count; i++) {
    wf_bits_code(bits, length_codes[runs[i]], length_lengths[runs[i]]);
    if (runs[i] == 16) wf_bits_put(bits, extra[i], 2);
    if (runs[i] == 17) wf_bits_put(bits, extra[i], 3);
    if (runs[i] == 18) wf_bits_put(bits, extra[i], 7);
  }
  for (size_t i = 0; i < symbols->count; i++) {
    const wf_symbol *s = &symbols->items[i];
    if (s->length == 0) {
      wf_bits_code(bits, literal_codes[s->value], literal_lengths[s->value]);
    } else {
      int l = wf_length_symbol(s->length);
      wf_bits_code(bits, literal_codes[257 + l], literal_lengths[257 + l]);
      if (wf_length_extra[l]) wf_bits_put(bits, (uint32_t)(s->length - wf_length_base[l]), wf_length_extra[l]);
      int d = wf_distance_symbol(s->distance);
      wf_bits_code(bits, distance_codes[d], distance_lengths[d]);
      if (wf_distance_extra[d]) wf_bits_put(bits, (uint32_t)(s->distance - wf_distance_base[d]), wf_distance_extra[d]);
    }
  }
  wf_bits_code(bits, literal_codes[256], literal_lengths[256]);
  return bits->out->failed ? -1 : 0;
}

/// Appends a non-final block for `rows` rows of `line` bytes, each a zero filter byte and then
/// `pixel` (`bpp` bytes) repeated, followed by an empty stored block so what comes next starts
/// on a byte boundary.
static int wf_write_uniform_rows(wf_out *out, uint32_t rows, size_t line, const uint8_t *pixel, int bpp) {
  wf_symbols symbols = {NULL, 0, 0};
  int zero = 1;
  for (int i = 0; i < bpp; i++) zero &= pixel[i] == 0;
  uint8_t row_start[5] = {0};
  memcpy(row_start + 1, pixel, (size_t)bpp);
  int failed = 0;
  wf_symbol filter = {0, 0, 0};
  if (zero) {
    failed |= wf_symbols_add(&symbols, filter);
    failed |= wf_symbols_matches(&symbols, (size_t)rows * line - 1, 1, row_start, 1, 0);
  } else {
    for (uint32_t row = 0; row < rows && !failed; row++) {
      if (row > 0 && line <= 32768 && (size_t)(rows - row) * line >= 3) {
        // Every further row repeats the one above: one span of matches at distance `line`.
        failed |= wf_symbols_matches(&symbols, (size_t)(rows - row) * line, (int)line, NULL, 1, 0);
        break;
      }
      failed |= wf_symbols_add(&symbols, filter);
      for (int i = 0; i < bpp; i++) {
        wf_symbol literal = {0, pixel[i], 0};
        failed |= wf_symbols_add(&symbols, literal);
      }
      failed |= wf_symbols_matches(&symbols, line - 1 - (size_t)bpp, bpp, pixel, (size_t)bpp, 0);
    }
  }
  wf_bits bits = {out, 0, 0};
  if (!failed) failed = wf_write_block(&bits, &symbols, 0);
  free(symbols.items);
  if (failed) return -1;
  // An empty stored block: BFINAL 0, BTYPE 00, align, LEN 0, NLEN 0xFFFF.
  wf_bits_put(&bits, 0, 3);
  wf_bits_align(&bits);
  static const uint8_t empty[4] = {0x00, 0x00, 0xFF, 0xFF};
  wf_out_bytes(out, empty, 4);
  return out->failed ? -1 : 0;
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
  if (prefix > 0 && wf_write_uniform_rows(&idat, uniform, line, pixels, channels) != 0) goto out_of_memory;
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
