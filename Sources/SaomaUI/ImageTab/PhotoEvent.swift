// SPDX-License-Identifier: GPL-3.0-or-later
import PixbufIO
import SaomaCore

/// What a photo request reports, in order: `loaded` (show it), then `decoded` (its codes);
/// or `failed`.
enum PhotoEvent: Sendable {
    case loaded(LoadedPhoto)
    /// The codes found, corners in upright image pixels, in reading order, and what went wrong
    /// in the decoder on the way (the codes are then those a second read could still find).
    case decoded([Symbol], problem: DecoderFailure?)
    case failed(ImageLoadError)
}
