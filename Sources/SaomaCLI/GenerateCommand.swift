// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PixbufIO
import QREncoding
import SaomaCore
import ZBarDecoding

/// `saoma generate`: makes a QR code from text, a template or a file, checks it reads back, and
/// writes it as PNG or SVG or prints it to the terminal.
public enum GenerateCommand {
    /// Exit status on success.
    public static let success: Int32 = 0
    /// Exit status on any error (zbarimg's convention).
    public static let failure: Int32 = 2
    /// Largest `--input` file read, in bytes: more than any QR code holds, so larger files are refused unread.
    static let maximumInputBytes = 64 * 1024

    /// Runs the command with the arguments after `generate`, reading every code back with Saoma's zbar decoder.
    public static func run(_ arguments: [String]) -> Int32 { run(arguments, decoder: ZBarDecoder()) }

    /// Runs the command with the arguments after `generate`; `decoder` reads every code back before it is output.
    public static func run(_ arguments: [String], decoder: (any BarcodeDecoder)?) -> Int32 {
        do {
            try execute(arguments, decoder: decoder)
            return success
        } catch {
            Console.error("saoma generate: " + GenerateMessages.message(for: error))
            return failure
        }
    }

    /// Does the work; every failure is thrown, warnings go to standard error.
    static func execute(_ arguments: [String], decoder: (any BarcodeDecoder)?) throws(GenerateFailure) {
        let parsed: GenerateArguments
        do {
            parsed = try GenerateArguments(parsing: arguments)
        } catch {
            throw .usage(error)
        }
        if parsed.help {
            Console.output(GenerateMessages.help)
            return
        }
        guard parsed.outputPath != nil || parsed.terminal else { throw .usage(.noOutput) }
        var format: GenerateOutputFormat?
        if let path = parsed.outputPath {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                throw .outputUnwritable(path: path, reason: String(cString: strerror(EISDIR)))
            }
            guard let known = GenerateOutputFormat(path: path) else { throw .unknownOutputFormat(path) }
            format = known
            try checkWritable(path, force: parsed.force)
        }
        let payload = try parsed.payload(readFile: readInput)
        let request = QRGenerationRequest(payload: payload, level: parsed.level, minimumVersion: parsed.minimumVersion, style: parsed.style)
        if parsed.benchmarkRuns > 0 { try benchmark(request, format: format, runs: parsed.benchmarkRuns, decoder: decoder) }
        let code: GeneratedQRCode
        do {
            code = try QRGenerator.generate(request, verifyingWith: decoder)
        } catch {
            throw .generation(error)
        }
        for warning in GenerateMessages.warnings(for: parsed.style.colorCheck) { Console.error("saoma generate: " + warning) }
        if parsed.terminal { Console.output(code.terminalText(ansiColors: isatty(STDOUT_FILENO) != 0)) }
        if let path = parsed.outputPath, let format {
            let data = try encode(code, as: format)
            do {
                try AtomicFile.write(data, to: path)
            } catch {
                if case .writeFailed(_, let reason) = error { throw .outputUnwritable(path: path, reason: reason) }
                throw .png(error)
            }
            if !parsed.terminal { Console.output(GenerateMessages.summary(code, path: path) + "\n") }
        }
    }

    /// The file bytes of `code` in `format`.
    static func encode(_ code: GeneratedQRCode, as format: GenerateOutputFormat) throws(GenerateFailure) -> Data {
        switch format {
        case .png:
            do {
                return try PNGWriter.pngData(code.rgbRaster())
            } catch {
                throw .png(error)
            }
        case .svg:
            return Data(code.svg().utf8)
        }
    }

    /// Times encoding, self-check and file encoding (PNG by default) `runs` times and prints the figures.
    static func benchmark(_ request: QRGenerationRequest, format: GenerateOutputFormat?, runs: Int, decoder: (any BarcodeDecoder)?)
        throws(GenerateFailure)
    {
        let clock = ContinuousClock()
        var milliseconds = [Double]()
        var cpuMilliseconds = [Double]()
        var last: GeneratedQRCode?
        for _ in 0..<runs {
            let cpuStart = threadCPUMilliseconds()
            let start = clock.now
            let code: GeneratedQRCode
            do {
                code = try QRGenerator.generate(request, verifyingWith: decoder)
            } catch {
                throw .generation(error)
            }
            _ = try encode(code, as: format ?? .png)
            let elapsed = clock.now - start
            milliseconds.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
            cpuMilliseconds.append(threadCPUMilliseconds() - cpuStart)
            last = code
        }
        guard let last else { return }
        milliseconds.sort()
        cpuMilliseconds.sort()
        Console.output(
            GenerateMessages.benchmark(
                code: last, format: (format ?? .png).rawValue, runs: runs, wallMedian: milliseconds[milliseconds.count / 2],
                wallMinimum: milliseconds[0], cpuMedian: cpuMilliseconds[cpuMilliseconds.count / 2], selfChecked: decoder != nil) + "\n")
    }

    /// CPU time the calling thread has used, in milliseconds (unlike wall time, not inflated by other processes).
    static func threadCPUMilliseconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1e6
    }

    /// Fails early when `path` cannot be written: an existing file without `--force`, a directory, a missing or read-only folder.
    static func checkWritable(_ path: String, force: Bool) throws(GenerateFailure) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { throw .outputUnwritable(path: path, reason: String(cString: strerror(EISDIR))) }
            if !force { throw .outputExists(path) }
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        if access(folder, W_OK | X_OK) != 0 { throw .outputUnwritable(path: path, reason: String(cString: strerror(errno))) }
    }

    /// The bytes of `--input` (`-` reads standard input), refusing files larger than any code holds.
    static func readInput(_ path: String) throws(GenerateFailure) -> [UInt8] {
        if path == "-" {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            guard data.count <= maximumInputBytes else { throw .inputTooLarge(path: path, limit: maximumInputBytes) }
            return Array(data)
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? strerror(EACCES) : strerror(ENOENT)
            throw .inputUnreadable(path: path, reason: reason.map { String(cString: $0) } ?? "")
        }
        defer { try? handle.close() }
        do {
            let data = try handle.read(upToCount: maximumInputBytes + 1) ?? Data()
            guard data.count <= maximumInputBytes else { throw GenerateFailure.inputTooLarge(path: path, limit: maximumInputBytes) }
            return Array(data)
        } catch let failure as GenerateFailure {
            throw failure
        } catch {
            throw .inputUnreadable(path: path, reason: String(cString: strerror(EISDIR)))
        }
    }
}

/// Standard output and error through `FileHandle` (C's `stdout` global is not usable from Swift 6).
enum Console {
    static func output(_ text: String) { FileHandle.standardOutput.write(Data(text.utf8)) }
    static func error(_ line: String) { FileHandle.standardError.write(Data((line + "\n").utf8)) }
}
