// SPDX-License-Identifier: GPL-3.0-or-later

extension LinearCodeModel {
    /// What a verified chain of options says.
    public struct Decoded: Sendable, Hashable {
        public var format: Symbology
        /// The digits (EAN/UPC, as zbar reports them) or the data bytes (Code 128).
        public var bytes: [UInt8]
        /// FNC1 in first position (GS1-128).
        public var isGS1: Bool
    }

    /// The accumulator before the first segment.
    public var initialAccumulator: Int {
        switch kind {
        case .ean13: return 10  // sum 0, the parity bits' leading sentinel
        case .upcE: return 1  // the parity bits' leading sentinel, sums 0
        case .ean8, .code128: return 0
        }
    }

    /// The accumulator after segment `index` took the option labelled `label`, or `nil` when no
    /// verifying symbol continues this way (a parity sequence no leading digit has, a wrong
    /// check character).
    ///
    /// EAN-13: the weighted digit sum mod 10 plus 10 × the left half's parity bits behind a
    /// sentinel 1. EAN-8: the weighted sum. UPC-E: the parity bits behind a sentinel, plus 128 ×
    /// the four weighted sums the four expansions of the last digit give (packed in decimal),
    /// collapsed to the one the last digit chooses. Code 128: the mod-103 check sum, 0 once the
    /// check character matched it.
    public func advance(_ accumulator: Int, segment index: Int, label: Int) -> Int? {
        guard index > 0 else {
            if case .code128 = kind { return label % 103 }
            return accumulator
        }
        switch kind {
        case .ean13(let upcOnly):
            var sum = accumulator % 10
            var parities = accumulator / 10
            let digit = label % 10
            if index <= 6 {
                let i = index - 1
                sum = (sum + digit * (i % 2 == 0 ? 3 : 1)) % 10
                parities = parities * 2 + label / 10
                let count = i + 1
                let bits = parities - (1 << count)
                guard EANPatterns.isParityPrefix(bits, count: count, of: upcOnly ? [0] : EANPatterns.ean13Parities, complements: false)
                else {
                    return nil
                }
            } else {
                let i = index - 7
                sum = (sum + digit * (i % 2 == 0 ? 3 : 1)) % 10
            }
            return sum + 10 * parities
        case .ean8:
            let i = (index - 1) % 4
            return (accumulator + label * (i % 2 == 0 ? 3 : 1)) % 10
        case .upcE:
            let i = index - 1
            var parities = accumulator % 128
            var sums = accumulator / 128
            let digit = label % 10
            parities = parities * 2 + label / 10
            guard EANPatterns.isParityPrefix(parities - (1 << (i + 1)), count: i + 1, of: EANPatterns.upcEParities, complements: true)
            else {
                return nil
            }
            var packed = 0
            var scale = 1
            for scheme in 0..<4 {
                let s = (sums % 10 + digit * Self.upcEWeights[scheme][i]) % 10
                sums /= 10
                packed += s * scale
                scale *= 10
            }
            guard i == 5 else { return parities + 128 * packed }
            let scheme = digit <= 2 ? 0 : digit - 2 > 2 ? 3 : digit - 2
            var chosen = packed
            for _ in 0..<scheme { chosen /= 10 }
            return parities + 128 * (chosen % 10)
        case .code128(let n):
            if index <= n { return (accumulator + index * label) % 103 }
            return label == accumulator ? 0 : nil
        }
    }

    /// Weights of UPC-E's six digits in the UPC-A check sum, for the last digit 0–2, 3, 4, 5–9.
    static let upcEWeights: [[Int]] = [[1, 3, 3, 1, 3, 1], [1, 3, 1, 1, 3, 0], [1, 3, 1, 3, 3, 0], [1, 3, 1, 3, 1, 3]]

    /// Whether a whole chain's accumulator verifies (check digit, parities, check character).
    public func accepts(_ accumulator: Int) -> Bool {
        switch kind {
        case .ean13:
            let parities = accumulator / 10 - 64
            guard let first = EANPatterns.ean13LeadingDigit(parities: parities) else { return false }
            return (accumulator % 10 + first) % 10 == 0
        case .ean8:
            return accumulator == 0
        case .upcE:
            guard let (system, check) = EANPatterns.upcENumberSystemAndCheck(parities: accumulator % 128 - 64) else { return false }
            return (3 * system + accumulator / 128 + check) % 10 == 0
        case .code128:
            return accumulator == 0
        }
    }

    /// What a verifying chain's labels say, or `nil` when they do not verify or (Code 128) do
    /// not make a valid codeword string.
    public func decoded(labels: [Int]) -> Decoded? {
        guard labels.count == segments.count else { return nil }
        var accumulator = initialAccumulator
        for (index, label) in labels.enumerated() {
            guard let next = advance(accumulator, segment: index, label: label) else { return nil }
            accumulator = next
        }
        guard accepts(accumulator) else { return nil }
        let ascii = { (digits: [Int]) in digits.map { UInt8(ascii: "0") + UInt8($0) } }
        switch kind {
        case .ean13:
            var parities = 0
            for label in labels[1...6] { parities = parities * 2 + label / 10 }
            guard let first = EANPatterns.ean13LeadingDigit(parities: parities) else { return nil }
            return Decoded(format: .ean13, bytes: ascii([first] + labels.dropFirst().map { $0 % 10 }), isGS1: false)
        case .ean8:
            return Decoded(format: .ean8, bytes: ascii(labels.dropFirst().map { $0 % 10 }), isGS1: false)
        case .upcE:
            var parities = 0
            for label in labels.dropFirst() { parities = parities * 2 + label / 10 }
            guard let (system, check) = EANPatterns.upcENumberSystemAndCheck(parities: parities) else { return nil }
            return Decoded(format: .upcE, bytes: ascii([system] + labels.dropFirst().map { $0 % 10 } + [check]), isGS1: false)
        case .code128:
            guard let data = Code128.interpret(Array(labels.dropLast())) else { return nil }
            return Decoded(format: .code128, bytes: data.bytes, isGS1: data.isGS1)
        }
    }
}
