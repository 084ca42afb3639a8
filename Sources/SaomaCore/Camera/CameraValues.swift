// SPDX-License-Identifier: GPL-3.0-or-later

/// The numbers a camera reports about its modes (a V4L2 driver's frame sizes and intervals, a
/// PipeWire node's sizes and rates, what either answers when a mode is set), range-checked
/// before any arithmetic: each value outside what a camera can stream is skipped, and the reason
/// kept for `saoma devices`.
///
/// Pure; the one place camera numbers become `CameraMode`s. A V4L2 frame size, interval or
/// PipeWire rate is any 32-bit number a driver, a virtual camera or another PipeWire client
/// chooses (`4294967295` fps, a stepwise range whose minimum is above its maximum, a frame of
/// 4294967295×4294967295): none of them may trap an integer conversion or overflow a product.
public enum CameraValues {
    /// Largest frame width or height accepted, in pixels (8K video is 7680×4320).
    public static let maximumSide = 16384
    /// Fastest rate accepted, in frames per second.
    public static let maximumFramesPerSecond = 1000.0
    /// Slowest rate accepted, in frames per second (one frame every 10 s).
    public static let minimumFramesPerSecond = 0.1
    /// Most modes kept per camera (a PipeWire node may offer any number of formats, each with
    /// 32 sizes and 32 rates; real cameras offer tens).
    public static let maximumModes = 1024
    /// Most skipped values kept per camera (a node may offer thousands).
    public static let maximumSkippedShown = 8
    /// Sizes commonly asked of cameras with stepwise or continuous sizes, in pixels.
    public static let standardSizes: [(width: Int, height: Int)] = [(640, 480), (1280, 720), (1920, 1080)]

    /// A fraction as a device reports it: a V4L2 time per frame (seconds), a PipeWire rate (frames per second).
    public struct Fraction: Hashable, Sendable, CustomStringConvertible {
        public var numerator: UInt32
        public var denominator: UInt32

        public init(_ numerator: UInt32, _ denominator: UInt32) {
            self.numerator = numerator
            self.denominator = denominator
        }

        public var description: String { "\(numerator)/\(denominator)" }
    }

    /// One `VIDIOC_ENUM_FRAMESIZES` answer.
    public enum FrameSize: Hashable, Sendable {
        case discrete(width: UInt32, height: UInt32)
        /// Stepwise or continuous: any size between the two (the step is the driver's to apply).
        case range(minWidth: UInt32, maxWidth: UInt32, minHeight: UInt32, maxHeight: UInt32)
    }

    /// One `VIDIOC_ENUM_FRAMEINTERVALS` answer: times per frame, in seconds.
    public enum FrameInterval: Hashable, Sendable {
        case discrete(Fraction)
        /// Stepwise or continuous: any interval between the shortest and the longest.
        case range(shortest: Fraction, longest: Fraction)
    }

    /// A value a camera reported that Saoma skipped, and why.
    public enum Skipped: Error, Hashable, Sendable {
        /// A frame size with a side of 0 or above `maximumSide`.
        case size(width: UInt32, height: UInt32)
        /// A stepwise size range whose minimum is above its maximum.
        case sizeRange(minWidth: UInt32, maxWidth: UInt32, minHeight: UInt32, maxHeight: UInt32)
        /// A time per frame (V4L2) outside the accepted rates, or with a zero term.
        case interval(Fraction)
        /// A rate (PipeWire) outside the accepted rates, or with a zero term.
        case rate(Fraction)
    }

    /// Whether a frame of `width`×`height` pixels is one Saoma accepts (both sides in 1…`maximumSide`).
    public static func isAcceptable(width: Int, height: Int) -> Bool {
        (1...maximumSide).contains(width) && (1...maximumSide).contains(height)
    }

    /// The sizes to offer from one frame-size answer: the size itself, or for a range the
    /// standard sizes inside it and its largest size when acceptable; else why it was skipped.
    public static func sizes(_ answer: FrameSize) -> Result<[(width: Int, height: Int)], Skipped> {
        switch answer {
        case .discrete(let width, let height):
            guard isAcceptable(width: Int(width), height: Int(height)) else { return .failure(.size(width: width, height: height)) }
            return .success([(Int(width), Int(height))])
        case .range(let minWidth, let maxWidth, let minHeight, let maxHeight):
            guard minWidth <= maxWidth, minHeight <= maxHeight else {
                return .failure(.sizeRange(minWidth: minWidth, maxWidth: maxWidth, minHeight: minHeight, maxHeight: maxHeight))
            }
            let widths = Int(minWidth)...Int(maxWidth)
            let heights = Int(minHeight)...Int(maxHeight)
            var found = standardSizes.filter { widths.contains($0.width) && heights.contains($0.height) }
            let largest = (Int(maxWidth), Int(maxHeight))
            if isAcceptable(width: largest.0, height: largest.1), !found.contains(where: { $0 == largest }) { found.append(largest) }
            guard !found.isEmpty else { return .failure(.size(width: maxWidth, height: maxHeight)) }
            return .success(found)
        }
    }

