// Reading page labels with qpdf's object API, and merging with its job API (the JSON form, so
// that no file name is ever parsed as an option).

#include "wordfit_qpdf.h"

#include <dlfcn.h>
#include <pthread.h>
#include <qpdf/qpdf-c.h>
#include <qpdf/qpdfjob-c.h>
#include <qpdf/qpdflogger-c.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// libqpdf is opened the first time a PDF is merged or read, not linked: linked, it and what it
// pulls in (libstdc++, GnuTLS, libjpeg) cost every wordfit process about 2.5 ms before main, and
// most never touch a PDF. The functions below are looked up once; every call goes through them.
#define WF_QPDF_FUNCTIONS(X) \
  X(qpdf_cleanup) \
  X(qpdf_get_error) \
  X(qpdf_get_error_full_text) \
  X(qpdf_get_num_pages) \
  X(qpdf_get_root) \
  X(qpdf_has_error) \
  X(qpdf_init) \
  X(qpdf_oh_get_array_item) \
  X(qpdf_oh_get_array_n_items) \
  X(qpdf_oh_get_int_value) \
  X(qpdf_oh_get_key) \
  X(qpdf_oh_get_utf8_value) \
  X(qpdf_oh_has_key) \
  X(qpdf_oh_is_array) \
  X(qpdf_oh_is_dictionary) \
  X(qpdf_oh_is_integer) \
  X(qpdf_oh_is_name_and_equals) \
  X(qpdf_oh_is_string) \
  X(qpdf_read) \
  X(qpdf_set_suppress_warnings) \
  X(qpdfjob_cleanup) \
  X(qpdfjob_init) \
  X(qpdfjob_initialize_from_json) \
  X(qpdfjob_run) \
  X(qpdfjob_set_logger) \
  X(qpdflogger_cleanup) \
  X(qpdflogger_create) \
  X(qpdflogger_set_error) \
  X(qpdflogger_set_info) \
  X(qpdflogger_set_warn)

#define WF_QPDF_DECLARE(name) static __typeof__(&name) wf_##name;
WF_QPDF_FUNCTIONS(WF_QPDF_DECLARE)

