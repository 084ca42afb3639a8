// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PixbufIO
import SaomaCore
import SaomaTestSupport
import Testing

/// The window with a decoder process that aborts (the test build's, on a chosen payload): a crash
/// costs frames or one photo, is said once, and scanning goes on.
@Suite("Decoder process in the window")
struct DecoderProcessWindowTests {
    static let payload = "SAOMA-TEST-ABORT"

    static var environment: [String: String] {
        ["SAOMA_DECODER": BuiltProducts.abortingDecoder.path, "SAOMA_TEST_ABORTING_PAYLOAD": payload]
    }

    @Test("a live frame the decoder dies on is said once; the window goes on scanning and reads the code")
    func liveCrash() throws {
        try BuiltProducts.require(BuiltProducts.abortingDecoder)
        var scene = CameraScene()
        try scene.addCode(Self.payload, centerX: 640, centerY: 360)
        let app = try AppUnderTest(
            camera: .fake(scene: scene), settings: .keyfile(["sidebar-visible=false"]), environment: Self.environment)
        try app.waitForLine { $0.hasPrefix("decoder-problem message=") }
        // The engine that crashed sits out; the others read the same scene.
        #expect(try app.waitForExit() == 0)
        #expect(app.standardOutput == Self.payload + "\n")
        #expect(app.debugLines.filter { $0.hasPrefix("decoder-problem") }.count == 1)
    }

    @Test("a photo the decoder dies on is read again without the engine, and the person is told")
    func photoCrash() throws {
        try BuiltProducts.require(BuiltProducts.abortingDecoder)
        let folder = try TemporaryFolder(prefix: "saoma-crash-photo")
        var scene = CameraScene(width: 400, height: 300, grey: 255)
        try scene.addCode(Self.payload, centerX: 200, centerY: 150)
        let photo = folder.path("crash.ppm")
        try scene.write(to: photo)
        let app = try AppUnderTest(arguments: ["--oneshot", photo], environment: Self.environment)
        try app.waitForLine { $0.hasPrefix("decoder-problem message=") }
        #expect(try app.waitForExit() == 0)
        #expect(app.standardOutput == Self.payload + "\n")
    }
}

/// The window reading, live, the symbologies only zxing-cpp reads (drawn by the real zint).
@Suite("New symbologies in the window")
struct NewSymbologiesWindowTests {
    /// `text` drawn by zint as symbology `type` (zint's number), `scale` pixels per module.
    static func zint(_ text: String, type: Int, scale: Int) throws -> LumaImage {
        let folder = try TemporaryFolder(prefix: "saoma-zint-live")
        let png = folder.path("code.png")
        try runTool("/usr/bin/zint", ["-b", String(type), "--scale=\(scale)", "--quietzones", "-d", text, "-o", png])
        return try ImageLoader().load(path: png).luma
    }

    @Test(
        "a PDF417, an Aztec and a Micro QR code in front of the camera are read and chosen",
        arguments: [("M1ROE/JANE EABC123 FRAJFK", 55, 2), ("Rail ticket 4711", 92, 4), ("MQR 42", 97, 6)])
    func readsLive(text: String, type: Int, scale: Int) throws {
        var scene = CameraScene()
        scene.addImage(try Self.zint(text, type: type, scale: scale), text: text, centerX: 640, centerY: 360)
        let app = try AppUnderTest(camera: .fake(scene: scene), settings: .keyfile(["sidebar-visible=false"]))
        #expect(try app.waitForExit() == 0)
        #expect(app.standardOutput == text + "\n")
    }
}