    /// The rate of a V4L2 time per frame (seconds), rounded to 0.01 fps, or `nil` when it has a
    /// zero term or lies outside the accepted rates.
    public static func framesPerSecond(timePerFrame interval: Fraction) -> Double? {
        framesPerSecond(rate: Fraction(interval.denominator, interval.numerator))
    }

    /// The rate of a PipeWire frame rate (frames per second), rounded to 0.01 fps, or `nil`.
    public static func framesPerSecond(rate: Fraction) -> Double? {
        guard rate.numerator > 0, rate.denominator > 0 else { return nil }
        let fps = (Double(rate.numerator) / Double(rate.denominator) * 100).rounded() / 100
        return (minimumFramesPerSecond...maximumFramesPerSecond).contains(fps) ? fps : nil
    }

    /// The rates to offer from one frame-interval answer: the rate itself, or for a range its
    /// fastest acceptable rate and the mode policy's target when inside; else why it was skipped.
    public static func rates(_ answer: FrameInterval) -> Result<[Double], Skipped> {
        switch answer {
        case .discrete(let interval):
            guard let fps = framesPerSecond(timePerFrame: interval) else { return .failure(.interval(interval)) }
            return .success([fps])
        case .range(let shortest, let longest):
            guard shortest.numerator > 0, shortest.denominator > 0, longest.numerator > 0, longest.denominator > 0 else {
                return .failure(.interval(shortest.numerator == 0 || shortest.denominator == 0 ? shortest : longest))
            }
            let fastest = Double(shortest.denominator) / Double(shortest.numerator)
            let slowest = Double(longest.denominator) / Double(longest.numerator)
            guard slowest <= fastest else { return .failure(.interval(shortest)) }
            let span = slowest...fastest
            let candidates = [min(fastest, maximumFramesPerSecond), CameraModePolicy.targetFramesPerSecond]
            var found: [Double] = []
            for fps in candidates.map({ ($0 * 100).rounded() / 100 }) where span.contains(fps) && !found.contains(fps) {
                if (minimumFramesPerSecond...maximumFramesPerSecond).contains(fps) { found.append(fps) }
            }
            guard !found.isEmpty else { return .failure(.interval(shortest)) }
            return .success(found)
        }
    }

    /// The modes a PipeWire format param offers: every format at every acceptable size and rate
    /// (at most `maximumModes`), with the sizes and rates skipped.
    public static func modes(formats: [String], sizes: [(width: UInt32, height: UInt32)], rates: [Fraction]) -> (
        modes: [CameraMode], skipped: [Skipped]
    ) {
        var skipped: [Skipped] = []
        var acceptedSizes: [(Int, Int)] = []
        for size in sizes {
            if isAcceptable(width: Int(size.width), height: Int(size.height)) {
                acceptedSizes.append((Int(size.width), Int(size.height)))
            } else {
                skipped.append(.size(width: size.width, height: size.height))
            }
        }
        var acceptedRates: [Double] = []
        for rate in rates {
            if let fps = framesPerSecond(rate: rate) { acceptedRates.append(fps) } else { skipped.append(.rate(rate)) }
        }
        var modes: [CameraMode] = []
        combinations: for format in formats {
            for size in acceptedSizes {
                for fps in acceptedRates {
                    guard modes.count < maximumModes else { break combinations }
                    modes.append(CameraMode(width: size.0, height: size.1, framesPerSecond: fps, pixelFormat: format))
                }
            }
        }
        return (modes, Array(skipped.prefix(maximumSkippedShown)))
    }

    /// The time per frame to ask a V4L2 device for (`VIDIOC_S_PARM`): `100 / (fps × 100)`, the
    /// rate clamped to the accepted ones first.
    public static func timePerFrame(forFramesPerSecond fps: Double) -> Fraction {
        Fraction(100, UInt32(hundredths(fps)))
    }

    /// The PipeWire frame rate asking for `fps` (whole rates as `N/1`, others in thousandths),
    /// clamped to the accepted rates.
    public static func rate(forFramesPerSecond fps: Double) -> Fraction {
        let clamped = clampedRate(fps)
        if clamped.rounded() == clamped { return Fraction(UInt32(clamped), 1) }
        return Fraction(UInt32((clamped * 1000).rounded()), 1000)
    }

    /// `fps` within the accepted rates (NaN as the policy's target).
    static func clampedRate(_ fps: Double) -> Double {
        guard !fps.isNaN else { return CameraModePolicy.targetFramesPerSecond }
        return min(max(fps, minimumFramesPerSecond), maximumFramesPerSecond)
    }

    /// `fps` in hundredths of a frame per second, within the accepted rates.
    static func hundredths(_ fps: Double) -> Int { Int((clampedRate(fps) * 100).rounded()) }
}
