// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaCore
import SaomaTestSupport
import Testing

/// The photo, scanner, Generate and Preferences pages as a person sees them, at the default size,
/// on a 1366×768 screen, with large text and in Chinese: each page's header bar holds its own
/// controls and the Generate page's Save stays in view. With `SAOMA_SCREENSHOT_DIR=docs/screenshots`
/// the shots are kept as `page-<page>-<variant>.png`.
@Suite("Page screenshots", .serialized)
struct PageScreenshotTests {
    /// (variant name, window size, extra environment).
    static let variants: [(String, Int, Int, [String: String])] = [
        ("960x640", 960, 640, [:]),
        ("1366x768", 1366, 768, [:]),
        ("large-text", 960, 640, [:]),
        ("zh_CN", 960, 640, ["LANG": "C.UTF-8", "LC_ALL": "", "LANGUAGE": "zh_CN"]),
    ]

    @Test("photo, scanner, Generate and Preferences: the page's controls, the file's name, Save in view", arguments: variants)
    func pages(variant: String, width: Int, height: Int, environment: [String: String]) throws {
        let photos = try PhotoFactory()
        let scene = try photos.scene(
            "scene.png", width: 1200, height: 800,
            codes: [
                PhotoFactory.PlacedCode(text: "https://gnome.org", centerX: 330, centerY: 400),
                PhotoFactory.PlacedCode(text: "WIFI:T:WPA;S:Home;P:secret123;;", centerX: 870, centerY: 400),
            ])
        // A hostile name: an escape sequence and markup, shown as symbols and text.
        let photo = photos.path("receipt \u{1B}[31m<b>bold.png")
        #expect(rename(scene, photo) == 0, "could not name the photo: \(String(cString: strerror(errno)))")
        let display = try VirtualDisplay()
        // Large text as the desktop sets it under X11: an XSETTINGS manager's Xft/DPI, 1.5 × 96.
        let textScale = variant == "large-text" ? try XSettings(display: display, folder: photos.path(""), dpi: 144) : nil
        let app = try AppUnderTest(
            arguments: [photo], windowSize: (width, height), camera: .fake(scene: CameraScene(grey: 150)),
            settings: .keyfile(["sidebar-visible=false", "mirror=true"]), display: display, environment: environment)
        defer { withExtendedLifetime(textScale) {} }

        // The photo: Back in the header and the file's name as the subtitle, made visible.
        let (header, _) = try app.waitForLine { $0.hasPrefix("header ") && !(fields($0)["text"] ?? "").isEmpty }
        #expect(fields(header)["text"] == "receipt ␛[31m<b>bold.png")
        #expect(header.hasPrefix("header controls=\(variant == "zh_CN" ? "返回摄像头" : "Back to Camera")|"), "\(header)")
        try app.waitForLine { $0.hasPrefix("photo-drawn ") }
        _ = try app.screenshot(keepAs: "page-photo-\(variant).png")

        // Back: the scanner, with the resize hint; no Back, no camera switcher for one camera.
        try app.key("Escape", pointer: AppUnderTest.insideWindow)
        let (scanner, _) = try app.waitForLine { $0.hasPrefix("header ") && fields($0)["text"] == "" && $0.contains("|") }
        #expect(!scanner.contains("Back") && !scanner.contains("返回"), "\(scanner)")
        try app.waitForLine { $0.hasPrefix("frame-hint shown=true") }
        try app.waitForLine { $0.hasPrefix("first-frame ") }
        _ = try app.screenshot(keepAs: "page-scanner-\(variant).png")

        // Generate: Save stays inside the window whatever the text size.
        let before = app.debugLines.count
        try app.key("ctrl+g", pointer: AppUnderTest.insideWindow)
        let (save, _) = try app.waitForLine(after: before) { $0.hasPrefix("control name=generator-save ") }
        let saveY = try #require(Double(fields(save)["y"] ?? ""))
        #expect(saveY > 0 && saveY < Double(height), "Save at y=\(saveY) in a window \(height) high")
        _ = try app.screenshot(keepAs: "page-generate-\(variant).png")

        // Preferences over the window.
        try app.key("ctrl+comma", pointer: AppUnderTest.insideWindow)
        let title = variant == "zh_CN" ? "首选项" : "Preferences"
        #expect(app.window(titled: title) != nil, "no Preferences window")
        _ = try app.screenshot(keepAs: "page-preferences-\(variant).png")
        app.stop()
    }
}

/// An XSETTINGS manager (`xsettingsd`) on `display` serving `Xft/DPI`, GTK 4's text size under
/// X11 (what the desktop's large-text setting changes); stopped when released.
final class XSettings {
    private let process: SpawnedProcess

    /// Starts the manager with `dpi` dots per inch and waits until it owns the settings selection.
    init(display: VirtualDisplay, folder: String, dpi: Int) throws {
        guard FileManager.default.fileExists(atPath: "/usr/bin/xsettingsd") else {
            throw EndToEndError("/usr/bin/xsettingsd is missing: run scripts/bootstrap")
        }
        let config = folder + "/xsettingsd.conf"
        let log = folder + "/xsettingsd.log"
        try "Xft/DPI \(dpi * 1024)\n".write(toFile: config, atomically: true, encoding: .utf8)
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display.name
        process = try SpawnedProcess("/usr/bin/xsettingsd", ["-c", config], environment: environment, stderrPath: log)
        try Patience.wait("xsettingsd to own the settings selection") {
            ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("Took ownership of selection")
        }
    }

    deinit { process.stop() }
}
