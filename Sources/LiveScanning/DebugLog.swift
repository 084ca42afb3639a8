// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GLibSwift
import SaomaCore

/// Whether `SAOMA_DEBUG_GEOMETRY=1` asks for the geometry log on stderr (read by the end-to-end
/// tests and `scripts/bench-scanner`). The window's events and live scanning's looks share it.
public let debugGeometryEnabled = ProcessInfo.processInfo.environment["SAOMA_DEBUG_GEOMETRY"] == "1"

/// Writes one `saoma-debug:` line to stderr.
public func debugLog(_ line: String) {
    StandardStream.error.write("saoma-debug: " + VisibleText.of(line) + "\n")
}
