// SPDX-License-Identifier: GPL-3.0-or-later

/// A kind of code Saoma draws: QR (libqrencode) and, through libzint, Data Matrix, Aztec, PDF417,
/// Micro QR, EAN-13, UPC-A and Code 128.
public enum BarcodeFormat: String, CaseIterable, Hashable, Sendable {
    case qr
    case dataMatrix = "datamatrix"
    case aztec
    case pdf417
    case microQR = "microqr"
    case ean13
    case upcA = "upca"
    case code128

    /// The symbology a reader reports for the code drawn.
    public var symbology: Symbology {
        switch self {
        case .qr: .qrCode
        case .dataMatrix: .dataMatrix
        case .aztec: .aztec
        case .pdf417: .pdf417
        case .microQR: .microQR
        case .ean13: .ean13
        case .upcA: .upcA
        case .code128: .code128
        }
    }

    /// The name printed in messages and accepted by `--format` (`datamatrix`, `ean13`…).
    public var name: String { rawValue }

    /// Whether the code is a row of bars (with its digits or text printed under it).
    public var isLinear: Bool { self == .ean13 || self == .upcA || self == .code128 }

    /// Parses a user-given name, case and punctuation ignored: the name or a common alias
    /// (`qrcode`, `dm`, `micro-qr`, `ean`, `upc`, `code-128`).
    public init?(userName: String) {
        let key = userName.lowercased().filter { $0.isLetter || $0.isNumber }
        if let exact = BarcodeFormat.allCases.first(where: { $0.rawValue == key }) {
            self = exact
            return
        }
        switch key {
        case "qrcode": self = .qr
        case "dm", "dmtx": self = .dataMatrix
        case "mqr", "microqrcode": self = .microQR
        case "ean", "ean13code": self = .ean13
        case "upc": self = .upcA
        case "c128": self = .code128
        default: return nil
        }
    }

    /// The light margin the format's standard asks for, in modules, on its narrowest side (what
    /// libzint adds as "compliant quiet zones"): a quiet zone asked for below it is this one.
    public var standardQuietZone: Int {
        switch self {
        case .qr: 4
        case .dataMatrix: 1
        case .aztec: 0
        case .pdf417, .microQR: 2
        case .ean13: 7
        case .upcA: 9
        case .code128: 10
        }
    }
}
