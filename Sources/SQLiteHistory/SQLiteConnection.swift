// SPDX-License-Identifier: GPL-3.0-or-later
import CSQLite
import Foundation
import Glibc

/// A failed SQLite call: its primary result code and SQLite's message.
struct SQLiteError: Error, Equatable {
    /// The primary result code (`SQLITE_BUSY`, `SQLITE_CORRUPT`…), extended bits removed.
    var code: Int32
    var message: String
    /// Whether opening was refused because the file's name is a symbolic link.
    var isSymbolicLink = false
}

/// A value bound to a statement parameter.
enum SQLiteValue {
    case integer(Int64)
    case text(String)
    case blob([UInt8])
    case null

    static func optionalText(_ text: String?) -> SQLiteValue { text.map { .text($0) } ?? .null }
}

/// One SQLite connection, owned by whoever opened it and closed in `deinit`.
///
/// Not thread-safe by itself: `HistoryStore` serialises every use under its lock. Text and blobs
/// are bound with their byte counts and `SQLITE_TRANSIENT` (SQLite copies them, NUL bytes
/// included); column values are copied out before the next step.
///
/// Opened defensively, for a file anyone may have written: symbolic links are not followed (the
/// file's own name, its `-wal` and `-shm`: `SQLITE_OPEN_NOFOLLOW`, and SQLite opens its journal
/// files with `O_NOFOLLOW`), the schema is not trusted (`trusted_schema` off, so no function or
/// virtual table runs from a view or trigger), views and triggers are switched off altogether,
/// `SQLITE_DBCONFIG_DEFENSIVE` keeps SQL from writing the schema or corrupting the file, and no
/// statement runs longer than `timeLimitNanoseconds` (a progress handler interrupts it).
final class SQLiteConnection {
    let handle: OpaquePointer
    /// When the running statement must stop, in `CLOCK_MONOTONIC` nanoseconds (0: no statement
    /// running). Read by the progress handler on the connection's thread, so it needs no lock.
    private let deadline: UnsafeMutablePointer<UInt64>
    /// Nanoseconds one statement (one `step` or `execute`) may run before it is interrupted.
    var timeLimitNanoseconds: UInt64 = SQLiteConnection.defaultTimeLimitNanoseconds

    /// Nanoseconds a statement may run unless told otherwise: no query of Saoma's takes a
    /// hundredth of it at a million rows.
    static let defaultTimeLimitNanoseconds: UInt64 = 5_000_000_000
    /// Virtual-machine instructions between two looks at the clock.
    static let progressInterval: Int32 = 1000

