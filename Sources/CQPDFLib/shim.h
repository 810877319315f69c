#ifndef WORDFIT_CQPDFLIB_SHIM_H
#define WORDFIT_CQPDFLIB_SHIM_H

// qpdf's C headers (libqpdf-dev, in the system's include path). Only the CQPDF C target
// includes it; it opens the library itself (see qpdf.c). Swift goes through CQPDF's
// wordfit_qpdf.h.

#include <qpdf/qpdf-c.h>
#include <qpdf/qpdfjob-c.h>
#include <qpdf/qpdflogger-c.h>

#endif
