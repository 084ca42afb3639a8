// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaCore
import ZBarDecoding

@testable import SaomaCLI

/// `saoma scan` output for fuzzed results (file names, payload bytes, error messages): `--json`
/// is one line of valid JSON that carries every value exactly.
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
    checkJSON(ScanCommand.format(result, json: true, manyFiles: input.bool()), result)
    return 0
}

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
