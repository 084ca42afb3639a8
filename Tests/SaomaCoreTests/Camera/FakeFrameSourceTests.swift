// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaCore
import Synchronization
import Testing

/// Collects events from a frame source's thread.
final class EventLog: Sendable {
    let events = Mutex<[FrameSourceEvent]>([])
    func append(_ event: FrameSourceEvent) { events.withLock { $0.append(event) } }
    var frames: [VideoFrame] {
        events.withLock { $0.compactMap { if case .frame(let f) = $0 { return f } else { return nil } } }
    }
    var problems: [CameraProblem] {
        events.withLock { $0.compactMap { if case .problem(let p) = $0 { return p } else { return nil } } }
    }
}

@Suite struct FakeFrameSourceTests {
    @Test func manualModeAnnouncesThenDeliversPushedFrames() {
        let source = FakeFrameSource()
        let log = EventLog()
        source.start(handler: log.append)
        source.push(LumaImage(width: 4, height: 2, fill: 9))
        source.push(LumaImage(width: 4, height: 2, fill: 200))
        source.stop()
        source.push(LumaImage(width: 4, height: 2, fill: 1))
        let events = log.events.withLock { $0 }
        guard case .opening(let device) = events.first else {
            Issue.record("first event is not .opening")
            return
        }
        #expect(device == source.device)
        let frames = log.frames
        #expect(frames.map(\.sequence) == [0, 1])
        #expect(frames.map { $0.luma.pixels.first } == [9, 200])
        #expect(frames.first?.rgb?.count == 4 * 2 * 3)
        #expect(source.startCount == 1 && source.stopCount == 1 && !source.isRunning)
    }

    @Test(arguments: [CameraProblem.busy(device: "/dev/video0"), .permissionDenied(device: "/dev/video0"), .noCamera])
    func scriptedProblemIsReportedInsteadOfStreaming(problem: CameraProblem) {
        let source = FakeFrameSource(problem: problem)
        let log = EventLog()
        source.start(handler: log.append)
        source.stop()
        #expect(log.problems == [problem])
        #expect(log.frames.isEmpty)
    }

    @Test func pacedModeLoopsFramesOnItsOwnThreadUntilStopped() {
        let source = FakeFrameSource(
            frames: [LumaImage(width: 2, height: 2, fill: 1), LumaImage(width: 2, height: 2, fill: 2)], framesPerSecond: 200)
        let log = EventLog()
        source.start(handler: log.append)
        let deadline = ContinuousClock.now + .seconds(10)
        while log.frames.count < 4 && ContinuousClock.now < deadline {}
        source.stop()
        let after = log.frames.count
        #expect(log.frames.prefix(4).map { $0.luma.pixels[0] } == [1, 2, 1, 2])
        #expect(log.frames.count == after)
    }

    @Test func lowLightBoostIsRecorded() {
        let source = FakeFrameSource()
        source.setLowLightBoost(true)
        #expect(source.lowLightBoost)
        source.setLowLightBoost(false)
        #expect(!source.lowLightBoost)
    }
}

@Suite struct FrameMailboxTests {
    @Test func newestValueWinsAndOnlyTheFirstPutAsksForAWakeUp() {
        let mailbox = FrameMailbox<Int>()
        #expect(mailbox.put(1))
        #expect(!mailbox.put(2))
        #expect(!mailbox.put(3))
        #expect(mailbox.take() == 3)
        #expect(mailbox.take() == nil)
        #expect(mailbox.put(4))
    }
}
