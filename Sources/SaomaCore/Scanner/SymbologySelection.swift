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

        /// The retail symbologies; every other one-dimensional code is industrial.
        static let retailMembers: Set<Symbology> = [.ean13, .ean8, .upcA, .upcE, .isbn10, .isbn13, .ean2, .ean5]

        /// The family of `symbology`: two-dimensional codes are matrix codes, the EAN/UPC/ISBN
        /// family is retail, the rest industrial (so a symbology added later has a family).
        public static func of(_ symbology: Symbology) -> Family {
            if symbology.isTwoDimensional { return .matrix }
            return retailMembers.contains(symbology) ? .retail : .industrial
        }

        /// The family's symbologies in `Symbology.allCases` order.
        public var members: [Symbology] { Symbology.allCases.filter { Family.of($0) == self } }
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
