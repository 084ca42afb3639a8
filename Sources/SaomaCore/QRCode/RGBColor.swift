// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// An opaque sRGB colour with 8 bits per channel.
public struct RGBColor: Hashable, Sendable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    public static let black = RGBColor(red: 0, green: 0, blue: 0)
    public static let white = RGBColor(red: 255, green: 255, blue: 255)

    /// The CSS colour names accepted besides hex notation.
    public static let named: [String: RGBColor] = [
        "black": .black, "white": .white,
        "red": RGBColor(red: 255, green: 0, blue: 0), "green": RGBColor(red: 0, green: 128, blue: 0),
        "blue": RGBColor(red: 0, green: 0, blue: 255), "yellow": RGBColor(red: 255, green: 255, blue: 0),
        "cyan": RGBColor(red: 0, green: 255, blue: 255), "magenta": RGBColor(red: 255, green: 0, blue: 255),
        "gray": RGBColor(red: 128, green: 128, blue: 128), "grey": RGBColor(red: 128, green: 128, blue: 128),
        "silver": RGBColor(red: 192, green: 192, blue: 192), "maroon": RGBColor(red: 128, green: 0, blue: 0),
        "navy": RGBColor(red: 0, green: 0, blue: 128), "purple": RGBColor(red: 128, green: 0, blue: 128),
        "teal": RGBColor(red: 0, green: 128, blue: 128), "olive": RGBColor(red: 128, green: 128, blue: 0),
        "orange": RGBColor(red: 255, green: 165, blue: 0), "darkblue": RGBColor(red: 0, green: 0, blue: 139),
        "darkgreen": RGBColor(red: 0, green: 100, blue: 0), "darkred": RGBColor(red: 139, green: 0, blue: 0),
    ]

    /// Reads `#rrggbb`, `#rgb` (the `#` optional) or a CSS name such as `black`; `nil` otherwise.
    public init?(parsing text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if let named = RGBColor.named[trimmed] {
            self = named
            return
        }
        let hex = trimmed.hasPrefix("#") ? String(trimmed.dropFirst()) : trimmed
        guard hex.allSatisfy(\.isHexDigit), hex.allSatisfy(\.isASCII) else { return nil }
        let digits = hex.compactMap { UInt8(String($0), radix: 16) }
        switch digits.count {
        case 3: self.init(red: digits[0] * 17, green: digits[1] * 17, blue: digits[2] * 17)
        case 6: self.init(red: digits[0] << 4 | digits[1], green: digits[2] << 4 | digits[3], blue: digits[4] << 4 | digits[5])
        default: return nil
        }
    }

    /// `#rrggbb`, lower case.
    public var hexString: String { String(format: "#%02x%02x%02x", red, green, blue) }

    public var description: String { hexString }

    /// WCAG 2 relative luminance, 0 (black) … 1 (white), from the linearised sRGB channels.
    public var relativeLuminance: Double {
        func linear(_ channel: UInt8) -> Double {
            let c = Double(channel) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// The 8-bit luma a greyscale decoder sees for this colour (ITU-R BT.601 weights, as zbar's converters use).
    public var luma: UInt8 {
        let y = (299 * Int(red) + 587 * Int(green) + 114 * Int(blue) + 500) / 1000
        return UInt8(min(255, y))
    }

    /// The WCAG 2 contrast ratio between two colours, 1 (identical) … 21 (black on white).
    public static func contrastRatio(_ a: RGBColor, _ b: RGBColor) -> Double {
        let la = a.relativeLuminance
        let lb = b.relativeLuminance
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }
}
