// SPDX-License-Identifier: GPL-3.0-or-later
import Decoding

/// The decoder that reads generated codes back: the decoder process's engines, as Saoma reads
/// the format everywhere else.
///
/// Used only on the generator's serial worker queue, one request at a time (a decoder belongs to
/// one thread at a time); the process starts on the first read.
final class GeneratorReadBack: @unchecked Sendable {
    static let shared = GeneratorReadBack()
    let decoder = DecoderClient()
}
