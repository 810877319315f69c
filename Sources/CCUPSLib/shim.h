#ifndef WORDFIT_CCUPSLIB_SHIM_H
#define WORDFIT_CCUPSLIB_SHIM_H

// libcups's header (libcups2-dev; Debian 12 ships no cups.pc, so the system paths).
// Only the CCUPS C target includes it; it opens the library itself (see cups.c). Swift goes
// through CCUPS's wordfit_cups.h.

#include <cups/cups.h>

#endif
