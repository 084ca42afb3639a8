// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaTestSupport
import Testing

/// The Generate tab inside the real application: `saoma` on its own Xvfb, Ctrl+G, typing, and
/// the code on screen read back by zbarimg.
@Suite(.serialized)
struct GeneratorWindowTests {
    /// (GDK scale factor, window size in points, screen size in pixels).
    static let scales: [(Int, (width: Int, height: Int), (width: Int, height: Int))] = [
        (1, (1100, 760), (1280, 800)), (2, (700, 880), (1600, 1800)),
    ]

    @Test(arguments: scales.indices)
    func ctrlGFocusesTheGeneratorAndTypedTextBecomesAScannableCodeOnScreen(_ index: Int) throws {
        let (scale, windowSize, screen) = Self.scales[index]
        let display = try VirtualDisplay(width: screen.width, height: screen.height)
        let app = try AppUnderTest(windowSize: windowSize, display: display, environment: ["GDK_SCALE": String(scale)])

        let typed = "Saoma Ctrl+G at scale \(scale)"
        try app.typeIntoGenerator(typed)

        let shot = app.home.path("window.png")
        let decoded = try poll(every: 0.25) { () -> String? in
            // At scale 1 the window's size in points is its size in pixels: crop the screenshot to it.
            guard (try? app.saveScreenshot(to: shot, croppedToWindow: scale == 1)) != nil else { return nil }
            let read = try runToolStatus("/usr/bin/zbarimg", ["--quiet", "--raw", "-Sbinary", shot])
            return read.status == 0 && read.output.hasPrefix(typed) ? read.output : nil
        }
        #expect(decoded?.trimmingCharacters(in: .newlines) == typed, "the code on screen should hold the typed text")
        if scale == 1 { try app.keep(shot, as: "generator-window.png") }
    }
}
