// SPDX-License-Identifier: GPL-3.0-or-later
import CQREncode
import SaomaCore
import SaomaTestSupport

/// Synthetic test images: QR codes rendered by the real libqrencode, placed on canvases.
enum TestImages {
    /// A QR code holding `bytes` (8-bit mode), `scale` pixels per module, `margin` modules of quiet zone.
    static func qr(_ bytes: [UInt8], scale: Int = 4, margin: Int = 4, level: QRecLevel = QR_ECLEVEL_M) -> LumaImage {
        guard let code = QRcode_encodeData(Int32(bytes.count), bytes, 0, level) else {
            fatalError("qrencode refused \(bytes.count) bytes")
        }
        defer { QRcode_free(code) }
        let modules = Int(code.pointee.width)
        let side = (modules + 2 * margin) * scale
        var image = LumaImage(width: side, height: side, fill: 255)
        for my in 0..<modules {
            for mx in 0..<modules where code.pointee.data[my * modules + mx] & 1 == 1 {
                for y in 0..<scale {
                    for x in 0..<scale {
                        image[(mx + margin) * scale + x, (my + margin) * scale + y] = 0
                    }
                }
            }
        }
        return image
    }

    /// A QR code holding the UTF-8 of `text`.
    static func qr(_ text: String, scale: Int = 4, margin: Int = 4) -> LumaImage {
        qr(Array(text.utf8), scale: scale, margin: margin)
    }

    /// `canvas` with `image` pasted at (`x`, `y`).
    static func paste(_ image: LumaImage, onto canvas: LumaImage, x: Int, y: Int) -> LumaImage {
        image.pasted(onto: canvas, x: x, y: y)
    }

    /// `image` with every pixel's grey value negated (light code on a dark ground).
    static func inverted(_ image: LumaImage) -> LumaImage { image.inverted }

    /// `image` with deterministic uniform noise of ±`amplitude` grey levels (seeded LCG).
    static func noisy(_ image: LumaImage, amplitude: Int, seed: UInt64 = 1) -> LumaImage {
        image.withNoise(amplitude: amplitude, seed: seed)
    }
}
