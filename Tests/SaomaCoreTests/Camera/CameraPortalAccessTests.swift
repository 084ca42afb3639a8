// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaCore
import Testing

struct CameraPortalAccessTests {
    @Test(arguments: [
        // outcome, the page's problem, whether Retry asks again
        (CameraPortalOutcome.granted(descriptor: 7), CameraProblem.noCamera, false),
        (.denied, .portalDenied, true),
        (.unavailable, .portalUnavailable, true),
        (.failed(reason: "no remote"), .failed(device: "camera portal", message: "no remote"), true),
    ])
    func eachAnswerHasItsPageAndRetryRule(outcome: CameraPortalOutcome, problem: CameraProblem, retries: Bool) {
        var access = CameraPortalAccess()
        #expect(access.problemWithoutCameras == .awaitingPortal)
        access.answered(outcome)
        #expect(access.problemWithoutCameras == problem)
        let asked = access.retry()
        #expect(asked == retries)
        // Asking again (or staying granted): a second Retry meanwhile does not ask twice.
        #expect(access.problemWithoutCameras == (retries ? .awaitingPortal : problem))
        let askedTwice = access.retry()
        #expect(askedTwice == false)
    }

    @Test func aDeniedRetryThatIsGrantedListsCameras() {
        var access = CameraPortalAccess()
        access.answered(.denied)
        let asked = access.retry()
        #expect(asked)
        access.answered(.granted(descriptor: 3))
        #expect(access.phase == .granted)
        #expect(access.problemWithoutCameras == .noCamera)
    }

    @Test(arguments: [
        // chosen for denied nodes, outcome, the V4L2 problem explains instead
        (false, CameraPortalOutcome.unavailable, false),
        (true, .unavailable, true),
        (true, .denied, false),
        (true, .granted(descriptor: 5), false),
        (true, .failed(reason: "x"), false),
    ])
    func aMissingPortalOutsideASandboxLeavesTheNodesProblem(denied: Bool, outcome: CameraPortalOutcome, v4l2: Bool) {
        var access = CameraPortalAccess(chosenForDeniedNodes: denied)
        #expect(!access.explainsV4L2Problem)
        access.answered(outcome)
        #expect(access.explainsV4L2Problem == v4l2)
    }

    @Test func aLostConnectionNeedsANewRequest() {
        var access = CameraPortalAccess()
        access.connectionLost()
        #expect(access.phase == .asking, "nothing to lose before access was granted")
        access.answered(.granted(descriptor: 4))
        access.connectionLost()
        #expect(access.problemWithoutCameras == .failed(device: "camera portal", message: CameraPortalAccess.connectionLostReason))
        let asked = access.retry()
        #expect(asked)
        #expect(access.problemWithoutCameras == .awaitingPortal)
    }

    @Test(arguments: [
        ("plain", "plain"),
        ("bell\u{07}\u{1B}[2J", "bell␇␛[2J"),
        ("<b>markup</b>", "<b>markup</b>"),
    ])
    func failureReasonsAreMadeVisible(reason: String, shown: String) {
        var access = CameraPortalAccess()
        access.answered(.failed(reason: reason))
        #expect(access.problemWithoutCameras == .failed(device: CameraPortalAccess.deviceLabel, message: shown))
    }

    @Test func hugeFailureReasonsAreCut() {
        var access = CameraPortalAccess()
        access.answered(.failed(reason: String(repeating: "x", count: 1_000_000)))
        guard case .failed(_, let message) = access.problemWithoutCameras else {
            Issue.record("not a failure")
            return
        }
        #expect(message.count == CameraPortalAccess.maximumReasonLength)
        #expect(message.hasSuffix("…"))
    }

    @Test(arguments: [
        (CameraProblem?.none, CameraPortalRule.NodeAccess.opens),
        (.permissionDenied(device: "/dev/video0"), .denied),
        (.busy(device: "/dev/video0"), .other),
        (.failed(device: "/dev/video0", message: "EIO"), .other),
        (.noCamera, .other),
    ])
    func nodeProblemsBecomeNodeAccess(problem: CameraProblem?, access: CameraPortalRule.NodeAccess) {
        #expect(CameraPortalRule.NodeAccess(problem: problem) == access)
    }
}

struct ReconnectBackoffTests {
    @Test func doublesUpToTheCeilingAndStartsOverAfterASuccess() {
        var backoff = ReconnectBackoff(initial: 0.1, maximum: 1)
        let waits = (0..<6).map { _ in backoff.nextDelay() }
        #expect(waits == [0.1, 0.2, 0.4, 0.8, 1, 1])
        backoff.succeeded()
        let afterSuccess = backoff.nextDelay()
        #expect(afterSuccess == 0.1)
    }

    @Test(arguments: [(0.0, 0.0, 0.001, 0.001), (-5, 2, 0.001, 2), (3, 1, 3, 3)])
    func nonsenseBoundsAreCorrected(initial: Double, maximum: Double, first: Double, ceiling: Double) {
        var backoff = ReconnectBackoff(initial: initial, maximum: maximum)
        let delay = backoff.nextDelay()
        #expect(delay == first)
        #expect(backoff.maximum == ceiling)
    }
}

struct PipeWirePropertyTextTests {
    @Test(arguments: [
        ("Integrated Camera", "Integrated Camera"),
        ("evil\u{1B}]0;title\u{07}", "evil␛]0;title␇"),
        ("two\nlines", "two␊lines"),
        ("<span>markup</span>", "<span>markup</span>"),
        ("rtl\u{202E}gpj.exe", "rtl\u{FFFD}gpj.exe"),
    ])
    func propertiesAreMadeVisible(raw: String, kept: String) {
        #expect(PipeWireNode.propertyText(raw) == kept)
    }

    @Test func hugePropertiesAreCut() {
        let kept = PipeWireNode.propertyText(String(repeating: "摄", count: 100_000))
        #expect(kept.count == PipeWireNode.maximumPropertyLength)
    }
}

struct CameraStartRuleTests {
    static let webcam = CameraDevice(path: "/dev/video0", name: "Webcam", busInfo: "usb-0000:00:14.0-1")

    @Test(arguments: [
        // preference, V4L2 cameras present, waits for PipeWire
        (String?.none, true, false),
        ("", true, false),
        ("/dev/video0", true, false),
        ("usb-0000:00:14.0-1", true, false),
        ("/dev/video7", true, false),
        ("pipewire:libcamera_input.ipu6", true, true),
        ("pipewire:42", true, true),
        ("pipewire", true, true),
        (nil, false, true),
        ("/dev/video0", false, true),
    ])
    func waitsOnlyWhenThePreferredCameraMayBeAPipeWireOne(preference: String?, withV4L2: Bool, waits: Bool) {
        #expect(CameraStartRule.waitsForPipeWire(preference: preference, v4l2: withV4L2 ? [Self.webcam] : []) == waits)
    }
}
