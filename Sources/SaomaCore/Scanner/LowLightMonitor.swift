// SPDX-License-Identifier: GPL-3.0-or-later

/// Decides when the "Low light" button shows: a webcam has no torch, so where a phone scanner
/// would light one the button turns the window around the frame into the light (and raises the
/// camera's exposure).
///
/// The button appears once the frames' mean luma has stayed below `darkThreshold` for
/// `darkDuration`, and hides once it has stayed at or above `brightThreshold` for as long —
/// unless the light is switched on. A value type used on the UI thread.
public struct LowLightMonitor: Sendable, Equatable {
    /// Mean luma (0…255) below which a frame counts as dark.
    public static let darkThreshold = 45.0
    /// Mean luma (0…255) at or above which a frame counts as lit (hysteresis above `darkThreshold`).
    public static let brightThreshold = 60.0
    /// Seconds the light level must hold before the button shows or hides.
    public static let darkDuration = 1.0

    /// Whether the light is currently judged low.
    public private(set) var isDark = false
    /// Whether the person switched the light on (the button then stays).
    public var lightOn = false
    /// When the frames started disagreeing with `isDark`, in seconds.
    private var changeSince: Double?

    public init() {}

    /// Whether the "Low light" button shows.
    public var showsButton: Bool { isDark || lightOn }

    /// A frame with mean luma `meanLuma` arrived at `time` (seconds, monotonic).
    public mutating func observe(meanLuma: Double, at time: Double) {
        let disagrees = isDark ? meanLuma >= LowLightMonitor.brightThreshold : meanLuma < LowLightMonitor.darkThreshold
        guard disagrees else {
            changeSince = nil
            return
        }
        let since = changeSince ?? time
        changeSince = since
        if time - since >= LowLightMonitor.darkDuration {
            isDark.toggle()
            changeSince = nil
        }
    }
}

extension LumaImage {
    /// The mean brightness (0…255), sampling every `step`-th pixel on each axis.
    public func meanLuma(step: Int = 8) -> Double {
        let s = Swift.max(1, step)
        guard width > 0, height > 0 else { return 0 }
        var sum = 0
        var count = 0
        pixels.withUnsafeBufferPointer { p in
            var y = s / 2
            while y < height {
                var x = s / 2
                while x < width {
                    sum += Int(p[y * width + x])
                    count += 1
                    x += s
                }
                y += s
            }
        }
        return count == 0 ? 0 : Double(sum) / Double(count)
    }
}
