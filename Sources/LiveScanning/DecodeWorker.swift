// SPDX-License-Identifier: GPL-3.0-or-later
import CharsetConversion
import Decoding
import Foundation
import SaomaCore

/// What the decode worker reports for a frame in which codes were found.
public struct Detection: Sendable {
    /// The codes under the scan frame, corners in camera pixels, in reading order.
    public var symbols: [Symbol]
    /// The frame they were found in, as sampled for the preview (the preview freezes on it).
    public var preview: PreviewImage
    /// The same frame as captured, to redraw it exactly if the view changes while it is frozen
    /// (converted only then).
    public var frame: VideoFrame
}

/// Where the scan frame is, so only the camera pixels under it are decoded, and the viewport
/// the preview shows frames in.
struct ScanRegion: Sendable, Equatable {
    /// The frame in view points.
    var frameInView: Rect
    /// The preview's viewport.
    var viewport: Viewport
    /// The symbologies to look for.
    var symbologies: Set<Symbology>

    /// The camera pixels under the frame for a `width` × `height` frame.
    func pixels(width: Int, height: Int) -> PixelRect {
        let size = Size(width: Double(width), height: Double(height))
        return ViewTransform(imageSize: size, viewport: viewport).pixelRegion(fromView: frameInView)
    }
}

/// A live decoder the worker can steer: a stage table per request (`nil`: the decoder's own live
/// table) and the CPU time of the process it decodes in (counted against the decode budget).
protocol SteerableLiveDecoder: BarcodeDecoder {
    var stages: [EngineStage]? { get set }
    var processCPUSeconds: Double { get }
}

/// Decodes camera frames on a dedicated thread that owns its decoder, spending only where it pays
/// (`LiveDecodeScheduler`): a frame is looked at when its scan frame changed (`FrameSignature`),
/// while the last look left something open, or now and then; a look is zbar's cheap pass over the
/// scan frame, then the costly passes (`Engines.liveRegions`) only at the code-like regions it
/// left unread (`SuspectedCodeRegions`), within a CPU budget. One look in flight, the newest frame
/// wins (frames arriving during a look replace each other).
///
/// `submit`, `discardPending` and `stop` are safe from any thread; `onDetection` runs on the
/// worker thread. State is guarded by `condition`.
final class DecodeWorker: @unchecked Sendable {
    /// A frame waiting to be decoded, with its preview sample and where to look.
    private struct Job {
        var frame: VideoFrame
        var preview: PreviewImage
        var region: ScanRegion
    }

    /// What one look did (the debug log's `look` line).
    struct Look: Sendable {
        var reason: LiveDecodeScheduler.Reason
        var regions: Int
        var passes: [String]
        /// CPU seconds of the whole look, and of its cheap pass and its region detection.
        var cpuSeconds: Double
        var cheapSeconds: Double
        var detectorSeconds: Double
        var found: Int
        var completed: Bool
        /// The code-like regions the cheap pass left unread, in frame pixels.
        var regionBoxes: [PixelRect] = []
        /// The scan frame, in frame pixels, and the frame's size.
        var scanFrame = PixelRect(x: 0, y: 0, width: 0, height: 0)
        var frameWidth = 0
        var frameHeight = 0
    }

    /// Called on the worker thread with every frame that had codes under the frame.
    private let onDetection: @Sendable (Detection) -> Void
    /// Called on the worker thread the first time the decoder fails on a frame (its process
    /// stopped or timed out): reported once per worker, scanning goes on.
    private let onProblem: @Sendable (DecoderFailure) -> Void
    /// Whether a failure was reported (worker thread only).
    private var reportedProblem = false
    /// Structured-append parts seen over the live view (worker thread only).
    private var assembly = LiveAssembly()
    private let makeDecoder: @Sendable () -> BarcodeDecoder?
    /// The costly passes, in the order they run.
    private let passes: [LiveRegionPass]
    private let scheduling: LiveDecodeScheduler.Settings
    private let condition = NSCondition()
    private var pending: Job?
    private var stopped = false
    private var finished = false
    /// Frames taken from `pending` (looked at or skipped) and frames looked at since the thread
    /// started (written on the worker thread under `condition`).
    private var handledFrames = 0
    private var lookedFrames = 0
    /// What the last look did (written on the worker thread under `condition`).
    private var lastLookDone: Look?

    /// Most code-like regions the costly passes look at in one frame.
    static let maximumRegions = 4

