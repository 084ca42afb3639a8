// SPDX-License-Identifier: GPL-3.0-or-later
import Decoding
import SaomaCore

/// Reads a small code-like region of a live frame again from the camera's full-resolution
/// pixels (`FrameDetail`), where `FullResolutionRule` says it pays: the decode worker's
/// full-resolution pass. Only the region's luma is converted, at full size.
enum FullResolutionRead {
    /// The codes in `region` (working pixels) of `frame` read at full resolution by `stages`,
    /// corners in working pixels; empty when the frame has no full-resolution pixels or the
    /// region is not one to read so (too large for the cost, or the frame has no more pixels).
    static func decode(
        _ frame: VideoFrame, region: PixelRect, scanFrame: PixelRect, symbologies: Set<Symbology>, stages: [EngineStage]?,
        with decoder: BarcodeDecoder
    ) -> [Symbol] {
        guard let detail = frame.detail,
            FullResolutionRule.readsAtFullResolution(region: region, scanFrame: scanFrame, scale: detail.scale)
        else { return [] }
        let full = detail.fullPixels(of: region)
        guard !full.isEmpty else { return [] }
        let crop = detail.luma(in: full)
        let found = DecodeWorker.decode(crop, in: crop.bounds, inverted: false, symbologies: symbologies, stages: stages, with: decoder)
        let sx = Double(detail.width) / Double(max(1, frame.width))
        let sy = Double(detail.height) / Double(max(1, frame.height))
        return found.map { symbol in
            var moved = symbol
            moved.corners = symbol.corners.map { Point(x: ($0.x + Double(full.x)) / sx, y: ($0.y + Double(full.y)) / sy) }
            return moved
        }
    }
}
