#include "wf_http.h"

#include <arpa/inet.h>
#include <dlfcn.h>
#include <microhttpd.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// libmicrohttpd is opened the first time a desk serves its page, not linked: linked, it and what
// it pulls in (GnuTLS and eight more libraries) would cost every wordfit process time before
// main, and only the desk serves. The functions below are looked up once; every call goes
// through them.
#define WF_HTTP_FUNCTIONS(X)        \
  X(MHD_add_response_header)        \
  X(MHD_create_response_from_buffer) \
  X(MHD_destroy_response)           \
  X(MHD_get_daemon_info)            \
  X(MHD_get_version)                \
  X(MHD_lookup_connection_value)    \
  X(MHD_queue_response)             \
  X(MHD_start_daemon)               \
  X(MHD_stop_daemon)

#define WF_HTTP_DECLARE(name) static __typeof__(&name) wf_##name;
WF_HTTP_FUNCTIONS(WF_HTTP_DECLARE)

static const char *load_error = NULL;
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load(void) {
  void *library = dlopen("libmicrohttpd.so.12", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    load_error = "libmicrohttpd.so.12 could not be loaded; install it (apt-get install libmicrohttpd12)";
    return;
  }
#define WF_HTTP_RESOLVE(name)                                                  \
  if ((wf_##name = (__typeof__(&name))dlsym(library, #name)) == NULL) {       \
    load_error = "the installed libmicrohttpd has no " #name "; install 0.9.75 or later"; \
    return;                                                                   \
  }
  WF_HTTP_FUNCTIONS(WF_HTTP_RESOLVE)
}

#define MHD_add_response_header wf_MHD_add_response_header
#define MHD_create_response_from_buffer wf_MHD_create_response_from_buffer
#define MHD_destroy_response wf_MHD_destroy_response
#define MHD_get_daemon_info wf_MHD_get_daemon_info
#define MHD_get_version wf_MHD_get_version
#define MHD_lookup_connection_value wf_MHD_lookup_connection_value
#define MHD_queue_response wf_MHD_queue_response
#define MHD_start_daemon wf_MHD_start_daemon
#define MHD_stop_daemon wf_MHD_stop_daemon

struct wf_http_server {
  struct MHD_Daemon *daemon;
  wf_http_handler handler;
  void *context;
  size_t max_body;
};

// A request being received: its body so far, and whether it went over the limit.
typedef struct upload {
  uint8_t *data;
  size_t size;
  int too_large;
} upload;

uint8_t *wf_http_alloc(size_t size) { return malloc(size ? size : 1); }

const char *wf_http_version(void) {
  pthread_once(&load_once, load);
  return load_error ? "not installed" : MHD_get_version();
}

static enum MHD_Result send_response(struct MHD_Connection *connection, int status, const char *type, uint8_t *body,
                                     size_t size) {
  struct MHD_Response *response =
      body ? MHD_create_response_from_buffer(size, body, MHD_RESPMEM_MUST_FREE)
           : MHD_create_response_from_buffer(0, (void *)"", MHD_RESPMEM_PERSISTENT);
  if (!response) {
    free(body);
    return MHD_NO;
  }
  MHD_add_response_header(response, "Content-Type", type ? type : "text/plain; charset=utf-8");
  MHD_add_response_header(response, "Cache-Control", "no-store");
  MHD_add_response_header(response, "X-Content-Type-Options", "nosniff");
  MHD_add_response_header(response, "Referrer-Policy", "no-referrer");
  MHD_add_response_header(response, "X-Frame-Options", "DENY");
  MHD_add_response_header(response, "Content-Security-Policy",
                          "default-src 'none'; img-src 'self'; connect-src 'self'; style-src 'unsafe-inline'; "
                          "script-src 'unsafe-inline'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'");
  enum MHD_Result result = MHD_queue_response(connection, (unsigned)status, response);
  MHD_destroy_response(response);
  return result;
}

// Receives the body a chunk at a time (kept up to the limit), then hands the request over.
static enum MHD_Result on_request(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                                  const char *version, const char *upload_data, size_t *upload_data_size,
                                  void **state) {
  (void)version;
  wf_http_server *server = cls;
  upload *body = *state;
  if (!body) {
    body = calloc(1, sizeof(upload));
    if (!body) return MHD_NO;
    *state = body;
    return MHD_YES;
  }
  if (*upload_data_size > 0) {
    if (!body->too_large && body->size + *upload_data_size <= server->max_body) {
      uint8_t *grown = realloc(body->data, body->size + *upload_data_size);
      if (!grown) return MHD_NO;
      memcpy(grown + body->size, upload_data, *upload_data_size);
      body->data = grown;
      body->size += *upload_data_size;
    } else {
      body->too_large = 1;
    }
    *upload_data_size = 0;
    return MHD_YES;
  }
  if (body->too_large) {
    const char *text = "{\"error\":\"the request's body is over the desk's limit\"}";
    uint8_t *copy = wf_http_alloc(strlen(text));
    if (!copy) return MHD_NO;
    memcpy(copy, text, strlen(text));
    return send_response(connection, 413, "application/json", copy, strlen(text));
  }
  wf_http_request request = {method, url, NULL, NULL, body->data, body->size};
  request.query = MHD_lookup_connection_value(connection, MHD_GET_ARGUMENT_KIND, "q");
  request.token = MHD_lookup_connection_value(connection, MHD_HEADER_KIND, "X-WordFit-Token");
  if (!request.token) request.token = MHD_lookup_connection_value(connection, MHD_GET_ARGUMENT_KIND, "token");
  wf_http_response response = {500, NULL, NULL, 0};
  server->handler(server->context, &request, &response);
  return send_response(connection, response.status, response.content_type, response.body, response.body_size);
}

static void on_completed(void *cls, struct MHD_Connection *connection, void **state,
                         enum MHD_RequestTerminationCode code) {
  (void)cls;
  (void)connection;
  (void)code;
  upload *body = *state;
  if (body) {
    free(body->data);
    free(body);
    *state = NULL;
  }
}

wf_http_server *wf_http_start(const char *address, int port, size_t max_body, unsigned timeout_seconds,
                              unsigned connection_limit, wf_http_handler handler, void *context, char *message,
                              size_t message_size) {
  pthread_once(&load_once, load);
  if (load_error) {
    snprintf(message, message_size, "%s", load_error);
    return NULL;
  }
  struct sockaddr_storage storage;
  memset(&storage, 0, sizeof storage);
  unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_POLL;
  struct sockaddr_in *v4 = (struct sockaddr_in *)&storage;
  struct sockaddr_in6 *v6 = (struct sockaddr_in6 *)&storage;
  if (inet_pton(AF_INET, address, &v4->sin_addr) == 1) {
    v4->sin_family = AF_INET;
    v4->sin_port = htons((uint16_t)port);
  } else if (inet_pton(AF_INET6, address, &v6->sin6_addr) == 1) {
    v6->sin6_family = AF_INET6;
    v6->sin6_port = htons((uint16_t)port);
    flags |= MHD_USE_IPv6;
  } else {
    snprintf(message, message_size, "'%s' is not an IP address", address);
    return NULL;
  }
  wf_http_server *server = calloc(1, sizeof(wf_http_server));
  if (!server) {
    snprintf(message, message_size, "out of memory");
    return NULL;
  }
  server->handler = handler;
  server->context = context;
  server->max_body = max_body;
  server->daemon = MHD_start_daemon(
      flags, (uint16_t)port, NULL, NULL, on_request, server, MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&storage,
      MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds, MHD_OPTION_CONNECTION_LIMIT, connection_limit,
      MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)65536, MHD_OPTION_NOTIFY_COMPLETED, on_completed, NULL,
      MHD_OPTION_END);
  if (!server->daemon) {
    snprintf(message, message_size, "cannot listen on %s port %d (in use, or not this machine's address)", address,
             port);
    free(server);
    return NULL;
  }
  return server;
}

int wf_http_port(const wf_http_server *server) {
  const union MHD_DaemonInfo *info = MHD_get_daemon_info(server->daemon, MHD_DAEMON_INFO_BIND_PORT);
  return info ? info->port : 0;
}

void wf_http_stop(wf_http_server *server) {
  if (!server) return;
  MHD_stop_daemon(server->daemon);
  free(server);
}
