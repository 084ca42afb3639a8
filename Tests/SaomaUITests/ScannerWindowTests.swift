// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaCore
import SaomaTestSupport
import Testing

/// Where the preview is on screen and how big, from the latest `frame` debug line.
private struct PreviewGeometry {
    var originX: Double
    var originY: Double
    var width: Double
    var height: Double
    var frameRect: [Double]
    var mirrored: Bool

    init(_ line: String) throws {
        let f = fields(line)
        let origin = numbers(f["origin"])
        let view = dimensions(f["view"])
        guard origin.count == 2, view.count == 2 else { throw EndToEndError(description: "bad frame line: \(line)") }
        originX = origin[0]
        originY = origin[1]
        width = view[0]
        height = view[1]
        frameRect = numbers(f["rect"])
        mirrored = f["mirrored"] == "true"
    }

    /// Where camera pixel `(x, y)` of a `w`×`h` frame appears on screen: aspect-fill, centred,
    /// mirrored when asked (computed here independently of the app's transform).
    func screenPoint(cameraX x: Double, y: Double, w: Double = 1280, h: Double = 720) -> (x: Double, y: Double) {
        let s = max(width / w, height / h)
        let ox = (width - w * s) / 2
        let oy = (height - h * s) / 2
        let cx = mirrored ? w - x : x
        return (originX + ox + cx * s, originY + oy + y * s)
    }
}

/// The last debug line starting with `prefix` among the first `count` lines.
private func lastLine(_ app: AppUnderTest, _ prefix: String, before count: Int) -> String? {
    app.debugLines.prefix(count).last { $0.hasPrefix(prefix) }
}

/// The app with the fake camera serving `scene`, the sidebar hidden and `settings` (keyfile lines).
private func cameraApp(
    _ scene: CameraScene?, windowSize: (Int, Int) = (900, 600), settings: [String] = [], plugged: Bool = true,
    environment: [String: String] = [:]
) throws -> AppUnderTest {
    try AppUnderTest(
        windowSize: windowSize, camera: .fake(scene: scene, plugged: plugged), settings: .keyfile(["sidebar-visible=false"] + settings),
        environment: environment)
}

/// The field `name` of the first debug line starting with `prefix`, read as a `T`; nil when there
/// is no such line or field or it does not read as a `T`.
private func firstField<T: LosslessStringConvertible>(_ app: AppUnderTest, _ prefix: String, _ name: String, as: T.Type) -> T? {
    app.debugLines.first { $0.hasPrefix(prefix) }.flatMap { fields($0)[name] }.flatMap(T.init)
}

/// The camera app reading a scene with one code, `text`, in the middle of the view: it must print
/// it and exit 0 with no input.
private func readOneCode(
    _ text: String, scene: CameraScene = CameraScene(), inverted: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
) throws -> AppUnderTest {
    var scene = scene
    try scene.addCode(text, centerX: 640, centerY: 360, inverted: inverted)
    let app = try cameraApp(scene)
    #expect(try app.waitForExit() == 0, sourceLocation: sourceLocation)
    #expect(app.standardOutput == text + "\n", sourceLocation: sourceLocation)
    return app
}

/// Three codes in a diagonal, well inside the initial frame for every window tested.
private func threeCodeScene() throws -> CameraScene {
    var scene = CameraScene()
    try scene.addCode("https://example.org/a", centerX: 500, centerY: 290)
    try scene.addCode("https://example.org/b", centerX: 640, centerY: 360)
    try scene.addCode("https://example.org/c", centerX: 780, centerY: 430)
    return scene
}

@Suite("Scanner window end to end", .serialized)
struct ScannerWindowTests {
    /// (window width, height, mirror): wide, portrait, very wide and mirrored layouts.
    static let layouts: [(Int, Int, Bool)] = [(900, 600, false), (700, 800, true), (1200, 500, false), (1000, 700, true)]

