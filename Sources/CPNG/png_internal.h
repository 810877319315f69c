#ifndef WORDFIT_PNG_INTERNAL_H
#define WORDFIT_PNG_INTERNAL_H

// What CPNG's files share and nothing outside CPNG sees: the output buffer, the one bit
// writer, Huffman codes and the run matcher. png_output.c writes chunks, deflate_huffman.c
// builds and writes Huffman-coded block headers, deflate_runs.c is the run matcher (level 0),
// png_writer.c assembles an image's zlib stream and its PNG.

#include <assert.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/// Whether `text` is ASCII (a tEXt chunk) rather than other UTF-8 (an iTXt chunk).
static inline int wf_is_ascii(const char *text) {
  for (const unsigned char *p = (const unsigned char *)text; *p; p++)
    if (*p >= 0x80) return 0;
  return 1;
}

/// The writer's invariants, checked in debug builds (SwiftPM defines DEBUG there and no NDEBUG
/// in release, so plain `assert` would run in release too): (1) the bit writer never holds 32
/// bits between calls, so no put overflows; (2) matches are 3 … 258 bytes; (3) distances lie in
/// DEFLATE's 32 KiB window; (4) Huffman codes are complete and within their limit; (5) a block
/// never holds more symbols than its buffer.
#if defined(DEBUG) && !defined(NDEBUG)
#define WF_ASSERT(condition) assert(condition)
#define WF_DEBUG 1
#else
#define WF_ASSERT(condition) ((void)0)
#endif

// MARK: Output (png_output.c)

/// A growing byte buffer; `failed` is set, and further writes dropped, when memory runs out.
typedef struct wf_out {
  uint8_t *data;
  size_t size;
  size_t capacity;
  int failed;
} wf_out;

void wf_out_reserve(wf_out *out, size_t extra);
void wf_out_bytes(wf_out *out, const void *bytes, size_t count);
void wf_out_be32(wf_out *out, uint32_t value);
/// Appends a chunk: length, type, data, CRC-32 of type and data.
void wf_out_chunk(wf_out *out, const char *type, const uint8_t *data, size_t length);
/// Appends a tEXt chunk, or iTXt (uncompressed, no language) when `value` is not ASCII.
int wf_out_text(wf_out *out, const char *key, const char *value);

// MARK: The bit writer (DEFLATE's LSB-first bit order)

typedef struct wf_bits {
  wf_out *out;
  uint64_t buffer;  // bits not yet written, the next one lowest
  int count;        // how many: always under 32 between calls
} wf_bits;

/// Appends the low `count` (≤ 32) bits of `value`, writing whole 32-bit words as they fill.
static inline void wf_bits_put(wf_bits *bits, uint64_t value, int count) {
  // Invariant 1: fewer than 32 bits wait between calls, so a put of at most 32 never overflows.
  WF_ASSERT(bits->count < 32);
  WF_ASSERT(count >= 0 && count <= 32);
  WF_ASSERT(count == 32 || value >> count == 0);
  bits->buffer |= value << bits->count;
  bits->count += count;
  if (bits->count < 32) return;
  wf_out *out = bits->out;
  if (out->size + 4 > out->capacity) wf_out_reserve(out, 4);
  if (!out->failed) {
    uint8_t *at = out->data + out->size;
    for (int byte = 0; byte < 4; byte++) at[byte] = (uint8_t)(bits->buffer >> (8 * byte));
    out->size += 4;
  }
  bits->buffer >>= 32;
  bits->count -= 32;
}

/// The low `length` bits of `code` in reverse order: DEFLATE stores Huffman codes most
/// significant bit first in its LSB-first bit stream.
static inline uint32_t wf_reverse_bits(uint32_t code, int length) {
  uint32_t reversed = 0;
  for (int i = 0; i < length; i++) reversed |= ((code >> i) & 1u) << (length - 1 - i);
  return reversed;
}

/// Writes the waiting bits out, the last byte padded with zeros (the end of the stream).
void wf_bits_finish(wf_bits *bits);

