// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaCore
import Testing

@Suite("Screenshot portal outcome")
struct ScreenshotOutcomeTests {
    /// (URI the portal returned, expected local path; nil = refused).
    static let uris: [(String, String?)] = [
        ("file:///home/ann/Pictures/Screenshot.png", "/home/ann/Pictures/Screenshot.png"),
        ("file:///tmp/a%20b.png", "/tmp/a b.png"),
        ("FILE:///tmp/x.png", "/tmp/x.png"),
        ("file://localhost/tmp/x.png", "/tmp/x.png"),
        ("file:///tmp/%E6%89%AB%E7%A0%81.png", "/tmp/扫码.png"),
        ("file:///tmp/x.png?query#fragment", "/tmp/x.png"),
        ("file://evil.example/tmp/x.png", nil),
        ("https://example.org/x.png", nil),
        ("file:", nil),
        ("file://", nil),
        ("file://tmp", nil),
        ("file:///tmp/%00.png", nil),
        ("file:///tmp/%zz.png", nil),
        ("file:///tmp/%4", nil),
        ("file:///tmp/%ff.png", nil),
        ("", nil),
    ]

    @Test("only a file URI naming an absolute, UTF-8 local path is taken", arguments: uris)
    func localPath(uri: String, expected: String?) {
        #expect(ScreenshotOutcome.localPath(fromFileURI: uri) == expected)
        if let expected {
            #expect(ScreenshotOutcome.fromURI(uri) == .taken(path: expected))
        } else if case .taken = ScreenshotOutcome.fromURI(uri) {
            Issue.record("\(uri) was taken")
        }
    }

    /// (cancelled, D-Bus error name, expected outcome).
    static let errors: [(Bool, String?, ScreenshotOutcome)] = [
        (true, nil, .cancelled),
        (false, "org.freedesktop.DBus.Error.ServiceUnknown", .unavailable),
        (false, "org.freedesktop.DBus.Error.UnknownMethod", .unavailable),
        (false, "org.freedesktop.DBus.Error.NameHasNoOwner", .unavailable),
        (false, "org.freedesktop.portal.Error.NotAllowed", .failed(reason: "refused")),
        (false, nil, .failed(reason: "refused")),
    ]

    @Test("a failed request is a cancel, a missing portal, or a failure with its reason", arguments: errors)
    func classify(cancelled: Bool, remote: String?, expected: ScreenshotOutcome) {
        #expect(ScreenshotOutcome.classify(isCancellation: cancelled, remoteErrorName: remote, message: "refused") == expected)
    }
}
