// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PipeWireCapture
import PixbufIO
import SaomaCore
import SaomaTestSupport
import Testing
import ZBarDecoding

/// Motion-JPEG cameras through PipeWire: frames decoded by gdk-pixbuf's JPEG loader
/// (`JPEGFrameDecoder`), damaged frames dropped.
@Suite(
    .enabled(if: PipeWireSession.available, "PipeWire binaries (pipewire, wireplumber, pw-cli) are not installed"),
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/cjpeg"), "cjpeg (libjpeg-turbo-progs) is not installed"))
struct MJPGCaptureTests {
    /// The QR scene of `PipeWireCaptureTests` as a baseline JPEG (through cjpeg).
    static func writeJPEGScene(_ text: String, in directory: URL) throws -> Data {
        let pgm = try PipeWireCaptureTests.writeScene(text, in: directory)
        let output = pgm + ".jpg"
        try runTool("/usr/bin/cjpeg", ["-quality", "90", "-outfile", output, pgm])
        return try Data(contentsOf: URL(fileURLWithPath: output))
    }

    @Test func mjpgFramesDecodeTheSceneCodeAndDamagedFramesAreDropped() throws {
        let session = try PipeWireSession()
        let jpeg = try Self.writeJPEGScene("pipewire MJPG", in: session.directory)
        // The camera first serves the JPEG cut in half (a damaged frame), then the whole one.
        let scene = session.directory.appendingPathComponent("mjpg-scene.jpg")
        try jpeg.prefix(jpeg.count / 2).write(to: scene)
        let camera = try session.startCamera(name: "saoma-test-MJPG", formats: "MJPG", modes: "1280x720@30", scene: scene.path)
        let decoder = JPEGFrameDecoder()
        // Every decode's outcome (true: a frame), so the test knows damaged frames arrived.
        let decoded = Collected<Bool>()
        let configuration = PipeWireCapture.Configuration(
            spec: .name("saoma-test-MJPG"), connection: try session.connection(),
            decodeJPEG: { bytes, timestamp, sequence in
                let frame = decoder.decode(bytes, timestamp: timestamp, sequence: sequence)
                decoded.append(frame != nil)
                return frame
            })
        let events = Collected<FrameSourceEvent>()
        let capture = PipeWireCapture(configuration: configuration)
        capture.start { events.append($0) }
        defer {
            capture.stop()
            camera.stop()
        }
        func frames() -> [VideoFrame] { events.all.compactMap { if case .frame(let frame) = $0 { frame } else { nil } } }

        try #require(decoded.wait { $0.count >= 3 }, "no MJPG buffers; events: \(events.all)")
        #expect(!decoded.all.contains(true))
        #expect(frames().isEmpty)
        let streaming = events.all.compactMap { if case .streaming(_, let mode) = $0 { mode } else { nil } }
        #expect(streaming.first == CameraMode(width: 1280, height: 720, framesPerSecond: 30, pixelFormat: "MJPG"))

        // The whole JPEG, swapped in atomically (the camera rereads a scene whose file changed).
        let whole = session.directory.appendingPathComponent("mjpg-whole.jpg")
        try jpeg.write(to: whole)
        #expect(rename(whole.path, scene.path) == 0)
        try #require(events.wait { _ in !frames().isEmpty }, "no decoded frame; events: \(events.all)")
        let frame = try #require(frames().first)
        #expect(frame.width == 1280 && frame.height == 720)
        #expect(frame.rgb?.count == 1280 * 720 * 3)
        #expect(ZBarDecoder().decode(frame.luma, options: DecodeOptions()).map(\.text) == ["pipewire MJPG"])
    }
}
