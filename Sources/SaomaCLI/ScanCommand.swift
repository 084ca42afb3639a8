// SPDX-License-Identifier: GPL-3.0-or-later
import Decoding
import Foundation
import GLibSwift
import PixbufIO
import SaomaCore
import SaomaMessages
import StillImageReading
import ZBarDecoding

/// `saoma scan [--json] [--formats LIST] FILE...`: prints every code in image files.
///
/// Exit status follows zbarimg: 0 when a code was found, 4 when none was, 2 on any error.
public struct ScanCommand: Sendable {
    /// Exit status when at least one code was found and nothing failed.
    public static let exitFound: Int32 = 0
    /// Exit status when every file was read but no code was found.
    public static let exitNothingFound: Int32 = 4
    /// Exit status on a usage error or when any file could not be read.
    public static let exitError: Int32 = 2
    /// Largest absolute `--region` value, in pixels (no image Saoma loads is larger on a side).
    static let maximumRegionValue = 100_000_000
    /// Largest `--repeat` count.
    static let maximumRepeatCount = 100_000
    /// The engines `--stages` may name: those of Saoma's composition, in its order.
    static let engineNames: [String] = Engines.stages.map(\.engine).reduce(into: []) { names, name in
        if !names.contains(name) { names.append(name) }
    }

    /// Parsed options.
    public struct Options: Equatable, Sendable {
        public var json = false
        /// `--raw`: each code's payload bytes exactly as decoded (controls included), for scripts.
        public var raw = false
        public var symbologies = Set(Symbology.allCases)
        public var files: [String] = []
        public var showHelp = false
        /// How hard to try: `.thorough` for files (default), `.fast` as for live camera frames.
        public var effort = DecodeEffort.thorough
        /// Only codes inside this rectangle (upright image pixels) are reported.
        public var region: PixelRect?
        /// Decode each image this many times and print the CPU time per decode (benchmarks).
        public var repeatCount = 1
        /// Add every code read to the scan history (`--record`).
        public var record = false
        /// `--stages TABLE` (a benchmark switch, not in the help): the engine stages to run instead
        /// of the composition's, as `EngineStage.table` reads them.
        public var stages: [EngineStage]?
        /// `--in-process` (a benchmark switch, with `--repeat`): decode in this process, to measure
        /// what the hop to the decoder process costs.
        public var inProcess = false

        public init() {}
    }

    /// The outcome for one file: the codes found or the reason it could not be read.
    public struct FileResult: Sendable {
        public var file: String
        public var symbols: [Symbol]
        public var error: String?
        /// What went wrong while the codes were read, when they could still be (the decoder
        /// process stopped, and a second read without the engine it was running found them).
        public var warning: String?

        public init(file: String, symbols: [Symbol], error: String?, warning: String? = nil) {
            self.file = file
            self.symbols = symbols
            self.error = error
            self.warning = warning
        }
    }

