// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCore

/// The symbology models the blur-aware reader fits: their patterns are zint's, and their check
/// rules accept exactly the symbols the standards allow.
@Suite("Blur-aware reader: symbology models")
struct BlurModelTests {
    /// The options of `model` that spell `digits` (EAN/UPC) with the parities the standard gives.
    static func eanOptions(_ kind: LinearCodeModel.Kind, _ digits: [Int]) -> [Int] {
        switch kind {
        case .ean13(let upcOnly):
            let parities = upcOnly ? 0 : EANPatterns.ean13Parities[digits[0]]
            return [0] + (0..<6).map { digits[1 + $0] + 10 * ((parities >> (5 - $0)) & 1) } + (0..<6).map { digits[7 + $0] }
        case .ean8:
            return [0] + digits.prefix(4) + digits.suffix(4)
        case .upcE:
            // digits: number system, six digits, check.
            let parities = EANPatterns.upcEParities[digits[7]] ^ (digits[0] == 1 ? 0b111111 : 0)
            return [0] + (0..<6).map { digits[1 + $0] + 10 * ((parities >> (5 - $0)) & 1) }
        case .code128:
            return []
        }
    }

    static func digits(_ s: String) -> [Int] { s.compactMap(\.wholeNumberValue) }

    /// The quiet zones the model adds around the bars.
    static func bars(_ model: LinearCodeModel, options: [Int]) -> [UInt8] {
        let all = model.modules(options: options)
        return Array(all.dropFirst(model.quietModules).dropLast(model.quietModules))
    }

    @Test(
        "EAN and UPC patterns are zint's, module for module",
        arguments: [
            ("EANX", "978067960105", LinearCodeModel.Kind.ean13(upcOnly: false), "9780679601050"),
            ("EANX", "590123412345", .ean13(upcOnly: false), "5901234123457"),
            ("EANX", "400638133393", .ean13(upcOnly: false), "4006381333931"),
            ("UPCA", "07183100799", .ean13(upcOnly: true), "0071831007995"),
            ("EANX", "9638507", .ean8, "96385074"),
            ("UPCE", "0123456", .upcE, "01234565"),
            ("UPCE", "0425261", .upcE, "04252614"),
        ])
    func eanPatternsMatchZint(type: String, data: String, kind: LinearCodeModel.Kind, full: String) throws {
        let model = try #require(LinearCodeModel(kind))
        let options = Self.eanOptions(kind, Self.digits(full))
        #expect(Self.bars(model, options: options) == (try ZintSymbol.bars(type, data)))
        let decoded = try #require(model.decoded(labels: model.labels(options: options)))
        #expect(String(decoding: decoded.bytes, as: UTF8.self) == full)
    }

