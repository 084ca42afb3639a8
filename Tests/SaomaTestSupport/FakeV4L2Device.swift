// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The fake V4L2 webcam (`Tests/FakeV4L2Device`, an `LD_PRELOAD` shim documented in its header):
/// test support, built by `scripts/build-fake-v4l2` (the one place that knows how), never installed.
public enum FakeV4L2Device {
    private static let built: Result<String, EndToEndError> = Result {
        let script = BuiltProducts.source("scripts/build-fake-v4l2").path
        let output = BuiltProducts.folder.appendingPathComponent("fake-v4l2/libFakeV4L2Device.so").path
        let run = try runToolStatus(script, [output])
        guard run.status == 0 else { throw EndToEndError("scripts/build-fake-v4l2 failed: \(run.errors)") }
        return run.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }.mapError { $0 as? EndToEndError ?? EndToEndError("\($0)") }

    /// The shared library to preload (built on first use in this test process).
    public static func library() throws -> String { try built.get() }
}