    /// Parses the arguments after `scan`; throws a one-line usage message.
    public static func parse(_ arguments: [String]) throws(ScanUsageError) -> Options {
        var options = Options()
        var reader = ArgumentReader(arguments)
        while let word = reader.next() {
            switch word {
            case .positional(let file):
                options.files.append(file)
            case .option("--json"):
                options.json = true
            case .option("--raw"):
                options.raw = true
            case .option("--record"):
                options.record = true
            case .option("-h"), .option("--help"):
                options.showHelp = true
            case .option("--formats"), .option("-f"):
                guard let list = reader.value() else { throw ScanUsageError(tr("--formats needs a comma-separated list of formats")) }
                options.symbologies = try parseFormats(list)
            case .option("--effort"):
                switch reader.value() {
                case "fast": options.effort = .fast
                case "thorough": options.effort = .thorough
                default: throw ScanUsageError(tr("--effort needs “fast” or “thorough”"))
                }
            case .option("--region"):
                // Bounded so no sum of them overflows: no image is wider or taller than this.
                let numbers = reader.value()?.split(separator: ",").compactMap { Int($0) } ?? []
                guard numbers.count == 4, numbers.allSatisfy({ (-maximumRegionValue...maximumRegionValue).contains($0) }), numbers[2] > 0,
                    numbers[3] > 0
                else {
                    throw ScanUsageError(tr("--region needs X,Y,WIDTH,HEIGHT in pixels"))
                }
                options.region = PixelRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
            case .option("--stages"):
                guard let value = reader.value(), let table = EngineStage.table(value, effort: options.effort) else {
                    throw ScanUsageError(tr("--stages needs ENGINE:FORMATS[:WHEN] joined by “;”"))
                }
                // A stage of an engine Saoma lacks would read nothing, and a benchmark would report
                // its empty results as the table's.
                if let unknown = table.first(where: { !engineNames.contains($0.engine) }) {
                    let values = ["engine": VisibleText.shortened(unknown.engine), "list": engineNames.joined(separator: ", ")]
                    throw ScanUsageError(tr("--stages names no engine “{engine}” (engines: {list})", values))
                }
                options.stages = table
            case .option("--in-process"):
                options.inProcess = true
            case .option("--repeat"):
                guard let n = reader.value().flatMap({ Int($0) }), (1...maximumRepeatCount).contains(n) else {
                    throw ScanUsageError(tr("--repeat needs a positive count"))
                }
                options.repeatCount = n
            case .option(let argument):
                if argument.hasPrefix("--formats=") {
                    options.symbologies = try parseFormats(String(argument.dropFirst("--formats=".count)))
                } else {
                    throw ScanUsageError(
                        tr("unknown option “{option}” (see “saoma scan --help”)", ["option": VisibleText.shortened(argument)]))
                }
            }
        }
        if options.json && options.raw { throw ScanUsageError(tr("choose either --json or --raw")) }
        // The stages serve the effort asked for, wherever --effort came.
        options.stages = options.stages?.map { stage in
            var stage = stage
            stage.effort = options.effort
            return stage
        }
        if !options.showHelp && options.files.isEmpty {
            throw ScanUsageError(tr("no image files given (see “saoma scan --help”)"))
        }
        return options
    }

