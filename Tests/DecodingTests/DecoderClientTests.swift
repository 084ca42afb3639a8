// SPDX-License-Identifier: GPL-3.0-or-later
import Decoding
import Foundation
import Glibc
import PixbufIO
import QREncoding
import SaomaCore
import SaomaTestSupport
import StillImageReading
import Testing
import ZBarDecoding

/// A QR code image saying `text` (libqrencode through the test images).
func qrImage(_ text: String, canvas: Int = 0, at: (x: Int, y: Int) = (0, 0)) -> LumaImage {
    guard let matrix = try? QREncoder.encode(.text(text), level: .medium) else { return LumaImage(width: 1, height: 1) }
    let code = matrix.lumaImage(moduleSize: 4, quietZone: 4)
    guard canvas > 0 else { return code }
    return code.pasted(onto: LumaImage(width: canvas, height: canvas, fill: 255), x: at.x, y: at.y)
}

/// A picture tiled with QR finder patterns (seven modules, a light one around) of `module` pixels
/// per module: zxing-cpp 1.4's QR detector tries every three of the thousands of finders together
/// and runs for minutes (no other engine reads a code in it).
func finderTiles(width: Int, height: Int, module: Int) -> LumaImage {
    var pixels = [UInt8](repeating: 255, count: width * height)
    for y in 0..<height {
        for x in 0..<width {
            let (u, v) = ((x / module) % 9, (y / module) % 9)
            let ring = max(abs(u - 4), abs(v - 4))
            if ring == 3 || ring <= 1 { pixels[y * width + x] = 0 }
        }
    }
    return LumaImage(width: width, height: height, pixels: pixels) ?? LumaImage(width: width, height: height)
}

/// The payload that makes the test build's decoder process abort.
let abortingPayload = "SAOMA-TEST-ABORT"
/// The payload that makes it try to shrink the shared memory, then abort.
let shrinkingPayload = "SAOMA-TEST-SHRINK"

@Suite("Decoder process client", .serialized)
struct DecoderClientTests {
    init() throws {
        try BuiltProducts.require(BuiltProducts.decoder)
        try BuiltProducts.require(BuiltProducts.abortingDecoder)
        setenv("SAOMA_TEST_ABORTING_PAYLOAD", abortingPayload, 1)
        setenv("SAOMA_TEST_SHRINKING_PAYLOAD", shrinkingPayload, 1)
    }

