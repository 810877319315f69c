#ifndef WORDFIT_CCUPSLIB_SHIM_H
#define WORDFIT_CCUPSLIB_SHIM_H

// libcups's header and library (libcups2-dev; Debian 12 ships no cups.pc, so the system paths).
// Only the CCUPS C target includes it; Swift goes through CCUPS's wordfit_cups.h.

#include <cups/cups.h>

#endif
