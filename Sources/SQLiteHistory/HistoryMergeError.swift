// SPDX-License-Identifier: GPL-3.0-or-later

/// Why a merge (an import) added nothing: the rows' source failed, or the store did.
public enum HistoryMergeError<Failure: Error>: Error {
    /// What the source of rows threw (a bad line of the file being imported).
    case source(Failure)
    /// The history could not be written.
    case store(HistoryStoreError)
}
