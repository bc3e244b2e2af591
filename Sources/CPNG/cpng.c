#include "cpng.h"

#include <png.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Shared by the reader and the writer: the first error wins, later ones (libpng may report
// again while unwinding) are ignored.
typedef struct context {
    const uint8_t *input;
    size_t input_size;
    size_t input_offset;

    uint8_t *output;
    size_t output_size;
    size_t output_capacity;

    int writing;
    weft_png_status status;
    char *message;
    char last_warning[WEFT_PNG_MESSAGE_CAPACITY];
} context;

static void fail(context *c, weft_png_status status, const char *text) {
    if (c->status != WEFT_PNG_OK) return;
    c->status = status;
    snprintf(c->message, WEFT_PNG_MESSAGE_CAPACITY, "%s", text);
}

static int mentions_memory(const char *text) {
    return strstr(text, "Out of memory") || strstr(text, "Out of Memory") || strstr(text, "out of memory");
}

static void on_error(png_structp png, png_const_charp text) {
    context *c = png_get_error_ptr(png);
    weft_png_status status;
    if (mentions_memory(text)) status = WEFT_PNG_OUT_OF_MEMORY;
    else if (c->writing) status = WEFT_PNG_INVALID_ARGUMENT;
    else if (strstr(text, "CRC error")) status = WEFT_PNG_CRC;
    else status = WEFT_PNG_CORRUPT;
    if (strstr(text, "Invalid IHDR data") && c->last_warning[0]) {
        // libpng says which field is wrong only in the warning just before this error.
        char combined[WEFT_PNG_MESSAGE_CAPACITY];
        snprintf(combined, sizeof combined, "%s (%s)", text, c->last_warning);
        fail(c, status, combined);
    } else {
        fail(c, status, text);
    }
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp text) {
    context *c = png_get_error_ptr(png);
    snprintf(c->last_warning, sizeof c->last_warning, "%s", text);
}

// CRC-32 of PNG chunks (ISO 3309, polynomial 0xEDB88320).
static uint32_t crc_table[256];
static pthread_once_t crc_table_once = PTHREAD_ONCE_INIT;

static void make_crc_table(void) {
    for (uint32_t n = 0; n < 256; n++) {
        uint32_t c = n;
        for (int k = 0; k < 8; k++) c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        crc_table[n] = c;
    }
}

static uint32_t crc_update(uint32_t crc, const uint8_t *bytes, size_t count) {
    pthread_once(&crc_table_once, make_crc_table);
    const uint32_t *table = crc_table;
    for (size_t i = 0; i < count; i++) crc = table[(crc ^ bytes[i]) & 0xff] ^ (crc >> 8);
    return crc;
}

static uint32_t read_u32(const uint8_t *bytes) {
    return (uint32_t)bytes[0] << 24 | (uint32_t)bytes[1] << 16 | (uint32_t)bytes[2] << 8 | bytes[3];
}

// libpng checks a chunk's CRC only after it has consumed the chunk, so a damaged IDAT shows up
// as a zlib error first. Checking every complete critical chunk up front names the real problem.
// Ancillary chunks with a bad CRC are left to libpng, which drops them, as the PNG spec allows.
static int check_critical_crcs(context *c) {
    size_t offset = 8;
    while (c->input_size - offset >= 12) {
        uint32_t length = read_u32(c->input + offset);
        if (length > 0x7fffffffu || c->input_size - offset - 12 < length) return 1;  // libpng reports it
        const uint8_t *type = c->input + offset + 4;
        uint32_t stored = read_u32(type + 4 + length);
        uint32_t actual = crc_update(0xffffffffu, type, 4 + (size_t)length) ^ 0xffffffffu;
        int critical = (type[0] & 0x20) == 0;
        if (critical && stored != actual) {
            char text[WEFT_PNG_MESSAGE_CAPACITY];
            snprintf(text, sizeof text, "%c%c%c%c: CRC error (chunk at byte %zu)", type[0], type[1], type[2], type[3], offset);
            fail(c, WEFT_PNG_CRC, text);
            return 0;
        }
        if (memcmp(type, "IEND", 4) == 0) return 1;
        offset += 12 + (size_t)length;
    }
    return 1;
}

static void read_input(png_structp png, png_bytep destination, size_t count) {
    context *c = png_get_io_ptr(png);
    if (c->input_size - c->input_offset < count) {
        char text[WEFT_PNG_MESSAGE_CAPACITY];
        snprintf(text, sizeof text, "the data ends after %zu bytes, before the image is complete", c->input_size);
        fail(c, WEFT_PNG_TRUNCATED, text);
        png_error(png, "unexpected end of data");
    }
    memcpy(destination, c->input + c->input_offset, count);
    c->input_offset += count;
}

static void write_output(png_structp png, png_bytep source, size_t count) {
    context *c = png_get_io_ptr(png);
    if (c->output_capacity - c->output_size < count) {
        size_t capacity = c->output_capacity ? c->output_capacity : 4096;
        while (capacity - c->output_size < count) {
            if (capacity > SIZE_MAX / 2) png_error(png, "Out of memory");
            capacity *= 2;
        }
        uint8_t *grown = realloc(c->output, capacity);
        if (!grown) png_error(png, "Out of memory");
        c->output = grown;
        c->output_capacity = capacity;
    }
    memcpy(c->output + c->output_size, source, count);
    c->output_size += count;
}

