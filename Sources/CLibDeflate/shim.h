#ifndef WORDFIT_CLIBDEFLATE_SHIM_H
#define WORDFIT_CLIBDEFLATE_SHIM_H
#include <libdeflate.h>
#endif
