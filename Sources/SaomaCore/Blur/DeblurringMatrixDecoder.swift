// SPDX-License-Identifier: GPL-3.0-or-later

/// A QR reader run on deblurred copies of an image (`MatrixDeblur`): the defocus undone where a
/// code-like region is, the copies read best first until one reads. QR codes carry their own
/// error correction, so a copy that reads is the code (ringing that breaks modules breaks the
/// read, not its text).
///
/// Owns its reader; like it, used by one thread at a time.
public final class DeblurringMatrixDecoder: BarcodeDecoder {
    /// The symbologies read on the copies.
    public static let symbologies: Set<Symbology> = [.qrCode]
    private let reader: BarcodeDecoder

    /// Reads copies with `reader` (zbar).
    public init(_ reader: BarcodeDecoder) {
        self.reader = reader
    }

    public func decode(_ image: LumaImage, options: DecodeOptions) -> [Symbol] {
        let wanted = options.symbologies.intersection(Self.symbologies)
        guard !wanted.isEmpty else { return [] }
        var found: [Symbol] = []
        MatrixDeblur.forEachCopy(of: image, in: options.regionOfInterest) { copy in
            let symbols = reader.decode(copy.image, options: DecodeOptions(symbologies: wanted, effort: options.effort))
            guard !symbols.isEmpty else { return false }
            found = symbols.map { symbol in
                var moved = symbol
                moved.corners = symbol.corners.map(copy.imagePoint)
                return moved
            }
            return true
        }
        return found.sortedInReadingOrder()
    }
}
