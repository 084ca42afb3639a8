// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaCore
import Testing

struct CameraPortalRuleTests {
    @Test(arguments: [
        // sandboxed, forced, nodes, expected
        (false, false, [CameraPortalRule.NodeAccess](), false),
        (true, false, [], true),
        (false, true, [], true),
        (true, false, [.opens], true),
        (false, false, [.opens], false),
        (false, false, [.denied], true),
        (false, false, [.denied, .denied], true),
        (false, false, [.denied, .opens], false),
        (false, false, [.denied, .other], false),
        (false, false, [.other], false),
    ])
    func usesThePortalWhenSandboxedForcedOrEveryNodeIsDenied(
        sandboxed: Bool, forced: Bool, nodes: [CameraPortalRule.NodeAccess], expected: Bool
    ) {
        #expect(CameraPortalRule.usePortal(sandboxed: sandboxed, forced: forced, nodes: nodes) == expected)
    }

    @Test(arguments: [
        (String?.none, false), ("1", true), ("true", true), ("YES", true), ("0", false), ("", false), ("2", false),
        ("1\u{1B}[31m", false), ("1\n", false), ("\u{FF11}", false), (" yes", false), ("true\u{0301}", false),
        (String(repeating: "1", count: 100_000), false),
    ])
    func theEnvironmentVariableForcesOnlyWithAYes(value: String?, expected: Bool) {
        #expect(CameraPortalRule.isForced(value) == expected)
    }

    @Test(arguments: [
        (String?.none, CameraPortalOutcome.denied),
        ("org.freedesktop.DBus.Error.AccessDenied", .denied),
        ("org.freedesktop.DBus.Error.ServiceUnknown", .unavailable),
        ("org.freedesktop.DBus.Error.UnknownMethod", .unavailable),
        ("org.freedesktop.DBus.Error.UnknownInterface", .unavailable),
    ])
    func accessErrorsAreDenialsUnlessNoPortalAnswers(remote: String?, expected: CameraPortalOutcome) {
        #expect(CameraPortalOutcome.classify(remoteErrorName: remote) == expected)
    }
}
