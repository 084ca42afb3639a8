// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// External readers installed by scripts/bootstrap (zbar-tools, zxing-cpp-tools, librsvg2-bin).
public enum ExternalTool {
    public static let zbarimg = "/usr/bin/zbarimg"
    public static let zxingReader = "/usr/bin/ZXingReader"
    public static let rsvgConvert = "/usr/bin/rsvg-convert"

    public static func isInstalled(_ path: String) -> Bool { FileManager.default.isExecutableFile(atPath: path) }

    /// Stops the test when one of `tools` (paths) is not installed, naming it and the fix.
    public static func require(_ tools: String..., sourceLocation: SourceLocation = #_sourceLocation) throws {
        for tool in tools {
            try #require(isInstalled(tool), "\(tool) missing: run scripts/bootstrap", sourceLocation: sourceLocation)
        }
    }

    /// The text zbarimg reads from `path` (its default text decoding, which honours ECI), or `nil`.
    public static func zbarimgText(_ path: String) throws -> String? {
        let (status, output) = try read(zbarimg, ["--raw", "-q", "-Sdisable", "-Sqrcode.enable", path])
        guard status == 0 else { return nil }
        return String(decoding: output.dropLast(), as: UTF8.self)
    }

    /// The raw bytes zbarimg reads from `path` in binary mode, or `nil`.
    public static func zbarimgBytes(_ path: String) throws -> [UInt8]? {
        // In binary mode zbarimg writes the bytes with no newline after them.
        let (status, output) = try read(zbarimg, ["--raw", "-q", "-Sdisable", "-Sqrcode.enable", "-Sbinary", path])
        guard status == 0 else { return nil }
        return Array(output)
    }

    /// The text ZXing-C++ reads from `path`, or `nil`.
    public static func zxingText(_ path: String) throws -> String? {
        let (status, output) = try read(zxingReader, ["-format", "QRCode", path])
        guard status == 0 else { return nil }
        let report = String(decoding: output, as: UTF8.self)
        let start = "Text:       \""
        guard let open = report.range(of: start), let close = report.range(of: "\"\nBytes:", range: open.upperBound..<report.endIndex)
        else { return nil }
        return String(report[open.upperBound..<close.lowerBound])
    }

    /// The content bytes ZXing-C++ reads from `path` (ECI designators resolved), or `nil`.
    public static func zxingBytes(_ path: String) throws -> [UInt8]? {
        let (status, output) = try read(zxingReader, ["-format", "QRCode", "-bytes", path])
        guard status == 0, !output.isEmpty else { return nil }
        return Array(output)
    }

    /// Runs a reader; its exit status and standard output.
    private static func read(_ executable: String, _ arguments: [String]) throws -> (Int32?, Data) {
        let run = try runToolStatus(executable, arguments)
        return (run.status, run.stdout)
    }
}