static const char *load_error = NULL;
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load(void) {
  // The soname of Debian 12's libqpdf29 (the package the README names), else the development
  // link another system's libqpdf-dev installs.
  void *library = dlopen("libqpdf.so.29", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) library = dlopen("libqpdf.so", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    load_error = "libqpdf.so.29 could not be loaded; install it (apt-get install libqpdf29)";
    return;
  }
#define WF_QPDF_RESOLVE(name)                                            \
  if ((wf_##name = (__typeof__(&name))dlsym(library, #name)) == NULL) { \
    load_error = "the installed libqpdf has no " #name "; install qpdf 11 (libqpdf29)"; \
    return;                                                             \
  }
  WF_QPDF_FUNCTIONS(WF_QPDF_RESOLVE)
}

/// NULL once libqpdf's functions are there, else why they are not.
static const char *loaded(void) {
  pthread_once(&load_once, load);
  return load_error;
}

#define qpdf_cleanup wf_qpdf_cleanup
#define qpdf_get_error wf_qpdf_get_error
#define qpdf_get_error_full_text wf_qpdf_get_error_full_text
#define qpdf_get_num_pages wf_qpdf_get_num_pages
#define qpdf_get_root wf_qpdf_get_root
#define qpdf_has_error wf_qpdf_has_error
#define qpdf_init wf_qpdf_init
#define qpdf_oh_get_array_item wf_qpdf_oh_get_array_item
#define qpdf_oh_get_array_n_items wf_qpdf_oh_get_array_n_items
#define qpdf_oh_get_int_value wf_qpdf_oh_get_int_value
#define qpdf_oh_get_key wf_qpdf_oh_get_key
#define qpdf_oh_get_utf8_value wf_qpdf_oh_get_utf8_value
#define qpdf_oh_has_key wf_qpdf_oh_has_key
#define qpdf_oh_is_array wf_qpdf_oh_is_array
#define qpdf_oh_is_dictionary wf_qpdf_oh_is_dictionary
#define qpdf_oh_is_integer wf_qpdf_oh_is_integer
#define qpdf_oh_is_name_and_equals wf_qpdf_oh_is_name_and_equals
#define qpdf_oh_is_string wf_qpdf_oh_is_string
#define qpdf_read wf_qpdf_read
#define qpdf_set_suppress_warnings wf_qpdf_set_suppress_warnings
#define qpdfjob_cleanup wf_qpdfjob_cleanup
#define qpdfjob_init wf_qpdfjob_init
#define qpdfjob_initialize_from_json wf_qpdfjob_initialize_from_json
#define qpdfjob_run wf_qpdfjob_run
#define qpdfjob_set_logger wf_qpdfjob_set_logger
#define qpdflogger_cleanup wf_qpdflogger_cleanup
#define qpdflogger_create wf_qpdflogger_create
#define qpdflogger_set_error wf_qpdflogger_set_error
#define qpdflogger_set_info wf_qpdflogger_set_info
#define qpdflogger_set_warn wf_qpdflogger_set_warn

static void copy_message(char *message, size_t size, const char *text) {
  if (size == 0) return;
  snprintf(message, size, "%s", text ? text : "unknown error");
}

/// The whole number `text` holds after an optional "row " (digits only, ≥ 1), or -1.
static long label_number(const char *text) {
  if (text == NULL) return -1;
  if (strncmp(text, "row ", 4) == 0) text += 4;
  if (*text == '\0') return -1;
  long value = 0;
  for (const char *c = text; *c; c++) {
    if (*c < '0' || *c > '9' || value > 100000000) return -1;
    value = value * 10 + (*c - '0');
  }
  return value >= 1 ? value : -1;
}

/// The row a label range gives the page `offset` pages into it: its prefix /P ("row " or none)
/// and decimal numbers (/S /D) from /St, or a prefix alone that holds the number; else -1.
static long range_row(qpdf_data qpdf, qpdf_oh entry, long long offset) {
  qpdf_oh prefix = qpdf_oh_get_key(qpdf, entry, "/P");
  const char *text = qpdf_oh_is_string(qpdf, prefix) ? qpdf_oh_get_utf8_value(qpdf, prefix) : "";
  if (!qpdf_oh_has_key(qpdf, entry, "/S")) return offset == 0 ? label_number(text) : -1;
  qpdf_oh style = qpdf_oh_get_key(qpdf, entry, "/S");
  if (!qpdf_oh_is_name_and_equals(qpdf, style, "/D")) return -1;
  if (*text != '\0' && strcmp(text, "row ") != 0) return -1;
  qpdf_oh start = qpdf_oh_get_key(qpdf, entry, "/St");
  long long first = qpdf_oh_is_integer(qpdf, start) ? qpdf_oh_get_int_value(qpdf, start) : 1;
  long long row = first + offset;
  return row >= 1 && row <= 100000000 ? (long)row : -1;
}

/// Fills `labels` from a flat /Nums array (as cairo and qpdf write it): [index dict index dict …],
/// each range running to the next index (the last to the end).
static void read_numbers(qpdf_data qpdf, qpdf_oh nums, long *labels, size_t pages) {
  int count = qpdf_oh_get_array_n_items(qpdf, nums);
  for (int i = 0; i + 1 < count; i += 2) {
    qpdf_oh index = qpdf_oh_get_array_item(qpdf, nums, i);
    qpdf_oh entry = qpdf_oh_get_array_item(qpdf, nums, i + 1);
    if (!qpdf_oh_is_integer(qpdf, index) || !qpdf_oh_is_dictionary(qpdf, entry)) continue;
    long long first = qpdf_oh_get_int_value(qpdf, index);
    long long end = (long long)pages;
    if (i + 2 < count) {
      qpdf_oh next = qpdf_oh_get_array_item(qpdf, nums, i + 2);
      if (qpdf_oh_is_integer(qpdf, next)) end = qpdf_oh_get_int_value(qpdf, next);
    }
    if (first < 0) continue;
    for (long long page = first; page < end && page < (long long)pages; page++) {
      labels[page] = range_row(qpdf, entry, page - first);
    }
  }
}

void wf_qpdf_free(void *pointer) { free(pointer); }

int wf_qpdf_page_labels(const char *path, size_t max_pages, long **labels, size_t *pages, char *message,
                        size_t message_size) {
  *labels = NULL;
  if (loaded() != NULL) {
    copy_message(message, message_size, loaded());
    return -1;
  }
  qpdf_data qpdf = qpdf_init();
  qpdf_set_suppress_warnings(qpdf, QPDF_TRUE);
  int result = 0;
  if (qpdf_read(qpdf, path, NULL) & QPDF_ERRORS) {
    copy_message(message, message_size, qpdf_get_error_full_text(qpdf, qpdf_get_error(qpdf)));
    result = -1;
  } else {
    int count = qpdf_get_num_pages(qpdf);
    if (count < 0) {
      copy_message(message, message_size,
                   qpdf_has_error(qpdf) ? qpdf_get_error_full_text(qpdf, qpdf_get_error(qpdf)) : "no pages");
      result = -1;
    } else {
      *pages = (size_t)count;
      if (*pages > max_pages) {
        result = 1;
      } else if ((*labels = malloc((*pages ? *pages : 1) * sizeof(long))) == NULL) {
        copy_message(message, message_size, "out of memory for the page labels");
        result = -1;
      } else {
        for (size_t i = 0; i < *pages; i++) (*labels)[i] = -1;
        qpdf_oh tree = qpdf_oh_get_key(qpdf, qpdf_get_root(qpdf), "/PageLabels");
        qpdf_oh nums = qpdf_oh_get_key(qpdf, tree, "/Nums");
        if (qpdf_oh_is_array(qpdf, nums)) read_numbers(qpdf, nums, *labels, *pages);
      }
    }
  }
  qpdf_cleanup(&qpdf);
  return result;
}

/// Appends `text` to the growing buffer, JSON-escaped when `escaped`; 0, or -1 out of memory.
typedef struct {
  char *bytes;
  size_t length, capacity;
} buffer;

static int append(buffer *b, const char *text, int escaped) {
  for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
    char piece[8] = {(char)*c, 0};
    if (escaped && (*c == '"' || *c == '\\')) snprintf(piece, sizeof piece, "\\%c", *c);
    else if (escaped && *c < 0x20) snprintf(piece, sizeof piece, "\\u%04x", *c);
    size_t n = strlen(piece);
    if (b->length + n + 1 > b->capacity) {
      size_t capacity = (b->capacity + n + 1) * 2;
      char *grown = realloc(b->bytes, capacity);
      if (grown == NULL) return -1;
      b->bytes = grown;
      b->capacity = capacity;
    }
    memcpy(b->bytes + b->length, piece, n + 1);
    b->length += n;
  }
  return 0;
}

