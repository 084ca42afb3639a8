// SPDX-License-Identifier: GPL-3.0-or-later

/// Why a decode gave no answer, or an incomplete one.
public enum DecoderFailure: Error, Equatable, Sendable {
    /// The decoder process died on this image; `engine` names the engine it was running.
    case stopped(engine: String?)
    /// The decoder process used up its time on this image and was ended.
    case timedOut
    /// The decoder process could not be started or answered nonsense; `reason` says why.
    case unavailable(reason: String)
}

/// What one decode gave.
public struct DecodeOutcome: Sendable, Equatable {
    /// The codes found, corners in the image's pixels, in reading order.
    public var symbols: [Symbol]
    /// What went wrong on the way (`symbols` then hold what could still be read, maybe nothing).
    public var failure: DecoderFailure?
    /// Whether a read went through to its end (maybe without the engine that failed): `false`
    /// when nothing could be read at all.
    public var readCompleted: Bool

    public init(symbols: [Symbol], failure: DecoderFailure? = nil, readCompleted: Bool = true) {
        self.symbols = symbols
        self.failure = failure
        self.readCompleted = readCompleted
    }
}

/// A decoder that can say what went wrong in its last decode (the decoder process's client).
public protocol FailureReporting: AnyObject {
    /// What went wrong in the last decode, or `nil` when it went well.
    var lastFailure: DecoderFailure? { get }
}
