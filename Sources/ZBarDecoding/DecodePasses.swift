// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaCore

/// The sequence of zbar passes run over one image, and the merging of their results.
enum DecodePasses {
    /// Runs the passes `effort` allows over `image`; reads are in `image`'s pixels, deduplicated.
    static func run(on image: LumaImage, effort: DecodeEffort, scanner: ZBarScanner) -> [RawRead] {
        var merged: [RawRead] = []
        merge(scanner.scan(image), into: &merged)
        return merged
    }

    /// Adds `reads` to `merged`, skipping reads of a code already there (same symbology and bytes,
    /// overlapping location).
    static func merge(_ reads: [RawRead], into merged: inout [RawRead]) {
        for read in reads {
            let box = Rect(bounding: read.points)
            let duplicate = merged.contains { other in
                guard other.format == read.format, other.bytes == read.bytes else { return false }
                let otherBox = Rect(bounding: other.points)
                let reach = max(8, max(box.width, box.height, otherBox.width, otherBox.height))
                return box.center.distance(to: otherBox.center) <= reach
            }
            if !duplicate { merged.append(read) }
        }
    }
}
