// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaTestSupport
import Testing

@testable import SaomaUI

@Suite("Scanner window options")
struct ScannerLaunchOptionsTests {
    /// (arguments, expected oneshot, device, window size, files).
    static let valid: [([String], Bool, String?, [Int], [String])] = [
        ([], false, nil, [], []),
        (["--oneshot"], true, nil, [], []),
        (["--device", "/dev/video2"], false, "/dev/video2", [], []),
        (["--device=/dev/video4", "--oneshot"], true, "/dev/video4", [], []),
        (["--window-size", "800x600", "a.png"], false, nil, [800, 600], ["a.png"]),
        (["a.png", "--", "--oneshot"], false, nil, [], ["a.png", "--oneshot"]),
    ]

    @Test("options and files are recognised", arguments: valid)
    func parsesValid(arguments: [String], oneshot: Bool, device: String?, size: [Int], files: [String]) throws {
        let options = try LaunchOptions.parse(arguments).get()
        #expect(options.oneshot == oneshot)
        #expect(options.device == device)
        #expect(options.windowSize.map { [$0.width, $0.height] } ?? [] == size)
        #expect(options.files == files)
    }

    /// (arguments, words the one-line message must contain).
    static let invalid: [([String], String)] = [
        (["--frobnicate"], "--frobnicate"),
        (["--device"], "--device"),
        (["--window-size", "big"], "big"),
        (["--window-size", "0x600"], "0x600"),
        (["--wifi", "--oneshot"], "--oneshot"),
        (["--screen", "--wifi"], "--screen"),
        (["--wifi", "--continuous"], "--continuous"),
        (["--wifi", "--gapplication-service"], "--gapplication-service"),
    ]

    @Test("--wifi runs alone; --gapplication-service goes to GApplication")
    func desktopEntryOptions() throws {
        let wifi = try LaunchOptions.parse(["--wifi", "--device", "/dev/video2"]).get()
        #expect(wifi.wifi && wifi.runsAlone && !wifi.oneshot)
        #expect(wifi.device == "/dev/video2")
        let service = try LaunchOptions.parse(["--gapplication-service"]).get()
        #expect(service.gapplicationArguments == ["--gapplication-service"])
        #expect(!service.runsAlone && service.files.isEmpty)
        #expect(try LaunchOptions.parse(["--oneshot"]).get().runsAlone)
        #expect(try !LaunchOptions.parse(["a.png"]).get().runsAlone)
    }

    @Test("bad options give a clear one-line message", arguments: invalid)
    func rejectsInvalid(arguments: [String], mention: String) {
        switch LaunchOptions.parse(arguments) {
        case .success: Issue.record("accepted \(arguments)")
        case .failure(let error):
            #expect(error.message.contains(mention))
            #expect(!error.message.contains("\n"))
        }
    }

    @Test("marker labels say which code of how many and what it says", arguments: [(0, 3, "Code 1 of 3: x"), (2, 3, "Code 3 of 3: x")])
    func markerLabels(index: Int, count: Int, expected: String) {
        #expect(MarkerLayer.accessibleLabel(index: index, count: count, text: "x") == expected)
    }
}
