// The PNG file's bytes: a growing buffer, chunks with their CRC, text chunks.

#include "png_internal.h"

#include <libdeflate.h>
#include <stdlib.h>

void wf_out_reserve(wf_out *out, size_t extra) {
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

void wf_out_bytes(wf_out *out, const void *bytes, size_t count) {
  wf_out_reserve(out, count);
  if (out->failed || count == 0) return;
  memcpy(out->data + out->size, bytes, count);
  out->size += count;
}

void wf_out_be32(wf_out *out, uint32_t value) {
  uint8_t bytes[4] = {(uint8_t)(value >> 24), (uint8_t)(value >> 16), (uint8_t)(value >> 8), (uint8_t)value};
  wf_out_bytes(out, bytes, 4);
}

void wf_out_chunk(wf_out *out, const char *type, const uint8_t *data, size_t length) {
  wf_out_be32(out, (uint32_t)length);
  wf_out_bytes(out, type, 4);
  if (length) wf_out_bytes(out, data, length);
  uint32_t crc = libdeflate_crc32(0, type, 4);
  if (length) crc = libdeflate_crc32(crc, data, length);
  wf_out_be32(out, crc);
}

int wf_out_text(wf_out *out, const char *key, const char *value) {
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
