// SPDX-License-Identifier: GPL-3.0-or-later

/// How the reads of several engines (or several looks) become one report per code.
///
/// A later read is dropped when an earlier one is the same code at the same place (the same
/// payload, UPC-A compared as the EAN-13 it is; centres no further apart than the larger outline),
/// and when it contradicts an earlier read at the same place (another payload of the same kind of code over most of the same
/// area: one of the two is a misread, and the earlier engine's reads are the more trusted).
public enum SymbolMerge {
    /// `earlier` and the reads of `later` that add a code, in the order given.
    public static func merged(_ earlier: [Symbol], _ later: [Symbol]) -> [Symbol] {
        var all = earlier
        for symbol in later where !all.contains(where: { covers($0, symbol) }) {
            all.append(symbol)
        }
        return all
    }

    /// Whether `earlier` makes `later` redundant or untrustworthy.
    static func covers(_ earlier: Symbol, _ later: Symbol) -> Bool {
        let a = LookRead(symbol: earlier)
        let b = LookRead(symbol: later)
        if ReadConfirmation.agree(a, b) { return true }
        guard sameFamily(earlier.format, later.format), mostlyOverlap(a.box, b.box) else { return false }
        return ReadConfirmation.comparable(earlier.format, earlier.bytes) != ReadConfirmation.comparable(later.format, later.bytes)
            && earlier.sequence == nil && later.sequence == nil
    }

    /// Whether two symbologies are read from the same kind of marks (so one area cannot hold both).
    static func sameFamily(_ a: Symbology, _ b: Symbology) -> Bool {
        if a == b { return true }
        let retail: Set<Symbology> = [.ean13, .ean8, .upcA, .upcE, .isbn10, .isbn13]
        return retail.contains(a) && retail.contains(b)
    }

    /// Whether the boxes overlap over at least half the smaller one.
    static func mostlyOverlap(_ a: Rect, _ b: Rect) -> Bool {
        let pad = ReadConfirmation.placeTolerance / 2
        let ia = a.insetBy(dx: -pad, dy: -pad)
        let ib = b.insetBy(dx: -pad, dy: -pad)
        guard let overlap = ia.intersection(ib) else { return false }
        return overlap.width * overlap.height >= min(ia.width * ia.height, ib.width * ib.height) / 2
    }
}

extension LookRead {
    /// The confirmation rules' view of a reported symbol (its outline's box; line counts unknown).
    public init(symbol: Symbol) {
        self.init(format: symbol.format, bytes: symbol.bytes, box: Rect(bounding: symbol.corners), lineCount: 0)
    }
}
