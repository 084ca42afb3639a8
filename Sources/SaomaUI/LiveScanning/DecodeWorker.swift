// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaCore

/// What the decode worker reports for a frame in which codes were found.
struct Detection: Sendable {
    /// The codes under the scan frame, corners in camera pixels, in reading order.
    var symbols: [Symbol]
    /// The frame they were found in, sampled for the view (the preview freezes on it).
    var preview: PreviewImage
    /// The same frame as captured, to redraw it exactly if the view changes while it is frozen
    /// (converted only then).
    var frame: VideoFrame
    /// The frame's capture time (seconds, monotonic) and number.
    var timestamp: Double
    var sequence: UInt64
    /// The camera pixels that were decoded.
    var region: PixelRect
}

/// Where the scan frame is, so the worker can decode only the camera pixels under it, and how
/// the preview is shown, so frames can be sampled for it off the UI thread.
struct ScanRegion: Sendable, Equatable {
    /// The preview's on-screen geometry.
    struct Display: Sendable, Equatable {
        /// The preview's size in points.
        var viewSize: SaomaSize
        /// Whether the preview is mirrored.
        var mirrored: Bool
        /// Device pixels per point.
        var pixelScale: Int
    }

    /// The frame in view points.
    var frameInView: SaomaRect
    /// The preview's geometry.
    var display: Display
    /// The symbologies to look for.
    var symbologies: Set<Symbology>

    /// The camera pixels under the frame for a `width` × `height` frame.
    func pixels(width: Int, height: Int) -> PixelRect {
        let transform = ViewTransform(
            imageSize: SaomaSize(width: Double(width), height: Double(height)), viewSize: display.viewSize, fit: .cover,
            mirrored: display.mirrored)
        return transform.pixelRegion(fromView: frameInView)
    }
}

/// Decodes camera frames on a dedicated thread that owns its decoder: one decode in flight, the
/// newest frame wins (frames arriving during a decode replace each other).
///
/// `submit`, `setRegion`, `setEnabled` and `stop` are safe from any thread; `onDetection` runs on
/// the worker thread. State is guarded by `condition`.
final class DecodeWorker: @unchecked Sendable {
    /// Called on the worker thread with every frame that had codes under the frame.
    private let onDetection: @Sendable (Detection) -> Void
    private let makeDecoder: @Sendable () -> BarcodeDecoder?
    private let condition = NSCondition()
    private var pending: VideoFrame?
    private var region: ScanRegion?
    private var enabled = true
    private var stopped = false
    private var finished = false
    /// Milliseconds spent in the last decodes (for the benchmark's debug log).
    private(set) var lastDecodeMilliseconds = 0.0
    /// Frames decoded since the thread started (worker thread only).
    private var decodedFrames = 0

    /// Every this many frames, the frame's grey levels are negated before decoding, so light
    /// codes on dark grounds (a phone in dark mode) are read live too, at no extra cost per
    /// frame; the frames in between look for dark-on-light codes as usual.
    static let invertedFrameInterval = 3

    init(makeDecoder: @escaping @Sendable () -> BarcodeDecoder?, onDetection: @escaping @Sendable (Detection) -> Void) {
        self.makeDecoder = makeDecoder
        self.onDetection = onDetection
        let thread = Thread { [self] in self.run() }
        thread.name = "saoma-decode"
        thread.start()
    }

    /// The current region (any thread).
    var currentRegion: ScanRegion? {
        condition.lock()
        defer { condition.unlock() }
        return region
    }

    /// Offers a frame; it replaces any frame still waiting.
    func submit(_ frame: VideoFrame) {
        condition.lock()
        if enabled && region != nil {
            pending = frame
            condition.signal()
        }
        condition.unlock()
    }

    /// Sets where to look (nil: nowhere, e.g. before the view has a size).
    func setRegion(_ newRegion: ScanRegion?) {
        condition.lock()
        region = newRegion
        condition.unlock()
    }

    /// Pauses (while results show) or resumes decoding; pausing drops the waiting frame.
    func setEnabled(_ on: Bool) {
        condition.lock()
        enabled = on
        if !on { pending = nil }
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

    /// The codes centred in `pixels` of `image`, read with its grey levels negated when
    /// `inverted`; corners in `image`'s pixels.
    static func decode(
        _ image: LumaImage, in pixels: PixelRect, inverted: Bool, symbologies: Set<Symbology>, with decoder: BarcodeDecoder
    ) -> [Symbol] {
        let options = DecodeOptions(symbologies: symbologies, regionOfInterest: pixels, effort: .fast)
        return decoder.decode(inverted ? image.inverted() : image, options: options).centred(in: pixels)
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
            let frame = pending
            pending = nil
            let region = self.region
            condition.unlock()
            guard let frame, let region, let decoder else { continue }
            let pixels = region.pixels(width: frame.width, height: frame.height)
            guard !pixels.isEmpty else { continue }
            decodedFrames += 1
            let inverted = decodedFrames % Self.invertedFrameInterval == 0
            let symbols = Self.decode(frame.luma, in: pixels, inverted: inverted, symbologies: region.symbologies, with: decoder)
            condition.lock()
            let stillWanted = enabled && !stopped
            condition.unlock()
            guard !symbols.isEmpty, stillWanted else { continue }
            onDetection(
                Detection(
                    symbols: symbols.sortedInReadingOrder(), preview: PreviewImage(frame: frame, display: region.display),
                    frame: frame, timestamp: frame.timestamp,
                    sequence: frame.sequence, region: pixels))
        }
    }
}
