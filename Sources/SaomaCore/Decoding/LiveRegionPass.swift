// SPDX-License-Identifier: GPL-3.0-or-later

/// A costly look at live frames, made only when the cheap look left code-like regions of the scan
/// frame unread (`LiveDecodeScheduler` says when): the stages it runs, whether the grey levels
/// are negated first (light codes on dark grounds), and whether it reads the regions or the whole
/// scan frame (a pass cheap on any scene: the detector may flag only part of a dense code).
public struct LiveRegionPass: Sendable, Equatable {
    /// What the pass is called in debug logs.
    public var name: String
    /// The engine stages run at each region.
    public var stages: [EngineStage]
    /// Whether the region is negated before the stages read it.
    public var negated: Bool
    /// Whether the stages read the whole scan frame once instead of each region.
    public var wholeFrame: Bool
    /// Whether each region is read from the camera's full-resolution pixels (only small regions of
    /// frames that have them: `FullResolutionRule`; others are skipped).
    public var fullResolution: Bool
    /// Whether the pass reads only the regions that look blurred (`RegionFocus`: readers fitted
    /// to a blur cost more than the others and find nothing at sharp edges).
    public var blurredOnly: Bool

    public init(
        name: String, stages: [EngineStage], negated: Bool = false, wholeFrame: Bool = false, fullResolution: Bool = false,
        blurredOnly: Bool = false
    ) {
        self.name = name
        self.stages = stages
        self.negated = negated
        self.wholeFrame = wholeFrame
        self.fullResolution = fullResolution
        self.blurredOnly = blurredOnly
    }
}
