// libwebp's headers (libwebp-dev); only the C target CWebP includes them.
#include <webp/decode.h>
#include <webp/encode.h>
#include <webp/mux.h>
