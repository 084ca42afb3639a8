// SPDX-License-Identifier: GPL-3.0-or-later

/// A 2-D affine map `p ↦ (a·x + b·y + tx, c·x + d·y + ty)`, used to carry points found in a
/// processed image (scaled, rotated) back to the original image's pixels.
public struct AffineTransform: Hashable, Sendable {
    public var a: Double
    public var b: Double
    public var c: Double
    public var d: Double
    public var tx: Double
    public var ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// Scaling about the origin.
    public static func scale(_ sx: Double, _ sy: Double) -> AffineTransform {
        AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A translation.
    public static func translation(_ dx: Double, _ dy: Double) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: dx, ty: dy)
    }

    /// Rotation by `radians` about the origin (clockwise on screen, since y grows downwards).
    public static func rotation(_ radians: Double) -> AffineTransform {
        let cosA = cosine(radians)
        let sinA = sine(radians)
        return AffineTransform(a: cosA, b: -sinA, c: sinA, d: cosA, tx: 0, ty: 0)
    }

    /// Applies the map to `p`.
    public func apply(_ p: Point) -> Point {
        Point(x: a * p.x + b * p.y + tx, y: c * p.x + d * p.y + ty)
    }

    /// `other` first, then `self`.
    public func concatenating(after other: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * other.a + b * other.c, b: a * other.b + b * other.d,
            c: c * other.a + d * other.c, d: c * other.b + d * other.d,
            tx: a * other.tx + b * other.ty + tx, ty: c * other.tx + d * other.ty + ty)
    }

    /// The inverse map, or `nil` when the map is singular.
    public var inverted: AffineTransform? {
        let det = a * d - b * c
        guard det != 0 else { return nil }
        let ia = d / det
        let ib = -b / det
        let ic = -c / det
        let id = a / det
        return AffineTransform(a: ia, b: ib, c: ic, d: id, tx: -(ia * tx + ib * ty), ty: -(ic * tx + id * ty))
    }
}

/// Sine without Foundation (Taylor series after range reduction; error below 1e-12).
func sine(_ x: Double) -> Double {
    let twoPi = 2 * Double.pi
    var r = x - twoPi * (x / twoPi).rounded()
    // Reflect into [-π/2, π/2], where the series converges fast.
    if r > Double.pi / 2 { r = Double.pi - r }
    if r < -Double.pi / 2 { r = -Double.pi - r }
    let r2 = r * r
    var term = r
    var sum = r
    for n in 1..<12 {
        term *= -r2 / Double((2 * n) * (2 * n + 1))
        sum += term
    }
    return sum
}

/// Cosine without Foundation.
func cosine(_ x: Double) -> Double { sine(x + Double.pi / 2) }
