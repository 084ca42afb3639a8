// SPDX-License-Identifier: GPL-3.0-or-later

/// Why a decode gave no answer, or an incomplete one.
public enum DecoderFailure: Error, Equatable, Sendable {
    /// The decoder process died on this image; `engine` names the engine it was running.
    case stopped(engine: String?)
    /// The decoder process used up its time on this image and was ended.
    case timedOut
    /// `engine` used up the CPU time one of its stages may take on this image (SIGXCPU ended
    /// the process).
    case tookTooLong(engine: String)
    /// The decoder process could not be started or answered nonsense; `reason` says why.
    case unavailable(reason: String)
}

extension DecoderFailure {
    /// The engine that stopped the decoder process or ran out of time, when known: a still
    /// image is read again without it.
    public var engine: String? {
        switch self {
        case .stopped(let engine): return engine
        case .tookTooLong(let engine): return engine
        case .timedOut, .unavailable: return nil
        }
    }
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
