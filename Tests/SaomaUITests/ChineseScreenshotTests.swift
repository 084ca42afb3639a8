// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaTestSupport
import Testing

@Suite("Chinese text on screen", .serialized)
struct ChineseScreenshotTests {
    /// Without a CJK font, Chinese renders as boxes under Xvfb (and in screenshots).
    @Test("a font covering Simplified Chinese is installed for the tests")
    func cjkFontInstalled() throws {
        let run = try runToolStatus("/usr/bin/fc-list", [":lang=zh-cn", "family"])
        #expect(run.status == 0)
        #expect(!run.output.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "no font for zh-cn: scripts/bootstrap installs one")
    }

    /// Several codes under LANGUAGE=zh_CN: the markers, the hint 轻触小蓝点，打开页面 and Cancel in
    /// Chinese (kept as docs/screenshots/several-markers-zh_CN.png with SAOMA_SCREENSHOT_DIR).
    @Test("several codes in the Chinese window: a marker on each, and the window's text in Chinese")
    func severalMarkersInChinese() throws {
        var scene = CameraScene()
        try scene.addCode("https://example.org/a", centerX: 500, centerY: 290)
        try scene.addCode("扫码 WIFI", centerX: 640, centerY: 360)
        try scene.addCode("https://example.org/c", centerX: 780, centerY: 430)
        let app = try AppUnderTest(
            windowSize: (900, 600), camera: .fake(scene: scene), settings: .keyfile(["sidebar-visible=false"]),
            environment: ["LANG": "C.UTF-8", "LC_ALL": "", "LANGUAGE": "zh_CN"])
        let (markers, _) = try app.waitForLine { $0.hasPrefix("markers ") }
        #expect(fields(markers)["count"] == "3")
        #expect(app.window(titled: "扫码") != nil, "the window is not titled in Chinese")
        _ = try app.screenshot(keepAs: "several-markers-zh_CN.png")
    }
}
