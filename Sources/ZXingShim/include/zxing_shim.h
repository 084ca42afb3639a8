// SPDX-License-Identifier: GPL-3.0-or-later
// A C interface over zxing-cpp 1.4 (a C++ library without a C API before 2.3): every call catches
// every C++ exception and turns it into an error code and message. Only ZXingDecoding calls it.
#pragma once
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// How zxing-cpp looks (its DecodeHints, the fields Saoma sets).
typedef struct SaomaZXOptions {
    /// zxing-cpp BarcodeFormat bits to look for (0 reads nothing).
    uint32_t formats;
    int32_t try_harder;
    int32_t try_rotate;
    int32_t try_downscale;
    int32_t is_pure;
    /// Scan lines that must agree on a linear code (zxing-cpp's default is 2).
    int32_t min_line_count;
    /// Most symbols reported (1...255).
    int32_t max_symbols;
    /// 0 local average (hybrid), 1 global histogram, 2 fixed threshold.
    int32_t binarizer;
} SaomaZXOptions;

/// One symbol found. Byte buffers are owned by the results (freed by saoma_zx_results_free).
typedef struct SaomaZXSymbol {
    /// The zxing-cpp BarcodeFormat bit.
    uint32_t format;
    /// zxing-cpp ContentType: 0 text, 1 binary, 2 mixed, 3 GS1, 4 ISO 15434, 5 unknown ECI.
    int32_t content_type;
    int32_t has_eci;
    /// Corners in image pixels: top-left, top-right, bottom-right, bottom-left as x, y pairs.
    int32_t corners[8];
    /// Structured append: size (-1 when not a part, 0 when unknown) and 0-based index.
    int32_t sequence_size;
    int32_t sequence_index;
    int32_t line_count;
    int32_t is_mirrored;
    /// The payload as encoded, without character set conversion.
    uint8_t *bytes;
    size_t byte_count;
    /// zxing-cpp's UTF-8 text (ECI segments converted by zxing-cpp).
    uint8_t *text;
    size_t text_count;
    /// The structured-append sequence id (QR parity, PDF417 file id), maybe empty.
    uint8_t *sequence_id;
    size_t sequence_id_count;
    /// The symbology identifier ("]Q1", "]C1"…), NUL-terminated.
    char symbology_identifier[8];
} SaomaZXSymbol;

typedef struct SaomaZXResults {
    SaomaZXSymbol *symbols;
    size_t count;
} SaomaZXResults;

/// Reads every code in an 8-bit greyscale image (`row_stride` bytes from one row to the next).
/// Returns 0 and fills `out` (free it with saoma_zx_results_free) or returns -1 and writes a
/// NUL-terminated message of at most `error_size` bytes to `error`.
int saoma_zx_read(
    const uint8_t *pixels, int32_t width, int32_t height, int32_t row_stride, const SaomaZXOptions *options, SaomaZXResults *out,
    char *error, size_t error_size);

/// Frees what saoma_zx_read put in `results` (safe on zeroed results).
void saoma_zx_results_free(SaomaZXResults *results);

/// zxing-cpp's version string ("1.4.0").
const char *saoma_zx_version(void);

#ifdef __cplusplus
}
#endif
