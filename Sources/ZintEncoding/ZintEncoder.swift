// SPDX-License-Identifier: GPL-3.0-or-later
import CZint
import SaomaCore

/// Why libzint did not draw a code.
public enum ZintEncodingError: Error, Hashable, Sendable {
    /// QR codes are drawn by libqrencode (`QREncoding`), not here.
    case notDrawnHere(BarcodeFormat)
    /// libzint refused the data: too long for the format (its message, in English).
    case tooLong(format: BarcodeFormat, message: String)
    /// libzint refused the data or an option for another reason (its number and message).
    case refused(format: BarcodeFormat, code: Int32, message: String)
    /// libzint could not allocate a symbol.
    case outOfMemory
}

/// A code as libzint draws it: the shapes in modules, and the raster at the module sizes asked for.
public struct ZintImage: Hashable, Sendable {
    public let drawing: BarcodeDrawing
    /// One raster per module size asked for, in the order asked.
    public let rasters: [RGBRaster]
}

/// Draws Data Matrix, Aztec, PDF417, Micro QR, EAN-13, UPC-A and Code 128 codes with libzint:
/// the only place that calls `ZBarcode_*`.
///
/// Each call owns one `zint_symbol` from `ZBarcode_Create` to `ZBarcode_Delete`; libzint keeps
/// no other state, so calls on different threads are independent.
public enum ZintEncoder {
    /// libzint's symbology for `format`, `nil` for QR.
    static func symbology(_ format: BarcodeFormat) -> Int32? {
        switch format {
        case .qr: nil
        case .dataMatrix: BARCODE_DATAMATRIX
        case .aztec: BARCODE_AZTEC
        case .pdf417: BARCODE_PDF417
        case .microQR: BARCODE_MICROQR
        case .ean13: BARCODE_EANX
        case .upcA: BARCODE_UPCA
        case .code128: BARCODE_CODE128
        }
    }

    /// Draws `input` with at least `quietZone` modules of light margin (more where the format's
    /// standard asks for more), as shapes and as RGB rasters of `moduleSizes` pixels per module
    /// in `foreground` on `background`.
    ///
    /// Linear codes get their standard height and their digits or text under the bars.
    public static func draw(
        _ input: BarcodeInput, quietZone: Int, moduleSizes: [Int] = [], foreground: RGBColor = .black, background: RGBColor = .white
    ) throws(ZintEncodingError) -> ZintImage {
        guard let number = symbology(input.format) else { throw .notDrawnHere(input.format) }
        // Transfer: the symbol is ours from ZBarcode_Create until ZBarcode_Delete below, with the
        // bitmap and vector libzint hangs on it.
        guard let symbol = ZBarcode_Create() else { throw .outOfMemory }
        defer { ZBarcode_Delete(symbol) }
        symbol.pointee.symbology = number
        symbol.pointee.input_mode = DATA_MODE
        if input.usesUTF8ECI { symbol.pointee.eci = 26 }
        // Square Data Matrix symbols only: the ones people and phone scanners expect.
        if input.format == .dataMatrix { symbol.pointee.option_3 = DM_SQUARE }
        var options = BARCODE_QUIET_ZONES
        if input.format.isLinear { options |= COMPLIANT_HEIGHT }
        symbol.pointee.output_options = options
        let extra = max(0, quietZone - input.format.standardQuietZone)
        symbol.pointee.whitespace_width = Int32(extra)
        symbol.pointee.whitespace_height = Int32(input.format.isLinear ? quietZone : extra)
        setColour(&symbol.pointee.fgcolour, foreground)
        setColour(&symbol.pointee.bgcolour, background)

        let status = input.bytes.withUnsafeBufferPointer { ZBarcode_Encode(symbol, $0.baseAddress, Int32($0.count)) }
        try check(status, symbol, input.format)
        // A scale of 0.5 makes one vector unit one module (libzint's X-dimension is 2 units at scale 1).
        symbol.pointee.scale = 0.5
        try check(ZBarcode_Buffer_Vector(symbol, 0), symbol, input.format)
        let drawing = shapes(symbol)
        var rasters: [RGBRaster] = []
        for size in moduleSizes {
            symbol.pointee.scale = Float(max(1, size)) / 2
            try check(ZBarcode_Buffer(symbol, 0), symbol, input.format)
            let width = Int(symbol.pointee.bitmap_width)
            let height = Int(symbol.pointee.bitmap_height)
            let count = width * height * 3
            // Transfer: the bitmap belongs to the symbol (freed by ZBarcode_Delete); copied here.
            guard let bitmap = symbol.pointee.bitmap,
                let raster = RGBRaster(width: width, height: height, bytes: Array(UnsafeBufferPointer(start: bitmap, count: count)))
            else { throw .outOfMemory }
            rasters.append(raster)
        }
        return ZintImage(drawing: drawing, rasters: rasters)
    }

    /// Throws for libzint's errors (warnings, below `ZINT_ERROR`, are not errors).
    private static func check(_ status: Int32, _ symbol: UnsafeMutablePointer<zint_symbol>, _ format: BarcodeFormat)
        throws(ZintEncodingError)
    {
        guard status >= ZINT_ERROR else { return }
        let message = withUnsafeBytes(of: symbol.pointee.errtxt) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        switch status {
        case ZINT_ERROR_TOO_LONG: throw .tooLong(format: format, message: message)
        case ZINT_ERROR_MEMORY: throw .outOfMemory
        default: throw .refused(format: format, code: status, message: message)
        }
    }

    /// The vector output's rectangles and strings as a drawing in modules.
    private static func shapes(_ symbol: UnsafeMutablePointer<zint_symbol>) -> BarcodeDrawing {
        guard let vector = symbol.pointee.vector else { return BarcodeDrawing(width: 0, height: 0, bars: []) }
        var bars: [BarcodeDrawing.Bar] = []
        var rectangle = vector.pointee.rectangles
        while let r = rectangle {
            bars.append(
                BarcodeDrawing.Bar(
                    x: Double(r.pointee.x), y: Double(r.pointee.y), width: Double(r.pointee.width), height: Double(r.pointee.height)))
            rectangle = r.pointee.next
        }
        var captions: [BarcodeDrawing.Caption] = []
        var string = vector.pointee.strings
        while let s = string {
            let text =
                s.pointee.text.map { String(decoding: UnsafeBufferPointer(start: $0, count: Int(max(0, s.pointee.length))), as: UTF8.self) }
                ?? ""
            let anchor: BarcodeDrawing.Caption.Anchor
            switch s.pointee.halign {
            case 1: anchor = .start
            case 2: anchor = .end
            default: anchor = .middle
            }
            captions.append(
                BarcodeDrawing.Caption(
                    text: text, x: Double(s.pointee.x), y: Double(s.pointee.y), size: Double(s.pointee.fsize), anchor: anchor))
            string = s.pointee.next
        }
        return BarcodeDrawing(width: Double(vector.pointee.width), height: Double(vector.pointee.height), bars: bars, captions: captions)
    }

    /// Writes `colour` as libzint's `RRGGBB` into one of the symbol's colour fields (10 chars).
    private static func setColour<T>(_ field: inout T, _ colour: RGBColor) {
        let hex = Array(colour.hexString.dropFirst().utf8.prefix(6)) + [0]
        withUnsafeMutableBytes(of: &field) { raw in
            for (index, byte) in hex.enumerated() where index < raw.count { raw[index] = byte }
        }
    }
}
