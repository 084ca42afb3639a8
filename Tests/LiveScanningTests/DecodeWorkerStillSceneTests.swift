// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import QREncoding
import SaomaCore
import SaomaTestSupport
import Synchronization
import Testing

@testable import LiveScanning

/// A 640×480 frame of grey 128 with a QR code for `text` in the middle, `moduleSize` pixels per
/// module, dark and light modules `contrast` grey levels apart, blurred by a Gaussian of `sigma`
/// pixels (none at 0): grey levels before the sensor's noise.
private func levels(_ text: String, moduleSize: Int, contrast: Double, sigma: Double = 0) throws -> [Double] {
    let matrix = try QREncoder.encode(.text(text), level: .medium)
    let side = (matrix.size + 8) * moduleSize
    var level = [Double](repeating: 128, count: 640 * 480)
    let (x0, y0) = (320 - side / 2, 240 - side / 2)
    for y in 0..<side {
        for x in 0..<side {
            let (mx, my) = (x / moduleSize - 4, y / moduleSize - 4)
            let dark = mx >= 0 && my >= 0 && mx < matrix.size && my < matrix.size && matrix.isDark(x: mx, y: my)
            level[(y0 + y) * 640 + x0 + x] = 128 + (dark ? -contrast / 2 : contrast / 2)
        }
    }
    guard sigma > 0 else { return level }
    let reach = Int((3 * sigma).rounded(.up))
    let kernel = (-reach...reach).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
    let total = kernel.reduce(0, +)
    for horizontal in [true, false] {
        let source = level
        for y in reach..<(480 - reach) {
            for x in reach..<(640 - reach) {
                var sum = 0.0
                for (k, weight) in kernel.enumerated() {
                    let d = k - reach
                    sum += weight * source[horizontal ? y * 640 + x + d : (y + d) * 640 + x]
                }
                level[y * 640 + x] = sum / total
            }
        }
    }
    return level
}

/// `level` with Gaussian sensor noise of standard deviation `noise` (new for each `seed`).
private func frame(_ level: [Double], noise: Double, seed: UInt64) -> LumaImage {
    var random = SeededRandom(state: seed &+ 1)
    var image = LumaImage(width: 640, height: 480, fill: 0)
    for i in level.indices { image.pixels[i] = UInt8(max(0, min(255, (level[i] + noise * random.gaussian()).rounded()))) }
    return image
}

/// What a worker reported: codes read and hints, in order.
private final class Reports: Sendable {
    let texts = Mutex<[String]>([])
    let hints = Mutex<[LiveHint?]>([])
}

/// A worker over the whole 640×480 frame for QR codes, no refresh looks (whatever the load),
/// averaging still frames or not.
private func worker(averaging: Bool, refresh: Double = 1000, reports: Reports) -> (DecodeWorker, (LumaImage, Int) throws -> Void) {
    var scheduling = LiveDecodeScheduler.Settings.standard
    scheduling.refreshInterval = refresh
    let worker = DecodeWorker(
        makeDecoder: makeLiveDecoder, scheduling: scheduling, averaging: averaging,
        onHint: { hint in reports.hints.withLock { $0.append(hint) } },
        onDetection: { detection in reports.texts.withLock { $0 += detection.symbols.compactMap(\.text) } })
    let submit = { (luma: LumaImage, sequence: Int) throws in
        WholeFrameLook.submit(luma, sequence: sequence, to: worker)
        try Patience.wait("frame \(sequence) taken") { worker.framesHandled == sequence + 1 }
    }
    return (worker, submit)
}

/// The decode worker on a still scene: frames averaged where a code-like region stays unread,
/// and the hint for a blurred code.
@Suite("Live decode worker on a still scene", .serialized)
struct DecodeWorkerStillSceneTests {
    /// A faint code in a dim light's sensor noise: contrast 32, noise 8, 3 px per module.
    static let faint = Result { try levels("https://example.org/faint", moduleSize: 3, contrast: 32) }
    static func faint(seed: Int) throws -> LumaImage { frame(try faint.get(), noise: 8, seed: UInt64(seed)) }
    /// A sharp code in a webcam's usual noise.
    static func sharp(seed: Int) throws -> LumaImage {
        frame(try levels("https://example.org/sharp", moduleSize: 4, contrast: 200), noise: 4, seed: UInt64(seed))
    }

    @Test("a faint code no single frame reads is read from the mean of still frames, and not without averaging")
    func averagingReadsFaintCode() throws {
        for averaging in [false, true] {
            let reports = Reports()
            let (worker, submit) = worker(averaging: averaging, reports: reports)
            defer { worker.stop() }
            for sequence in 0..<12 { try submit(try Self.faint(seed: sequence), sequence) }
            let texts = reports.texts.withLock { $0 }
            if averaging {
                #expect(texts.contains("https://example.org/faint"), "not read from the mean")
                #expect(worker.lastLook?.reason == .averaged)
            } else {
                #expect(texts.isEmpty, "a single frame read it: the scene does not test averaging")
            }
        }
    }

    @Test("a code entering a still scene ends the average: the new scene is looked at as it comes")
    func changeResetsTheAverage() throws {
        let reports = Reports()
        let (worker, submit) = worker(averaging: true, reports: reports)
        defer { worker.stop() }
        for sequence in 0..<2 { try submit(try Self.faint(seed: sequence), sequence) }
        // Sent until read, as a camera would: a frame passed over (the balance spent) is not
        // looked at, so the one read is still a change from the faint scene.
        let sharp = try Self.sharp(seed: 9)
        var sequence = 2
        try Patience.wait("the new scene read") {
            try submit(sharp, sequence)
            sequence += 1
            return reports.texts.withLock { $0 }.contains("https://example.org/sharp")
        }
        #expect(worker.lastLook?.reason == .changed)
    }

    @Test("a blurred code kept in view: the hint says to move it further away; read sharp, the hint goes")
    func blurredCodeHint() throws {
        let reports = Reports()
        // Looks at a still scene come with the refresh, as in the app.
        let (worker, submit) = worker(averaging: true, refresh: 0.2, reports: reports)
        defer { worker.stop() }
        // Held close: 8 px per module, three quarters of a module of blur, more than any reader reads.
        let blurred = try levels("https://example.org/blurred", moduleSize: 8, contrast: 210, sigma: 6)
        var sequence = 0
        try Patience.wait("the hint") {
            try submit(frame(blurred, noise: 4, seed: UInt64(sequence)), sequence)
            sequence += 1
            return reports.hints.withLock { $0.last } == .some(.moveFurther)
        }
        #expect(reports.texts.withLock { $0 }.isEmpty)
        let hints = reports.hints.withLock { $0 }
        #expect(!hints.contains(.some(.moveCloser)), "\(hints)")
        // Frames keep coming, as from a camera: the scheduler may pass over one (its budget spent
        // on the blurred looks), never over all of them.
        let sharp = try Self.sharp(seed: 99)
        try Patience.wait("the code read") {
            try submit(sharp, sequence)
            sequence += 1
            return reports.texts.withLock { $0 }.contains("https://example.org/sharp")
        }
        #expect(reports.hints.withLock { $0.last } == .some(nil))
    }
}
