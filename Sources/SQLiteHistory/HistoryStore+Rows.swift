// SPDX-License-Identifier: GPL-3.0-or-later
import CSQLite
import SaomaCore

/// Reading and writing rows.
extension HistoryStore {
    /// The columns every query reads, in `record(from:)`'s order.
    static let columns = "id, time_ms, source, format, text, bytes, photo_path, label, starred"

    static func record(from row: SQLiteStatement) -> HistoryRecord {
        HistoryRecord(
            id: row.int64(0), timeMilliseconds: row.int64(1), source: HistorySource(rawValue: row.text(2) ?? "") ?? .cli,
            format: row.text(3) ?? "", text: row.text(4), bytes: row.blob(5), photoPath: row.text(6), label: row.text(7),
            starred: row.int64(8) != 0)
    }

    /// Adds a code read at `record.timeMilliseconds`, or refreshes the time of the same code's row
    /// when it was recorded within `HistoryRefreshRule.refreshWindowMilliseconds`.
    @discardableResult
    public func record(_ record: HistoryRecord) throws(HistoryStoreError) -> RecordOutcome {
        guard HistoryTime.range.contains(record.timeMilliseconds) else { throw .timeOutOfRange }
        return try writing { db throws(SQLiteError) in
            let window = HistoryRefreshRule.refreshWindowMilliseconds
            let recent = try db.prepare(
                "SELECT id, time_ms FROM history WHERE time_ms BETWEEN ? AND ? AND format = ? AND bytes = ? ORDER BY time_ms DESC LIMIT 1",
                [
                    .integer(record.timeMilliseconds - window), .integer(record.timeMilliseconds + window), .text(record.format),
                    .blob(record.bytes),
                ])
            if try recent.step(), HistoryRefreshRule.refreshes(previous: recent.int64(1), now: record.timeMilliseconds) {
                let id = recent.int64(0)
                try db.run("UPDATE history SET time_ms = max(time_ms, ?) WHERE id = ?", [.integer(record.timeMilliseconds), .integer(id)])
                return .refreshed(id)
            }
            return .added(try Self.insert(record, into: db, keepingID: false))
        }
    }

    /// Inserts `record` and indexes it; with `keepingID` its old id is reused when still free (Undo).
    static func insert(_ record: HistoryRecord, into db: SQLiteConnection, keepingID: Bool) throws(SQLiteError) -> Int64 {
        var writer = try RowWriter(db)
        return try writer.insert(record, keepingID: keepingID)
    }

    /// The statements that add a row and its full-text entry, prepared once for many rows.
    ///
    /// The index is kept here rather than by triggers: connections run with triggers off and an
    /// untrusted schema, under which SQLite refuses a trigger that writes a virtual table.
    struct RowWriter {
        let db: SQLiteConnection
        let insertRow: SQLiteStatement
        let indexRow: SQLiteStatement

        init(_ db: SQLiteConnection) throws(SQLiteError) {
            self.db = db
            insertRow = try db.prepare(
                """
                INSERT INTO history(id, time_ms, source, format, text, bytes, kind, photo_path, label, starred)
                VALUES (CASE WHEN EXISTS(SELECT 1 FROM history WHERE id = ?1) THEN NULL ELSE ?1 END, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
                """)
            indexRow = try db.prepare("INSERT INTO history_fts(rowid, text, label) SELECT id, text, label FROM history WHERE id = ?")
        }

        /// Adds `record`; returns its row id.
        mutating func insert(_ record: HistoryRecord, keepingID: Bool) throws(SQLiteError) -> Int64 {
            let id: SQLiteValue = keepingID ? (record.id.map { .integer($0) } ?? .null) : .null
            try insertRow.reset([
                id, .integer(record.timeMilliseconds), .text(record.source.rawValue), .text(record.format), .optionalText(record.text),
                .blob(record.bytes), .text(record.kind.rawValue), .optionalText(record.photoPath), .optionalText(record.label),
                .integer(record.starred ? 1 : 0),
            ])
            while try insertRow.step() {}
            let rowID = db.lastInsertRowID
            try indexRow.reset([.integer(rowID)])
            while try indexRow.step() {}
            return rowID
        }
    }

    /// Removes row `id`'s full-text entry (with the values it was indexed with), before the row
    /// itself is changed or deleted.
    static func unindex(id: Int64, in db: SQLiteConnection) throws(SQLiteError) {
        try db.run(
            "INSERT INTO history_fts(history_fts, rowid, text, label) SELECT 'delete', id, text, label FROM history WHERE id = ?",
            [.integer(id)])
    }

