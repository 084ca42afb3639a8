// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaCore

/// JSON lines for `saoma scan --json`, in barcode-bench's contract:
/// `{"file", "symbols": [{"format", "text", "bytes_hex" (when not UTF-8), "corners", "parts" (a
/// structured-append message: `{"total", "missing"}`, 1-based, and `"open_ended": true` when the
/// message does not say how many parts it has and its last was not read), "content"}], "error", "warning"}`.
enum ScanJSON {
    /// `result` for JSON, which holds only Unicode: a file name's bytes that are not UTF-8
    /// (carried as `RawArgument` escapes) become U+FFFD, in `file` and in the messages.
    static func unicodeNamed(_ result: ScanCommand.FileResult) -> ScanCommand.FileResult {
        guard !RawArgument.isUTF8(result.file) else { return result }
        var lossy = result
        lossy.file = String(decoding: RawArgument.bytes(of: result.file), as: UTF8.self)
        lossy.error = result.error?.replacingOccurrences(of: result.file, with: lossy.file)
        lossy.warning = result.warning?.replacingOccurrences(of: result.file, with: lossy.file)
        return lossy
    }

    /// One JSON object (no trailing newline) for a file's result.
    static func line(for result: ScanCommand.FileResult) -> String {
        var out = "{\"file\":" + quoted(result.file) + ",\"symbols\":["
        for (i, symbol) in result.symbols.enumerated() {
            if i > 0 { out += "," }
            out += "{\"format\":" + quoted(symbol.format.name)
            out += ",\"text\":" + (symbol.text.map(quoted) ?? "null")
            if !symbol.isUTF8Text { out += ",\"bytes_hex\":" + quoted(Symbol.hex(symbol.bytes)) }
            out += ",\"corners\":[" + symbol.corners.map { "[\(number($0.x)),\(number($0.y))]" }.joined(separator: ",") + "]"
            if let parts = symbol.assembly {
                out +=
                    ",\"parts\":{\"total\":\(parts.total),\"missing\":[" + parts.missing.map { String($0 + 1) }.joined(separator: ",")
                    + "]" + (parts.isOpenEnded ? ",\"open_ended\":true" : "") + "}"
            }
            out += ",\"content\":" + content(of: symbol).text + "}"
        }
        out += "]"
        if let error = result.error { out += ",\"error\":" + quoted(error) }
        if let warning = result.warning { out += ",\"warning\":" + quoted(warning) }
        return out + "}"
    }

    /// A JSON string literal (see `JSONString.quoted`).
    static func quoted(_ s: String) -> String { JSONString.quoted(s) }

    /// A coordinate: an integer when whole, else one decimal.
    static func number(_ v: Double) -> String {
        if v.rounded() == v, abs(v) < 1e15 { return String(Int(v)) }
        return String((v * 10).rounded() / 10)
    }
}
