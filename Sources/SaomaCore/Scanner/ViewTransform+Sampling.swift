// SPDX-License-Identifier: GPL-3.0-or-later

extension ViewTransform {
    /// For drawing the image pre-scaled to the view: the image column and row shown by each
    /// device pixel of the view (nearest pixel under the device pixel's centre, clamped to the
    /// image), at the viewport's device pixels per point.
    ///
    /// Sampling through this transform keeps the drawn image exactly where the transform says,
    /// mirror included; the renderer then only copies pixels instead of scaling a frame.
    public func sampleIndices() -> (columns: [Int], rows: [Int]) {
        let scale = Double(viewport.scale)
        let width = Int((viewSize.width * scale).rounded())
        let height = Int((viewSize.height * scale).rounded())
        let maxX = Swift.max(0, Int(imageSize.width) - 1)
        let maxY = Swift.max(0, Int(imageSize.height) - 1)
        let columns = (0..<Swift.max(0, width)).map { i in
            let p = imagePoint(fromView: Point(x: (Double(i) + 0.5) / scale, y: 0))
            return Swift.min(Swift.max(Int(p.x.rounded(.down)), 0), maxX)
        }
        let rows = (0..<Swift.max(0, height)).map { j in
            let p = imagePoint(fromView: Point(x: 0, y: (Double(j) + 0.5) / scale))
            return Swift.min(Swift.max(Int(p.y.rounded(.down)), 0), maxY)
        }
        return (columns, rows)
    }
}
