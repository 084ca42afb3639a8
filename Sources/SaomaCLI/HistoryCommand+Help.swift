// SPDX-License-Identifier: GPL-3.0-or-later
import GLibSwift

extension HistoryCommand {
    /// `saoma history --help`.
    public static var helpText: String {
        tr(
            """
            Usage:
              saoma history [--json] [--search TEXT] [--limit N]
              saoma history export FILE.csv|FILE.jsonl [--force]
              saoma history import FILE.csv|FILE.jsonl
              saoma history clear --yes

            The codes scanned in the window and by “saoma scan --record”, newest first, kept in
            $XDG_DATA_HOME/saoma/history.db (~/.local/share/saoma/history.db).

            Options:
              --json            one JSON object per row and line (the export's fields)
              --search TEXT     only rows whose text or label contains TEXT
              --limit N         at most N rows (default 50)
              --force           let export replace an existing file
              --yes             confirm “clear”

            Text output: one line per row: time (UTC), source, format, ★ when starred, [label], text.
            Export and import use CSV (RFC 4180, header time,source,format,text,bytes_hex,label,starred)
            or JSON Lines with the same fields; import adds only the rows not already there.

            Exit status: 0 on success, 2 on errors.

            """)
    }
}
