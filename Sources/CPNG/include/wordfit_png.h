#ifndef WORDFIT_PNG_H
#define WORDFIT_PNG_H

// WordFit's PNG codec in C: png_writer.c is WordFit's own encoder (filter none; the run matcher
// of deflate_runs.c at level 0, one libdeflate call at levels 1 … 12; chunks by png_output.c),
// png_libpng.c decodes through libpng and keeps libpng's encoder as a reference. libpng reports
// errors by longjmp; every setjmp stays in png_libpng.c, and Swift sees only return codes and an
// error message buffer.

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Row filters (bit mask; several bits let libpng choose per row).
enum {
  WF_PNG_FILTER_NONE = 0x08,
  WF_PNG_FILTER_SUB = 0x10,
  WF_PNG_FILTER_UP = 0x20,
  WF_PNG_FILTER_AVG = 0x40,
  WF_PNG_FILTER_PAETH = 0x80,
  WF_PNG_FILTER_ALL = 0xF8,
};

/// zlib strategies (values of Z_DEFAULT_STRATEGY, Z_FILTERED, Z_HUFFMAN_ONLY, Z_RLE).
enum {
  WF_PNG_STRATEGY_DEFAULT = 0,
  WF_PNG_STRATEGY_FILTERED = 1,
  WF_PNG_STRATEGY_HUFFMAN_ONLY = 2,
  WF_PNG_STRATEGY_RLE = 3,
};

/// Settings for one encode.
typedef struct wf_png_settings {
  int compression_level;     // libpng: 0 … 9; wf_png_encode_fast: 0 (run matcher), 1 … 12
  int filters;               // WF_PNG_FILTER_* mask
  int strategy;              // WF_PNG_STRATEGY_*
  uint32_t pixels_per_metre;  // 0: no pHYs chunk
  const char *const *text_keys;  // tEXt chunks (Latin-1 keys, values written as iTXt when not ASCII)
  const char *const *text_values;
  int text_count;
} wf_png_settings;

/// Encodes 8-bit pixels (channels: 1 grey, 2 grey+alpha, 3 RGB, 4 RGBA) into a PNG held in a
/// buffer allocated with malloc (free it with wf_png_free). Returns 0, or -1 with a message.
int wf_png_encode(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                  int channels, const wf_png_settings *settings, uint8_t **out_data,
                  size_t *out_size, char *error, size_t error_capacity);

/// Encodes like wf_png_encode with filter none, but with WordFit's own chunk writer. Level 0
/// (`settings->compression_level`) codes the rows with WordFit's run matcher (matches only at
/// the pixel to the left and the pixel above; for flat-colour images such as badges); levels
/// 1 … 12 with one libdeflate call. `settings->filters` and `strategy` are ignored.
/// Scratch memory is kept per thread (up to 8 MiB) and freed when the thread ends.
/// Returns 0, or -1 with a message.
int wf_png_encode_fast(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                       int channels, const wf_png_settings *settings, uint8_t **out_data,
                       size_t *out_size, char *error, size_t error_capacity);

/// A PNG encoded through libpng a band of rows at a time, so an image larger than memory
/// should hold (a print sheet) is never held whole: only the compressed bytes grow.
typedef struct wf_png_stream wf_png_stream;

/// Starts a streamed encode of a `width` × `height` image of `channels` 8-bit channels with
/// `settings` (level, filters, strategy, pHYs, text). Returns NULL with a message on failure.
wf_png_stream *wf_png_stream_begin(uint32_t width, uint32_t height, int channels,
                                   const wf_png_settings *settings, char *error,
                                   size_t error_capacity);

/// Appends `rows` rows (`stride` bytes apart) to the stream. Returns 0, or -1 with a message;
/// after -1 the stream only accepts wf_png_stream_free.
int wf_png_stream_rows(wf_png_stream *stream, const uint8_t *pixels, uint32_t rows, size_t stride,
                       char *error, size_t error_capacity);

