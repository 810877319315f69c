#ifndef WORDFIT_CQRENCODE_SHIM_H
#define WORDFIT_CQRENCODE_SHIM_H

// The only door between WordFit and libqrencode: a QR code symbol's modules for some bytes.

#include <errno.h>
#include <qrencode.h>
#include <string.h>

/// Error-correction levels for wf_qr_encode (L 7%, M 15%, Q 25%, H 30% of codewords).
enum { WF_QR_L = 0, WF_QR_M = 1, WF_QR_Q = 2, WF_QR_H = 3 };

/// The symbol for `length` bytes in 8-bit mode at `level` (the smallest version that holds
/// them), with an ECI header declaring UTF-8 (ECI 26) when `utf8_eci` is set, so readers do not
/// guess another encoding; NULL with errno ERANGE when too long. The caller frees it.
static inline QRcode *wf_qr_symbol(const unsigned char *data, int length, int level, int utf8_eci) {
  QRecLevel levels[] = {QR_ECLEVEL_L, QR_ECLEVEL_M, QR_ECLEVEL_Q, QR_ECLEVEL_H};
  if (level < 0 || level > 3 || length < 1) return NULL;
  QRinput *input = QRinput_new2(0, levels[level]);
  if (input == NULL) return NULL;
  errno = 0;
  if ((utf8_eci && QRinput_appendECIheader(input, 26) != 0) || QRinput_append(input, QR_MODE_8, length, data) != 0) {
    QRinput_free(input);
    return NULL;
  }
  QRcode *code = QRcode_encodeInput(input);
  QRinput_free(input);
  return code;
}

/// Encodes `length` bytes (see wf_qr_symbol) and copies the symbol's modules, row by row, 1
/// dark and 0 light, into `modules` (capacity bytes; 177 × 177 is the largest symbol). Returns
/// the symbol's width in modules, 0 when the data is too long for any version at that level, or
/// -1 on another error.
static inline int wf_qr_encode(const unsigned char *data, int length, int level, int utf8_eci, unsigned char *modules,
                               int capacity) {
  QRcode *code = wf_qr_symbol(data, length, level, utf8_eci);
  if (code == NULL) return errno == ERANGE ? 0 : -1;
  int width = code->width;
  if (width * width > capacity) {
    QRcode_free(code);
    return -1;
  }
  for (int i = 0; i < width * width; i++) modules[i] = code->data[i] & 1;
  QRcode_free(code);
  return width;
}

/// The symbol's version (1…40) for the data at `level`, 0 when too long, -1 on another error.
static inline int wf_qr_version(const unsigned char *data, int length, int level, int utf8_eci) {
  QRcode *code = wf_qr_symbol(data, length, level, utf8_eci);
  if (code == NULL) return errno == ERANGE ? 0 : -1;
  int version = code->version;
  QRcode_free(code);
  return version;
}

#endif
