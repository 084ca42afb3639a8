// SPDX-License-Identifier: GPL-3.0-or-later

/// How hard a decoder tries: live frames must be fast, files may take longer.
public enum DecodeEffort: Sendable {
    /// Live camera frames: one or two cheap passes within a frame's time budget.
    case fast
    /// Files on disk: every pass that raises the read rate.
    case thorough
}

/// What to look for and where.
public struct DecodeOptions: Sendable, Equatable {
    /// Symbologies to report; everything by default.
    public var symbologies: Set<Symbology>
    /// Only codes inside this region (image pixels) are reported; `nil` means the whole image.
    public var regionOfInterest: PixelRect?
    public var effort: DecodeEffort

    public init(symbologies: Set<Symbology> = Set(Symbology.allCases), regionOfInterest: PixelRect? = nil, effort: DecodeEffort = .thorough)
    {
        self.symbologies = symbologies
        self.regionOfInterest = regionOfInterest
        self.effort = effort
    }
}

/// Finds every code in a greyscale image.
///
/// Implementations are not shared between threads: make one decoder per thread.
public protocol BarcodeDecoder: AnyObject {
    /// Every code found, corners in the image's pixel coordinates, in reading order.
    func decode(_ image: LumaImage, options: DecodeOptions) -> [Symbol]
}
