// SPDX-License-Identifier: GPL-3.0-or-later
import CSQLite
import GLibSwift

/// Why the history could not be opened, read or written.
public enum HistoryStoreError: Error, Equatable, Sendable {
    /// The disk or the file is read-only, or permission is denied.
    case cannotWrite(String)
    /// The disk is full.
    case diskFull
    /// The database is from a newer Saoma and was opened read-only.
    case newerSchema(version: Int)
    /// Another program held the database locked for too long.
    case busy
    /// The file is damaged (found while in use).
    case corrupt
    /// The path is a folder, a device or another special file.
    case notAFile(String)
    /// The database (or its `-wal` or `-shm` file) is a symbolic link, which Saoma does not follow.
    case symbolicLink(String)
    /// A statement ran longer than the connection's time limit and was stopped.
    case tooSlow(seconds: Int)
    /// A row's time lies outside `HistoryTime.range`.
    case timeOutOfRange
    /// Anything else SQLite reported.
    case failed(String)

    /// A one-line message for a person.
    public var message: String {
        switch self {
        case .cannotWrite(let detail): tr("History cannot be saved: {reason}", ["reason": detail])
        case .diskFull: tr("History cannot be saved: the disk is full")
        case .newerSchema: tr("History was written by a newer Saoma: it is shown read-only")
        case .busy: tr("History is locked by another program; try again")
        case .corrupt: tr("The history database is damaged")
        case .notAFile(let path): tr("The history database “{path}” is not a regular file", ["path": path])
        case .symbolicLink(let path):
            tr("The history file “{path}” is a symbolic link; Saoma does not follow it (put the file itself there)", ["path": path])
        case .timeOutOfRange: tr("History cannot keep a time outside the years 1970 to 9999")
        case .tooSlow(let seconds): tr("History took longer than {seconds} s and was stopped", ["seconds": "\(seconds)"])
        case .failed(let detail): tr("History failed: {reason}", ["reason": detail])
        }
    }

    /// Maps a SQLite failure.
    init(_ error: SQLiteError) {
        switch error.code {
        case SQLITE_READONLY, SQLITE_PERM, SQLITE_CANTOPEN, SQLITE_IOERR, SQLITE_AUTH: self = .cannotWrite(error.message)
        case SQLITE_FULL: self = .diskFull
        case SQLITE_BUSY, SQLITE_LOCKED: self = .busy
        case SQLITE_INTERRUPT: self = .tooSlow(seconds: Int(SQLiteConnection.defaultTimeLimitNanoseconds / 1_000_000_000))
        case SQLITE_CORRUPT, SQLITE_NOTADB: self = .corrupt
        default: self = .failed(error.message)
        }
    }
}

/// Something the person should hear about once after opening the history.
public enum HistoryNotice: Equatable, Sendable {
    /// The old file was damaged or not SQLite; it was moved to `path` and a new history begun.
    case movedAside(path: String)
    /// The database is from a newer Saoma (its schema `version`): opened read-only.
    case newerSchema(version: Int)
    /// The file or its folder cannot be written: opened read-only, nothing new is kept.
    case readOnly(reason: String)
    /// The file held tables, views or triggers Saoma does not make; it was moved to `path` and a
    /// new history begun.
    case foreignSchema(path: String)

    /// A one-line message for a person.
    public var message: String {
        switch self {
        case .movedAside(let path):
            tr("The history database was damaged and has been moved to “{path}”; a new one was started", ["path": path])
        case .foreignSchema(let path):
            tr(
                "The history database held tables, views or triggers Saoma does not make; it has been moved to “{path}” and a new one was started",
                ["path": path])
        case .newerSchema: HistoryStoreError.newerSchema(version: 0).message
        case .readOnly(let reason): HistoryStoreError.cannotWrite(reason).message
        }
    }
}
