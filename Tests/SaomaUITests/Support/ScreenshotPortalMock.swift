// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaTestSupport

/// The XDG Screenshot portal played by python3-dbusmock (`Tests/Mocks/screenshot_portal.py`) on
/// a private session bus, stopped when released. It answers every `Screenshot` call with
/// `response` (0: the image at `uri`, 1: cancelled, 2: failed) and logs each call.
final class ScreenshotPortalMock {
    private let mock: DBusMock

    /// A portal answering with `uri` and `response`, or failing the call with `error`'s message.
    init(bus: SessionBus, uri: String = "", response: Int = 0, error: String? = nil) throws {
        var parameters: [String: Any] = ["uri": uri, "response": response]
        if let error { parameters["error"] = error }
        mock = try DBusMock(
            bus: bus, template: BuiltProducts.source("Tests/Mocks/screenshot_portal.py").path,
            parameters: parameters,
            name: "org.freedesktop.portal.Desktop")
    }

    /// The `Screenshot` calls logged so far (each line after the timestamp).
    var calls: [String] {
        mock.logLines.compactMap { line in line.range(of: "Screenshot ").map { String(line[$0.lowerBound...]) } }
    }
}
