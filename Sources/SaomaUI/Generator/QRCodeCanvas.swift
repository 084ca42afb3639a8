// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift
import SaomaCore

/// Where a code sits in a canvas and how big its modules are, in device pixels.
///
/// Pure: the canvas draws exactly this, so the layout is tested without a display.
struct QRCanvasLayout: Equatable {
    /// Whole device pixels per module (0 when the code does not fit even at one pixel per module).
    let moduleSize: Int
    /// The code's top-left corner (quiet zone included), in device pixels from the canvas origin.
    let originX: Int
    let originY: Int
    /// The code's side (quiet zone included), in device pixels.
    let side: Int

    /// The largest whole module size at which `modules` modules (quiet zone included) fit a
    /// `width`×`height` device-pixel area after `margin` device pixels on every side, centred on
    /// whole device pixels.
    init(modules: Int, width: Int, height: Int, margin: Int) {
        let available = min(width, height) - 2 * margin
        let size = modules > 0 ? max(0, available / modules) : 0
        moduleSize = size
        side = size * modules
        originX = max(0, (width - side) / 2)
        originY = max(0, (height - side) / 2)
    }
}

/// A drawing area that shows a QR matrix crisply: whole device pixels per module, one filled
/// rectangle per horizontal run of dark modules, no antialiasing, no scaling filter.
///
/// GTK 4.8 has no nearest-neighbour texture scaling in snapshots (4.10), so the code is drawn as
/// rectangles on whole device pixels; the size follows the widget and the scale factor.
/// UI thread only; owns its widget (a sunk reference released in `deinit`).
@MainActor
final class QRCodeCanvas {
    /// What is painted around the code.
    enum Backdrop {
        /// A white card of `cardPadding` points behind the code; the rest is transparent.
        case card
        /// The whole area white (the full-screen view, whatever the theme).
        case fullWhite
    }

    /// White space around the code inside the card, in points.
    static let cardPadding = 8

    var widget: UnsafeMutablePointer<GtkWidget> { widgetRef.pointer }
    private let widgetRef: WidgetRef
    let backdrop: Backdrop
    /// What is drawn: the matrix, quiet zone and colours; `nil` draws only the backdrop.
    private(set) var code: QRCodeAppearance?
    /// A code of another format than QR to draw instead (its shapes and colours).
    private(set) var barcode: BarcodeAppearance?
    /// The layout of the last drawing, in device pixels (for tests and screenshots).
    private(set) var lastLayout: QRCanvasLayout?
    /// Device pixels per module of the last code of another format drawn (0 when it did not fit).
    var lastBarcodeModuleSize = 0

    init(backdrop: Backdrop) {
        self.backdrop = backdrop
        widgetRef = WidgetRef(sinking: gtk_drawing_area_new())
        let widget = widgetRef.pointer
        let box = Unmanaged.passRetained(WeakCanvas(self)).toOpaque()
        gtk_drawing_area_set_draw_func(
            gcast(widget),
            { _, cr, width, height, data in
                guard let data, let cr else { return }
                let canvas = Unmanaged<WeakCanvas>.fromOpaque(data).takeUnretainedValue()
                MainActor.assumeIsolated { canvas.canvas?.draw(cr, width: Int(width), height: Int(height)) }
            }, box,
            { data in
                guard let data else { return }
                Unmanaged<WeakCanvas>.fromOpaque(data).release()
            })
    }

    /// Shows `appearance` (or nothing) and redraws.
    func show(_ appearance: CodeAppearance?) {
        switch appearance {
        case .qr(let qr): (code, barcode) = (qr, nil)
        case .barcode(let drawn): (code, barcode) = (nil, drawn)
        case nil: (code, barcode) = (nil, nil)
        }
        gtk_widget_queue_draw(widget)
    }

    /// Paints the backdrop and the code; `width`×`height` is the widget's size in points.
    private func draw(_ cr: OpaquePointer, width: Int, height: Int) {
        let scale = max(1, Int(gtk_widget_get_scale_factor(widget)))
        // Work in device pixels: every coordinate below is a whole device pixel.
        cairo_scale(cr, 1 / Double(scale), 1 / Double(scale))
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE)
        let deviceWidth = width * scale
        let deviceHeight = height * scale
        if backdrop == .fullWhite {
            cairo_set_source_rgb(cr, 1, 1, 1)
            cairo_paint(cr)
        }
        if let barcode {
            lastLayout = nil
            drawBarcode(barcode, cr, width: deviceWidth, height: deviceHeight, scale: scale)
            return
        }
        guard let code else {
            lastLayout = nil
            return
        }
        let modules = code.matrix.sizeInModules(quietZone: code.quietZone)
        let margin = backdrop == .card ? QRCodeCanvas.cardPadding * scale : 0
        let layout = QRCanvasLayout(modules: modules, width: deviceWidth, height: deviceHeight, margin: margin)
        lastLayout = layout
        guard layout.moduleSize > 0 else { return }
        if backdrop == .card {
            cairo_set_source_rgb(cr, 1, 1, 1)
            cairo_rectangle(
                cr, Double(layout.originX - margin), Double(layout.originY - margin), Double(layout.side + 2 * margin),
                Double(layout.side + 2 * margin))
            cairo_fill(cr)
        }
        let m = layout.moduleSize
        setSource(cr, code.background)
        cairo_rectangle(cr, Double(layout.originX), Double(layout.originY), Double(layout.side), Double(layout.side))
        cairo_fill(cr)
        setSource(cr, code.foreground)
        let matrix = code.matrix
        for y in 0..<matrix.size {
            var x = 0
            while x < matrix.size {
                guard matrix.isDark(x: x, y: y) else {
                    x += 1
                    continue
                }
                let start = x
                while x < matrix.size, matrix.isDark(x: x, y: y) { x += 1 }
                cairo_rectangle(
                    cr, Double(layout.originX + (start + code.quietZone) * m), Double(layout.originY + (y + code.quietZone) * m),
                    Double((x - start) * m), Double(m))
            }
        }
        cairo_fill(cr)
    }

    func setSource(_ cr: OpaquePointer, _ color: RGBColor) {
        cairo_set_source_rgb(cr, Double(color.red) / 255, Double(color.green) / 255, Double(color.blue) / 255)
    }
}

/// What a canvas draws: the symbol and its look (the module size is the canvas's own).
struct QRCodeAppearance: Equatable {
    let matrix: QRMatrix
    /// Light margin in modules.
    let quietZone: Int
    let foreground: RGBColor
    let background: RGBColor
}

/// The draw function's user data: a weak link back, so GTK never keeps a canvas alive.
private final class WeakCanvas {
    weak var canvas: QRCodeCanvas?
    init(_ canvas: QRCodeCanvas) { self.canvas = canvas }
}
