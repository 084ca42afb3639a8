// SPDX-License-Identifier: GPL-3.0-or-later

/// Several decoders over the same image (zbar's symbologies and Data Matrix): every code any of
/// them finds, in reading order.
///
/// Owns its decoders; like them, used by one thread at a time.
public final class CombinedDecoder: BarcodeDecoder {
    private let decoders: [BarcodeDecoder]

    public init(_ decoders: [BarcodeDecoder]) {
        self.decoders = decoders
    }

    public func decode(_ image: LumaImage, options: DecodeOptions) -> [Symbol] {
        decoders.flatMap { $0.decode(image, options: options) }.sortedInReadingOrder()
    }
}