    @Test("three codes get three markers on the codes; clicking the second prints it", arguments: layouts)
    func threeMarkersOnTheCodes(width: Int, height: Int, mirrored: Bool) throws {
        let scene = try threeCodeScene()
        let app = try cameraApp(scene, windowSize: (width, height), settings: ["mirror=\(mirrored)"])
        let (markersLine, index) = try app.waitForLine { $0.hasPrefix("markers ") }
        #expect(fields(markersLine)["count"] == "3")
        try app.waitForLine(after: index + 3) { $0.hasPrefix("marker ") }
        let markerLines = app.debugLines[(index + 1)...].filter { $0.hasPrefix("marker ") }.prefix(3)
        let frameLine = try #require(lastLine(app, "frame ", before: index))
        let geometry = try PreviewGeometry(frameLine)
        #expect(geometry.mirrored == mirrored)
        // The frozen preview with every code's marker drawn (the state the checks below read).
        let shot = try app.screenshot(keepAs: width == 900 && !mirrored ? "several-markers.png" : nil) { shot in
            scene.codes.allSatisfy { code in
                let expected = geometry.screenPoint(cameraX: code.rect.midX, y: code.rect.midY)
                return shot.accentCentroid(nearX: expected.x, y: expected.y) != nil
            }
        }

        for code in scene.codes {
            let expected = geometry.screenPoint(cameraX: code.rect.midX, y: code.rect.midY)
            let line = try #require(markerLines.first { fields($0)["text"] == code.text }, "no marker for \(code.text)")
            let f = fields(line)
            let logged = (geometry.originX + (Double(f["x"] ?? "") ?? .nan), geometry.originY + (Double(f["y"] ?? "") ?? .nan))
            #expect(abs(logged.0 - expected.x) < 1 && abs(logged.1 - expected.y) < 1, "logged \(logged) expected \(expected)")
            // The frozen preview shows the code where the transform says: the top-left finder
            // pattern's dark centre, and the white quiet zone left of it.
            let finder = geometry.screenPoint(cameraX: code.rect.minX + 3.5 * 4, y: code.rect.minY + 3.5 * 4)
            let quiet = geometry.screenPoint(cameraX: code.rect.minX - 2 * 4, y: code.rect.minY + 3.5 * 4)
            #expect(shot.brightness(x: finder.x, y: finder.y) < 60, "finder pattern not at \(finder)")
            #expect(shot.brightness(x: quiet.x, y: quiet.y) > 200, "quiet zone not at \(quiet)")
            let seen = try #require(shot.accentCentroid(nearX: expected.x, y: expected.y), "no marker drawn near \(expected)")
            #expect(abs(seen.x - expected.x) < 3 && abs(seen.y - expected.y) < 3, "drawn at \(seen) expected \(expected)")
        }

        let second = scene.codes[1]
        let target = geometry.screenPoint(cameraX: second.rect.midX, y: second.rect.midY)
        try app.click(x: target.x, y: target.y)
        #expect(try app.waitForExit() == 0)
        #expect(app.standardOutput == second.text + "\n")
    }

    @Test("one code is chosen by itself after its marker showed for 0.25 s")
    func singleCodeIsChosenAutomatically() throws {
        let app = try readOneCode("single code")
        let shownAt = try #require(firstField(app, "markers ", "t", as: Double.self))
        let chosenAt = try #require(firstField(app, "chosen ", "t", as: Double.self))
        #expect(chosenAt - shownAt >= 0.25)
    }

    @Test("a light-on-dark code (a phone in dark mode) is read live")
    func invertedCodeIsRead() throws {
        let app = try readOneCode("dark mode", scene: CameraScene(grey: 40), inverted: true)
        // Found among the first frames (the negated pass runs at the first look), not by chance later.
        let firstSequence = try #require(firstField(app, "first-frame ", "seq", as: Int.self))
        let foundSequence = try #require(firstField(app, "markers ", "seq", as: Int.self))
        #expect(foundSequence - firstSequence < 60, "found at frame \(foundSequence), streaming from \(firstSequence)")
    }

