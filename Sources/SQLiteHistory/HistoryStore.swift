// SPDX-License-Identifier: GPL-3.0-or-later
import CSQLite
import Foundation
import GLibSwift
import SaomaCore

/// The scan history in SQLite (seed 014): the only caller of `sqlite3_*`.
///
/// One connection per store, used from any thread: every method runs under `lock`, so calls are
/// serialised (the window keeps its store on a worker queue, never on the UI thread). Several
/// stores, in this process or others (the window and `saoma history`), may share one file: WAL
/// lets readers go on while one writes, writers take the lock first (`BEGIN IMMEDIATE`) and wait
/// up to `busyTimeoutMilliseconds` for each other.
public final class HistoryStore: @unchecked Sendable {
    /// Milliseconds a writer waits for another connection's lock.
    static let busyTimeoutMilliseconds: Int32 = 5000

    /// Guards `connection`.
    private let lock = NSLock()
    /// Used only under `lock`.
    let connection: SQLiteConnection
    /// The database file.
    public let path: String
    /// Whether writes are refused (newer schema or an unwritable file).
    public let isReadOnly: Bool
    /// What the person should be told about opening (a moved-aside file, read-only mode).
    public let notices: [HistoryNotice]

    /// What recording a code did.
    public enum RecordOutcome: Equatable, Sendable {
        /// A new row with this id.
        case added(Int64)
        /// The same code was recorded moments ago: that row's time was refreshed.
        case refreshed(Int64)
    }

    /// `$XDG_DATA_HOME/saoma/history.db` for the given user data folder.
    public static func defaultPath(userDataDirectory: String) -> String {
        (userDataDirectory as NSString).appendingPathComponent("saoma/history.db")
    }

    /// Opens (or creates) the history at `path`; `now` names a moved-aside damaged file.
    ///
    /// A file that is not SQLite or is damaged is renamed `history.db.corrupt-<UTC time>` (with its
    /// `-wal` and `-shm`) and a new history begun; one from a newer Saoma, or one that cannot be
    /// written, is opened read-only. Throws only when nothing can be opened at all.
    public init(path: String, now: Int64 = HistoryTime.now()) throws(HistoryStoreError) {
        self.path = path
        var notices: [HistoryNotice] = []
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            try? FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        try Self.checkRegularFile(path)

        var opened = try Self.openProbed(path: path)
        if case .damaged = opened {
            let aside = try Self.moveAside(path: path, now: now)
            notices.append(.movedAside(path: aside))
            opened = try Self.openProbed(path: path)
        }
        guard case .ready(var connection, let readOnly, let version) = opened else { throw .corrupt }
        var isReadOnly = readOnly
        if readOnly { notices.append(.readOnly(reason: tr("the file cannot be written"))) }
        if version > HistorySchema.currentVersion {
            connection = try Self.connect(path: path, readOnly: true)
            isReadOnly = true
            notices.append(.newerSchema(version: version))
        } else if !isReadOnly {
            do {
                // WAL with synchronous NORMAL: a commit is not flushed until the next checkpoint, so
                // a power cut may lose the last scans, but never damages the file.
                try connection.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL")
                if version < HistorySchema.currentVersion { try HistorySchema.migrate(connection) }
            } catch {
                throw HistoryStoreError(error)
            }
        } else if version < HistorySchema.currentVersion {
            throw .cannotWrite(path)
        }
        self.connection = connection
        self.isReadOnly = isReadOnly
        self.notices = notices
    }

    private enum Probe {
        case ready(SQLiteConnection, readOnly: Bool, version: Int)
        case damaged
    }

    /// Opens the file and reads its schema; `.damaged` when it is not SQLite or damaged.
    private static func openProbed(path: String) throws(HistoryStoreError) -> Probe {
        var readOnly = false
        let connection: SQLiteConnection
        do {
            connection = try connect(path: path, readOnly: false)
        } catch {
            guard FileManager.default.fileExists(atPath: path) else { throw error }
            connection = try connect(path: path, readOnly: true)
            readOnly = true
        }
        do {
            let version = Int(try connection.integer("PRAGMA user_version") ?? 0)
            _ = try connection.integer("SELECT count(*) FROM sqlite_master")
            if version >= 1 { _ = try connection.integer("SELECT max(id) FROM history") }
            return .ready(connection, readOnly: readOnly, version: version)
        } catch {
            if error.code == SQLITE_NOTADB || error.code == SQLITE_CORRUPT { return .damaged }
            throw HistoryStoreError(error)
        }
    }

    private static func connect(path: String, readOnly: Bool) throws(HistoryStoreError) -> SQLiteConnection {
        do {
            let connection = try SQLiteConnection(path: path, readOnly: readOnly)
            connection.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
            return connection
        } catch {
            throw HistoryStoreError(error)
        }
    }

    /// Refuses folders, FIFOs, devices and sockets where the database should be (a FIFO would
    /// block the first read forever).
    private static func checkRegularFile(_ path: String) throws(HistoryStoreError) {
        var info = stat()
        guard stat(path, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .notAFile(path) }
    }

    /// Renames the damaged file (and its journal files) to `…corrupt-<UTC time>`; returns the new path.
    private static func moveAside(path: String, now: Int64) throws(HistoryStoreError) -> String {
        var aside = path + ".corrupt-" + HistoryTime.fileStamp(milliseconds: now)
        var attempt = 1
        while FileManager.default.fileExists(atPath: aside) {
            attempt += 1
            aside = path + ".corrupt-" + HistoryTime.fileStamp(milliseconds: now) + "-\(attempt)"
        }
        guard rename(path, aside) == 0 else { throw .cannotWrite(String(cString: strerror(errno))) }
        for suffix in ["-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
            _ = rename(path + suffix, aside + suffix)
        }
        return aside
    }

    /// Runs `body` under the lock, mapping SQLite failures.
    func locked<T>(_ body: (SQLiteConnection) throws(SQLiteError) -> T) throws(HistoryStoreError) -> T {
        lock.lock()
        defer { lock.unlock() }
        do {
            return try body(connection)
        } catch {
            throw HistoryStoreError(error)
        }
    }

    /// Like `locked`, refusing when the store is read-only.
    func writing<T>(_ body: (SQLiteConnection) throws(SQLiteError) -> T) throws(HistoryStoreError) -> T {
        if isReadOnly {
            if case .newerSchema(let version)? = notices.first(where: { if case .newerSchema = $0 { true } else { false } }) {
                throw .newerSchema(version: version)
            }
            throw .cannotWrite(path)
        }
        return try locked { connection throws(SQLiteError) in
            try connection.writeTransaction { () throws(SQLiteError) in try body(connection) }
        }
    }
}
