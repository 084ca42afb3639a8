// SPDX-License-Identifier: GPL-3.0-or-later

/// Which symbologies the person wants read, as kept in the `symbologies` setting.
///
/// An empty or unreadable stored list means every symbology (the default), so at least one always
/// stays on: the last one switched on cannot be switched off.
public struct SymbologySelection: Equatable, Sendable {
    /// A family of symbologies shown together in the preferences.
    public enum Family: CaseIterable, Sendable {
        /// Two-dimensional codes.
        case matrix
        /// Retail codes: EAN/UPC, ISBN and their add-ons.
        case retail
        /// Industrial and logistics barcodes.
        case industrial

        /// The family's symbologies in display order.
        public var members: [Symbology] {
            switch self {
            case .matrix: [.qrCode, .dataMatrix, .pdf417, .aztec, .microQR, .maxiCode]
            case .retail: [.ean13, .ean8, .upcA, .upcE, .isbn13, .isbn10, .ean2, .ean5]
            case .industrial: [.code128, .code39, .code93, .interleaved2of5, .codabar, .dataBar, .dataBarExpanded]
            }
        }
    }

    /// The symbologies switched on (never empty).
    public private(set) var enabled: Set<Symbology>

    /// The selection a stored list describes: its known names, or everything when none is known.
    public init(stored: [String]) {
        let known = Set(stored.compactMap(Symbology.init(rawValue:)))
        enabled = known.isEmpty ? Set(Symbology.allCases) : known
    }

    /// The list to store, in the canonical order; empty when every symbology is on, so that the
    /// symbologies later versions add are on too.
    public var stored: [String] {
        enabled == Set(Symbology.allCases) ? [] : Symbology.allCases.filter(enabled.contains).map(\.rawValue)
    }

    /// Whether `symbology` is on.
    public func isEnabled(_ symbology: Symbology) -> Bool { enabled.contains(symbology) }

    /// Whether `symbology` cannot be switched off now (it is the only one on).
    public func isLocked(_ symbology: Symbology) -> Bool { enabled == [symbology] }

    /// Switches `symbology` on or off; switching off the only one on is ignored.
    public mutating func set(_ symbology: Symbology, on: Bool) {
        if on {
            enabled.insert(symbology)
        } else if !isLocked(symbology) {
            enabled.remove(symbology)
        }
    }
}