    /// Indexes row `id` again after a change.
    static func reindex(id: Int64, in db: SQLiteConnection) throws(SQLiteError) {
        try db.run("INSERT INTO history_fts(rowid, text, label) SELECT id, text, label FROM history WHERE id = ?", [.integer(id)])
    }

    /// The newest rows first (ties by id), `limit` of them after skipping `offset`.
    public func recent(limit: Int, offset: Int = 0) throws(HistoryStoreError) -> [HistoryRecord] {
        try locked { db throws(SQLiteError) in
            let rows = try db.prepare(
                "SELECT \(Self.columns) FROM history ORDER BY time_ms DESC, id DESC LIMIT ? OFFSET ?",
                [.integer(Int64(limit)), .integer(Int64(offset))])
            return try Self.collect(rows)
        }
    }

    /// Rows whose text or label contains `query` (case-insensitive for ASCII), newest first.
    ///
    /// Three characters or more use the trigram index (any part of a CJK word is found); shorter
    /// queries scan with `instr`, newest first, stopping at `limit`.
    public func search(_ query: String, limit: Int, offset: Int = 0) throws(HistoryStoreError) -> [HistoryRecord] {
        let trimmed = query.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return try recent(limit: limit, offset: offset) }
        return try locked { db throws(SQLiteError) in
            let rows: SQLiteStatement
            if trimmed.unicodeScalars.count >= 3 {
                // The index is walked newest row id first and stops at the page's end, so a phrase
                // found in a fifth of all rows costs no more than a rare one; the page is then
                // sorted by time (ids follow insertion: a refreshed or imported row is placed by
                // when it was added).
                let phrase = "\"" + trimmed.replacingOccurrences(of: "\"", with: "\"\"") + "\""
                rows = try db.prepare(
                    """
                    SELECT \(Self.columns) FROM history WHERE id IN (
                        SELECT rowid FROM history_fts WHERE history_fts MATCH ? ORDER BY rowid DESC LIMIT ? OFFSET ?)
                    ORDER BY time_ms DESC, id DESC
                    """, [.text(phrase), .integer(Int64(limit)), .integer(Int64(offset))])
            } else {
                rows = try db.prepare(
                    """
                    SELECT \(Self.columns) FROM history WHERE instr(lower(text), lower(?1)) > 0 OR instr(lower(label), lower(?1)) > 0
                    ORDER BY time_ms DESC, id DESC LIMIT ?2 OFFSET ?3
                    """, [.text(trimmed), .integer(Int64(limit)), .integer(Int64(offset))])
            }
            return try Self.collect(rows)
        }
    }

    /// Every row, oldest first (for export).
    public func all() throws(HistoryStoreError) -> [HistoryRecord] {
        try locked { db throws(SQLiteError) in try Self.collect(db.prepare("SELECT \(Self.columns) FROM history ORDER BY time_ms, id")) }
    }

    /// The number of rows.
    public func count() throws(HistoryStoreError) -> Int {
        try locked { db throws(SQLiteError) in Int(try db.integer("SELECT count(*) FROM history") ?? 0) }
    }

    /// The row with `id`, if any.
    public func record(id: Int64) throws(HistoryStoreError) -> HistoryRecord? {
        try locked { db throws(SQLiteError) in
            try Self.collect(db.prepare("SELECT \(Self.columns) FROM history WHERE id = ?", [.integer(id)])).first
        }
    }

    /// Sets or removes (`nil` or empty) a row's label.
    public func setLabel(_ label: String?, id: Int64) throws(HistoryStoreError) {
        let value: SQLiteValue = (label?.isEmpty ?? true) ? .null : .optionalText(label)
        try writing { db throws(SQLiteError) in
            try Self.unindex(id: id, in: db)
            try db.run("UPDATE history SET label = ? WHERE id = ?", [value, .integer(id)])
            try Self.reindex(id: id, in: db)
        }
    }

    /// Stars or unstars a row.
    public func setStarred(_ starred: Bool, id: Int64) throws(HistoryStoreError) {
        try writing { db throws(SQLiteError) in
            try db.run("UPDATE history SET starred = ? WHERE id = ?", [.integer(starred ? 1 : 0), .integer(id)])
        }
    }

    /// Deletes rows; returns them as they were (for Undo through `restore`).
    @discardableResult
    public func delete(ids: [Int64]) throws(HistoryStoreError) -> [HistoryRecord] {
        try writing { db throws(SQLiteError) in
            var removed: [HistoryRecord] = []
            for id in ids {
                removed += try Self.collect(db.prepare("SELECT \(Self.columns) FROM history WHERE id = ?", [.integer(id)]))
                try Self.unindex(id: id, in: db)
                try db.run("DELETE FROM history WHERE id = ?", [.integer(id)])
            }
            return removed
        }
    }

    /// Puts deleted rows back (with their old ids when still free).
    public func restore(_ records: [HistoryRecord]) throws(HistoryStoreError) {
        try writing { db throws(SQLiteError) in
            var writer = try RowWriter(db)
            for record in records { _ = try writer.insert(record, keepingID: true) }
        }
    }

    /// Deletes every row.
    public func clear() throws(HistoryStoreError) {
        try writing { db throws(SQLiteError) in
            // One statement over every row: a million take seconds, so the bulk time limit.
            let limit = db.timeLimitNanoseconds
            db.timeLimitNanoseconds = HistorySchema.migrationTimeLimitNanoseconds
            defer { db.timeLimitNanoseconds = limit }
            try db.execute("INSERT INTO history_fts(history_fts) VALUES ('delete-all'); DELETE FROM history")
        }
    }

    /// Adds the rows not already there (same time, format and bytes); returns how many were
    /// added and how many skipped. One transaction: all or nothing.
    public func merge(_ records: [HistoryRecord]) throws(HistoryStoreError) -> (added: Int, skipped: Int) {
        var pending: [HistoryRecord]? = records
        do {
            return try merge { () throws(HistoryStoreError) -> [HistoryRecord]? in
                defer { pending = nil }
                return pending
            }
        } catch {
            switch error {
            case .source(let failure), .store(let failure): throw failure
            }
        }
    }

    /// Adds the rows that `next` hands out, batch by batch until it returns `nil`, that are not
    /// already there (same time, format and bytes; a row twice in the input is added once), in
    /// one transaction: when `next` throws, or a row cannot be stored, nothing is added. Memory
    /// is one batch. Returns how many rows were added and how many skipped.
    public func merge<Failure: Error>(
        batches next: () throws(Failure) -> [HistoryRecord]?
    ) throws(HistoryMergeError<Failure>) -> (added: Int, skipped: Int) {
        var sourceFailure: Failure?
        var refusal: HistoryStoreError?
        do throws(HistoryStoreError) {
            return try writing { db throws(SQLiteError) in
                var writer = try RowWriter(db)
                let existing = try db.prepare("SELECT 1 FROM history WHERE time_ms = ? AND format = ? AND bytes = ? LIMIT 1")
                var added = 0
                var skipped = 0
                while true {
                    let batch: [HistoryRecord]
                    do throws(Failure) {
                        guard let some = try next() else { break }
                        batch = some
                    } catch {
                        sourceFailure = error
                        // Any error rolls the transaction back; this one is reported as it was.
                        throw SQLiteError(code: SQLITE_ABORT, message: "")
                    }
                    for record in batch {
                        guard HistoryTime.range.contains(record.timeMilliseconds) else {
                            refusal = .timeOutOfRange
                            throw SQLiteError(code: SQLITE_ABORT, message: "")
                        }
                        try existing.reset([.integer(record.timeMilliseconds), .text(record.format), .blob(record.bytes)])
                        if try existing.step() {
                            skipped += 1
                            continue
                        }
                        _ = try writer.insert(record, keepingID: false)
                        added += 1
                    }
                }
                return (added, skipped)
            }
        } catch {
            if let sourceFailure { throw .source(sourceFailure) }
            throw .store(refusal ?? error)
        }
    }

    static func collect(_ rows: SQLiteStatement) throws(SQLiteError) -> [HistoryRecord] {
        var out: [HistoryRecord] = []
        while try rows.step() { out.append(record(from: rows)) }
        return out
    }
}

extension HistoryStore {
    /// Copies the write-ahead log into the database file and empties it (for measuring its size).
    public func checkpoint() throws(HistoryStoreError) {
        try locked { db throws(SQLiteError) in try db.execute("PRAGMA wal_checkpoint(TRUNCATE)") }
    }
}
