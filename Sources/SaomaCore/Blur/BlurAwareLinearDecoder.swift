// SPDX-License-Identifier: GPL-3.0-or-later

/// `BlurAwareLinearReader` as an engine of the decoder composition: EAN/UPC and Code 128 too
/// blurred for edge detection, in the region of interest, for the symbologies asked for.
///
/// Holds no state: any thread may use its own.
public final class BlurAwareLinearDecoder: BarcodeDecoder {
    public init() {}

    public func decode(_ image: LumaImage, options: DecodeOptions) -> [Symbol] {
        BlurAwareLinearReader.read(image, in: options.regionOfInterest, symbologies: options.symbologies)
    }
}
