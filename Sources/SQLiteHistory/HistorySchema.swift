// SPDX-License-Identifier: GPL-3.0-or-later

/// The history database's schema, one migration per version (`PRAGMA user_version`).
///
/// Never edit a shipped migration: add the next one. Version 1 is the table; version 2 adds the
/// trigram full-text index (CJK text is found by any three-character part); version 3 drops the
/// triggers that kept the index, which `HistoryStore` now keeps itself in the same transaction
/// (with the schema untrusted, SQLite refuses a virtual table written from a trigger, and
/// connections run with triggers switched off), and indexes a code's identity (time, format,
/// bytes), so that an import finds a row already there in one look even when a file gives a
/// million rows the same time.
enum HistorySchema {
    /// The SQL that brings version `index` to `index + 1`.
    static let migrations: [String] = [
        """
        CREATE TABLE history(
            id INTEGER PRIMARY KEY,
            time_ms INTEGER NOT NULL,
            source TEXT NOT NULL,
            format TEXT NOT NULL,
            text TEXT,
            bytes BLOB NOT NULL,
            kind TEXT NOT NULL,
            photo_path TEXT,
            label TEXT,
            starred INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX history_time ON history(time_ms);
        """,
        """
        CREATE VIRTUAL TABLE history_fts USING fts5(text, label, content='history', content_rowid='id', tokenize='trigram');
        CREATE TRIGGER history_fts_insert AFTER INSERT ON history BEGIN
            INSERT INTO history_fts(rowid, text, label) VALUES (new.id, new.text, new.label);
        END;
        CREATE TRIGGER history_fts_delete AFTER DELETE ON history BEGIN
            INSERT INTO history_fts(history_fts, rowid, text, label) VALUES ('delete', old.id, old.text, old.label);
        END;
        CREATE TRIGGER history_fts_update AFTER UPDATE OF text, label ON history BEGIN
            INSERT INTO history_fts(history_fts, rowid, text, label) VALUES ('delete', old.id, old.text, old.label);
            INSERT INTO history_fts(rowid, text, label) VALUES (new.id, new.text, new.label);
        END;
        INSERT INTO history_fts(history_fts) VALUES ('rebuild');
        """,
        """
        DROP TRIGGER history_fts_insert;
        DROP TRIGGER history_fts_delete;
        DROP TRIGGER history_fts_update;
        CREATE INDEX history_identity ON history(time_ms, format, bytes);
        """,
    ]

    /// The version this Saoma writes.
    static var currentVersion: Int { migrations.count }

    /// Nanoseconds a migration may run (300 s; rebuilding the index of a million rows takes seconds).
    static let migrationTimeLimitNanoseconds: UInt64 = 300_000_000_000

    /// Brings `connection` from its version up to `target` in one write transaction (the version
    /// is read again under the lock: another process may have migrated meanwhile).
    static func migrate(_ connection: SQLiteConnection, to target: Int = currentVersion) throws(SQLiteError) {
        let limit = connection.timeLimitNanoseconds
        connection.timeLimitNanoseconds = migrationTimeLimitNanoseconds
        defer { connection.timeLimitNanoseconds = limit }
        try connection.writeTransaction { () throws(SQLiteError) in
            let version = Int(try connection.integer("PRAGMA user_version") ?? 0)
            guard version < target else { return }
            for step in version..<target { try connection.execute(migrations[step]) }
            try connection.execute("PRAGMA user_version = \(target)")
        }
    }

    /// One row of `sqlite_schema`: what kind of object, its name, its table and its SQL.
    struct Object: Hashable {
        var type: String
        var name: String
        var table: String
        var sql: String?
    }

    /// The objects of `connection`'s main database, SQLite's own statistics tables left out.
    static func objects(of connection: SQLiteConnection) throws(SQLiteError) -> Set<Object> {
        let rows = try connection.prepare(
            "SELECT type, name, tbl_name, sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite\\_stat%' ESCAPE '\\'")
        var objects: Set<Object> = []
        while try rows.step() {
            objects.insert(Object(type: rows.text(0) ?? "", name: rows.text(1) ?? "", table: rows.text(2) ?? "", sql: rows.text(3)))
        }
        return objects
    }

    /// The objects Saoma's migrations make up to `version`, as this SQLite writes them (made in
    /// a private in-memory database).
    static func expectedObjects(version: Int) throws(SQLiteError) -> Set<Object> {
        let reference = try SQLiteConnection(path: ":memory:", readOnly: false)
        try migrate(reference, to: version)
        return try objects(of: reference)
    }

    /// `expectedObjects` of every version, made once per process (a few milliseconds each).
    private static let expectedByVersion: [Set<Object>]? = try? (0...currentVersion).map { version throws(SQLiteError) in
        try expectedObjects(version: version)
    }

    /// Whether the schema of `connection`, at `version`, is exactly what Saoma's migrations make:
    /// no other table, index, view or trigger, and every statement as written.
    static func isOwn(_ connection: SQLiteConnection, version: Int) throws(SQLiteError) -> Bool {
        guard (0...currentVersion).contains(version) else { return false }
        let expected: Set<Object>
        if let cached = expectedByVersion?[version] {
            expected = cached
        } else {
            expected = try expectedObjects(version: version)
        }
        return try objects(of: connection) == expected
    }
}
