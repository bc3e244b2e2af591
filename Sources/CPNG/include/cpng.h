// A small C layer over libpng. libpng reports errors by longjmp; every setjmp/longjmp
// happens inside this file's functions, which return a status code and a message instead,
// so no longjmp ever crosses a Swift frame.
#pragma once
#include <stddef.h>
#include <stdint.h>

typedef enum weft_png_status {
    WEFT_PNG_OK = 0,
    WEFT_PNG_NOT_PNG,        // the 8-byte PNG signature is missing
    WEFT_PNG_TRUNCATED,      // the data ended before the image did
    WEFT_PNG_CRC,            // a chunk's CRC does not match its contents
    WEFT_PNG_CORRUPT,        // any other error libpng reports (bad header, bad zlib stream, ...)
    WEFT_PNG_TOO_LARGE,      // width × height exceeds the caller's pixel limit
    WEFT_PNG_OUT_OF_MEMORY,
    WEFT_PNG_INVALID_ARGUMENT,
} weft_png_status;

enum { WEFT_PNG_MESSAGE_CAPACITY = 256 };

/// What the file's header says, before any transformation.
typedef struct weft_png_header {
    uint32_t width;
    uint32_t height;
    int bit_depth;    // 1, 2, 4, 8 or 16
    int color_type;   // PNG_COLOR_TYPE_*: 0 gray, 2 RGB, 3 palette, 4 gray+alpha, 6 RGBA
    int interlaced;   // 1 for Adam7
    int has_trns;     // a tRNS chunk is present
} weft_png_header;

/// A decoded image, expanded to straight-alpha RGBA: 8 bits per sample when the file's bit depth
/// is at most 8, otherwise 16 bits per sample in little-endian order. Samples keep the file's
/// encoding (no gamma or color-profile conversion). `pixels` is malloc'ed; free it with
/// `weft_png_free`.
typedef struct weft_png_decoded {
    weft_png_header header;
    int sample_bits;  // 8 or 16
    uint8_t *pixels;
    size_t pixels_size;
} weft_png_decoded;

/// Decodes a whole PNG held in memory. `max_pixels` bounds width × height (checked after the
/// header is read, before any pixel memory is allocated). On failure `message` holds a sentence.
weft_png_status weft_png_decode(const uint8_t *data, size_t size, uint64_t max_pixels,
                                weft_png_decoded *out, char message[WEFT_PNG_MESSAGE_CAPACITY]);

/// Rows of raw PNG samples to encode, laid out exactly as PNG stores them after filtering is
/// undone: each row `row_bytes` long, samples packed MSB-first below 8 bits, 16-bit samples
/// big-endian. `palette` is `palette_count` RGB triples (palette images only). `trns` is the
/// tRNS chunk's content as PNG stores it: one alpha byte per palette entry (palette images),
/// or one 16-bit big-endian gray value (gray) or three (RGB); NULL for none.
typedef struct weft_png_raw_image {
    uint32_t width;
    uint32_t height;
    int bit_depth;
    int color_type;
    int interlaced;
    const uint8_t *rows;
    size_t row_bytes;
    const uint8_t *palette;
    int palette_count;
    const uint8_t *trns;
    size_t trns_size;
} weft_png_raw_image;

/// Encodes `image` into a new malloc'ed PNG stream (`*out`, `*out_size`); free with `weft_png_free`.
weft_png_status weft_png_encode(const weft_png_raw_image *image, uint8_t **out, size_t *out_size,
                                char message[WEFT_PNG_MESSAGE_CAPACITY]);

/// As `weft_png_encode`; with `fast` non-zero, zlib level 1 and the Sub filter on every row (for frame sequences,
/// several times faster than the default level and adaptive filters, files somewhat larger).
weft_png_status weft_png_encode_fast(const weft_png_raw_image *image, int fast, uint8_t **out, size_t *out_size,
                                     char message[WEFT_PNG_MESSAGE_CAPACITY]);

void weft_png_free(void *pointer);

/// libpng's version as a string, e.g. "1.6.39".
const char *weft_png_libpng_version(void);