    @Test("Code 128 patterns are zint's", arguments: ["Hello", "AB-12", "123456", "x"])
    func code128PatternsMatchZint(text: String) throws {
        let bars = try ZintSymbol.bars("CODE128", text)
        // Characters are 11 modules, the stop 13: the data characters between start and check.
        let n = (bars.count - 35) / 11
        let model = try #require(LinearCodeModel(.code128(dataCharacters: n)))
        // Read zint's characters back by their patterns.
        var options: [Int] = []
        for (s, segment) in model.segments.enumerated() {
            let from = s == 0 ? 0 : 11 * s
            let length = s == 0 ? 11 : s == model.segments.count - 1 ? 24 : 11
            let chunk = Array(bars[from..<(from + length)])
            let local = segment.options.map { Array($0.dropFirst(s == 0 ? model.quietModules : 0).prefix(length)) }
            options.append(try #require(local.firstIndex(of: chunk), "segment \(s)"))
        }
        #expect(Self.bars(model, options: options) == bars)
        let decoded = try #require(model.decoded(labels: model.labels(options: options)))
        #expect(String(decoding: decoded.bytes, as: UTF8.self) == text)
    }

    @Test(
        "check digits and parities accept valid symbols and refuse any one digit changed",
        arguments: [
            (LinearCodeModel.Kind.ean13(upcOnly: false), "9780679601050"), (.ean13(upcOnly: false), "4006381333931"),
            (.ean13(upcOnly: true), "0036000291452"), (.ean8, "96385074"), (.ean8, "40170725"), (.upcE, "01234565"), (.upcE, "04252614"),
        ])
    func checksAcceptOnlyValidSymbols(kind: LinearCodeModel.Kind, full: String) throws {
        let model = try #require(LinearCodeModel(kind))
        let digits = Self.digits(full)
        let options = Self.eanOptions(kind, digits)
        #expect(model.decoded(labels: model.labels(options: options)) != nil)
        // Any single data digit changed (parity kept): the check fails (weights 1 and 3 are prime
        // to 10), except UPC-E's last digit, which also changes the expansion: the check then
        // decides, computed on the UPC-A digits.
        for segment in 1..<options.count {
            for d in 0..<10 {
                var changed = options
                let parity = options[segment] / 10
                guard d != options[segment] % 10 else { continue }
                changed[segment] = d + 10 * parity
                var valid = false
                if kind == .upcE && segment == 6 {
                    var six = Array(digits[1...6])
                    six[5] = d
                    valid = EANPatterns.checkDigit(EANPatterns.upcAExpansion(numberSystem: digits[0], digits: six)) == digits[7]
                }
                #expect((model.decoded(labels: model.labels(options: changed)) != nil) == valid, "segment \(segment) digit \(d)")
            }
        }
    }

    @Test("EAN-13 parities: each of the ten leading digits, and no other pattern")
    func ean13ParitiesEncodeTheLeadingDigit() throws {
        let model = try #require(LinearCodeModel(.ean13(upcOnly: false)))
        var valid = 0
        for parities in 0..<64 {
            // Digits 1…12 all 0 but for the check digit that makes the sum work.
            var options = [0] + (0..<6).map { 10 * ((parities >> (5 - $0)) & 1) } + [Int](repeating: 0, count: 6)
            guard let first = EANPatterns.ean13LeadingDigit(parities: parities) else {
                #expect(
                    (0..<10).allSatisfy { check in
                        options[12] = check
                        return model.decoded(labels: model.labels(options: options)) == nil
                    })
                continue
            }
            options[12] = (10 - first % 10) % 10
            let decoded = try #require(model.decoded(labels: model.labels(options: options)))
            #expect(decoded.bytes.first == UInt8(ascii: "0") + UInt8(first))
            valid += 1
        }
        #expect(valid == 10)
    }

    @Test(
        "UPC-E expands to its UPC-A digits",
        arguments: [
            ([1, 2, 3, 4, 5, 6], [0, 1, 2, 3, 4, 5, 0, 0, 0, 0, 6]), ([1, 2, 3, 4, 5, 0], [0, 1, 2, 0, 0, 0, 0, 0, 3, 4, 5]),
            ([1, 2, 3, 4, 5, 3], [0, 1, 2, 3, 0, 0, 0, 0, 0, 4, 5]), ([1, 2, 3, 4, 5, 4], [0, 1, 2, 3, 4, 0, 0, 0, 0, 0, 5]),
        ])
    func upcEExpansion(digits: [Int], expected: [Int]) {
        #expect(EANPatterns.upcAExpansion(numberSystem: 0, digits: digits) == expected)
    }

    @Test("UPC-E's check digit is its UPC-A expansion's, for every last digit")
    func upcECheckFollowsTheExpansion() throws {
        let model = try #require(LinearCodeModel(.upcE))
        for last in 0..<10 {
            for system in 0...1 {
                let six = [4, 0, 7, 1, 9, last]
                let check = EANPatterns.checkDigit(EANPatterns.upcAExpansion(numberSystem: system, digits: six))
                let options = Self.eanOptions(.upcE, [system] + six + [check])
                let decoded = try #require(model.decoded(labels: model.labels(options: options)))
                #expect(decoded.bytes.map { Int($0) - 48 } == [system] + six + [check])
                let wrong = Self.eanOptions(.upcE, [system] + six + [(check + 1) % 10])
                #expect(model.decoded(labels: model.labels(options: wrong)) == nil)
            }
        }
    }

    @Test("Code 128 models: lengths out of range are refused, the check character is verified")
    func code128Lengths() throws {
        #expect(LinearCodeModel(.code128(dataCharacters: 0)) == nil)
        #expect(LinearCodeModel(.code128(dataCharacters: LinearCodeModel.maxCode128DataCharacters + 1)) == nil)
        let model = try #require(LinearCodeModel(.code128(dataCharacters: 3)))
        #expect(model.moduleCount == 11 * 5 + 13)
        // Start B, "A", "b", "1", check.
        let data = [33, 66, 17]
        var sum = Code128.startB
        for (i, v) in data.enumerated() { sum += (i + 1) * v }
        let labels = [Code128.startB] + data + [sum % 103]
        #expect(model.decoded(labels: labels)?.bytes == Array("Ab1".utf8))
        #expect(model.decoded(labels: [Code128.startB] + data + [(sum + 1) % 103]) == nil)
    }
}
