// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import SaomaCore

/// One end of the stream socket between Saoma and its decoder process, carrying `DecoderWire`
/// messages (a 4-byte length, then the body).
///
/// Sends never raise SIGPIPE (a peer that died is an error like any other). Owned by one thread.
struct MessageChannel {
    let descriptor: Int32

    /// Why a message could not be moved.
    enum Failure: Error, Equatable {
        /// The peer closed its end or died.
        case closed
        /// Nothing arrived in time.
        case timedOut
        /// A length beyond `DecoderWire.maximumMessage`.
        case oversized
        case system(Int32)
    }

    /// Sends a framed message whole.
    func send(_ message: [UInt8]) throws(Failure) {
        var sent = 0
        while sent < message.count {
            let n = message.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress! + sent, message.count - sent, Int32(MSG_NOSIGNAL)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw errno == EPIPE || errno == ECONNRESET ? .closed : .system(errno)
            }
            sent += n
        }
    }

    /// The next message's body; waits at most `seconds` (`nil`: as long as it takes).
    func receive(within seconds: Double?) throws(Failure) -> [UInt8] {
        let deadline = seconds.map { monotonicSeconds() + $0 }
        let prefix = try read(4, deadline: deadline)
        guard let length = DecoderWire.bodyLength(prefix: prefix) else { throw .oversized }
        return try read(length, deadline: deadline)
    }

    private func read(_ count: Int, deadline: Double?) throws(Failure) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: count)
        var got = 0
        while got < count {
            if let deadline {
                let left = deadline - monotonicSeconds()
                guard left > 0 else { throw .timedOut }
                var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                let ready = poll(&poller, 1, Int32(min(left * 1000, 60_000).rounded(.up)))
                if ready < 0 {
                    if errno == EINTR { continue }
                    throw .system(errno)
                }
                if ready == 0 { continue }
            }
            let n = out.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress! + got, count - got, 0) }
            if n == 0 { throw .closed }
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw errno == ECONNRESET ? .closed : .system(errno)
            }
            got += n
        }
        return out
    }
}
