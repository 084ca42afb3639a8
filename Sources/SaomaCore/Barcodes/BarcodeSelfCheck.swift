// SPDX-License-Identifier: GPL-3.0-or-later

/// Reads a drawn code back before it is shown as verified or written, with the decoder that will
/// read it (the composition point's engines for the format), so a code Saoma cannot read never
/// leaves it.
public enum BarcodeSelfCheck {
    /// The symbologies a reader may report the code as: UPC-A is EAN-13 with a leading zero, and
    /// some readers say so.
    public static func acceptedSymbologies(_ format: BarcodeFormat) -> Set<Symbology> {
        format == .upcA ? [.upcA, .ean13] : [format.symbology]
    }

    /// Decodes `image` and checks that a code in it holds `input`: the same bytes, or the same
    /// text (a reader may strip an ECI designator's bytes; a UPC-A may come back as its EAN-13).
    /// The fast effort first, the thorough one only when that does not confirm.
    public static func verify(_ image: LumaImage, holds input: BarcodeInput, decoder: any BarcodeDecoder) throws(QRSelfCheckError) {
        let accepted = acceptedSymbologies(input.format)
        var firstRead: Symbol?
        for effort in [DecodeEffort.fast, .thorough] {
            let symbols = decoder.decode(image, options: DecodeOptions(symbologies: accepted, effort: effort)).filter {
                accepted.contains($0.format)
            }
            for symbol in symbols where matches(symbol, input) { return }
            firstRead = firstRead ?? symbols.first
        }
        guard let firstRead else { throw .unreadable }
        throw .mismatch(expected: input.bytes, decoded: firstRead.bytes)
    }

    /// Whether `symbol` reads back as `input`.
    static func matches(_ symbol: Symbol, _ input: BarcodeInput) -> Bool {
        if symbol.bytes == input.bytes { return true }
        guard let expected = input.expectedText, let text = symbol.text else { return false }
        if text == expected { return true }
        return input.format == .upcA && symbol.format == .ean13 && text == "0" + expected
    }
}
