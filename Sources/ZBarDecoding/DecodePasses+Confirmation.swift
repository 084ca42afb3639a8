// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaCore

/// The second look behind `ReadConfirmation`: reads of an aggressive step that its rules do not
/// let stand alone are looked at again, in a crop around them, by other views.
extension DecodePasses {
    /// The views that may confirm a read, tried in order until one agrees: every line of the
    /// plain image, a binarised view, an enlarged sharpened view (small crops only).
    static let confirmingSteps: [DecodeStep] = [DecodeStep(.plain), DecodeStep(.threshold(45), density: 2), DecodeStep(.upSharpen(2))]

    /// `reads` (one step's, in `image`'s pixels) without malformed, contradicted and unconfirmed ones.
    static func confirmed(_ reads: [RawRead], by step: DecodeStep, in image: LumaImage, scanner: ZBarScanner) -> [RawRead] {
        guard !reads.isEmpty else { return reads }
        let looks = reads.map(lookRead)
        let consistent = ReadConfirmation.resolvingConflicts(looks)
        var kept: [RawRead] = []
        for (read, look) in zip(reads, looks) where consistent.contains(look) {
            guard ReadConfirmation.passesStaticChecks(format: look.format, bytes: look.bytes) else { continue }
            if ReadConfirmation.needsSecondLook(look, aggressive: step.isAggressive)
                && !secondLookAgrees(with: look, excluding: step, in: image, scanner: scanner)
            {
                continue
            }
            kept.append(read)
        }
        return kept
    }

    /// The confirmation rules' view of a zbar read.
    static func lookRead(_ read: RawRead) -> LookRead {
        LookRead(format: read.format, bytes: read.bytes, box: Rect(bounding: read.points), lineCount: read.quality)
    }

    /// Whether another view of the place around `look` reads the same code.
    ///
    /// The crop reaches half the read's size (at least 16 pixels) beyond it; the finding step's
    /// own pass is not asked again unless it was sparser than the confirming look.
    static func secondLookAgrees(with look: LookRead, excluding step: DecodeStep, in image: LumaImage, scanner: ZBarScanner) -> Bool {
        let margin = max(16, max(look.box.width, look.box.height) / 2)
        let area = PixelRect(covering: look.box.insetBy(dx: -margin, dy: -margin)).clamped(width: image.width, height: image.height)
        guard !area.isEmpty else { return false }
        let crop = image.cropped(to: area)
        let offset = Point(x: Double(area.x), y: Double(area.y))
        defer { scanner.renew() }
        for other in confirmingSteps where other.pass != step.pass || other.density < step.density {
            guard other.pass.isWorthwhile(for: crop) else { continue }
            scanner.renew()
            scanner.setDensity(other.density)
            for read in scan(crop, pass: other.pass, scanner: scanner) {
                var again = lookRead(read)
                again.box.origin = Point(x: again.box.minX + offset.x, y: again.box.minY + offset.y)
                if ReadConfirmation.agree(look, again) { return true }
            }
        }
        return false
    }
}
