// SPDX-License-Identifier: GPL-3.0-or-later

/// Walks a command line the way every `saoma` parser reads it: a word is positional (a file, or
/// text) when it does not start with `-`, when it is a lone `-` (standard input), or when it comes
/// after `--`; any other word is an option, and an option that takes a value reads the next word.
///
/// Pure; a value type. The parsers decide what each option means and what an inline
/// `--name=value` is; this only keeps the place.
public struct ArgumentReader {
    /// One word of the command line.
    public enum Word: Equatable, Sendable {
        case positional(String)
        case option(String)
    }

    private let arguments: [String]
    private var index = 0
    private var onlyPositional = false

    public init(_ arguments: [String]) {
        self.arguments = arguments
    }

    /// The next word, or `nil` at the end; a first `--` is consumed and ends the options.
    public mutating func next() -> Word? {
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositional || !argument.hasPrefix("-") || argument == "-" { return .positional(argument) }
            if argument == "--" {
                onlyPositional = true
                continue
            }
            return .option(argument)
        }
        return nil
    }

    /// The word after the option just read (whatever it looks like), or `nil` at the end.
    public mutating func value() -> String? {
        guard index < arguments.count else { return nil }
        defer { index += 1 }
        return arguments[index]
    }
}

extension ArgumentReader {
    /// Longest number read, in characters (a longer one is refused before it is converted).
    public static let maximumNumberLength = 32

    /// `text` as a whole number within `range`, or `nil`: ASCII digits with an optional leading
    /// `-`, no spaces, no `+`, no exponent, at most `maximumNumberLength` characters. For option
    /// values and the debug environment variables alike, so that no value overflows later
    /// arithmetic or a conversion.
    public static func integer<S: StringProtocol>(_ text: S, in range: ClosedRange<Int>) -> Int? {
        guard text.utf8.count <= maximumNumberLength, isDecimal(text, allowingPoint: false), let value = Int(text) else { return nil }
        return range.contains(value) ? value : nil
    }

    /// `text` as a finite decimal number within `range`, or `nil`: digits with an optional
    /// leading `-` and one `.` (`2`, `1.5`, `-0.25`), no exponent, no `nan` or `inf`, at most
    /// `maximumNumberLength` characters.
    public static func number<S: StringProtocol>(_ text: S, in range: ClosedRange<Double>) -> Double? {
        guard text.utf8.count <= maximumNumberLength, isDecimal(text, allowingPoint: true), let value = Double(String(text)),
            value.isFinite
        else { return nil }
        return range.contains(value) ? value : nil
    }

    /// Whether `text` is `-`? digits, with at most one `.` between digits when `allowingPoint`.
    private static func isDecimal<S: StringProtocol>(_ text: S, allowingPoint: Bool) -> Bool {
        var bytes = Array(text.utf8)[...]
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        let parts = bytes.split(separator: UInt8(ascii: "."), maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 1 || (allowingPoint && parts.count == 2) else { return false }
        return parts.allSatisfy { part in !part.isEmpty && part.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } }
    }
}
