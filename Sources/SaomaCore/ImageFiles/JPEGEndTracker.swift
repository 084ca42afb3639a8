// SPDX-License-Identifier: GPL-3.0-or-later

/// Follows a JPEG byte stream chunk by chunk and tells whether its image data was complete.
///
/// gdk-pixbuf's JPEG loader accepts a file cut short without an error (libjpeg fills the
/// missing rows with grey), so the loader checks this instead: the marker segments are skipped
/// by their lengths up to the first start-of-scan, and after it an end-of-image marker
/// (`FF D9`) must follow. Markers inside an EXIF thumbnail never count: they sit in a segment
/// that is skipped whole. Owned by one load on one thread.
public struct JPEGEndTracker: Sendable {
    private enum State {
        /// Before the first two bytes.
        case start(seen: Int)
        /// Between segments: reading a marker (`FF xx`); `pendingFF` after the `FF`.
        case marker(pendingFF: Bool)
        /// Reading a segment's two length bytes.
        case length(high: UInt8?, isScan: Bool)
        /// Skipping `remaining` bytes of a segment body.
        case skip(remaining: Int, thenScan: Bool)
        /// In entropy-coded data after the first start-of-scan; `pendingFF` after an `FF`.
        case scan(pendingFF: Bool)
        /// End of image seen.
        case ended
        /// Not a JPEG stream (no `FF D8` at the start).
        case notJPEG
    }

    private var state = State.start(seen: 0)

    public init() {}

    /// Whether the stream began like a JPEG file.
    public var isJPEG: Bool {
        if case .notJPEG = state { return false }
        if case .start(let seen) = state { return seen == 2 }
        return true
    }

    /// Whether an end-of-image marker followed the image data.
    public var reachedEnd: Bool {
        if case .ended = state { return true }
        return false
    }

    /// Feeds the next bytes of the stream.
    public mutating func feed(_ bytes: ArraySlice<UInt8>) {
        for byte in bytes {
            switch state {
            case .ended, .notJPEG:
                return
            case .start(let seen):
                let expected: UInt8 = seen == 0 ? 0xFF : 0xD8
                state = byte == expected ? (seen == 0 ? .start(seen: 1) : .marker(pendingFF: false)) : .notJPEG
            case .marker(let pendingFF):
                if !pendingFF {
                    // Anything but FF between segments is padding we tolerate.
                    if byte == 0xFF { state = .marker(pendingFF: true) }
                } else if byte == 0xFF {
                    state = .marker(pendingFF: true)  // fill bytes
                } else if byte == 0xD9 {
                    state = .ended
                } else if byte == 0x01 || (0xD0...0xD7).contains(byte) {
                    state = .marker(pendingFF: false)  // markers without a length
                } else {
                    state = .length(high: nil, isScan: byte == 0xDA)
                }
            case .length(let high, let isScan):
                if let high {
                    let length = Int(high) << 8 | Int(byte)
                    state = .skip(remaining: max(0, length - 2), thenScan: isScan)
                    if length <= 2 { state = isScan ? .scan(pendingFF: false) : .marker(pendingFF: false) }
                } else {
                    state = .length(high: byte, isScan: isScan)
                }
            case .skip(let remaining, let thenScan):
                if remaining > 1 {
                    state = .skip(remaining: remaining - 1, thenScan: thenScan)
                } else {
                    state = thenScan ? .scan(pendingFF: false) : .marker(pendingFF: false)
                }
            case .scan(let pendingFF):
                if pendingFF && byte == 0xD9 {
                    state = .ended
                } else {
                    state = .scan(pendingFF: byte == 0xFF)
                }
            }
        }
    }
}
