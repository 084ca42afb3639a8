// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaCore

/// What a code canvas draws: a QR matrix, or the shapes of a code of another format.
enum CodeAppearance: Equatable {
    case qr(QRCodeAppearance)
    case barcode(BarcodeAppearance)
}

/// A code other than QR as a canvas draws it: its shapes in modules and its colours (the module
/// size is the canvas's own).
struct BarcodeAppearance: Equatable {
    let drawing: BarcodeDrawing
    let foreground: RGBColor
    let background: RGBColor
}
