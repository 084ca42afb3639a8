// SPDX-License-Identifier: GPL-3.0-or-later

/// Whether the live scanner says what would help it read a code-like region that stays unread
/// (as WeChat and Binary Eye do), and which hint: "further" when the region is blurred (a
/// fixed-focus webcam is out of focus close up), "closer" when its modules are too few pixels
/// wide; nothing while no region looks like a code or a code was read.
///
/// Hysteresis, so the hint never flickers: a suggestion shows once the looks have made it for
/// `showAfter` seconds in a row (the region stayed unread that long), a shown hint gives way to
/// another suggestion (or to none) only once that one has held for `switchAfter` seconds, and it
/// is withdrawn at once when a code is read, and when `withdrawAfterMisses` looks in a row found
/// no code-like region (the code left). Looks further apart than `staleAfter` seconds (scanning
/// paused) start afresh.
///
/// Pure: times are seconds on any monotonic clock; a value owned by the decode thread.
public struct LiveHintPolicy: Sendable, Equatable {
    /// The policy's tuning.
    public struct Settings: Sendable, Equatable {
        /// Seconds a suggestion must hold before it shows.
        public var showAfter: Double
        /// Seconds another suggestion must hold before it replaces (or withdraws) the one shown.
        public var switchAfter: Double
        /// Looks in a row without a code-like region that withdraw the hint.
        public var withdrawAfterMisses: Int
        /// Seconds between looks beyond which the policy starts afresh.
        public var staleAfter: Double
        /// Module width below which a region is too small, in pixels.
        public var minimumModule: Double
        /// Blur sigma below which a region counts as sharp whatever its modules, in pixels.
        public var sharpSigma: Double
        /// Blur sigma, in module widths, from which a region counts as blurred.
        public var blurredShare: Double
        /// Blur sigma from which a region counts as blurred whatever its modules, in pixels
        /// (blur that merges a code's narrow runs makes its modules look wider).
        public var blurredSigma: Double

        /// Saoma's: shown after a second unread, switched after one and a half, withdrawn after
        /// two empty looks; small below 1.8 px per module (2 px per module is read when sharp),
        /// blurred from a sigma of 1.3 px (a sharp code measures at most 1.1) and 0.3 module widths (QR codes stop reading from 0.4,
        /// and `RegionFocus` measures a little under the true blur) or from 3 px whatever the
        /// modules (`RegionFocus`'s module width grows with such blur).
        public static let standard = Settings(
            showAfter: 1, switchAfter: 1.5, withdrawAfterMisses: 2, staleAfter: 3, minimumModule: 1.8, sharpSigma: 1.3,
            blurredShare: 0.3, blurredSigma: 3)
    }

    public let settings: Settings
    /// The hint shown now.
    public private(set) var hint: LiveHint?
    /// The latest suggestion, and since when the looks have made it.
    private var suggested: LiveHint?
    private var suggestedSince: Double?
    /// Looks in a row without a code-like region.
    private var misses = 0
    /// When the last look was observed.
    private var lastTime: Double?

    public init(settings: Settings = .standard) {
        self.settings = settings
    }

    /// What a region measured as `focus` suggests on its own.
    public static func suggestion(for focus: RegionFocus, settings: Settings = .standard) -> LiveHint? {
        if focus.moduleWidth < settings.minimumModule { return .moveCloser }
        let sigma = focus.blurSigma
        if sigma >= settings.sharpSigma && (sigma >= settings.blurredShare * focus.moduleWidth || sigma >= settings.blurredSigma) {
            return .moveFurther
        }
        return nil
    }

    /// A look at `time`: it read a code (`read`), or left the code-like regions measured as
    /// `regions` unread, strongest first (empty: none; a `nil` focus: a region too flat to
    /// measure). Returns the hint to show.
    @discardableResult
    public mutating func observe(read: Bool, regions: [RegionFocus?], at time: Double) -> LiveHint? {
        if let lastTime, !(time - lastTime <= settings.staleAfter) { reset() }
        lastTime = time
        guard !read else {
            reset()
            lastTime = time
            return nil
        }
        guard let strongest = regions.first else {
            misses += 1
            if misses >= settings.withdrawAfterMisses {
                reset()
                lastTime = time
            }
            return hint
        }
        misses = 0
        let now = strongest.flatMap { Self.suggestion(for: $0, settings: settings) }
        if now != suggested || suggestedSince == nil {
            suggested = now
            suggestedSince = time
        }
        let held = time - (suggestedSince ?? time)
        if hint == nil {
            if now != nil && held >= settings.showAfter { hint = now }
        } else if now != hint && held >= settings.switchAfter {
            hint = now
        }
        return hint
    }

    /// Forgets everything: no hint (scanning paused or resumed, a code taken).
    public mutating func reset() {
        hint = nil
        suggested = nil
        suggestedSince = nil
        misses = 0
        lastTime = nil
    }
}
