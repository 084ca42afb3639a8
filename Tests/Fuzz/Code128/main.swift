// SPDX-License-Identifier: GPL-3.0-or-later
@testable import SaomaCore

/// The Code 128 codeword decoder: any element widths (as the pixels of any image give them) are
/// read in bounded time, every symbol reported verifies, and a symbol drawn from the input's
/// codewords is read back exactly.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCode128(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    var input = FuzzedData(data, size)
    let firstIsBar = input.bool()
    // Arbitrary widths: one byte each, some of them stretched.
    var widths: [Int] = []
    while !input.isEmpty && widths.count < 4096 {
        let b = Int(input.byte())
        widths.append(b >= 0xF0 ? (b - 0xEF) << 20 : b)
    }
    let scan = Code128.scan(widths: widths, firstIsBar: firstIsBar)
    fuzzCheck(scan.readings.count <= Code128.maxSymbolsPerLine, "too many symbols")
    fuzzCheck(scan.attempts.count <= Code128.maxSymbolsPerLine, "too many attempts")
    for reading in scan.readings {
        fuzzCheck(Code128.checkCharacterMatches(reading.codewords), "a symbol without its check character: \(reading.codewords)")
        fuzzCheck(Code128.interpret(Array(reading.codewords.dropLast())) == reading.data, "data that its codewords do not say")
        fuzzCheck(reading.elements.lowerBound >= 0 && reading.elements.upperBound <= widths.count, "elements outside the line")
    }
    // The input's bytes as codewords of a symbol, drawn at 3 modules per width unit.
    let bytes = Array(UnsafeRawBufferPointer(start: data, count: min(size, 64)))
    guard let first = bytes.first else { return 0 }
    let start = Code128.startA + Int(first) % 3
    let codewords = [start] + bytes.dropFirst().map { Int($0) % Code128.startA }
    guard let data = Code128.interpret(codewords) else { return 0 }
    var sum = start
    for i in 1..<codewords.count { sum += i * codewords[i] }
    let symbol = codewords + [sum % 103]
    let modules = [10] + symbol.flatMap { Code128.patterns[$0] } + Code128.patterns[Code128.stop] + [10]
    let drawn = Code128.scan(widths: modules.map { $0 * 3 }, firstIsBar: false)
    fuzzCheck(drawn.readings.map(\.codewords) == [symbol], "a drawn symbol read as \(drawn.readings.map(\.codewords)), not \(symbol)")
    fuzzCheck(drawn.readings.first?.data == data, "a drawn symbol's data changed")
    return 0
}
