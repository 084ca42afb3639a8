// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SQLiteHistory

@testable import SaomaUI

/// A History page over a real SQLite history (`saoma/history.db`) in a temporary folder of its own.
@MainActor
final class TemporaryHistoryPage {
    let folder: String
    let recorder: HistoryRecorder
    let page: HistoryPage

    /// The folder is named `prefix` and a unique suffix.
    init(prefix: String) {
        folder = NSTemporaryDirectory() + "\(prefix)-\(UUID().uuidString)"
        recorder = HistoryRecorder(path: folder + "/saoma/history.db")
        page = HistoryPage(recorder: recorder)
    }

    /// Deletes the folder and the history in it.
    func remove() { try? FileManager.default.removeItem(atPath: folder) }
}
