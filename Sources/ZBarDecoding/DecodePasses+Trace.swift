// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaCore

/// The step-by-step trace `scripts/crossval-decode` builds its chains from.
///
/// With `SAOMA_DECODE_TRACE=1`, `.thorough` decoding runs every step of the chain on the image
/// (none stops the chain) and prints each step's reads on standard output, one JSON object per
/// line after `TRACE `: `{"step", "format", "quality", "text", "box": [x, y, w, h]}` in the
/// image's pixels. The reads returned are those of the whole chain's first step that found any.
extension DecodePasses {
    /// Whether `SAOMA_DECODE_TRACE` asks for the trace (read once).
    static let traceSteps = getenvString("SAOMA_DECODE_TRACE") != nil

    static func trace(_ image: LumaImage, scanner: ZBarScanner) -> [RawRead] {
        var first: [RawRead] = []
        for step in thorough where step.pass.isWorthwhile(for: image) {
            scanner.renew()
            scanner.setDensity(step.density)
            var reads: [RawRead] = []
            merge(scan(image, pass: step.pass, scanner: scanner), into: &reads)
            for read in reads {
                let box = Rect(bounding: read.points)
                let symbol = ZBarDecoder.symbol(from: read, offset: Point(x: 0, y: 0), wanted: Set(Symbology.allCases))
                let text = symbol?.text ?? Symbol.hex(read.bytes)
                let fields = [
                    "\"step\": \(JSONString.quoted(step.name))",
                    "\"format\": \(JSONString.quoted(symbol?.format.name ?? read.format.name))",
                    "\"quality\": \(read.quality)", "\"text\": \(JSONString.quoted(text))",
                    "\"box\": [\(Int(box.minX)), \(Int(box.minY)), \(Int(box.width)), \(Int(box.height))]",
                ]
                print("TRACE {\(fields.joined(separator: ", "))}")
            }
            if first.isEmpty { first = reads }
        }
        scanner.setDensity(1)
        return first
    }
}
