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
/// While the scene stays still and nothing is read, the frames the scheduler skips are averaged
/// (`FrameAverage`) over the region left unread (the whole scan frame when no region was
/// flagged) and the mean is read as a look of its own, once at 4 and once at 8 frames per
/// scene: the sensor's noise falls by √n, and a faint or small code shows. Each look also measures the strongest region left unread
/// (`RegionFocus`) and says what would help read it (`LiveHintPolicy`), reported with `onHint`.
///
/// `submit`, `discardPending` and `stop` are safe from any thread; `onDetection` and `onHint` run
/// on the worker thread. State is guarded by `condition`.
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
        /// The hint after the look.
        var hint: LiveHint?
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
    /// Called on the worker thread after every look with the hint to show (`nil`: none).
    private let onHint: @Sendable (LiveHint?) -> Void
    /// Whether still frames are averaged over a region left unread.
    private let averaging: Bool
    /// The hint policy, the frames averaged, and where the still frames are averaged: the
    /// strongest region the last completed look left unread, or the whole scan frame when it
    /// read nothing there (a faint code's edges may be too weak for the region detector until
    /// the noise is averaged away) (worker thread only).
    private var hints = LiveHintPolicy()
    private var average = FrameAverage()
    private var averageArea: PixelRect?
    private let makeDecoder: @Sendable () -> BarcodeDecoder?
    /// The costly passes, in the order they run.
    private let passes: [LiveRegionPass]
    private let scheduling: LiveDecodeScheduler.Settings
    private let condition = NSCondition()
    private var pending: Job?
    /// Whether `decode idle` is to be said when no frame waits (set by `discardPending`).
    private var idleOwed = false
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
        scheduling: LiveDecodeScheduler.Settings = .standard, averaging: Bool = true,
        onProblem: @escaping @Sendable (DecoderFailure) -> Void = { _ in }, onHint: @escaping @Sendable (LiveHint?) -> Void = { _ in },
        onDetection: @escaping @Sendable (Detection) -> Void
    ) {
        self.makeDecoder = makeDecoder
        self.averaging = averaging
        self.onHint = onHint
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

    /// Drops the frame waiting, if any (scanning paused); with `SAOMA_DEBUG_GEOMETRY=1` the
    /// thread says `decode idle` once the look it may be in has ended (tests wait for it).
    func discardPending() {
        condition.lock()
        pending = nil
        idleOwed = true
        condition.broadcast()
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
    /// `image`'s pixels, strongest first; where none is and nothing was found, those of the
    /// pixels at half size, else at a quarter (blurred codes).
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
        let crop = image.cropped(to: area)
        var regions = SuspectedCodeRegions.find(in: crop, excluding: excluded, maximumShare: 1, maximumCount: maximumRegions)
        // A code held too close is too blurred for the edges looked for; at half (a quarter) size
        // its blur is half (a quarter) as many pixels wide and its edges that much steeper.
        for factor in [2, 3, 4] where regions.isEmpty && found.isEmpty {
            regions = SuspectedCodeRegions.find(in: crop.downscaled(by: factor).image, maximumShare: 1, maximumCount: maximumRegions)
                .map { PixelRect(x: factor * $0.x, y: factor * $0.y, width: factor * $0.width, height: factor * $0.height) }
        }
        return regions.map { PixelRect(x: $0.x + area.x, y: $0.y + area.y, width: $0.width, height: $0.height) }
    }

    /// Largest region side, in pixels, for which "closer" is said: a code too far to read is
    /// small in the frame (a page of text flagged as code-like is not).
    static let closerRegionSide = 200

    /// Whether a small code may be what `region` of `image` shows, too far to read: the region is
    /// small and holds a QR code's finder pattern (text and keys on a desk have fine sharp edges
    /// too; a far 1-D code gets no hint rather than a wrong one).
    static func looksLikeAFarCode(_ image: LumaImage, in region: PixelRect) -> Bool {
        guard max(region.width, region.height) <= closerRegionSide else { return false }
        // With half the region's size around it: a region the detector flagged may cut a code.
        let around = PixelRect(
            x: region.x - region.width / 2, y: region.y - region.height / 2, width: 2 * region.width, height: 2 * region.height)
        return !FinderPatternLocator.find(in: image.cropped(to: around)).isEmpty
    }

    private func run() {
        let decoder = makeDecoder()
        var scheduler = LiveDecodeScheduler(costlyPasses: passes.count, settings: scheduling)
        var lastSignature: FrameSignature?
        var lastRegion: ScanRegion?
        while true {
            condition.lock()
            while pending == nil && !stopped {
                if idleOwed {
                    idleOwed = false
                    if debugGeometryEnabled { debugLog("decode idle") }
                    continue
                }
                condition.wait()
            }
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
            let still = job.region == lastRegion && change < scheduling.changeThreshold
            let read: [Symbol]
            let look: Look
            if let averaged = averageStill(job, still: still, decoder: decoder, scheduler: &scheduler) {
                (read, look) = averaged
            } else {
                guard let reason = scheduler.look(at: monotonicSeconds(), change: change) else { continue }
                (read, look) = self.look(at: job, pixels: pixels, reason: reason, decoder: decoder, scheduler: &scheduler)
                if look.completed {
                    lastSignature = signature
                    lastRegion = job.region
                }
            }
            // Parts of a structured-append message are held until the whole message (or its wait) is in.
            let symbols = assembly.frame(read, at: monotonicSeconds(), text: PayloadText.decode)
            if debugGeometryEnabled {
                debugLog(
                    "look t=\(monotonicSeconds()) reason=\(look.reason.rawValue) regions=\(look.regions) "
                        + "passes=\(look.passes.joined(separator: ",")) cpu=\(look.cpuSeconds) cheap=\(look.cheapSeconds) "
                        + "detector=\(look.detectorSeconds) found=\(look.found) hint=\(look.hint?.rawValue ?? "none")")
            }
            // Reported before the look is counted (tests wait for the count).
            onHint(look.hint)
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
        // Whether the regions were looked for (an unchanged scene owed nothing is not).
        var lookedForRegions = false
        // Each region's focus, measured once per look (the blur-aware pass and the hint).
        var measured: [PixelRect: RegionFocus?] = [:]
        func focus(of region: PixelRect) -> RegionFocus? {
            if let known = measured[region] { return known }
            let value = RegionFocus.measure(luma, in: region)
            measured[region] = value
            return value
        }
        if completed && !scheduler.owed.isEmpty {
            regions = Self.suspectedRegions(in: luma, pixels: pixels, found: found)
            lookedForRegions = true
            detectorSeconds = spend()
            // Pass after pass while the budget lasts; the passes left run on a later frame. A
            // region a pass read is not read again by the later ones.
            while let index = scheduler.nextPass(regions: regions.count) {
                let pass = passes[index]
                var unread = regions.filter { region in !found.contains { region.rect.contains($0.center) } }
                if pass.blurredOnly { unread = unread.filter { focus(of: $0)?.blurSigma ?? 0 >= hints.settings.sharpSigma } }
                guard pass.wholeFrame || !unread.isEmpty else {
                    scheduler.passRan(index, completed: true)
                    continue
                }
                var passCompleted = true
                for region in pass.wholeFrame ? [pixels] : unread {
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
        if completed && (lookedForRegions || !found.isEmpty) {
            // The strongest region no code read is the one averaged and measured for the hint.
            let unread = regions.first { region in !found.contains { region.rect.contains($0.center) } }
            let area = unread ?? (found.isEmpty ? pixels : nil)
            // A new scene (or a read) starts the average afresh; a still scene's refresh keeps it,
            // however the noise moves the regions' edges (each scene is averaged once).
            if reason == .changed || !found.isEmpty || averageArea == nil {
                if area != averageArea { average.reset() }
                averageArea = area
            }
            // "Closer" needs more than fine sharp edges (text on a page has them): a small region
            // with a finder pattern. "Further" needs blur, which text and keys do not show.
            let strongest =
                found.isEmpty
                ? unread.map { region in
                    focus(of: region).flatMap { focus in
                        LiveHintPolicy.suggestion(for: focus, settings: hints.settings) == .moveCloser
                            && !Self.looksLikeAFarCode(luma, in: region) ? nil : focus
                    }
                } : nil
            hints.observe(read: !found.isEmpty, regions: strongest.map { [$0] } ?? [], at: monotonicSeconds())
            spend()
        }
        let look = Look(
            reason: reason, regions: regions.count, passes: names, cpuSeconds: mark - started, cheapSeconds: cheapSeconds,
            detectorSeconds: detectorSeconds, found: found.count, completed: completed, regionBoxes: regions, scanFrame: pixels,
            frameWidth: luma.width, frameHeight: luma.height, hint: hints.hint)
        return (found, look)
    }

    /// Adds a still frame to the average over `averageArea` (`FrameAverage.step`) and, when
    /// enough frames are in and the budget allows, reads the mean: the cheap pass and the
    /// whole-frame passes over it, then the region passes at the code-like regions of the mean;
    /// the codes in the frame's pixels and the look. `nil` when the mean was not read (the frame
    /// goes to the scheduler).
    private func averageStill(
        _ job: Job, still: Bool, decoder: BarcodeDecoder, scheduler: inout LiveDecodeScheduler
    ) -> ([Symbol], Look)? {
        guard averaging else { return nil }
        switch average.step(still: still, unread: averageArea) {
        case .reset:
            average.reset()
            return nil
        case .hold:
            return nil
        case .add:
            if let area = averageArea { average.add(job.frame.luma, area: area) }
            return nil
        case .addAndRead:
            guard let area = averageArea, average.add(job.frame.luma, area: area), let mean = average.mean, scheduler.balance > 0
            else { return nil }
            let steerable = decoder as? SteerableLiveDecoder
            func cpu() -> Double { threadCPUSeconds() + (steerable?.processCPUSeconds ?? 0) }
            let started = cpu()
            var names = ["mean\(average.count)"]
            let symbologies = job.region.symbologies
            var found = Self.decode(mean, in: mean.bounds, inverted: false, symbologies: symbologies, with: decoder)
            var completed = checkFailure(decoder)
            var regions: [PixelRect]?
            // The full-resolution pass reads the camera's own pixels, which are not averaged.
            for pass in passes where found.isEmpty && completed && !pass.fullResolution {
                if !pass.wholeFrame && regions == nil { regions = Self.suspectedRegions(in: mean, pixels: mean.bounds, found: []) }
                var targets = pass.wholeFrame ? [mean.bounds] : regions ?? []
                if pass.blurredOnly {
                    targets = targets.filter { RegionFocus.measure(mean, in: $0)?.blurSigma ?? 0 >= hints.settings.sharpSigma }
                }
                for region in targets where found.isEmpty {
                    found = Self.decode(
                        mean, in: region, inverted: pass.negated, symbologies: symbologies, stages: pass.stages, with: decoder)
                    completed = checkFailure(decoder) && completed
                }
                names.append(pass.name)
            }
            let spent = cpu() - started
            scheduler.spend(spent, at: monotonicSeconds())
            let symbols = found.map { $0.offsetBy(dx: Double(area.x), dy: Double(area.y)) }.sortedInReadingOrder()
            if !symbols.isEmpty {
                hints.observe(read: true, regions: [], at: monotonicSeconds())
                average.reset()
                averageArea = nil
            }
            let look = Look(
                reason: .averaged, regions: regions?.count ?? 0, passes: names, cpuSeconds: spent, cheapSeconds: 0, detectorSeconds: 0,
                found: symbols.count, completed: completed, hint: hints.hint)
            return (symbols, look)
        }
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
