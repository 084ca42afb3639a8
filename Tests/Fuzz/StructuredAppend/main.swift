// SPDX-License-Identifier: GPL-3.0-or-later
@testable import SaomaCore

/// Structured-append parts as engines could report them (any index, count and id, payloads that
/// repeat or conflict, PDF417's count 0), joined for a still image and over a live view, and
/// Data Matrix codewords walked for ECI designators: total and bounded, nothing lost, a message
/// whole only when one reading of every part made it, and the missing parts told within bounds.
///
/// The first byte says how many parts: up to 64 with small indices and counts, or (high bit
/// set) up to 8 that may stand far into a 99 999-part message (each such message lists up to
/// 99 998 missing parts, so fewer of them keep a run fast). Each part is four bytes (format
/// and id, index, count, time step) and a payload field. The whole input is also read as Data
/// Matrix data codewords.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStructuredAppend(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    var input = FuzzedData(data, size)
    let all = Array(UnsafeRawBufferPointer(start: data, count: size))
    checkDesignatorWalk(all)
    let formats: [Symbology] = [.qrCode, .pdf417, .dataMatrix, .aztec]
    var parts: [Symbol] = []
    var times: [Double] = []
    var time = 0.0
    let first = input.byte()
    let large = first & 0x80 != 0
    for n in 0..<Int(large ? first % 9 : first % 65) {
        let kind = input.byte()
        let rawIndex = Int(input.byte())
        let index = large ? rawIndex * 391 % StructuredAppend.maximumParts : rawIndex % 20
        let rawCount = Int(input.byte())
        let count = large && rawCount >= 128 ? StructuredAppend.maximumParts - rawCount : rawCount % 20
        time += Double(input.byte() % 8) * 0.5
        var part = Symbol(
            format: formats[Int(kind) % formats.count], bytes: input.field(), text: nil,
            corners: [
                Point(x: Double(n), y: 0), Point(x: Double(n), y: 10), Point(x: Double(n) + 10, y: 10), Point(x: Double(n) + 10, y: 0),
            ])
        part.sequence = Symbol.Sequence(index: index, count: count, id: [(kind >> 2) & 3])
        parts.append(part)
        times.append(time)
    }
    let text: ([UInt8]) -> String? = { String(validating: $0, as: UTF8.self) }
    let joined = StructuredAppend.assembled(parts, text: text)
    checkMessages(joined, parts: parts)
    var live = LiveAssembly()
    var reported: [Symbol] = []
    for (part, time) in zip(parts, times) { reported += live.frame([part], at: time, text: text) }
    checkMessages(reported, parts: nil)
    return 0
}

/// Every message within its bounds; with `parts`, every part's payload in some message of its format.
func checkMessages(_ messages: [Symbol], parts: [Symbol]?) {
    for message in messages {
        fuzzCheck(message.sequence == nil, "a joined message still marked as a part")
        guard let assembly = message.assembly else {
            fuzzCheck(false, "a part reported without its assembly")
            continue
        }
        fuzzCheck((1...StructuredAppend.maximumParts).contains(assembly.total), "a message of \(assembly.total) parts")
        fuzzCheck(zip(assembly.missing, assembly.missing.dropFirst()).allSatisfy { $0 < $1 }, "missing parts not in order or repeated")
        fuzzCheck(assembly.missing.allSatisfy { (0..<assembly.total).contains($0) }, "a missing part out of range")
        if let told = MissingParts(assembly) {
            fuzzCheck(told.runs.count <= MissingParts.defaultRunLimit && told.count <= told.total, "told \(told)")
            fuzzCheck(told.runs.allSatisfy { $0.lowerBound >= 1 && $0.upperBound <= told.total }, "a run out of range")
        } else {
            fuzzCheck(assembly.isComplete, "an incomplete message with nothing to tell")
        }
    }
    guard let parts else { return }
    for part in parts where !part.bytes.isEmpty {
        let kept = messages.contains { $0.format == part.format && contains($0.bytes, part.bytes) }
        fuzzCheck(kept, "a part's payload lost: \(part.bytes.prefix(16)) (\(part.sequence.map { "\($0.index)/\($0.count)" } ?? ""))")
    }
    // A whole message: every part read once, with one payload each, within its family.
    for message in messages where message.assembly?.isComplete == true {
        let family = parts.filter { $0.format == message.format }
        var readings: [Int: Set<[UInt8]>] = [:]
        for part in family { readings[part.sequence?.index ?? 0, default: []].insert(part.bytes) }
        let total = message.assembly?.total ?? 0
        fuzzCheck((0..<total).allSatisfy { readings[$0] != nil }, "a whole message with a part never read")
    }
}

/// Whether `needle` occurs in `haystack` as a run.
func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    guard needle.count <= haystack.count else { return false }
    return (0...(haystack.count - needle.count)).contains { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
}

/// The walk over any codewords: a later designator only where a 241 stands after the first
/// codeword, a structured-append header only where a 233 stands; a payload kept, mended (one
/// byte off) or refused.
func checkDesignatorWalk(_ codewords: [UInt8]) {
    let later = ECI.dataMatrixHasLaterDesignator(codewords)
    if later { fuzzCheck(codewords.dropFirst().contains(241), "a later designator without an ECI codeword") }
    let output = Array(codewords.prefix(32))
    let part = ECI.dataMatrixHasStructuredAppend(codewords)
    if part { fuzzCheck(codewords.contains(233), "a structured-append header without its codeword") }
    if let payload = ECI.dataMatrixPayload(output: output, codewords: codewords) {
        fuzzCheck(!later && !part, "a later designator's or a part's output trusted")
        fuzzCheck(payload.bytes == output || payload.bytes == Array(output.dropFirst()), "a payload that is not the output")
    }
}
