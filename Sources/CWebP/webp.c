// Lossless WebP through libwebp's advanced API (see wordfit_webp.h).

#include "wordfit_webp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <webp/decode.h>
#include <webp/encode.h>
#include <webp/mux.h>

typedef struct {
  uint8_t *data;
  size_t size, capacity;
  int failed;
} buffer;

static int append(const uint8_t *data, size_t size, const WebPPicture *picture) {
  buffer *out = (buffer *)picture->custom_ptr;
  if (out->size + size > out->capacity) {
    size_t capacity = out->capacity ? out->capacity * 2 : 65536;
    while (capacity < out->size + size) capacity *= 2;
    uint8_t *grown = realloc(out->data, capacity);
    if (grown == NULL) {
      out->failed = 1;
      return 0;
    }
    out->data = grown;
    out->capacity = capacity;
  }
  memcpy(out->data + out->size, data, size);
  out->size += size;
  return 1;
}

static int configure(WebPConfig *config, int effort, char *message, size_t message_size) {
  if (!WebPConfigInit(config) || !WebPConfigLosslessPreset(config, effort < 0 ? 0 : effort > 9 ? 9 : effort)) {
    snprintf(message, message_size, "libwebp refused its own configuration (version mismatch?)");
    return 0;
  }
  config->exact = 1;         // keep the colour under alpha 0: the bytes follow the pixels
  config->thread_level = 0;  // one thread: the same bytes every run
  return 1;
}

/// `image` with `xmp` as its XMP chunk (the extended format), in `*out`; 1 on success.
static int add_xmp(const buffer *image, const uint8_t *xmp, size_t xmp_size, buffer *out) {
  WebPData bitstream = {image->data, image->size}, metadata = {xmp, xmp_size}, assembled = {NULL, 0};
  WebPMux *mux = WebPMuxCreate(&bitstream, 0);
  int ok = mux != NULL && WebPMuxSetChunk(mux, "XMP ", &metadata, 0) == WEBP_MUX_OK &&
           WebPMuxAssemble(mux, &assembled) == WEBP_MUX_OK;
  WebPMuxDelete(mux);
  if (!ok) {
    WebPDataClear(&assembled);
    return 0;
  }
  out->data = malloc(assembled.size);
  if (out->data != NULL) memcpy(out->data, assembled.bytes, assembled.size);
  out->size = assembled.size;
  WebPDataClear(&assembled);
  return out->data != NULL;
}

int wf_webp_encode_lossless(const uint8_t *pixels, int width, int height, int channels, size_t stride, int effort,
                            const uint8_t *xmp, size_t xmp_size, uint8_t **out_data, size_t *out_size, char *message,
                            size_t message_size) {
  *out_data = NULL;
  *out_size = 0;
  if (width < 1 || height < 1 || width > WEBP_MAX_DIMENSION || height > WEBP_MAX_DIMENSION ||
      (channels != 3 && channels != 4)) {
    snprintf(message, message_size, "a WebP is 1…%d px a side, of RGB or RGBA pixels", WEBP_MAX_DIMENSION);
    return 1;
  }
  WebPConfig config;
  if (!configure(&config, effort, message, message_size)) return 1;
  WebPPicture picture;
  if (!WebPPictureInit(&picture)) {
    snprintf(message, message_size, "libwebp could not start a picture");
    return 1;
  }
  picture.use_argb = 1;
  picture.width = width;
  picture.height = height;
  int imported = channels == 4 ? WebPPictureImportRGBA(&picture, pixels, (int)stride)
                               : WebPPictureImportRGB(&picture, pixels, (int)stride);
  buffer out = {NULL, 0, 0, 0};
  picture.writer = append;
  picture.custom_ptr = &out;
  int ok = imported && WebPEncode(&config, &picture) && !out.failed;
  if (!ok) {
    snprintf(message, message_size, "libwebp could not encode the image (error %d)", (int)picture.error_code);
    free(out.data);
  } else if (xmp != NULL && xmp_size > 0) {
    buffer with = {NULL, 0, 0, 0};
    ok = add_xmp(&out, xmp, xmp_size, &with);
    free(out.data);
    if (!ok) snprintf(message, message_size, "libwebp could not add the metadata");
    *out_data = with.data;
    *out_size = with.size;
  } else {
    *out_data = out.data;
    *out_size = out.size;
  }
  WebPPictureFree(&picture);
  return ok ? 0 : 1;
}

void wf_webp_free(uint8_t *data) { free(data); }

int wf_webp_decode_rgba(const uint8_t *data, size_t size, uint64_t max_pixels, int *width, int *height,
                        uint8_t **out_pixels, char *message, size_t message_size) {
  *out_pixels = NULL;
  if (!WebPGetInfo(data, size, width, height)) {
    snprintf(message, message_size, "not a WebP image");
    return 1;
  }
  if ((uint64_t)*width * (uint64_t)*height > max_pixels) {
    snprintf(message, message_size, "a %dx%d WebP is over the %llu pixels WordFit decodes", *width, *height,
             (unsigned long long)max_pixels);
    return 1;
  }
  size_t count = (size_t)*width * (size_t)*height * 4;
  uint8_t *pixels = malloc(count);
  if (pixels == NULL) {
    snprintf(message, message_size, "out of memory");
    return 1;
  }
  if (WebPDecodeRGBAInto(data, size, pixels, count, *width * 4) == NULL) {
    free(pixels);
    snprintf(message, message_size, "the WebP image is damaged");
    return 1;
  }
  *out_pixels = pixels;
  return 0;
}

void wf_webp_version(char *text, size_t size) {
  int version = WebPGetEncoderVersion();
  snprintf(text, size, "%d.%d.%d", (version >> 16) & 0xff, (version >> 8) & 0xff, version & 0xff);
}
