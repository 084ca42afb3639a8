// SPDX-License-Identifier: GPL-3.0-or-later
@testable import SaomaCore

/// The history importer (CSV and JSON Lines) on any bytes, in any chunks: total (a record list
/// or one error, never a crash), bounded (no row past the limits), the same answer whatever the
/// chunking, and import∘export the identity — on the rows an import gives, and on rows made up
/// from the input (hostile text and labels: NUL, formulas, quotes, line breaks).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHistoryImport(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    var input = FuzzedData(data, size)
    let format = input.bool() ? HistoryFileFormat.csv : .jsonLines
    if input.bool() {
        checkMadeUpRecords(&input, format: format)
    } else {
        let chunk = 1 + Int(input.byte()) % 97
        checkFile(input.rest(), format: format, chunk: chunk)
    }
    return 0
}

/// Limits small enough for the fuzzer to reach.
let maximumRows = 64
let maximumBytes = 1 << 20

/// Decodes `bytes` in chunks of `chunk` bytes.
func decode(_ bytes: [UInt8], format: HistoryFileFormat, chunk: Int) -> Result<[HistoryRecord], HistoryExchangeError> {
    var decoder = HistoryImportDecoder(format: format, maximumRows: maximumRows, maximumBytes: maximumBytes)
    var records: [HistoryRecord] = []
    do throws(HistoryExchangeError) {
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + chunk)
            records += try decoder.feed(bytes[start..<end])
            start = end
        }
        records += try decoder.finish()
        return .success(records)
    } catch {
        return .failure(error)
    }
}

/// Any file: chunked and whole readings agree; what is read is within limits and survives
/// another export and import unchanged.
func checkFile(_ bytes: [UInt8], format: HistoryFileFormat, chunk: Int) {
    let chunked = decode(bytes, format: format, chunk: chunk)
    let whole = decode(bytes, format: format, chunk: max(1, bytes.count))
    fuzzCheck(chunked == whole, "chunks of \(chunk) bytes read \(chunked) but the whole file \(whole)")
    guard case .success(let records) = chunked else { return }
    fuzzCheck(records.count <= maximumRows, "\(records.count) rows past the limit of \(maximumRows)")
    for record in records {
        fuzzCheck(HistoryTime.range.contains(record.timeMilliseconds), "time \(record.timeMilliseconds) out of range")
        fuzzCheck(record.bytes.count <= HistoryExchange.maximumPayloadBytes, "payload of \(record.bytes.count) bytes")
        fuzzCheck(Symbology(rawValue: record.format) != nil, "unknown format \(record.format) imported")
    }
    for again in HistoryFileFormat.allCases {
        checkIdentity(records.filter(isExact), format: again)
    }
}

/// Whether `record` is one an export writes exactly. Rows no decoder makes read back in their
/// usual form: no text and no payload, text with an empty payload (the payload is the text's
/// bytes), empty text with a payload (binary), an empty label (none).
func isExact(_ record: HistoryRecord) -> Bool {
    if record.label == "" { return false }
    guard let text = record.text else { return !record.bytes.isEmpty }
    return text.isEmpty == record.bytes.isEmpty
}

/// Records made up from the input, exported and imported again: the same records.
func checkMadeUpRecords(_ input: inout FuzzedData, format: HistoryFileFormat) {
    var records: [HistoryRecord] = []
    for _ in 0..<input.index(below: 6) {
        let time = Int64(truncatingIfNeeded: UInt64(UInt32(bitPattern: input.int32())) << 16 | UInt64(input.byte()))
        let symbology = Symbology.allCases[input.index(below: Symbology.allCases.count)]
        let bytes = input.field()
        let text: String? = input.bool() ? String(decoding: bytes, as: UTF8.self) : (input.bool() ? input.string() : nil)
        let label: String? = input.bool() ? input.string() : nil
        let record = HistoryRecord(
            timeMilliseconds: time % (HistoryTime.range.upperBound + 1), source: HistorySource.allCases[input.index(below: 5)],
            format: symbology.name, text: text, bytes: bytes, label: label, starred: input.bool())
        if isExact(record) { records.append(record) }
    }
    checkIdentity(records, format: format)
}

/// `records` exported in `format` and imported again are `records`.
func checkIdentity(_ records: [HistoryRecord], format: HistoryFileFormat) {
    let file = Array(format.encode(records).utf8)
    let back = decode(file, format: format, chunk: 1 + file.count % 13)
    fuzzCheck(back == .success(records), "\(format) export of \(records) read back as \(back)")
}
