// Jobs streamed to CUPS: an IPP Create-Job, then cupsStartDocument / cupsWriteRequestData, on one
// connection whose every wait is bounded.

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
  X(cupsDoRequest)           \
  X(cupsEncryption)          \
  X(cupsFinishDocument)      \
  X(cupsLastErrorString)     \
  X(cupsLastError)           \
  X(cupsServer)              \
  X(cupsStartDocument)       \
  X(cupsWriteRequestData)    \
  X(httpClose)               \
  X(httpConnect2)            \
  X(cupsUser)                \
  X(httpAssembleURIf)        \
  X(httpSetTimeout)          \
  X(ippAddString)            \
  X(ippDelete)               \
  X(ippFindAttribute)        \
  X(ippGetInteger)           \
  X(ippNewRequest)           \
  X(ippPort)

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
#define cupsDoRequest wf_cupsDoRequest
#define cupsLastError wf_cupsLastError
#define cupsUser wf_cupsUser
#define httpAssembleURIf wf_httpAssembleURIf
#define ippAddString wf_ippAddString
#define ippDelete wf_ippDelete
#define ippFindAttribute wf_ippFindAttribute
#define ippGetInteger wf_ippGetInteger
#define ippNewRequest wf_ippNewRequest
#define cupsFinishDocument wf_cupsFinishDocument
#define cupsLastErrorString wf_cupsLastErrorString
#define cupsStartDocument wf_cupsStartDocument
#define cupsWriteRequestData wf_cupsWriteRequestData
#define cupsEncryption wf_cupsEncryption
#define cupsServer wf_cupsServer
#define httpClose wf_httpClose
#define httpConnect2 wf_httpConnect2
#define httpSetTimeout wf_httpSetTimeout
#define ippPort wf_ippPort

/// Whether a request on the connection ran past its time (set by `timed_out`).
typedef struct {
  int expired;
} wf_wait;

/// httpSetTimeout's callback: the scheduler did not answer in time; give up on the request.
static int timed_out(http_t *http, void *user_data) {
  (void)http;
  ((wf_wait *)user_data)->expired = 1;
  return 0;
}

static int fail(const wf_wait *wait, int seconds, char *message, size_t size) {
  if (wait->expired) {
    snprintf(message, size, "CUPS did not answer in %d s (the scheduler at %s is stuck or too slow)", seconds,
             cupsServer());
  } else {
    snprintf(message, size, "%s", cupsLastErrorString() ? cupsLastErrorString() : "CUPS refused the job");
  }
  return 0;
}

/// A connection to the scheduler libcups names, every read and write bounded by `seconds`; NULL
/// with why in `message` when none is listening there.
static http_t *connect_bounded(int seconds, wf_wait *wait, char *message, size_t message_size) {
  const char *server = cupsServer();
  http_t *http = httpConnect2(server, ippPort(), NULL, AF_UNSPEC, cupsEncryption(), 1, seconds * 1000, NULL);
  if (http == NULL) {
    snprintf(message, message_size,
             "the CUPS scheduler is not running at %s (start it, for example with systemctl start cups, or set "
             "CUPS_SERVER to the one to use)",
             server);
    return NULL;
  }
  httpSetTimeout(http, seconds, timed_out, wait);
  return http;
}

/// A Create-Job request on `http` alone (cupsCreateJob first asks for the queue's details on
/// libcups's own connection, where no time limit holds): the job's ID, or 0.
static int create_job(http_t *http, const char *queue, const char *title) {
  char uri[1024], resource[1024];
  httpAssembleURIf(HTTP_URI_CODING_ALL, uri, sizeof uri, "ipp", NULL, "localhost", ippPort(), "/printers/%s", queue);
  snprintf(resource, sizeof resource, "/printers/%s", queue);
  ipp_t *request = ippNewRequest(IPP_OP_CREATE_JOB);
  ippAddString(request, IPP_TAG_OPERATION, IPP_TAG_URI, "printer-uri", NULL, uri);
  ippAddString(request, IPP_TAG_OPERATION, IPP_TAG_NAME, "requesting-user-name", NULL, cupsUser());
  ippAddString(request, IPP_TAG_OPERATION, IPP_TAG_NAME, "job-name", NULL, title);
  ipp_t *response = cupsDoRequest(http, request, resource);
  ipp_attribute_t *id = response ? ippFindAttribute(response, "job-id", IPP_TAG_INTEGER) : NULL;
  int job = cupsLastError() <= IPP_STATUS_OK_CONFLICTING && id ? ippGetInteger(id, 0) : 0;
  ippDelete(response);
  return job;
}

int wf_cups_print(const char *queue, const char *title, const unsigned char *data, size_t size, const char *format,
                  int seconds, char *message, size_t message_size) {
  pthread_once(&load_once, load);
  if (load_error != NULL) {
    snprintf(message, message_size, "%s", load_error);
    return 0;
  }
  wf_wait wait = {0};
  http_t *http = connect_bounded(seconds, &wait, message, message_size);
  if (http == NULL) return 0;
  int job = create_job(http, queue, title);
  if (job == 0) {
    fail(&wait, seconds, message, message_size);
    httpClose(http);
    return 0;
  }
  // No document name: Debian 12's cupsd (2.4.2) crashes on one with a space in it; the job's
  // title names the badge.
  int sent = cupsStartDocument(http, queue, job, NULL, format, 1) == HTTP_STATUS_CONTINUE &&
             cupsWriteRequestData(http, (const char *)data, size) == HTTP_STATUS_CONTINUE;
  if (!sent || cupsFinishDocument(http, queue) != IPP_STATUS_OK) {
    fail(&wait, seconds, message, message_size);
    if (!wait.expired) cupsCancelJob2(http, queue, job, 0);
    httpClose(http);
    return 0;
  }
  httpClose(http);
  return job;
}
