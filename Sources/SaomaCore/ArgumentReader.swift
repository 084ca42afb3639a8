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
