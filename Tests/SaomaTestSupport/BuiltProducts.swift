// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Where the tests find what `swift build --build-tests` built (the `saoma` binary, the test
/// drivers) and the repository they came from (scripts, mocks, data files).
public enum BuiltProducts {
    /// The repository root (three levels above this file: Tests/SaomaTestSupport/…).
    public static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The folder of the running test executable, where SwiftPM puts `saoma`, `CaptureProbe` and
    /// `PipeWireTestCamera` (searched upwards from the test bundle, `.build/debug` as a last resort).
    public static let folder: URL = {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var url = URL(fileURLWithPath: exe).deletingLastPathComponent()
        while url.path != "/" {
            if FileManager.default.isExecutableFile(atPath: url.appendingPathComponent("saoma").path) { return url }
            url = url.deletingLastPathComponent()
        }
        return repository.appendingPathComponent(".build/debug")
    }()

    /// The `saoma` binary under test.
    public static var saoma: URL { folder.appendingPathComponent("saoma") }
    /// The V4L2 capture driver (`Tests/CaptureProbe`).
    public static var captureProbe: URL { folder.appendingPathComponent("CaptureProbe") }
    /// Saoma's decoder process, and the test build's one whose extra engine aborts on a chosen payload.
    public static var decoder: URL { folder.appendingPathComponent("saoma-decoder") }
    public static var abortingDecoder: URL { folder.appendingPathComponent("AbortingDecoder") }
    /// The PipeWire test camera (`Tests/PipeWireTestCamera`).
    public static var pipeWireTestCamera: URL { folder.appendingPathComponent("PipeWireTestCamera") }

    /// Whether `saoma` is built (tests that run it are skipped with a message otherwise).
    public static var hasSaoma: Bool { FileManager.default.isExecutableFile(atPath: saoma.path) }

    /// Throws with a clear message unless `url` was built.
    public static func require(_ url: URL) throws {
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw EndToEndError("\(url.path) is missing: run `swift build --build-tests` first")
        }
    }

    /// A file of the repository by its path from the root (`po/LINGUAS`, `Tests/Mocks/…`).
    public static func source(_ relativePath: String) -> URL { repository.appendingPathComponent(relativePath) }
}
