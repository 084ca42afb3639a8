// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

/// One row of a table test: an input text and what it must give, named in the test report by the
/// start of its text.
public struct TextCase<Expected: Sendable>: CustomTestStringConvertible, Sendable {
    public let text: String
    public let expected: Expected

    public init(_ text: String, _ expected: Expected) {
        self.text = text
        self.expected = expected
    }

    public var testDescription: String { String(text.debugDescription.prefix(80)) }
}
