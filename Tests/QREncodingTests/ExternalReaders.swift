// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PixbufIO
import SaomaCore

/// A unique temporary directory for one test, removed by `cleanUp()`.
struct TemporaryDirectory {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "saoma-qrgen-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> String { path + "/" + name }

    func cleanUp() { try? FileManager.default.removeItem(atPath: path) }
}

/// Runs a program and returns its exit status and standard output.
func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: Data) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, output)
}

/// External readers installed by scripts/bootstrap (zbar-tools, zxing-cpp-tools, librsvg2-bin).
enum ExternalTool {
    static let zbarimg = "/usr/bin/zbarimg"
    static let zxingReader = "/usr/bin/ZXingReader"
    static let rsvgConvert = "/usr/bin/rsvg-convert"

    static func isInstalled(_ path: String) -> Bool { FileManager.default.isExecutableFile(atPath: path) }

    /// The text zbarimg reads from `path` (its default text decoding, which honours ECI), or `nil`.
    static func zbarimgText(_ path: String) throws -> String? {
        let (status, output) = try run(zbarimg, ["--raw", "-q", "-Sdisable", "-Sqrcode.enable", path])
        guard status == 0 else { return nil }
        return String(decoding: output.dropLast(), as: UTF8.self)
    }

    /// The raw bytes zbarimg reads from `path` in binary mode, or `nil`.
    static func zbarimgBytes(_ path: String) throws -> [UInt8]? {
        // In binary mode zbarimg writes the bytes with no newline after them.
        let (status, output) = try run(zbarimg, ["--raw", "-q", "-Sdisable", "-Sqrcode.enable", "-Sbinary", path])
        guard status == 0 else { return nil }
        return Array(output)
    }

    /// The text ZXing-C++ reads from `path`, or `nil`.
    static func zxingText(_ path: String) throws -> String? {
        let (status, output) = try run(zxingReader, ["-format", "QRCode", path])
        guard status == 0 else { return nil }
        let report = String(decoding: output, as: UTF8.self)
        let start = "Text:       \""
        guard let open = report.range(of: start), let close = report.range(of: "\"\nBytes:", range: open.upperBound..<report.endIndex)
        else { return nil }
        return String(report[open.upperBound..<close.lowerBound])
    }

    /// The content bytes ZXing-C++ reads from `path` (ECI designators resolved), or `nil`.
    static func zxingBytes(_ path: String) throws -> [UInt8]? {
        let (status, output) = try run(zxingReader, ["-format", "QRCode", "-bytes", path])
        guard status == 0, !output.isEmpty else { return nil }
        return Array(output)
    }
}

/// A `BarcodeDecoder` backed by zbarimg in binary mode: an independent reader for tests.
final class ZbarImgDecoder: BarcodeDecoder {
    let directory: TemporaryDirectory

    init(directory: TemporaryDirectory) { self.directory = directory }

    func decode(_ image: LumaImage, options: DecodeOptions) -> [Symbol] {
        var rgb = [UInt8]()
        rgb.reserveCapacity(image.pixels.count * 3)
        for p in image.pixels { rgb.append(contentsOf: [p, p, p]) }
        let path = directory.file(UUID().uuidString + ".png")
        guard let raster = RGBRaster(width: image.width, height: image.height, bytes: rgb),
            (try? PNGWriter.write(raster, to: path)) != nil,
            let bytes = try? ExternalTool.zbarimgBytes(path)
        else { return [] }
        return [Symbol(format: .qrCode, bytes: bytes, text: String(validating: bytes, as: UTF8.self), corners: [])]
    }
}
