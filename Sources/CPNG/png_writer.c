// WordFit's own PNG writer: PNG chunks; runs of uniform rows hand-coded, the rest libdeflate.
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
struct wf_run_symbols;

typedef struct wf_thread_compressor {
  struct libdeflate_compressor *compressor;
  int level;
  uint8_t *scratch;          // filtered rows handed to libdeflate, reused across images
  size_t scratch_capacity;   // kept only up to WF_SCRATCH_KEEP bytes
  struct wf_run_symbols *runs;  // the run matcher's block buffer (~100 KB), made at level 0
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
  if (owned == NULL) {
    owned = (wf_thread_compressor *)calloc(1, sizeof(wf_thread_compressor));
    if (owned == NULL) return NULL;
    owned->level = -1;
    if (pthread_setspecific(wf_compressor_key, owned) != 0) {
      free(owned);
      return NULL;
    }
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

/// `size` bytes of the thread's scratch buffer (grown as needed), or NULL.
static uint8_t *wf_get_scratch(wf_thread_compressor *owned, size_t size) {
  if (owned->scratch_capacity < size) {
    free(owned->scratch);
    owned->scratch = (uint8_t *)malloc(size);
    owned->scratch_capacity = owned->scratch ? size : 0;
  }
  return owned->scratch;
}

/// Gives back a scratch buffer larger than WF_SCRATCH_KEEP, so one huge image does not pin its
/// memory for the thread's lifetime.
static void wf_trim_scratch(wf_thread_compressor *owned) {
  if (owned->scratch_capacity <= WF_SCRATCH_KEEP) return;
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

/// The low `length` bits of `code` in reverse order: DEFLATE stores Huffman codes most
/// significant bit first in an LSB-first bit stream.
static inline uint32_t wf_reverse_bits(uint32_t code, int length) {
  uint32_t reversed = 0;
  for (int i = 0; i < length; i++) reversed |= ((code >> i) & 1u) << (length - 1 - i);
  return reversed;
}

/// Writes a Huffman code (most significant bit first, as DEFLATE stores codes).
static void wf_bits_code(wf_bits *bits, uint32_t code, int length) {
  wf_bits_put(bits, wf_reverse_bits(code, length), length);
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

/// Orders leaves by weight, then by symbol, so equal inputs give equal trees.
static int wf_compare_leaves(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

/// Huffman code lengths for `count` (at most 320) frequencies, at most `limit` bits; unused
/// symbols get 0. With one used symbol it gets length 1. The tree is built with two queues over
/// the leaves sorted by weight (merged nodes are made in increasing weight, so each step takes
/// the lighter of the two fronts); a tree deeper than `limit` is rebuilt from halved weights.
/// - Complexity: O(count log count) per build.
static void wf_huffman_lengths(const uint32_t *frequencies, int count, int limit, uint8_t *lengths) {
  uint32_t scaled[320];
  for (int i = 0; i < count; i++) scaled[i] = frequencies[i];
  for (;;) {
    uint64_t leaves[320];  // weight << 16 | symbol
    int used = 0;
    for (int i = 0; i < count; i++) {
      lengths[i] = 0;
      if (scaled[i]) leaves[used++] = (uint64_t)scaled[i] << 16 | (uint64_t)i;
    }
    if (used == 0) return;
    if (used == 1) {
      lengths[leaves[0] & 0xFFFF] = 1;
      return;
    }
    qsort(leaves, (size_t)used, sizeof leaves[0], wf_compare_leaves);
    // Nodes 0..used-1 are the sorted leaves, used.. the merged nodes in the order made.
    uint64_t weight[640];
    int parent[640];
    for (int i = 0; i < used; i++) weight[i] = leaves[i] >> 16;
    int next_leaf = 0, next_merged = used, nodes = used;
    for (int merges = 0; merges < used - 1; merges++) {
      int pick[2];
      for (int k = 0; k < 2; k++) {
        int take_leaf = next_leaf < used && (next_merged >= nodes || weight[next_leaf] <= weight[next_merged]);
        pick[k] = take_leaf ? next_leaf++ : next_merged++;
      }
      weight[nodes] = weight[pick[0]] + weight[pick[1]];
      parent[pick[0]] = parent[pick[1]] = nodes;
      nodes++;
    }
    // The root is the last node; a node's depth is its parent's plus one, parents come later.
    int depth[640];
    depth[nodes - 1] = 0;
    int deepest = 0;
    for (int node = nodes - 2; node >= 0; node--) {
      depth[node] = depth[parent[node]] + 1;
      if (node < used) {
        lengths[leaves[node] & 0xFFFF] = (uint8_t)depth[node];
        if (depth[node] > deepest) deepest = depth[node];
      }
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
/// Writes a dynamic-Huffman block's header for these symbol counts (`literal_frequency[256]`,
/// end of block, and one distance are added) and returns the codes, most significant bit
/// first, and their lengths.
static void wf_write_block_header(wf_bits *bits, uint32_t *literal_frequency, uint32_t *distance_frequency,
                                  int final, uint8_t *literal_lengths, uint16_t *literal_codes,
                                  uint8_t *distance_lengths, uint16_t *distance_codes) {
  literal_frequency[256] = 1;
  int any_distance = 0;
  for (int i = 0; i < 30; i++) any_distance |= distance_frequency[i] != 0;
  if (!any_distance) distance_frequency[0] = 1;
  wf_huffman_lengths(literal_frequency, 286, 15, literal_lengths);
  wf_huffman_lengths(distance_frequency, 30, 15, distance_lengths);
  memset(literal_codes, 0, 286 * sizeof literal_codes[0]);
  memset(distance_codes, 0, 30 * sizeof distance_codes[0]);
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
}

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
  uint8_t literal_lengths[286], distance_lengths[30];
  uint16_t literal_codes[286], distance_codes[30];
  wf_write_block_header(bits, literal_frequency, distance_frequency, final, literal_lengths, literal_codes,
                        distance_lengths, distance_codes);
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


/// Appends a dynamic-Huffman block (final when `final`) for `rows` rows of `line` bytes, each a
/// zero filter byte and then `pixel` (`bpp` bytes) repeated. The block refers only to its own
/// bytes, so it can follow anything.
static int wf_write_uniform_block(wf_bits *bits, uint32_t rows, size_t line, const uint8_t *pixel, int bpp,
                                  int final) {
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
  if (!failed) failed = wf_write_block(bits, &symbols, final);
  free(symbols.items);
  return failed ? -1 : 0;
}

// MARK: The run matcher (level 0).
//
// Badges are mostly flat colour with text. libdeflate's hash-chain search spends as much time per
// byte on a flat span as on text; here each position is compared with only two earlier ones, the
// pixel to the left (distance `bpp`) and the pixel above (distance `line`), and the longer match
// of at least 3 bytes is taken, else a literal. Flat spans become 258-byte matches found by 8-byte
// compares; glyph edges stay literals. Blocks of at most WF_RUN_BLOCK_SYMBOLS symbols, each with
// its own Huffman code, bound the memory to a fixed ~100 KB.

#define WF_RUN_BLOCK_SYMBOLS 16384

/// How many leading bytes of `a` and `b` agree, up to `limit`.
static inline size_t wf_match_length(const uint8_t *a, const uint8_t *b, size_t limit) {
  size_t n = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  while (n + 8 <= limit) {
    uint64_t x, y;
    memcpy(&x, a + n, 8);
    memcpy(&y, b + n, 8);
    if (x != y) return n + (size_t)(__builtin_ctzll(x ^ y) >> 3);
    n += 8;
  }
#endif
  while (n < limit && a[n] == b[n]) n++;
  return n;
}

/// One block's symbols: a literal/length symbol, the length's extra bits, which distance.
typedef struct wf_run_symbols {
  uint16_t symbol[WF_RUN_BLOCK_SYMBOLS];
  uint8_t extra[WF_RUN_BLOCK_SYMBOLS];      // length - base for a match
  uint8_t far_match[WF_RUN_BLOCK_SYMBOLS];  // 1: distance `line`, 0: distance `bpp`
  uint32_t literal_frequency[286];
  uint32_t distance_frequency[30];
  size_t count;
} wf_run_symbols;

/// Emits `runs` as one block, with a fast bit writer (every symbol takes at most 48 bits).
static int wf_write_run_block(wf_bits *bits, wf_run_symbols *runs, const int distance_slot[2],
                              const int distance_value[2], int final) {
  uint8_t literal_lengths[286], distance_lengths[30];
  uint16_t literal_codes[286], distance_codes[30];
  wf_write_block_header(bits, runs->literal_frequency, runs->distance_frequency, final, literal_lengths,
                        literal_codes, distance_lengths, distance_codes);
  uint32_t reversed[286], distance_bits[2];
  int distance_length[2];
  for (int i = 0; i < 286; i++) reversed[i] = wf_reverse_bits(literal_codes[i], literal_lengths[i]);
  for (int k = 0; k < 2; k++) {
    int slot = distance_slot[k], length = distance_lengths[slot];
    distance_bits[k] = wf_reverse_bits(distance_codes[slot], length) |
                       (uint32_t)(distance_value[k] - wf_distance_base[slot]) << length;
    distance_length[k] = length + wf_distance_extra[slot];
  }
  wf_out *out = bits->out;
  wf_out_reserve(out, runs->count * 6 + 16);
  if (out->failed) return -1;
  uint8_t *cursor = out->data + out->size;
  uint64_t buffer = bits->buffer;
  int count = bits->count;
#define WF_PUT(value, length)                                  \
  do {                                                         \
    buffer |= (uint64_t)(value) << count;                      \
    count += (length);                                         \
    if (count >= 32) {                                         \
      for (int byte = 0; byte < 4; byte++) *cursor++ = (uint8_t)(buffer >> (8 * byte)); \
      buffer >>= 32;                                           \
      count -= 32;                                             \
    }                                                          \
  } while (0)
  for (size_t i = 0; i < runs->count; i++) {
    int symbol = runs->symbol[i];
    WF_PUT(reversed[symbol], literal_lengths[symbol]);
    if (symbol > 256) {
      WF_PUT(runs->extra[i], wf_length_extra[symbol - 257]);
      int far = runs->far_match[i];
      WF_PUT(distance_bits[far], distance_length[far]);
    }
  }
  WF_PUT(reversed[256], literal_lengths[256]);
#undef WF_PUT
  out->size = (size_t)(cursor - out->data);
  bits->buffer = buffer;
  bits->count = count;
  wf_bits_put(bits, 0, 0);  // whole bytes out, fewer than 8 bits left
  runs->count = 0;
  memset(runs->literal_frequency, 0, sizeof runs->literal_frequency);
  memset(runs->distance_frequency, 0, sizeof runs->distance_frequency);
  return out->failed ? -1 : 0;
}

/// The thread's run-matcher block buffer (made on first use), or NULL.
static wf_run_symbols *wf_get_runs(wf_thread_compressor *owned) {
  if (owned->runs == NULL) owned->runs = (wf_run_symbols *)malloc(sizeof(wf_run_symbols));
  return owned->runs;
}

/// Appends blocks for `size` bytes of filtered rows (`line` bytes each) found by the run
/// matcher, collected in `runs`; the last block is final when `final`. The blocks refer only
/// to these bytes.
/// - Complexity: O(size).
static int wf_write_run_blocks(wf_bits *bits, wf_run_symbols *runs, const uint8_t *data, size_t size, int bpp,
                               size_t line, int final) {
  runs->count = 0;
  memset(runs->literal_frequency, 0, sizeof runs->literal_frequency);
  memset(runs->distance_frequency, 0, sizeof runs->distance_frequency);
  uint8_t length_symbol[259];
  for (int length = 3; length <= 258; length++) length_symbol[length] = (uint8_t)wf_length_symbol(length);
  const size_t distances[2] = {(size_t)bpp, line <= 32768 ? line : 0};
  const int distance_value[2] = {bpp, (int)distances[1]};
  const int distance_slot[2] = {wf_distance_symbol(bpp), distances[1] ? wf_distance_symbol((int)distances[1]) : 0};
  int failed = 0;
  for (size_t at = 0; at < size && !failed;) {
    size_t limit = size - at < 258 ? size - at : 258, best = 0;
    int far = 0;
    if (at >= distances[0]) best = wf_match_length(data + at, data + at - distances[0], limit);
    if (distances[1] && at >= distances[1] && best < limit) {
      size_t above = wf_match_length(data + at, data + at - distances[1], limit);
      if (above > best) best = above, far = 1;
    }
    size_t i = runs->count++;
    if (best >= 3) {
      int symbol = length_symbol[best];
      runs->symbol[i] = (uint16_t)(257 + symbol);
      runs->extra[i] = (uint8_t)(best - wf_length_base[symbol]);
      runs->far_match[i] = (uint8_t)far;
      runs->literal_frequency[257 + symbol]++;
      runs->distance_frequency[distance_slot[far]]++;
      at += best;
    } else {
      runs->symbol[i] = data[at];
      runs->literal_frequency[data[at]]++;
      at++;
    }
    if (runs->count == WF_RUN_BLOCK_SYMBOLS && at < size)
      failed = wf_write_run_block(bits, runs, distance_slot, distance_value, 0);
  }
  if (!failed) failed = wf_write_run_block(bits, runs, distance_slot, distance_value, final);
  return failed ? -1 : 0;
}

/// Brings the stream to a byte boundary with an empty stored block (BFINAL 0, BTYPE 00, the
/// padding, LEN 0, NLEN 0xFFFF), so bytes from another compressor can follow.
static void wf_bits_sync(wf_bits *bits) {
  wf_bits_put(bits, 0, 3);
  wf_bits_align(bits);
  static const uint8_t empty[4] = {0x00, 0x00, 0xFF, 0xFF};
  wf_out_bytes(bits->out, empty, 4);
}


// MARK: Walking a DEFLATE stream.
//
// libdeflate ends its output with a final block. To let more blocks follow it, the walker
// finds that block's BFINAL bit and the bit just after its end-of-block code by reading the
// block headers and stepping over every Huffman symbol (nothing is decompressed). It reads
// only what libdeflate just wrote; anything it cannot follow makes the encoder fall back to
// one libdeflate stream for the whole image.

typedef struct wf_reader {
  const uint8_t *data;
  size_t size;
  size_t next;      // the next byte to load (past `size`: zeros)
  uint64_t buffer;  // loaded bits not yet consumed, the next one lowest
  int count;        // how many bits `buffer` holds
} wf_reader;

/// Loads bytes until at least 56 bits are buffered (zeros past the end).
static inline void wf_refill(wf_reader *reader) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  if (reader->next + 8 <= reader->size) {
    // Eight bytes at once; the bytes beyond those counted are ORed in again, unchanged, later.
    uint64_t word;
    memcpy(&word, reader->data + reader->next, 8);
    reader->buffer |= word << reader->count;
    reader->next += (size_t)((63 - reader->count) >> 3);
    reader->count |= 56;
    return;
  }
#endif
  while (reader->count <= 56) {
    uint64_t byte = reader->next < reader->size ? reader->data[reader->next] : 0;
    reader->next++;
    reader->buffer |= byte << reader->count;
    reader->count += 8;
  }
}

/// The bit index of the next unread bit.
static inline size_t wf_position(const wf_reader *reader) { return reader->next * 8 - (size_t)reader->count; }

/// The next `count` (≤ 32) bits, not consumed.
static inline uint32_t wf_peek(wf_reader *reader, int count) {
  if (reader->count < count) wf_refill(reader);
  return (uint32_t)(reader->buffer & ((1ull << count) - 1u));
}

static inline void wf_skip(wf_reader *reader, int count) {
  if (reader->count < count) wf_refill(reader);
  reader->buffer >>= count;
  reader->count -= count;
}

static inline uint32_t wf_take(wf_reader *reader, int count) {
  uint32_t value = wf_peek(reader, count);
  wf_skip(reader, count);
  return value;
}

/// Moves to bit index `bit`.
static void wf_seek(wf_reader *reader, size_t bit) {
  reader->next = bit >> 3;
  reader->buffer = 0;
  reader->count = 0;
  wf_skip(reader, (int)(bit & 7));
}

static inline int wf_overrun(const wf_reader *reader) { return wf_position(reader) > reader->size * 8; }

/// A canonical Huffman decoder: codes of up to 11 bits through a table, longer ones bit by bit.
typedef struct wf_huffman {
  uint16_t count[16];
  uint16_t symbol[320];
  uint16_t fast[2048];  // symbol | length << 9, or 0; the first 2^bits entries are used
  int bits;             // the table's index width: the longest code, at most 11
  int first_long;       // canonical decoding's state after `bits` bits, for longer codes
  int index_long;
} wf_huffman;

static int wf_huffman_build(wf_huffman *huffman, const uint8_t *lengths, int count) {
  memset(huffman->count, 0, sizeof huffman->count);
  for (int i = 0; i < count; i++) huffman->count[lengths[i]]++;
  huffman->count[0] = 0;
  int left = 1;
  for (int length = 1; length < 16; length++) {
    left = (left << 1) - huffman->count[length];
    if (left < 0) return -1;  // over-subscribed; incomplete codes are allowed
  }
  uint16_t offset[16] = {0};
  for (int length = 1; length < 15; length++) offset[length + 1] = offset[length] + huffman->count[length];
  for (int i = 0; i < count; i++)
    if (lengths[i]) huffman->symbol[offset[lengths[i]]++] = (uint16_t)i;
  huffman->bits = 1;
  for (int length = 1; length < 16; length++)
    if (huffman->count[length]) huffman->bits = length < 11 ? length : 11;
  uint32_t size = 1u << huffman->bits;
  memset(huffman->fast, 0, size * sizeof huffman->fast[0]);
  uint32_t code = 0;
  int index = 0;
  for (int length = 1; length <= huffman->bits; length++) {
    for (int n = 0; n < huffman->count[length]; n++, index++, code++) {
      for (uint32_t fill = wf_reverse_bits(code, length); fill < size; fill += 1u << length)
        huffman->fast[fill] = (uint16_t)(huffman->symbol[index] | length << 9);
    }
    code <<= 1;
  }
  int first = 0;
  index = 0;
  for (int length = 1; length <= huffman->bits; length++) {
    index += huffman->count[length];
    first = (first + huffman->count[length]) << 1;
  }
  huffman->first_long = first;
  huffman->index_long = index;
  return 0;
}

/// Codes longer than the table, from the next 15 bits: canonical decoding resumed after the
/// table's `bits` bits. Returns `symbol | length << 9` like a table entry, or 0.
static int wf_huffman_decode_long(const wf_huffman *huffman, uint32_t next) {
  int code = 0;
  for (int b = 0; b < huffman->bits; b++) code = code << 1 | (int)((next >> b) & 1u);
  int first = huffman->first_long, index = huffman->index_long;
  for (int length = huffman->bits + 1; length < 16; length++) {
    code = code << 1 | (int)((next >> (length - 1)) & 1u);
    int count = huffman->count[length];
    if (code - count < first) return huffman->symbol[index + (code - first)] | length << 9;
    index += count;
    first = (first + count) << 1;
  }
  return 0;
}

/// The next symbol, consumed; -1 for a code the table does not have.
static inline int wf_huffman_decode(wf_reader *reader, const wf_huffman *huffman) {
  if (reader->count < 15) wf_refill(reader);
  int entry = huffman->fast[reader->buffer & ((1u << huffman->bits) - 1u)];
  if (__builtin_expect(entry == 0, 0)) entry = wf_huffman_decode_long(huffman, (uint32_t)(reader->buffer & 0x7FFFu));
  if (entry == 0) return -1;
  reader->buffer >>= entry >> 9;
  reader->count -= entry >> 9;
  return entry & 511;
}

/// Reads a dynamic block's code lengths into `literals` and `distances`.
static int wf_read_dynamic_codes(wf_reader *reader, wf_huffman *literals, wf_huffman *distances) {
  static const uint8_t order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
  int hlit = (int)wf_take(reader, 5) + 257, hdist = (int)wf_take(reader, 5) + 1, hclen = (int)wf_take(reader, 4) + 4;
  if (hlit > 286 || hdist > 30) return -1;
  uint8_t lengths[320] = {0};
  for (int i = 0; i < hclen; i++) lengths[order[i]] = (uint8_t)wf_take(reader, 3);
  wf_huffman code_lengths;
  if (wf_huffman_build(&code_lengths, lengths, 19)) return -1;
  memset(lengths, 0, sizeof lengths);
  for (int i = 0; i < hlit + hdist;) {
    int symbol = wf_huffman_decode(reader, &code_lengths);
    if (symbol < 0 || wf_overrun(reader)) return -1;
    if (symbol < 16) {
      lengths[i++] = (uint8_t)symbol;
      continue;
    }
    int repeat = symbol == 16 ? 3 + (int)wf_take(reader, 2) : symbol == 17 ? 3 + (int)wf_take(reader, 3)
                                                                          : 11 + (int)wf_take(reader, 7);
    if (symbol == 16 && i == 0) return -1;
    uint8_t value = symbol == 16 ? lengths[i - 1] : 0;
    if (i + repeat > hlit + hdist) return -1;
    while (repeat--) lengths[i++] = value;
  }
  if (wf_huffman_build(literals, lengths, hlit)) return -1;
  return wf_huffman_build(distances, lengths + hlit, hdist);
}

/// Steps over a Huffman block's symbols up to its end-of-block code. The reader is copied
/// into locals so its bit buffer stays in registers (the serial chain of table lookups is
/// the walker's whole cost).
static int wf_skip_symbols(wf_reader *reader, const wf_huffman *literals, const wf_huffman *distances) {
  wf_reader local = *reader;
  for (;;) {
    if (local.count < 48) wf_refill(&local);  // a symbol with its extra bits takes at most 48
    if (wf_position(&local) > local.size * 8) return -1;
    int symbol = wf_huffman_decode(&local, literals);
    if (symbol < 256) {
      if (symbol < 0) return -1;
      continue;
    }
    if (symbol == 256) break;
    if (symbol > 285) return -1;
    int extra = wf_length_extra[symbol - 257];
    local.buffer >>= extra;
    local.count -= extra;
    int distance = wf_huffman_decode(&local, distances);
    if (distance < 0 || distance > 29) return -1;
    extra = wf_distance_extra[distance];
    local.buffer >>= extra;
    local.count -= extra;
  }
  *reader = local;
  return 0;
}

/// Finds the final block of a complete DEFLATE stream: the bit index of its BFINAL bit and of
/// the bit after its end-of-block code. Returns the number of blocks, or -1 when the stream
/// cannot be followed.
/// - Complexity: O(n) in the compressed size.
int wf_deflate_walk(const uint8_t *data, size_t size, size_t *final_bit, size_t *end_bit) {
  wf_reader reader = {data, size, 0, 0, 0};
  wf_huffman literals, distances;
  for (int blocks = 1;; blocks++) {
    size_t header = wf_position(&reader);
    int final = (int)wf_take(&reader, 1);
    int type = (int)wf_take(&reader, 2);
    if (type == 0) {
      wf_seek(&reader, (wf_position(&reader) + 7) & ~(size_t)7);
      uint32_t length = wf_take(&reader, 16), complement = wf_take(&reader, 16);
      if ((length ^ 0xFFFFu) != complement) return -1;
      wf_seek(&reader, wf_position(&reader) + (size_t)length * 8);
    } else if (type == 1) {
      uint8_t lengths[320];
      for (int i = 0; i < 288; i++) lengths[i] = i < 144 ? 8 : i < 256 ? 9 : i < 280 ? 7 : 8;
      for (int i = 0; i < 30; i++) lengths[288 + i] = 5;
      if (wf_huffman_build(&literals, lengths, 288) || wf_huffman_build(&distances, lengths + 288, 30)) return -1;
    } else if (type == 2) {
      if (wf_read_dynamic_codes(&reader, &literals, &distances)) return -1;
    } else {
      return -1;
    }
    if (type != 0 && wf_skip_symbols(&reader, &literals, &distances)) return -1;
    if (wf_overrun(&reader)) return -1;
    if (final) {
      *final_bit = header;
      *end_bit = wf_position(&reader);
      return blocks;
    }
  }
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


// MARK: The image data: uniform runs hand-coded, the rest through libdeflate.

/// A run of rows that are all one colour is hand-coded when it starts or ends the image, or is
/// at least this many bytes: shorter runs between rows of text compress as well inside
/// libdeflate's stream (which can refer back across them) and cost a block header to split out.
#define WF_HAND_CODED_MIN_BYTES ((size_t)24 << 10)

typedef struct wf_image {
  const uint8_t *pixels;
  uint32_t width, height;
  size_t stride, row_bytes, line;
  int channels;
} wf_image;

/// Whether `row` is one colour, the same as `pixel`'s.
static int wf_row_is(const wf_image *image, uint32_t row, const uint8_t *pixel) {
  const uint8_t *start = image->pixels + (size_t)row * image->stride;
  size_t bpp = (size_t)image->channels;
  return memcmp(start, pixel, bpp) == 0 &&
         (image->row_bytes <= bpp || memcmp(start, start + bpp, image->row_bytes - bpp) == 0);
}

/// The number of rows from `row` on that are one colour, the colour of `row`'s first pixel.
static uint32_t wf_uniform_run(const wf_image *image, uint32_t row) {
  const uint8_t *pixel = image->pixels + (size_t)row * image->stride;
  uint32_t end = row;
  while (end < image->height && wf_row_is(image, end, pixel)) end++;
  return end - row;
}

/// How the rows between hand-coded runs are compressed, and where they are filtered first.
typedef struct wf_row_coder {
  struct libdeflate_compressor *compressor;  // levels 1 … 12
  wf_run_symbols *runs;                      // level 0: the run matcher
  uint8_t *scratch;                          // the filtered rows
} wf_row_coder;

/// Compresses rows [first, end) with the run matcher or libdeflate onto `bits`' stream; the
/// block it ends with is left final only when `final`. Returns 0, -1 out of memory, -2 when
/// libdeflate or the walker fails.
static int wf_write_deflated_rows(wf_bits *bits, const wf_image *image, uint32_t first, uint32_t end, int final,
                                  const wf_row_coder *coder, uint32_t *adler) {
  uint8_t *scratch = coder->scratch;
  struct libdeflate_compressor *compressor = coder->compressor;
  size_t size = (size_t)(end - first) * image->line;
  for (uint32_t row = first; row < end; row++) {
    uint8_t *target = scratch + (size_t)(row - first) * image->line;
    target[0] = 0;  // filter type none
    memcpy(target + 1, image->pixels + (size_t)row * image->stride, image->row_bytes);
  }
  *adler = libdeflate_adler32(*adler, scratch, size);
  if (coder->runs) return wf_write_run_blocks(bits, coder->runs, scratch, size, image->channels, image->line, final);
  if (bits->count > 0) wf_bits_sync(bits);  // libdeflate's first block starts on a byte
  wf_out *out = bits->out;
  size_t bound = libdeflate_deflate_compress_bound(compressor, size);
  wf_out_reserve(out, bound + 8);
  if (out->failed) return -1;
  size_t written = libdeflate_deflate_compress(compressor, scratch, size, out->data + out->size, bound);
  if (written == 0) return -2;
  if (final) {
    out->size += written;
    return 0;
  }
  size_t final_bit, end_bit;
  if (wf_deflate_walk(out->data + out->size, written, &final_bit, &end_bit) < 0) return -2;
  uint8_t *base = out->data + out->size;
  base[final_bit >> 3] &= (uint8_t)~(1u << (final_bit & 7));
  out->size += end_bit >> 3;
  bits->count = (int)(end_bit & 7);
  bits->buffer = bits->count ? (uint64_t)(base[end_bit >> 3] & ((1u << bits->count) - 1u)) : 0;
  return 0;
}

/// Writes the zlib stream of the image's filtered rows (filter none) into `out`. With `plain`,
/// everything goes through libdeflate in one call (the fallback). Returns 0, -1 out of memory,
/// -2 when the segmented stream could not be built.
static int wf_write_zlib(wf_out *out, const wf_image *image, const wf_row_coder *coder, int plain) {
  static const uint8_t header[2] = {0x78, 0x9C};  // deflate, 32K window, default level hint
  wf_out_bytes(out, header, 2);
  wf_bits bits = {out, 0, 0};
  uint32_t adler = 1;
  uint32_t row = 0, pending = 0;  // rows [pending, row) wait for libdeflate
  while (row < image->height && !plain) {
    uint32_t run = wf_uniform_run(image, row);
    int at_edge = row == 0 || row + run == image->height;
    if (run == 0 || ((size_t)run * image->line < WF_HAND_CODED_MIN_BYTES && !at_edge)) {
      row += run ? run : 1;
      continue;
    }
    if (pending < row) {
      int status = wf_write_deflated_rows(&bits, image, pending, row, 0, coder, &adler);
      if (status) return status;
    }
    const uint8_t *pixel = image->pixels + (size_t)row * image->stride;
    if (wf_write_uniform_block(&bits, run, image->line, pixel, image->channels, row + run == image->height))
      return -1;
    static const uint8_t filter = 0;
    uint32_t row_adler = wf_adler_repeat(libdeflate_adler32(1, &filter, 1),
                                         libdeflate_adler32(1, pixel, (size_t)image->channels),
                                         (uint64_t)image->channels, image->width);
    adler = wf_adler_repeat(adler, row_adler, image->line, run);
    row += run;
    pending = row;
  }
  if (pending < image->height) {
    int status = wf_write_deflated_rows(&bits, image, pending, image->height, 1, coder, &adler);
    if (status) return status;
  }
  wf_bits_align(&bits);
  wf_out_be32(out, adler);
  return out->failed ? -1 : 0;
}

/// Appends one tEXt chunk, or iTXt (uncompressed, no language) when `value` is not ASCII.
static int wf_out_text(wf_out *out, const char *key, const char *value) {
  size_t key_length = strlen(key) > 79 ? 79 : strlen(key);
  size_t value_length = strlen(value);
  int ascii = wf_is_ascii(value);
  // tEXt: key NUL text; iTXt: key NUL 0 0 (uncompressed) NUL (no language) NUL (no translation) text.
  size_t length = key_length + 1 + (ascii ? 0 : 4) + value_length;
  uint8_t *chunk = (uint8_t *)calloc(length ? length : 1, 1);
  if (chunk == NULL) return -1;
  memcpy(chunk, key, key_length);
  memcpy(chunk + key_length + 1 + (ascii ? 0 : 4), value, value_length);
  wf_out_chunk(out, ascii ? "tEXt" : "iTXt", chunk, length);
  free(chunk);
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
  int level = settings->compression_level < 0 ? 0 : settings->compression_level > 12 ? 12 : settings->compression_level;
  wf_image image = {pixels, width, height, stride, (size_t)width * (size_t)channels, (size_t)width * (size_t)channels + 1,
                    channels};
  wf_out idat = {NULL, 0, 0, 0};
  wf_out out = {NULL, 0, 0, 0};
  wf_thread_compressor *state = wf_thread_state();
  wf_row_coder coder = {NULL, NULL, NULL};
  if (state) {
    if (level > 0) coder.compressor = wf_get_compressor(state, level);
    else coder.runs = wf_get_runs(state);  // level 0: the run matcher, no libdeflate compressor
    if (coder.compressor || coder.runs) coder.scratch = wf_get_scratch(state, image.line * height);
  }
  if (coder.scratch == NULL) goto out_of_memory;
  int status = wf_write_zlib(&idat, &image, &coder, 0);
  if (status == -2) {
    idat.size = 0;
    idat.failed = 0;
    status = wf_write_zlib(&idat, &image, &coder, 1);
  }
  wf_trim_scratch(state);
  if (status == -1) goto out_of_memory;
  if (status != 0) {
    snprintf(error, error_capacity, "libdeflate could not compress the image");
    goto failed;
  }

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
  for (int i = 0; i < settings->text_count; i++)
    if (wf_out_text(&out, settings->text_keys[i], settings->text_values[i])) goto out_of_memory;
  wf_out_chunk(&out, "IDAT", idat.data, idat.size);
  wf_out_chunk(&out, "IEND", NULL, 0);
  if (out.failed) goto out_of_memory;
  free(idat.data);
  *out_data = out.data;
  *out_size = out.size;
  return 0;

out_of_memory:
  snprintf(error, error_capacity, "out of memory while encoding a %ux%u image", width, height);
failed:
  free(idat.data);
  free(out.data);
  return -1;
}
