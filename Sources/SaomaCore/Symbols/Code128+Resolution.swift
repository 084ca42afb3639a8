// SPDX-License-Identifier: GPL-3.0-or-later

extension Code128 {
    /// What to do with a Code 128 read of a decoder that drops FNC4 (zbar), given the lines
    /// through the place it was read on.
    public enum Resolution: Hashable, Sendable {
        /// The read stands as it is (no FNC4 in it, or nothing to tell either way).
        case keep
        /// The read's codewords hold FNC4: report this interpretation instead.
        case replace(Interpretation)
        /// A line shows an FNC4 where the read is, but no verified reading agrees with it: the
        /// read is not reported (its extended characters would come out as low-half letters).
        case drop
    }

    /// Decides about a read of `bytes` (`isGS1`: FNC1 in first position) from the codeword
    /// readings of `lines` through where it was found.
    ///
    /// A verified reading whose FNC4-free bytes are the read's is the same symbol: its
    /// interpretation replaces the read when it uses FNC4 (the read stands when it does not).
    /// Readings that disagree about FNC4 drop the read. Without any such reading, a failed
    /// attempt that read an FNC4 and, FNC4 ignored, the read's first bytes drops it too;
    /// otherwise the read stands.
    public static func resolve(bytes: [UInt8], isGS1: Bool, lines: [LineScan]) -> Resolution {
        let same = lines.flatMap(\.readings).map(\.data).filter { $0.bytesIgnoringFNC4 == bytes && $0.isGS1 == isGS1 }
        if let first = same.first {
            guard same.allSatisfy({ $0 == first }) else { return .drop }
            return first.usesFNC4 ? .replace(first) : .keep
        }
        for attempt in lines.flatMap(\.attempts) where attempt.codewords.count >= 3 {
            // The last codeword read may be the check character or a misread one.
            guard let partial = interpret(Array(attempt.codewords.dropLast())), partial.usesFNC4 else { continue }
            let prefix = partial.bytesIgnoringFNC4
            if !prefix.isEmpty && bytes.starts(with: prefix) && partial.isGS1 == isGS1 { return .drop }
        }
        return .keep
    }

    /// Text for Code 128 payload bytes: UTF-8 when they are valid UTF-8, else ISO-8859-1 (the
    /// standard's default character set for extended characters), as for Data Matrix without
    /// an ECI designator.
    public static func text(_ bytes: [UInt8]) -> String? {
        String(validating: bytes, as: UTF8.self) ?? String(isoLatin1: bytes)
    }
}
