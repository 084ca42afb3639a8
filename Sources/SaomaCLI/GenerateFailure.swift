// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PixbufIO
import QREncoding
import SaomaCore
import ZintEncoding

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
    /// `-o` names a device, FIFO, socket or symbolic link: never replaced, even with `--force`.
    case outputNotRegular(String)
    /// A text argument is not valid UTF-8 (the option, or `TEXT`, and the value as typed).
    case textNotUTF8(String)
    case unknownOutputFormat(String)
    case outputUnwritable(path: String, reason: String)
    case generation(QRGenerationError)
    /// A code of another format than QR could not be drawn or read back.
    case barcode(BarcodeGenerationError)
    case png(PNGWriterError)
}

extension GenerateFailure {
    /// The failure for an output file `AtomicFile` could not reserve or put in place.
    init(_ error: AtomicFileError) {
        switch error {
        case .exists(let path): self = .outputExists(path)
        case .notRegularFile(let path): self = .outputNotRegular(path)
        case .failed(let path, let reason): self = .outputUnwritable(path: path, reason: reason)
        }
    }
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
