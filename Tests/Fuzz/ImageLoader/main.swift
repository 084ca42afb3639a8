// SPDX-License-Identifier: GPL-3.0-or-later
import PixbufIO
import SaomaCore

/// The pixel budget the fuzzer loads with: the production limit's logic with a smaller number,
/// so an input announcing a huge image is refused (as it must be) instead of slowing every run.
let fuzzPixelLimit = 4_000_000

/// Image loading through `ImageLoader` and its budgets: any bytes give an image within the
/// limit or a typed error whose one-line message names the input; never a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImageLoader(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
    let loader = ImageLoader(maxPixels: fuzzPixelLimit)
    do {
        let image = try loader.load(bytes: bytes, name: "fuzzed image", wantDisplay: true)
        fuzzCheck(image.width > 0 && image.height > 0, "an image of \(image.width)×\(image.height) pixels")
        fuzzCheck(image.width * image.height <= fuzzPixelLimit, "\(image.width)×\(image.height) pixels passed the budget")
        fuzzCheck(image.luma.pixels.count == image.width * image.height, "luma pixels do not fill the image")
        if let display = image.display {
            // Display pixels are the image shrunk to fit `maxDisplaySide`, never larger than it.
            let fits = max(image.width, image.height) <= loader.maxDisplaySide
            fuzzCheck(
                fits
                    ? display.width == image.width && display.height == image.height
                    : (1...image.width).contains(display.width) && (1...image.height).contains(display.height)
                        && max(display.width, display.height) <= loader.maxDisplaySide,
                "display \(display.width)×\(display.height) for an image of \(image.width)×\(image.height)")
            let needed = display.rowstride * (display.height - 1) + display.width * display.channels
            fuzzCheck(display.rowstride >= display.width * display.channels && display.bytes.count >= needed, "display rows overrun")
        }
    } catch {
        let message = error.description
        fuzzCheck(error.input == "fuzzed image", "the error names \(error.input)")
        fuzzCheck(message.hasPrefix("fuzzed image: "), "the message does not start with the input's name: \(message)")
        fuzzCheck(
            !message.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "control characters in \(message)")
    }
    return 0
}
