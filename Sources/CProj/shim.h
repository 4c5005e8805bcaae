#ifndef FOOTPRINT_CPROJ_SHIM_H
#define FOOTPRINT_CPROJ_SHIM_H
#include <proj.h>
#endif
