// SPDX-License-Identifier: GPL-3.0-or-later

/// The light level of a profile's spaces and the depth of its bars, each changing linearly
/// along the profile (uneven light across a label).
///
/// A sample at `x` with luminance `p` has darkness `(light(x) − p) / depth(x)`: 0 in a wide
/// space, 1 in a wide bar.
public struct ProfileLevels: Sendable, Hashable {
    /// Light level at `center`, and its change per `halfLength` samples (grey levels).
    public var light: Double
    public var lightSlope: Double
    /// Bar depth (light minus dark) at `center`, and its change per `halfLength` samples.
    public var depth: Double
    public var depthSlope: Double
    /// The sample the levels are centred on, and the distance their slopes are given for.
    public var center: Double
    public var halfLength: Double

    public init(light: Double, lightSlope: Double = 0, depth: Double, depthSlope: Double = 0, center: Double, halfLength: Double) {
        self.light = light
        self.lightSlope = lightSlope
        self.depth = depth
        self.depthSlope = depthSlope
        self.center = center
        self.halfLength = max(halfLength, 1)
    }

    /// Where sample `x` is, relative to the centre, in half lengths.
    @inline(__always) func offset(_ x: Double) -> Double { (x - center) / halfLength }

    /// The light level at sample `x`.
    @inline(__always) func light(at x: Double) -> Double { light + lightSlope * offset(x) }

    /// The bar depth at sample `x` (never below one grey level).
    @inline(__always) func depth(at x: Double) -> Double { max(1, depth + depthSlope * offset(x)) }

    /// Every sample's darkness.
    func darkness(_ profile: [Double]) -> [Double] {
        profile.indices.map { i in
            let x = Double(i)
            return (light(at: x) - profile[i]) / depth(at: x)
        }
    }
}
