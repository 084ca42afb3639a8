// SPDX-License-Identifier: GPL-3.0-or-later
import CZBar
import SaomaCore

/// Code 128 extended characters (FNC4) that zbar 0.23 drops: zbar hands out the character after
/// an FNC4 without its +128, so "Äpfel" reads "Dpfel". Each Code 128 read is looked at again on
/// the lines it was read on, through zbar's own edge detector (a `zbar_scanner_t` without a
/// decoder gives the bar and space widths), and SaomaCore's `Code128` reads the codewords.
enum Code128Lines {
    /// Most rows and most columns looked at per read.
    static let maxLinesPerDirection = 8

    /// `read` with its extended characters, unchanged when it has none (or when no line tells),
    /// or `nil` when a line shows an FNC4 that no verified reading accounts for.
    ///
    /// The lines are read one by one, those across the code's length first (rows for a code
    /// wider than high), middle lines first; the first line with a verified reading of the same
    /// symbol decides.
    static func resolve(_ read: RawRead, in image: LumaImage) -> RawRead? {
        guard read.format == .code128, image.width > 0, image.height > 0, let scanner = zbar_scanner_create(nil) else { return read }
        defer { zbar_scanner_destroy(scanner) }
        var lines: [Code128.LineScan] = []
        for line in self.lines(of: read, in: image) {
            let scan = lineScan(line, in: image, scanner: scanner)
            lines.append(scan)
            if scan.readings.contains(where: { $0.data.bytesIgnoringFNC4 == read.bytes && $0.data.isGS1 == read.isGS1 }) { break }
        }
        switch Code128.resolve(bytes: read.bytes, isGS1: read.isGS1, lines: lines) {
        case .keep: return read
        case .drop: return nil
        case .replace(let data):
            var replaced = read
            replaced.bytes = data.bytes
            return replaced
        }
    }

    /// A row or a column of an image.
    enum Line: Hashable {
        case row(Int)
        case column(Int)
    }

    /// The rows and columns `read` was read on (its location points), at most
    /// `maxLinesPerDirection` of each, in the order `resolve` reads them.
    static func lines(of read: RawRead, in image: LumaImage) -> [Line] {
        func middleFirst(_ values: [Int]) -> [Int] {
            let middle = values.isEmpty ? 0 : values[values.count / 2]
            return values.sorted { (abs($0 - middle), $0) < (abs($1 - middle), $1) }
        }
        let rows = middleFirst(spread(Set(read.points.map { Int($0.y) }).filter { (0..<image.height).contains($0) })).map(Line.row)
        let columns = middleFirst(spread(Set(read.points.map { Int($0.x) }).filter { (0..<image.width).contains($0) })).map(Line.column)
        let box = Rect(bounding: read.points)
        return box.width >= box.height ? rows + columns : columns + rows
    }

    /// The codeword readings of every line `read` was read on.
    static func lines(through read: RawRead, in image: LumaImage) -> [Code128.LineScan] {
        guard let scanner = zbar_scanner_create(nil) else { return [] }
        defer { zbar_scanner_destroy(scanner) }
        return lines(of: read, in: image).map { lineScan($0, in: image, scanner: scanner) }
    }

    /// The codeword readings of one line of `image`, scanned from its start through zbar's edge
    /// detector.
    static func lineScan(_ line: Line, in image: LumaImage, scanner: OpaquePointer) -> Code128.LineScan {
        let width = image.width
        let widths = image.pixels.withUnsafeBufferPointer { pixels in
            switch line {
            case .row(let y): return scan(count: width, scanner: scanner) { pixels[y * width + $0] }
            case .column(let x): return scan(count: image.height, scanner: scanner) { pixels[$0 * width + x] }
            }
        }
        return Code128.scan(widths: widths.widths, firstIsBar: widths.firstIsBar)
    }

    /// The codeword readings of rows `rows` and columns `columns` of `image`.
    static func lineScans(rows: [Int], columns: [Int], in image: LumaImage) -> [Code128.LineScan] {
        guard let scanner = zbar_scanner_create(nil) else { return [] }
        defer { zbar_scanner_destroy(scanner) }
        let lines =
            rows.filter { (0..<image.height).contains($0) }.map(Line.row)
            + columns.filter { (0..<image.width).contains($0) }.map(Line.column)
        return lines.map { lineScan($0, in: image, scanner: scanner) }
    }

    /// At most `maxLinesPerDirection` of `lines`, evenly spread, in order.
    static func spread(_ lines: Set<Int>) -> [Int] {
        let sorted = lines.sorted()
        guard sorted.count > maxLinesPerDirection else { return sorted }
        return (0..<maxLinesPerDirection).map { sorted[$0 * (sorted.count - 1) / (maxLinesPerDirection - 1)] }
    }

    /// The element widths (1/32 pixel) zbar's edge detector finds along `count` samples, and
    /// whether the first is a bar. zbar reports the first edge with a width of 0 (the ground
    /// before it is not measured): it is left out.
    static func scan(count: Int, scanner: OpaquePointer, sample: (Int) -> UInt8) -> (widths: [Int], firstIsBar: Bool) {
        _ = zbar_scanner_new_scan(scanner)
        var widths: [Int] = []
        var firstIsBar = false
        func edge() {
            let width = Int(zbar_scanner_get_width(scanner))
            if widths.isEmpty && width == 0 { return }
            // The colour zbar gives is the element now begun: the one measured is the other.
            if widths.isEmpty { firstIsBar = zbar_scanner_get_color(scanner) == ZBAR_SPACE }
            widths.append(width)
        }
        for i in 0..<count where zbar_scan_y(scanner, Int32(sample(i))) == ZBAR_PARTIAL { edge() }
        // The last elements; a flush that ends the line reports a width of 0.
        for _ in 0..<2 where zbar_scanner_flush(scanner) == ZBAR_PARTIAL && zbar_scanner_get_width(scanner) > 0 { edge() }
        return (widths, firstIsBar)
    }
}
