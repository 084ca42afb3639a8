// SPDX-License-Identifier: GPL-3.0-or-later

/// A barcode symbology Saoma can read: everything zbar reads, Data Matrix (libdmtx and zxing-cpp), and
/// PDF417, Aztec, Micro QR and MaxiCode (zxing-cpp).
public enum Symbology: String, CaseIterable, Sendable, Codable, Comparable {
    case qrCode = "QR"
    case ean13 = "EAN-13"
    case ean8 = "EAN-8"
    case upcA = "UPC-A"
    case upcE = "UPC-E"
    case isbn10 = "ISBN-10"
    case isbn13 = "ISBN-13"
    case ean2 = "EAN-2"
    case ean5 = "EAN-5"
    case code128 = "CODE-128"
    case code39 = "CODE-39"
    case code93 = "CODE-93"
    case interleaved2of5 = "I2/5"
    case codabar = "CODABAR"
    case dataBar = "DataBar"
    case dataBarExpanded = "DataBar-Exp"
    case dataMatrix = "DataMatrix"
    case pdf417 = "PDF417"
    case aztec = "Aztec"
    case microQR = "MicroQR"
    case maxiCode = "MaxiCode"

    /// The name printed by the CLI and accepted by `--formats` (case-insensitive).
    public var name: String { rawValue }

    /// Whether this is a two-dimensional (matrix) code.
    public var isTwoDimensional: Bool {
        switch self {
        case .qrCode, .dataMatrix, .pdf417, .aztec, .microQR, .maxiCode: true
        default: false
        }
    }

    /// Parses a user-given name: the canonical name or a common alias (`qr`, `ean13`, `code128`, `itf`…).
    public init?(userName: String) {
        let key = userName.lowercased().filter { $0.isLetter || $0.isNumber }
        if let exact = Symbology.allCases.first(where: { $0.rawValue.lowercased().filter { $0.isLetter || $0.isNumber } == key }) {
            self = exact
            return
        }
        switch key {
        case "qrcode", "qr": self = .qrCode
        case "itf", "i25", "interleaved2of5": self = .interleaved2of5
        case "databarexpanded", "rssexpanded", "databarexp", "rssexp": self = .dataBarExpanded
        case "rss14", "rss", "databar": self = .dataBar
        case "dm", "datamatrix", "dmtx": self = .dataMatrix
        case "pdf", "pdf417": self = .pdf417
        case "mqr", "microqrcode": self = .microQR
        case "maxi": self = .maxiCode
        default: return nil
        }
    }

    public static func < (a: Symbology, b: Symbology) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
