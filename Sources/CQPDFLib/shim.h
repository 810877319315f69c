#ifndef WORDFIT_CQPDFLIB_SHIM_H
#define WORDFIT_CQPDFLIB_SHIM_H

// qpdf's C headers and library, found through pkg-config. Only the CQPDF C target includes it
// (for its include paths and link flag); Swift goes through CQPDF's wordfit_qpdf.h.

#include <qpdf/qpdf-c.h>
#include <qpdf/qpdfjob-c.h>
#include <qpdf/qpdflogger-c.h>

#endif
