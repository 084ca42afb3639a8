// SPDX-License-Identifier: GPL-3.0-or-later

/// The Punycode decoder of RFC 3492 and the IDNA `xn--` label form built on it.
///
/// Pure; safe from any thread.
public enum Punycode {
    private static let base = 36
    private static let tMin = 1
    private static let tMax = 26
    private static let skew = 38
    private static let damp = 700
    private static let initialBias = 72
    private static let initialN = 0x80
    /// Longest encoded label decoded, in characters (DNS labels are at most 63).
    public static let maximumInputLength = 256

    /// Decodes a Punycode string (without the `xn--` prefix), or `nil` when it is malformed.
    public static func decode(_ input: String) -> String? {
        let scalars = Array(input.unicodeScalars)
        guard scalars.count <= maximumInputLength, scalars.allSatisfy(\.isASCII) else { return nil }
        var output: [UInt32] = []
        var position = 0
        if let delimiter = scalars.lastIndex(of: "-") {
            output = scalars[..<delimiter].map(\.value)
            position = delimiter + 1
        }
        var n = initialN
        var i = 0
        var bias = initialBias
        while position < scalars.count {
            let oldI = i
            var w = 1
            var k = base
            while true {
                guard position < scalars.count, let digit = digitValue(scalars[position]) else { return nil }
                position += 1
                let (product, overflow1) = digit.multipliedReportingOverflow(by: w)
                let (sum, overflow2) = i.addingReportingOverflow(product)
                guard !overflow1, !overflow2, sum <= 0x10FFFF * (output.count + 1) + 0x10FFFF else { return nil }
                i = sum
                let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                if digit < t { break }
                let (nextW, overflow3) = w.multipliedReportingOverflow(by: base - t)
                guard !overflow3 else { return nil }
                w = nextW
                k += base
            }
            let length = output.count + 1
            bias = adapt(delta: i - oldI, numPoints: length, firstTime: oldI == 0)
            n += i / length
            i %= length
            guard n <= 0x10FFFF, Unicode.Scalar(UInt32(n)) != nil else { return nil }
            output.insert(UInt32(n), at: i)
            i += 1
        }
        var result = String.UnicodeScalarView()
        for value in output {
            guard let scalar = Unicode.Scalar(value) else { return nil }
            result.append(scalar)
        }
        return String(result)
    }

    /// The Unicode form of one DNS label: `xn--` labels decoded, others as they are; `nil`
    /// when an `xn--` label does not decode.
    public static func unicodeLabel(_ label: String) -> String? {
        guard label.lowercased().hasPrefix("xn--") else { return label }
        return decode(String(label.unicodeScalars.dropFirst(4)))
    }

    private static func digitValue(_ s: Unicode.Scalar) -> Int? {
        switch s.value {
        case 0x30...0x39: return Int(s.value) - 0x30 + 26
        case 0x41...0x5A: return Int(s.value) - 0x41
        case 0x61...0x7A: return Int(s.value) - 0x61
        default: return nil
        }
    }

    private static func adapt(delta: Int, numPoints: Int, firstTime: Bool) -> Int {
        var delta = firstTime ? delta / damp : delta / 2
        delta += delta / numPoints
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }
}
