// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaCore

/// What to generate: the payload, the symbol's parameters and its look.
public struct QRGenerationRequest: Hashable, Sendable {
    public var payload: QRPayload
    public var level: ErrorCorrectionLevel
    /// The smallest symbol version to use, 1…40 (a larger one is chosen when the payload needs it).
    public var minimumVersion: Int
    public var style: QRStyle

    public init(payload: QRPayload, level: ErrorCorrectionLevel = .medium, minimumVersion: Int = 1, style: QRStyle = QRStyle()) {
        self.payload = payload
        self.level = level
        self.minimumVersion = minimumVersion
        self.style = style
    }
}

/// Why generation failed.
public enum QRGenerationError: Error, Hashable, Sendable {
    case encoding(QREncodingError)
    case style(QRStyleError)
    /// Saoma could not read its own output back.
    case selfCheck(QRSelfCheckError)
}

/// A generated, checked code with everything needed to render it.
///
/// A value type: cheap to pass from a worker thread to the UI.
public struct GeneratedQRCode: Hashable, Sendable {
    public let request: QRGenerationRequest
    public let matrix: QRMatrix
    /// Resolved pixels per module.
    public let moduleSize: Int

    public var style: QRStyle { request.style }
    /// Pixels per side of the rendered image.
    public var pixelSize: Int { matrix.pixelSize(moduleSize: moduleSize, quietZone: style.quietZone) }

    /// RGB pixels for a PNG or a `GdkMemoryTexture` (`GDK_MEMORY_R8G8B8`).
    public func rgbRaster() -> RGBRaster {
        matrix.rgbRaster(moduleSize: moduleSize, quietZone: style.quietZone, foreground: style.foreground, background: style.background)
    }

    /// The greyscale image a decoder sees.
    public func lumaImage() -> LumaImage {
        matrix.lumaImage(moduleSize: moduleSize, quietZone: style.quietZone, foreground: style.foreground, background: style.background)
    }

    /// The image the self-check decodes: `lumaImage()`, or for images wider than
    /// `QRGenerator.selfCheckMaximumSide` the same code at a smaller whole module size.
    public func selfCheckImage() -> LumaImage {
        guard pixelSize > QRGenerator.selfCheckMaximumSide else { return lumaImage() }
        let modules = matrix.sizeInModules(quietZone: style.quietZone)
        let reduced = max(2, QRGenerator.selfCheckMaximumSide / modules)
        return matrix.lumaImage(moduleSize: reduced, quietZone: style.quietZone, foreground: style.foreground, background: style.background)
    }

    /// A standalone SVG document.
    public func svg() -> String {
        matrix.svg(moduleSize: moduleSize, quietZone: style.quietZone, foreground: style.foreground, background: style.background)
    }

    /// Half-block text for a terminal (always black on white).
    public func terminalText(ansiColors: Bool = true) -> String { matrix.terminalText(quietZone: style.quietZone, ansiColors: ansiColors) }
}

/// Encodes, sizes and self-checks codes: the whole generation pipeline short of writing a file.
public enum QRGenerator {
    /// Largest image side the self-check decodes, in pixels; larger images are checked at the
    /// largest whole module size (at least 2 px) that fits, which is the same image scaled down by
    /// a whole factor (about 1.4 Mpx takes zbar 20–30 ms here; the whole check stays within budget).
    public static let selfCheckMaximumSide = 1200

    /// Makes the code `request` describes and, when a decoder is given, reads it back.
    ///
    /// The self-check decodes the exact image that is rendered (module size, quiet zone and the
    /// colours' luma), so a code Saoma cannot read, or one that reads differently, is an error.
    /// Call from any thread; the decoder must belong to the calling thread.
    public static func generate(_ request: QRGenerationRequest, verifyingWith decoder: (any BarcodeDecoder)?) throws(QRGenerationError)
        -> GeneratedQRCode
    {
        do {
            try request.style.validate()
        } catch {
            throw .style(error)
        }
        let matrix: QRMatrix
        do {
            matrix = try QREncoder.encode(request.payload, level: request.level, minimumVersion: request.minimumVersion)
        } catch {
            throw .encoding(error)
        }
        let moduleSize: Int
        do {
            moduleSize = try request.style.moduleSize(for: matrix)
        } catch {
            throw .style(error)
        }
        let code = GeneratedQRCode(request: request, matrix: matrix, moduleSize: moduleSize)
        if let decoder {
            do {
                try QRSelfCheck.verify(code.selfCheckImage(), holds: request.payload, decoder: decoder)
            } catch {
                throw .selfCheck(error)
            }
        }
        return code
    }
}
