// SPDX-License-Identifier: GPL-3.0-or-later

/// Follows a GIF byte stream chunk by chunk and finds where its first image ends.
///
/// Saoma reads the first image of an animated GIF only (the still image gdk-pixbuf gives for an
/// animation), but gdk-pixbuf 2.42's GIF loader parses every frame before it answers, and its
/// time grows with the square of their number: a 23 MB file of a million 1×1 frames kept it busy
/// for over five minutes. The loader is therefore given the bytes up to the end of the first
/// image (then the trailer), never the frames after it. The blocks are walked by their
/// lengths: extensions and the image's data as sub-blocks up to a zero length, colour tables by
/// the size their flags give. Owned by one load on one thread.
public struct GIFFirstFrame: Sendable {
    private enum State: Sendable {
        /// Reading a fixed-length block (`seen` bytes of it so far).
        case fixed(FixedBlock, seen: Int)
        /// Skipping `remaining` bytes, then going on in `then`.
        case skip(remaining: Int, then: Next)
        /// Expecting a block: extension (`21`), image (`2C`) or trailer (`3B`).
        case block
        /// Expecting an extension's label byte.
        case extensionLabel
        /// Expecting a sub-block's length byte; a zero ends the extension or the image.
        case subBlock(image: Bool)
        /// Expecting the image's LZW minimum code size byte.
        case codeSize
        /// The first image ended at `firstImageEnd`.
        case found
        /// The stream does not follow GIF's block structure (the loader will say what is wrong).
        case invalid
    }

    /// The two fixed-length blocks, each with a flags byte that may announce a colour table
    /// right after it.
    private enum FixedBlock: Sendable {
        /// The header and logical screen descriptor: 13 bytes, flags at 10, then a block.
        case screen
        /// An image descriptor's 9 bytes after the `2C`: flags at 8, then the LZW code size.
        case image

        var length: Int {
            switch self {
            case .screen: 13
            case .image: 9
            }
        }

        var flagsOffset: Int {
            switch self {
            case .screen: 10
            case .image: 8
            }
        }

        var next: Next {
            switch self {
            case .screen: .block
            case .image: .codeSize
            }
        }
    }

    /// Where a skip goes on.
    private enum Next: Sendable {
        case block
        case subBlock(image: Bool)
        case codeSize
    }

    private var state = State.fixed(.screen, seen: 0)
    /// Bytes consumed so far.
    private var position = 0
    /// The flags byte of the logical screen descriptor or of the image descriptor being read.
    private var flags: UInt8 = 0

    /// One past the last byte of the first image's data (its terminating zero-length
    /// sub-block), in the whole stream, once seen.
    public private(set) var firstImageEnd: Int?

    public init() {}

    /// The byte a GIF stream ends with.
    public static let trailer: UInt8 = 0x3B

    /// Reads the next bytes of the stream.
    public mutating func feed<C: Collection>(_ bytes: C) where C.Element == UInt8 {
        var index = bytes.startIndex
        while index != bytes.endIndex {
            switch state {
            case .found, .invalid:
                return
            case .skip(let remaining, let then):
                let available = bytes.distance(from: index, to: bytes.endIndex)
                let step = min(remaining, available)
                index = bytes.index(index, offsetBy: step)
                position += step
                if step == remaining { state = Self.state(after: then) } else { state = .skip(remaining: remaining - step, then: then) }
                continue
            default:
                break
            }
            let byte = bytes[index]
            index = bytes.index(after: index)
            position += 1
            consume(byte)
        }
    }

    private static func state(after next: Next) -> State {
        switch next {
        case .block: return .block
        case .subBlock(let image): return .subBlock(image: image)
        case .codeSize: return .codeSize
        }
    }

    /// Bytes of a colour table whose presence and size a descriptor's flags give.
    private static func colourTableBytes(_ flags: UInt8) -> Int {
        flags & 0x80 == 0 ? 0 : 3 << (Int(flags & 0x07) + 1)
    }

    private mutating func consume(_ byte: UInt8) {
        switch state {
        case .fixed(let block, let seen):
            if seen == block.flagsOffset { flags = byte }
            if seen + 1 < block.length {
                state = .fixed(block, seen: seen + 1)
            } else {
                let table = Self.colourTableBytes(flags)
                state = table > 0 ? .skip(remaining: table, then: block.next) : Self.state(after: block.next)
            }
        case .block:
            switch byte {
            case 0x21: state = .extensionLabel
            case 0x2C: state = .fixed(.image, seen: 0)
            default: state = .invalid
            }
        case .extensionLabel:
            state = .subBlock(image: false)
        case .subBlock(let image):
            if byte > 0 {
                state = .skip(remaining: Int(byte), then: .subBlock(image: image))
            } else if image {
                firstImageEnd = position
                state = .found
            } else {
                state = .block
            }
        case .codeSize:
            state = .subBlock(image: true)
        case .skip, .found, .invalid:
            break
        }
    }
}
