// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaTestSupport
import Testing

/// Dragging a generated code out of the Generate tab, with the pointer as a person drags: onto
/// the scanner (the window takes dropped images and reads them), which reads the code back.
@Suite("Dragging a code out", .serialized)
struct DragOutTests {
    @Test("a code dragged from the Generate tab onto the scanner is read back")
    func dragOntoTheScanner() throws {
        let app = try AppUnderTest(arguments: [], windowSize: (1100, 760))
        let typed = "Dragged out of Saoma"
        try app.typeIntoGenerator(typed)
        // The code is on screen once Saoma reads the typed text from a screenshot; its corners
        // there (screen pixels: the window is at the origin) say where to start the drag.
        let shot = app.home.path("window.png")
        let corners = try poll(every: 0.25) { () -> [[Double]]? in
            guard (try? app.saveScreenshot(to: shot)) != nil else { return nil }
            let read = try SpawnedCommand.run(["scan", "--json", shot])
            guard read.status == 0,
                let json = try? JSONSerialization.jsonObject(with: read.stdout) as? [String: Any],
                let symbol = (json["symbols"] as? [[String: Any]])?.first, symbol["text"] as? String == typed
            else { return nil }
            return symbol["corners"] as? [[Double]]
        }
        let points = try #require(corners, "the typed text never showed as a code")
        let x = points.map { $0[0] }.reduce(0, +) / Double(points.count)
        let y = points.map { $0[1] }.reduce(0, +) / Double(points.count)
        // To the middle of the scanner's area, left of the side panel.
        try app.drag(fromX: x, y: y, dx: Int(250 - x), dy: Int(380 - y), steps: 20)
        try app.waitForLine { $0.hasPrefix("photo-open ") }
        let chosen = try app.waitForLine { $0.hasPrefix("chosen ") }
        #expect(fields(chosen.line)["text"] == typed)
    }
}
