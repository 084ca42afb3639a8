// SPDX-License-Identifier: GPL-3.0-or-later
import CSQLite
import Foundation
import GLibSwift
import SaomaCore

/// The scan history in SQLite: the only caller of `sqlite3_*`.
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
    /// A file that is not SQLite, is damaged, or holds tables, views or triggers Saoma does not
    /// make is renamed `history.db.corrupt-<UTC time>` (with its `-wal` and `-shm`; never over
    /// another file) and a new history begun; one from a newer Saoma, or one that cannot be
    /// written, is opened read-only. The database and its `-wal` and `-shm` must not be
    /// symbolic links (its folders may be). Throws only when nothing can be opened at all.
    public init(path: String, now: Int64 = HistoryTime.now()) throws(HistoryStoreError) {
        self.path = path
        var notices: [HistoryNotice] = []
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            try? FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        // SQLite's no-follow mode refuses a link anywhere in the name, and a data folder that is a
        // link (a dotfile manager's) is fine: only the file's own name is kept from being one.
        let file = Self.resolvingFolder(of: path)
        try Self.checkFiles(file, shownAs: path)

        var opened = try Self.openProbed(path: file, shownAs: path)
        switch opened {
        case .damaged:
            notices.append(.movedAside(path: try Self.moveAside(path: file, now: now)))
            opened = try Self.openProbed(path: file, shownAs: path)
        case .foreign:
            notices.append(.foreignSchema(path: try Self.moveAside(path: file, now: now)))
            opened = try Self.openProbed(path: file, shownAs: path)
        case .ready:
            break
        }
        guard case .ready(var connection, let readOnly, let version) = opened else { throw .corrupt }
        var isReadOnly = readOnly
        if readOnly { notices.append(.readOnly(reason: tr("the file cannot be written"))) }
        if version > HistorySchema.currentVersion {
            // A connection already read-only stays (it may be the only kind the file allows).
            if !readOnly { connection = try Self.connect(path: file, shownAs: path, readOnly: true) }
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
        /// Not SQLite, or damaged.
        case damaged
        /// SQLite, but with objects Saoma's migrations do not make.
        case foreign
    }

    /// Opens the file and reads its schema: `.damaged` when it is not SQLite or damaged,
    /// `.foreign` when its schema is not exactly Saoma's at its version.
    private static func openProbed(path: String, shownAs shown: String, immutable: Bool = false) throws(HistoryStoreError) -> Probe {
        var readOnly = immutable
        let connection: SQLiteConnection
        do {
            connection = try connect(path: path, shownAs: shown, readOnly: immutable, immutable: immutable)
        } catch {
            guard case .cannotWrite = error, FileManager.default.fileExists(atPath: path) else { throw error }
            connection = try connect(path: path, shownAs: shown, readOnly: true)
            readOnly = true
        }
        do {
            let version = Int(try connection.integer("PRAGMA user_version") ?? 0)
            _ = try connection.integer("SELECT count(*) FROM sqlite_schema")
            // A newer Saoma's schema is not known here; it is only read (views and triggers are
            // off on every connection, whatever the file holds).
            if version <= HistorySchema.currentVersion, !(try HistorySchema.isOwn(connection, version: version)) { return .foreign }
            if version >= 1 { _ = try connection.integer("SELECT max(id) FROM history") }
            return .ready(connection, readOnly: readOnly, version: version)
        } catch {
            if error.code == SQLITE_NOTADB || error.code == SQLITE_CORRUPT { return .damaged }
            // A WAL file is read through its `-shm`, which a read-only or full file system cannot
            // hold: the rows are read as they are, and nothing new is kept.
            if !immutable, error.code == SQLITE_CANTOPEN || error.code == SQLITE_IOERR, FileManager.default.fileExists(atPath: path) {
                return try openProbed(path: path, shownAs: shown, immutable: true)
            }
            throw HistoryStoreError(error)
        }
    }

    private static func connect(path: String, shownAs shown: String, readOnly: Bool, immutable: Bool = false) throws(HistoryStoreError)
        -> SQLiteConnection
    {
        do {
            let connection = try SQLiteConnection(path: path, readOnly: readOnly, immutable: immutable)
            connection.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
            return connection
        } catch {
            if error.isSymbolicLink { throw .symbolicLink(shown) }
            throw HistoryStoreError(error)
        }
    }

    /// `path` with its folder's symbolic links resolved (the name itself is left as it is).
    static func resolvingFolder(of path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        guard let resolved = realpath(folder.isEmpty ? "." : folder, nil) else { return path }
        defer { free(resolved) }
        return (String(cString: resolved) as NSString).appendingPathComponent(name)
    }

    /// Refuses folders, FIFOs, devices and sockets where the database should be (a FIFO would
    /// block the first read forever), and symbolic links for the database, its `-wal` and its
    /// `-shm` (SQLite refuses them too, when it opens each file, so a link made after this
    /// check is refused as well).
    private static func checkFiles(_ path: String, shownAs shown: String) throws(HistoryStoreError) {
        for suffix in ["", "-wal", "-shm"] {
            var info = stat()
            guard lstat(path + suffix, &info) == 0 else { continue }
            if info.st_mode & S_IFMT == S_IFLNK { throw .symbolicLink(shown + suffix) }
            if suffix.isEmpty, info.st_mode & S_IFMT != S_IFREG { throw .notAFile(shown) }
        }
    }

    /// Renames the file (and its journal files) to `…corrupt-<UTC time>`, never over an existing
    /// file; returns the new path.
    private static func moveAside(path: String, now: Int64) throws(HistoryStoreError) -> String {
        let stamp = path + ".corrupt-" + HistoryTime.fileStamp(milliseconds: now)
        for attempt in 1...1000 {
            let aside = attempt == 1 ? stamp : stamp + "-\(attempt)"
            let status = NoReplaceRename.rename(NoReplaceRename.cString(path), to: NoReplaceRename.cString(aside))
            if status == EEXIST { continue }
            guard status == 0 else { throw .cannotWrite(String(cString: strerror(status))) }
            for suffix in ["-wal", "-shm"] {
                _ = NoReplaceRename.rename(NoReplaceRename.cString(path + suffix), to: NoReplaceRename.cString(aside + suffix))
            }
            return aside
        }
        throw .cannotWrite(String(cString: strerror(EEXIST)))
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