    @Test("reads through the decoder process, one process for many images, corners in the whole image")
    func reads() throws {
        let client = DecoderClient(executable: BuiltProducts.decoder.path)
        let image = qrImage("through the process", canvas: 400, at: (150, 100))
        for _ in 0..<3 {
            let outcome = client.read(image, options: DecodeOptions(regionOfInterest: PixelRect(x: 100, y: 50, width: 300, height: 300)))
            #expect(outcome.failure == nil && outcome.readCompleted)
            #expect(outcome.symbols.map(\.text) == ["through the process"])
            let box = Rect(bounding: try #require(outcome.symbols.first).corners)
            #expect(box.minX >= 150 && box.minY >= 100 && box.maxX <= 400 && box.maxY <= 400)
        }
        #expect(client.processesStarted == 1)
        #expect(client.processCPUSeconds > 0)
    }

    @Test("a still image the process died on is read again without the engine that was running")
    func stillImageCrash() throws {
        let client = DecoderClient(executable: BuiltProducts.abortingDecoder.path)
        let outcome = client.read(qrImage(abortingPayload), options: DecodeOptions())
        #expect(outcome.failure == .stopped(engine: "test-abort"))
        #expect(outcome.readCompleted)
        #expect(outcome.symbols.map(\.text) == [abortingPayload])
        // The process started for the second read serves the next image, with every engine again.
        let next = client.read(qrImage("after the crash"), options: DecodeOptions())
        #expect(next.failure == nil && next.symbols.map(\.text) == ["after the crash"])
        #expect(client.processesStarted == 2)
    }

    @Test("a decoder process cannot shrink the shared memory under Saoma's mapping (it would fault Saoma with SIGBUS)")
    func sharedMemoryCannotShrink() throws {
        let client = DecoderClient(executable: BuiltProducts.abortingDecoder.path)
        // The process tries ftruncate(0), then aborts; Saoma then reads the header to name the engine.
        let outcome = client.read(qrImage(shrinkingPayload), options: DecodeOptions())
        #expect(outcome.failure == .stopped(engine: "test-abort"))
        #expect(outcome.symbols.map(\.text) == [shrinkingPayload])
        let next = client.read(qrImage("after the shrink", canvas: 600, at: (300, 300)), options: DecodeOptions())
        #expect(next.failure == nil && next.symbols.map(\.text) == ["after the shrink"])
    }

    @Test("an engine that runs away on a still image is ended within its stage's CPU time; the image is read without it")
    func runawayEngine() throws {
        let client = DecoderClient(executable: BuiltProducts.decoder.path)
        let outcome = client.read(finderTiles(width: 2000, height: 1500, module: 4), options: DecodeOptions())
        #expect(outcome.failure == .tookTooLong(engine: "zxing-cpp"))
        // The second read, without zxing-cpp, went through (nothing in the picture is a code).
        #expect(outcome.readCompleted && outcome.symbols.isEmpty)
        // The next image gets every engine again.
        let next = client.read(qrImage("after the runaway"), options: DecodeOptions())
        #expect(next.failure == nil && next.symbols.map(\.text) == ["after the runaway"])
        #expect(client.processesStarted == 2)
    }

    @Test("a photo an engine runs away on costs that engine's time once, not once per look at it")
    func runawayEngineOncePerPhoto() throws {
        let reader = StillImageReader(client: DecoderClient(executable: BuiltProducts.decoder.path))
        // Big enough to be read reduced first, then again at full resolution (nothing read reduced).
        let photo = LoadedImage(luma: finderTiles(width: 4000, height: 3000, module: 8), display: nil, orientation: .up)
        let outcome = try reader.read(photo, options: DecodeOptions()) { () throws(ImageLoadError) in photo }
        #expect(outcome.failure == .tookTooLong(engine: "zxing-cpp"))
        #expect(outcome.readCompleted && outcome.symbols.isEmpty)
        // One process ended by the runaway on the reduced look; the full-resolution look ran without zxing-cpp.
        #expect(reader.client.processesStarted == 2)
    }

    @Test("a live frame the process died on costs that frame; the engine sits out the next ones")
    func liveCrash() throws {
        let client = DecoderClient(executable: BuiltProducts.abortingDecoder.path)
        let fast = DecodeOptions(effort: .fast)
        let crashed = client.read(qrImage(abortingPayload), options: fast)
        #expect(crashed.failure == .stopped(engine: "test-abort") && crashed.symbols.isEmpty && !crashed.readCompleted)
        #expect(client.lastFailure == .stopped(engine: "test-abort"))
        // The same scene again: read without the engine that crashed, no new crash.
        let again = client.read(qrImage(abortingPayload), options: fast)
        #expect(again.failure == nil && again.symbols.map(\.text) == [abortingPayload])
        #expect(client.processesStarted == 2)
    }

    @Test("without a decoder process, the engines safe in this process still read (and the failure says why)")
    func unavailable() throws {
        let client = DecoderClient(executable: "/nonexistent/saoma-decoder")
        let outcome = client.read(qrImage("in process"), options: DecodeOptions())
        #expect(outcome.symbols.map(\.text) == ["in process"])
        guard case .unavailable(let reason) = outcome.failure else {
            Issue.record("expected .unavailable, got \(String(describing: outcome.failure))")
            return
        }
        #expect(reason.contains("/nonexistent/saoma-decoder"))
    }

    @Test("a decoder process started by a thread that has ended goes on serving the client")
    func outlivesTheStartingThread() throws {
        // Photos are read on dispatch queues, whose threads end when idle: the process must be
        // bound to Saoma's process, not to the thread that happened to start it.
        let client = DecoderClient(executable: BuiltProducts.decoder.path)
        let job = ThreadJob(client)
        var thread = pthread_t()
        let started = pthread_create(
            &thread, nil,
            { raw in
                guard let raw else { return nil }
                let job = Unmanaged<ThreadJob>.fromOpaque(raw).takeRetainedValue()
                job.first = job.client.read(qrImage("on a thread"), options: DecodeOptions())
                return nil
            }, Unmanaged.passRetained(job).toOpaque())
        try #require(started == 0)
        pthread_join(thread, nil)
        #expect(job.first?.symbols.map(\.text) == ["on a thread"])
        for text in ["after the thread ended", "and again"] {
            let outcome = client.read(qrImage(text), options: DecodeOptions())
            #expect(outcome.failure == nil, "\(String(describing: outcome.failure))")
            #expect(outcome.symbols.map(\.text) == [text])
        }
        #expect(client.processesStarted == 1)
    }

    /// A read handed to a thread of its own.
    final class ThreadJob: @unchecked Sendable {
        let client: DecoderClient
        var first: DecodeOutcome?
        init(_ client: DecoderClient) { self.client = client }
    }

    @Test("the decoder process ends with its client")
    func endsWithClient() throws {
        var client: DecoderClient? = DecoderClient(executable: BuiltProducts.decoder.path)
        _ = client?.read(qrImage("x"), options: DecodeOptions())
        let children = try childPIDs()
        #expect(children.count >= 1)
        client = nil
        let gone = poll(every: 0.01) { Set(children).isDisjoint(with: (try? childPIDs()) ?? []) ? true : nil }
        #expect(gone == true)
    }

    @Test("the decoder process maps the engines' libraries and no toolkit")
    func mapsNoToolkit() throws {
        // Each start of the process pays for every library it links: GTK and its ~60 dependencies
        // cost more to link than a photo costs to read, and nothing in the process draws.
        let client = DecoderClient(executable: BuiltProducts.decoder.path)
        #expect(client.read(qrImage("mapped"), options: DecodeOptions()).symbols.map(\.text) == ["mapped"])
        let names = try childPIDs().filter { pid in
            (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?.hasPrefix("saoma-decoder") == true
        }.flatMap { pid in
            // Read to the end: procfs files say they are empty, and a sized read stops at a page.
            let maps = FileHandle(forReadingAtPath: "/proc/\(pid)/maps")?.readDataToEndOfFile() ?? Data()
            return String(decoding: maps, as: UTF8.self).split(separator: "\n").compactMap { line in
                line.split(separator: "/").last.map(String.init)
            }
        }
        #expect(names.contains { $0.hasPrefix("libzbar.so") }, "the maps were read")
        for toolkit in ["libgtk-4.so", "libadwaita-1.so", "libgdk_pixbuf-2.0.so", "libcairo.so", "libpango-1.0.so"] {
            #expect(!names.contains { $0.hasPrefix(toolkit) }, "\(toolkit) is mapped")
        }
    }

    /// This process's live children (from /proc).
    func childPIDs() throws -> [Int32] {
        let me = getpid()
        return try FileManager.default.contentsOfDirectory(atPath: "/proc").compactMap(Int32.init).filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 2 && fields[0] != "Z" && Int32(fields[1]) == me
        }
    }
}
