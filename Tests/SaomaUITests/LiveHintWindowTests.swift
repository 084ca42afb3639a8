// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import QREncoding
import SaomaCore
import SaomaTestSupport
import Testing

/// A QR code for `text` at `moduleSize` pixels per module with a 4-module light quiet zone,
/// blurred by a Gaussian of `sigma` pixels (a code held too close to a fixed-focus webcam), on a
/// card whose edge stays sharp: the edge makes the region detector flag it in every frame (a
/// code blurred through and through is flagged only up to about half a module of blur, where
/// the blur-aware pass mostly reads it: DecodeWorkerStillSceneTests covers that on its own).
private func blurredCode(_ text: String, moduleSize: Int, sigma: Double) throws -> LumaImage {
    let matrix = try QREncoder.encode(.text(text), level: .medium)
    let side = (matrix.size + 8) * moduleSize
    var image = LumaImage(width: side, height: side, fill: 235)
    for y in 0..<side {
        for x in 0..<side {
            let (mx, my) = (x / moduleSize - 4, y / moduleSize - 4)
            if mx >= 0, my >= 0, mx < matrix.size, my < matrix.size, matrix.isDark(x: mx, y: my) { image[x, y] = 25 }
        }
    }
    // Separable Gaussian, three sigmas each side; the borders repeat.
    let reach = Int((3 * sigma).rounded(.up))
    let kernel = (-reach...reach).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
    let total = kernel.reduce(0, +)
    func pass(_ source: LumaImage, horizontal: Bool) -> LumaImage {
        var out = source
        for y in 0..<side {
            for x in 0..<side {
                var sum = 0.0
                for (k, weight) in kernel.enumerated() {
                    let d = k - reach
                    let (sx, sy) = horizontal ? (min(side - 1, max(0, x + d)), y) : (x, min(side - 1, max(0, y + d)))
                    sum += weight * Double(source[sx, sy])
                }
                out[x, y] = UInt8((sum / total).rounded())
            }
        }
        return out
    }
    return pass(pass(image, horizontal: true), horizontal: false)
}

/// Rectangle fields (`x,y,w,h`) of a debug line.
private func rect(_ value: String?) -> SaomaCore.Rect? {
    let n = numbers(value)
    return n.count == 4 ? SaomaCore.Rect(x: n[0], y: n[1], width: n[2], height: n[3]) : nil
}

/// The live hint over the scanner: a blurred code in front of the fake camera (sensor noise on)
/// makes the scanner say "Move the code further away" in a pill below the scan frame; the hint
/// goes when a sharp code replaces it and is read; a readable code never shows one. With
/// `SAOMA_SCREENSHOT_DIR=docs/screenshots` the shots are kept as `live-hint-<variant>.png`.
@Suite("Live hint in the scanner window", .serialized)
struct LiveHintWindowTests {
    /// (variant name, window size, extra environment): the page screenshots' variants.
    static let variants = PageScreenshotTests.variants

    @Test("a blurred code: the hint shows below the frame, then goes once the code is read sharp", arguments: variants)
    func blurredCodeShowsHint(variant: String, width: Int, height: Int, environment: [String: String]) throws {
        var scene = CameraScene()
        scene.addImage(
            try blurredCode("https://example.org/blurred", moduleSize: 3, sigma: 2.5), text: "blurred", centerX: 640, centerY: 360)
        let display = try VirtualDisplay()
        let folder = try TemporaryFolder(prefix: "saoma-hint")
        let textScale = variant == "large-text" ? try XSettings(display: display, folder: folder.path, dpi: 144) : nil
        defer { withExtendedLifetime(textScale) {} }
        let app = try AppUnderTest(
            windowSize: (width, height), camera: .fake(scene: scene),
            settings: .keyfile(["sidebar-visible=false", "mirror=false", "frame-hint-shown=true"]), display: display,
            environment: environment.merging(["SAOMA_FAKE_V4L2_NOISE": "4"]) { $1 })
        let (shown, index) = try app.waitForLine { $0.hasPrefix("live-hint shown=") && !$0.hasPrefix("live-hint shown=none") }
        #expect(fields(shown)["shown"] == "further", "\(shown)")
        // Below (or above) the scan frame, never over it, inside the preview.
        let frameLine = try #require(app.debugLines.prefix(index).last { $0.hasPrefix("frame ") })
        let frame = try #require(rect(fields(frameLine)["rect"]))
        let view = dimensions(fields(frameLine)["view"])
        let pill = try #require(rect(fields(shown)["rect"]))
        #expect(pill.minY >= frame.maxY || pill.maxY <= frame.minY, "hint \(pill) over the frame \(frame)")
        #expect(view.count == 2 && pill.minX >= 0 && pill.maxX <= view[0] && pill.minY >= 0 && pill.maxY <= view[1])
        // Drawn as a dark pill over the light preview (its left padding, clear of the text).
        let origin = numbers(fields(frameLine)["origin"])
        try #require(origin.count == 2)
        let shot = try app.screenshot(keepAs: "live-hint-\(variant).png") { shot in
            shot.brightness(x: origin[0] + pill.minX + 5, y: origin[1] + pill.midY) < 100
        }
        #expect(shot.brightness(x: origin[0] + pill.minX + 5, y: origin[1] + pill.midY) < 100, "no pill on screen")
        if variant == "zh_CN" { #expect(app.window(titled: "扫码") != nil) }

        // The code comes into focus: read, and the hint goes before the markers.
        var sharp = CameraScene()
        try sharp.addCode("https://example.org/sharp", centerX: 640, centerY: 360)
        try sharp.write(to: app.scenePath)
        let (gone, goneIndex) = try app.waitForLine(after: index) { $0.hasPrefix("live-hint shown=none") }
        #expect(fields(gone)["rect"] == "-")
        let (markers, markersIndex) = try app.waitForLine(after: index) { $0.hasPrefix("markers ") }
        #expect(goneIndex < markersIndex, "the hint still showed with the markers: \(markers)")
        #expect(try app.waitForExit() == 0)
        #expect(app.standardOutput.contains("https://example.org/sharp"))
    }

    @Test("a sharp, readable code is read without a hint")
    func readableCodeShowsNoHint() throws {
        var scene = CameraScene()
        try scene.addCode("https://example.org/readable", centerX: 640, centerY: 360)
        let app = try AppUnderTest(
            windowSize: (960, 640), camera: .fake(scene: scene), settings: .keyfile(["sidebar-visible=false"]),
            environment: ["SAOMA_FAKE_V4L2_NOISE": "4"])
        #expect(try app.waitForExit() == 0)
        #expect(app.standardOutput.contains("https://example.org/readable"))
        let hints = app.debugLines.filter { $0.hasPrefix("live-hint ") && !$0.hasPrefix("live-hint shown=none") }
        #expect(hints.isEmpty, "\(hints)")
        #expect(app.debugLines.contains { $0.hasPrefix("markers ") })
    }
}
