// SPDX-License-Identifier: GPL-3.0-or-later
import GLibSwift

/// Where a photo comes from: a file path, or encoded image bytes (pasted or dropped data) with a
/// label for messages.
enum PhotoSource: Sendable, Equatable {
    case file(String)
    /// A screenshot the desktop portal saved at this path (not added to the recent list).
    case screen(String)
    case bytes([UInt8], name: String)
    case texture(PastedTexture, name: String)

    /// The name shown in messages and in the recent list.
    var name: String {
        switch self {
        case .file(let path): return path
        case .screen: return tr("Screenshot")
        case .bytes(_, let name), .texture(_, let name): return name
        }
    }
}