static void flush_output(png_structp png) { (void)png; }

weft_png_status weft_png_decode(const uint8_t *data, size_t size, uint64_t max_pixels,
                                weft_png_decoded *out, char message[WEFT_PNG_MESSAGE_CAPACITY]) {
    memset(out, 0, sizeof *out);
    message[0] = 0;
    context c = {.input = data, .input_size = size, .message = message};

    if (size < 8) {
        if (size > 0 && png_sig_cmp(data, 0, size) == 0) {
            fail(&c, WEFT_PNG_TRUNCATED, "the data ends inside the PNG signature");
        } else {
            fail(&c, WEFT_PNG_NOT_PNG, "the data does not start with the PNG signature");
        }
        return c.status;
    }
    if (png_sig_cmp(data, 0, 8) != 0) {
        fail(&c, WEFT_PNG_NOT_PNG, "the data does not start with the PNG signature");
        return c.status;
    }

    if (!check_critical_crcs(&c)) return c.status;

    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &c, on_error, on_warning);
    if (!png) {
        fail(&c, WEFT_PNG_OUT_OF_MEMORY, "libpng could not allocate its reader");
        return c.status;
    }
    png_infop info = png_create_info_struct(png);
    if (!info) {
        png_destroy_read_struct(&png, NULL, NULL);
        fail(&c, WEFT_PNG_OUT_OF_MEMORY, "libpng could not allocate its reader");
        return c.status;
    }

    // Written between setjmp and a possible longjmp, so volatile.
    uint8_t *volatile pixels = NULL;
    png_bytep *volatile rows = NULL;

    if (setjmp(png_jmpbuf(png))) {
        free(rows);
        free(pixels);
        png_destroy_read_struct(&png, &info, NULL);
        return c.status == WEFT_PNG_OK ? WEFT_PNG_CORRUPT : c.status;
    }

    png_set_read_fn(png, &c, read_input);
    // Our own pixel limit below replaces libpng's per-axis default of 1,000,000.
    png_set_user_limits(png, PNG_UINT_31_MAX, PNG_UINT_31_MAX);
    png_read_info(png, info);

    weft_png_header *header = &out->header;
    header->width = png_get_image_width(png, info);
    header->height = png_get_image_height(png, info);
    header->bit_depth = png_get_bit_depth(png, info);
    header->color_type = png_get_color_type(png, info);
    header->interlaced = png_get_interlace_type(png, info) == PNG_INTERLACE_ADAM7;
    header->has_trns = png_get_valid(png, info, PNG_INFO_tRNS) != 0;

    uint64_t pixel_count = (uint64_t)header->width * header->height;
    if (pixel_count > max_pixels) {
        snprintf(message, WEFT_PNG_MESSAGE_CAPACITY, "%u×%u is %llu pixels, more than the limit of %llu",
                 header->width, header->height, (unsigned long long)pixel_count, (unsigned long long)max_pixels);
        c.status = WEFT_PNG_TOO_LARGE;
        png_destroy_read_struct(&png, &info, NULL);
        return c.status;
    }

    int color_type = header->color_type;
    if (color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color_type == PNG_COLOR_TYPE_GRAY && header->bit_depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (header->has_trns) png_set_tRNS_to_alpha(png);
    if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    if (!(color_type & PNG_COLOR_MASK_ALPHA) && !header->has_trns) {
        png_set_add_alpha(png, header->bit_depth == 16 ? 0xffff : 0xff, PNG_FILLER_AFTER);
    }
    if (header->bit_depth == 16) png_set_swap(png);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);

    int sample_bits = header->bit_depth == 16 ? 16 : 8;
    size_t row_bytes = png_get_rowbytes(png, info);
    if (png_get_channels(png, info) != 4 || png_get_bit_depth(png, info) != sample_bits
        || row_bytes != (size_t)header->width * 4 * (sample_bits / 8)) {
        png_error(png, "libpng did not expand the image to RGBA as requested");
    }
    if (header->height > SIZE_MAX / row_bytes) png_error(png, "Out of memory");
    pixels = malloc(row_bytes * header->height);
    rows = malloc(sizeof(png_bytep) * header->height);
    if (!pixels || !rows) png_error(png, "Out of memory");
    for (uint32_t y = 0; y < header->height; y++) rows[y] = pixels + row_bytes * y;

    png_read_image(png, rows);
    png_read_end(png, NULL);

    free(rows);
    png_destroy_read_struct(&png, &info, NULL);
    out->sample_bits = sample_bits;
    out->pixels = pixels;
    out->pixels_size = row_bytes * header->height;
    return WEFT_PNG_OK;
}

