// Jobs streamed to CUPS with cupsCreateJob / cupsStartDocument / cupsWriteRequestData.

#include "wordfit_cups.h"

#include <cups/cups.h>
#include <stdio.h>

static int fail(char *message, size_t size) {
  snprintf(message, size, "%s", cupsLastErrorString() ? cupsLastErrorString() : "CUPS refused the job");
  return 0;
}

int wf_cups_print(const char *queue, const char *title, const unsigned char *data, size_t size, const char *format,
                  char *message, size_t message_size) {
  int job = cupsCreateJob(CUPS_HTTP_DEFAULT, queue, title, 0, NULL);
  if (job == 0) return fail(message, message_size);
  // No document name: Debian 12's cupsd (2.4.2) crashes on one with a space in it; the job's
  // title names the badge.
  if (cupsStartDocument(CUPS_HTTP_DEFAULT, queue, job, NULL, format, 1) != HTTP_STATUS_CONTINUE) {
    cupsCancelJob2(CUPS_HTTP_DEFAULT, queue, job, 0);
    return fail(message, message_size);
  }
  if (cupsWriteRequestData(CUPS_HTTP_DEFAULT, (const char *)data, size) != HTTP_STATUS_CONTINUE) {
    cupsFinishDocument(CUPS_HTTP_DEFAULT, queue);
    cupsCancelJob2(CUPS_HTTP_DEFAULT, queue, job, 0);
    return fail(message, message_size);
  }
  if (cupsFinishDocument(CUPS_HTTP_DEFAULT, queue) != IPP_STATUS_OK) return fail(message, message_size);
  return job;
}
