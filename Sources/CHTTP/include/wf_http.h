#ifndef WORDFIT_HTTP_H
#define WORDFIT_HTTP_H

#include <stddef.h>
#include <stdint.h>

// WordFit's only door to libmicrohttpd (GNU libmicrohttpd, Debian's libmicrohttpd-dev): an HTTP
// server on one thread that hands each complete request to one handler and sends what it
// answers. No libmicrohttpd type crosses into Swift.

/// One request, complete: its body read (at most the server's limit).
typedef struct wf_http_request {
  const char *method;
  /// The path, without the query (percent-decoding left to the handler).
  const char *path;
  /// The query's `q` value, or NULL.
  const char *query;
  /// The token: the `X-WordFit-Token` header, else the query's `token` value, or NULL.
  const char *token;
  const uint8_t *body;
  size_t body_size;
} wf_http_request;

/// What the handler answers: a status, a content type (a static string), and a body the
/// handler allocates with wf_http_alloc (the server frees it), or NULL for none.
typedef struct wf_http_response {
  int status;
  const char *content_type;
  uint8_t *body;
  size_t body_size;
} wf_http_response;

typedef void (*wf_http_handler)(void *context, const wf_http_request *request, wf_http_response *response);

typedef struct wf_http_server wf_http_server;

/// Serves `address` (an IPv4 or IPv6 literal) at `port` (0: any free port) on one thread: every
/// request is handed to `handler` in turn, never two at once. A body over `max_body` bytes is
/// answered 413 without reaching the handler; a connection idle for `timeout_seconds` is closed;
/// at most `connection_limit` connections are open at once. Returns NULL with `message` when it
/// cannot start.
wf_http_server *wf_http_start(const char *address, int port, size_t max_body, unsigned timeout_seconds,
                              unsigned connection_limit, wf_http_handler handler, void *context, char *message,
                              size_t message_size);

/// The port the server listens on.
int wf_http_port(const wf_http_server *server);

/// Stops the server: the request under way is finished, then the thread ends.
void wf_http_stop(wf_http_server *server);

/// Memory for a response body, freed by the server after sending it.
uint8_t *wf_http_alloc(size_t size);

/// libmicrohttpd's version, "0.9.75".
const char *wf_http_version(void);

#endif
