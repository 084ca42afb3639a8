// SPDX-License-Identifier: GPL-3.0-or-later

/// How big the modules of a rendered code are.
public enum QRSizing: Hashable, Sendable {
    /// Exactly this many pixels per module.
    case moduleSize(Int)
    /// The largest whole number of pixels per module whose image (quiet zone included) fits this
    /// many pixels per side.
    case targetSize(Int)
}

/// Why a style cannot be rendered.
public enum QRStyleError: Error, Hashable, Sendable {
    /// Pixels per module below 1 or above `QRStyle.maximumModuleSize`.
    case moduleSizeOutOfRange(Int)
    /// The target size in pixels is smaller than the code in modules (one pixel per module).
    case targetTooSmall(target: Int, modules: Int)
    /// The image would be wider than `QRStyle.maximumPixelSize`.
    case imageTooLarge(pixels: Int, limit: Int)
    /// A quiet zone below 0 or above `QRStyle.maximumQuietZone` modules.
    case quietZoneOutOfRange(Int)
    /// The colours are too close to tell apart.
    case invisibleColors(QRColorCheck)
}

/// Everything about a code's look: quiet zone, module size and colours.
public struct QRStyle: Hashable, Sendable {
    /// Modules of light margin around the symbol that ISO/IEC 18004 requires.
    public static let standardQuietZone = 4
    /// Largest quiet zone accepted, in modules.
    public static let maximumQuietZone = 100
    /// Pixels per module when nothing else is asked for.
    ///
    /// 4 px keeps a 1 KB payload (version 26, 129 modules with the quiet zone) at 516 px: sharp
    /// on screens, quick to encode and check; larger sizes are an option away.
    public static let defaultModuleSize = 4
    /// Largest module size accepted, in pixels.
    public static let maximumModuleSize = 100
    /// Largest image side accepted, in pixels (an 8192 px RGB image is 200 MB in memory).
    public static let maximumPixelSize = 8192
    /// Largest image side the generators' self-check decodes, in pixels; larger images are checked
    /// at the largest whole module size (at least 2 px) that fits (about 1.4 Mpx takes zbar 20–30 ms here).
    public static let selfCheckMaximumSide = 1200

    /// Pixels per module at which the self-check reads a code `modules` modules across (quiet zone
    /// included) drawn at `moduleSize`: the same when it fits in `selfCheckMaximumSide`, else the
    /// largest whole size that fits, 2 at least.
    public static func checkedModuleSize(modules: Int, drawnAt moduleSize: Int) -> Int {
        modules * moduleSize <= selfCheckMaximumSide ? moduleSize : max(2, selfCheckMaximumSide / max(1, modules))
    }

    /// Light margin around the symbol, in modules.
    public var quietZone: Int
    public var sizing: QRSizing
    /// The colour of dark modules.
    public var foreground: RGBColor
    /// The colour of light modules and the quiet zone.
    public var background: RGBColor

    public init(
        quietZone: Int = QRStyle.standardQuietZone, sizing: QRSizing = .moduleSize(QRStyle.defaultModuleSize),
        foreground: RGBColor = .black, background: RGBColor = .white
    ) {
        self.quietZone = quietZone
        self.sizing = sizing
        self.foreground = foreground
        self.background = background
    }

    /// The colour pair's contrast assessment.
    public var colorCheck: QRColorCheck { QRColorCheck(foreground: foreground, background: background) }

    /// Checks the quiet zone and colours (the parts that do not depend on the symbol).
    public func validate() throws(QRStyleError) {
        guard (0...QRStyle.maximumQuietZone).contains(quietZone) else { throw .quietZoneOutOfRange(quietZone) }
        let check = colorCheck
        if check.isRefused { throw .invisibleColors(check) }
        if case .moduleSize(let m) = sizing, !(1...QRStyle.maximumModuleSize).contains(m) { throw .moduleSizeOutOfRange(m) }
    }

    /// Pixels per module for `matrix`: the fixed size, or the largest that fits the target.
    public func moduleSize(for matrix: QRMatrix) throws(QRStyleError) -> Int {
        try validate()
        let modules = matrix.sizeInModules(quietZone: quietZone)
        let m: Int
        switch sizing {
        case .moduleSize(let fixed):
            m = fixed
        case .targetSize(let target):
            guard target / modules >= 1 else { throw .targetTooSmall(target: target, modules: modules) }
            m = min(target / modules, QRStyle.maximumModuleSize)
        }
        guard m * modules <= QRStyle.maximumPixelSize else { throw .imageTooLarge(pixels: m * modules, limit: QRStyle.maximumPixelSize) }
        return m
    }
}
