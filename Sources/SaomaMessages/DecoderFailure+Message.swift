// SPDX-License-Identifier: GPL-3.0-or-later
import GLibSwift
import SaomaCore

extension DecoderFailure {
    /// What happened, in one line: tersely after a file name on the command line, as a sentence
    /// in the window.
    public func message(in voice: MessageVoice) -> String {
        switch (self, voice) {
        case (.stopped(let engine?), .terse):
            // Translators: {engine} is a decoding library's name, such as "zxing-cpp".
            return tr("the decoder stopped on this image ({engine})", ["engine": VisibleText.shortened(engine)])
        case (.stopped(nil), .terse): return tr("the decoder stopped on this image")
        case (.stopped, .sentence): return tr("The decoder stopped on this image. Codes it was still reading may be missing.")
        case (.timedOut, .terse): return tr("the decoder took too long on this image")
        case (.tookTooLong(let engine), .terse):
            // Translators: {engine} is a decoding library's name, such as "zxing-cpp".
            return tr("the decoder took too long on this image ({engine})", ["engine": VisibleText.shortened(engine)])
        case (.timedOut, .sentence), (.tookTooLong, .sentence): return tr("The decoder took too long on this image.")
        case (.unavailable(let reason), .terse):
            return tr("the decoder process is not available: {reason}", ["reason": VisibleText.shortened(reason, limit: 200)])
        case (.unavailable, .sentence): return tr("The decoder process is not available: some kinds of codes cannot be read.")
        }
    }
}
