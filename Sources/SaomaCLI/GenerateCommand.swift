// SPDX-License-Identifier: GPL-3.0-or-later
import Decoding
import Foundation
import GLibSwift
import PixbufIO
import QREncoding
import SaomaCore
import ZBarDecoding

/// `saoma generate`: makes a QR code (or, with `--format`, another kind of code) from text, a
/// template or a file, checks it reads back, and writes it as PNG or SVG or prints it to the terminal.
public enum GenerateCommand {
    /// Exit status on success.
    public static let success: Int32 = 0
    /// Exit status on any error (zbarimg's convention).
    public static let failure: Int32 = 2
    /// Largest `--input` file read, in bytes: more than any QR code holds, so larger files are refused unread.
    static let maximumInputBytes = 64 * 1024

    /// Runs the command with the arguments after `generate`, reading every QR code back with
    /// Saoma's zbar decoder and every other code with the decoder process's engines.
    public static func run(_ arguments: [String]) -> Int32 { run(arguments, decoder: ZBarDecoder(), barcodeDecoder: DecoderClient()) }

    /// Runs the command with the arguments after `generate`; `decoder` reads every QR code back
    /// before it is output, `barcodeDecoder` every code of another format.
    public static func run(_ arguments: [String], decoder: (any BarcodeDecoder)?, barcodeDecoder: (any BarcodeDecoder)? = nil) -> Int32 {
        do {
            try execute(arguments, decoder: decoder, barcodeDecoder: barcodeDecoder)
            return success
        } catch {
            ConsoleOutput.error("saoma generate: " + GenerateMessages.message(for: error))
            return failure
        }
    }

    /// Does the work; every failure is thrown, warnings go to standard error.
    static func execute(_ arguments: [String], decoder: (any BarcodeDecoder)?, barcodeDecoder: (any BarcodeDecoder)? = nil)
        throws(GenerateFailure)
    {
        let parsed: GenerateArguments
        do {
            parsed = try GenerateArguments(parsing: arguments)
        } catch {
            throw .usage(error)
        }
        if parsed.help {
            ConsoleOutput.out(GenerateMessages.help)
            return
        }
        if parsed.format != .qr, let option = parsed.qrOptions.first { throw .usage(.onlyForQR(option: option, format: parsed.format)) }
        guard parsed.outputPath != nil || parsed.terminal else { throw .usage(.noOutput) }
        var format: GenerateOutputFormat?
        var output: AtomicFile?
        if let path = parsed.outputPath {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                throw .outputUnwritable(path: path, reason: StandardStream.describe(EISDIR))
            }
            guard let known = GenerateOutputFormat(path: path) else { throw .unknownOutputFormat(path) }
            format = known
            // Reserved before the input is read: a refusal comes first, and the target is created
            // (or replaced) only at the end, by AtomicFile's rules.
            do {
                output = try AtomicFile(path: path, replacing: parsed.force)
            } catch {
                throw GenerateFailure(error)
            }
        }
        let payload = try parsed.payload(readFile: readInput)
        if parsed.format != .qr {
            try writeBarcode(payload, parsed, format: format, output: output, decoder: barcodeDecoder)
            return
        }
        let request = QRGenerationRequest(payload: payload, level: parsed.level, minimumVersion: parsed.minimumVersion, style: parsed.style)
        if parsed.benchmarkRuns > 0 { try benchmark(request, format: format, runs: parsed.benchmarkRuns, decoder: decoder) }
        let code = try generated(request, decoder: decoder)
        warnAboutColors(parsed.style)
        // The file first: standard output failing afterwards leaves it whole.
        if let output, let format { try commit(try encode(code, as: format), to: output) }
        if parsed.terminal { ConsoleOutput.out(code.terminalText(ansiColors: isatty(STDOUT_FILENO) != 0)) }
        if let path = parsed.outputPath, !parsed.terminal { ConsoleOutput.out(GenerateMessages.summary(code, path: path) + "\n") }
    }

    /// `request` encoded and read back by `decoder`.
    static func generated(_ request: QRGenerationRequest, decoder: (any BarcodeDecoder)?) throws(GenerateFailure) -> GeneratedQRCode {
        do {
            return try QRGenerator.generate(request, verifyingWith: decoder)
        } catch {
            throw .generation(error)
        }
    }

    /// Prints on standard error the warnings for a risky but allowed colour pair (low contrast, light on dark).
    static func warnAboutColors(_ style: QRStyle) {
        for warning in GenerateMessages.warnings(for: style.colorCheck) { ConsoleOutput.error("saoma generate: " + warning) }
    }

    /// Writes `data` in place of the reserved output file.
    static func commit(_ data: Data, to output: AtomicFile) throws(GenerateFailure) {
        do {
            try output.commit(data)
        } catch {
            throw GenerateFailure(error)
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
            let cpuStart = threadCPUSeconds() * 1000
            let start = clock.now
            let code = try generated(request, decoder: decoder)
            _ = try encode(code, as: format ?? .png)
            let elapsed = clock.now - start
            milliseconds.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
            cpuMilliseconds.append(threadCPUSeconds() * 1000 - cpuStart)
            last = code
        }
        guard let last else { return }
        milliseconds.sort()
        cpuMilliseconds.sort()
        ConsoleOutput.out(
            GenerateMessages.benchmark(
                code: last, format: (format ?? .png).rawValue, runs: runs, wallMedian: milliseconds[milliseconds.count / 2],
                wallMinimum: milliseconds[0], cpuMedian: cpuMilliseconds[cpuMilliseconds.count / 2], selfChecked: decoder != nil) + "\n")
    }

    /// The bytes of `--input` (`-` reads standard input), refusing more than any code holds:
    /// reading stops one byte past `maximumInputBytes`, whatever the source (`/dev/zero` included).
    static func readInput(_ path: String) throws(GenerateFailure) -> [UInt8] {
        let fd: Int32
        if path == "-" {
            fd = STDIN_FILENO
        } else {
            // Non-blocking: a FIFO with no writer must not hang the open.
            fd = open(RawArgument.cString(of: path), O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            guard fd >= 0 else { throw .inputUnreadable(path: path, reason: StandardStream.describe(errno)) }
            var info = stat()
            if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG {
                close(fd)
                let reason = (info.st_mode & S_IFMT) == S_IFDIR ? StandardStream.describe(EISDIR) : tr("not a regular file")
                throw .inputUnreadable(path: path, reason: reason)
            }
        }
        defer { if fd != STDIN_FILENO { close(fd) } }
        var bytes = [UInt8](repeating: 0, count: maximumInputBytes + 1)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                read(fd, buffer.baseAddress.map { $0 + count }, buffer.count - count)
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw .inputUnreadable(path: path, reason: StandardStream.describe(errno))
            }
            if got == 0 { break }
            count += got
        }
        guard count <= maximumInputBytes else { throw .inputTooLarge(path: path, limit: maximumInputBytes) }
        return Array(bytes.prefix(count))
    }
}
