#ifndef WORDFIT_CUPS_H
#define WORDFIT_CUPS_H

// The only door between WordFit and libcups: one document handed to a CUPS queue as a job, its
// bytes streamed over IPP (no file is spooled by WordFit). The server is libcups's choice: the
// CUPS_SERVER environment variable, ~/.cups/client.conf, /etc/cups/client.conf, or the local one.

#include <stddef.h>

/// Submits `size` bytes of `data` to `queue` as one job titled `title`, in `format` (a MIME type:
/// "application/pdf", or "application/vnd.cups-raw" for a printer's own language, passed through
/// untouched), waiting at most `seconds` for the scheduler at each step (connecting, each answer).
/// Returns the job's ID (≥ 1), or 0 with the reason in `message`: no scheduler listening, CUPS
/// not answering in time, or CUPS's own reason.
int wf_cups_print(const char *queue, const char *title, const unsigned char *data, size_t size, const char *format,
                  int seconds, char *message, size_t message_size);

#endif
