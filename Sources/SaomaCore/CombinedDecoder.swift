// SPDX-License-Identifier: GPL-3.0-or-later

/// Several decoders over the same image (zbar's symbologies and Data Matrix): every code the
/// decoders find, in reading order; the fallbacks run only when the decoders found nothing (a
/// slow symbology kept off the images other codes were read in).
///
/// Owns its decoders; like them, used by one thread at a time.
public final class CombinedDecoder: BarcodeDecoder {
    private let decoders: [BarcodeDecoder]
    private let fallbacks: [BarcodeDecoder]

    public init(_ decoders: [BarcodeDecoder], fallbacks: [BarcodeDecoder] = []) {
        self.decoders = decoders
        self.fallbacks = fallbacks
    }

    public func decode(_ image: LumaImage, options: DecodeOptions) -> [Symbol] {
        let found = decoders.flatMap { $0.decode(image, options: options) }
        guard found.isEmpty else { return found.sortedInReadingOrder() }
        return fallbacks.flatMap { $0.decode(image, options: options) }.sortedInReadingOrder()
    }
}
