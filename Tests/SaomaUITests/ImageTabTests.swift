// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaCore
import SaomaTestSupport
import Testing

/// Two codes in a 1200×800 scene, far enough apart for separate markers.
private let twoCodes = [
    PhotoFactory.PlacedCode(text: "https://example.org/left", centerX: 300, centerY: 300),
    PhotoFactory.PlacedCode(text: "https://example.org/right", centerX: 860, centerY: 520),
]

/// Pastes `file` (offered as `mimeType`) into the window with Ctrl+V; the one-shot app must print
/// `text` and exit 0.
private func paste(
    _ file: String, as mimeType: String, into app: AppUnderTest, printing text: String,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    try app.setClipboard(file: file, mimeType: mimeType)
    // A key sent before the window holds the keyboard focus is lost (no window manager here, and
    // under load the pointer's crossing event can arrive after the key): wait for the focus first.
    try app.focusWindow(titled: "Saoma")
    try app.key("ctrl+v", pointer: AppUnderTest.insideWindow)
    try app.waitForLine { $0.hasPrefix("paste ") }
    #expect(try app.waitForExit() == 0, sourceLocation: sourceLocation)
    #expect(app.standardOutput == text + "\n", sourceLocation: sourceLocation)
}

@Suite("Image tab end to end", .serialized)
struct ImageTabTests {
    /// Window sizes: wide, portrait, very wide.
    static let windowSizes: [(Int, Int)] = [(900, 600), (700, 800), (1200, 500)]

    @Test("two codes get markers on the codes at several window sizes; clicking one prints it", arguments: windowSizes)
    func twoCodesMarkedAndChosenByClick(width: Int, height: Int) throws {
        let photos = try PhotoFactory()
        let photo = try photos.scene("two.jpg", width: 1200, height: 800, codes: twoCodes)
        let app = try AppUnderTest(arguments: ["--oneshot", photo], windowSize: (width, height))
        let (expected, shot) = try expectMarkers(app, on: twoCodes, keepAs: width == 900 ? "image-markers.png" : nil)
        for (text, point) in expected {
            let seen = try #require(shot.accentCentroid(nearX: point.x, y: point.y), "no marker drawn near \(point) for \(text)")
            #expect(abs(seen.x - point.x) < 3 && abs(seen.y - point.y) < 3, "\(text): drawn at \(seen), code at \(point)")
        }
        try clickMarker(app, for: "https://example.org/right", in: expected)
    }

    @Test("markers sit on the codes as displayed for every EXIF orientation", arguments: 1...8)
    func exifOrientationApplied(orientation: Int) throws {
        let photos = try PhotoFactory()
        let upright = try photos.scene("upright.png", width: 1200, height: 800, codes: twoCodes)
        let photo = try photos.orientedJPEG(from: upright, orientation: orientation, name: "o\(orientation).jpg")
        let stored = try photos.imageSize(photo)
        // The stored pixels are turned for orientations 5–8; the displayed photo is the upright scene.
        #expect(orientation >= 5 ? stored == (800, 1200) : stored == (1200, 800))
        let app = try AppUnderTest(arguments: ["--oneshot", photo])
        let (geometryLine, _) = try app.waitForLine { $0.hasPrefix("photo-geometry ") }
        let geometry = try PhotoGeometry(geometryLine)
        #expect(geometry.image == Size(width: 1200, height: 800))
        // Click what a person would see: the photo with its markers as drawn.
        let (expected, _) = try expectMarkers(app, on: twoCodes)
        try clickMarker(app, for: "https://example.org/left", in: expected)
    }

    @Test("a photo with one code prints it with no input")
    func singleCodeChosenAutomatically() throws {
        let photos = try PhotoFactory()
        let photo = try photos.scene("one.png", width: 640, height: 480, codes: [.init(text: "Saoma 扫码", centerX: 400, centerY: 200)])
        let app = try AppUnderTest(arguments: ["--oneshot", photo])
        #expect(try app.waitForExit() == 0)
        #expect(app.standardOutput == "Saoma 扫码\n")
        #expect(app.debugLines.contains { $0.hasPrefix("photo-markers ") && fields($0)["count"] == "1" })
    }