    /// Starts the thread; `makeDecoder` runs on it once (the decoder is the thread's own).
    init(
        makeDecoder: @escaping @Sendable () -> BarcodeDecoder?, passes: [LiveRegionPass] = Engines.liveRegions,
        scheduling: LiveDecodeScheduler.Settings = .standard, onProblem: @escaping @Sendable (DecoderFailure) -> Void = { _ in },
        onDetection: @escaping @Sendable (Detection) -> Void
    ) {
        self.makeDecoder = makeDecoder
        self.passes = passes
        self.scheduling = scheduling
        self.onProblem = onProblem
        self.onDetection = onDetection
        let thread = Thread { [self] in self.run() }
        thread.name = "saoma-decode"
        thread.start()
    }

    /// Offers `frame` (sampled for the preview as `preview`) to be decoded under `region`; it
    /// replaces any frame still waiting.
    func submit(_ frame: VideoFrame, preview: PreviewImage, region: ScanRegion) {
        condition.lock()
        pending = Job(frame: frame, preview: preview, region: region)
        condition.signal()
        condition.unlock()
    }

    /// How many submitted frames the worker has taken so far, looked at or skipped (any thread).
    var framesHandled: Int {
        condition.lock()
        defer { condition.unlock() }
        return handledFrames
    }

    /// How many frames have been looked at (decoded) so far (any thread).
    var framesDecoded: Int {
        condition.lock()
        defer { condition.unlock() }
        return lookedFrames
    }

    /// What the last look did, if there was one (any thread).
    var lastLook: Look? {
        condition.lock()
        defer { condition.unlock() }
        return lastLookDone
    }

    /// Drops the frame waiting, if any (scanning paused).
    func discardPending() {
        condition.lock()
        pending = nil
        condition.unlock()
    }

