// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCore

@Suite("JPEG completeness")
struct JPEGEndTrackerTests {
    /// SOI, an APP1 segment whose body holds an embedded thumbnail's `FF D8 … FF D9`, SOS, data.
    static let head: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x08, 0xFF, 0xD8, 0x11, 0xFF, 0xD9, 0x22]
    static let scan: [UInt8] = [0xFF, 0xDA, 0x00, 0x04, 0x01, 0x02, 0x12, 0xFF, 0x00, 0x34, 0xFF, 0xD0, 0x56]
    static let end: [UInt8] = [0xFF, 0xD9]

    static let cases: [(String, [UInt8], Bool, Bool)] = [
        ("complete", head + scan + end, true, true),
        ("trailing bytes after the end", head + scan + end + [0, 1, 2], true, true),
        ("cut in the scan data", head + scan, true, false),
        ("cut inside the thumbnail's segment", Array(head.prefix(9)), true, false),
        ("thumbnail end marker does not count", head + Array(scan.prefix(6)), true, false),
        ("not a JPEG", [0x89, 0x50, 0x4E, 0x47] + end, false, false),
    ]

    @Test("end-of-image must follow the scan", arguments: cases)
    func endMustFollowScan(name: String, bytes: [UInt8], isJPEG: Bool, complete: Bool) {
        var whole = JPEGEndTracker()
        whole.feed(bytes[...])
        #expect(whole.isJPEG == isJPEG, "\(name)")
        #expect(whole.reachedEnd == complete, "\(name)")
        // Byte by byte (every chunk boundary, FF D9 split included) gives the same verdict.
        var split = JPEGEndTracker()
        for b in bytes { split.feed([b][...]) }
        #expect(split.reachedEnd == complete, "\(name), fed byte by byte")
    }
}
