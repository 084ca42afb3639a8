// SPDX-License-Identifier: GPL-3.0-or-later
import QREncoding
import SaomaCore
import ZintEncoding

/// What the worker hands back for one request.
enum GeneratorOutcome: Sendable {
    /// Made and read back.
    case verified(GeneratorCode)
    /// Made, but Saoma cannot read it back (the code is still shown, with the reason).
    case unverified(GeneratorCode, QRSelfCheckError)
    case failed(QRGenerationError)
    /// A code of another format than QR could not be drawn.
    case barcodeFailed(BarcodeGenerationError)
}
