// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import SaomaCore

/// Drawing codes of other formats than QR: their bars on whole device pixels per module (the
/// largest that fits), their digits or text in cairo's monospace face.
extension QRCodeCanvas {
    /// The whole device pixels per module at which `drawing` fits `width`×`height` device
    /// pixels after `margin` on every side (0 when it does not fit at one).
    static func barcodeModuleSize(_ drawing: BarcodeDrawing, width: Int, height: Int, margin: Int) -> Int {
        guard drawing.width > 0, drawing.height > 0 else { return 0 }
        let across = Double(width - 2 * margin) / drawing.width
        let down = Double(height - 2 * margin) / drawing.height
        return max(0, Int(min(across, down).rounded(.down)))
    }

    /// Paints `code` centred in a `width`×`height` device-pixel area (the context is in device pixels).
    func drawBarcode(_ code: BarcodeAppearance, _ cr: OpaquePointer, width: Int, height: Int, scale: Int) {
        let margin = backdrop == .card ? QRCodeCanvas.cardPadding * scale : 0
        let m = QRCodeCanvas.barcodeModuleSize(code.drawing, width: width, height: height, margin: margin)
        lastBarcodeModuleSize = m
        guard m > 0 else { return }
        let side = (Int((code.drawing.width * Double(m)).rounded()), Int((code.drawing.height * Double(m)).rounded()))
        let originX = Double((width - side.0) / 2)
        let originY = Double((height - side.1) / 2)
        if backdrop == .card {
            cairo_set_source_rgb(cr, 1, 1, 1)
            cairo_rectangle(
                cr, originX - Double(margin), originY - Double(margin), Double(side.0 + 2 * margin), Double(side.1 + 2 * margin))
            cairo_fill(cr)
        }
        setSource(cr, code.background)
        cairo_rectangle(cr, originX, originY, Double(side.0), Double(side.1))
        cairo_fill(cr)
        setSource(cr, code.foreground)
        let unit = Double(m)
        for bar in code.drawing.bars {
            cairo_rectangle(
                cr, originX + (bar.minX * unit).rounded(), originY + (bar.minY * unit).rounded(), (bar.width * unit).rounded(),
                (bar.height * unit).rounded())
        }
        cairo_fill(cr)
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_DEFAULT)
        cairo_select_font_face(cr, "monospace", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        for caption in code.drawing.captions {
            cairo_set_font_size(cr, caption.size * unit)
            var extents = cairo_text_extents_t()
            cairo_text_extents(cr, caption.text, &extents)
            let shift: Double
            switch caption.anchor {
            case .start: shift = 0
            case .middle: shift = extents.x_advance / 2
            case .end: shift = extents.x_advance
            }
            cairo_move_to(cr, originX + caption.x * unit - shift, originY + caption.y * unit)
            cairo_show_text(cr, caption.text)
        }
    }
}
