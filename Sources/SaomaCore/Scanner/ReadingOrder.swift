// SPDX-License-Identifier: GPL-3.0-or-later

/// Reading order of boxes on a page: rows from the top, each row left to right.
///
/// Rows are formed from the top: a row starts at its highest box and takes every box whose
/// centre lies less than `rowTolerance`, or half that first box's height, below the first box's
/// centre; each row then reads left to right. Boxes side by side in a tilted photo thus stay on
/// one row, and the order is the same whatever order the boxes came in. Pure; any coordinate
/// space with y growing downwards (image pixels for decoded codes, view points for markers).
public enum ReadingOrder {
    /// Row tolerance used unless told otherwise, in the boxes' units.
    public static let defaultRowTolerance = 16.0

    /// The indices of `boxes` in reading order; `before` breaks ties between boxes with the same
    /// centre (by index when not given).
    public static func indices(
        of boxes: [Rect], rowTolerance: Double = defaultRowTolerance, before: (Int, Int) -> Bool = { $0 < $1 }
    ) -> [Int] {
        let byHeight = boxes.indices.sorted { a, b in
            let ca = boxes[a].center
            let cb = boxes[b].center
            if ca.y != cb.y { return ca.y < cb.y }
            if ca.x != cb.x { return ca.x < cb.x }
            return before(a, b)
        }
        var rows: [[Int]] = []
        var rowLimit = -Double.infinity
        for index in byHeight {
            let box = boxes[index]
            if !rows.isEmpty && box.center.y <= rowLimit {
                rows[rows.count - 1].append(index)
            } else {
                rows.append([index])
                rowLimit = box.center.y + Swift.max(rowTolerance, box.height / 2)
            }
        }
        return rows.flatMap { row in
            row.sorted { a, b in
                let ca = boxes[a].center
                let cb = boxes[b].center
                if ca.x != cb.x { return ca.x < cb.x }
                if ca.y != cb.y { return ca.y < cb.y }
                return before(a, b)
            }
        }
    }
}
