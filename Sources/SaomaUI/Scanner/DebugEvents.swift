// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GLibSwift

/// What the geometry debug log reports (`SAOMA_DEBUG_GEOMETRY=1`): one typed case per line the
/// end-to-end tests and `scripts/bench-scanner` read, formatted in one place.
enum DebugEvent {
    /// The main page shown (`MainPage`'s raw value).
    case page(String)
    /// A code was chosen (live or in a photo); its display text.
    case chosen(text: String)
    /// The camera's state, as described.
    case camera(String)
    /// Seconds from the window's creation to the first frame on screen.
    case firstFrameAfter(seconds: Double)
    /// The History page shows `count` rows, the first (newest) with this text.
    case historyRows(count: Int, first: String)

    /// The line written after `saoma-debug: `.
    var line: String {
        switch self {
        case .page(let name): return "page \(name)"
        case .chosen(let text): return "chosen t=\(monotonicSeconds()) text=\(text)"
        case .camera(let state): return "camera \(state)"
        case .firstFrameAfter(let seconds): return "first-frame-after=\(seconds)"
        case .historyRows(let count, let first): return "history-rows count=\(count) first=\(first)"
        }
    }
}

/// The geometry debug log's switch and writer.
enum DebugEvents {
    /// Whether `SAOMA_DEBUG_GEOMETRY=1` asks for the log.
    static let enabled = debugGeometryEnabled

    /// Writes `event`'s line when the log is on.
    static func log(_ event: @autoclosure () -> DebugEvent) {
        guard enabled else { return }
        debugLog(event().line)
    }
}
