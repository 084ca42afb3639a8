// SPDX-License-Identifier: GPL-3.0-or-later

/// The history database's schema, one migration per version (`PRAGMA user_version`).
///
/// Never edit a shipped migration: add the next one. Version 1 is the table; version 2 adds the
/// trigram full-text index (CJK text is found by any three-character part, seed 014).
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
    ]

    /// The version this Saoma writes.
    static var currentVersion: Int { migrations.count }

    /// Brings `connection` from its version up to `target` in one write transaction (the version
    /// is read again under the lock: another process may have migrated meanwhile).
    static func migrate(_ connection: SQLiteConnection, to target: Int = currentVersion) throws(SQLiteError) {
        try connection.writeTransaction { () throws(SQLiteError) in
            let version = Int(try connection.integer("PRAGMA user_version") ?? 0)
            guard version < target else { return }
            for step in version..<target { try connection.execute(migrations[step]) }
            try connection.execute("PRAGMA user_version = \(target)")
        }
    }
}
