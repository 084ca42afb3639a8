// SPDX-License-Identifier: GPL-3.0-or-later
import Decoding
import Foundation
import LiveScanning
import PixbufIO
import SaomaCore
import StillImageReading

/// Loads and decodes photos on one background thread, newest request first: a request made
/// while another is queued replaces it, and events of superseded requests are dropped.
///
/// Thread-safe: `submit` and `cancel` may be called from any thread; the loader and decoder are
/// used only on the worker queue.
final class PhotoWorker: @unchecked Sendable {
    /// Largest photo accepted, in pixels (width × height).
    static let maxPixels = 100_000_000
    /// Longest side of the texture shown, in pixels; larger photos are shown from a box-filtered copy
    /// (the view is never that large, and drawing a huge texture scaled down on every frame is slow).
    static let maxDisplaySide = 2560
    /// Serial queue all loading and decoding runs on.
    private let queue = DispatchQueue(label: "io.github.saoma.photo-worker", qos: .userInitiated)
    /// Guards `latest`.
    private let lock = NSLock()
    /// The generation of the newest request; older requests stop at their next check.
    private var latest = 0
    /// Made on the worker queue on first use (it starts the decoder process); used only there.
    nonisolated(unsafe) private var reader: StillImageReader?

    /// Loads and decodes `source` as request `generation`; `report` runs on the worker thread
    /// for each event unless a newer request arrived meanwhile.
    func submit(
        _ source: PhotoSource, generation: Int, symbologies: Set<Symbology>, report: @escaping @Sendable (PhotoEvent) -> Void
    ) {
        lock.withLock { latest = generation }
        queue.async { [self] in
            guard isCurrent(generation) else { return }
            let started = monotonicSeconds()
            let startedCPU = threadCPUSeconds()
            let loader = ImageLoader(maxPixels: Self.maxPixels, maxDisplaySide: Self.maxDisplaySide)
            let image: LoadedImage
            do throws(ImageLoadError) {
                switch source {
                case .file(let path), .screen(let path): image = try loader.load(path: path, wantDisplay: true, reduced: true)
                case .bytes(let bytes, let name): image = try loader.load(bytes: bytes, name: name, wantDisplay: true, reduced: true)
                case .texture(let texture, let name): image = try loader.load(bytes: texture.pngBytes(), name: name, wantDisplay: true)
                }
            } catch {
                if isCurrent(generation) { report(.failed(error)) }
                return
            }
            let loaded = monotonicSeconds()
            guard isCurrent(generation), let display = image.display else { return }
            report(.loaded(LoadedPhoto(image: image, display: DisplayScaler.downscaled(display, maxSide: Self.maxDisplaySide))))
            let scaled = monotonicSeconds()
            let scaledCPU = threadCPUSeconds()
            guard isCurrent(generation) else { return }
            let outcome = decode(image, source: source, loader: loader, symbologies: symbologies)
            if debugGeometryEnabled {
                debugLog(
                    "photo-stages load=\(loaded - started) scale=\(scaled - loaded) decode=\(monotonicSeconds() - scaled) size=\(image.fullWidth)x\(image.fullHeight) decoded=\(image.width)x\(image.height) cpu-load-scale=\(scaledCPU - startedCPU) cpu-decode=\(threadCPUSeconds() - scaledCPU)"
                )
            }
            guard isCurrent(generation) else { return }
            report(.decoded(outcome.symbols, problem: outcome.failure))
        }
    }

    /// Drops any request in progress (its events will not be delivered).
    func cancel(generation: Int) {
        lock.withLock { latest = generation }
    }

    private func isCurrent(_ generation: Int) -> Bool {
        lock.withLock { latest == generation }
    }

    /// The codes in `image`, corners in the photo's full-resolution pixels: read reduced first
    /// when the photo is large, and at full resolution (loaded again for a JPEG decoded reduced)
    /// only when that finds nothing. Worker queue only.
    private func decode(_ image: LoadedImage, source: PhotoSource, loader: ImageLoader, symbologies: Set<Symbology>) -> DecodeOutcome {
        let reader = self.reader ?? StillImageReader()
        self.reader = reader
        let options = DecodeOptions(symbologies: symbologies, effort: .thorough)
        let outcome = try? reader.read(image, options: options) { () throws(ImageLoadError) in
            switch source {
            case .file(let path), .screen(let path): return try loader.load(path: path)
            case .bytes(let bytes, let name): return try loader.load(bytes: bytes, name: name)
            case .texture(let texture, let name): return try loader.load(bytes: texture.pngBytes(), name: name)
            }
        }
        return outcome ?? DecodeOutcome(symbols: [])
    }
}