    /// Parses `qr,ean13,code128`; EAN-13 brings UPC-A and ISBN along only when named.
    static func parseFormats(_ list: String) throws(ScanUsageError) -> Set<Symbology> {
        var set = Set<Symbology>()
        for name in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
            if name.lowercased() == "all" {
                set.formUnion(Symbology.allCases)
                continue
            }
            guard let symbology = Symbology(userName: name) else {
                let known = Symbology.allCases.map(\.name).joined(separator: ", ")
                throw ScanUsageError(tr("unknown format “{name}” (known: {list})", ["name": VisibleText.shortened(name), "list": known]))
            }
            set.insert(symbology)
        }
        if set.isEmpty { throw ScanUsageError(tr("--formats needs at least one format")) }
        return set
    }

    /// Runs the command and returns its exit status.
    public static func run(arguments: [String]) -> Int32 {
        let options: Options
        do {
            options = try parse(arguments)
        } catch {
            ConsoleOutput.error("saoma scan: \(error.message)")
            return exitError
        }
        if options.showHelp {
            ConsoleOutput.out(helpText)
            return 0
        }
        for line in DecodePasses.environmentWarnings + BlurTuning.environmentWarnings { ConsoleOutput.error(line) }
        if options.repeatCount > 1 { return timeDecodes(options) }
        var results: [FileResult] = []
        let decodeOptions = DecodeOptions(symbologies: options.symbologies, regionOfInterest: options.region, effort: options.effort)
        scan(files: options.files, options: decodeOptions, stages: options.stages) { result in
            let manyFiles = options.files.count > 1
            if options.raw {
                ConsoleOutput.out(bytes: rawOutput(result, manyFiles: manyFiles))
            } else {
                ConsoleOutput.out(format(options.json ? ScanJSON.unicodeNamed(result) : result, json: options.json, manyFiles: manyFiles))
            }
            if let error = result.error, !options.json { ConsoleOutput.error("saoma scan: \(error)") }
            if let warning = result.warning { ConsoleOutput.error("saoma scan: \(warning)") }
            for symbol in result.symbols {
                guard let parts = symbol.assembly, !parts.isComplete else { continue }
                let missing = parts.missing.map { String($0 + 1) }.joined(separator: ", ")
                let values = [
                    "file": VisibleText.of(result.file), "format": symbol.format.name, "parts": missing, "total": String(parts.total),
                    "last": String(parts.total),
                ]
                let line =
                    !parts.isOpenEnded
                    ? tr("{file}: a {format} message in {total} parts lacks parts {parts}", values)
                    : missing.isEmpty
                        ? tr("{file}: a {format} message lacks the parts after part {last}", values)
                        : tr("{file}: a {format} message lacks parts {parts} and the parts after part {last}", values)
                ConsoleOutput.error("saoma scan: " + line)
            }
            results.append(result)
        }
        if options.record, let failure = HistoryCommand.record(results) {
            ConsoleOutput.error("saoma scan: " + VisibleText.of(failure))
            return exitError
        }
        return exitStatus(for: results)
    }

    /// zbarimg's convention: 2 when any file failed, else 0 when a code was found, else 4.
    public static func exitStatus(for results: [FileResult]) -> Int32 {
        if results.contains(where: { $0.error != nil }) { return exitError }
        return results.contains(where: { !$0.symbols.isEmpty }) ? exitFound : exitNothingFound
    }

    /// Decodes `files` in parallel on every core; `report` gets each result in input order, on the
    /// calling thread's behalf (serialised, never concurrently).
    public static func scan(files: [String], options: DecodeOptions, stages: [EngineStage]? = nil, report: (FileResult) -> Void) {
        let workers = max(1, min(files.count, ProcessInfo.processInfo.activeProcessorCount))
        let queue = ResultQueue(count: files.count)
        withoutActuallyEscaping(report) { report in
            nonisolated(unsafe) let report = report
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                // One reader (and decoder process) per worker thread: decoders are not shared.
                let reader = StillImageReader()
                reader.client.stages = stages
                // Every worker reserves its pixels from the one process-wide budget, so the memory in
                // flight stays bounded whatever the number of cores.
                let loader = ImageLoader(budget: .images)
                while let index = queue.claim() {
                    let result = scanOne(files[index], loader: loader, reader: reader, options: options)
                    queue.deliver(result, at: index, report: report)
                }
            }
        }
    }

    /// `--repeat N`: decodes each file N times on this thread and prints the CPU milliseconds per
    /// decode (loading excluded) and the codes found, one line per file.
    static func timeDecodes(_ options: Options) -> Int32 {
        let reader = StillImageReader()
        reader.client.stages = options.stages
        let decodeOptions = DecodeOptions(symbologies: options.symbologies, regionOfInterest: options.region, effort: options.effort)
        var failed = false
        for file in options.files {
            do {
                let image = try ImageLoader().load(path: file)
                var found = 0
                // The decoding happens in the decoder process: its CPU time counts with this thread's
                // (with --in-process it happens here, and the process's time stays 0).
                let local = Engines.make()
                local.stages = options.stages ?? local.stages
                func decode() -> Int {
                    options.inProcess
                        ? local.decode(image.luma, options: decodeOptions).count
                        : reader.read(image.luma, options: decodeOptions).symbols.count
                }
                _ = decode()
                let start = threadCPUSeconds() + reader.client.processCPUSeconds
                let startWall = monotonicSeconds()
                for _ in 0..<options.repeatCount { found = decode() }
                let perDecode = (threadCPUSeconds() + reader.client.processCPUSeconds - start) * 1000 / Double(options.repeatCount)
                let wall = (monotonicSeconds() - startWall) * 1000 / Double(options.repeatCount)
                let ms = (perDecode * 100).rounded() / 100
                let wallMS = (wall * 100).rounded() / 100
                ConsoleOutput.out("\(file)\t\(image.width)x\(image.height)\t\(ms) ms/decode\t\(found) codes\t\(wallMS) ms wall\n")
            } catch {
                failed = true
                ConsoleOutput.error("saoma scan: \(error.localizedMessage)")
            }
        }
        return failed ? exitError : exitFound
    }

    /// Loads and decodes one file: a big JPEG is decoded reduced first (libjpeg's DCT scaling) and
    /// read again at full resolution only when the reduced pixels show no code; corners are in the
    /// full-resolution image's pixels either way.
    static func scanOne(_ file: String, loader: ImageLoader, reader: StillImageReader, options: DecodeOptions) -> FileResult {
        do {
            let image = try loader.load(path: file, reduced: true)
            let outcome = try reader.read(image, options: options) { () throws(ImageLoadError) in try loader.load(path: file) }
            let problem = outcome.failure.map { VisibleText.of(file) + ": " + $0.message(in: .terse) }
            // An image the other engines could still read is a warning; one no read went through
            // for is an error.
            guard outcome.readCompleted else { return FileResult(file: file, symbols: [], error: problem) }
            return FileResult(file: file, symbols: outcome.symbols, error: nil, warning: problem)
        } catch {
            return FileResult(file: file, symbols: [], error: error.localizedMessage)
        }
    }

    /// The output for one file: JSON line, or one text line per code (prefixed with the file name
    /// when several files were given). Empty when a text-mode file had no code.
    ///
    /// Text lines are terminal-safe (`VisibleText`): a payload's or file name's controls are
    /// shown as symbols, never sent; binary payloads are shown as hex.
    static func format(_ result: FileResult, json: Bool, manyFiles: Bool) -> String {
        if json { return ScanJSON.line(for: result) + "\n" }
        var out = ""
        for symbol in result.symbols {
            if manyFiles { out += VisibleText.of(result.file) + ": " }
            out += symbol.format.name + ": "
            out += VisibleText.line(for: symbol, binaryLabel: tr("(binary, hex)"))
            out += "\n"
        }
        return out
    }

    /// `--raw` output for one file: per code, `[FILE: ]FORMAT: ` and the payload's exact bytes
    /// (file name bytes as given), then a newline.
    static func rawOutput(_ result: FileResult, manyFiles: Bool) -> [UInt8] {
        var out: [UInt8] = []
        for symbol in result.symbols {
            if manyFiles { out += RawArgument.bytes(of: result.file) + Array(": ".utf8) }
            out += Array((symbol.format.name + ": ").utf8) + symbol.bytes + [0x0A]
        }
        return out
    }
}

/// A usage error of `saoma scan`, with its one-line message.
public struct ScanUsageError: Error, Equatable, Sendable {
    public var message: String
    init(_ message: String) { self.message = message }
}

/// Hands out file indices to workers and releases results in input order.
///
/// Shared by the worker threads; every member is guarded by `lock`.
private final class ResultQueue: @unchecked Sendable {
    private let lock = NSLock()
    private let count: Int
    private var nextClaim = 0
    private var nextReport = 0
    private var pending: [Int: ScanCommand.FileResult] = [:]

    init(count: Int) { self.count = count }

    /// The next file index to decode, or `nil` when all are taken.
    func claim() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard nextClaim < count else { return nil }
        defer { nextClaim += 1 }
        return nextClaim
    }

    /// Stores a result and reports every result now ready in input order (under the lock, so
    /// reports never overlap).
    func deliver(_ result: ScanCommand.FileResult, at index: Int, report: (ScanCommand.FileResult) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        pending[index] = result
        while let ready = pending.removeValue(forKey: nextReport) {
            report(ready)
            nextReport += 1
        }
    }
}
