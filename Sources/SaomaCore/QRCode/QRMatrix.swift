// SPDX-License-Identifier: GPL-3.0-or-later

/// The modules of one QR code symbol, without its quiet zone.
///
/// A value type: cheap to pass between threads.
public struct QRMatrix: Hashable, Sendable {
    /// Modules per side (21 for version 1, 177 for version 40).
    public let size: Int
    /// The symbol version, 1…40.
    public let version: Int
    public let level: ErrorCorrectionLevel
    /// Row-major, `size * size` entries, `true` = dark module.
    public let modules: [Bool]

    /// Wraps `modules`; returns `nil` when the count does not match `size * size`.
    public init?(size: Int, version: Int, level: ErrorCorrectionLevel, modules: [Bool]) {
        guard size > 0, modules.count == size * size else { return nil }
        self.size = size
        self.version = version
        self.level = level
        self.modules = modules
    }

    /// Whether the module at column `x`, row `y` is dark; outside the symbol (the quiet zone) is light.
    public func isDark(x: Int, y: Int) -> Bool {
        guard x >= 0, y >= 0, x < size, y < size else { return false }
        return modules[y * size + x]
    }

    /// The side length in modules once a quiet zone of `quietZone` modules surrounds the symbol.
    public func sizeInModules(quietZone: Int) -> Int { size + 2 * max(0, quietZone) }
}
