// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PixbufIO
import SaomaCore
import ZintEncoding

/// `saoma generate --format FORMAT`: codes other than QR, drawn by libzint and read back with the
/// engines that read the format, written as PNG or SVG.
extension GenerateCommand {
    /// Draws `payload` in the arguments' format, reads it back, and commits it to `output`.
    static func writeBarcode(
        _ payload: QRPayload, _ parsed: GenerateArguments, format: GenerateOutputFormat?, output: AtomicFile?,
        decoder: (any BarcodeDecoder)?
    ) throws(GenerateFailure) {
        let request = BarcodeRequest(payload: payload, format: parsed.format, style: parsed.style)
        let code: GeneratedBarcode
        do {
            code = try BarcodeGenerator.generate(request, verifyingWith: decoder)
        } catch {
            throw .barcode(error)
        }
        warnAboutColors(parsed.style)
        guard let output, let format, let path = parsed.outputPath else { return }
        let data: Data
        switch format {
        case .png:
            do {
                data = try PNGWriter.pngData(code.raster)
            } catch {
                throw .png(error)
            }
        case .svg:
            data = Data(code.svg().utf8)
        }
        try commit(data, to: output)
        ConsoleOutput.out(GenerateMessages.summary(code, path: path) + "\n")
    }
}