/// Ends the stream once every row was given: the whole PNG in a malloc'd buffer (free it with
/// wf_png_free). Frees the stream in every case. Returns 0, or -1 with a message.
int wf_png_stream_end(wf_png_stream *stream, uint8_t **out_data, size_t *out_size, char *error,
                      size_t error_capacity);

/// Frees a stream that is abandoned before its end.
void wf_png_stream_free(wf_png_stream *stream);

/// For tests: the writer's Huffman code lengths for `count` (1 … 320) frequencies, at most
/// `limit` (1 … 15) bits. Returns 0, or -1 for arguments out of range (more used symbols than
/// 2^`limit`).
int wf_deflate_code_lengths(const uint32_t *frequencies, int count, int limit, uint8_t *lengths);

/// For tests: codes `size` bytes with the run matcher (pixels of `bpp` bytes, rows of `line`)
/// in blocks of at most `block_symbols` (1 … 16384) symbols, inflates the raw DEFLATE stream
/// with libdeflate and compares. Returns 0 when every byte comes back, -1 otherwise.
int wf_deflate_run_round_trip(const uint8_t *data, size_t size, int bpp, size_t line, size_t block_symbols);

/// For tests: `rows` uniform rows of `pixel` (`bpp` bytes; rows of `line` bytes with their
/// filter byte) through the run matcher's uniform-row coder in blocks of at most
/// `block_symbols`, inflated again with libdeflate; 0 when the bytes come back.
int wf_deflate_uniform_round_trip(const uint8_t *pixel, int bpp, size_t line, uint32_t rows, size_t block_symbols);

/// Decodes a PNG of any colour type, bit depth and interlacing to 8-bit RGBA with sample values
/// as stored (no gamma conversion): palettes and low bit depths are expanded, tRNS becomes
/// alpha, 16-bit samples are scaled to 8 bits (v·255/65535, rounded). `source_flags` receives
/// 1 alpha or tRNS, 2 colour, 4 16-bit, 8 palette. Images wider or taller than `max_side`, or
/// with more than `max_pixels` pixels, are refused from the header (before any pixel buffer is
/// allocated); no ancillary chunk may make libpng allocate more than `max_chunk_bytes`, and
/// chunks WordFit never reads (sPLT, hIST, iCCP, eXIf, sCAL, pCAL, unknown) are skipped. The
/// pixels are allocated with malloc (free with wf_png_free). Every allocation libpng itself
/// makes is refused above max(`max_chunk_bytes`, two rows); `largest_allocation` receives the
/// largest it was given. Returns 0; -1 with a message for data that is not a readable PNG; -2
/// with a message for an image over `max_pixels`.
int wf_png_decode_rgba(const uint8_t *data, size_t size, uint32_t max_side, uint64_t max_pixels,
                       uint64_t max_chunk_bytes, uint32_t *width, uint32_t *height,
                       uint32_t *source_flags, uint8_t **out_pixels, size_t *largest_allocation,
                       char *error, size_t error_capacity);

/// Frees the calling thread's compressor now rather than when the thread ends (it is freed
/// then in any case).
void wf_png_release_thread_encoder(void);

/// Frees a buffer returned by this module.
void wf_png_free(void *pointer);

/// The libpng version string the module was linked with.
const char *wf_png_version(void);

/// The most bytes `wf_zlib_compress` may write for `size` bytes.
size_t wf_zlib_bound(size_t size);

/// `size` bytes of `data` as a zlib stream (RFC 1950) at libdeflate's `level` (1 … 12) into
/// `out` (`capacity` bytes, at least `wf_zlib_bound(size)`); the bytes written, 0 on failure.
size_t wf_zlib_compress(const uint8_t *data, size_t size, int level, uint8_t *out, size_t capacity);

/// The libdeflate version string WordFit's PNG writer was built with.
const char *wf_deflate_version(void);

#ifdef __cplusplus
}
#endif

#endif