    @Test("a code outside the frame is not reported; dragging a corner out grows the frame twice the drag and finds it")
    func codeOutsideFrameThenCornerDrag() throws {
        var scene = CameraScene()
        try scene.addCode("outside the frame", centerX: 1000, centerY: 360)
        let app = try cameraApp(scene, settings: ["mirror=false", "scan-frame-size=(0.4, 0.4)"])
        try app.waitForLine { $0.hasPrefix("first-frame ") }
        // The first time, a hint says the frame can be resized (placed clear of the handles: SaomaCore's tests).
        try app.waitForLine { $0.hasPrefix("frame-hint shown=true ") }
        // Two seconds of live frames (about 60) under the frame: none may report the code.
        Thread.sleep(forTimeInterval: 2)
        #expect(!app.debugLines.contains { $0.hasPrefix("markers ") })
        let count = app.debugLines.count
        let before = try PreviewGeometry(try #require(lastLine(app, "frame ", before: count)))
        let r = before.frameRect
        try #require(r.count == 4)
        let (dx, dy) = (150, 30)
        try app.drag(fromX: before.originX + r[0] + r[2], y: before.originY + r[1] + r[3], dx: dx, dy: dy)
        let (chosen, _) = try app.waitForLine(after: count) { $0.hasPrefix("chosen ") }
        #expect(chosen.hasSuffix("text=outside the frame"))
        let after = try PreviewGeometry(try #require(app.debugLines.last { $0.hasPrefix("frame ") }))
        let g = after.frameRect
        #expect(abs(g[2] - (r[2] + 2 * Double(dx))) < 0.01)
        #expect(abs(g[3] - (r[3] + 2 * Double(dy))) < 0.01)
        #expect(abs((g[0] + g[2] / 2) - (r[0] + r[2] / 2)) < 0.01)
        #expect(abs((g[1] + g[3] / 2) - (r[1] + r[3] / 2)) < 0.01)
        #expect(try app.waitForExit() == 0)
        #expect(app.standardOutput == "outside the frame\n")
        // The new size is remembered as fractions of the view.
        let keyfile = try String(contentsOfFile: app.keyfilePath, encoding: .utf8)
        let remembered = try #require(keyfile.split(separator: "\n").first { $0.hasPrefix("scan-frame-size=") })
        let fractions = remembered.dropFirst("scan-frame-size=".count).filter { "0123456789.,".contains($0) }.split(separator: ",")
            .compactMap { Double($0) }
        #expect(fractions.count == 2)
        #expect(abs((fractions.first ?? 0) - g[2] / after.width) < 0.001)
        #expect(abs((fractions.last ?? 0) - g[3] / after.height) < 0.001)
        // Resized once, the hint has done its work: gone, and not shown again.
        #expect(app.debugLines.last { $0.hasPrefix("frame-hint ") } == "frame-hint shown=false rect=-")
        #expect(keyfile.contains("frame-hint-shown=true"))
    }

    /// (fake failure, the problem's name in the log).
    static let failures: [(String, String)] = [("busy", "busy"), ("denied", "permissionDenied")]

    @Test("a busy or forbidden camera shows its page and the window stays responsive", arguments: failures)
    func failingCameraShowsProblemPage(failure: String, problem: String) throws {
        let app = try cameraApp(try threeCodeScene(), environment: ["SAOMA_FAKE_V4L2_FAIL": failure])
        try app.waitForLine { $0.hasPrefix("camera problem(") && $0.contains(problem) }
        try app.waitForLine { $0 == "page camera-problem" }
        if failure == "busy" { _ = try app.screenshot(keepAs: "camera-busy.png") }
        try app.key("ctrl+q", pointer: AppUnderTest.insideWindow)
        #expect(try app.waitForExit() == 1)
        #expect(app.standardOutput.isEmpty)
    }

    @Test("no camera shows its page; a camera plugged in later is used")
    func noCameraThenPlugIn() throws {
        var scene = CameraScene()
        try scene.addCode("plugged in later", centerX: 640, centerY: 360)
        let app = try cameraApp(scene, plugged: false)
        try app.waitForLine { $0.hasPrefix("camera problem(") && $0.contains("noCamera") }
        try app.waitForLine { $0 == "page camera-problem" }
        #expect(FileManager.default.createFile(atPath: app.devicePath, contents: Data()))
        try app.waitForLine { $0.hasPrefix("camera streaming(") }
        #expect(try app.waitForExit() == 0)
        #expect(app.standardOutput == "plugged in later\n")
    }

    @Test("a camera unplugged while streaming shows its page and recovers when it returns")
    func unplugWhileStreamingRecovers() throws {
        let app = try cameraApp(CameraScene(), environment: ["SAOMA_FAKE_V4L2_UNPLUG_AFTER": "15"])
        try app.waitForLine { $0.hasPrefix("camera streaming(") }
        try app.waitForLine { $0.hasPrefix("camera problem(") && $0.contains("unplugged") }
        try app.waitForLine { $0 == "page camera-problem" }
        var scene = CameraScene()
        try scene.addCode("back again", centerX: 640, centerY: 360)
        try scene.write(to: app.scenePath)
        #expect(FileManager.default.createFile(atPath: app.devicePath, contents: Data()))
        #expect(try app.waitForExit() == 0)
        #expect(app.standardOutput == "back again\n")
    }

    /// How the person dismisses the markers.
    static let dismissals = ["cancel-button", "escape"]

    @Test("Cancel and Escape dismiss the markers and resume live scanning", arguments: dismissals)
    func cancelResumesScanning(dismissal: String) throws {
        let app = try cameraApp(try threeCodeScene())
        let (_, index) = try app.waitForLine { $0.hasPrefix("markers ") }
        if dismissal == "escape" {
            let frame = try PreviewGeometry(try #require(lastLine(app, "frame ", before: index)))
            try app.key("Escape", pointer: (frame.originX + 5, frame.originY + 5))
        } else {
            let (line, _) = try app.waitForLine(after: index) { $0.hasPrefix("cancel-button ") }
            let f = fields(line)
            try app.click(x: try #require(Double(f["x"] ?? "")), y: try #require(Double(f["y"] ?? "")))
        }
        // Live scanning again: the codes are found anew.
        let (again, _) = try app.waitForLine(after: index + 1) { $0.hasPrefix("markers ") }
        #expect(fields(again)["count"] == "3")
        #expect(app.standardOutput.isEmpty)
        try app.key("ctrl+q")
        #expect(try app.waitForExit() == 1)
    }

    @Test("a dark scene shows the Low light button; switched on, the window around the frame lights up")
    func lowLightLightsTheSurround() throws {
        let app = try cameraApp(CameraScene(grey: 12))
        let (line, index) = try app.waitForLine { $0.hasPrefix("low-light shown=true ") }
        let f = fields(line)
        let (x, y) = (try #require(Double(f["x"] ?? "")), try #require(Double(f["y"] ?? "")))
        // The button reads on the dark preview: light text on its dark pill.
        let brightest = { (shot: Screenshot) in
            stride(from: x - 40, through: x + 40, by: 1).flatMap { px in
                stride(from: y - 6, through: y + 6, by: 1).map { shot.brightness(x: px, y: $0) }
            }
            .max() ?? 0
        }
        let button = try app.screenshot { brightest($0) > 200 }
        #expect(brightest(button) > 200, "the Low light button's brightest pixel is \(brightest(button))")
        try app.click(x: x, y: y)
        try app.waitForLine(after: index) { $0 == "low-light on=true" }
        let frame = try PreviewGeometry(try #require(app.debugLines.last { $0.hasPrefix("frame ") }))
        let shot = try app.screenshot { $0.brightness(x: frame.originX + 10, y: frame.originY + frame.height - 10) > 240 }
        // Outside the frame: white light instead of the dimmed dark scene; inside: the dark scene.
        #expect(shot.brightness(x: frame.originX + 10, y: frame.originY + frame.height - 10) > 240)
        #expect(shot.brightness(x: frame.originX + frame.width / 2, y: frame.originY + frame.height / 2) < 40)
        try app.key("ctrl+q")
        #expect(try app.waitForExit() == 1)
    }

    /// (mirrored): the tilted row reads left to right as shown either way.
    @Test("markers are numbered and focused left to right as shown, mirrored or not; Tab and the arrows follow", arguments: [false, true])
    func markerFocusFollowsTheScreen(mirrored: Bool) throws {
        // A row tilted downwards to the right: by exact heights the camera's left code is first,
        // which in the mirrored preview is the rightmost.
        var scene = CameraScene()
        try scene.addCode("row one", centerX: 420, centerY: 345)
        try scene.addCode("row two", centerX: 640, centerY: 360)
        try scene.addCode("row three", centerX: 860, centerY: 375)
        let app = try cameraApp(scene, settings: ["mirror=\(mirrored)"])
        let (_, index) = try app.waitForLine { $0.hasPrefix("markers ") }
        let geometry = try PreviewGeometry(try #require(lastLine(app, "frame ", before: index)))
        let onScreen = scene.codes.sorted {
            geometry.screenPoint(cameraX: $0.rect.midX, y: $0.rect.midY).x < geometry.screenPoint(cameraX: $1.rect.midX, y: $1.rect.midY).x
        }.map(\.text)
        #expect(onScreen == (mirrored ? ["row three", "row two", "row one"] : ["row one", "row two", "row three"]))
        // Each marker's number ("Code 1 of 3") is its place on screen.
        try app.waitForLine(after: index + 3) { $0.hasPrefix("marker ") }
        let numbers = app.debugLines[(index + 1)...].filter { $0.hasPrefix("marker ") }.prefix(3).reduce(into: [String: String]()) {
            $0[fields($1)["text"] ?? ""] = fields($1)["n"]
        }
        #expect(numbers == [onScreen[0]: "1", onScreen[1]: "2", onScreen[2]: "3"])
        // The first on screen has the focus; Tab moves right, Left back.
        var (line, at) = try app.waitForLine { $0.hasPrefix("marker-focus ") }
        var visited = [fields(line)["text"] ?? ""]
        for key in ["Tab", "Tab"] {
            try app.key(key, pointer: AppUnderTest.insideWindow)
            (line, at) = try app.waitForLine(after: at + 1) { $0.hasPrefix("marker-focus ") }
            visited.append(fields(line)["text"] ?? "")
        }
        #expect(visited == onScreen)
        // The focused marker (the last on screen) wears a white ring outside its disc; the others do not.
        let markerLines = app.debugLines[(index + 1)...].filter { $0.hasPrefix("marker ") }.prefix(3)
        func ring(_ shot: Screenshot, _ line: String) -> Bool {
            let f = fields(line)
            let (x, y, size) = (Double(f["x"] ?? "") ?? 0, Double(f["y"] ?? "") ?? 0, Double(f["size"] ?? "") ?? 0)
            return (0..<12).allSatisfy { step in
                let angle = Double(step) * .pi / 6
                let r = size / 2 + 4.5
                return shot.brightness(x: geometry.originX + x + r * cos(angle), y: geometry.originY + y + r * sin(angle)) > 220
            }
        }
        let focusedLine = try #require(markerLines.first { fields($0)["text"] == onScreen[2] })
        let shot = try app.screenshot(keepAs: mirrored ? nil : "marker-focus.png") { ring($0, focusedLine) }
        #expect(ring(shot, focusedLine), "no focus ring around the focused marker")
        for line in markerLines where fields(line)["text"] != onScreen[2] { #expect(!ring(shot, line), "a ring around \(line)") }
        try app.key("Left", pointer: AppUnderTest.insideWindow)
        (line, at) = try app.waitForLine(after: at + 1) { $0.hasPrefix("marker-focus ") }
        #expect(fields(line)["n"] == "2" && fields(line)["text"] == onScreen[1])
        try app.key("Return")
        #expect(try app.waitForExit() == 0)
        #expect(app.standardOutput == onScreen[1] + "\n")
    }

    @Test("Back from a result with the code still in view does not reopen it; a new code beside it is read alone")
    func backDoesNotReopenTheCodeStillInView() throws {
        var scene = CameraScene()
        try scene.addCode("handled", centerX: 640, centerY: 360)
        let app = try AppUnderTest(
            arguments: [], camera: .fake(scene: scene), settings: .keyfile(["sidebar-visible=false", "mirror=false"]))
        let (chosen, _) = try app.waitForLine { $0.hasPrefix("chosen ") }
        #expect(fields(chosen)["text"] == "handled")
        let (header, shownAt) = try app.waitForLine { $0.hasPrefix("header ") && $0.contains("Back to Camera") }
        #expect(!header.contains("Scan Screen"), "a result's header has Back, not the scanner's buttons: \(header)")
        try app.key("Escape", pointer: AppUnderTest.insideWindow)
        let (_, backAt) = try app.waitForLine(after: shownAt) { $0 == "scan scanning" }
        // The code stays in front of the camera; a second code joins it: only the new one is offered.
        try scene.addCode("new beside it", centerX: 380, centerY: 360)
        try scene.write(to: app.scenePath)
        let (markers, markersAt) = try app.waitForLine(after: backAt) { $0.hasPrefix("markers ") }
        #expect(fields(markers)["count"] == "1")
        let (marker, _) = try app.waitForLine(after: markersAt) { $0.hasPrefix("marker ") }
        #expect(fields(marker)["text"] == "new beside it")
        let (again, _) = try app.waitForLine(after: markersAt) { $0.hasPrefix("chosen ") }
        #expect(fields(again)["text"] == "new beside it")
        #expect(!app.debugLines[backAt...].contains { $0.hasPrefix("chosen ") && $0.hasSuffix("text=handled") })
        try app.key("ctrl+q")
        _ = try app.waitForExit()
    }

    @Test("the side panel opened over the preview of a narrow window pauses the camera; closing it scans again")
    func coveringPanelPausesTheCamera() throws {
        let app = try AppUnderTest(
            windowSize: (600, 560), camera: .fake(scene: CameraScene()), settings: .keyfile(["sidebar-visible=false", "mirror=false"]))
        try app.waitForLine { $0.hasPrefix("first-frame ") }
        // Generate (Ctrl+G) opens the panel; too narrow for both, it covers the preview.
        try app.key("ctrl+g", pointer: AppUnderTest.insideWindow)
        let (_, pausedAt) = try app.waitForLine { $0 == "scan paused(covered)" }
        var scene = CameraScene()
        try scene.addCode("behind the panel", centerX: 640, centerY: 360)
        try scene.write(to: app.scenePath)
        // Frames would have found the code by now if they were read; none was.
        Thread.sleep(forTimeInterval: 1.5)
        #expect(!app.debugLines.contains { $0.hasPrefix("markers ") }, "a code was read behind the panel")
        // Escape closes the panel first.
        try app.key("Escape", pointer: AppUnderTest.insideWindow)
        try app.waitForLine(after: pausedAt) { $0 == "scan scanning" }
        #expect(try app.waitForExit() == 0)
        #expect(app.standardOutput == "behind the panel\n")
    }

    @Test("the handle under the pointer lights up; pressed, it lights more")
    func handleHoverAndPress() throws {
        let app = try cameraApp(CameraScene(grey: 128), settings: ["mirror=false"])
        try app.waitForLine { $0.hasPrefix("first-frame ") }
        let geometry = try PreviewGeometry(try #require(app.debugLines.last { $0.hasPrefix("frame ") }))
        let r = geometry.frameRect
        try #require(r.count == 4)
        let corner = (x: geometry.originX + r[0], y: geometry.originY + r[1])
        // Outside the frame in the dimmed surround, inside the disc drawn around the handle.
        let probe = (x: corner.x - 11, y: corner.y - 11)
        let before = try app.screenshot().brightness(x: probe.x, y: probe.y)
        try app.movePointer(x: corner.x + 4, y: corner.y + 4)
        try app.waitForLine { $0 == "frame-handle topLeft pressed=false" }
        let hovered = try app.screenshot { $0.brightness(x: probe.x, y: probe.y) > before + 25 }.brightness(x: probe.x, y: probe.y)
        #expect(hovered > before + 25, "hover: \(before) → \(hovered)")
        try app.xdotool(["mousedown", "1"])
        try app.waitForLine { $0 == "frame-handle topLeft pressed=true" }
        let pressed = try app.screenshot { $0.brightness(x: probe.x, y: probe.y) > hovered + 15 }.brightness(x: probe.x, y: probe.y)
        try app.xdotool(["mouseup", "1"])
        #expect(pressed > hovered + 15, "pressed: \(hovered) → \(pressed)")
        try app.key("ctrl+q")
        _ = try app.waitForExit()
    }
}
