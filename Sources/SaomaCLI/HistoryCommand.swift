// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GLibSwift
import PixbufIO
import SQLiteHistory
import SaomaCore

/// `saoma history …`: lists, searches, exports, imports and clears the scan history.
///
/// Exit status 0 on success, 2 with one line on standard error on any failure.
public enum HistoryCommand {
    /// Exit status on any error.
    public static let exitError: Int32 = 2
    /// Rows listed when `--limit` is not given.
    public static let defaultLimit = 50

    /// What the arguments ask for.
    enum Action: Equatable {
        case list(json: Bool, search: String?, limit: Int)
        case export(path: String, force: Bool)
        case importFile(path: String)
        case clear
        case help
        /// Hidden: `--benchmark ROWS` for `scripts/bench-history`.
        case benchmark(rows: Int)
    }

    /// A failure with its one-line message.
    struct Failure: Error, Equatable {
        var message: String
        init(_ message: String) { self.message = message }
    }

    /// The history database the commands use: `$XDG_DATA_HOME/saoma/history.db`.
    public static var defaultDatabasePath: String { HistoryStore.defaultPath(userDataDirectory: UserDirectories.data) }

    /// Runs `saoma history` with the arguments after `history`; returns the exit status.
    public static func run(_ arguments: [String], databasePath: String = defaultDatabasePath) -> Int32 {
        do {
            let action = try parse(arguments)
            if action == .help {
                ConsoleOutput.out(helpText)
                return 0
            }
            try perform(action, databasePath: databasePath)
            return 0
        } catch {
            ConsoleOutput.error("saoma history: " + VisibleText.of(error.message))
            return exitError
        }
    }

    /// Parses the arguments after `history`.
    static func parse(_ arguments: [String]) throws(Failure) -> Action {
        switch arguments.first {
        case "export":
            var force = false
            var paths: [String] = []
            for argument in arguments.dropFirst() {
                switch argument {
                case "--force": force = true
                case "-h", "--help": return .help
                default:
                    if argument.hasPrefix("-") && argument != "-" { throw unknownOption(argument) }
                    paths.append(argument)
                }
            }
            return .export(path: try oneFile(paths, for: "export"), force: force)
        case "import":
            var paths: [String] = []
            for argument in arguments.dropFirst() {
                if argument == "-h" || argument == "--help" { return .help }
                if argument.hasPrefix("-") { throw unknownOption(argument) }
                paths.append(argument)
            }
            return .importFile(path: try oneFile(paths, for: "import"))
        case "clear":
            let rest = Array(arguments.dropFirst())
            if rest == ["--yes"] { return .clear }
            if rest.contains("-h") || rest.contains("--help") { return .help }
            if let other = rest.first(where: { $0 != "--yes" }) { throw unknownOption(other) }
            throw Failure(tr("“history clear” deletes every row: confirm with --yes"))
        default:
            var json = false
            var search: String?
            var limit = defaultLimit
            var index = 0
            while index < arguments.count {
                let argument = arguments[index]
                index += 1
                switch argument {
                case "--json": json = true
                case "--benchmark":
                    guard index < arguments.count, let n = Int(arguments[index]), n > 0 else {
                        throw Failure("--benchmark needs a positive number of rows")
                    }
                    return .benchmark(rows: n)
                case "-h", "--help": return .help
                case "--search":
                    guard index < arguments.count else { throw Failure(tr("--search needs a text")) }
                    search = arguments[index]
                    index += 1
                case "--limit":
                    guard index < arguments.count, let n = Int(arguments[index]), n > 0 else {
                        throw Failure(tr("--limit needs a positive number of rows"))
                    }
                    limit = n
                    index += 1
                default:
                    if argument.hasPrefix("-") { throw unknownOption(argument) }
                    throw Failure(tr("unknown history command “{name}” (see “saoma history --help”)", ["name": argument]))
                }
            }
            return .list(json: json, search: search, limit: limit)
        }
    }

    private static func unknownOption(_ option: String) -> Failure {
        Failure(tr("unknown option “{option}” (see “saoma history --help”)", ["option": option]))
    }

    private static func oneFile(_ paths: [String], for command: String) throws(Failure) -> String {
        guard paths.count == 1, let path = paths.first else {
            throw Failure(tr("“history {command}” needs one FILE.csv or FILE.jsonl", ["command": command]))
        }
        guard HistoryFileFormat(path: path) != nil else {
            throw Failure(tr("“{path}”: the file name must end in .csv or .jsonl", ["path": path]))
        }
        return path
    }

    /// Opens the store, telling about anything that happened while opening (on standard error)
    /// when `reporting`.
    static func openStore(_ path: String, reporting: Bool = true) throws(Failure) -> HistoryStore {
        do {
            let store = try HistoryStore(path: path)
            if reporting { for notice in store.notices { ConsoleOutput.error("saoma history: " + VisibleText.of(notice.message)) } }
            return store
        } catch {
            throw Failure(error.message)
        }
    }

