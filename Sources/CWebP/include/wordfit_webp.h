#ifndef WORDFIT_WEBP_H
#define WORDFIT_WEBP_H

#include <stddef.h>
#include <stdint.h>

// WordFit's only door to libwebp: lossless WebP of 8-bit RGB or RGBA pixels, and decoding one
// back (for the tests and `diff`). No libwebp type crosses into Swift.

/// Encodes `width` × `height` pixels (`channels` 3 or 4 bytes each, rows `stride` bytes apart)
/// as lossless WebP, exact (the colour of fully transparent pixels kept), single-threaded, so
/// the bytes depend only on the pixels and libwebp's version. On success returns 0 and
/// `*out_data` (free with wf_webp_free) of `*out_size` bytes; else nonzero with `message`.
/// `xmp` (`xmp_size` bytes, may be NULL) is added as the file's XMP metadata chunk.
int wf_webp_encode_lossless(const uint8_t *pixels, int width, int height, int channels, size_t stride, int effort,
                            const uint8_t *xmp, size_t xmp_size, uint8_t **out_data, size_t *out_size, char *message,
                            size_t message_size);

/// Frees what wf_webp_encode_lossless returned.
void wf_webp_free(uint8_t *data);

/// Decodes a WebP to RGBA (4 bytes a pixel, rows `width * 4` apart) into `*out_pixels` (free
/// with wf_webp_free), refusing images over `max_pixels` from the header before decoding.
/// Returns 0, or nonzero with `message`.
int wf_webp_decode_rgba(const uint8_t *data, size_t size, uint64_t max_pixels, int *width, int *height,
                        uint8_t **out_pixels, char *message, size_t message_size);

/// libwebp's encoder version, "1.2.4".
void wf_webp_version(char *text, size_t size);

#endif
