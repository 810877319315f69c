// The run matcher (PNG writer level 0).
//
// Badges are mostly flat colour with text. libdeflate's hash-chain search spends as much time per
// byte on a flat span as on text; here each position is compared with only two earlier ones, the
// pixel to the left (distance `bpp`) and the pixel above (distance `line`), and the longer match
// of at least 3 bytes is taken, else a literal. Flat spans become 258-byte matches found by 8-byte
// compares; glyph edges stay literals. Each block holds at most `runs->limit` symbols with its
// own Huffman code, which bounds memory to the fixed block buffer.

#include "png_internal.h"

#include <pthread.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/// The length code of each match length 3 … 258, made once.
static uint8_t wf_length_symbols[259];
static pthread_once_t wf_length_symbols_once = PTHREAD_ONCE_INIT;

static void wf_make_length_symbols(void) {
  for (int length = 3; length <= 258; length++) wf_length_symbols[length] = (uint8_t)wf_length_symbol(length);
}

/// How many leading bytes of `a` and `b` agree, up to `limit`: 16 bytes a step with SSE2 (every
/// x86-64), then 8, then single bytes. Flat colour makes most matches 258 bytes long, so this
/// loop is most of the run matcher's time.
static inline size_t wf_match_length(const uint8_t *a, const uint8_t *b, size_t limit) {
  size_t n = 0;
#if defined(__SSE2__)
  while (n + 16 <= limit) {
    __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(a + n));
    __m128i y = _mm_loadu_si128((const __m128i *)(const void *)(b + n));
    unsigned differ = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, y)) ^ 0xFFFFu;
    if (differ) return n + (size_t)__builtin_ctz(differ);
    n += 16;
  }
#endif
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

/// The two distances a match may have, their codes, and each as written after a length: the
/// distance code and its extra bits in one value.
typedef struct wf_run_distances {
  size_t value[2];  // `bpp`, and `line` (0 when beyond the 32 KiB window: no match from above)
  int slot[2];
} wf_run_distances;

static void wf_clear_runs(wf_run_symbols *runs) {
  runs->count = 0;
  memset(runs->literal_frequency, 0, sizeof runs->literal_frequency);
  memset(runs->distance_frequency, 0, sizeof runs->distance_frequency);
}

/// Writes the symbols collected in `runs` as one block (final when `final`) and empties it.
static int wf_write_run_block(wf_bits *bits, wf_run_symbols *runs, const wf_run_distances *distances, int final) {
  wf_block_codes codes;
  wf_write_block_header(bits, runs->literal_frequency, runs->distance_frequency, final, &codes);
  uint32_t distance_bits[2] = {0, 0};
  int distance_length[2] = {0, 0};
  for (int k = 0; k < 2; k++) {
    if (distances->value[k] == 0) continue;  // no match from above: rows beyond the window
    int slot = distances->slot[k], length = codes.distance_lengths[slot];
    distance_bits[k] = codes.distance_codes[slot] | (uint32_t)(distances->value[k] - wf_distance_base[slot]) << length;
    distance_length[k] = length + wf_distance_extra[slot];
  }
  wf_out_reserve(bits->out, runs->count * 7 + 16);  // a symbol takes at most 15 + 5 + 15 + 13 bits
  // The hot loop writes through a copy of the writer, which the compiler keeps in registers
  // (the output bytes cannot alias a local).
  wf_bits local = *bits;
  for (size_t i = 0; i < runs->count; i++) {
    int symbol = runs->symbol[i];
    wf_bits_put(&local, codes.literal_codes[symbol], codes.literal_lengths[symbol]);
    if (symbol <= 256) continue;
    wf_bits_put(&local, runs->extra[i], wf_length_extra[symbol - 257]);
    int far = runs->far_match[i];
    wf_bits_put(&local, distance_bits[far], distance_length[far]);
  }
  wf_bits_put(&local, codes.literal_codes[256], codes.literal_lengths[256]);
  *bits = local;
  wf_clear_runs(runs);
  return bits->out->failed ? -1 : 0;
}

/// The longest match at `at` (left or above), 0 when under 3 bytes; `far` says which.
static inline size_t wf_best_match(const uint8_t *data, size_t at, size_t limit, const wf_run_distances *d,
                                   int *far) {
  size_t best = at >= d->value[0] ? wf_match_length(data + at, data + at - d->value[0], limit) : 0;
  *far = 0;
  if (d->value[1] && at >= d->value[1] && best < limit) {
    size_t above = wf_match_length(data + at, data + at - d->value[1], limit);
    if (above > best) best = above, *far = 1;
  }
  return best >= 3 ? best : 0;
}

/// The distances of pixels `bpp` bytes wide in rows of `line` bytes.
static wf_run_distances wf_distances(int bpp, size_t line) {
  wf_run_distances distances = {{(size_t)bpp, line <= 32768 ? line : 0}, {0, 0}};
  distances.slot[0] = wf_distance_symbol(bpp);
  distances.slot[1] = distances.value[1] ? wf_distance_symbol((int)distances.value[1]) : 0;
  return distances;
}

/// Adds a literal byte to the block. The caller checks for a full block after every symbol it
/// adds (`wf_flush_if_full`), so `count` never passes `limit`.
static inline void wf_add_literal(wf_run_symbols *runs, uint8_t byte) {
  WF_ASSERT(runs->count < runs->limit);  // Invariant 5: a block fits its buffer.
  size_t i = runs->count++;
  runs->symbol[i] = byte;
  runs->literal_frequency[byte]++;
}

