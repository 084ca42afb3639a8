// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The tuned thresholds of the blur-aware linear reader, settable for a measurement only
/// (`scripts/crossval-blur` chooses them on half of the photos and scores the other half) through
/// the environment variable `SAOMA_BLUR_THRESHOLDS`: comma-separated `name=value` pairs of the
/// names in `ranges`. Never a user option: without the variable every threshold is its shipped
/// value.
///
/// The variable comes from outside: a pair with an unknown name, a value that is not a number or
/// one outside its range is ignored with one line naming it (`environmentWarnings`, which
/// `saoma scan` prints on standard error), and at most `maximumLength` characters are looked at.
public enum BlurTuning {
    /// The environment variable read.
    public static let variable = "SAOMA_BLUR_THRESHOLDS"
    /// Longest value looked at, in characters.
    static let maximumLength = 512
    /// The thresholds that can be set, with the values they may take.
    public static let ranges: [String: ClosedRange<Double>] = [
        "template-residual": 0.01...1,
        "template-depth": 0...1,
        "bands-alone": 1...8,
        "fit-blur": 0.5...10,
        "template-matches": 1...12,
        "joint-bands": 1...8,
        "joint-shortfall": 1...100,
        "template-fits": 1...24,
    ]

    /// The values `text` sets (`name=value,…`) and one message per pair ignored.
    public static func parse(_ text: String) -> (values: [String: Double], ignored: [String]) {
        var values: [String: Double] = [:]
        var ignored: [String] = []
        guard text.count <= maximumLength else { return ([:], ["\(variable): longer than \(maximumLength) characters, ignored"]) }
        for pair in text.split(separator: ",", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0]).trimmingCharacters(in: .whitespaces)
            let shown = String(name.unicodeScalars.map { $0.isASCII && $0.value >= 32 && $0.value < 127 ? Character($0) : "?" })
            guard let range = ranges[name] else {
                ignored.append("\(variable): unknown threshold “\(shown)” ignored")
                continue
            }
            guard parts.count == 2, let value = Double(parts[1].trimmingCharacters(in: .whitespaces)), value.isFinite, range.contains(value)
            else {
                ignored.append("\(variable): \(shown) needs a number in \(range.lowerBound)…\(range.upperBound), ignored")
                continue
            }
            values[name] = value
        }
        return (values, ignored)
    }

    /// The values the environment sets, read once.
    static let environment: [String: Double] = parsedEnvironment.values

    /// One line for each pair of the variable that is ignored: for the front end to print, since
    /// the readers run in the decoder process, whose standard error goes nowhere.
    public static var environmentWarnings: [String] { parsedEnvironment.ignored.map { "saoma: " + $0 } }

    /// The variable as parsed (nothing set when it is absent).
    static var parsedEnvironment: (values: [String: Double], ignored: [String]) {
        ProcessInfo.processInfo.environment[variable].map(parse) ?? ([:], [])
    }

    /// Threshold `name`: the environment's value, else `shipped`.
    static func value(_ name: String, _ shipped: Double) -> Double {
        environment[name] ?? shipped
    }
}
