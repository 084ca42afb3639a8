// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import SaomaCore
import Synchronization

/// Decodes through a decoder process of its own, so that an engine's crash costs one image or one
/// frame, never Saoma: the process is started on the first decode and again after it died.
///
/// Only the pixels of the region of interest cross to the process. A still image the process died
/// on is read again at once without the engine that was running (from the shared memory's header),
/// and the failure is reported with what that read found; live frames leave a crashing engine out
/// for a while instead (`EngineQuarantine`). When no decoder process can be started, the engines
/// that are safe in Saoma's own process (all but those in `Engines.needIsolation`) decode here.
///
/// Like every decoder, used by one thread at a time.
public final class DecoderClient: BarcodeDecoder, FailureReporting {
    private var process: DecoderProcess?
    private var nextID: UInt32 = 0
    private var quarantine = EngineQuarantine()
    /// The in-process decoder used when no decoder process can run (made on first use).
    private var fallback: StagedDecoder?
    /// Why the decoder process could not be started, once that has happened.
    private var unavailableReason: String?
    /// What went wrong in the last decode, if anything.
    public private(set) var lastFailure: DecoderFailure?
    /// Stages to run instead of the composition's (`saoma scan --stages`, for benchmarks).
    public var stages: [EngineStage]?
    /// Decoder processes started so far (the first, and one after each crash).
    public private(set) var processesStarted = 0
    private let executable: String?

    /// Seconds to wait for an answer before ending the process: still images, live frames. Beyond
    /// the process's own CPU limits, for a machine under heavy load.
    static let thoroughTimeout = 120.0
    static let fastTimeout = 20.0

    /// A client of the decoder process at `executable` (default: found as `DecoderProcess.executable()` says).
    public init(executable: String? = nil) {
        self.executable = executable ?? DecoderProcess.executable()
    }

    public func decode(_ image: LumaImage, options: DecodeOptions) -> [Symbol] {
        read(image, options: options).symbols
    }

    /// The codes in `image` and what, if anything, went wrong; engines in `excluded` do not run
    /// (one that stopped the process or ran out of time on an earlier look at the same photo).
    public func read(_ image: LumaImage, options: DecodeOptions, excluding excluded: Set<String> = []) -> DecodeOutcome {
        let outcome = readOnce(image, options: options, excluding: excluded)
        lastFailure = outcome.failure
        return outcome
    }

    private func readOnce(_ image: LumaImage, options: DecodeOptions, excluding alreadyExcluded: Set<String>) -> DecodeOutcome {
        let region = (options.regionOfInterest ?? image.bounds).clamped(width: image.width, height: image.height)
        guard !region.isEmpty, !options.symbologies.isEmpty else { return DecodeOutcome(symbols: []) }
        var excluded = alreadyExcluded.union(options.effort == .fast ? quarantine.excluded(at: monotonicSeconds()) : [])
        var first: DecoderFailure?
        // A still image gets a second read without the engine that stopped the process.
        for _ in 0..<2 {
            let result = exchange(image, region: region, options: options, excluding: excluded)
            switch result {
            case .success(let symbols):
                return DecodeOutcome(symbols: symbols, failure: first)
            case .failure(let failure):
                if case .unavailable = failure {
                    // Said once per process: every later decode falls back the same way.
                    let news = Self.firstUnavailability() ? failure : nil
                    return DecodeOutcome(symbols: inProcess(image, options: options, excluding: excluded), failure: first ?? news)
                }
                first = first ?? failure
                guard let engine = failure.engine else { return DecodeOutcome(symbols: [], failure: first, readCompleted: false) }
                if options.effort == .fast {
                    quarantine.crashed(engine, at: monotonicSeconds())
                    return DecodeOutcome(symbols: [], failure: first, readCompleted: false)
                }
                excluded.insert(engine)
            }
        }
        return DecodeOutcome(symbols: [], failure: first, readCompleted: false)
    }

    /// One request to the decoder process, which is started when none runs.
    private func exchange(_ image: LumaImage, region: PixelRect, options: DecodeOptions, excluding excluded: Set<String>) -> Result<
        [Symbol], DecoderFailure
    > {
        if let unavailableReason { return .failure(.unavailable(reason: unavailableReason)) }
        guard let process = running() else { return .failure(.unavailable(reason: unavailableReason ?? "")) }
        guard process.memory.write(image, rect: region) else {
            return .failure(.unavailable(reason: "no shared memory for a \(region.width)×\(region.height) image"))
        }
        process.memory.runningEngine = nil
        nextID &+= 1
        var remote = options
        remote.regionOfInterest = nil
        let request = DecoderWire.Request(
            id: nextID, width: region.width, height: region.height, options: remote, excludedEngines: excluded, stages: stages)
        let timeout = options.effort == .thorough ? Self.thoroughTimeout : Self.fastTimeout
        do {
            try process.channel.send(DecoderWire.encode(request))
            let response = try DecoderWire.decodeResponse(try process.channel.receive(within: timeout))
            guard response.id == request.id, response.error == nil else {
                self.process = nil
                return .failure(.unavailable(reason: response.error ?? "an answer to another request"))
            }
            let dx = Double(region.x)
            let dy = Double(region.y)
            return .success(response.symbols.map { $0.offsetBy(dx: dx, dy: dy) })
        } catch let failure as MessageChannel.Failure {
            let engine = process.memory.runningEngine
            self.process = nil
            if failure == .timedOut {
                process.end()
                return .failure(.timedOut)
            }
            let status = process.reap()
            // Ended by SIGXCPU: the stage's timer or the request's CPU limit ran out.
            if let status, let engine, status & 0x7f == SIGXCPU { return .failure(.tookTooLong(engine: engine)) }
            return .failure(.stopped(engine: engine))
        } catch {
            // An answer that breaks the protocol: the process is not trusted further.
            self.process = nil
            process.end()
            return .failure(.unavailable(reason: "a malformed answer (\(error))"))
        }
    }

    /// The running decoder process, started when there is none; `nil` (and `unavailableReason`
    /// set) when it cannot be started.
    private func running() -> DecoderProcess? {
        if let process { return process }
        guard let executable else {
            unavailableReason = "saoma-decoder was not found"
            return nil
        }
        do {
            let started = try DecoderProcess(executable: executable)
            processesStarted += 1
            process = started
            return started
        } catch {
            unavailableReason = error.message
            return nil
        }
    }

    /// CPU seconds the running decoder process has used (0 when none runs): benchmarks add it to
    /// their own thread's.
    public var processCPUSeconds: Double { process?.cpuSeconds() ?? 0 }

    /// Whether no client of this process had reported the decoder process unavailable yet (and
    /// from now on one has).
    private static func firstUnavailability() -> Bool {
        unavailabilityReported.withLock { reported in
            defer { reported = true }
            return !reported
        }
    }
    private static let unavailabilityReported = Mutex(false)

    /// The engines safe in this process, when no decoder process can run.
    private func inProcess(_ image: LumaImage, options: DecodeOptions, excluding excluded: Set<String>) -> [Symbol] {
        let decoder = fallback ?? Engines.make()
        fallback = decoder
        decoder.excluded = excluded.union(Engines.needIsolation)
        return decoder.decode(image, options: options)
    }
}
