// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// CPU time the calling thread has used, in seconds (`CLOCK_THREAD_CPUTIME_ID`): unlike the
/// clock, not inflated by other processes. What benchmarks report and work budgets count.
public func threadCPUSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// Seconds on the monotonic clock (`CLOCK_MONOTONIC`, GLib's monotonic time too): for deadlines,
/// intervals and timestamps that must never jump with the wall clock.
public func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}
