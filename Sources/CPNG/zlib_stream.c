// zlib streams (RFC 1950) with libdeflate, for printer languages that carry compressed bitmaps
// (ZPL's :Z64:).

#include "wordfit_png.h"

#include <libdeflate.h>

size_t wf_zlib_bound(size_t size) { return libdeflate_zlib_compress_bound(NULL, size); }

size_t wf_zlib_compress(const uint8_t *data, size_t size, int level, uint8_t *out, size_t capacity) {
  struct libdeflate_compressor *compressor = libdeflate_alloc_compressor(level);
  if (compressor == NULL) return 0;
  size_t written = libdeflate_zlib_compress(compressor, data, size, out, capacity);
  libdeflate_free_compressor(compressor);
  return written;
}
