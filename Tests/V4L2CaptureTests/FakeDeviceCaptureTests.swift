// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaCore
import SaomaTestSupport
import Testing
import ZBarDecoding

/// The real V4L2Capture (libv4l2, mmap, poll) exercised through the LD_PRELOAD fake device.
@Suite struct FakeDeviceCaptureTests {
    /// Black left half, white right half.
    static func splitScene(_ camera: FakeCamera, width: Int = 640, height: Int = 360) throws {
        try camera.setScene(width: width, height: height) { x, _ in x < width / 2 ? (0, 0, 0) : (255, 255, 255) }
    }

    @Test func listsFakeCameraWithNameAndModes() throws {
        let camera = try FakeCamera(settings: ["NAME": "Desk Camera", "MODES": "1280x720@30,640x480@30,1920x1080@15"])
        let (lines, status) = try camera.run(["list"])
        #expect(status == 0)
        let node = try #require(lines.first { $0.string("path") == camera.devicePath() })
        #expect(node.string("status") == "camera")
        #expect(node.string("name") == "Desk Camera")
        let modes = try #require(node["modes"] as? [[String: Any]])
        let sizes = modes.map { "\($0.int("width") ?? 0)x\($0.int("height") ?? 0)@\($0.int("fps") ?? 0)" }
        #expect(Set(sizes) == ["1280x720@30", "640x480@30", "1920x1080@15"])
        #expect(lines.contains { $0.string("default") == camera.devicePath() })
    }

    @Test(arguments: [
        (["FORMAT_0": "GREY"], 0, "infrared"),
        (["FORMAT_0": "META"], 0, "metadataOnly"),
        (["NAME_0": "Integrated IR Camera"], 0, "infrared"),
    ])
    func skipsNodesThatAreNotColourCameras(settings: [String: String], skipped: Int, reason: String) throws {
        let camera = try FakeCamera(count: 2, settings: settings)
        let (lines, _) = try camera.run(["list"])
        let node = try #require(lines.first { $0.string("path") == camera.devicePath(skipped) })
        #expect(node.string("status") == "skipped")
        #expect(node.string("reason") == reason)
        let other = try #require(lines.first { $0.string("path") == camera.devicePath(1) })
        #expect(other.string("status") == "camera")
        #expect(lines.contains { $0.string("default") == camera.devicePath(1) })
    }

    @Test func cameraWithoutConvertibleFormatsIsNamedAndReported() throws {
        let camera = try FakeCamera(settings: ["FORMAT": "H264"])
        let (lines, _) = try camera.run(["list"])
        let node = try #require(lines.first { $0.string("path") == camera.devicePath() })
        #expect(node.string("reason") == "unsupportedFormats")
        let (events, status) = try camera.run(["capture", "--device", camera.devicePath(), "--max-problems", "1", "--timeout", "20"])
        #expect(status == 0)
        let problem = try #require(events.first { $0.event == "problem" })
        #expect(problem.problemKind == "noUsableFormat")
        #expect(problem.object("problem")?.string("device") == camera.devicePath())
    }

    @Test func onlyInfraredCameraMeansNoCamera() throws {
        let camera = try FakeCamera(settings: ["FORMAT": "GREY"])
        let (lines, status) = try camera.run(["capture", "--frames", "1", "--max-problems", "1", "--timeout", "20"])
        #expect(status == 0)
        #expect(lines.first { $0.event == "problem" }?.problemKind == "noCamera")
        #expect(!lines.contains { $0.event == "frame" })
    }

    @Test func emptyDeviceDirectoryMeansNoCamera() throws {
        let camera = try FakeCamera(count: 0)
        let (lines, _) = try camera.run(["capture", "--frames", "1", "--max-problems", "1", "--timeout", "20"])
        #expect(lines.first { $0.event == "problem" }?.problemKind == "noCamera")
    }

