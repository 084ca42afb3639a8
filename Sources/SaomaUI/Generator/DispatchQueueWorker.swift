// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A serial background queue for generation jobs (encoding and the zbar self-check).
///
/// Jobs run in order on one thread at a time; they hand results back with `runOnMainLoop`.
final class DispatchQueueWorker: Sendable {
    private let queue = DispatchQueue(label: "io.github.saoma.Saoma.generator", qos: .userInitiated)

    func run(_ job: @escaping @Sendable () -> Void) { queue.async(execute: job) }
}