    static func perform(_ action: Action, databasePath: String) throws(Failure) {
        if case .benchmark(let rows) = action {
            guard !FileManager.default.fileExists(atPath: databasePath) else { throw Failure("--benchmark needs an empty XDG_DATA_HOME") }
            do {
                try HistoryBenchmark.run(rows: rows, databasePath: databasePath)
            } catch {
                throw Failure("\(error)")
            }
            return
        }
        let store = try openStore(databasePath)
        do {
            switch action {
            case .list(let json, let search, let limit):
                let rows = try store.search(search ?? "", limit: limit)
                ConsoleOutput.out(json ? HistoryJSONLines.encode(rows) : rows.map { line(for: $0) + "\n" }.joined())
            case .export(let path, let force):
                try export(to: path, force: force) { () throws(HistoryStoreError) in try store.all() }
            case .importFile(let path):
                let (added, skipped) = try importFile(path, into: store)
                ConsoleOutput.out(
                    trn("Imported {count} row", "Imported {count} rows", added) + " "
                        + tr("({skipped} already there)", ["skipped": "\(skipped)"]) + "\n")
            case .clear:
                try store.clear()
            case .help, .benchmark:
                break
            }
        } catch let error as HistoryStoreError {
            throw Failure(error.message)
        } catch let error as Failure {
            throw error
        } catch {
            throw Failure("\(error)")
        }
    }

    /// One text line: time, source, format, a star, the label in brackets, the text (controls
    /// made visible by `VisibleText`).
    static func line(for record: HistoryRecord) -> String {
        var fields = [HistoryTime.string(milliseconds: record.timeMilliseconds), record.source.rawValue, record.format]
        if record.starred { fields.append("★") }
        if let label = record.label { fields.append("[" + label + "]") }
        fields.append(record.text ?? (tr("(binary, hex)") + " " + Symbol.hex(record.bytes)))
        return VisibleText.of(fields.joined(separator: "  "))
    }

    /// Writes the rows `rows` gives to `path` (its format by extension). The file is reserved
    /// first, so a refusal comes before the history is read; without `force` nothing that
    /// exists then, or appears before the file is put in place, is replaced (`AtomicFile`).
    static func export(to path: String, force: Bool, rows: () throws(HistoryStoreError) -> [HistoryRecord]) throws {
        guard let format = HistoryFileFormat(path: path) else { return }
        let file: AtomicFile
        do {
            file = try AtomicFile(path: path, replacing: force)
            try file.commit(Data(format.encode(try rows()).utf8))
        } catch let error as AtomicFileError {
            throw exportFailure(error, path: path)
        }
    }

    /// The one-line message for an export file that could not be written.
    static func exportFailure(_ error: AtomicFileError, path: String) -> Failure {
        switch error {
        case .exists: Failure(tr("“{path}” exists (use --force to replace it)", ["path": path]))
        case .failed(_, let reason) where reason == String(cString: strerror(EISDIR)): Failure(tr("“{path}” is a folder", ["path": path]))
        default: Failure(tr("cannot write “{path}”: {reason}", ["path": path, "reason": error.reason]))
        }
    }

    /// Bytes read from an import file at a time.
    static let importChunkBytes = 1 << 16

    /// Imports an export file into `store`: read in chunks and checked row by row as it is read,
    /// all rows added in one transaction (a bad row anywhere adds nothing), memory bounded by
    /// one chunk's rows. Regular files only; their size is checked before the first read.
    static func importFile(_ path: String, into store: HistoryStore) throws(Failure) -> (added: Int, skipped: Int) {
        guard let format = HistoryFileFormat(path: path) else {
            throw Failure(tr("“{path}”: the file name must end in .csv or .jsonl", ["path": path]))
        }
        let name = RawArgument.cString(of: path)
        // Non-blocking, so that a FIFO is refused below rather than waited on.
        let fd = open(name, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw cannotRead(path, errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw cannotRead(path, errno) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw Failure(tr("“{path}” is not a regular file", ["path": path])) }
        guard Int(info.st_size) <= HistoryExchange.maximumFileBytes else {
            throw Failure(tr("“{path}” is larger than {limit} MB", ["path": path, "limit": "\(HistoryExchange.maximumFileBytes >> 20)"]))
        }
        var decoder = HistoryImportDecoder(format: format)
        var buffer = [UInt8](repeating: 0, count: importChunkBytes)
        var finished = false
        do throws(HistoryMergeError<Failure>) {
            return try store.merge { () throws(Failure) -> [HistoryRecord]? in
                while !finished {
                    let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                    if count < 0 {
                        if errno == EINTR { continue }
                        throw cannotRead(path, errno)
                    }
                    do throws(HistoryExchangeError) {
                        if count == 0 {
                            finished = true
                            return try decoder.finish()
                        }
                        let records = try decoder.feed(buffer[..<count])
                        if !records.isEmpty { return records }
                    } catch {
                        throw Failure(path + ": " + error.message)
                    }
                }
                return nil
            }
        } catch {
            switch error {
            case .source(let failure): throw failure
            case .store(let failure): throw Failure(failure.message)
            }
        }
    }

    private static func cannotRead(_ path: String, _ code: Int32) -> Failure {
        Failure(tr("cannot read “{path}”: {reason}", ["path": path, "reason": String(cString: strerror(code))]))
    }

    /// `saoma scan --record`: adds every code read to the history (source `cli`, the file as its photo path).
    public static func record(_ results: [ScanCommand.FileResult], databasePath: String = defaultDatabasePath) -> String? {
        do {
            // `saoma scan --record` says in one line of its own why a code was not kept.
            let store = try openStore(databasePath, reporting: false)
            let now = HistoryTime.now()
            for result in results {
                let photoPath = URL(fileURLWithPath: result.file).standardizedFileURL.path
                for symbol in result.symbols {
                    try store.record(HistoryRecord(symbol: symbol, source: .cli, timeMilliseconds: now, photoPath: photoPath))
                }
            }
            return nil
        } catch let failure as Failure {
            return failure.message
        } catch let error as HistoryStoreError {
            return error.message
        } catch {
            return "\(error)"
        }
    }
}
