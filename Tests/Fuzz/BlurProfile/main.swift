// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

@testable import SaomaCore

/// The blur-aware profile decoder: any profile (as the pixels of any image give it) is read in
/// bounded time, every symbol reported verifies and fits as the acceptance rules say, and an
/// EAN-13 drawn from the input's digits, lightly blurred, is read back exactly and as nothing else.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBlurProfile(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    var input = FuzzedData(data, size)
    let wanted: Set<Symbology> = [.ean13, .upcA, .ean8, .upcE, .code128]
    // Arbitrary samples: one byte each, a few stretched.
    let first = input.byte()
    var profile: [Double] = []
    while !input.isEmpty && profile.count < 4096 {
        let b = input.byte()
        profile.append(first == 0xFF && b == 0xFF ? 1e6 : Double(b))
    }
    for reading in LinearProfileDecoder.decode(profile, wanted: wanted) {
        fuzzCheck(reading.residual <= LinearProfileDecoder.maxResidual, "a reading with residual \(reading.residual)")
        fuzzCheck(reading.margin >= LinearProfileDecoder.minMargin, "a reading with margin \(reading.margin)")
        fuzzCheck(reading.shortfall <= LinearProfileDecoder.maxShortfall, "a reading with shortfall \(reading.shortfall)")
        guard let model = LinearCodeModel(reading.fit.hypothesis.kind) else {
            fuzzCheck(false, "a reading of no model")
            continue
        }
        fuzzCheck(
            model.decoded(labels: model.labels(options: reading.fit.options)) == reading.decoded, "a reading its chain does not spell")
    }
    // The guard-template search on the same profile: bounded, its places within its gate, and
    // what they read verified.
    let matches = GuardTemplateSearch.matches(profile, regionLength: 0.7 * Double(profile.count))
    fuzzCheck(matches.count <= GuardTemplateSearch.maximumMatches, "\(matches.count) template matches")
    for m in matches {
        fuzzCheck(m.residual <= GuardTemplateSearch.maximumResidual && m.width > 0 && m.origin.isFinite, "a template match \(m)")
    }
    let hypotheses = GuardTemplateSearch.hypotheses(matches, count: profile.count, kind: .ean13(upcOnly: false))
    for fit in LinearProfileDecoder.bestFits(profile, hypotheses: hypotheses, limit: GuardTemplateSearch.fittedHypotheses) {
        guard let reading = LinearProfileDecoder.read(profile, from: fit), let model = LinearCodeModel(fit.hypothesis.kind) else {
            continue
        }
        fuzzCheck(
            model.decoded(labels: model.labels(options: reading.fit.options)) == reading.decoded,
            "a template reading its chain does not spell")
    }
    // The profile and two copies shifted by a sample as three lines read together: bounded, and
    // what they read obeys the joint rules.
    if profile.count > 2,
        let fit = hypotheses.isEmpty ? nil : LinearProfileDecoder.bestFits(profile, hypotheses: hypotheses, limit: 1).first
    {
        let lines = [profile, Array(profile.dropFirst()) + [profile[profile.count - 1]], [profile[0]] + Array(profile.dropLast())]
        if let joint = LinearProfileDecoder.readJointly(lines, from: fit, minimumLines: 3) {
            fuzzCheck(joint.margin >= LinearProfileDecoder.minMargin, "a joint reading with margin \(joint.margin)")
            fuzzCheck(joint.shortfall <= LinearProfileDecoder.maxJointShortfall, "a joint reading with shortfall \(joint.shortfall)")
            fuzzCheck(joint.lines.count >= 3, "a joint reading on \(joint.lines.count) lines")
            if let model = LinearCodeModel(fit.hypothesis.kind), let line = joint.lines.first {
                fuzzCheck(
                    model.decoded(labels: model.labels(options: line.fit.options)) == joint.decoded,
                    "a joint reading its chain does not spell")
            }
        }
    }
    // The input's first bytes as an EAN-13's digits, drawn at 2–3 px per module, sigma 0.3–0.5 module.
    let bytes = Array(UnsafeRawBufferPointer(start: data, count: min(size, 16)))
    guard bytes.count >= 14 else { return 0 }
    var digits = bytes.prefix(12).map { Int($0 % 10) }
    if digits[0] == 0 { digits[0] = 1 }
    digits.append(EANPatterns.checkDigit(digits))
    let parities = EANPatterns.ean13Parities[digits[0]]
    var modules: [UInt8] = [1, 0, 1]
    for i in 0..<6 { modules += (parities >> (5 - i)) & 1 == 1 ? EANPatterns.setB[digits[1 + i]] : EANPatterns.setA[digits[1 + i]] }
    modules += [0, 1, 0, 1, 0]
    for i in 0..<6 { modules += EANPatterns.setC[digits[7 + i]] }
    modules += [1, 0, 1]
    let ppm = 2 + Double(bytes[12] % 4) / 4
    let sigma = (0.3 + Double(bytes[13] % 5) / 20) * ppm
    let start = 12 * ppm
    let count = Int(Double(modules.count + 24) * ppm)
    var drawn: [Double] = []
    for i in 0..<count {
        let x = Double(i)
        var dark = 0.0
        for (k, bit) in modules.enumerated() where bit != 0 {
            let a = start + Double(k) * ppm
            dark += 0.5 * erfc(-(x - a) / (sigma * 2.0.squareRoot())) - 0.5 * erfc(-(x - a - ppm) / (sigma * 2.0.squareRoot()))
        }
        drawn.append(200 - 150 * dark)
    }
    let expected = digits.map { UInt8(ascii: "0") + UInt8($0) }
    let read = LinearProfileDecoder.decode(drawn, wanted: wanted).map(\.decoded.bytes)
    fuzzCheck(
        read == [expected], "drawn \(String(decoding: expected, as: UTF8.self)) read as \(read.map { String(decoding: $0, as: UTF8.self) })"
    )
    return 0
}
