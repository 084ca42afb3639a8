// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PixbufIO
import QREncoding
import SaomaCore

/// Why `saoma generate` failed (each has a one-line message; exit status 2).
public enum GenerateFailure: Error, Equatable, Sendable {
    case usage(GenerateUsageError)
    case content(ContentTemplateError)
    case emptyText
    case emptyInput(String)
    /// `--input` is larger than `GenerateCommand.maximumInputBytes` (not read further).
    case inputTooLarge(path: String, limit: Int)
    case inputUnreadable(path: String, reason: String)
    case outputExists(String)
    case unknownOutputFormat(String)
    case outputUnwritable(path: String, reason: String)
    case generation(QRGenerationError)
    case png(PNGWriterError)
}

/// The image formats `-o` writes, chosen by the file's extension.
public enum GenerateOutputFormat: String, Sendable {
    case png
    case svg

    /// The format for `path`'s extension (case-insensitive), or `nil`.
    public init?(path: String) {
        self.init(rawValue: URL(fileURLWithPath: path).pathExtension.lowercased())
    }
}
