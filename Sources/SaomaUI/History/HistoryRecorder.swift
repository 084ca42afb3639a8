// SPDX-License-Identifier: GPL-3.0-or-later
import Dispatch
import GLibSwift
import SQLiteHistory
import SaomaCore

/// Where a chosen code came from, for its history row.
public struct CodeOrigin: Equatable, Sendable {
    public var source: HistorySource
    /// The photo's path when the code was read from a photo file.
    public var photoPath: String?

    public init(source: HistorySource, photoPath: String? = nil) {
        self.source = source
        self.photoPath = photoPath
    }

    public static let camera = CodeOrigin(source: .camera)
}

/// The window's link to the history database: every read and write runs on one serial worker
/// queue, never on the UI thread (a slow disk, or the lock of another process writing the same
/// file, must never hold up the window).
///
/// Created and used on the UI thread; results come back through the GLib main loop. The store
/// is opened on the worker the first time it is needed; what happened while opening (a damaged
/// file moved aside, a newer schema) and the first write failure are reported once each through
/// `onProblem`.
@MainActor
public final class HistoryRecorder {
    /// The application's recorder.
    public static let shared = HistoryRecorder(path: HistoryStore.defaultPath(userDataDirectory: UserDirectories.data))

    /// The database file.
    public let path: String
    /// Called on the UI thread after a row was added, changed or removed.
    public var onChanged: [() -> Void] = []
    /// Called on the UI thread with a one-line message the person should see (once per kind).
    public var onProblem: ((String) -> Void)?
    private let worker: HistoryWorker
    /// Whether a write failure was already reported (a full disk is reported once, scanning goes on).
    private var reportedWriteFailure = false

    public init(path: String) {
        self.path = path
        worker = HistoryWorker(path: path)
    }

    /// Whether the "Keep history" preference is on (on without a settings schema).
    public var isKeeping: Bool {
        let settings = AppSettings.shared
        return !settings.hasKey("keep-history") || settings.bool("keep-history")
    }

    /// Records a chosen code, unless "Keep history" is off or the code is a document with
    /// personal data (`PersonalDataRule`: those wait for `keep`); returns whether it was recorded.
    @discardableResult
    public func record(_ symbol: Symbol, origin: CodeOrigin) -> Bool {
        guard isKeeping, PersonalDataRule.decision(for: symbol) == .record else { return false }
        keep(symbol, origin: origin)
        return true
    }

    /// Records `symbol` because the person asked (the result page's Keep); nothing when "Keep history" is off.
    public func keep(_ symbol: Symbol, origin: CodeOrigin) {
        guard isKeeping else { return }
        let record = HistoryRecord(symbol: symbol, source: origin.source, timeMilliseconds: HistoryTime.now(), photoPath: origin.photoPath)
        write { store throws(HistoryStoreError) in _ = try store.record(record) }
    }

    /// Runs `change` on the worker; listeners hear of it afterwards, failures are reported once.
    public func write(_ change: @escaping @Sendable (HistoryStore) throws(HistoryStoreError) -> Void) {
        worker.run { store in
            let outcome: Result<Void, HistoryStoreError>
            do throws(HistoryStoreError) {
                try change(store)
                outcome = .success(())
            } catch {
                outcome = .failure(error)
            }
            return outcome
        } done: { [weak self] result, notices in
            self?.finished(result, notices: notices)
        }
    }

    /// Reads on the worker and hands the result back on the UI thread.
    public func read<T: Sendable>(
        _ query: @escaping @Sendable (HistoryStore) throws(HistoryStoreError) -> T, done: @escaping @Sendable @MainActor (T?) -> Void
    ) {
        worker.run { store in
            do throws(HistoryStoreError) {
                return Result<T, HistoryStoreError>.success(try query(store))
            } catch {
                return .failure(error)
            }
        } done: { [weak self] result, notices in
            self?.report(notices)
            switch result {
            case .success(let value): done(value)
            case .failure(let error):
                self?.onProblem?(error.message)
                done(nil)
            }
        }
    }

    /// Blocks until every queued read and write has run (their UI-thread callbacks may not have).
    public func waitUntilIdle() {
        worker.waitUntilIdle()
    }

    private func finished(_ result: Result<Void, HistoryStoreError>, notices: [String]) {
        report(notices)
        switch result {
        case .success:
            for listener in onChanged { listener() }
        case .failure(let error):
            guard !reportedWriteFailure else { return }
            reportedWriteFailure = true
            onProblem?(error.message)
        }
    }

    private func report(_ notices: [String]) {
        for notice in notices { onProblem?(notice) }
    }
}

/// Owns the store on its serial queue. Every member is used only on `queue`.
private final class HistoryWorker: @unchecked Sendable {
    private let queue = DispatchQueue(label: "saoma.history")
    private let path: String
    private var store: HistoryStore?
    private var openFailure: HistoryStoreError?

    init(path: String) { self.path = path }

    func waitUntilIdle() {
        queue.sync {}
    }

    /// Runs `body` with the store on the queue; `done` gets its result and any messages from
    /// opening the store (the first time only) on the UI thread.
    func run<T: Sendable>(
        _ body: @escaping @Sendable (HistoryStore) -> Result<T, HistoryStoreError>,
        done: @escaping @Sendable @MainActor (Result<T, HistoryStoreError>, [String]) -> Void
    ) {
        queue.async {
            var notices: [String] = []
            if self.store == nil && self.openFailure == nil {
                do throws(HistoryStoreError) {
                    let store = try HistoryStore(path: self.path)
                    notices = store.notices.map(\.message)
                    self.store = store
                } catch {
                    self.openFailure = error
                }
            }
            let result: Result<T, HistoryStoreError>
            if let store = self.store {
                result = body(store)
            } else {
                result = .failure(self.openFailure ?? .failed(self.path))
            }
            let delivered = notices
            runOnMainLoop { done(result, delivered) }
        }
    }
}
