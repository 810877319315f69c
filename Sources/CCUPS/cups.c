// Jobs streamed to CUPS with cupsCreateJob / cupsStartDocument / cupsWriteRequestData.

#include "wordfit_cups.h"

#include <cups/cups.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

// libcups is opened the first time a job is printed, not linked: linked, it and what it pulls in
// (GnuTLS, Kerberos, Avahi, D-Bus) cost every wordfit process about 4 ms before main, and most
// never print. The functions below are looked up once; every call goes through them.
#define WF_CUPS_FUNCTIONS(X) \
  X(cupsCancelJob2)          \
  X(cupsCreateJob)           \
  X(cupsFinishDocument)      \
  X(cupsLastErrorString)     \
  X(cupsStartDocument)       \
  X(cupsWriteRequestData)

#define WF_CUPS_DECLARE(name) static __typeof__(&name) wf_##name;
WF_CUPS_FUNCTIONS(WF_CUPS_DECLARE)

static const char *load_error = NULL;
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load(void) {
  void *library = dlopen("libcups.so.2", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    load_error = "libcups.so.2 could not be loaded; install it (apt-get install libcups2)";
    return;
  }
#define WF_CUPS_RESOLVE(name)                                            \
  if ((wf_##name = (__typeof__(&name))dlsym(library, #name)) == NULL) { \
    load_error = "the installed libcups has no " #name "; install libcups2 2.2 or later";   \
    return;                                                             \
  }
  WF_CUPS_FUNCTIONS(WF_CUPS_RESOLVE)
}

#define cupsCancelJob2 wf_cupsCancelJob2
#define cupsCreateJob wf_cupsCreateJob
#define cupsFinishDocument wf_cupsFinishDocument
#define cupsLastErrorString wf_cupsLastErrorString
#define cupsStartDocument wf_cupsStartDocument
#define cupsWriteRequestData wf_cupsWriteRequestData

static int fail(char *message, size_t size) {
  snprintf(message, size, "%s", cupsLastErrorString() ? cupsLastErrorString() : "CUPS refused the job");
  return 0;
}

int wf_cups_print(const char *queue, const char *title, const unsigned char *data, size_t size, const char *format,
                  char *message, size_t message_size) {
  pthread_once(&load_once, load);
  if (load_error != NULL) {
    snprintf(message, message_size, "%s", load_error);
    return 0;
  }
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