static int channels_of(int color_type) {
    switch (color_type) {
    case PNG_COLOR_TYPE_GRAY: return 1;
    case PNG_COLOR_TYPE_GRAY_ALPHA: return 2;
    case PNG_COLOR_TYPE_RGB: return 3;
    case PNG_COLOR_TYPE_RGB_ALPHA: return 4;
    case PNG_COLOR_TYPE_PALETTE: return 1;
    default: return 0;
    }
}

static uint16_t big_endian_16(const uint8_t *bytes) { return (uint16_t)(bytes[0] << 8 | bytes[1]); }

weft_png_status weft_png_encode(const weft_png_raw_image *image, uint8_t **out, size_t *out_size,
                                char message[WEFT_PNG_MESSAGE_CAPACITY]) {
    return weft_png_encode_fast(image, 0, out, out_size, message);
}

weft_png_status weft_png_encode_fast(const weft_png_raw_image *image, int fast, uint8_t **out, size_t *out_size,
                                     char message[WEFT_PNG_MESSAGE_CAPACITY]) {
    *out = NULL;
    *out_size = 0;
    message[0] = 0;
    context c = {.writing = 1, .message = message};

    int channels = channels_of(image->color_type);
    if (channels == 0) {
        fail(&c, WEFT_PNG_INVALID_ARGUMENT, "unknown PNG color type");
        return c.status;
    }
    if (image->width == 0 || image->height == 0) {
        fail(&c, WEFT_PNG_INVALID_ARGUMENT, "a PNG needs a positive width and height");
        return c.status;
    }
    uint64_t needed_row_bytes = ((uint64_t)image->width * channels * image->bit_depth + 7) / 8;
    if (!image->rows || image->row_bytes < needed_row_bytes) {
        fail(&c, WEFT_PNG_INVALID_ARGUMENT, "rows are shorter than width, color type and bit depth need");
        return c.status;
    }

    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &c, on_error, on_warning);
    if (!png) {
        fail(&c, WEFT_PNG_OUT_OF_MEMORY, "libpng could not allocate its writer");
        return c.status;
    }
    png_infop info = png_create_info_struct(png);
    if (!info) {
        png_destroy_write_struct(&png, NULL);
        fail(&c, WEFT_PNG_OUT_OF_MEMORY, "libpng could not allocate its writer");
        return c.status;
    }
    png_bytep *volatile rows = NULL;

    if (setjmp(png_jmpbuf(png))) {
        free(rows);
        free(c.output);
        png_destroy_write_struct(&png, &info);
        return c.status == WEFT_PNG_OK ? WEFT_PNG_INVALID_ARGUMENT : c.status;
    }

    png_set_write_fn(png, &c, write_output, flush_output);
    if (fast) {
        png_set_compression_level(png, 1);
        png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_SUB);
    }
    png_set_IHDR(png, info, image->width, image->height, image->bit_depth, image->color_type,
                 image->interlaced ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);

    if (image->color_type == PNG_COLOR_TYPE_PALETTE) {
        if (!image->palette || image->palette_count < 1 || image->palette_count > 256) {
            png_error(png, "a palette image needs 1 to 256 palette entries");
        }
        png_color palette[256];
        for (int i = 0; i < image->palette_count; i++) {
            palette[i].red = image->palette[3 * i];
            palette[i].green = image->palette[3 * i + 1];
            palette[i].blue = image->palette[3 * i + 2];
        }
        png_set_PLTE(png, info, palette, image->palette_count);
    }
    if (image->trns) {
        png_color_16 key = {0};
        switch (image->color_type) {
        case PNG_COLOR_TYPE_PALETTE:
            if (image->trns_size < 1 || image->trns_size > (size_t)image->palette_count) {
                png_error(png, "tRNS needs 1 to palette-count alpha values");
            }
            png_set_tRNS(png, info, image->trns, (int)image->trns_size, NULL);
            break;
        case PNG_COLOR_TYPE_GRAY:
            if (image->trns_size != 2) png_error(png, "a gray tRNS key is one 16-bit value");
            key.gray = big_endian_16(image->trns);
            png_set_tRNS(png, info, NULL, 0, &key);
            break;
        case PNG_COLOR_TYPE_RGB:
            if (image->trns_size != 6) png_error(png, "an RGB tRNS key is three 16-bit values");
            key.red = big_endian_16(image->trns);
            key.green = big_endian_16(image->trns + 2);
            key.blue = big_endian_16(image->trns + 4);
            png_set_tRNS(png, info, NULL, 0, &key);
            break;
        default:
            png_error(png, "tRNS is only allowed for gray, RGB and palette images");
        }
    }

    rows = malloc(sizeof(png_bytep) * image->height);
    if (!rows) png_error(png, "Out of memory");
    for (uint32_t y = 0; y < image->height; y++) rows[y] = (png_bytep)(image->rows + image->row_bytes * y);

    png_write_info(png, info);
    png_write_image(png, rows);  // runs every Adam7 pass itself when interlaced
    png_write_end(png, NULL);

    free(rows);
    png_destroy_write_struct(&png, &info);
    *out = c.output;
    *out_size = c.output_size;
    return WEFT_PNG_OK;
}

void weft_png_free(void *pointer) { free(pointer); }

const char *weft_png_libpng_version(void) { return png_get_libpng_ver(NULL); }
