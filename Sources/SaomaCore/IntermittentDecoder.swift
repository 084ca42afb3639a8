// SPDX-License-Identifier: GPL-3.0-or-later

/// A slow decoder given only every `period`-th live frame, to stay within the live CPU budget
/// (Data Matrix through libdmtx); still images (`.thorough`) always get it.
///
/// Owns its decoder; used by one thread at a time, like every decoder.
public final class IntermittentDecoder: BarcodeDecoder {
    private let decoder: BarcodeDecoder
    /// Live frames per decode (1 = every frame).
    public let period: Int
    /// Live frames seen so far.
    private var frames = 0

    public init(_ decoder: BarcodeDecoder, period: Int) {
        self.decoder = decoder
        self.period = max(1, period)
    }

    public func decode(_ image: LumaImage, options: DecodeOptions) -> [Symbol] {
        guard options.effort == .fast else { return decoder.decode(image, options: options) }
        frames += 1
        guard frames % period == 0 else { return [] }
        return decoder.decode(image, options: options)
    }
}
