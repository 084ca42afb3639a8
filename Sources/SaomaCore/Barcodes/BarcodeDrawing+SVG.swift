// SPDX-License-Identifier: GPL-3.0-or-later

extension BarcodeDrawing {
    /// The drawing as a standalone SVG document: a background, one path of dark bars, and the
    /// captions as text.
    ///
    /// The view box is in modules, so it scales without blurring; `width`/`height` give the size
    /// in pixels at `moduleSize` pixels per module. Caption text comes from the payload: it is
    /// escaped for XML, and characters XML cannot carry (C0 controls, lone surrogates never
    /// occur in Swift strings) are written as U+FFFD.
    public func svg(moduleSize: Int, foreground: RGBColor = .black, background: RGBColor = .white) -> String {
        let size = max(1, moduleSize)
        var path = ""
        path.reserveCapacity(bars.count * 24)
        for bar in bars {
            path += "M\(BarcodeDrawing.number(bar.minX)) \(BarcodeDrawing.number(bar.minY))h\(BarcodeDrawing.number(bar.width))"
            path += "v\(BarcodeDrawing.number(bar.height))h\(BarcodeDrawing.number(-bar.width))z"
        }
        var texts = ""
        for caption in captions {
            let anchor: String
            switch caption.anchor {
            case .start: anchor = "start"
            case .middle: anchor = "middle"
            case .end: anchor = "end"
            }
            texts += "<text x=\"\(BarcodeDrawing.number(caption.x))\" y=\"\(BarcodeDrawing.number(caption.y))\" "
            texts += "font-size=\"\(BarcodeDrawing.number(caption.size))\" text-anchor=\"\(anchor)\">"
            texts += BarcodeDrawing.xmlEscaped(caption.text) + "</text>\n"
        }
        let w = BarcodeDrawing.number(width)
        let h = BarcodeDrawing.number(height)
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="\(BarcodeDrawing.number(width * Double(size)))" \
            height="\(BarcodeDrawing.number(height * Double(size)))" viewBox="0 0 \(w) \(h)">
            <rect width="\(w)" height="\(h)" fill="\(background.hexString)"/>
            <path fill="\(foreground.hexString)" shape-rendering="crispEdges" d="\(path)"/>
            <g fill="\(foreground.hexString)" font-family="OCR-B, monospace">
            \(texts)</g>
            </svg>

            """
    }

    /// A coordinate as SVG writes it: shortest decimal, no exponent, at most three decimals.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let rounded = (value * 1000).rounded() / 1000
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        return String(rounded)
    }

    /// `text` with `& < > " '` as entities and XML-illegal characters as U+FFFD.
    static func xmlEscaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                let allowed = scalar.value >= 0x20 && scalar.value != 0xFFFE && scalar.value != 0xFFFF
                out.unicodeScalars.append(allowed ? scalar : "\u{FFFD}")
            }
        }
        return out
    }
}
