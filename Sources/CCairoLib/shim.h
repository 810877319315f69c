#ifndef WORDFIT_CCAIROLIB_SHIM_H
#define WORDFIT_CCAIROLIB_SHIM_H

// cairo's headers and library, found through pkg-config. Only the CCairo C target includes
// it (for its include paths and link flag); Swift goes through CCairo's wordfit_pdf.h.

#include <cairo.h>

#endif
