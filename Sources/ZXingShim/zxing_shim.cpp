// SPDX-License-Identifier: GPL-3.0-or-later
// The only translation unit that includes zxing-cpp: a C interface whose every entry point catches
// every C++ exception (a Swift caller cannot unwind through C++ frames).
#define ZX_USE_UTF8 1
#include "zxing_shim.h"

#include <ZXing/ReadBarcode.h>
#include <ZXing/ZXVersion.h>

#include <cstdlib>
#include <cstring>
#include <exception>
#include <new>
#include <string>

namespace {

void writeError(char *error, size_t size, const char *message)
{
    if (!error || size == 0)
        return;
    std::strncpy(error, message, size - 1);
    error[size - 1] = '\0';
}

/// A malloc'ed copy of `count` bytes (never NULL on success: one byte for empty buffers).
uint8_t *copyBytes(const void *from, size_t count)
{
    auto *to = static_cast<uint8_t *>(std::malloc(count ? count : 1));
    if (!to)
        throw std::bad_alloc();
    if (count)
        std::memcpy(to, from, count);
    return to;
}

ZXing::DecodeHints hints(const SaomaZXOptions &o)
{
    ZXing::DecodeHints h;
    h.setFormats(ZXing::BarcodeFormats(static_cast<ZXing::BarcodeFormat>(o.formats)));
    h.setTryHarder(o.try_harder != 0);
    h.setTryRotate(o.try_rotate != 0);
    h.setTryDownscale(o.try_downscale != 0);
    h.setIsPure(o.is_pure != 0);
    int lines = o.min_line_count < 1 ? 1 : (o.min_line_count > 255 ? 255 : o.min_line_count);
    h.setMinLineCount(static_cast<uint8_t>(lines));
    int most = o.max_symbols < 1 ? 1 : (o.max_symbols > 255 ? 255 : o.max_symbols);
    h.setMaxNumberOfSymbols(static_cast<uint8_t>(most));
    switch (o.binarizer) {
    case 1: h.setBinarizer(ZXing::Binarizer::GlobalHistogram); break;
    case 2: h.setBinarizer(ZXing::Binarizer::FixedThreshold); break;
    default: h.setBinarizer(ZXing::Binarizer::LocalAverage); break;
    }
    // Saoma decodes payload text itself from the bytes; EAN/UPC add-ons are not read here.
    h.setEanAddOnSymbol(ZXing::EanAddOnSymbol::Ignore);
    h.setTryCode39ExtendedMode(true);
    return h;
}

void fill(SaomaZXSymbol &s, const ZXing::Result &r)
{
    s.format = static_cast<uint32_t>(r.format());
    s.content_type = static_cast<int32_t>(r.contentType());
    s.has_eci = r.hasECI() ? 1 : 0;
    const auto &p = r.position();
    const ZXing::PointI corners[4] = {p.topLeft(), p.topRight(), p.bottomRight(), p.bottomLeft()};
    for (int i = 0; i < 4; ++i) {
        s.corners[2 * i] = corners[i].x;
        s.corners[2 * i + 1] = corners[i].y;
    }
    s.sequence_size = r.sequenceSize();
    s.sequence_index = r.sequenceIndex();
    s.line_count = r.lineCount();
    s.is_mirrored = r.isMirrored() ? 1 : 0;
    const auto &bytes = r.bytes();
    s.bytes = copyBytes(bytes.data(), bytes.size());
    s.byte_count = bytes.size();
    const std::string text = r.text();
    s.text = copyBytes(text.data(), text.size());
    s.text_count = text.size();
    const std::string id = r.sequenceId();
    s.sequence_id = copyBytes(id.data(), id.size());
    s.sequence_id_count = id.size();
    const std::string si = r.symbologyIdentifier();
    std::strncpy(s.symbology_identifier, si.c_str(), sizeof s.symbology_identifier - 1);
    s.symbology_identifier[sizeof s.symbology_identifier - 1] = '\0';
}

} // namespace

extern "C" int saoma_zx_read(
    const uint8_t *pixels, int32_t width, int32_t height, int32_t row_stride, const SaomaZXOptions *options, SaomaZXResults *out,
    char *error, size_t error_size)
{
    if (!out || !options) {
        writeError(error, error_size, "no options or results given");
        return -1;
    }
    out->symbols = nullptr;
    out->count = 0;
    if (!pixels || width <= 0 || height <= 0 || row_stride < width) {
        writeError(error, error_size, "empty or malformed image");
        return -1;
    }
    try {
        ZXing::ImageView image(pixels, width, height, ZXing::ImageFormat::Lum, row_stride, 1);
        const ZXing::Results results = ZXing::ReadBarcodes(image, hints(*options));
        size_t valid = 0;
        for (const auto &r : results)
            valid += r.isValid() ? 1 : 0;
        if (valid == 0)
            return 0;
        out->symbols = static_cast<SaomaZXSymbol *>(std::calloc(valid, sizeof(SaomaZXSymbol)));
        if (!out->symbols)
            throw std::bad_alloc();
        for (const auto &r : results) {
            if (!r.isValid())
                continue;
            fill(out->symbols[out->count], r);
            out->count += 1;
        }
        return 0;
    } catch (const std::bad_alloc &) {
        saoma_zx_results_free(out);
        writeError(error, error_size, "out of memory");
    } catch (const std::exception &e) {
        saoma_zx_results_free(out);
        writeError(error, error_size, e.what());
    } catch (...) {
        saoma_zx_results_free(out);
        writeError(error, error_size, "unknown C++ exception");
    }
    return -1;
}

extern "C" void saoma_zx_results_free(SaomaZXResults *results)
{
    if (!results || !results->symbols) {
        if (results)
            results->count = 0;
        return;
    }
    for (size_t i = 0; i < results->count; ++i) {
        std::free(results->symbols[i].bytes);
        std::free(results->symbols[i].text);
        std::free(results->symbols[i].sequence_id);
    }
    std::free(results->symbols);
    results->symbols = nullptr;
    results->count = 0;
}

extern "C" const char *saoma_zx_version(void)
{
#define SAOMA_ZX_STR2(x) #x
#define SAOMA_ZX_STR(x) SAOMA_ZX_STR2(x)
    return SAOMA_ZX_STR(ZXING_VERSION_MAJOR) "." SAOMA_ZX_STR(ZXING_VERSION_MINOR) "." SAOMA_ZX_STR(ZXING_VERSION_PATCH);
}