    /// Ends the thread and waits for it.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        while !finished { condition.wait() }
        condition.unlock()
    }

    /// The codes centred in `pixels` of `image`, read with the grey levels of those pixels
    /// negated when `inverted`, by `stages` (`nil`: the decoder's own live table); corners in
    /// `image`'s pixels, in reading order.
    static func decode(
        _ image: LumaImage, in pixels: PixelRect, inverted: Bool, symbologies: Set<Symbology>, stages: [EngineStage]? = nil,
        with decoder: BarcodeDecoder
    ) -> [Symbol] {
        let steerable = decoder as? SteerableLiveDecoder
        steerable?.stages = stages
        defer { steerable?.stages = nil }
        guard inverted else {
            let options = DecodeOptions(symbologies: symbologies, regionOfInterest: pixels, effort: .fast)
            return decoder.decode(image, options: options).centred(in: pixels)
        }
        // Crop first: only the pixels under the frame are negated.
        let crop = image.cropped(to: pixels).inverted()
        let options = DecodeOptions(symbologies: symbologies, regionOfInterest: crop.bounds, effort: .fast)
        let found = decoder.decode(crop, options: options).centred(in: crop.bounds)
        let dx = Double(pixels.clamped(width: image.width, height: image.height).x)
        let dy = Double(pixels.clamped(width: image.width, height: image.height).y)
        return found.map { $0.offsetBy(dx: dx, dy: dy) }
    }

    /// The code-like regions of `pixels` in `image` away from the codes `found` there, in
    /// `image`'s pixels, strongest first.
    static func suspectedRegions(in image: LumaImage, pixels: PixelRect, found: [Symbol]) -> [PixelRect] {
        let area = pixels.clamped(width: image.width, height: image.height)
        guard !area.isEmpty else { return [] }
        // A code read is left out with its quiet zone (a fifth of its size), as photos do.
        let excluded = found.map { symbol in
            let corners = symbol.corners.map { Point(x: $0.x - Double(area.x), y: $0.y - Double(area.y)) }
            let box = Rect(bounding: corners)
            return PixelRect(covering: box.insetBy(dx: -max(8, box.width / 5), dy: -max(8, box.height / 5, box.width / 5)))
        }
        // The whole scan frame may be worth a look (a big code fills it): no share limit.
        return SuspectedCodeRegions.find(in: image.cropped(to: area), excluding: excluded, maximumShare: 1, maximumCount: maximumRegions)
            .map { PixelRect(x: $0.x + area.x, y: $0.y + area.y, width: $0.width, height: $0.height) }
    }

    private func run() {
        let decoder = makeDecoder()
        var scheduler = LiveDecodeScheduler(costlyPasses: passes.count, settings: scheduling)
        var lastSignature: FrameSignature?
        var lastRegion: ScanRegion?
        while true {
            condition.lock()
            while pending == nil && !stopped { condition.wait() }
            if stopped {
                finished = true
                condition.broadcast()
                condition.unlock()
                return
            }
            let job = pending
            pending = nil
            handledFrames += 1
            condition.unlock()
            guard let job, let decoder else { continue }
            let pixels = job.region.pixels(width: job.frame.width, height: job.frame.height).clamped(
                width: job.frame.width, height: job.frame.height)
            guard !pixels.isEmpty else { continue }
            let signature = FrameSignature(job.frame.luma, region: pixels)
            // Another frame, viewport or set of symbologies is a new scene whatever the pixels say.
            let change = job.region == lastRegion ? signature.change(since: lastSignature) : 1
            guard let reason = scheduler.look(at: monotonicSeconds(), change: change) else { continue }
            let (read, look) = self.look(at: job, pixels: pixels, reason: reason, decoder: decoder, scheduler: &scheduler)
            // Parts of a structured-append message are held until the whole message (or its wait) is in.
            let symbols = assembly.frame(read, at: monotonicSeconds(), text: PayloadText.decode)
            if look.completed {
                lastSignature = signature
                lastRegion = job.region
            }
            if debugGeometryEnabled {
                debugLog(
                    "look t=\(monotonicSeconds()) reason=\(look.reason.rawValue) regions=\(look.regions) "
                        + "passes=\(look.passes.joined(separator: ",")) cpu=\(look.cpuSeconds) cheap=\(look.cheapSeconds) "
                        + "detector=\(look.detectorSeconds) found=\(look.found)")
            }
            // Reported before the look is counted (tests wait for the count).
            if !symbols.isEmpty { onDetection(Detection(symbols: symbols, preview: job.preview, frame: job.frame)) }
            condition.lock()
            lookedFrames += 1
            lastLookDone = look
            condition.unlock()
        }
    }

    /// One look at `job`'s frame: the cheap pass, then the costly passes the scheduler allows at
    /// the regions left unread; the codes read, in reading order.
    private func look(
        at job: Job, pixels: PixelRect, reason: LiveDecodeScheduler.Reason, decoder: BarcodeDecoder,
        scheduler: inout LiveDecodeScheduler
    ) -> ([Symbol], Look) {
        let steerable = decoder as? SteerableLiveDecoder
        func cpu() -> Double { threadCPUSeconds() + (steerable?.processCPUSeconds ?? 0) }
        let started = cpu()
        var mark = started
        @discardableResult
        func spend() -> Double {
            let now = cpu()
            let spent = now - mark
            scheduler.spend(spent, at: monotonicSeconds())
            mark = now
            return spent
        }
        let luma = job.frame.luma
        let symbologies = job.region.symbologies
        var found = Self.decode(luma, in: pixels, inverted: false, symbologies: symbologies, with: decoder)
        let completed = checkFailure(decoder)
        let cheapSeconds = spend()
        var detectorSeconds = 0.0
        var regions: [PixelRect] = []
        var names: [String] = []
        if completed && !scheduler.owed.isEmpty {
            regions = Self.suspectedRegions(in: luma, pixels: pixels, found: found)
            detectorSeconds = spend()
            // Pass after pass while the budget lasts; the passes left run on a later frame.
            while let index = scheduler.nextPass(regions: regions.count) {
                let pass = passes[index]
                var passCompleted = true
                for region in pass.wholeFrame ? [pixels] : regions {
                    let more =
                        pass.fullResolution
                        ? FullResolutionRead.decode(
                            job.frame, region: region, scanFrame: pixels, symbologies: symbologies, stages: pass.stages, with: decoder)
                        : Self.decode(
                            luma, in: region, inverted: pass.negated, symbologies: symbologies, stages: pass.stages, with: decoder)
                    found = SymbolMerge.merged(found, more)
                    passCompleted = checkFailure(decoder) && passCompleted
                }
                scheduler.passRan(index, completed: passCompleted)
                names.append(pass.name)
                spend()
            }
        }
        found = found.sortedInReadingOrder()
        scheduler.finished(at: monotonicSeconds(), regions: regions.count, found: found, completed: completed)
        let look = Look(
            reason: reason, regions: regions.count, passes: names, cpuSeconds: mark - started, cheapSeconds: cheapSeconds,
            detectorSeconds: detectorSeconds, found: found.count, completed: completed, regionBoxes: regions, scanFrame: pixels,
            frameWidth: luma.width, frameHeight: luma.height)
        return (found, look)
    }

    /// Whether the decoder's last decode went through; its first failure is reported.
    private func checkFailure(_ decoder: BarcodeDecoder) -> Bool {
        guard let failure = (decoder as? FailureReporting)?.lastFailure else { return true }
        if !reportedProblem {
            reportedProblem = true
            onProblem(failure)
        }
        return false
    }
}
