// SPDX-License-Identifier: GPL-3.0-or-later
import GLibSwift
import QREncoding
import SaomaCore
import ZintEncoding

/// The code the Generate page shows and saves: a QR code (libqrencode) or a code of another
/// format (libzint), with what saving, copying and the preview need from either.
enum GeneratorCode: Equatable {
    case qr(GeneratedQRCode)
    case barcode(GeneratedBarcode)

    /// The kind of code.
    var format: BarcodeFormat {
        switch self {
        case .qr: .qr
        case .barcode(let code): code.format
        }
    }

    /// The QR symbol's modules, `nil` for other formats.
    var matrix: QRMatrix? {
        if case .qr(let code) = self { return code.matrix }
        return nil
    }

    /// The saved image's pixels (PNG, clipboard).
    func rgbRaster() -> RGBRaster {
        switch self {
        case .qr(let code): code.rgbRaster()
        case .barcode(let code): code.raster
        }
    }

    /// A standalone SVG document.
    func svg() -> String {
        switch self {
        case .qr(let code): code.svg()
        case .barcode(let code): code.svg()
        }
    }

    /// What the preview and the full-screen view draw.
    var appearance: CodeAppearance {
        switch self {
        case .qr(let code):
            .qr(
                QRCodeAppearance(
                    matrix: code.matrix, quietZone: code.style.quietZone, foreground: code.style.foreground,
                    background: code.style.background))
        case .barcode(let code):
            .barcode(BarcodeAppearance(drawing: code.drawing, foreground: code.style.foreground, background: code.style.background))
        }
    }

    /// The saved image's size, e.g. “Image: 296 × 296 pixels”.
    var exportSizeText: String {
        switch self {
        case .qr(let code): GeneratorMessages.exportSize(code.pixelSize)
        case .barcode(let code):
            tr("Image: {width} × {height} pixels", ["width": String(code.raster.width), "height": String(code.raster.height)])
        }
    }

    /// The symbol's kind and size for the preview's accessible description.
    var accessibleSize: String {
        switch self {
        case .qr(let code): GeneratorMessages.accessibleSize(of: code.matrix)
        case .barcode(let code):
            // Translators: {format} is a kind of code such as "Data Matrix" or "EAN-13".
            tr(
                "{format}, {columns} modules wide.",
                ["format": GeneratorMessages.title(of: code.format), "columns": String(Int(code.drawing.width.rounded()))])
        }
    }
}
