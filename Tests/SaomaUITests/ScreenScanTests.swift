// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaTestSupport
import Testing

/// A "screen" of 1600×1000 pixels with two codes, as the portal's screenshot.
private let screenCodes = [
    PhotoFactory.PlacedCode(text: "https://example.org/on-screen/left", centerX: 420, centerY: 380),
    PhotoFactory.PlacedCode(text: "扫码-on-the-screen", centerX: 1150, centerY: 640),
]

@Suite("Scan Screen end to end (mock portal)", .serialized)
struct ScreenScanTests {
    /// Scale 1, 2 and a fractional 1.5 (a screenshot of a HiDPI screen is just a larger image):
    /// markers land on the codes as the screenshot is shown.
    static let screenshotScales: [Double] = [1, 1.5, 2]

    @Test(
        "saoma --screen --oneshot: every code on the screen gets a marker on it; a click prints the chosen one", arguments: screenshotScales
    )
    func screenCodesMarkedAndChosen(scale: Double) throws {
        let photos = try PhotoFactory()
        let codes = screenCodes.map {
            PhotoFactory.PlacedCode(text: $0.text, centerX: $0.centerX * scale, centerY: $0.centerY * scale)
        }
        let shot = try photos.scene(
            "Screenshot from 2026-11-30 10-00-00.png", width: Int(1600 * scale), height: Int(1000 * scale), codes: codes,
            moduleSize: Int(6 * scale))
        let bus = try SessionBus()
        let portal = try ScreenshotPortalMock(
            bus: bus, uri: "file://" + shot.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)!)
        let app = try AppUnderTest(arguments: ["--screen", "--oneshot"], sessionBus: bus.address)
        let (expected, _) = try expectMarkers(app, on: codes)
        #expect(portal.calls == ["Screenshot parent= interactive=False"])
        try clickMarker(app, for: "扫码-on-the-screen", in: expected)
    }

    @Test("a cancelled portal dialog: saoma --screen --oneshot prints nothing and exits 1")
    func cancelledOneshotExitsOne() throws {
        let bus = try SessionBus()
        let portal = try ScreenshotPortalMock(bus: bus, response: 1)
        let app = try AppUnderTest(arguments: ["--screen", "--oneshot"], sessionBus: bus.address)
        #expect(try app.waitForExit() == 1)
        #expect(app.standardOutput.isEmpty)
        #expect(portal.calls.count == 1)
        #expect(app.debugLines.contains("screen-outcome cancelled"))
    }

    @Test("Ctrl+Shift+S in the window: the window steps aside and comes back with the screenshot's markers")
    func shortcutInRunningWindow() throws {
        let photos = try PhotoFactory()
        let shot = try photos.scene("screen.png", width: 1600, height: 1000, codes: [screenCodes[0]])
        let bus = try SessionBus()
        let portal = try ScreenshotPortalMock(bus: bus, uri: "file://" + shot)
        let app = try AppUnderTest(arguments: [], sessionBus: bus.address)
        let (_, cameraIndex) = try app.waitForLine { $0.hasPrefix("page ") }
        #expect(app.window(titled: "Saoma") != nil)
        try app.key("ctrl+shift+s", pointer: AppUnderTest.insideWindow)
        try app.waitForLine(after: cameraIndex) { $0 == "screen-request interactive=false" }
        // One code: chosen by itself after its marker showed, so the result page follows.
        try app.waitForLine { $0.hasPrefix("photo-markers ") && fields($0)["count"] == "1" }
        try app.waitForLine { $0.hasPrefix("chosen ") }
        #expect(portal.calls == ["Screenshot parent= interactive=False"])
        #expect(app.window(titled: "Saoma") != nil, "the window came back")
    }

    @Test("Select Area… asks the portal for its interactive mode; a cancel returns quietly to the camera page")
    func selectAreaCancelled() throws {
        let bus = try SessionBus()
        let portal = try ScreenshotPortalMock(bus: bus, response: 1)
        let app = try AppUnderTest(arguments: [], sessionBus: bus.address)
        let (page, _) = try app.waitForLine { $0.hasPrefix("page ") }
        // The window's actions are exported on the bus (org.gtk.Actions), as a desktop would call them.
        let activated = try runToolStatus(
            "/usr/bin/gdbus",
            [
                "call", "--session", "--dest", "io.github.saoma.Saoma", "--object-path", "/io/github/saoma/Saoma/window/1",
                "--method", "org.gtk.Actions.Activate", "select-area", "[]", "{}",
            ], environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        #expect(activated.status == 0, "\(activated.errors)")
        let (_, outcome) = try app.waitForLine { $0 == "screen-outcome cancelled" }
        #expect(portal.calls == ["Screenshot parent= interactive=True"])
        #expect(app.window(titled: "Saoma") != nil, "the window came back")
        // Back where it was: no photo was opened and the page did not change.
        #expect(!app.debugLines.contains { $0.hasPrefix("photo-open ") })
        #expect(app.debugLines.suffix(from: outcome).filter { $0.hasPrefix("page ") }.allSatisfy { $0 == page })
        #expect(app.isRunning)
    }

    @Test("no portal on the bus: --screen --oneshot says what is missing in one line and exits 2")
    func noPortalMessage() throws {
        let bus = try SessionBus()
        let app = try AppUnderTest(arguments: ["--screen", "--oneshot"], sessionBus: bus.address)
        #expect(try app.waitForExit() == 2)
        let message = app.standardError.split(separator: "\n").filter { !$0.hasPrefix("saoma-debug: ") && !$0.isEmpty }
        #expect(message.count == 1, "\(message)")
        #expect(message.first?.contains("xdg-desktop-portal") == true, "\(message)")
    }

    /// The portal's message is any text: it reached standard error whole (a line of 60 000
    /// characters), where every other echo of outside text is shortened.
    @Test("a portal failing with a 60 000-character message: one short visible line, exit 2")
    func longPortalMessage() throws {
        let bus = try SessionBus()
        let message = "\u{1B}]52;c;AAAA\u{07}" + String(repeating: "x", count: 60_000) + "\u{202E}end"
        let portal = try ScreenshotPortalMock(bus: bus, error: message)
        let app = try AppUnderTest(arguments: ["--screen", "--oneshot"], sessionBus: bus.address)
        #expect(try app.waitForExit() == 2)
        let lines = app.standardError.split(separator: "\n").filter { !$0.hasPrefix("saoma-debug: ") && !$0.isEmpty }
        #expect(lines.count == 1, "\(lines.map { $0.prefix(200) })")
        let line = String(lines.first ?? "")
        #expect(line.hasPrefix("saoma: the screen could not be taken: GDBus.Error:org.freedesktop.portal.Error.Failed: ␛]52;c;AAAA␇x"))
        #expect(line.hasSuffix("…") && line.unicodeScalars.count < 300, "\(line.prefix(400))")
        #expect(portal.calls.count == 1)
    }

    /// A portal handing over a named pipe: the window says so and goes on (it never blocks on it).
    @Test("a portal whose screenshot is a named pipe: the photo error names it, the window stays")
    func screenshotIsANamedPipe() throws {
        let folder = try TemporaryFolder(prefix: "saoma-portal")
        let fifo = folder.path("shot.png")
        try #require(mkfifo(fifo, 0o600) == 0)
        let bus = try SessionBus()
        let portal = try ScreenshotPortalMock(bus: bus, uri: "file://" + fifo)
        let app = try AppUnderTest(arguments: ["--screen", "--oneshot"], sessionBus: bus.address)
        let (error, _) = try app.waitForLine { $0.hasPrefix("photo-error ") }
        #expect(error.contains("shot.png: is a named pipe"), "\(error)")
        #expect(app.isRunning)
        #expect(portal.calls.count == 1)
    }

    @Test("no session bus at all (a bare X11 session): the same message, no crash")
    func noSessionBus() throws {
        let app = try AppUnderTest(
            arguments: ["--screen", "--oneshot"], environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent"])
        #expect(try app.waitForExit() == 2)
        #expect(app.standardError.contains("xdg-desktop-portal"))
    }
}
