// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaCore
import Testing

@Suite struct LensControlPolicyTests {
    static let autofocus = CameraControlState(kind: .focusAuto, minimum: 0, maximum: 1, step: 1, defaultValue: 1, value: 0)
    static let focus = CameraControlState(kind: .focusAbsolute, minimum: 0, maximum: 250, step: 5, defaultValue: 0, value: 30)
    static let zoom = CameraControlState(kind: .zoomAbsolute, minimum: 100, maximum: 500, step: 1, defaultValue: 100, value: 100)
    static let scanFrame = PixelRect(x: 60, y: 80, width: 1160, height: 560)
    /// A small region in the middle of a 1280×720 frame, and a large one.
    static let small = PixelRect(x: 600, y: 330, width: 80, height: 60)
    static let large = PixelRect(x: 300, y: 200, width: 500, height: 300)
    static let offCentre = PixelRect(x: 80, y: 100, width: 80, height: 60)

    enum Seen {
        case region(PixelRect)
        case read, nothing
    }

    /// Feeds `looks` (time, what the look saw) to a policy over `controls`; the values it set, in order.
    static func run(_ controls: [CameraControlState], _ looks: [(Double, Seen)]) -> [(Double, [CameraControlKind: Int])] {
        var policy = LensControlPolicy(controls: controls)
        var changes: [(Double, [CameraControlKind: Int])] = []
        let start = policy.start()
        if !start.isEmpty { changes.append((0, start)) }
        for (time, seen) in looks {
            var region: PixelRect?
            var read = false
            switch seen {
            case .region(let r): region = r
            case .read: read = true
            case .nothing: break
            }
            let targets = policy.observe(
                .init(time: time, unreadRegion: region, scanFrame: scanFrame, frameWidth: 1280, frameHeight: 720, read: read))
            if !targets.isEmpty { changes.append((time, targets)) }
        }
        return changes
    }

    /// Looks every `step` seconds from `from` to `to` seeing `seen`.
    static func looks(_ seen: Seen, from: Double, to: Double, step: Double = 0.5) -> [(Double, Seen)] {
        stride(from: from, through: to, by: step).map { ($0, seen) }
    }

    @Test func autofocusIsTurnedOnAndNeverSwept() {
        let changes = Self.run([Self.autofocus, Self.focus], Self.looks(.region(Self.large), from: 0, to: 20))
        #expect(changes.count == 1)
        #expect(changes.first?.1 == [.focusAuto: 1])
        var on = Self.autofocus
        on.value = 1
        #expect(Self.run([on, Self.focus], Self.looks(.region(Self.large), from: 0, to: 20)).isEmpty)
    }

    @Test func absoluteFocusIsSweptOnceThenRestored() {
        let changes = Self.run([Self.focus], Self.looks(.region(Self.large), from: 0, to: 30))
        let positions = changes.compactMap { $0.1[.focusAbsolute] }
        // Five positions from the near end, then back to where it was; nothing more for this region.
        #expect(positions == [250, 185, 125, 60, 0, 30])
        #expect(changes.first.map { $0.0 >= LensControlPolicy.sweepDelay } == true)
        let times = changes.map(\.0)
        for (a, b) in zip(times, times.dropFirst()) { #expect(b - a >= LensControlPolicy.dwell) }
    }

    @Test func aReadKeepsTheFocusAndTheRegionLeavingRestoresIt() {
        let looks =
            Self.looks(.region(Self.large), from: 0, to: 3) + [(3.5, .read), (4, .read)]
            + Self.looks(.nothing, from: 4.5, to: 8)
        let changes = Self.run([Self.focus], looks)
        let positions = changes.compactMap { $0.1[.focusAbsolute] }
        // The sweep had moved once or twice before the read; after the region left, focus 30 again.
        #expect(positions.first == 250)
        #expect(positions.last == 30)
        let restore = changes.last { $0.1[.focusAbsolute] == 30 }
        #expect(restore.map { $0.0 >= 4 + LensControlPolicy.leaveDelay } == true)
    }

    @Test func zoomGoesInOnASmallCentredRegionAndBackAfterARead() {
        let looks = Self.looks(.region(Self.small), from: 0, to: 2) + [(2.5, .read)]
        let changes = Self.run([Self.zoom], looks)
        #expect(changes.map(\.1) == [[.zoomAbsolute: 200], [.zoomAbsolute: 100]])
        #expect(changes.first.map { $0.0 >= LensControlPolicy.zoomDelay } == true)
    }

    @Test func zoomTimesOutAndIsNotRepeatedForTheSameRegion() {
        let changes = Self.run([Self.zoom], Self.looks(.region(Self.small), from: 0, to: 20))
        #expect(changes.map(\.1) == [[.zoomAbsolute: 200], [.zoomAbsolute: 100]])
        let (zoomedAt, restoredAt) = (changes[0].0, changes[1].0)
        #expect(restoredAt - zoomedAt >= LensControlPolicy.zoomTimeout)
    }

    @Test func zoomComesBackWhenTheRegionLeaves() {
        let looks = Self.looks(.region(Self.small), from: 0, to: 2) + Self.looks(.nothing, from: 2.5, to: 6)
        let changes = Self.run([Self.zoom], looks)
        #expect(changes.map(\.1) == [[.zoomAbsolute: 200], [.zoomAbsolute: 100]])
    }

    @Test(arguments: [large, offCentre])
    func noZoomForLargeOrOffCentreRegions(region: PixelRect) {
        #expect(Self.run([Self.zoom], Self.looks(.region(region), from: 0, to: 10)).isEmpty)
    }

    @Test func briefGapsDoNotCountAsTheRegionLeaving() {
        // A look without the region now and then (a noisy frame) does not restore the zoom.
        var looks = Self.looks(.region(Self.small), from: 0, to: 2)
        looks.append((2.5, .nothing))
        looks += Self.looks(.region(Self.small), from: 3, to: 3.5)
        let changes = Self.run([Self.zoom], looks)
        #expect(changes.map(\.1) == [[.zoomAbsolute: 200]])
    }

    @Test func camerasWithoutLensControlsAreLeftAlone() {
        let gain = CameraControlState(kind: .gain, minimum: 0, maximum: 255, step: 1, defaultValue: 0, value: 0)
        #expect(Self.run([gain], Self.looks(.region(Self.small), from: 0, to: 10)).isEmpty)
        // Hostile ranges: an empty range, a non-boolean autofocus.
        let stuck = CameraControlState(kind: .zoomAbsolute, minimum: 5, maximum: 5, step: 1, defaultValue: 5, value: 5)
        let odd = CameraControlState(kind: .focusAuto, minimum: 0, maximum: 3, step: 1, defaultValue: 0, value: 0)
        #expect(Self.run([stuck, odd], Self.looks(.region(Self.small), from: 0, to: 10)).isEmpty)
        #expect(LensControlPolicy(controls: [odd]).hasAutofocus == false)
    }

    @Test func nonFiniteTimesChangeNothing() {
        var policy = LensControlPolicy(controls: [Self.zoom, Self.focus])
        let observation = LensControlPolicy.Observation(
            time: .nan, unreadRegion: Self.small, scanFrame: Self.scanFrame, frameWidth: 1280, frameHeight: 720, read: false)
        #expect(policy.observe(observation).isEmpty)
    }
}
