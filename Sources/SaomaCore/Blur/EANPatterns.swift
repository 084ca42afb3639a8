// SPDX-License-Identifier: GPL-3.0-or-later

/// The digit patterns and parity tables of EAN-13, EAN-8, UPC-A and UPC-E (ISO/IEC 15420).
///
/// A left-half option's label is its digit plus 10 for even parity (set B, "G"); right-half
/// labels are the digit.
public enum EANPatterns {
    /// Set A (odd parity, "L") patterns of the digits 0…9, seven modules each, 1 = bar.
    static let setA: [[UInt8]] = [
        [0, 0, 0, 1, 1, 0, 1], [0, 0, 1, 1, 0, 0, 1], [0, 0, 1, 0, 0, 1, 1], [0, 1, 1, 1, 1, 0, 1], [0, 1, 0, 0, 0, 1, 1],
        [0, 1, 1, 0, 0, 0, 1], [0, 1, 0, 1, 1, 1, 1], [0, 1, 1, 1, 0, 1, 1], [0, 1, 1, 0, 1, 1, 1], [0, 0, 0, 1, 0, 1, 1],
    ]
    /// Set C (right half, "R"): set A with bars and spaces swapped.
    static let setC: [[UInt8]] = setA.map { $0.map { 1 - $0 } }
    /// Set B (even parity, "G"): set C mirrored.
    static let setB: [[UInt8]] = setC.map { Array($0.reversed()) }

    /// Odd-parity left-half options (UPC-A, EAN-8).
    static let oddOptions: [(pattern: [UInt8], label: Int)] = (0..<10).map { (setA[$0], $0) }
    /// Left-half options of either parity (EAN-13, UPC-E).
    static let leftOptions: [(pattern: [UInt8], label: Int)] = oddOptions + (0..<10).map { (setB[$0], $0 + 10) }
    /// Right-half options.
    static let rightOptions: [(pattern: [UInt8], label: Int)] = (0..<10).map { (setC[$0], $0) }

    /// EAN-13's left-half parities for each leading digit, first digit's parity in the highest
    /// bit (1 = even).
    static let ean13Parities: [Int] = [0b000000, 0b001011, 0b001101, 0b001110, 0b010011, 0b011001, 0b011100, 0b010101, 0b010110, 0b011010]

    /// UPC-E's parities for number system 0 and each check digit (1 = even); number system 1
    /// has the complements.
    static let upcEParities: [Int] = [0b111000, 0b110100, 0b110010, 0b110001, 0b101100, 0b100110, 0b100011, 0b101010, 0b101001, 0b100101]

    /// The leading digit EAN-13 `parities` (six bits) encode, or `nil`.
    static func ean13LeadingDigit(parities: Int) -> Int? {
        ean13Parities.firstIndex(of: parities)
    }

    /// The number system and check digit UPC-E `parities` (six bits) encode, or `nil`.
    static func upcENumberSystemAndCheck(parities: Int) -> (numberSystem: Int, check: Int)? {
        if let c = upcEParities.firstIndex(of: parities) { return (0, c) }
        if let c = upcEParities.firstIndex(of: parities ^ 0b111111) { return (1, c) }
        return nil
    }

    /// Whether `bits` parities of the first digits (`count` of them, first in the highest bit)
    /// begin one of `table`'s patterns (or their complements when `complements`).
    static func isParityPrefix(_ bits: Int, count: Int, of table: [Int], complements: Bool) -> Bool {
        let shift = 6 - count
        for pattern in table {
            if pattern >> shift == bits { return true }
            if complements && (pattern ^ 0b111111) >> shift == bits { return true }
        }
        return false
    }

    /// The UPC-A digits a UPC-E symbol's number system and six digits stand for (11 digits,
    /// without the check digit).
    public static func upcAExpansion(numberSystem: Int, digits d: [Int]) -> [Int] {
        precondition(d.count == 6)
        switch d[5] {
        case 0, 1, 2: return [numberSystem, d[0], d[1], d[5], 0, 0, 0, 0, d[2], d[3], d[4]]
        case 3: return [numberSystem, d[0], d[1], d[2], 0, 0, 0, 0, 0, d[3], d[4]]
        case 4: return [numberSystem, d[0], d[1], d[2], d[3], 0, 0, 0, 0, 0, d[4]]
        default: return [numberSystem, d[0], d[1], d[2], d[3], d[4], 0, 0, 0, 0, d[5]]
        }
    }

    /// The check digit of UPC-A / EAN-13 / EAN-8 digits (without it): weights 3 and 1 from the
    /// right.
    public static func checkDigit(_ digits: [Int]) -> Int {
        var sum = 0
        for (i, d) in digits.reversed().enumerated() { sum += d * (i % 2 == 0 ? 3 : 1) }
        return (10 - sum % 10) % 10
    }
}
