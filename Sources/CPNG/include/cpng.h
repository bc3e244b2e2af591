// Placeholder until the PNG codec lands; replaced by the image work.
#pragma once
int weft_png_version(void);
