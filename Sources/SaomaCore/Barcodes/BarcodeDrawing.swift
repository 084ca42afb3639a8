// SPDX-License-Identifier: GPL-3.0-or-later

/// A drawn code as shapes in modules (X-dimensions): dark bars and the human-readable text of
/// linear codes, quiet zones included. What the preview, the full-screen view and SVG files draw.
///
/// A value type: cheap to pass from a worker thread to the UI.
public struct BarcodeDrawing: Hashable, Sendable {
    /// A dark rectangle, its origin the top-left corner. Modules.
    public typealias Bar = Rect

    /// A line of text under a linear code (its digits).
    public struct Caption: Hashable, Sendable {
        /// Where `x` is on the text.
        public enum Anchor: Hashable, Sendable {
            case start
            case middle
            case end
        }

        public let text: String
        /// The anchor point on the baseline, modules.
        public let x: Double
        public let y: Double
        /// The font size, modules.
        public let size: Double
        public let anchor: Anchor

        public init(text: String, x: Double, y: Double, size: Double, anchor: Anchor) {
            self.text = text
            self.x = x
            self.y = y
            self.size = size
            self.anchor = anchor
        }
    }

    /// The whole drawing's size, modules.
    public let width: Double
    public let height: Double
    public let bars: [Bar]
    public let captions: [Caption]

    public init(width: Double, height: Double, bars: [Bar], captions: [Caption] = []) {
        self.width = width
        self.height = height
        self.bars = bars
        self.captions = captions
    }

    /// The largest whole number of pixels per module (1 at least) whose drawing fits `pixels`
    /// on its longer side, or `nil` when not even one pixel per module fits.
    public func moduleSize(fitting pixels: Int) -> Int? {
        let side = max(width, height)
        guard side > 0 else { return nil }
        let size = Int((Double(pixels) / side).rounded(.down))
        return size >= 1 ? size : nil
    }
}
