#include "cpng.h"
#include <png.h>
int weft_png_version(void) { return (int)png_access_version_number(); }
