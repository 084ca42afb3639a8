// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCore

/// One camera frame offered to the scheduler, and what the decode thread would do with it.
private struct Frame: Sendable, CustomStringConvertible {
    /// Seconds on the monotonic clock.
    var time: Double
    /// Share of blocks changed since the frame last looked at.
    var change = 0.0
    /// Code-like regions the cheap pass leaves unread.
    var regions = 0
    /// Codes the look reads (texts of QR codes).
    var found: [String] = []
    /// Whether the decoder went through.
    var completed = true
    /// CPU seconds the cheap pass and each costly pass cost.
    var cost = 0.01
    /// The costly pass that fails (the decoder process stops in it), if any.
    var failingPass: Int?

    var description: String { "t=\(time) change=\(change) regions=\(regions) found=\(found)" }
}

/// What the scheduler made of a frame: why it was looked at (`nil`: skipped) and which costly
/// passes ran.
private struct Outcome: Equatable, CustomStringConvertible {
    var reason: LiveDecodeScheduler.Reason?
    var passes: [Int] = []

    static let skipped = Outcome(reason: nil)
    static func look(_ reason: LiveDecodeScheduler.Reason, _ passes: [Int] = []) -> Outcome { Outcome(reason: reason, passes: passes) }

    var description: String { reason.map { "\($0.rawValue) \(passes)" } ?? "skipped" }
}

private func code(_ text: String) -> Symbol {
    Symbol(
        format: .qrCode, bytes: Array(text.utf8), text: text,
        corners: [Point(x: 0, y: 0), Point(x: 0, y: 10), Point(x: 10, y: 10), Point(x: 10, y: 0)])
}

/// Runs `frames` through a scheduler of two costly passes the way the decode thread does.
private func run(_ frames: [Frame], settings: LiveDecodeScheduler.Settings = .standard) -> [Outcome] {
    var scheduler = LiveDecodeScheduler(costlyPasses: 2, settings: settings)
    return frames.map { frame in
        guard let reason = scheduler.look(at: frame.time, change: frame.change) else { return .skipped }
        scheduler.spend(frame.cost, at: frame.time)
        var passes: [Int] = []
        if frame.completed {
            while let index = scheduler.nextPass(regions: frame.regions) {
                passes.append(index)
                scheduler.passRan(index, completed: index != frame.failingPass)
                scheduler.spend(frame.cost, at: frame.time)
            }
        }
        scheduler.finished(at: frame.time, regions: frame.regions, found: frame.found.map(code), completed: frame.completed)
        return .look(reason, passes)
    }
}

@Suite("Live decode scheduler")
struct LiveDecodeSchedulerTests {
    /// Thirty frames a second from `start` for `seconds`, unchanged.
    private static func still(from start: Double, seconds: Double) -> [Frame] {
        (0..<Int(seconds * 30)).map { Frame(time: start + Double($0) / 30) }
    }

    @Test("an unchanged scene is looked at once, then once per refresh interval")
    func unchangedScene() {
        let frames = Self.still(from: 0, seconds: 3.5)
        let outcomes = run(frames)
        let looks = zip(frames, outcomes).filter { $0.1 != .skipped }
        #expect(looks.map(\.0.time) == [0, 1, 2, 3])
        #expect(looks.map(\.1) == [.look(.changed), .look(.refresh), .look(.refresh), .look(.refresh)])
    }

    @Test(
        "a changed scene is looked at at once; a change below the threshold (sensor noise) is not",
        arguments: [
            ([Frame(time: 0), Frame(time: 0.1, change: 0.2)], [Outcome.look(.changed), .look(.changed)]),
            ([Frame(time: 0), Frame(time: 0.1, change: 0.004)], [.look(.changed), .skipped]),
            ([Frame(time: 0), Frame(time: 0.1, change: 0.005)], [.look(.changed), .look(.changed)]),
            ([Frame(time: 0), Frame(time: 0.1), Frame(time: 0.2, change: 1)], [.look(.changed), .skipped, .look(.changed)]),
        ])
    fileprivate func changes(frames: [Frame], expected: [Outcome]) {
        #expect(run(frames) == expected)
    }

    @Test(
        "costly passes run once per scene and only where code-like regions were left unread",
        arguments: [
            // No region: no costly pass, and the scene is settled.
            ([Frame(time: 0), Frame(time: 0.1)], [Outcome.look(.changed), .skipped]),
            // Regions: both passes at once, then the scene is settled.
            ([Frame(time: 0, regions: 2), Frame(time: 0.1, regions: 2)], [.look(.changed, [0, 1]), .skipped]),
            // A new scene owes them again; a refresh too.
            (
                [Frame(time: 0, regions: 1), Frame(time: 0.5, change: 0.3, regions: 1), Frame(time: 1.6, regions: 1)],
                [.look(.changed, [0, 1]), .look(.changed, [0, 1]), .look(.refresh, [0, 1])]
            ),
        ])
    fileprivate func costlyPasses(frames: [Frame], expected: [Outcome]) {
        #expect(run(frames) == expected)
    }

