// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaCore
import CharsetConversion
import ZBarDecoding

@testable import SaomaCLI

/// `saoma scan` output for fuzzed results (file names, payload bytes, error messages): `--json`
/// is one line of valid JSON that carries every value exactly; text mode is terminal-safe.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScanOutput(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    var input = FuzzedData(data, size)
    let file = input.string()
    let error: String? = input.bool() ? input.string() : nil
    let symbols = (0..<input.index(below: 4)).map { _ in
        let format = Symbology.allCases[input.index(below: Symbology.allCases.count)]
        // Corners as the decoder gives them: image pixels, possibly fractional after scaling.
        let corners = (0..<4).map { _ in Point(x: Double(input.int32()) / 16, y: Double(input.int32()) / 16) }
        let bytes = input.field()
        // The text the decoder would derive, or (rarely) any text at all.
        let text = input.bool() ? PayloadText.decode(bytes) : String(decoding: input.field(), as: UTF8.self)
        return Symbol(format: format, bytes: bytes, text: text, corners: corners)
    }
    let result = ScanCommand.FileResult(file: file, symbols: symbols, error: error)
    let manyFiles = input.bool()
    checkJSON(ScanCommand.format(result, json: true, manyFiles: manyFiles), result)
    checkText(ScanCommand.format(result, json: false, manyFiles: manyFiles), result)
    return 0
}

/// Text mode: one line per code, and nothing in it a terminal would act on — no C0 control but
/// the line ends, no DEL, no C1 control, no bidirectional override or line separator — while
/// text that has none of these is printed as it is.
func checkText(_ output: String, _ result: ScanCommand.FileResult) {
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
    fuzzCheck(
        lines.count == result.symbols.count + 1 && lines.last == "", "\(result.symbols.count) codes printed as \(lines.count - 1) lines")
    for (line, symbol) in zip(lines, result.symbols) {
        if let bad = line.unicodeScalars.first(where: drivesTerminal) {
            fuzzCheck(false, "U+\(String(bad.value, radix: 16)) reaches the terminal in \(Array(line.utf8.prefix(120)))")
        }
        if let text = symbol.text, !text.unicodeScalars.contains(where: drivesTerminal), !text.unicodeScalars.contains(where: isRawByte) {
            fuzzCheck(line.hasSuffix(": " + text), "plain text changed on its way out")
        }
    }
}

/// Whether a terminal or a bidi-aware renderer would act on `s` rather than show it.
func drivesTerminal(_ s: Unicode.Scalar) -> Bool {
    switch s.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
}

/// Whether `s` stands for a raw byte of a name that was not UTF-8 (shown as `\xNN`).
func isRawByte(_ s: Unicode.Scalar) -> Bool { RawArgument.escapedByte(s) != nil }

/// `line` is one JSON object followed by a newline, and holds exactly `result`.
func checkJSON(_ line: String, _ result: ScanCommand.FileResult) {
    fuzzCheck(line.hasSuffix("\n") && line.dropLast().allSatisfy { $0 != "\n" && $0 != "\r" }, "JSON output is not one line")
    let parsed = try? JSONSerialization.jsonObject(with: Data(line.utf8))
    guard let object = parsed as? [String: Any] else {
        fuzzCheck(false, "not a JSON object: \(Array(line.utf8.prefix(200)))")
        return
    }
    fuzzCheck(object["file"] as? String == result.file, "file name changed")
    fuzzCheck(object["error"] as? String == result.error, "error changed")
    let symbols = object["symbols"] as? [[String: Any]] ?? []
    fuzzCheck(symbols.count == result.symbols.count, "\(result.symbols.count) symbols written as \(symbols.count)")
    for (written, symbol) in zip(symbols, result.symbols) {
        fuzzCheck(written["format"] as? String == symbol.format.name, "format changed")
        if let text = symbol.text {
            fuzzCheck(written["text"] as? String == text, "text changed")
        } else {
            fuzzCheck(written["text"] is NSNull, "binary payload without \"text\": null")
        }
        let hex = written["bytes_hex"] as? String
        fuzzCheck(hex == (symbol.isUTF8Text ? nil : Symbol.hex(symbol.bytes)), "bytes_hex wrong")
        let corners = written["corners"] as? [[Double]] ?? []
        fuzzCheck(corners.count == symbol.corners.count, "corners lost")
        for (pair, point) in zip(corners, symbol.corners) {
            fuzzCheck(
                pair.count == 2 && abs(pair[0] - point.x) <= 0.0501 && abs(pair[1] - point.y) <= 0.0501,
                "corner \(point) written as \(pair)")
        }
    }
}
