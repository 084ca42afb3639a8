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

    /// The images the self-check decodes, in order, until one confirms the payload: the code at
    /// `QRGenerator.selfCheckModuleSize` pixels per module (when the output's modules are larger),
    /// then the output image itself (or, above `QRStyle.selfCheckMaximumSide`, the largest
    /// whole module size that fits). Colours and quiet zone are always the output's.
    public func selfCheckImages() -> [LumaImage] {
        let modules = matrix.sizeInModules(quietZone: style.quietZone)
        var sizes = [Int]()
        if moduleSize > QRGenerator.selfCheckModuleSize { sizes.append(QRGenerator.selfCheckModuleSize) }
        let full = QRStyle.checkedModuleSize(modules: modules, drawnAt: moduleSize)
        if !sizes.contains(full) { sizes.append(full) }
        return sizes.map {
            matrix.lumaImage(moduleSize: $0, quietZone: style.quietZone, foreground: style.foreground, background: style.background)
        }
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
    /// Pixels per module of the self-check's first, quick read.
    ///
    /// The written image is the same modules, colours and quiet zone enlarged by a whole factor
    /// (nearest-neighbour), so reading it at 2 px per module checks the same code for a quarter or
    /// less of the decoding time (zbar's time grows with the pixel count). Only when that read
    /// fails is the image decoded at its own module size, and only that read's verdict counts.
    public static let selfCheckModuleSize = 2

    /// Makes the code `request` describes and, when a decoder is given, reads it back.
    ///
    /// The self-check decodes `GeneratedQRCode.selfCheckImages()` (the rendered code's modules,
    /// quiet zone and the colours' luma; see `selfCheckModuleSize`), so a code Saoma cannot read,
    /// or one that reads differently, is an error.
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
        guard let decoder else { return code }
        var failure = QRSelfCheckError.unreadable
        for image in code.selfCheckImages() {
            do {
                try QRSelfCheck.verify(image, holds: request.payload, decoder: decoder)
                return code
            } catch {
                failure = error
            }
        }
        throw .selfCheck(failure)
    }
}
