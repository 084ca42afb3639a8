// SPDX-License-Identifier: GPL-3.0-or-later
import CharsetConversion
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

/// Decodes camera frames on a dedicated thread that owns its decoder: one decode in flight, the
/// newest frame wins (frames arriving during a decode replace each other).
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
    private let condition = NSCondition()
    private var pending: Job?
    private var stopped = false
    private var finished = false
    /// Frames decoded since the thread started (written on the worker thread under `condition`).
    private var decodedFrames = 0

    /// Every this many frames, the frame's grey levels are negated before decoding, so light
    /// codes on dark grounds (a phone in dark mode) are read live too, at no extra cost per
    /// frame; the frames in between look for dark-on-light codes as usual.
    static let invertedFrameInterval = 3

    /// Starts the thread; `makeDecoder` runs on it once (the decoder is the thread's own).
    init(
        makeDecoder: @escaping @Sendable () -> BarcodeDecoder?, onProblem: @escaping @Sendable (DecoderFailure) -> Void = { _ in },
        onDetection: @escaping @Sendable (Detection) -> Void
    ) {
        self.makeDecoder = makeDecoder
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

    /// How many frames have been decoded so far (any thread).
    var framesDecoded: Int {
        condition.lock()
        defer { condition.unlock() }
        return decodedFrames
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
    /// negated when `inverted`; corners in `image`'s pixels, in reading order.
    static func decode(
        _ image: LumaImage, in pixels: PixelRect, inverted: Bool, symbologies: Set<Symbology>, with decoder: BarcodeDecoder
    ) -> [Symbol] {
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

    private func run() {
        let decoder = makeDecoder()
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
            condition.unlock()
            guard let job, let decoder else { continue }
            let pixels = job.region.pixels(width: job.frame.width, height: job.frame.height)
            guard !pixels.isEmpty else { continue }
            let inverted = (decodedFrames + 1) % Self.invertedFrameInterval == 0
            // The decoder returns codes in reading order: no sorting here.
            let read = Self.decode(job.frame.luma, in: pixels, inverted: inverted, symbologies: job.region.symbologies, with: decoder)
            // Parts of a structured-append message are held until the whole message (or its wait) is in.
            let symbols = assembly.frame(read, at: monotonicSeconds(), text: PayloadText.decode)
            condition.lock()
            decodedFrames += 1
            condition.unlock()
            if !reportedProblem, let failure = (decoder as? FailureReporting)?.lastFailure {
                reportedProblem = true
                onProblem(failure)
            }
            guard !symbols.isEmpty else { continue }
            onDetection(Detection(symbols: symbols, preview: job.preview, frame: job.frame))
        }
    }
}
