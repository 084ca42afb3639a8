// SPDX-License-Identifier: GPL-3.0-or-later

/// HMAC (RFC 2104) over one of the `SHA` functions.
public enum HMAC {
    /// The authentication code of `message` under `key`.
    public static func code(_ hash: SHA, key: [UInt8], message: [UInt8]) -> [UInt8] {
        var block = key.count > hash.blockSize ? hash.hash(key) : key
        block += [UInt8](repeating: 0, count: hash.blockSize - block.count)
        let inner = hash.hash(block.map { $0 ^ 0x36 } + message)
        return hash.hash(block.map { $0 ^ 0x5c } + inner)
    }
}