    @Test(
        "codes read keep the scene open until two looks agree on them (confirmation, codes coming and going)",
        arguments: [
            (
                [Frame(time: 0, found: ["a"]), Frame(time: 0.033, found: ["a"]), Frame(time: 0.067, found: ["a"])],
                [Outcome.look(.changed), .look(.unsettled), .skipped]
            ),
            (
                [
                    Frame(time: 0, found: ["a"]), Frame(time: 0.033, found: ["a", "b"]), Frame(time: 0.067, found: ["a", "b"]),
                    Frame(time: 0.1),
                ],
                [.look(.changed), .look(.unsettled), .look(.unsettled), .skipped]
            ),
            (
                // Read by a costly pass: the second look runs it again.
                [Frame(time: 0, regions: 1, found: ["a"]), Frame(time: 0.033, regions: 1, found: ["a"]), Frame(time: 0.067, regions: 1)],
                [.look(.changed, [0, 1]), .look(.unsettled, [0, 1]), .skipped]
            ),
        ])
    fileprivate func codesRead(frames: [Frame], expected: [Outcome]) {
        #expect(run(frames) == expected)
    }

    @Test("a look the decoder failed on is repeated on the next frame; a failed costly pass stays owed")
    func failures() {
        let outcomes = run([
            Frame(time: 0, completed: false), Frame(time: 0.033), Frame(time: 0.067),
            Frame(time: 1.2, change: 1, regions: 1, failingPass: 1), Frame(time: 1.233, regions: 1), Frame(time: 1.267, regions: 1),
        ])
        #expect(outcomes == [.look(.changed), .look(.changed), .skipped, .look(.changed, [0, 1]), .look(.owed, [1]), .skipped])
    }

    @Test("over budget, frames are skipped until the debt is paid, and owed passes run on a later frame")
    func budget() {
        // 0.1 CPU s per second, 0.1 at once: a 0.08 s cheap pass leaves room for one costly pass
        // (debt allowed), then the frames wait for the balance.
        let settings = LiveDecodeScheduler.Settings(changeThreshold: 0.005, refreshInterval: 1, cpuPerSecond: 0.1, burst: 0.1)
        let frames = [0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 2.9].map { Frame(time: $0, change: 1, regions: 1, cost: 0.08) }
        let outcomes = run(frames, settings: settings)
        // t=0: 0.1 → 0.02 → -0.06 after pass 0; pass 1 owed. t=0.5: -0.01, skipped. t=1: 0.04:
        // a new scene (both owed), cheap pass → -0.04, none run. t=1.5: 0.01 → -0.07. t=2: -0.02,
        // skipped. t=2.5: 0.03 → -0.05. t=2.9: -0.01, skipped.
        #expect(outcomes == [.look(.changed, [0]), .skipped, .look(.changed), .look(.changed), .skipped, .look(.changed), .skipped])
    }

    @Test("owed passes run as soon as the balance allows, even when nothing changed")
    func owedPasses() {
        let settings = LiveDecodeScheduler.Settings(changeThreshold: 0.005, refreshInterval: 10, cpuPerSecond: 0.1, burst: 0.1)
        let frames = [
            Frame(time: 0, regions: 1, cost: 0.12), Frame(time: 1, regions: 1, cost: 0.01), Frame(time: 3, regions: 1, cost: 0.01),
        ]
        // t=0: 0.1 → -0.02 after the cheap pass: no costly pass. t=1: 0.08 → owed: cheap 0.07,
        // pass 0 → 0.06, pass 1 → 0.05. t=3: settled, refresh far off.
        #expect(run(frames, settings: settings) == [.look(.changed), .look(.owed, [0, 1]), .skipped])
    }

    @Test("a debt is never deeper than one burst, and the balance never above one")
    func limits() {
        var scheduler = LiveDecodeScheduler(costlyPasses: 0)
        #expect(scheduler.balance == LiveDecodeScheduler.Settings.standard.burst)
        _ = scheduler.look(at: 0, change: 1)
        scheduler.spend(100, at: 0)
        #expect(scheduler.balance == -LiveDecodeScheduler.Settings.standard.burst)
        scheduler.spend(.nan, at: 0)
        scheduler.spend(-5, at: 0)
        #expect(scheduler.balance == -LiveDecodeScheduler.Settings.standard.burst)
        scheduler.finished(at: 0, regions: 0, found: [], completed: true)
        #expect(scheduler.look(at: 1000, change: 0) == .refresh)
        #expect(scheduler.balance == LiveDecodeScheduler.Settings.standard.burst)
        scheduler.finished(at: 1000, regions: 0, found: [], completed: true)
        // A clock going back changes nothing.
        #expect(scheduler.look(at: 10, change: 0) == nil)
        #expect(scheduler.look(at: .nan, change: 0) == nil)
    }
}
