// SPDX-License-Identifier: GPL-3.0-or-later
import CSQLite

/// A failed SQLite call: its primary result code and SQLite's message.
struct SQLiteError: Error, Equatable {
    /// The primary result code (`SQLITE_BUSY`, `SQLITE_CORRUPT`…), extended bits removed.
    var code: Int32
    var message: String
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
/// are bound with `SQLITE_TRANSIENT` (SQLite copies them); column values are copied out before
/// the next step.
final class SQLiteConnection {
    let handle: OpaquePointer

    /// Opens `path` read-write (created when missing) or read-only.
    init(path: String, readOnly: Bool) throws(SQLiteError) {
        var db: OpaquePointer?
        let flags = readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        let status = sqlite3_open_v2(path, &db, flags, nil)
        guard status == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(status))
            sqlite3_close_v2(db)
            throw SQLiteError(code: status & 0xFF, message: message)
        }
        handle = db
        sqlite3_extended_result_codes(db, 0)
    }

    deinit { sqlite3_close_v2(handle) }

    /// Milliseconds a statement waits for another connection's lock before failing with `SQLITE_BUSY`.
    func setBusyTimeout(milliseconds: Int32) { sqlite3_busy_timeout(handle, milliseconds) }

    /// Runs one or more statements that return no rows.
    func execute(_ sql: String) throws(SQLiteError) {
        let status = sqlite3_exec(handle, sql, nil, nil, nil)
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
            case .text(let s): status = sqlite3_bind_text(statement, index, s, -1, saoma_sqlite_transient())
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

    /// Advances to the next row; `false` when done.
    func step() throws(SQLiteError) -> Bool {
        switch sqlite3_step(statement) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let status: throw connection.error(status)
        }
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
