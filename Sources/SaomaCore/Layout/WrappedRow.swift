// SPDX-License-Identifier: GPL-3.0-or-later

/// A row of widgets (a page's action buttons) that wraps onto further lines, each line centred,
/// when the width given is less than they need side by side.
///
/// Pure: the widget measures its children and asks this where they go.
public struct WrappedRow: Hashable, Sendable {
    /// The children's natural widths, in order (points).
    public var widths: [Double]
    /// Space between two children on a line, and between two lines (points).
    public var spacing: Double

    public init(widths: [Double], spacing: Double) {
        self.widths = widths
        self.spacing = spacing
    }

    /// The width the children take side by side.
    public var naturalWidth: Double {
        widths.isEmpty ? 0 : widths.reduce(0, +) + spacing * Double(widths.count - 1)
    }

    /// The children's indices line by line for `width`: as many as fit on each line, in order,
    /// at least one per line (a child wider than `width` has a line of its own, cut to it).
    public func lines(for width: Double) -> [[Int]] {
        var lines: [[Int]] = []
        var current: [Int] = []
        var used = 0.0
        for (index, childWidth) in widths.enumerated() {
            let shown = Swift.min(childWidth, Swift.max(0, width))
            if !current.isEmpty && used + spacing + shown > width {
                lines.append(current)
                current = []
                used = 0
            }
            used += (current.isEmpty ? 0 : spacing) + shown
            current.append(index)
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// Where each child goes for `width`: its line (0-based), its left edge and its width, the
    /// line centred in `width`.
    public func placements(for width: Double) -> [(line: Int, x: Double, width: Double)] {
        var out = [(line: Int, x: Double, width: Double)](repeating: (0, 0, 0), count: widths.count)
        for (number, line) in lines(for: width).enumerated() {
            let shown = line.map { Swift.min(widths[$0], Swift.max(0, width)) }
            let lineWidth = shown.reduce(0, +) + spacing * Double(line.count - 1)
            var x = Swift.max(0, (width - lineWidth) / 2)
            for (index, childWidth) in zip(line, shown) {
                out[index] = (number, x, childWidth)
                x += childWidth + spacing
            }
        }
        return out
    }
}
