// SPDX-License-Identifier: GPL-3.0-or-later

/// The first frame of an animated WebP file, as a WebP file of its own.
///
/// Saoma reads the first frame of an animation only (the still image gdk-pixbuf gives for
/// one), but the WebP loader decodes every frame into memory first: a 989 KB file of a thousand
/// 1000×1000 frames made `saoma scan` peak at 3.9 GB. So the loader is given the file up to the
/// end of its first `ANMF` chunk, the RIFF size made to say so: an animation of one frame.
/// Chunks are walked by their sizes (padded to even lengths), from the RIFF header on.
public enum WebPFirstFrame {
    /// `bytes` cut after the first frame when they are an animated WebP file (`VP8X` with the
    /// animation flag) with a frame after the first; `nil` when they are to be loaded as they are.
    public static func cut(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count >= 30, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WEBP".utf8),
            bytes[12..<16].elementsEqual("VP8X".utf8), bytes[20] & 0x02 != 0
        else { return nil }
        var position = 12
        while position + 8 <= bytes.count {
            let size =
                Int(bytes[position + 4]) | Int(bytes[position + 5]) << 8 | Int(bytes[position + 6]) << 16 | Int(bytes[position + 7]) << 24
            let end = position + 8 + size + (size & 1)
            if bytes[position..<(position + 4)].elementsEqual("ANMF".utf8) {
                // Nothing to cut when the first frame is the last chunk, or runs past the end.
                guard end < bytes.count else { return nil }
                var first = Array(bytes[0..<end])
                let riff = UInt32(end - 8)
                for i in 0..<4 { first[4 + i] = UInt8(truncatingIfNeeded: riff >> (8 * UInt32(i))) }
                return first
            }
            position = end
        }
        return nil
    }
}
