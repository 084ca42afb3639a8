// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PixbufIO
import SaomaCore
import SaomaTestSupport

/// A `BarcodeDecoder` backed by zbarimg in binary mode: an independent reader for tests.
final class ZbarImgDecoder: BarcodeDecoder {
    let directory: TemporaryFolder

    init(directory: TemporaryFolder) { self.directory = directory }

    func decode(_ image: LumaImage, options: DecodeOptions) -> [Symbol] {
        var rgb = [UInt8]()
        rgb.reserveCapacity(image.pixels.count * 3)
        for p in image.pixels { rgb.append(contentsOf: [p, p, p]) }
        let path = directory.file(UUID().uuidString + ".png")
        guard let raster = RGBRaster(width: image.width, height: image.height, bytes: rgb),
            (try? PNGWriter.write(raster, to: path, replacing: true)) != nil,
            let bytes = try? ExternalTool.zbarimgBytes(path)
        else { return [] }
        return [Symbol(format: .qrCode, bytes: bytes, text: String(validating: bytes, as: UTF8.self), corners: [])]
    }
}