// MARK: Huffman codes and block headers (deflate_huffman.c)

extern const uint16_t wf_length_base[29];
extern const uint8_t wf_length_extra[29];
extern const uint16_t wf_distance_base[30];
extern const uint8_t wf_distance_extra[30];
/// The length code (0 … 28) of a match length 3 … 258.
int wf_length_symbol(int length);
/// The distance code (0 … 29) of a distance 1 … 32768.
int wf_distance_symbol(int distance);

/// Huffman code lengths for `count` (at most 320) frequencies, at most `limit` bits; unused
/// symbols get 0, a lone used symbol gets 1. At most 2^`limit` symbols may be used (DEFLATE's
/// alphabets always are: 286 under 15 bits, 19 under 7).
void wf_huffman_lengths(const uint32_t *frequencies, int count, int limit, uint8_t *lengths);

/// A block's codes, as written: each code already bit-reversed for the stream.
typedef struct wf_block_codes {
  uint8_t literal_lengths[286];
  uint32_t literal_codes[286];
  uint8_t distance_lengths[30];
  uint32_t distance_codes[30];
} wf_block_codes;

/// Writes a dynamic-Huffman block header (final when `final`) for these symbol counts (the
/// end-of-block code is counted here) and returns its codes.
void wf_write_block_header(wf_bits *bits, uint32_t *literal_frequency, uint32_t *distance_frequency, int final,
                           wf_block_codes *codes);

// MARK: The run matcher (deflate_runs.c)

/// The most symbols one block holds: bounds the block buffer (~100 KB) and keeps each block's
/// Huffman code fitted to its part of the image.
#define WF_RUN_BLOCK_SYMBOLS 16384

/// One block's symbols: literal/length symbol, the length's extra bits, which distance.
typedef struct wf_run_symbols {
  uint16_t symbol[WF_RUN_BLOCK_SYMBOLS];
  uint8_t extra[WF_RUN_BLOCK_SYMBOLS];      // length − base for a match
  uint8_t far_match[WF_RUN_BLOCK_SYMBOLS];  // 1: distance `line`, 0: distance `bpp`
  uint32_t literal_frequency[286];
  uint32_t distance_frequency[30];
  size_t count;
  size_t limit;  // symbols a block takes before it is written (≤ WF_RUN_BLOCK_SYMBOLS)
} wf_run_symbols;

/// A stream of run-matcher blocks over one image (pixels of `bpp` bytes, rows of `line` bytes):
/// wf_begin_runs, then wf_write_run_blocks and wf_write_uniform_rows for consecutive stretches
/// of its filtered rows, then wf_end_runs, which writes the last (final) block. A full block is
/// written as it fills. A match never reaches back past the rows of its own stretch's start,
/// so stretches may be coded either way in any mix. Each returns 0, or -1 out of memory.
void wf_begin_runs(wf_run_symbols *runs);

/// Adds `size` bytes of filtered rows, each byte matched only against the pixel to its left
/// and the pixel above (within these bytes).
int wf_write_run_blocks(wf_bits *bits, wf_run_symbols *runs, const uint8_t *data, size_t size, int bpp,
                        size_t line);

/// Adds `rows` filtered rows that are all `pixel` (`bpp` bytes) without reading them: the first
/// row's filter byte and pixel as literals, the rest of it as matches at the left distance,
/// every further row as matches at the upper distance.
int wf_write_uniform_rows(wf_bits *bits, wf_run_symbols *runs, uint32_t rows, size_t line, const uint8_t *pixel,
                          int bpp);

/// Writes the symbols gathered so far as a block of their own (not final), so that what follows
/// gets its own Huffman code; nothing when there are none.
int wf_cut_block(wf_bits *bits, wf_run_symbols *runs, int bpp, size_t line);

/// Writes the last block (final).
int wf_end_runs(wf_bits *bits, wf_run_symbols *runs, int bpp, size_t line);

#endif