static int collect(const char *data, size_t length, void *udata) {
  buffer *b = udata;
  char *copy = malloc(length + 1);
  if (copy == NULL) return 0;
  memcpy(copy, data, length);
  copy[length] = 0;
  if (b->length < 4000) append(b, copy, 0);
  free(copy);
  return 0;
}

/// The job: {"empty": "", "outputFile": …, "deterministicId": "", "pages": [{"file": …, "range": "a-b,c-d"}, …]},
/// consecutive runs of one file joined into one page spec (qpdf's memory grows with the specs).
static int job_json(buffer *json, const char *const *files, const size_t *file, const size_t *first,
                    const size_t *last, size_t count, const char *output) {
  if (append(json, "{\"empty\":\"\",\"deterministicId\":\"\",\"outputFile\":\"", 0) ||
      append(json, output, 1) || append(json, "\",\"pages\":[", 0))
    return -1;
  for (size_t i = 0; i < count; i++) {
    int opens = i == 0 || file[i] != file[i - 1];
    int closes = i + 1 == count || file[i + 1] != file[i];
    char range[64];
    snprintf(range, sizeof range, "%s%zu-%zu", opens ? "" : ",", first[i], last[i]);
    if (opens && (append(json, i ? ",{\"file\":\"" : "{\"file\":\"", 0) || append(json, files[file[i]], 1) ||
                  append(json, "\",\"range\":\"", 0)))
      return -1;
    if (append(json, range, 0) || (closes && append(json, "\"}", 0))) return -1;
  }
  return append(json, "]}", 0);
}

int wf_qpdf_merge(const char *const *files, const size_t *file, const size_t *first, const size_t *last,
                  size_t count, const char *output, char *message, size_t message_size) {
  buffer json = {0}, errors = {0};
  if (loaded() != NULL) {
    copy_message(message, message_size, loaded());
    return -1;
  }
  if (job_json(&json, files, file, first, last, count, output) != 0) {
    free(json.bytes);
    copy_message(message, message_size, "out of memory building the merge");
    return -1;
  }
  qpdfjob_handle job = qpdfjob_init();
  qpdflogger_handle logger = qpdflogger_create();
  qpdflogger_set_info(logger, qpdf_log_dest_discard, NULL, NULL);
  qpdflogger_set_warn(logger, qpdf_log_dest_discard, NULL, NULL);
  qpdflogger_set_error(logger, qpdf_log_dest_custom, collect, &errors);
  qpdfjob_set_logger(job, logger);
  int code = qpdfjob_initialize_from_json(job, json.bytes);
  if (code == 0) code = qpdfjob_run(job);
  qpdfjob_cleanup(&job);
  qpdflogger_cleanup(&logger);
  free(json.bytes);
  // 0: done; 3: done with warnings (a damaged input qpdf repaired).
  int result = (code == 0 || code == 3) ? 0 : -1;
  if (result != 0) copy_message(message, message_size, errors.bytes ? errors.bytes : "qpdf could not merge");
  free(errors.bytes);
  return result;
}
