// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaCore

/// What to draw: the payload, the format and the look (quiet zone, size, colours).
public struct BarcodeRequest: Hashable, Sendable {
    public var payload: QRPayload
    public var format: BarcodeFormat
    public var style: QRStyle

    public init(payload: QRPayload, format: BarcodeFormat, style: QRStyle = QRStyle()) {
        self.payload = payload
        self.format = format
        self.style = style
    }
}

/// Why drawing a code failed.
public enum BarcodeGenerationError: Error, Hashable, Sendable {
    /// The payload breaks the format's rules (checked before libzint sees it).
    case input(BarcodeInputError)
    case encoding(ZintEncodingError)
    case style(QRStyleError)
    /// Saoma could not read its own output back.
    case selfCheck(QRSelfCheckError)
}

/// A drawn, checked code with everything needed to show and save it.
///
/// A value type: cheap to pass from a worker thread to the UI.
public struct GeneratedBarcode: Hashable, Sendable {
    public let request: BarcodeRequest
    /// The bytes drawn (digits with their check digit, ISO-8859-1 for Code 128…).
    public let input: BarcodeInput
    /// The code's shapes in modules (preview, full screen, SVG).
    public let drawing: BarcodeDrawing
    /// The saved image: whole pixels per module, the style's colours (PNG, clipboard).
    public let raster: RGBRaster
    /// Pixels per module of `raster`.
    public let moduleSize: Int

    public var format: BarcodeFormat { request.format }
    public var style: QRStyle { request.style }

    /// A standalone SVG document of the drawing at the raster's size.
    public func svg() -> String {
        drawing.svg(moduleSize: moduleSize, foreground: style.foreground, background: style.background)
    }
}

/// Draws codes with libzint, sizes them and reads them back: the whole pipeline short of writing a file.
public enum BarcodeGenerator {
    /// Draws the code `request` describes and, when a decoder is given, reads it back.
    ///
    /// The self-check decodes the saved image itself (or, above `QRStyle.selfCheckMaximumSide`, the same
    /// code at a smaller whole module size) with `decoder`, which should be the one Saoma reads
    /// codes with (the composition point's engines); a code that does not read back as the payload
    /// is an error. Call from any thread; the decoder must belong to the calling thread.
    public static func generate(_ request: BarcodeRequest, verifyingWith decoder: (any BarcodeDecoder)?) throws(BarcodeGenerationError)
        -> GeneratedBarcode
    {
        do {
            try request.style.validate()
        } catch {
            throw .style(error)
        }
        let input: BarcodeInput
        do {
            input = try BarcodeInput.prepare(request.payload, for: request.format)
        } catch {
            throw .input(error)
        }
        let style = request.style
        func draw(_ sizes: [Int]) throws(BarcodeGenerationError) -> ZintImage {
            do {
                return try ZintEncoder.draw(
                    input, quietZone: style.quietZone, moduleSizes: sizes, foreground: style.foreground, background: style.background)
            } catch {
                throw .encoding(error)
            }
        }
        let shapes = try draw([]).drawing
        let longest = Int(max(shapes.width, shapes.height).rounded(.up))
        let moduleSize: Int
        switch style.sizing {
        case .moduleSize(let fixed): moduleSize = fixed
        case .targetSize(let target):
            guard let fitting = shapes.moduleSize(fitting: target) else { throw .style(.targetTooSmall(target: target, modules: longest)) }
            moduleSize = min(fitting, QRStyle.maximumModuleSize)
        }
        guard longest * moduleSize <= QRStyle.maximumPixelSize else {
            throw .style(.imageTooLarge(pixels: longest * moduleSize, limit: QRStyle.maximumPixelSize))
        }
        let checkSize = QRStyle.checkedModuleSize(modules: longest, drawnAt: moduleSize)
        let image = try draw(checkSize == moduleSize ? [moduleSize] : [moduleSize, checkSize])
        guard let raster = image.rasters.first else { throw .encoding(.outOfMemory) }
        let code = GeneratedBarcode(request: request, input: input, drawing: image.drawing, raster: raster, moduleSize: moduleSize)
        guard let decoder else { return code }
        do {
            try BarcodeSelfCheck.verify((image.rasters.last ?? raster).luma, holds: input, decoder: decoder)
        } catch {
            throw .selfCheck(error)
        }
        return code
    }
}
