#ifndef WORDFIT_CLIBPNG_SHIM_H
#define WORDFIT_CLIBPNG_SHIM_H
#include <png.h>
#endif
