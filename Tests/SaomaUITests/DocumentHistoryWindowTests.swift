// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SQLiteHistory
import SaomaCore
import SaomaTestSupport
import Testing

/// Documents with personal data in the running app: chosen from the camera, a boarding pass is
/// shown but not written to the history (the result page offers Keep instead).
@Suite("Documents and the history end to end", .serialized)
struct DocumentHistoryWindowTests {
    @Test("a boarding pass chosen with --oneshot is printed but not recorded; a link beside it in another run is")
    func boardingPassIsNotRecorded() throws {
        let pass = "M1ROE/JANE MS         EQX7K2P HELBCNAY 1651 112Y023C0041 100"
        var scene = CameraScene()
        try scene.addCode(pass, centerX: 640, centerY: 360)
        let app = try AppUnderTest(camera: .fake(scene: scene), settings: .keyfile(["sidebar-visible=false"]))
        #expect(try app.waitForExit() == 0)
        #expect(app.standardOutput == pass + "\n")
        let path = app.home.path("data/saoma/history.db")
        if FileManager.default.fileExists(atPath: path) {
            #expect(try HistoryStore(path: path).count() == 0)
        }

        // A link chosen the same way is recorded: the rule holds back documents only.
        var other = CameraScene()
        try other.addCode("https://example.org/kept", centerX: 640, centerY: 360)
        let second = try AppUnderTest(camera: .fake(scene: other), settings: .keyfile(["sidebar-visible=false"]))
        #expect(try second.waitForExit() == 0)
        #expect(try HistoryStore(path: second.home.path("data/saoma/history.db")).all().map(\.displayText) == ["https://example.org/kept"])
    }
}