    /// Opens `path` read-write (created when missing) or read-only; the file's own name must not
    /// be a symbolic link (its folders may be). `immutable` opens it read-only as a file nothing
    /// changes (SQLite's `immutable=1`): a WAL database whose `-shm` cannot be made (a read-only
    /// or full file system) can be read no other way.
    init(path: String, readOnly: Bool, immutable: Bool = false) throws(SQLiteError) {
        var db: OpaquePointer?
        var flags = (readOnly || immutable ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)) | SQLITE_OPEN_NOFOLLOW
        if immutable { flags |= SQLITE_OPEN_URI }
        let name = immutable ? "file:" + Self.percentEncoded(path) + "?immutable=1" : path
        let status = sqlite3_open_v2(name, &db, flags, nil)
        guard status == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(status))
            let extended = db.map { sqlite3_extended_errcode($0) } ?? status
            sqlite3_close_v2(db)
            throw SQLiteError(code: status & 0xFF, message: message, isSymbolicLink: extended == saoma_sqlite_cantopen_symlink())
        }
        handle = db
        deadline = UnsafeMutablePointer<UInt64>.allocate(capacity: 1)
        deadline.initialize(to: 0)
        sqlite3_extended_result_codes(db, 0)
        for (option, on) in [
            (SQLITE_DBCONFIG_DEFENSIVE, 1), (SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0), (SQLITE_DBCONFIG_ENABLE_VIEW, 0),
            (SQLITE_DBCONFIG_ENABLE_TRIGGER, 0), (SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0),
        ] {
            let configured = saoma_sqlite_db_config_flag(db, option, Int32(on))
            guard configured == SQLITE_OK else {
                sqlite3_close_v2(db)
                deadline.deallocate()
                throw SQLiteError(code: configured & 0xFF, message: "sqlite3_db_config(\(option)) failed")
            }
        }
        sqlite3_progress_handler(
            db, Self.progressInterval,
            { context in
                guard let context else { return 0 }
                let limit = context.assumingMemoryBound(to: UInt64.self).pointee
                return limit != 0 && SQLiteConnection.monotonicNanoseconds() > limit ? 1 : 0
            }, UnsafeMutableRawPointer(deadline))
        do {
            try execute("PRAGMA trusted_schema = OFF")
        } catch {
            sqlite3_close_v2(db)
            deadline.deallocate()
            throw error
        }
    }

    /// Characters a `file:` URI's path keeps as they are: the unreserved ones and `/`.
    static let uriPathCharacters = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/")

    /// `path` as a URI's path: bytes other than unreserved ones and `/` percent-encoded.
    static func percentEncoded(_ path: String) -> String {
        path.addingPercentEncoding(withAllowedCharacters: uriPathCharacters) ?? path
    }

    deinit {
        sqlite3_close_v2(handle)
        deadline.deallocate()
    }

    /// `CLOCK_MONOTONIC` now, in nanoseconds.
    static func monotonicNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
    }

    /// Runs `body` with the statement clock started (calls inside a running one share its deadline).
    func timed<T>(_ body: () -> T) -> T {
        guard deadline.pointee == 0 else { return body() }
        deadline.pointee = Self.monotonicNanoseconds() &+ timeLimitNanoseconds
        defer { deadline.pointee = 0 }
        return body()
    }

    /// Milliseconds a statement waits for another connection's lock before failing with `SQLITE_BUSY`.
    func setBusyTimeout(milliseconds: Int32) { sqlite3_busy_timeout(handle, milliseconds) }

    /// Runs one or more statements that return no rows.
    func execute(_ sql: String) throws(SQLiteError) {
        let status = timed { sqlite3_exec(handle, sql, nil, nil, nil) }
        guard status == SQLITE_OK else { throw error(status) }
    }

    /// A prepared statement with `values` bound to its parameters in order.
    func prepare(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) -> SQLiteStatement {
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard status == SQLITE_OK, let statement else { throw error(status) }
        let prepared = SQLiteStatement(statement, connection: self)
        try prepared.bind(values)
        return prepared
    }

    /// Runs `sql` once (no rows expected).
    func run(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) {
        let statement = try prepare(sql, values)
        while try statement.step() {}
    }

    /// The first column of the first row as an integer (`nil` when there is no row).
    func integer(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) -> Int64? {
        let statement = try prepare(sql, values)
        return try statement.step() ? statement.int64(0) : nil
    }

    /// Runs `body` inside `BEGIN IMMEDIATE` (the write lock taken first, so a read-then-write is
    /// atomic against other processes); rolls back when it throws.
    func writeTransaction<T>(_ body: () throws(SQLiteError) -> T) throws(SQLiteError) -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }
    var changes: Int { Int(sqlite3_changes(handle)) }

    func error(_ status: Int32) -> SQLiteError {
        SQLiteError(code: status & 0xFF, message: String(cString: sqlite3_errmsg(handle)))
    }
}

/// A prepared statement, finalised in `deinit`. Used only by the connection's owner.
final class SQLiteStatement {
    private let statement: OpaquePointer
    private let connection: SQLiteConnection

    fileprivate init(_ statement: OpaquePointer, connection: SQLiteConnection) {
        self.statement = statement
        self.connection = connection
    }

    deinit { sqlite3_finalize(statement) }

    func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let status: Int32
            switch value {
            case .integer(let n): status = sqlite3_bind_int64(statement, index, n)
            case .text(let s):
                // With its byte count: a NUL inside the text is kept, never an end.
                var text = s
                status = text.withUTF8 { utf8 in
                    utf8.withMemoryRebound(to: CChar.self) { chars in
                        guard let base = chars.baseAddress, !chars.isEmpty else {
                            return sqlite3_bind_text(statement, index, "", 0, saoma_sqlite_transient())
                        }
                        return sqlite3_bind_text(statement, index, base, Int32(chars.count), saoma_sqlite_transient())
                    }
                }
            case .blob(let bytes):
                status = bytes.withUnsafeBytes { raw in
                    guard let base = raw.baseAddress, !bytes.isEmpty else { return sqlite3_bind_zeroblob(statement, index, 0) }
                    return sqlite3_bind_blob(statement, index, base, Int32(bytes.count), saoma_sqlite_transient())
                }
            case .null: status = sqlite3_bind_null(statement, index)
            }
            guard status == SQLITE_OK else { throw connection.error(status) }
        }
    }

    /// Advances to the next row (within the connection's time limit); `false` when done.
    func step() throws(SQLiteError) -> Bool {
        switch connection.timed({ sqlite3_step(statement) }) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let status: throw connection.error(status)
        }
    }

    /// Makes the statement ready to run again with new `values`.
    func reset(_ values: [SQLiteValue]) throws(SQLiteError) {
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
        try bind(values)
    }

    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }

    func text(_ column: Int32) -> String? {
        guard sqlite3_column_type(statement, column) != SQLITE_NULL, let pointer = sqlite3_column_text(statement, column) else {
            return nil
        }
        let count = Int(sqlite3_column_bytes(statement, column))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    func blob(_ column: Int32) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(statement, column))
        guard count > 0, let pointer = sqlite3_column_blob(statement, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: count))
    }
}
