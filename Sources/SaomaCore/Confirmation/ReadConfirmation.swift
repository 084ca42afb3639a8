// SPDX-License-Identifier: GPL-3.0-or-later

/// One code as one look at an image saw it, for the confirmation rules.
public struct LookRead: Hashable, Sendable {
    public var format: Symbology
    public var bytes: [UInt8]
    /// The box around the decoder's location points, in image pixels (zero-sized for a read
    /// located by one point).
    public var box: Rect
    /// Scan lines of this look that read the same code (zbar's quality figure for linear codes).
    public var lineCount: Int

    public init(format: Symbology, bytes: [UInt8], box: Rect, lineCount: Int) {
        self.format = format
        self.bytes = bytes
        self.box = box
        self.lineCount = lineCount
    }
}

/// When one look at a still image is enough to report a code, and when a second, independent
/// look must agree (no read of an aggressive pass stands unconfirmed: such passes also read noise).
///
/// Sparse, thresholded, sharpened and enlarged views of an image find codes the plain view
/// misses, but they also make codes out of texture and noise: zbar assembles DataBar symbols
/// from finder pairs met anywhere, and EAN/UPC, Interleaved 2 of 5 and the check-digit-free
/// symbologies have at most one check digit between a partial or noisy read and a wrong number.
/// A read of such a symbology by such a view stands only when enough of its scan lines agree;
/// otherwise another view of the same place must read the same code.
public enum ReadConfirmation {
    /// Scan lines of one look that make a read of a weakly checked symbology stand alone (real
    /// codes are crossed by dozens of lines; codes made of texture by one or two). Chosen by
    /// `scripts/crossval-decode` (docs/BENCHMARKS.md, "Cross-validation").
    public static let strongLineCount = 3

    /// Whether the symbology's own checks make one look enough: Reed–Solomon error correction
    /// (QR, Data Matrix), check characters over every symbol character plus per-character bar-width checks
    /// (Code 128, Code 93).
    public static func isSelfChecking(_ format: Symbology) -> Bool {
        switch format {
        case .qrCode, .dataMatrix, .code128, .code93: return true
        default: return false
        }
    }

    /// Whether `read`, found by a look that was `aggressive` (sparser lines, thresholded,
    /// sharpened or enlarged), must be confirmed by another look before it is reported.
    public static func needsSecondLook(_ read: LookRead, aggressive: Bool, strongLines: Int = strongLineCount) -> Bool {
        aggressive && !isSelfChecking(read.format) && read.lineCount < strongLines
    }

    /// Whether the payload is well formed for its symbology (reads that are not are dropped): digits only and the right length
    /// and check digit for EAN/UPC (recomputed here, whatever the decoder checked), an even
    /// number of digits for Interleaved 2 of 5, DataBar's AI 01 with a valid GTIN.
    public static func passesStaticChecks(format: Symbology, bytes: [UInt8]) -> Bool {
        let digitsOnly = !bytes.isEmpty && bytes.allSatisfy { (0x30...0x39).contains($0) }
        switch format {
        case .ean13, .isbn13: return digitsOnly && bytes.count == 13 && GS1Element.hasValidCheckDigit(bytes)
        case .ean8: return digitsOnly && bytes.count == 8 && GS1Element.hasValidCheckDigit(bytes)
        case .upcA: return digitsOnly && bytes.count == 12 && GS1Element.hasValidCheckDigit(bytes)
        case .upcE: return digitsOnly && bytes.count == 8
        case .interleaved2of5: return digitsOnly && bytes.count % 2 == 0
        case .dataBar:
            return digitsOnly && bytes.count == 16 && bytes.starts(with: Array("01".utf8))
                && GS1Element.hasValidCheckDigit(Array(bytes.dropFirst(2)))
        default: return true
        }
    }

    /// The payload as a retail number is compared: UPC-A as the EAN-13 it is (`0` in front).
    static func comparable(_ format: Symbology, _ bytes: [UInt8]) -> (Symbology, [UInt8]) {
        switch format {
        case .upcA: return (.ean13, [0x30] + bytes)
        case .isbn13: return (.ean13, bytes)
        default: return (format, bytes)
        }
    }

    /// Pixels two reads of one code may lie apart beyond their own size.
    static let placeTolerance = 16.0

    /// Whether two boxes are the same place: their centres no further apart than the larger
    /// box's longer side (at least `placeTolerance` pixels).
    static func samePlace(_ a: Rect, _ b: Rect) -> Bool {
        let reach = max(placeTolerance, a.width, a.height, b.width, b.height)
        return a.center.distance(to: b.center) <= reach
    }

    /// Whether `other` (from another look) confirms `read`: the same code at the same place.
    public static func agree(_ read: LookRead, _ other: LookRead) -> Bool {
        comparable(read.format, read.bytes) == comparable(other.format, other.bytes) && samePlace(read.box, other.box)
    }

    /// Whether two reads of one look contradict each other: linear codes at the same place with
    /// different payloads (a partial read inside a whole one: an EAN-8 inside a UPC-A, ten digits
    /// of an ITF-14).
    static func conflict(_ a: LookRead, _ b: LookRead) -> Bool {
        guard !a.format.isTwoDimensional, !b.format.isTwoDimensional else { return false }
        guard comparable(a.format, a.bytes) != comparable(b.format, b.bytes) else { return false }
        let inflatedA = a.box.insetBy(dx: -placeTolerance / 2, dy: -placeTolerance / 2)
        let inflatedB = b.box.insetBy(dx: -placeTolerance / 2, dy: -placeTolerance / 2)
        guard let overlap = inflatedA.intersection(inflatedB) else { return false }
        let smaller = min(inflatedA.width * inflatedA.height, inflatedB.width * inflatedB.height)
        return overlap.width * overlap.height >= smaller / 2
    }

    /// `reads` without the ones an overlapping read contradicts: of two conflicting reads the
    /// one fewer lines agreed on goes (on a tie, the shorter payload: the partial one).
    public static func resolvingConflicts(_ reads: [LookRead]) -> [LookRead] {
        func stronger(_ a: LookRead, _ b: LookRead) -> Bool {
            a.lineCount != b.lineCount ? a.lineCount > b.lineCount : a.bytes.count > b.bytes.count
        }
        return reads.filter { read in
            !reads.contains { other in other != read && conflict(read, other) && stronger(other, read) }
        }
    }
}