    @Test("no code: the overlay shows and a click, Escape or Enter dismisses it", arguments: ["click", "Escape", "Return"])
    func noCodeOverlayDismissed(how: String) throws {
        let photos = try PhotoFactory()
        let photo = try photos.scene("plain.png", width: 800, height: 600, codes: [])
        let app = try AppUnderTest(arguments: ["--oneshot", photo])
        let (_, index) = try app.waitForLine { $0.hasPrefix("photo-no-code ") }
        let geometry = try PhotoGeometry(try #require(app.debugLines.prefix(index).last { $0.hasPrefix("photo-geometry ") }))
        // The photo's grey (168) is dimmed by the overlay where no text is drawn.
        let probe = geometry.screenPoint(imageX: 60, y: 60)
        let shot = try app.screenshot(keepAs: how == "click" ? "no-code.png" : nil) { $0.pixel(x: Int(probe.x), y: Int(probe.y)).r < 110 }
        let dimmed = shot.pixel(x: Int(probe.x), y: Int(probe.y))
        #expect(dimmed.r < 110, "overlay not visible: photo pixel is \(dimmed)")
        if how == "click" {
            let centre = geometry.screenPoint(imageX: 400, y: 300)
            try app.click(x: centre.x, y: centre.y)
        } else {
            try app.key(how, pointer: AppUnderTest.insideWindow)
        }
        try app.waitForLine(after: index) { $0.hasPrefix("photo-no-code-dismissed") || $0.hasPrefix("photo-page-left ") }
        let after = try app.screenshot { $0.pixel(x: Int(probe.x), y: Int(probe.y)) != dimmed }.pixel(x: Int(probe.x), y: Int(probe.y))
        #expect(after != dimmed, "the overlay is still shown")
        #expect(app.isRunning)
    }

    /// Bad inputs: (file name, how to make it, words the message must contain).
    static let badInputs: [(String, String, String)] = [
        ("missing.jpg", "missing", "no such file"),
        ("notes.png", "text", "not an image"),
        ("cut.png", "truncated", "truncated"),
        ("empty.png", "empty", "empty file"),
        ("folder.jpg", "folder", "is a folder"),
        ("huge.png", "huge", "too large"),
        ("pipe.png", "fifo", "named pipe"),
        ("drawing.svg", "svg", "not loaded"),
        ("cut.webp", "truncated-webp", "truncated"),
    ]

    @Test("bad input gives a message naming the file and the app keeps working", arguments: badInputs)
    func badInputReported(name: String, kind: String, reason: String) throws {
        let photos = try PhotoFactory()
        let path = photos.path(name)
        switch kind {
        case "text": _ = try photos.write(Array("just some text, not a picture\n".utf8), name: name)
        case "truncated":
            let whole = try photos.scene(
                "whole.jpg", width: 800, height: 600,
                codes: twoCodes.map { .init(text: $0.text, centerX: $0.centerX / 2, centerY: $0.centerY / 2) })
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: whole)))
            _ = try photos.write(Array(bytes.prefix(bytes.count / 3)), name: name)
        case "empty": _ = try photos.write([], name: name)
        case "folder": try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        case "huge": _ = try photos.pngHeader(width: 20_000, height: 20_000, name: name)
        case "fifo": try #require(mkfifo(path, 0o600) == 0)
        case "svg": _ = try photos.write(Array("<svg xmlns='http://www.w3.org/2000/svg' width='9' height='9'/>".utf8), name: name)
        case "truncated-webp":
            let whole = try photos.scene("whole.webp", width: 400, height: 300, codes: [.init(text: "cut", centerX: 200, centerY: 150)])
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: whole)))
            _ = try photos.write(Array(bytes.prefix(bytes.count * 2 / 3)), name: name)
        default: break
        }
        let app = try AppUnderTest(arguments: ["--oneshot", path])
        let (line, _) = try app.waitForLine { ["photo-error ", "photo-no-code ", "photo-markers "].contains(where: $0.hasPrefix) }
        #expect(line.hasPrefix("photo-error "), "no message: \(line)")
        #expect(line.contains(path), "message does not name the file: \(line)")
        #expect(line.contains(reason), "message does not give the reason: \(line)")
        // Still alive: a good photo pasted as a file afterwards is opened, and its code printed.
        let good = try photos.scene("good.png", width: 640, height: 480, codes: [.init(text: "still working", centerX: 320, centerY: 240)])
        let list = try photos.write(Array("file://\(good)\r\n".utf8), name: "list.txt")
        try paste(list, as: "text/uri-list", into: app, printing: "still working")
    }

    @Test("pasted image data is scanned")
    func pastedImageScanned() throws {
        let photos = try PhotoFactory()
        let photo = try photos.scene("paste.png", width: 640, height: 480, codes: [.init(text: "pasted code", centerX: 200, centerY: 240)])
        let start = try photos.scene("start.png", width: 640, height: 480, codes: [])
        let app = try AppUnderTest(arguments: ["--oneshot", start])
        try app.waitForLine { $0.hasPrefix("photo-no-code ") }
        try paste(photo, as: "image/png", into: app, printing: "pasted code")
    }

    @Test("Ctrl+O opens the file chooser; the chosen photo is scanned")
    func fileChooserOpensPhoto() throws {
        let photos = try PhotoFactory()
        let photo = try photos.scene(
            "chosen.png", width: 640, height: 480, codes: [.init(text: "chosen in the dialog", centerX: 320, centerY: 240)])
        let app = try AppUnderTest(arguments: ["--oneshot"])
        try app.waitForLine { $0.hasPrefix("camera ") }
        try app.focusWindow(titled: "Saoma")
        try app.key("ctrl+o", pointer: AppUnderTest.insideWindow)
        // GTK's own file chooser (no portal here): typing a path opens its location entry.
        try app.focusWindow(titled: "Open Image")
        try app.xdotool(["type", "--delay", "20", photo])
        try app.xdotool(["key", "Return"])
        #expect(try app.waitForExit() == 0)
        #expect(app.standardOutput == "chosen in the dialog\n")
        #expect(app.debugLines.contains { $0.hasPrefix("photo-open ") && fields($0)["name"] == photo })
    }

    @Test("a second `saoma FILE` opens the photo in the running window")
    func secondInstanceOpensInRunningWindow() throws {
        let photos = try PhotoFactory()
        let photo = try photos.scene("second.png", width: 1200, height: 800, codes: twoCodes)
        let bus = try SessionBus()
        let first = try AppUnderTest(arguments: [], sessionBus: bus.address)
        try first.waitForLine { $0.hasPrefix("camera ") }
        let second = try AppUnderTest(arguments: [photo], display: first.display, sessionBus: bus.address)
        #expect(try second.waitForExit() == 0)
        #expect(!second.debugLines.contains { $0.hasPrefix("photo-open ") }, "the second instance opened the photo itself")
        let (line, _) = try first.waitForLine { $0.hasPrefix("photo-open ") }
        #expect(fields(line)["name"] == photo)
        _ = try expectMarkers(first, on: twoCodes)
    }
}