/// Adds a match of `length` (3 … 258) bytes at the left (`far` 0) or upper (`far` 1) distance.
static inline void wf_add_match(wf_run_symbols *runs, size_t length, int far, const wf_run_distances *d) {
  WF_ASSERT(length >= 3 && length <= 258);  // Invariant 2: matches are 3 … 258 bytes.
  WF_ASSERT(runs->count < runs->limit);  // Invariant 5: a block fits its buffer.
  int symbol = wf_length_symbols[length];
  size_t i = runs->count++;
  runs->symbol[i] = (uint16_t)(257 + symbol);
  runs->extra[i] = (uint8_t)(length - wf_length_base[symbol]);
  runs->far_match[i] = (uint8_t)far;
  runs->literal_frequency[257 + symbol]++;
  runs->distance_frequency[d->slot[far]]++;
}

/// Writes the block when it is full and more symbols follow. Called after every single symbol:
/// a caller that added two before asking could step past `limit` (and past the buffer).
static inline int wf_flush_if_full(wf_bits *bits, wf_run_symbols *runs, const wf_run_distances *d) {
  return runs->count >= runs->limit ? wf_write_run_block(bits, runs, d, 0) : 0;
}

/// Adds literal bytes one at a time, writing the block whenever it fills.
static int wf_add_literals(wf_bits *bits, wf_run_symbols *runs, const uint8_t *bytes, size_t count,
                           const wf_run_distances *d) {
  for (size_t i = 0; i < count; i++) {
    wf_add_literal(runs, bytes[i]);
    if (wf_flush_if_full(bits, runs, d)) return -1;
  }
  return 0;
}

void wf_begin_runs(wf_run_symbols *runs) {
  WF_ASSERT(runs->limit >= 1 && runs->limit <= WF_RUN_BLOCK_SYMBOLS);  // Invariant 5: a block fits its buffer.
  pthread_once(&wf_length_symbols_once, wf_make_length_symbols);
  wf_clear_runs(runs);
}

int wf_write_run_blocks(wf_bits *bits, wf_run_symbols *runs, const uint8_t *data, size_t size, int bpp,
                        size_t line) {
  wf_run_distances distances = wf_distances(bpp, line);
  for (size_t at = 0; at < size;) {
    size_t limit = size - at < 258 ? size - at : 258;
    int far;
    size_t best = wf_best_match(data, at, limit, &distances, &far);
    if (best) {
      wf_add_match(runs, best, far, &distances);
      at += best;
    } else {
      wf_add_literal(runs, data[at++]);
    }
    if (wf_flush_if_full(bits, runs, &distances)) return -1;
  }
  return 0;
}

/// Matches covering `total` bytes at one distance, each 3 … 258 long (a tail under 3 as
/// `pattern`'s literals, which repeat with that period).
static int wf_add_span(wf_bits *bits, wf_run_symbols *runs, size_t total, int far, const uint8_t *pattern,
                       const wf_run_distances *d) {
  size_t period = d->value[far];
  for (size_t phase = 0; total > 0;) {
    size_t take = total >= 261 || total == 258 ? 258 : total > 258 ? total - 3 : total;
    if (take < 3) {
      for (size_t i = 0; i < take; i++) {
        wf_add_literal(runs, pattern[(phase + i) % period]);
        if (wf_flush_if_full(bits, runs, d)) return -1;
      }
    } else {
      wf_add_match(runs, take, far, d);
      if (wf_flush_if_full(bits, runs, d)) return -1;
    }
    phase += take;
    total -= take;
  }
  return 0;
}

int wf_write_uniform_rows(wf_bits *bits, wf_run_symbols *runs, uint32_t rows, size_t line, const uint8_t *pixel,
                          int bpp) {
  wf_run_distances d = wf_distances(bpp, line);
  int zero = 1;
  for (int i = 0; i < bpp; i++) zero &= pixel[i] == 0;
  if (zero && (size_t)rows * line >= 4 + (size_t)bpp) {
    // All zeros, filter bytes included: after the first row's filter byte and pixel, one span
    // at the left distance (whose short extra bits beat the upper distance's).
    static const uint8_t zeros[5] = {0, 0, 0, 0, 0};
    if (wf_add_literals(bits, runs, zeros, 1 + (size_t)bpp, &d)) return -1;
    return wf_add_span(bits, runs, (size_t)rows * line - 1 - (size_t)bpp, 0, pixel, &d);
  }
  for (uint32_t row = 0; row < rows; row++) {
    if (row > 0 && d.value[1] && (size_t)(rows - row) * line >= 3)
      // Every further row repeats the one above: one span of matches at distance `line`.
      return wf_add_span(bits, runs, (size_t)(rows - row) * line, 1, NULL, &d);
    static const uint8_t filter = 0;
    if (wf_add_literals(bits, runs, &filter, 1, &d) || wf_add_literals(bits, runs, pixel, (size_t)bpp, &d) ||
        wf_add_span(bits, runs, line - 1 - (size_t)bpp, 0, pixel, &d))
      return -1;
  }
  return 0;
}

int wf_cut_block(wf_bits *bits, wf_run_symbols *runs, int bpp, size_t line) {
  if (runs->count == 0) return 0;
  wf_run_distances distances = wf_distances(bpp, line);
  return wf_write_run_block(bits, runs, &distances, 0);
}

int wf_end_runs(wf_bits *bits, wf_run_symbols *runs, int bpp, size_t line) {
  wf_run_distances distances = wf_distances(bpp, line);
  return wf_write_run_block(bits, runs, &distances, 1);
}
