// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaCore

/// Searching for several terms at once (the desktop's search, which sends what is typed split at
/// white space): rows holding every term in their text or label.
extension HistoryStore {
    /// Rows whose text or label contains every one of `terms` (case-insensitive for ASCII),
    /// newest first, at most `limit`.
    ///
    /// Terms of three characters or more go through the trigram index together (the same query
    /// as `search`, its phrases joined by AND); shorter ones are checked with `instr` on the rows
    /// the index gives, or, when no term is long enough for the index, on the rows newest first,
    /// stopping at `limit` (and after the newest `scanRows` when given: such a scan reads every
    /// row a rare term is not in). No terms: no rows.
    public func search(terms: [String], limit: Int, scanningAtMost scanRows: Int? = nil) throws(HistoryStoreError) -> [HistoryRecord] {
        let cleaned = terms.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        guard !cleaned.isEmpty, limit > 0 else { return [] }
        let long = cleaned.filter { $0.unicodeScalars.count >= 3 }
        let short = cleaned.filter { $0.unicodeScalars.count < 3 }
        var values: [SQLiteValue] = []
        // Each short term: in the text or in the label (numbered parameters, one per term).
        let shortConditions = short.map { term -> String in
            values.append(.text(term))
            let n = values.count
            return "(instr(lower(text), lower(?\(n))) > 0 OR instr(lower(label), lower(?\(n))) > 0)"
        }
        return try locked { db throws(SQLiteError) in
            let rows: SQLiteStatement
            if long.isEmpty {
                var source = "history"
                if let scanRows {
                    values.append(.integer(Int64(max(0, scanRows))))
                    source = "(SELECT * FROM history ORDER BY time_ms DESC, id DESC LIMIT ?\(values.count))"
                }
                values.append(.integer(Int64(limit)))
                rows = try db.prepare(
                    """
                    SELECT \(Self.columns) FROM \(source) WHERE \(shortConditions.joined(separator: " AND "))
                    ORDER BY time_ms DESC, id DESC LIMIT ?\(values.count)
                    """, values)
            } else {
                // Newest row ids first, stopping at the limit, as `search` walks the index.
                let match = long.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }.joined(separator: " AND ")
                values.append(.text(match))
                let matchIndex = values.count
                values.append(.integer(Int64(limit)))
                let extra = shortConditions.isEmpty ? "" : " AND " + shortConditions.joined(separator: " AND ")
                rows = try db.prepare(
                    """
                    SELECT \(Self.columns) FROM history WHERE id IN (
                        SELECT rowid FROM history_fts WHERE history_fts MATCH ?\(matchIndex)\(extra) ORDER BY rowid DESC LIMIT ?\(values.count))
                    ORDER BY time_ms DESC, id DESC
                    """, values)
            }
            return try Self.collect(rows)
        }
    }

    /// The rows with these ids that still exist, in the order of `ids` (unknown ids are skipped).
    public func records(ids: [Int64]) throws(HistoryStoreError) -> [HistoryRecord] {
        guard !ids.isEmpty else { return [] }
        let found = try locked { db throws(SQLiteError) in
            let placeholders = Array(repeating: "?", count: ids.count).joined(separator: ", ")
            return try Self.collect(
                db.prepare("SELECT \(Self.columns) FROM history WHERE id IN (\(placeholders))", ids.map { .integer($0) }))
        }
        let byID = Dictionary(found.compactMap { record in record.id.map { ($0, record) } }, uniquingKeysWith: { first, _ in first })
        return ids.compactMap { byID[$0] }
    }
}