    @Test(arguments: [
        ("YUYV", "automatic", 16.0, 235.0), ("YUYV", "yuyv", 16, 235), ("YUYV", "yuv420", 16, 235), ("YUYV", "rgb24", 16, 235),
        // libv4lconvert decodes JPEG to full-range luma.
        ("MJPG", "automatic", 0, 255), ("MJPG", "rgb24", 0, 255),
    ])
    func deliversTheSceneAt720p(format: String, pixelPath: String, black: Double, white: Double) throws {
        let camera = try FakeCamera(settings: ["FORMAT": format, "MODES": "1280x720@30,640x480@30"])
        try Self.splitScene(camera)
        let (lines, status) = try camera.run(["capture", "--frames", "3", "--pixel-path", pixelPath])
        #expect(status == 0)
        let streaming = try #require(lines.first { $0.event == "streaming" })
        let mode = try #require(streaming.object("mode"))
        #expect(mode.int("width") == 1280 && mode.int("height") == 720 && mode.int("fps") == 30)
        #expect(mode.string("format") == format)
        let frames = lines.filter { $0.event == "frame" }
        #expect(frames.count == 3)
        for frame in frames {
            #expect(frame.int("width") == 1280 && frame.int("height") == 720)
            #expect(frame.int("rgbBytes") == 1280 * 720 * 3)
            #expect(abs((frame.double("left") ?? 0) - black) < 3)
            #expect(abs((frame.double("right") ?? 0) - white) < 3)
            // The preview RGB averages the black and the white half.
            let rgb = try #require(frame["rgb"] as? [Double])
            for channel in rgb { #expect(abs(channel - 127.5) < 4) }
        }
        let sequences = frames.compactMap { $0.int("sequence") }
        #expect(sequences == sequences.sorted() && Set(sequences).count == sequences.count)
        let timestamps = frames.compactMap { $0.double("timestamp") }
        #expect(timestamps == timestamps.sorted())
    }

    @Test(arguments: [
        ("640x480@30,1920x1080@30", 1920, 1080, 30),
        ("1280x720@10,640x480@30", 640, 480, 30),
        ("1280x720@60,1280x720@30", 1280, 720, 30),
        ("2560x1440@30,3840x2160@30", 2560, 1440, 30),
    ])
    func negotiatesByTheModePolicy(modes: String, width: Int, height: Int, fps: Int) throws {
        let camera = try FakeCamera(settings: ["MODES": modes])
        let (lines, _) = try camera.run(["capture", "--frames", "1"])
        let mode = try #require(lines.first { $0.event == "streaming" }?.object("mode"))
        #expect(mode.int("width") == width && mode.int("height") == height && mode.int("fps") == fps)
        let frame = try #require(lines.first { $0.event == "frame" })
        #expect(frame.int("width") == width && frame.int("height") == height)
    }

    @Test(arguments: [
        ("1280x720@30,1920x1080@15,2560x1440@15", "YUYV", "full", 2560, 1440, 15),
        ("1280x720@30,1920x1080@15", "YUYV", "full", 1920, 1080, 15),
        ("1280x720@30,1920x1080@15,2560x1440@15", "YUYV", "standard", 1280, 720, 30),
        // A JPEG camera: libv4l2 decodes 1080p15 to YU12, its Y plane reduced.
        ("1280x720@30,1920x1080@15", "MJPG", "full", 1920, 1080, 15),
    ])
    func fullModeFramesAreHandedOnAtTheWorkingSize(
        modes: String, format: String, resolution: String, width: Int, height: Int, fps: Int
    ) throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("saoma-fake-log-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: log) }
        let camera = try FakeCamera(settings: ["MODES": modes, "FORMAT": format, "LOG": log.path])
        try Self.splitScene(camera)
        let (lines, status) = try camera.run(["capture", "--frames", "3", "--resolution", resolution])
        // libv4lconvert decodes JPEG to full-range luma.
        let (black, white) = format == "MJPG" ? (0.0, 255.0) : (16.0, 235.0)
        #expect(status == 0)
        // The device was asked for the full mode (or the standard one), and streams it.
        let asked = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").filter { $0.contains("S_FMT") }
        #expect(asked == ["0 S_FMT \(width)x\(height)"])
        let mode = try #require(lines.first { $0.event == "streaming" }?.object("mode"))
        #expect(mode.int("width") == width && mode.int("height") == height && mode.int("fps") == fps)
        let frames = lines.filter { $0.event == "frame" }
        #expect(frames.count == 3)
        for frame in frames {
            // Every consumer sees 1280×720; a full mode's pixels ride along.
            #expect(frame.int("width") == 1280 && frame.int("height") == 720)
            #expect(frame.int("detailWidth") == (width > 1280 ? width : 0))
            #expect(frame.int("detailHeight") == (width > 1280 ? height : 0))
            #expect(abs((frame.double("left") ?? 0) - black) < 3)
            #expect(abs((frame.double("right") ?? 0) - white) < 3)
            #expect(frame.int("rgbBytes") == 1280 * 720 * 3)
            let rgb = try #require(frame["rgb"] as? [Double])
            for channel in rgb { #expect(abs(channel - 127.5) < 4) }
        }
    }

    @Test func lensControlsAreSetThenRestored() throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("saoma-fake-log-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: log) }
        let camera = try FakeCamera(settings: ["LENS": "focus-absolute=30,zoom", "LOG": log.path])
        let (lines, status) = try camera.run([
            "capture", "--device", camera.devicePath(), "--frames", "4", "--lens-after", "1", "--lens",
            "focusAbsolute=102,zoomAbsolute=200",
        ])
        #expect(status == 0)
        let before = try #require(lines.first { $0.event == "streaming" })
        #expect(before.control("focusAbsolute") == 30)
        #expect(before.control("zoomAbsolute") == 100)
        #expect(before.control("focusAuto") == nil)
        let set = try #require(lines.last { $0.event == "frame" })
        // The driver keeps focus on its step of 5.
        #expect(set.control("focusAbsolute") == 100)
        #expect(set.control("zoomAbsolute") == 200)
        let closed = try #require(lines.first { $0.event == "closed" })
        #expect(closed.control("focusAbsolute") == 30)
        #expect(closed.control("zoomAbsolute") == 100)
        let controls = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").filter { $0.contains("S_CTRL") }
        #expect(
            controls == [
                "0 S_CTRL focus_absolute 100", "0 S_CTRL zoom_absolute 200", "0 S_CTRL zoom_absolute 100", "0 S_CTRL focus_absolute 30",
            ])
    }

    @Test func picksUpASwappedScene() throws {
        let camera = try FakeCamera()
        try camera.setScene(width: 64, height: 36) { _, _ in (0, 0, 0) }
        let probe = try camera.start(["capture", "--frames", "1000", "--timeout", "60"])
        let dark = probe.waitFor { $0.event == "frame" }.match
        #expect(abs((dark?.double("left") ?? 0) - 16) < 3)
        try camera.setScene(width: 64, height: 36) { _, _ in (255, 255, 255) }
        let bright = probe.waitFor { $0.event == "frame" && ($0.double("left") ?? 0) > 200 }.match
        #expect(bright != nil)
        probe.kill()
    }

    @Test func recoversAfterTheShimUnplugsTheCamera() throws {
        let camera = try FakeCamera(settings: ["UNPLUG_AFTER": "3"])
        let probe = try camera.start(["capture", "--frames", "6", "--device", camera.devicePath(), "--timeout", "60"])
        let unplugged = probe.waitFor { $0.event == "problem" }
        #expect(unplugged.match?.problemKind == "unplugged")
        #expect(unplugged.match?.object("problem")?.string("device") == camera.devicePath())
        // The shim counts frames dequeued from the device; the capture hands on the newest of them.
        let before = unplugged.seen.filter { $0.event == "frame" }.count
        #expect((1...3).contains(before))
        #expect(!FileManager.default.fileExists(atPath: camera.devicePath()))
        // Plug it back in.
        #expect(FileManager.default.createFile(atPath: camera.devicePath(), contents: nil))
        var rest: [[String: Any]] = []
        let status = probe.finish(collecting: &rest)
        #expect(status == 0)
        #expect(rest.contains { $0.event == "streaming" })
        #expect(rest.filter { $0.event == "frame" }.count == 6 - before)
    }

    @Test func hotPlugIsNoticedWithoutPolling() throws {
        let camera = try FakeCamera(count: 2)
        try FileManager.default.removeItem(atPath: camera.devicePath(1))
        let probe = try camera.start(["monitor", "--lists", "3", "--timeout", "60"])
        let initial = probe.waitFor { $0.event == "nodes" }.match
        #expect(initial?["cameras"] as? [String] == [camera.devicePath(0)])
        // Plug in a second camera.
        #expect(FileManager.default.createFile(atPath: camera.devicePath(1), contents: nil))
        let plugged = probe.waitFor { $0.event == "nodes" }.match
        #expect(plugged?["cameras"] as? [String] == [camera.devicePath(0), camera.devicePath(1)])
        // Unplug the first.
        try FileManager.default.removeItem(atPath: camera.devicePath(0))
        let unplugged = probe.waitFor { $0.event == "nodes" }.match
        #expect(unplugged?["cameras"] as? [String] == [camera.devicePath(1)])
        #expect(probe.finish() == 0)
    }

    @Test func defaultCameraUnpluggedStaysUnpluggedUntilItReturns() throws {
        let camera = try FakeCamera()
        let probe = try camera.start(["capture", "--frames", "3", "--timeout", "60"])
        #expect(probe.waitFor { $0.event == "frame" }.match != nil)
        try FileManager.default.removeItem(atPath: camera.devicePath())
        let problem = probe.waitFor { $0.event == "problem" }.match
        #expect(problem?.problemKind == "unplugged")
        #expect(FileManager.default.createFile(atPath: camera.devicePath(), contents: nil))
        var rest: [[String: Any]] = []
        #expect(probe.finish(collecting: &rest) == 0)
        #expect(!rest.contains { $0.problemKind == "noCamera" })
        #expect(rest.contains { $0.event == "streaming" })
    }

    @Test(arguments: [("busy", "busy"), ("denied", "permissionDenied")])
    func reportsWhyTheCameraCannotOpen(fail: String, kind: String) throws {
        let camera = try FakeCamera(settings: ["FAIL": fail])
        let (lines, status) = try camera.run(["capture", "--device", camera.devicePath(), "--max-problems", "1", "--timeout", "20"])
        #expect(status == 0)
        let problem = try #require(lines.first { $0.event == "problem" })
        #expect(problem.problemKind == kind)
        #expect(problem.object("problem")?.string("device") == camera.devicePath())
        #expect(!lines.contains { $0.event == "frame" })
    }

    @Test func listingNamesAnInaccessibleNode() throws {
        let camera = try FakeCamera(settings: ["FAIL": "denied"])
        let (lines, _) = try camera.run(["list"])
        let node = try #require(lines.first { $0.string("path") == camera.devicePath() })
        #expect(node.string("status") == "unavailable")
        #expect(node.object("problem")?.string("kind") == "permissionDenied")
    }

    @Test func lowLightBoostRaisesExposureAndGainThenRestoresThem() throws {
        let camera = try FakeCamera()
        let (lines, status) = try camera.run(["capture", "--device", camera.devicePath(), "--frames", "4", "--boost-after", "1"])
        #expect(status == 0)
        let before = try #require(lines.first { $0.event == "streaming" })
        #expect(before.control("exposureAuto") == 3)
        let boosted = try #require(lines.last { $0.event == "frame" })
        #expect(boosted.control("exposureAuto") == 1)
        #expect((boosted.control("exposureAbsolute") ?? 0) > (before.control("exposureAbsolute") ?? 0))
        #expect((boosted.control("gain") ?? 0) > (before.control("gain") ?? 0))
        let closed = try #require(lines.first { $0.event == "closed" })
        for kind in ["exposureAuto", "exposureAbsolute", "gain", "brightness"] {
            #expect(closed.control(kind) == before.control(kind), "\(kind) restored")
        }
    }

    @Test func framesHeldBackWhileUnwantedThenDeliveredWithoutReopening() throws {
        let camera = try FakeCamera()
        let (lines, status) = try camera.run(["capture", "--frames", "6", "--hold-after", "3", "--hold-seconds", "1", "--timeout", "30"])
        #expect(status == 0)
        let held = try #require(lines.first { $0.event == "held" })
        #expect(held.int("deliveredWhileHeld") == 0)
        // Frames resume on the same stream: no reopening, no stall reported.
        #expect(lines.filter { $0.event == "streaming" }.count == 1)
        #expect(!lines.contains { $0.event == "problem" })
        let heldIndex = try #require(lines.firstIndex { $0.event == "held" })
        let resumed = lines[heldIndex...].filter { $0.event == "frame" }
        #expect(resumed.count == 3)
        // The frames of the held second were handed back unconverted; sequence numbers count
        // delivered frames, so they go on from 3.
        #expect(resumed.first?.int("sequence") == 3)
    }

    @Test func slowConsumerGetsNewestFramesInsteadOfAQueue() throws {
        let camera = try FakeCamera()
        let (lines, status) = try camera.run(["capture", "--frames", "4", "--slow-ms", "250", "--timeout", "30"])
        #expect(status == 0)
        let end = try #require(lines.first { $0.event == "end" })
        // At 30 fps a 250 ms consumer sees one frame in several: the rest are skipped, not queued.
        #expect((end.int("dropped") ?? 0) > 0)
    }

    @Test func capturedQRCodeStaysReadable() throws {
        let camera = try FakeCamera()
        let module = 10
        let size = QRFixture.rows.count
        let originX = (1280 - size * module) / 2
        let originY = (720 - size * module) / 2
        try camera.setScene(width: 1280, height: 720) { x, y in
            let mx = (x - originX) / module
            let my = (y - originY) / module
            let inside = x >= originX && y >= originY && mx < size && my < size
            let dark = inside && Array(QRFixture.rows[my])[mx] == "#"
            return dark ? (20, 20, 20) : (240, 240, 240)
        }
        let dump = camera.root.url.appendingPathComponent("frames")
        try FileManager.default.createDirectory(at: dump, withIntermediateDirectories: true)
        let (_, status) = try camera.run(["capture", "--frames", "2", "--dump", dump.path])
        #expect(status == 0)
        // Saoma's own decoder reads the captured luma plane…
        let frame = try #require(Self.readPGM(dump.appendingPathComponent("frame-2.pgm")))
        #expect(frame.width == 1280 && frame.height == 720)
        let symbols = ZBarDecoder().decode(frame, options: DecodeOptions(effort: .fast))
        #expect(symbols.map(\.text) == [QRFixture.text])
        // …and so does zbarimg, from the same file.
        let text = try runTool("/usr/bin/zbarimg", ["--raw", "-q", dump.appendingPathComponent("frame-2.pgm").path])
        #expect(text.trimmingCharacters(in: .whitespacesAndNewlines) == QRFixture.text)
    }

    /// A binary PGM as written by CaptureProbe (`P5\nW H\n255\n` + pixels).
    static func readPGM(_ url: URL) -> LumaImage? {
        guard let data = try? Data(contentsOf: url) else { return nil }
        let bytes = [UInt8](data)
        var newlines: [Int] = []
        for (i, b) in bytes.enumerated() where b == UInt8(ascii: "\n") {
            newlines.append(i)
            if newlines.count == 3 { break }
        }
        guard newlines.count == 3 else { return nil }
        let size = String(decoding: bytes[(newlines[0] + 1)..<newlines[1]], as: UTF8.self).split(separator: " ").compactMap { Int($0) }
        guard size.count == 2 else { return nil }
        return LumaImage(width: size[0], height: size[1], pixels: Array(bytes[(newlines[2] + 1)...]))
    }
}

/// A QR code (version 3, level M) made with libqrencode, as input for the capture path.
enum QRFixture {
    static let text = "https://saoma.example/capture"
    static let rows = [
        "#######..###..#...##..#######",
        "#.....#.##.###.....##.#.....#",
        "#.###.#..###...#...#..#.###.#",
        "#.###.#..#..##..#.#...#.###.#",
        "#.###.#.##.#.#..#.###.#.###.#",
        "#.....#..##...####.##.#.....#",
        "#######.#.#.#.#.#.#.#.#######",
        ".........###...#.####........",
        "#.#.#.#..##.....##..#...#..#.",
        "##.#.#.##..###.####.###..#..#",
        "#...#.#.##.#..###.#.#.###.###",
        "#........#.#.##.##.##...#..#.",
        ".#.#.##..###..##.#.##.#..#.##",
        "..###..###..#.##.##.###..#..#",
        "##.#.##..##..#......##.#.#.##",
        ".#..##..#####..#.#.#.##.##.#.",
        ".#######..#.....##...##..#.##",
        "...#.#.#.#.#.#.####.###..##.#",
        "#..####.##.#..###....####..##",
        ".#..##.##.##.##.#####..#.#.#.",
        "#.#####.#.....##.#.######....",
        "........#.#...##.####...#.###",
        "#######...#..#...####.#.##.##",
        "#.....#..####..#.#..#...##...",
        "#.###.#.#.##....##..#####..#.",
        "#.###.#....##..###.....##.#..",
        "#.###.#.##...####...##.###..#",
        "#.....#..#.####.#######.#..#.",
        "#######.##.....##.###.#.##.##",
    ]
}