@Suite("Image tab: newest photo wins")
struct ImageTabNewestWinsTests {
    @Test("a photo opened while a large one is still loading replaces it; the first one's codes never show")
    func secondPhotoWins() throws {
        let photos = try PhotoFactory()
        let large = try photos.scene(
            "large.png", width: 4000, height: 3000,
            codes: [.init(text: "large-a", centerX: 1000, centerY: 1000), .init(text: "large-b", centerX: 3000, centerY: 2000)])
        let small = try photos.scene("small.png", width: 640, height: 480, codes: [.init(text: "small wins", centerX: 320, centerY: 240)])
        let list = try photos.write(Array("file://\(small)\r\n".utf8), name: "list.txt")
        let app = try AppUnderTest(arguments: ["--oneshot", large])
        try app.setClipboard(file: list, mimeType: "text/uri-list")
        let (opened, _) = try app.waitForLine { $0.hasPrefix("photo-open ") }
        #expect(fields(opened)["name"] == large)
        try app.key("ctrl+v", pointer: AppUnderTest.insideWindow)
        #expect(try app.waitForExit() == 0)
        #expect(app.standardOutput == "small wins\n")
        let markers = app.debugLines.filter { $0.hasPrefix("photo-marker ") }.compactMap { fields($0)["text"] }
        #expect(markers == ["small wins"], "markers shown: \(markers)")
    }
}
