// SPDX-License-Identifier: GPL-3.0-or-later
@testable import SaomaCore

/// `ContentParser`, `URLSafety`, `Punycode` and `ContentSummary` over any text: total, a link's
/// shown host never carries an invisible, bidirectional or control character without a warning,
/// a list title is one bounded line, and a product number's check digit holds.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzContentParser(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: data, count: size), as: UTF8.self)
    let content = ContentParser.parse(text)
    switch content {
    case .text(let shown):
        fuzzCheck(shown == text, "text content differs from the payload")
    case .url(let url):
        checkLink(url)
    case .contact(let contact):
        contact.urls.forEach(checkLink)
    default:
        break
    }
    // The analysis runs on any text the result page may offer to open, not only parsed links.
    checkLink(text)
    // A list title is one bounded line, whatever the payload; a product number checks its digit.
    for symbology in [Symbology.qrCode, .ean13, .upcE, .isbn10] {
        let summary = ContentSummary(text: text, symbology: symbology)
        fuzzCheck(summary.subject.unicodeScalars.count <= ContentSummary.maximumSubjectCharacters + 1, "a list title over its budget")
        fuzzCheck(VisibleText.isPlain(summary.subject), "a list title with a control character")
        if case .product(let product) = ContentParser.parse(text, symbology: symbology) {
            fuzzCheck(ProductCode.hasValidCheckDigit(product.gtin), "a product number with a wrong check digit")
        }
    }
    for label in text.split(separator: ".") {
        let label = String(label)
        if let decoded = Punycode.decode(label) {
            // Every decoded code point costs at least one input character.
            fuzzCheck(decoded.unicodeScalars.count <= label.unicodeScalars.count, "Punycode output longer than its input")
        }
        _ = Punycode.unicodeLabel(label)
    }
    return 0
}

/// The analysis of `url` is total and flags what its shown host hides.
func checkLink(_ url: String) {
    let analysis = URLSafety.analyze(url)
    guard let display = analysis.displayHost else { return }
    if display.unicodeScalars.contains(where: URLSafety.isInvisible) {
        fuzzCheck(
            analysis.warnings.contains(.invisibleCharacters),
            "shown host \(display.unicodeScalars.map { String($0.value, radix: 16) }) hides characters unflagged: \(analysis.warnings)")
    }
}
